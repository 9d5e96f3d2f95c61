// Simulation, recording: one telemetry sample per vehicle and per bogie after each step (Telemetry.h).
#include "physics/sim/SimulationEngine.h"

namespace tl {

namespace {
// What every railed body records: where it is on its track, its speed and anchor, railed or not.
TelemetrySample railedSample(double t, const RailedBody& r, double speed) {
    TelemetrySample s;
    s.t = t;
    s.track = r.position.track;
    s.s = r.position.s;
    s.speed = speed;
    const Vec3 AP = r.anchorPoint();
    s.x = AP.x();
    s.y = AP.y();
    s.z = AP.z();
    s.railed = r.railed;
    return s;
}
} // namespace

void SimulationEngine::recordVehicle(StepPart& p, int i) {
    TelemetrySample s = railedSample(p.t, *vehicles_[std::size_t(i)], vehicles_[std::size_t(i)]->speed());
    s.rider = vehicles_[std::size_t(i)]->rider.last; // stageRecord updated it
    const Vehicle& v = *vehicles_[std::size_t(i)];
    s.vehicle = i;
    if (v.railed) {
        s.e = trackJointErrors(v.joint->anchorInWorld(), v.joint->trackFrameInWorld());
        s.f = v.joint->rowForces();
    }
    p.journal.add(s);
}

void SimulationEngine::recordBogie(StepPart& p, int t, int c, int bi) {
    const Car& car = trains_[std::size_t(t)]->cars[std::size_t(c)];
    const Bogie& b = car.bogies[std::size_t(bi)];
    TelemetrySample s = railedSample(p.t, b, b.railed ? b.margins.speed : b.speed()); // (the monitor's)
    s.rider = car.rider.last; // stageRecord updated it
    s.vehicle = -1;
    s.train = t;
    s.car = c;
    s.origin = car.origin;
    s.bogie = bi;
    if (b.railed) {
        s.e = {b.margins.e1, b.margins.e2, b.margins.e3, b.margins.e4, b.margins.e5}; // the monitor's rows
        s.f = b.joint->rowForces();
        s.yq = b.margins.yq;
        s.yqLimit = b.margins.yqLimit;
        s.rollMargin = b.margins.rollMargin;
        s.dqq = b.margins.dqq;
        s.yq2m = b.margins.yq2m;
        s.dqq2m = b.margins.dqq2m;
        s.unloaded = !b.margins.loaded;
    }
    p.journal.add(s);
}

} // namespace tl
