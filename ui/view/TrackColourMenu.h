#pragma once
// View > Track Colour: one checkable action per overlay of the track (render/track/TrackColouring.h) --
// natural, curvature, bank, cant deficiency at the twist editor's speed, the speed and rider g estimated
// while building (without a run), the peak Y/Q of the run shown and the Checks dock's derailment-risk map --
// each with the id "trackColour:<name>" (tests, tracklab --track-colour).
#include "render/track/TrackColouring.h"

#include <QObject>
#include <QString>

#include <memory>

class QAction;
class QDockWidget;
class QMenu;
class QStatusBar;

namespace tl::render {
class LayoutScene;
}

namespace tl::ui {

class ChecksPanel;
class Document;
class OsgViewWidget;
class SimulationController;
class TwistEditor;

class TrackColourMenu : public QObject {
    Q_OBJECT
public:
    // Adds the "Track Colour" submenu to `view`.
    TrackColourMenu(QMenu* view, Document* doc, render::LayoutScene* scene, OsgViewWidget* glView,
                    TwistEditor* twist, SimulationController* sim, ChecksPanel* checks,
                    QDockWidget* checksDock, QStatusBar* status, QObject* parent = nullptr);

    // The track coloured by the highest Y/Q over its Nadal limit the shown run's history saw at each place.
    void colourByPeakYQ();
    // The track coloured by an estimate (render::TrackOverlay::Estimated*): the design-rule checks' places
    // (core/checks/PlaceSamples.h) with the Checks dock's profile -- its speed model (energy from the
    // drives and the crest speed on a coaster, line speeds on a railway) and its rider height -- made
    // again whenever the checks are.
    void colourByEstimate(render::TrackOverlay kind);
    // While an estimate colours the track: what it says at (track, s), e.g. "estimated 54.0 km/h, vertical
    // 2.10 g, lateral -0.05 g" ("measured ..." in measured mode); empty otherwise.
    QString estimateAt(int track, double s) const;
    // Measured mode (View > Track Colour > Measured in the Run): the speed and g colourings show what the
    // shown run measured instead of the estimate -- per metre of track, the fastest speed, the vertical g
    // farthest from 1 g and the largest lateral g any car's rider felt there (the GUI's history of the run,
    // ui/sim/TelemetryHistory.h) -- made again whenever the run pauses or another run is shown.
    void setMeasured(bool measured);
    bool measured() const { return m_measured; }

private:
    struct Estimates { // per quantity, as shown: speed in the user's unit, rider g in g
        std::shared_ptr<const render::SampledValues> speed, vertical, lateral;
    };
    Estimates estimate() const;
    Estimates measure() const; // the shown run's, binned per metre
    bool showsEstimate() const;

    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    SimulationController* m_sim;
    ChecksPanel* m_checks;
    TwistEditor* m_twist;
    Estimates m_estimates; // while an estimate colours the track
    bool m_measured = false;
    QAction* m_measuredAction = nullptr;
};

} // namespace tl::ui
