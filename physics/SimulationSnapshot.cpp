// Simulation::snapshot / restore: the full dynamic state as plain data (SimulationState.h).
#include "physics/BulletEigen.h"
#include "physics/Simulation.h"

#include <btBulletDynamicsCommon.h>

namespace tl {

namespace {
constexpr int kRailedGroup = 1, kRailedMask = 0;     // as in SimulationTrains.cpp
constexpr int kDerailedGroup = 4, kDerailedMask = 2; //

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
    for (const auto& v : vehicles_) {
        RailedState r;
        r.position = v->position;
        r.railed = v->railed;
        r.FTBefore = v->FTBefore;
        s.vehicles.push_back(r);
    }
    for (const auto& t : trains_) {
        TrainState ts;
        ts.drive = t->drive;
        ts.nextSchedule = t->nextSchedule;
        for (const auto& c : t->cars) {
            ts.carDerailed.push_back(c.derailed);
            for (const auto& b : c.bogies)
                ts.bogies.push_back({b.position, b.railed, b.FTBefore, b.load, b.monitor, b.margins});
        }
        for (const auto& c : t->couplers) {
            ts.couplerForce.push_back(c.force);
            ts.couplerMaxForce.push_back(c.maxForce);
            ts.couplerOverload.push_back(c.overload);
            ts.couplerOverloadPeak.push_back(c.overloadPeak);
            ts.couplerOverloadTime.push_back(c.overloadTime);
        }
        s.trains.push_back(ts);
    }
    s.derailments = telemetry_.derailments().size();
    s.trackEvents = telemetry_.events().size();
    s.couplerEvents = telemetry_.couplerEvents().size();
    return s;
}

void Simulation::restore(const SimulationState& s) {
    const std::vector<btRigidBody*> bodies = allBodies();
    if (s.bodies.size() != bodies.size() || s.vehicles.size() != vehicles_.size() ||
        s.trains.size() != trains_.size())
        throw SimulationError(
            "restore: the state belongs to another simulation (body/vehicle/train counts differ)");
    time_ = s.time;
    switchStates_ = s.switches;
    setKinematicPoses(time_);
    for (std::size_t i = 0; i < bodies.size(); ++i)
        setState(*bodies[i], s.bodies[i]);
    for (std::size_t i = 0; i < vehicles_.size(); ++i) {
        Vehicle& v = *vehicles_[i];
        const RailedState& r = s.vehicles[i];
        v.position = r.position;
        v.railed = r.railed;
        v.FTBefore = r.FTBefore;
        if (&v.joint->getRigidBodyB() != &trackBody(v.position.track)) {
            world_->removeConstraint(v.joint.get());
            v.joint = std::make_unique<TrackJointConstraint>(*v.body, Pose::Identity(),
                                                             trackBody(v.position.track));
            if (v.spec.stiffness && v.spec.damping)
                v.joint->setStiffnessDamping(*v.spec.stiffness, *v.spec.damping);
            else
                v.joint->setErpCfm(v.spec.erp, v.spec.cfm);
            world_->addConstraint(v.joint.get(), true);
        }
        v.joint->setAnchor(Vehicle::anchorInBody(v.spec.cgHeight, v.position.direction));
        if (v.spec.motor)
            v.joint->setMotor(true, v.position.direction * v.spec.motor->targetSpeed, v.spec.motor->maxForce);
        v.joint->setTrackFrame(layout_.track(std::size_t(v.position.track)).localFrame(v.position.s));
        v.joint->setEnabled(v.railed);
    }
    for (std::size_t t = 0; t < trains_.size(); ++t) {
        Train& tr = *trains_[t];
        const TrainState& ts = s.trains[t];
        tr.drive = ts.drive;
        tr.nextSchedule = ts.nextSchedule;
        std::size_t k = 0;
        for (std::size_t c = 0; c < tr.cars.size(); ++c) {
            Car& car = tr.cars[c];
            // Joints and collision groups are only re-created where they changed: the solver's order of
            // bodies and constraints stays, and so does the result bit for bit.
            const bool regroup = car.derailed != ts.carDerailed.at(c);
            car.derailed = ts.carDerailed.at(c);
            const int group = car.derailed ? kDerailedGroup : kRailedGroup;
            const int mask = car.derailed ? kDerailedMask : kRailedMask;
            if (regroup) {
                world_->removeRigidBody(car.body.get());
                world_->addRigidBody(car.body.get(), group, mask);
            }
            for (auto& b : car.bogies) {
                const RailedState& r = ts.bogies.at(k++);
                b.position = r.position;
                b.railed = r.railed;
                b.FTBefore = r.FTBefore;
                b.load = r.load;
                b.monitor = r.monitor;
                b.margins = r.margins;
                if (&b.joint->getRigidBodyB() != &trackBody(b.position.track)) {
                    world_->removeConstraint(b.joint.get());
                    b.joint = makeBogieJoint(b, car.stock);
                    world_->addConstraint(b.joint.get(), true);
                }
                b.joint->setAnchor(Vehicle::anchorInBody(car.stock.bogies.cgHeight, b.position.direction));
                b.joint->setTrackFrame(layout_.track(std::size_t(b.position.track)).localFrame(b.position.s));
                b.joint->setEnabled(b.railed);
                if (regroup) {
                    world_->removeRigidBody(b.body.get());
                    world_->addRigidBody(b.body.get(), group, mask);
                }
            }
        }
        for (std::size_t c = 0; c < tr.couplers.size(); ++c) {
            tr.couplers[c].force = ts.couplerForce.at(c);
            tr.couplers[c].maxForce = ts.couplerMaxForce.at(c);
            tr.couplers[c].overload = c < ts.couplerOverload.size() ? ts.couplerOverload[c] : -1;
            tr.couplers[c].overloadPeak = c < ts.couplerOverloadPeak.size() ? ts.couplerOverloadPeak[c] : 0.0;
            tr.couplers[c].overloadTime = c < ts.couplerOverloadTime.size() ? ts.couplerOverloadTime[c] : 0.0;
        }
    }
    telemetry_.truncate(time_, s.trackEvents, s.derailments);
    telemetry_.truncateCouplerEvents(s.couplerEvents);
    for (const auto& t : trains_) // an episode open at the snapshot: back to its state then
        for (const auto& c : t->couplers)
            if (c.overload >= 0 && std::size_t(c.overload) < telemetry_.couplerEvents().size()) {
                telemetry_.couplerEvent(std::size_t(c.overload)).peakForce = c.overloadPeak;
                telemetry_.couplerEvent(std::size_t(c.overload)).duration = c.overloadTime;
            }
}

} // namespace tl
