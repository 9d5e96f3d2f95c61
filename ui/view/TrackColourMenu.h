#pragma once
// View > Track Colour: one checkable action per overlay of the track (render/track/TrackColouring.h) --
// natural, curvature, bank, cant deficiency at the twist editor's speed, the peak Y/Q of the run shown and
// the Checks dock's derailment-risk map -- each with the id "trackColour:<name>" (tests, tracklab
// --track-colour).
#include <QObject>

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

private:
    Document* m_doc;
    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    SimulationController* m_sim;
};

} // namespace tl::ui
