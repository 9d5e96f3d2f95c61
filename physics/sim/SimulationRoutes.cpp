// SimulationEngine: run-time switches, routes and their interlocking, block brakes and stations
// (docs/trains-format.md, "Signals and protection"; docs/layout-format.md, "Routes" and "Drive sections").
// Throwing a switch during a run changes the simulation's switch states, never the file. A route sets and
// locks its switches and flank switches; a train entering it releases them one by one behind its tail. A
// brake holds the train on it while its block ahead is occupied; a station's brake stops every train and lets
// it go no sooner than its interval after the last one.
#include "physics/sim/SimulationEngine.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tl {

namespace {

constexpr double kPointsReach = 30.0;  // [m] a bogie this close to a switch's points stands on them
constexpr double kReleaseBehind = 5.0; // [m] a switch is released once the path to this far past it is clear
constexpr double kStandStill = 0.05;   // [m/s]

bool intersects(const TrackSpan& a, const TrackSpan& b) {
    return a.track == b.track && a.s0 <= b.s1 && b.s0 <= a.s1;
}

} // namespace

void SimulationEngine::prepareRoutes() {
    routes_.assign(layout_.routeList().size(), RouteState{});
    for (std::size_t k = 0; k < routes_.size(); ++k)
        routes_[k].released.assign(layout_.routeList()[k].sets.size(), 0);
    switchLocks_.assign(layout_.switches().size(), -1);
    driveStates_.assign(drives_.size(), DriveRunState{});
    brakeSignals_.assign(drives_.size(), -1);
    driveSpeeds_.clear();
    for (std::size_t k = 0; k < drives_.size(); ++k) {
        const TrackDrive& d = drives_[k];
        driveSpeeds_.push_back(d.speed);
        if (!d.brake) continue;
        const TrackPosition end{d.track, d.direction > 0 ? d.to : d.from, d.direction};
        for (const SignalAhead& a : signalsAhead(layout_, end, switchStates_, 1.0e6))
            if (layout_.signalList()[std::size_t(a.signal)].stops()) {
                brakeSignals_[k] = a.signal;
                break;
            }
    }
}

bool SimulationEngine::spansOccupied(const std::vector<TrackSpan>& spans) const {
    auto on = [&](const TrackPosition& p) {
        for (const TrackSpan& s : spans)
            if (s.holds(p.track, p.s)) return true;
        return false;
    };
    for (const auto& t : trains_)
        for (const Car& c : t->cars)
            for (const Bogie& b : c.bogies)
                if (on(b.position)) return true;
    for (const auto& v : vehicles_)
        if (on(v->position)) return true;
    return false;
}

bool SimulationEngine::pointsOccupied(int sw, std::string* who) const {
    const Switch& w = layout_.switches()[std::size_t(sw)];
    std::vector<TrackSpan> points;
    auto near = [&](const TrackEndIndex& e) {
        const double length = layout_.track(std::size_t(e.track)).length();
        points.push_back(e.end == TrackEnd::Start
                             ? TrackSpan{e.track, 0.0, std::min(kPointsReach, length)}
                             : TrackSpan{e.track, std::max(0.0, length - kPointsReach), length});
    };
    near(w.at);
    for (const TrackEndIndex& b : w.branches)
        near(b);
    // an axle counter sees the switch occupied with the block it lies in
    for (std::size_t k = 0; k < signals_.size(); ++k) {
        if (!signals_[k].occupied) continue;
        for (const TrackSpan& s : layout_.signalList()[k].block)
            if (s.holds(w.at.track, w.at.end == TrackEnd::Start
                                        ? 0.0
                                        : layout_.track(std::size_t(w.at.track)).length())) {
                if (who) *who = "its block (signal \"" + layout_.signalList()[k].id + "\") is occupied";
                return true;
            }
    }
    for (const auto& t : trains_)
        for (const Car& c : t->cars)
            for (const Bogie& b : c.bogies)
                for (const TrackSpan& s : points)
                    if (s.holds(b.position.track, b.position.s)) {
                        if (who) *who = "train \"" + t->spec.id + "\" stands on its points";
                        return true;
                    }
    return false;
}

void SimulationEngine::addThrowEvent(int sw, int state, int train) {
    const Switch& w = layout_.switches()[std::size_t(sw)];
    SignalEvent e;
    e.t = time_;
    e.kind = "throw";
    e.train = train;
    if (train >= 0) e.trainId = trains_[std::size_t(train)]->spec.id;
    e.track = w.at.track;
    e.trackId = layout_.track(std::size_t(w.at.track)).id();
    e.s = w.at.end == TrackEnd::Start ? 0.0 : layout_.track(std::size_t(w.at.track)).length();
    e.switchIndex = sw;
    e.switchId = w.id;
    e.state = state;
    e.message = "switch \"" + w.id + "\" thrown to branch " + std::to_string(state);
    telemetry_.addSignalEvent(e);
}

void SimulationEngine::addRouteEvent(int route, const char* what, int train) {
    const Route& r = layout_.routeList()[std::size_t(route)];
    const Signal& g = layout_.signalList()[std::size_t(r.from)];
    SignalEvent e;
    e.t = time_;
    e.kind = "route";
    e.train = train;
    if (train >= 0) e.trainId = trains_[std::size_t(train)]->spec.id;
    e.track = g.track;
    e.trackId = layout_.track(std::size_t(g.track)).id();
    e.s = g.s;
    e.signal = r.from;
    e.signalId = g.id;
    e.routeId = r.id;
    e.aspect = what;
    e.message = std::string("route \"") + r.id + "\" " + what;
    telemetry_.addSignalEvent(e);
}

void SimulationEngine::addRefusal(int train, const char* kind, const std::string& why) {
    SignalEvent e;
    e.t = time_;
    e.kind = kind;
    e.train = train;
    e.trainId = trains_[std::size_t(train)]->spec.id;
    const TrackPosition head = trainHead(*trains_[std::size_t(train)]);
    e.track = head.track;
    e.trackId = layout_.track(std::size_t(head.track)).id();
    e.s = head.s;
    e.aspect = "refused";
    e.message = "train \"" + e.trainId + "\"'s schedule: refused, " + why;
    telemetry_.addSignalEvent(e);
}

std::string SimulationEngine::throwSwitch(int sw, int state, int train) {
    if (sw < 0 || std::size_t(sw) >= layout_.switches().size()) return "no such switch";
    const Switch& w = layout_.switches()[std::size_t(sw)];
    if (state < 0 || std::size_t(state) >= w.branches.size())
        return "switch \"" + w.id + "\" has no branch " + std::to_string(state);
    if (switchStates_[std::size_t(sw)] == state) return {};
    if (const int r = switchLocks_[std::size_t(sw)]; r >= 0)
        return "switch \"" + w.id + "\" is locked by route \"" + layout_.routeList()[std::size_t(r)].id +
               "\"";
    std::string who;
    if (pointsOccupied(sw, &who)) return "switch \"" + w.id + "\" cannot move: " + who;
    switchStates_[std::size_t(sw)] = state;
    addThrowEvent(sw, state, train);
    if (!signals_.empty()) updateAspects(true);
    return {};
}

std::string SimulationEngine::requestRoute(int k, int train) {
    const std::vector<Route>& routes = layout_.routeList();
    if (k < 0 || std::size_t(k) >= routes.size()) return "no such route";
    const Route& r = routes[std::size_t(k)];
    if (routes_[std::size_t(k)].set) return {};
    for (std::size_t o = 0; o < routes.size(); ++o) {
        if (!routes_[o].set) continue;
        for (const TrackSpan& a : r.path)
            for (const TrackSpan& b : routes[o].path)
                if (intersects(a, b))
                    return "route \"" + r.id + "\" conflicts with route \"" + routes[o].id +
                           "\", which is set";
    }
    std::vector<std::pair<int, int>> locks = r.sets;
    locks.insert(locks.end(), r.flank.begin(), r.flank.end());
    for (const auto& [w, state] : locks) {
        const int by = switchLocks_[std::size_t(w)];
        if (by >= 0 && (by != k))
            if (switchStates_[std::size_t(w)] != state || true)
                return "switch \"" + layout_.switches()[std::size_t(w)].id + "\" is locked by route \"" +
                       routes[std::size_t(by)].id + "\"";
    }
    if (spansOccupied(r.path)) return "route \"" + r.id + "\" is occupied";
    for (const auto& [w, state] : locks) {
        if (switchStates_[std::size_t(w)] == state) continue;
        std::string who;
        if (pointsOccupied(w, &who))
            return "switch \"" + layout_.switches()[std::size_t(w)].id + "\" cannot move: " + who;
    }
    for (const auto& [w, state] : locks) {
        if (switchStates_[std::size_t(w)] != state) {
            switchStates_[std::size_t(w)] = state;
            addThrowEvent(w, state, train);
        }
        switchLocks_[std::size_t(w)] = k;
    }
    RouteState& st = routes_[std::size_t(k)];
    st = RouteState{};
    st.set = true;
    st.released.assign(r.sets.size(), 0);
    addRouteEvent(k, "set", train);
    updateAspects(true);
    return {};
}

void SimulationEngine::stageRoutes() {
    const std::vector<Route>& routes = layout_.routeList();
    for (std::size_t k = 0; k < routes.size(); ++k) {
        RouteState& st = routes_[k];
        if (!st.set) continue;
        const Route& r = routes[k];
        if (!st.entered) {
            // a train enters the route when its head has passed the entry signal: a bogie on the path
            for (std::size_t t = 0; t < trains_.size() && !st.entered; ++t)
                for (const Car& c : trains_[t]->cars)
                    for (const Bogie& b : c.bogies)
                        for (const TrackSpan& s : r.path)
                            if (s.holds(b.position.track, b.position.s)) {
                                st.entered = true;
                                st.train = int(t);
                            }
            continue;
        }
        // released behind the tail: the path from the entry to just past the switch clear
        bool all = true;
        for (std::size_t i = 0; i < r.sets.size(); ++i) {
            if (st.released[i]) continue;
            std::vector<TrackSpan> before;
            double left = r.at[i] + kReleaseBehind, base = 0;
            for (const TrackSpan& s : r.path) {
                const double length = s.s1 - s.s0;
                if (left <= 0) break;
                before.push_back(s); // (whole spans: a little more than needed on the switch's track)
                left -= length;
                base += length;
            }
            if (spansOccupied(before)) {
                all = false;
                continue;
            }
            st.released[i] = 1;
            if (switchLocks_[std::size_t(r.sets[i].first)] == int(k))
                switchLocks_[std::size_t(r.sets[i].first)] = -1;
        }
        if (all && !spansOccupied(r.path)) {
            for (const auto& [w, state] : r.flank)
                if (switchLocks_[std::size_t(w)] == int(k)) switchLocks_[std::size_t(w)] = -1;
            for (const auto& [w, state] : r.sets)
                if (switchLocks_[std::size_t(w)] == int(k)) switchLocks_[std::size_t(w)] = -1;
            const int train = st.train;
            st = RouteState{};
            st.released.assign(r.sets.size(), 0);
            addRouteEvent(int(k), "released", train < int(trains_.size()) ? train : -1);
        }
    }
}

void SimulationEngine::stageBrakes() {
    for (std::size_t k = 0; k < drives_.size(); ++k) {
        TrackDrive& d = drives_[k];
        if (!d.brake) continue;
        DriveRunState& st = driveStates_[k];
        const TrackSpan section{d.track, d.from, d.to};
        bool occupied = false, standing = true;
        int train = -1;
        for (std::size_t t = 0; t < trains_.size(); ++t)
            for (const Car& c : trains_[t]->cars)
                for (const Bogie& b : c.bogies)
                    if (section.holds(b.position.track, b.position.s)) {
                        occupied = true;
                        train = int(t);
                        if (std::abs(b.speed()) > kStandStill) standing = false;
                    }
        const bool blockAhead =
            brakeSignals_[k] >= 0 && signals_[std::size_t(brakeSignals_[k])].aspect == Aspect::Stop;
        if (!occupied) {
            st.stood = false;
            st.leaving = false;
        }
        bool held = false;
        if (!st.leaving) {
            if (occupied && standing && st.held) st.stood = true;
            held = blockAhead || (d.dispatchInterval > 0 && occupied &&
                                  (!st.stood || time_ - st.lastDispatch < d.dispatchInterval));
            if (st.held && !held && occupied) { // let go: the train leaves, the brake waits till it has
                st.leaving = true;
                if (d.dispatchInterval > 0) st.lastDispatch = time_;
                {
                    SignalEvent e;
                    e.t = time_;
                    e.kind = "dispatch";
                    e.train = train;
                    if (train >= 0) e.trainId = trains_[std::size_t(train)]->spec.id;
                    e.track = d.track;
                    e.trackId = layout_.track(std::size_t(d.track)).id();
                    e.s = d.direction > 0 ? d.to : d.from;
                    if (brakeSignals_[k] >= 0) {
                        e.signal = brakeSignals_[k];
                        e.signalId = layout_.signalList()[std::size_t(e.signal)].id;
                    }
                    e.message = (d.dispatchInterval > 0 ? "station \"" : "block brake \"") + d.id +
                                "\" lets train \"" + e.trainId + "\" go";
                    telemetry_.addSignalEvent(e);
                }
            }
        }
        st.occupied = occupied;
        st.held = held;
        d.speed = held ? 0.0 : driveSpeeds_[k];
    }
}

} // namespace tl
