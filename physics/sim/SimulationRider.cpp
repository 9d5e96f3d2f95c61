// Simulation: the rider channels of every vehicle and car (RiderChannels.h), taken once per step while
// telemetry is recorded, from the body's Bullet state after the step.
#include "core/units/CantUnits.h"
#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

namespace tl {

namespace {
RiderInput riderInput(const btRigidBody& body, double riderAboveCom, int direction, double dt, double g) {
    RiderInput in;
    in.body = toEigen(body.getCenterOfMassTransform());
    in.v = toEigen(body.getLinearVelocity());
    in.w = toEigen(body.getAngularVelocity());
    in.rider = Vec3(0, 0, riderAboveCom);
    in.direction = direction;
    in.dt = dt;
    in.g = g;
    return in;
}
} // namespace

const RiderChannels& SimulationEngine::updateVehicleRider(int i) {
    Vehicle& v = *vehicles_[std::size_t(i)];
    updateRider(v.rider,
                riderInput(*v.body, v.spec.riderHeight - v.spec.cgHeight, +1, options_.dt, options_.gravity));
    if (v.railed && bankUnit(layout_.spec()) == BankUnit::CantMm) {
        rail_.setFrame(v); // (the feeder set it at this s)
        const TwistedFrame w = transformed(world_.trackBodyPose(v.position.track), v.joint->trackFrameInB());
        v.rider.last.hasCantDeficiency = true;
        v.rider.last.cantDeficiency =
            riderCantDeficiency(w, v.speed(), railCentreDistance(layout_.spec()), options_.gravity);
    }
    return v.rider.last;
}

const RiderChannels& SimulationEngine::updateCarRider(int t, int c) {
    Train& tr = *trains_[std::size_t(t)];
    Car& car = tr.cars[std::size_t(c)];
    // the rider height: the heartline of the track under the car's first railed bogie wins over the car's
    // own (docs/vehicles-format.md)
    double riderHeight = car.stock.body.riderHeight;
    for (const Bogie& b : car.bogies)
        if (b.railed) {
            const double h = layout_.track(std::size_t(b.position.track)).heartline();
            if (h > 0) riderHeight = h;
            break;
        }
    updateRider(car.rider, riderInput(*car.body, riderHeight - car.stock.body.cgHeight,
                                      tr.drive.direction * car.facing, options_.dt, options_.gravity));
    if (car.stock.wheelRail.clamped || car.derailed) return car.rider.last;
    // railway cars: the mean over the bogies, each at its own place and speed
    double sum = 0;
    int n = 0;
    for (Bogie& b : car.bogies) {
        if (!b.railed) continue;
        rail_.setFrame(b); // (the feeder set it at this s)
        const TwistedFrame w = transformed(world_.trackBodyPose(b.position.track), b.joint->trackFrameInB());
        const double v = std::abs(b.margins.speed); // the monitor's, this step
        sum += riderCantDeficiency(w, v, railCentreDistance(layout_.spec()), options_.gravity);
        ++n;
    }
    if (n > 0) {
        car.rider.last.hasCantDeficiency = true;
        car.rider.last.cantDeficiency = sum / n;
    }
    return car.rider.last;
}

} // namespace tl
