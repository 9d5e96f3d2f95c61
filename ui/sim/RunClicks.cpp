#include "ui/sim/RunClicks.h"

#include "render/scene/LayoutScene.h"
#include "ui/sim/SimulationController.h"
#include "ui/tools/ScreenPick.h"
#include "ui/view/OsgViewWidget.h"

namespace tl::ui {

namespace {
constexpr double kPickPx = 8.0; // a click this close to a switch's points or a drawn signal is on it
} // namespace

RunClicks::RunClicks(render::LayoutScene* scene, OsgViewWidget* view, SimulationController* sim,
                     QObject* parent)
    : QObject(parent), m_scene(scene), m_view(view), m_sim(sim) {}

bool RunClicks::click(const QPointF& pos) {
    if (!m_sim->isUnderWay() || !m_sim->shown() || !m_scene->layout()) return false;
    // what is drawn (the document's last valid layout), found in the run by id: the run shown may have been
    // made before an edit
    if (const int w = pickSwitchOnScreen(*m_scene->layout(), *m_view, pos, kPickPx); w >= 0)
        return throwSwitchAt(w);
    if (const int g = pickSignalOnScreen(m_scene->signalNodes(), *m_view, pos, kPickPx); g >= 0)
        return setRouteFrom(g);
    return false;
}

bool RunClicks::throwSwitchAt(int drawnSwitch) {
    const Simulation& shown = *m_sim->shown();
    const std::string id = m_scene->layout()->spec().switches[std::size_t(drawnSwitch)].id;
    const QString name = QString::fromStdString(id);
    const int w = shown.layout().switchIndex(id);
    if (w < 0) {
        emit status(
            tr("Switch %1 is not in the run shown (it was made before the switch was added)").arg(name));
        return true;
    }
    const Switch& sw = shown.layout().switches()[std::size_t(w)];
    const SwitchStates states = shown.view().switchStates();
    const int now = std::size_t(w) < states.size() ? states[std::size_t(w)] : sw.initialState;
    const int next = (now + 1) % int(sw.branches.size());
    if (const QString why = m_sim->throwSwitch(w, next); !why.isEmpty()) {
        emit status(tr("Switch %1 not thrown: %2").arg(name, why));
        return true;
    }
    const std::string& branch = shown.layout().track(std::size_t(sw.branches[std::size_t(next)].track)).id();
    emit status(tr("Switch %1 thrown to branch %2 (%3) at t = %4 s -- in this run only, the layout keeps its "
                   "setting")
                    .arg(name)
                    .arg(next)
                    .arg(QString::fromStdString(branch))
                    .arg(m_sim->shownTime(), 0, 'f', 2));
    return true;
}

bool RunClicks::setRouteFrom(int drawnSignal) {
    const Simulation& shown = *m_sim->shown();
    const std::string id = m_scene->layout()->signalList()[std::size_t(drawnSignal)].id;
    const int g = shown.layout().signalIndex(id);
    if (g < 0) return false;
    // the routes from this signal: the first one not set yet (every one set: the first)
    const std::vector<Route>& routes = shown.layout().routeList();
    const std::vector<bool> set = shown.view().routesSet();
    int first = -1, unset = -1;
    for (std::size_t k = 0; k < routes.size(); ++k) {
        if (routes[k].from != g) continue;
        if (first < 0) first = int(k);
        if (unset < 0 && !(k < set.size() && set[k])) unset = int(k);
    }
    if (first < 0) return false; // no route starts here: the click is the editor's
    const int route = unset >= 0 ? unset : first;
    const QString name = QString::fromStdString(routes[std::size_t(route)].id);
    if (std::size_t(route) < set.size() && set[std::size_t(route)]) {
        emit status(tr("Route %1 from signal %2 is set already").arg(name, QString::fromStdString(id)));
        return true;
    }
    if (const QString why = m_sim->requestRoute(route); !why.isEmpty()) {
        emit status(tr("Route %1 not set: %2").arg(name, why));
        return true;
    }
    const Signal& exit = shown.layout().signalList()[std::size_t(routes[std::size_t(route)].to)];
    emit status(tr("Route %1 set from signal %2 to %3 at t = %4 s: its switches are locked until a train has "
                   "passed")
                    .arg(name, QString::fromStdString(id), QString::fromStdString(exit.id))
                    .arg(m_sim->shownTime(), 0, 'f', 2));
    return true;
}

} // namespace tl::ui
