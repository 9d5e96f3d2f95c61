// Simulation, driving: the driver's inputs and schedules, traction and brakes as each bogie's motor row
// (Traction.h) or a track drive section (TrackDrives.h), and the explicit forces of a step -- couplers
// (SimulationCouplers.cpp) and the cars' roll springs.
#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>

namespace tl {

void SimulationEngine::setThrottle(int train, double throttle) {
    trains_.at(std::size_t(train))->drive.throttle = std::clamp(throttle, 0.0, 1.0);
}
void SimulationEngine::setBrake(int train, double brake) {
    trains_.at(std::size_t(train))->drive.brake = std::clamp(brake, 0.0, 1.0);
}
void SimulationEngine::setDirection(int train, int direction) {
    trains_.at(std::size_t(train))->drive.direction = direction < 0 ? -1 : +1;
}

void SimulationEngine::takeDueSchedule(Train& t, double now) {
    while (
        t.nextSchedule < t.spec.schedule.size() && t.spec.schedule[t.nextSchedule].t <= now + 1e-9 &&
        t.spec.schedule[t.nextSchedule].uncouple < 0 && t.spec.schedule[t.nextSchedule].throwSwitch.empty() &&
        t.spec.schedule[t.nextSchedule].route.empty()) { // (an uncoupling, a throw, a route: stageCoupling's)
        t.drive.throttle = t.spec.schedule[t.nextSchedule].throttle;
        t.drive.brake = t.spec.schedule[t.nextSchedule].brake;
        ++t.nextSchedule;
    }
}

void SimulationEngine::stageDrive(StepPart& p, const StepUnit& u) {
    for (int ti = u.firstTrain; ti < u.endTrain; ++ti) {
        Train& t = *trains_[std::size_t(ti)];
        // A derailed train has lost its brake pipe: no traction, full (emergency) brake on the railed cars.
        // Protection or the autopilot may stand in for the driver (SimulationSignals.cpp).
        const DriveInputs in = t.derailed ? DriveInputs{0.0, 1.0, t.drive.direction} : effectiveInputs(t);
        for (auto& car : t.cars)
            for (auto& b : car.bogies)
                if (b.railed) driveBogie(in, car, b);
    }
}

void SimulationEngine::driveBogie(const DriveInputs& in, const Car& car, Bogie& b) {
    const double v = b.speed();
    const int sigma = b.position.direction * in.direction * car.facing; // driving direction along +wF.T
    // a chain / booster section of the track moves the bogie instead of its car (TrackDrives.h)
    const std::optional<MotorCommand> section = trackDriveCommand(drives_, b.position);
    const MotorCommand m =
        section ? *section : bogieMotorCommand(in, car.stock, int(car.bogies.size()), sigma, v);
    b.joint->setMotorRange(m.on, m.vTarget, m.forceMin, m.forceMax);
}

void SimulationEngine::stageForces(StepPart& p, const StepUnit& u) {
    for (int ti = u.firstTrain; ti < u.endTrain; ++ti) {
        Train& t = *trains_[std::size_t(ti)];
        for (int k = 0; k < int(t.couplers.size()); ++k) {
            applyCoupler(t, t.couplers[std::size_t(k)]);
            checkCouplerLimit(p, ti, k);
        }
        for (auto& car : t.cars)
            if (car.bogies.size() == 2 && !car.derailed) applyRollSpring(car);
    }
    applyContacts(u);
}

// Roll of the body relative to each bogie about the body's x axis; torque -k mean - c mean rate on the body,
// the reaction split evenly over the two bogies (explicit, like the couplers).
void SimulationEngine::applyRollSpring(Car& car) {
    const Pose Xc = toEigen(car.body->getCenterOfMassTransform());
    const Vec3 x = Xc.linear().col(0), zc = Xc.linear().col(2);
    const Vec3 wc = toEigen(car.body->getAngularVelocity());
    double phi = 0, rate = 0;
    for (const auto& b : car.bogies) {
        const Vec3 zb = toEigen(b.body->getCenterOfMassTransform()).linear().col(2);
        phi += 0.5 * std::atan2(x.dot(zb.cross(zc)), zb.dot(zc));
        rate += 0.5 * x.dot(wc - toEigen(b.body->getAngularVelocity()));
    }
    const Vec3 T = (-car.rollStiffness * phi - car.rollDamping * rate) * x;
    car.body->applyTorque(toBt(T));
    for (auto& b : car.bogies)
        b.body->applyTorque(toBt(Vec3(-0.5 * T)));
}

} // namespace tl
