#pragma once
// View > Track Colour: one checkable action per overlay of the track (render/track/TrackColouring.h) --
// natural, curvature, bank, cant deficiency at the twist editor's speed, the speed and rider g estimated
// while building (without a run), the peak Y/Q of the run shown and the Checks dock's derailment-risk map --
// each with the id "trackColour:<name>" (tests, tracklab --track-colour).
#include "render/track/TrackColouring.h"

#include <QObject>
#include <QString>

#include <memory>

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
    // 2.10 g, lateral -0.05 g"; empty otherwise.
    QString estimateAt(int track, double s) const;

private:
    struct Estimates { // per quantity, as shown: speed in the user's unit, rider g in g
        std::shared_ptr<const render::SampledValues> speed, vertical, lateral;
    };
    Estimates estimate() const;
    bool showsEstimate() const;

    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    SimulationController* m_sim;
    ChecksPanel* m_checks;
    Estimates m_estimates; // while an estimate colours the track
};

} // namespace tl::ui
