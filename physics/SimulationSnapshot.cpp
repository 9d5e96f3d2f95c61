// Simulation::snapshot / restore: the full dynamic state as plain data (SimulationState.h). The run-time
// structs' state parts (RuntimeState.h) are copied whole; restore assigns them back and applies them through
// the functions a run uses (applyRailing: pivots, joints, collision groups and the world's body order).
#include "physics/BulletEigen.h"
#include "physics/Simulation.h"

#include <btBulletDynamicsCommon.h>

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

std::vector<btRigidBody*> Simulation::allBodies() const {
    std::vector<btRigidBody*> out;
    for (const auto& b : bodies_)
        if (b->spec.motion == BodySpec::Motion::Dynamic) out.push_back(b->rigid.get());
    for (const auto& v : vehicles_)
        out.push_back(v->body.get());
    for (const auto& t : trains_)
        for (const auto& c : t->cars) {
            out.push_back(c.body.get());
            for (const auto& b : c.bogies)
                out.push_back(b.body.get());
        }
    return out;
}

SimulationState Simulation::snapshot() const {
    SimulationState s;
    s.time = time_;
    s.switches = switchStates_;
    for (const btRigidBody* b : allBodies())
        s.bodies.push_back(stateOf(*b));
    for (const auto& v : vehicles_)
        s.vehicles.push_back(*v);
    for (const auto& t : trains_) {
        TrainState ts;
        ts.run = *t;
        for (const auto& c : t->cars) {
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
    return s;
}

// The joint of a railed body (vehicle or bogie) refers to the body carrying its track: after a restore to
// another track (possibly on another body) it is made anew, as at a track crossing.
void Simulation::restoreJoint(std::unique_ptr<TrackJointConstraint>& joint, btRigidBody& body,
                              const RailedState& r, double cgHeight) {
    const Pose anchor = Vehicle::anchorInBody(cgHeight, r.position.direction);
    const TwistedFrame wF = layout_.track(std::size_t(r.position.track)).localFrame(r.position.s);
    if (&joint->getRigidBodyB() != &trackBody(r.position.track)) {
        auto next = std::make_unique<TrackJointConstraint>(body, anchor, trackBody(r.position.track));
        next->setTrackFrame(wF);
        next->continueFrom(*joint); // parameters (ERP/CFM or spring, limits, motor) as before
        world_->removeConstraint(joint.get());
        joint = std::move(next);
        world_->addConstraint(joint.get(), true);
    }
    joint->setAnchor(anchor);
    joint->setTrackFrame(wF);
}

void Simulation::restore(const SimulationState& s) {
    const std::vector<btRigidBody*> bodies = allBodies();
    bool sameShape = s.bodies.size() == bodies.size() && s.vehicles.size() == vehicles_.size() &&
                     s.trains.size() == trains_.size();
    for (std::size_t t = 0; sameShape && t < trains_.size(); ++t) {
        std::size_t nb = 0;
        for (const auto& c : trains_[t]->cars)
            nb += c.bogies.size();
        sameShape = s.trains[t].cars.size() == trains_[t]->cars.size() &&
                    s.trains[t].couplers.size() == trains_[t]->couplers.size() &&
                    s.trains[t].bogies.size() == nb;
    }
    if (!sameShape)
        throw SimulationError(
            "restore: the state belongs to another simulation (body/vehicle/train counts differ)");
    // Ground contacts now (a derailed car): their caches go, as they did not exist at a state without them.
    const bool contacts = anyDerailed();
    time_ = s.time;
    switchStates_ = s.switches;
    setKinematicPoses(time_);
    for (std::size_t i = 0; i < bodies.size(); ++i)
        setState(*bodies[i], s.bodies[i]);
    for (std::size_t i = 0; i < vehicles_.size(); ++i) {
        Vehicle& v = *vehicles_[i];
        static_cast<RailedState&>(v) = s.vehicles[i];
        restoreJoint(v.joint, *v.body, v, v.spec.cgHeight);
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
                restoreJoint(b.joint, *b.body, b, car.stock.bogies.cgHeight);
            }
        }
        for (std::size_t c = 0; c < tr.couplers.size(); ++c)
            static_cast<CouplerState&>(tr.couplers[c]) = ts.couplers.at(c);
    }
    applyRailing(contacts);
    telemetry_.truncate(time_, s.trackEvents, s.derailments);
    telemetry_.truncateCouplerEvents(s.couplerEvents);
    for (const auto& t : trains_) // an episode open at the snapshot: back to its state then
        for (const auto& c : t->couplers)
            if (c.overload >= 0 && std::size_t(c.overload) < telemetry_.couplerEvents().size()) {
                CouplerEvent& e = telemetry_.couplerEvent(std::size_t(c.overload));
                e.peakForce = c.overloadPeak;
                e.duration = c.overloadTime;
                e.broke = false;
            }
}

} // namespace tl
