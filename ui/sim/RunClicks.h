#pragma once
// Clicks in the 3D view that act on the run rather than on the layout (docs/user-guide.md, "Switches and
// routes during a run"). While a run is under way (SimulationController::isUnderWay: running, paused after
// t = 0, or replayed), a click on a switch's points throws it to its next branch in the run shown, and a
// click on a signal that is the entry of a route sets that route (its first one not set yet) -- through
// SimulationController::throwSwitch / requestRoute, so the run records them and a replay or a fork repeats
// them; the file is never changed. The status bar says what was done, or why the run refused it (a switch
// locked by a route or occupied, a route conflicting with one set). Before a run (t = 0) these clicks are
// the editor's (a click on a switch's points toggles it in the layout: ui/tools/DesignTools.h).
#include <QObject>
#include <QPointF>
#include <QString>

namespace tl::render {
class LayoutScene;
}

namespace tl::ui {

class OsgViewWidget;
class SimulationController;

class RunClicks : public QObject {
    Q_OBJECT
public:
    RunClicks(render::LayoutScene* scene, OsgViewWidget* view, SimulationController* sim,
              QObject* parent = nullptr);

    // A left click at widget position `pos` (Qt coordinates): true when it was the run's -- a run is under
    // way and the click was on a switch's points or on a route's entry signal (then status() says what
    // happened); false leaves it to the editor.
    bool click(const QPointF& pos);

signals:
    void status(const QString& message);

private:
    bool throwSwitchAt(int drawnSwitch);
    bool setRouteFrom(int drawnSignal);

    render::LayoutScene* m_scene;
    OsgViewWidget* m_view;
    SimulationController* m_sim;
};

} // namespace tl::ui
