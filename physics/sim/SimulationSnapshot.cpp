// SimulationEngine::snapshot / restore: the full dynamic state as plain data (SimulationState.h). The
// run-time structs' state parts (RuntimeState.h) are copied whole; restore assigns them back and applies them
// through the functions a run uses (applyRailing: pivots, joints, collision groups and the world's body
// order; the rail contact: joints to the right track body; the Bullet world: contact caches).
#include "physics/joint/BulletEigen.h"
#include "physics/sim/ContactKeys.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>

namespace tl {

namespace {
RigidBodyState stateOf(const btRigidBody& b) {
    return {toEigen(b.getCenterOfMassTransform()), toEigen(b.getLinearVelocity()),
            toEigen(b.getAngularVelocity())};
}

void setState(btRigidBody& b, const RigidBodyState& s) {
    b.setCenterOfMassTransform(toBt(s.pose));
    b.setInterpolationWorldTransform(toBt(s.pose));
    b.setLinearVelocity(toBt(s.v));
    b.setAngularVelocity(toBt(s.w));
    b.setInterpolationLinearVelocity(toBt(s.v));
    b.setInterpolationAngularVelocity(toBt(s.w));
    b.clearForces();
}
} // namespace

std::uint64_t SimulationEngine::scenarioFingerprint() const {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a, 64 bits
    auto bytes = [&](const void* p, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            h ^= static_cast<const unsigned char*>(p)[i];
            h *= 1099511628211ull;
        }
    };
    auto text = [&](const std::string& s) { bytes(s.data(), s.size() + 1); };
    auto number = [&](double x) { bytes(&x, sizeof x); };
    number(options_.dt);
    for (const Track& t : layout_.tracks()) {
        text(t.id());
        number(t.length());
    }
    number(double(layout_.switches().size()));
    number(double(world_.bodyCount()));
    for (const auto& v : vehicles_)
        text(v->spec.id);
    bytes(builtTrains_.data(), builtTrains_.size()); // each train's id, then its cars' stock, as built
    return h;
}

SimulationState SimulationEngine::snapshot() const {
    SimulationState s;
    s.scenario = scenarioFingerprint();
    s.time = time_;
    s.switches = switchStates_;
    s.grouping = schedule_.grouping();
    for (const btRigidBody* b : allBodies())
        s.bodies.push_back(stateOf(*b));
    for (const auto& v : vehicles_)
        s.vehicles.push_back({static_cast<const RailedState&>(*v), static_cast<const VehicleRunState&>(*v)});
    for (const auto& t : trains_) {
        TrainState ts;
        ts.spec = t->spec;
        ts.spec.cars.clear(); // (the cars' stock is theirs)
        ts.run = *t;
        for (const auto& c : t->cars) {
            ts.origins.push_back(c.origin);
            ts.cars.push_back(c);
            for (const auto& b : c.bogies)
                ts.bogies.push_back(b);
        }
        for (const auto& c : t->couplers)
            ts.couplers.push_back(c);
        s.trains.push_back(ts);
    }
    s.derailments = telemetry_.derailments().size();
    s.trackEvents = telemetry_.events().size();
    s.couplerEvents = telemetry_.couplerEvents().size();
    s.wheelEvents = telemetry_.wheelEvents().size();
    s.collisions = telemetry_.collisions().size();
    s.signalEvents = telemetry_.signalEvents().size();
    s.signalStates = signals_;
    s.routes = routes_;
    s.switchLocks = switchLocks_;
    s.drives = driveStates_;
    s.bufferContacts = contacts_;
    s.bufferStops = stops_;
    s.uncoupled = uncoupled_;
    s.bodyContacts = bodyContacts_;
    const std::vector<btRigidBody*> named = contactBodies();
    for (const BulletWorld* w : worlds()) {
        std::vector<ContactManifoldState> c = w->contacts(named);
        s.contacts.insert(s.contacts.end(), std::make_move_iterator(c.begin()),
                          std::make_move_iterator(c.end()));
    }
    return s;
}

void SimulationEngine::restore(const SimulationState& s) {
    if (s.scenario != scenarioFingerprint())
        throw SimulationError("restore: the state belongs to a simulation of another scenario (its tracks, "
                              "switches, bodies, vehicles, trains or dt differ); nothing was changed");
    // the state's make-up (its trains' cars by origin) must hold every car once, with its bogies
    std::vector<const Car*> byOrigin(std::size_t(carCount_), nullptr);
    for (const auto& t : trains_)
        for (const Car& c : t->cars)
            byOrigin[std::size_t(c.origin)] = &c;
    std::vector<char> seen(byOrigin.size(), 0);
    bool sameShape = s.bodies.size() == allBodies().size() && s.vehicles.size() == vehicles_.size();
    bool sameMakeup = s.trains.size() == trains_.size();
    for (std::size_t t = 0; sameShape && t < s.trains.size(); ++t) {
        const TrainState& ts = s.trains[t];
        std::size_t nb = 0;
        for (const int o : ts.origins) {
            sameShape = sameShape && o >= 0 && o < carCount_ && !seen[std::size_t(o)];
            if (!sameShape) break;
            seen[std::size_t(o)] = 1;
            nb += byOrigin[std::size_t(o)]->bogies.size();
        }
        sameShape = sameShape && ts.cars.size() == ts.origins.size() && !ts.origins.empty() &&
                    ts.couplers.size() + 1 == ts.origins.size() && ts.bogies.size() == nb;
        if (sameShape && sameMakeup) {
            const Train& tr = *trains_[t];
            sameMakeup = tr.spec.id == ts.spec.id && tr.cars.size() == ts.origins.size();
            for (std::size_t c = 0; sameMakeup && c < tr.cars.size(); ++c)
                sameMakeup = tr.cars[c].origin == ts.origins[c] && tr.cars[c].facing == ts.cars[c].facing;
        }
    }
    sameShape = sameShape && std::all_of(seen.begin(), seen.end(), [](char c) { return c != 0; });
    for (const BufferContactState& c : s.bufferContacts) { // car ends that exist
        const auto end = [&](int t, int car, int e) {
            return t >= 0 && std::size_t(t) < s.trains.size() && car >= 0 &&
                   std::size_t(car) < s.trains[std::size_t(t)].origins.size() && (e == 1 || e == -1);
        };
        sameShape = sameShape && end(c.trainA, c.carA, c.endA) && end(c.trainB, c.carB, c.endB);
    }
    for (const BodyContactState& c : s.bodyContacts) {
        const auto car = [&](int t, int k) { // (a single vehicle: contact::vehicleParty, car 0)
            if (t < 0) return k == 0 && contact::vehicleOf(t, vehicleCount()) >= 0;
            return std::size_t(t) < s.trains.size() && k >= 0 &&
                   std::size_t(k) < s.trains[std::size_t(t)].origins.size();
        };
        sameShape = sameShape && car(c.trainA, c.carA) && car(c.trainB, c.carB);
    }
    sameShape = sameShape && s.bufferStops.size() == stops_.size() &&
                s.signalStates.size() == signals_.size() && s.routes.size() == routes_.size() &&
                s.switchLocks.size() == switchLocks_.size() && s.drives.size() == driveStates_.size();
    for (const BufferStopState& b : s.bufferStops)
        sameShape = sameShape &&
                    (b.train < 0 || (std::size_t(b.train) < s.trains.size() && b.car >= 0 &&
                                     std::size_t(b.car) < s.trains[std::size_t(b.train)].origins.size()));
    if (!sameShape)
        throw SimulationError(
            "restore: the state belongs to another simulation (body/vehicle/train counts differ)");
    if (!sameMakeup) { // trains coupled or uncoupled since (or before): the state's trains first
        std::vector<Makeup> makeup;
        for (const TrainState& ts : s.trains) {
            Makeup m{ts.spec, ts.run, ts.origins, {}, ts.couplers};
            for (const CarState& c : ts.cars)
                m.facing.push_back(c.facing);
            makeup.push_back(std::move(m));
        }
        remake(std::move(makeup), s.grouping, s.grouping);
    }
    const std::vector<btRigidBody*> bodies = allBodies();
    schedule_.regroup(s.grouping, trains_); // its worlds first: contacts name bodies in their worlds' order
    time_ = s.time;
    switchStates_ = s.switches;
    world_.setKinematicPoses(time_, options_.dt);
    for (std::size_t i = 0; i < bodies.size(); ++i)
        setState(*bodies[i], s.bodies[i]);
    for (std::size_t i = 0; i < vehicles_.size(); ++i) {
        Vehicle& v = *vehicles_[i];
        static_cast<RailedState&>(v) = s.vehicles[i].railed;
        static_cast<VehicleRunState&>(v) = s.vehicles[i].run;
        rail_.restore(v);
        if (v.spec.motor)
            v.joint->setMotor(true, v.position.direction * v.spec.motor->targetSpeed, v.spec.motor->maxForce);
    }
    for (std::size_t t = 0; t < trains_.size(); ++t) {
        Train& tr = *trains_[t];
        const TrainState& ts = s.trains[t];
        static_cast<TrainRunState&>(tr) = ts.run;
        std::size_t k = 0;
        for (std::size_t c = 0; c < tr.cars.size(); ++c) {
            Car& car = tr.cars[c];
            static_cast<CarState&>(car) = ts.cars.at(c);
            for (auto& b : car.bogies) {
                static_cast<RailedState&>(b) = ts.bogies.at(k++);
                rail_.restore(b);
            }
        }
        for (std::size_t c = 0; c < tr.couplers.size(); ++c)
            static_cast<CouplerState&>(tr.couplers[c]) = ts.couplers.at(c);
    }
    // The world rebuilt canonically (every pair and contact cache gone), then the snapshot's contact points
    // handed back to their pairs: a state restored in mid-slide steps on as the live run did.
    applyRailing(true);
    noteCars(0, trainCount(), false);
    const std::vector<btRigidBody*> named = contactBodies();
    for (BulletWorld* w : worlds()) // each world takes the pairs of its own bodies
        w->restoreContacts(s.contacts, named);
    telemetry_.truncate(time_, s.trackEvents, s.derailments);
    telemetry_.truncateCouplerEvents(s.couplerEvents);
    telemetry_.truncateWheelEvents(s.wheelEvents);
    telemetry_.truncateCollisions(s.collisions);
    telemetry_.truncateSignalEvents(s.signalEvents);
    signals_ = s.signalStates;
    routes_ = s.routes;
    switchLocks_ = s.switchLocks;
    driveStates_ = s.drives;
    contacts_ = s.bufferContacts;
    stops_ = s.bufferStops;
    uncoupled_ = s.uncoupled;
    contactForces_.clear();
    for (const BufferContactState& c : contacts_) // a contact open at the snapshot: its event back to then
        updateCollision(c);
    bodyContacts_ = s.bodyContacts;
    for (const BodyContactState& c : bodyContacts_)
        if (CollisionEvent* e = telemetry_.collision(c.event)) {
            e->peakForce = c.peakForce;
            e->duration = time_ - e->t;
            e->ended = false;
        }
    for (const auto& t : trains_) // an episode open at the snapshot: back to its state then
        for (const auto& c : t->couplers)
            if (CouplerEvent* e = telemetry_.couplerEvent(c.overload)) {
                e->peakForce = c.overloadPeak;
                e->duration = c.overloadTime;
                e->broke = false;
            }
    for (const auto& t : trains_) // and the open wheel episodes
        for (const auto& c : t->cars)
            for (const auto& b : c.bogies)
                for (const EpisodeState* ep : {&b.yqEpisode, &b.unloadingEpisode})
                    if (WheelEvent* e = telemetry_.wheelEvent(ep->event)) {
                        e->peak = ep->peak;
                        e->duration = ep->duration;
                    }
}

} // namespace tl
