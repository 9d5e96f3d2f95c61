// SimulationEngine::stageSignals and what it needs: the signals' blocks watched as axle counters would,
// their aspects, each train's signal ahead, train protection's braking curve (physics/signal/Protection.h)
// and the autopilot (physics/signal/Autopilot.h). docs/layout-format.md, "Signals";
// docs/trains-format.md, "Signals and protection". Part of the contact stage, before the units step: it sets
// the inputs the drive stage applies (effectiveInputs).
#include "physics/signal/Autopilot.h"
#include "physics/signal/Protection.h"
#include "physics/sim/SimulationEngine.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tl {

namespace {

constexpr double kStand = 0.05;       // [m/s] a train slower than this stands
constexpr double kCreep = 0.01;       // [m/s] protection ignores a train slower than this
constexpr double kReachMin = 3000.0;  // [m] how far ahead a train looks for signals, at least
constexpr double kReachMax = 20000.0; // [m] ... at most
constexpr double kRouteReach = 1.0e7; // [m] a signal's next stop signal: as far as the route goes
constexpr double kOnSignal = 1e-9;    // [m]

// The train's leading bogie in its direction of travel (the driver's direction: +1 the head car's front),
// and where it is, facing the travel.
struct Head {
    int car = -1, bogie = -1;
    const Car* carRef = nullptr;
    const Bogie* bogieRef = nullptr;
    TrackPosition at;
    // its speed towards the travel [m/s] (a bogie's speed is not free: asked for only where it is needed)
    double speed(const Train& t) const { return bogieRef->speed() * carRef->facing * t.drive.direction; }
};

Head headOf(const Train& t) {
    Head h;
    const int d = t.drive.direction;
    h.car = d > 0 ? 0 : int(t.cars.size()) - 1;
    h.carRef = &t.cars[std::size_t(h.car)];
    const bool front = h.carRef->facing * d > 0; // the car's own front leads
    h.bogie = front ? 0 : int(h.carRef->bogies.size()) - 1;
    h.bogieRef = &h.carRef->bogies[std::size_t(h.bogie)];
    const TrackPosition& p = h.bogieRef->position;
    h.at = TrackPosition{p.track, p.s, p.direction * h.carRef->facing * d};
    return h;
}

std::string fixed(double v, int digits) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(digits);
    o << v;
    return o.str();
}

} // namespace

TrackPosition SimulationEngine::trainHead(const Train& t) const {
    return headOf(t).at;
}

double SimulationEngine::trainBraking(const Train& t) const {
    double force = 0, mass = 0;
    for (const Car& c : t.cars) {
        force += c.stock.brakeForce;
        mass += c.stock.totalMass();
    }
    return mass > 0 ? force / mass : 0.0;
}

DriveInputs SimulationEngine::effectiveInputs(const Train& t) const {
    if (t.signalling.intervening || t.signalling.holding >= 0)
        return DriveInputs{0.0, 1.0, t.drive.direction};
    if (t.spec.autopilot) return t.signalling.autopilot;
    return t.drive;
}

void SimulationEngine::prepareSignals() {
    const std::vector<Signal>& signals = layout_.signalList();
    signals_.assign(signals.size(), SignalState{});
    blockSpans_.assign(layout_.trackCount(), {});
    for (std::size_t k = 0; k < signals.size(); ++k)
        for (const TrackSpan& s : signals[k].block)
            blockSpans_[std::size_t(s.track)].emplace_back(int(k), s);
    signalNext_.clear();
    signalNextStates_.clear();
    lineSpeeds_ = lineSpeeds(layout_);
    prepareRoutes();
    updateAspects(false);
}

void SimulationEngine::updateAspects(bool record) {
    const std::vector<Signal>& signals = layout_.signalList();
    if (signals.empty()) return;
    // occupancy: any bogie (or single vehicle) on a block, railed or not (an axle counter does not see a
    // derailment: the wreck's bogies stay counted where they left the track)
    std::vector<char> occupied(signals.size(), 0);
    auto count = [&](const TrackPosition& p) {
        if (p.track < 0 || std::size_t(p.track) >= blockSpans_.size()) return;
        for (const auto& [k, span] : blockSpans_[std::size_t(p.track)])
            if (span.holds(p.track, p.s)) occupied[std::size_t(k)] = 1;
    };
    for (const auto& t : trains_)
        for (const Car& c : t->cars)
            for (const Bogie& b : c.bogies)
                count(b.position);
    for (const auto& v : vehicles_)
        count(v->position);
    // the next stop signal (a distant: the next home signal) along the route as the switches are set
    if (signalNext_.size() != signals.size() || signalNextStates_ != switchStates_) {
        signalNext_.assign(signals.size(), -1);
        for (std::size_t k = 0; k < signals.size(); ++k) {
            const Signal& g = signals[k];
            for (const SignalAhead& a : signalsAhead(layout_, TrackPosition{g.track, g.s, g.direction},
                                                     switchStates_, kRouteReach)) {
                const Signal& n = signals[std::size_t(a.signal)];
                if (a.signal == int(k) || !n.stops() || (!g.stops() && n.kind != SignalKind::Home)) continue;
                signalNext_[k] = a.signal;
                break;
            }
        }
        signalNextStates_ = switchStates_;
    }
    std::vector<Aspect> aspect(signals.size(), Aspect::Clear);
    for (std::size_t k = 0; k < signals.size(); ++k)
        if (signals[k].stops() && occupied[k]) aspect[k] = Aspect::Stop;
    // a signal some route starts at shows stop unless one of its routes is set and no train has entered it
    const std::vector<Route>& routes = layout_.routeList();
    for (std::size_t r = 0; r < routes.size(); ++r) {
        const std::size_t k = std::size_t(routes[r].from);
        bool open = false;
        for (std::size_t o = 0; o < routes.size(); ++o)
            if (std::size_t(routes[o].from) == k && routes_[o].set && !routes_[o].entered) open = true;
        if (!open) aspect[k] = Aspect::Stop;
    }
    for (std::size_t k = 0; k < signals.size(); ++k) {
        if (aspect[k] == Aspect::Stop) continue;
        const int n = signalNext_[k];
        // the line ends ahead (a buffer stop, an open end): caution, the train will have to stop
        if (n < 0 || aspect[std::size_t(n)] == Aspect::Stop) aspect[k] = Aspect::Caution;
    }
    for (std::size_t k = 0; k < signals.size(); ++k) {
        SignalState& st = signals_[k];
        st.occupied = occupied[k] != 0;
        if (st.aspect == aspect[k]) continue;
        st.aspect = aspect[k];
        if (!record) continue;
        SignalEvent e;
        e.t = time_;
        e.track = signals[k].track;
        e.trackId = layout_.track(std::size_t(e.track)).id();
        e.s = signals[k].s;
        e.kind = "aspect";
        e.signal = int(k);
        e.signalId = signals[k].id;
        e.aspect = aspectName(aspect[k]);
        e.message = "signal \"" + e.signalId + "\" shows " + e.aspect;
        telemetry_.addSignalEvent(e);
    }
}

void SimulationEngine::moveHead(int ti) {
    Train& t = *trains_[std::size_t(ti)];
    TrainSignalState& S = t.signalling;
    const Head hb = headOf(t);
    const TrackPosition& head = hb.at;
    const std::vector<Signal>& signals = layout_.signalList();
    // the head's way since the last step: distance, and the signal it was heading for passed (at stop: a
    // SPAD)
    if (S.placed && !t.derailed) {
        const bool sameWay = head.direction == S.head.direction;
        const double moved = sameWay && head.track == S.head.track ? std::abs(head.s - S.head.s)
                                                                   : std::abs(hb.speed(t)) * options_.dt;
        S.distance += moved;
        if (sameWay && S.signal >= 0 && S.signalDistance <= moved + kOnSignal && moved > 0) {
            const Signal& g = signals[std::size_t(S.signal)];
            if (g.stops() && signals_[std::size_t(S.signal)].aspect == Aspect::Stop) {
                const double v = hb.speed(t);
                SignalEvent e;
                static_cast<EventPlace&>(e) = eventPlace(time_, ti, hb.car, hb.bogie, *hb.bogieRef, v);
                e.kind = "spad";
                e.signal = S.signal;
                e.signalId = g.id;
                e.aspect = aspectName(Aspect::Stop);
                e.message = "train \"" + t.spec.id + "\" passed signal \"" + g.id + "\" at stop at " +
                            fixed(std::abs(v) * 3.6, 1) + " km/h (SPAD)" +
                            (t.spec.protection ? ": protection brakes it in full" : "");
                telemetry_.addSignalEvent(e);
                // protection trips the train: it brakes in full until it stands (superviseTrain)
                if (t.spec.protection) S.tripped = S.signal;
            }
        }
    }
    S.head = head;
    S.placed = true;
}

void SimulationEngine::superviseTrain(int ti) {
    Train& t = *trains_[std::size_t(ti)];
    TrainSignalState& S = t.signalling;
    const Head hb = headOf(t);
    const Bogie& bogie = *hb.bogieRef;
    const TrackPosition& head = hb.at;
    const double v = hb.speed(t); // towards its travel [m/s]
    const std::vector<Signal>& signals = layout_.signalList();
    S.signal = -1;
    S.target = -1;
    S.permitted = -1.0;
    if (t.derailed) {
        S.intervening = false;
        S.tripped = -1;
        S.holding = -1;
        return;
    }
    const double braking = trainBraking(t);
    if (t.spec.autopilot) requestRouteAhead(ti, head, v, braking);
    if (!signals.empty()) {
        const double service = std::max(Autopilot::kServiceShare * braking, 0.05);
        const double reach = std::clamp(1.5 * v * v / (2.0 * service) + 500.0, kReachMin, kReachMax);
        for (const SignalAhead& a : signalsAhead(layout_, head, switchStates_, reach)) {
            const Signal& g = signals[std::size_t(a.signal)];
            if (S.signal < 0) {
                S.signal = a.signal;
                S.signalDistance = a.distance;
                S.aspect = signals_[std::size_t(a.signal)].aspect;
            }
            if (g.stops() && signals_[std::size_t(a.signal)].aspect == Aspect::Stop) {
                S.target = a.signal;
                S.targetDistance = a.distance;
                break;
            }
        }
    }
    if (S.tripped >= 0) S.intervening = true; // a SPAD (moveHead): no curve needed to brake in full
    if (t.spec.protection && S.target >= 0) {
        const TwistedFrame F = layout_.frameInWorld(std::size_t(head.track), head.s);
        const double sinGrade = F.F.T.z() * head.direction; // uphill along the travel > 0
        const ProtectionCurve curve = protectionCurve(braking, sinGrade, options_.gravity);
        S.permitted = curve.supervised(S.targetDistance, signals[std::size_t(S.target)].overlap,
                                       t.spec.releaseSpeed, v, options_.dt);
        if (!S.intervening && S.holding < 0 && v > S.permitted && v > kCreep) {
            S.intervening = true;
            SignalEvent e;
            static_cast<EventPlace&>(e) = eventPlace(time_, ti, hb.car, hb.bogie, bogie, v);
            e.kind = "protection";
            e.signal = S.target;
            e.signalId = signals[std::size_t(S.target)].id;
            e.aspect = aspectName(Aspect::Stop);
            e.permitted = S.permitted;
            e.distance = S.targetDistance;
            e.message = "protection brakes train \"" + t.spec.id + "\" in full: " + fixed(v * 3.6, 1) +
                        " km/h over the permitted " + fixed(S.permitted * 3.6, 1) + " km/h, " +
                        fixed(S.targetDistance, 1) + " m before signal \"" + e.signalId + "\" at stop";
            telemetry_.addSignalEvent(e);
        }
    }
    // protection stops braking in full once the train stands -- then it holds the brakes while the signal it
    // stopped before shows stop -- or once no signal ahead shows stop; a train it tripped (a SPAD) it brakes
    // in full until it stands, then holds it while the signal it passed shows stop
    if (S.intervening && S.target < 0 && S.tripped < 0) S.intervening = false;
    if (S.intervening && std::abs(v) < kStand) {
        S.intervening = false;
        S.holding = S.tripped >= 0 ? S.tripped : S.target;
        S.tripped = -1;
    }
    if (S.holding >= 0 && signals_[std::size_t(S.holding)].aspect != Aspect::Stop) S.holding = -1;
    if (t.spec.autopilot) {
        AutopilotView a;
        a.speed = v;
        a.braking = braking;
        for (const Car& c : t.cars) // every motor drives to throttle x its maxSpeed: the slowest one's
            if (c.stock.traction && c.stock.traction->maxSpeed > 0)
                a.tractionSpeed = a.tractionSpeed > 0 ? std::min(a.tractionSpeed, c.stock.traction->maxSpeed)
                                                      : c.stock.traction->maxSpeed;
        const LineSpeedAhead line = lineSpeedAhead(layout_, lineSpeeds_, switchStates_, head, kReachMin);
        a.lineSpeed = line.current.value_or(0.0);
        if (line.next) {
            a.nextLineSpeed = *line.next;
            a.nextLineDistance = line.distance;
        }
        if (S.target >= 0) a.stopDistance = S.targetDistance;
        // the permissible speeds in curves, under the train and ahead at its service rate
        const PermissibleLimits p =
            permissibleLimits(t, head, Autopilot::kServiceShare * braking,
                              a.lineSpeed > 0 ? a.lineSpeed : Autopilot::kNoSignSpeed);
        a.permissible = p.here;
        a.permissibleAhead = p.ahead;
        S.autopilot = Autopilot::inputs(a, t.drive.direction);
    }
}

void SimulationEngine::stageSignals() {
    // the heads first: a head that passed a signal is judged by the aspect it showed before the head entered
    // its block
    for (int t = 0; t < trainCount(); ++t)
        moveHead(t);
    const bool signals = !layout_.signalList().empty();
    if (!routes_.empty()) stageRoutes();
    if (signals) updateAspects(true);
    for (int t = 0; t < trainCount(); ++t) {
        const Train& tr = *trains_[std::size_t(t)];
        if (signals || tr.spec.autopilot) superviseTrain(t);
    }
    if (!driveStates_.empty()) stageBrakes();
}

void SimulationEngine::requestRouteAhead(int ti, const TrackPosition& head, double v, double braking) {
    // the next signal ahead a route starts at, within reach: unless one of its routes is set, the first route
    // from it whose switches already lie as it says (the way the train runs as the switches are set, e.g.
    // after its schedule threw them), else the first route from it
    const std::vector<Route>& routes = layout_.routeList();
    if (routes.empty()) return;
    const double service = std::max(Autopilot::kServiceShare * braking, 0.05);
    const double reach = std::clamp(1.5 * v * v / (2.0 * service) + 500.0, kReachMin, kReachMax);
    for (const SignalAhead& a : signalsAhead(layout_, head, switchStates_, reach)) {
        int first = -1, lying = -1;
        bool set = false;
        for (std::size_t r = 0; r < routes.size(); ++r)
            if (routes[r].from == a.signal) {
                if (first < 0) first = int(r);
                set = set || (routes_[r].set && !routes_[r].entered);
                const bool lies =
                    std::all_of(routes[r].sets.begin(), routes[r].sets.end(), [&](const auto& w) {
                        return switchStates_[std::size_t(w.first)] == w.second;
                    });
                if (lying < 0 && lies) lying = int(r);
            }
        if (first < 0) continue;
        // refused: it waits at the signal and asks again next step
        if (!set) requestRoute(lying >= 0 ? lying : first, ti);
        return;
    }
}

} // namespace tl
