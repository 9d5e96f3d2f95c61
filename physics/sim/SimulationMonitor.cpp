// Simulation, monitoring: finiteness of every body after the solve, the derailment monitor of every railed
// bogie (Derailment.h) with its honest channels -- Y/Q only while the bogie carries load, the wheel
// unloading ratio ΔQ/Q -- and their episodes (one WheelEvent each, Episode.h), and the derailment itself.
#include "physics/joint/BulletEigen.h"
#include "physics/monitor/Episode.h"
#include "physics/sim/ContactKeys.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tl {

// ", in contact with train "B" since t = ... s (closing at ... m/s)" when train t touches another (a buffer
// or a body contact: what blew up may be the contact), else "".
std::string SimulationEngine::inContact(int t) const {
    bool found = false;
    int other = 0, event = -1; // other: a train, or a single vehicle (contact::vehicleParty)
    for (const BufferContactState& c : contacts_)
        if (!found && (c.trainA == t || c.trainB == t))
            found = true, other = c.trainA == t ? c.trainB : c.trainA, event = c.event;
    for (const BodyContactState& c : bodyContacts_)
        if (!found && (c.trainA == t || c.trainB == t))
            found = true, other = c.trainA == t ? c.trainB : c.trainA, event = c.event;
    if (!found) return "";
    std::ostringstream o;
    if (other < 0)
        o << ", in contact with vehicle \""
          << vehicles_[std::size_t(contact::vehicleOf(other, vehicleCount()))]->spec.id << "\"";
    else
        o << ", in contact with train \"" << trains_[std::size_t(other)]->spec.id << "\"";
    if (const auto& events = telemetry_.collisions(); event >= 0 && std::size_t(event) < events.size())
        o << " since t = " << events[std::size_t(event)].t << " s (closing at "
          << events[std::size_t(event)].closingSpeed << " m/s)";
    return o.str();
}

void SimulationEngine::stageCheck(const StepPart& p, const StepUnit& u) const {
    auto fail = [&](const std::string& who) {
        std::ostringstream msg;
        msg << "simulation stopped at t = " << p.t << " s: " << who
            << " has a non-finite state (position, velocity or constraint force)";
        throw SimulationError(msg.str());
    };
    if (u.vehicles)
        for (const auto& v : vehicles_)
            if (!v->finite()) fail("vehicle \"" + v->spec.id + "\"");
    for (int t = u.firstTrain; t < u.endTrain; ++t) {
        const Train* tr = trains_[std::size_t(t)].get();
        for (std::size_t c = 0; c < tr->cars.size(); ++c) {
            bool ok = bodyFinite(*tr->cars[c].body);
            for (const auto& b : tr->cars[c].bogies)
                ok = ok && b.finite();
            if (!ok) fail("train \"" + tr->spec.id + "\" car " + std::to_string(c + 1) + inContact(t));
        }
    }
}

// The wheel-rail state of one bogie from its row forces: Q = f2 (both wheelsets), Y = f1, the roll moment
// t3 = f3 about the rail-level anchor. The lighter wheel (rail side) carries Q/2 - |t3|/b of its static
// Q0/2: ΔQ/Q = 1 - (Q - 2|t3|/b)/Q0 (clamped wheels may pull: its load is taken as 0 then, ΔQ/Q <= 1).
// Y/Q is defined while Q is above a fraction of Q0; an unloaded bogie reports none (the derailment judge
// keeps its own ratio, as it always had: its verdicts do not change).
void SimulationEngine::monitorBogie(StepPart& p, int t, int c, int bi) {
    Car& car = trains_[std::size_t(t)]->cars[std::size_t(c)];
    Bogie& b = car.bogies[std::size_t(bi)];
    const WheelRailSpec& wr = car.stock.wheelRail;
    const DerailmentThresholds& th = options_.derailment;
    const auto& f = b.joint->rowForces();
    const std::array<double, 5> e = trackJointErrors(b.joint->anchorInWorld(), b.joint->trackFrameInWorld());
    const double lateralMax = b.joint->lateralMax(), rollMax = b.joint->rollMax();
    BogieMargins m;
    const double Q = f[1];
    const double Qmin = 1e-6 * b.staticLoad;
    const double yq = std::abs(f[0]) / std::max(Q, Qmin);
    m.loaded = Q > th.loadedFraction * b.staticLoad;
    m.yq = m.loaded ? yq : 0.0;
    m.yqLimit = wr.nadalLimit();
    m.rollTorque = std::abs(f[2]);
    m.rollLimit = rollMax;
    const double rollMargin = 1.0 - m.rollTorque / std::max(Q * 0.5 * wr.gauge, Qmin);
    m.rollMargin = m.loaded ? rollMargin : 0.0; // no load, no margin
    const double lighter = std::max(0.0, 0.5 * Q - m.rollTorque / wr.gauge);
    m.dqq = 1.0 - lighter / (0.5 * b.staticLoad);
    m.e1 = e[0];
    m.e2 = e[1];
    m.e3 = e[2];
    m.e4 = e[3];
    m.e5 = e[4];
    m.lateralSaturated = lateralMax > 0 && std::abs(f[0]) >= th.saturated * lateralMax;
    m.rollSaturated = rollMax > 0 && m.rollTorque >= th.saturated * rollMax;
    m.unloaded = Q <= Qmin;
    m.speed = b.speed();                                      // (the rider channels and the record read it)
    const double travelled = std::abs(m.speed) * options_.dt; // the UIC 518 means weigh by distance
    if (m.loaded) b.yq2m.add(m.yq, travelled);
    b.dqq2m.add(m.dqq, travelled);
    m.yq2m = m.loaded ? b.yq2m.mean(m.yq) : 0.0;
    m.dqq2m = b.dqq2m.mean(m.dqq);
    b.load = Q;
    // clamped wheels cannot climb: only a lost joint (errors past the thresholds) can derail them
    BogieMargins judged = m;
    judged.yq = yq;
    judged.rollMargin = rollMargin;
    if (wr.clamped) judged.yq = 0.0, judged.lateralSaturated = judged.rollSaturated = judged.unloaded = false;
    const DerailmentVerdict v = tl::monitorBogie(b.monitor, judged, th, wr.nadalWindow, options_.dt);
    if (v.derailed) derailCar(p, t, c, bi, v.cause, v); // its event's "before" is b.margins: the last step's
    b.margins = m; // the honest channels (not the judge's), for the record, the rider and the next event
}

// Y/Q over the Nadal limit and ΔQ/Q over its limit: one WheelEvent per episode (wheels running free on the
// rails; clamped coaster wheels have neither limit).
void SimulationEngine::watchWheels(StepPart& p, int t, int c, int bi) {
    Train& tr = *trains_[std::size_t(t)];
    Car& car = tr.cars[std::size_t(c)];
    Bogie& b = car.bogies[std::size_t(bi)];
    if (car.stock.wheelRail.clamped || !b.railed) return;
    const double dt = options_.dt, gap = options_.derailment.episodeGap;
    auto watch = [&](EpisodeState& ep, const char* kind, double value, double limit) {
        const EpisodeStep step = updateEpisode(ep, value, limit, dt, gap);
        if (step == EpisodeStep::Opened) {
            WheelEvent e;
            static_cast<EventPlace&>(e) = eventPlace(p.t, t, c, bi, b, b.speed());
            e.kind = kind;
            e.value = value;
            e.limit = limit;
            std::ostringstream msg;
            msg << "train " << tr.spec.id << " car " << c << " bogie " << bi << ": " << kind << " " << value
                << " over its limit " << limit << " on track " << e.trackId << " at s = " << e.s
                << " m, t = " << p.t << " s";
            e.message = msg.str();
            p.journal.addWheelEvent(e, ep.event);
        }
        if (step == EpisodeStep::Opened || step == EpisodeStep::Updated)
            if (WheelEvent* e = p.journal.wheelEvent(ep.event)) {
                e->peak = ep.peak;
                e->duration = ep.duration;
            }
    };
    watch(b.yqEpisode, "Y/Q", b.margins.yq, b.margins.yqLimit);
    watch(b.unloadingEpisode, "wheel unloading", b.margins.dqq, options_.derailment.unloading);
}

EventPlace SimulationEngine::eventPlace(double when, int t, int c, int bi, const RailedBody& at,
                                        double speed) const {
    EventPlace p;
    p.t = when;
    p.train = t;
    p.car = c;
    p.bogie = bi;
    p.trainId = trains_[std::size_t(t)]->spec.id;
    p.track = at.position.track;
    p.trackId = layout_.track(std::size_t(at.position.track)).id();
    p.s = at.position.s;
    p.speed = speed;
    return p;
}

void SimulationEngine::derailCar(StepPart& p, int t, int c, int bi, const std::string& cause,
                                 const DerailmentVerdict& v) {
    Train& tr = *trains_[std::size_t(t)];
    Car& car = tr.cars[std::size_t(c)];
    Bogie& trigger = car.bogies[std::size_t(bi)];
    DerailmentEvent e;
    static_cast<EventPlace&>(e) = eventPlace(p.t, t, c, bi, trigger, trigger.speed());
    e.cause = cause;
    e.before = trigger.margins; // the last step's: this step's margins are set after the verdict
    e.solverSaturated = v.solverSaturated;
    e.numericalSuspect = v.numericalSuspect;
    std::ostringstream msg;
    msg << "train " << tr.spec.id << " car " << c << " bogie " << bi << " derailed (" << cause
        << ") on track " << e.trackId << " at s = " << e.s << " m, t = " << p.t << " s, " << e.speed
        << " m/s";
    if (v.numericalSuspect) msg << " [numerical suspect: no force limit was reached]";
    e.message = msg.str();
    p.journal.addDerailment(e);
    // The whole car leaves the track: joints off, car and bogies collide with the ground from now on; its
    // wheel episodes end here.
    car.derailed = true;
    tr.derailed = true;
    for (auto& b : car.bogies) {
        b.railed = false;
        b.yqEpisode = b.unloadingEpisode = EpisodeState{};
        b.yq2m.clear(), b.dqq2m.clear();
    }
    applyRailing(false, tr.world);
}

} // namespace tl
