#include "physics/sim/SimulationView.h"

#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"

namespace tl {

int SimulationView::vehicleCount() const {
    return e_->vehicleCount();
}
int SimulationView::trainCount() const {
    return e_->trainCount();
}
int SimulationView::bogieCount() const {
    return e_->bogieCount();
}
int SimulationView::bodyCount() const {
    return e_->bodyCount();
}
int SimulationView::vehicleIndex(const std::string& id) const {
    return e_->vehicleIndex(id);
}
int SimulationView::trainIndex(const std::string& id) const {
    return e_->trainIndex(id);
}
int SimulationView::bodyIndex(const std::string& id) const {
    return e_->bodyIndex(id);
}
std::vector<std::string> SimulationView::vehicleIds() const {
    return e_->vehicleIds();
}
std::vector<std::string> SimulationView::trainIds() const {
    return e_->trainIds();
}
std::vector<std::string> SimulationView::trackIds() const {
    return e_->trackIds();
}

VehicleInfo SimulationView::vehicleInfo(int i) const {
    const Vehicle& v = e_->vehicle(i);
    return {v.spec.id, v.spec.box};
}

TrainInfo SimulationView::trainInfo(int train) const {
    const Train& t = e_->train(train);
    TrainInfo info;
    info.id = t.spec.id;
    for (const Car& c : t.cars)
        info.cars.push_back({c.stock.name, Vec3(c.stock.body.length, c.stock.body.width, c.stock.body.height),
                             c.stock.body.model, c.stock.bogies.box, int(c.bogies.size())});
    for (const Coupler& k : t.couplers)
        info.couplers.push_back({k.spec.limit, k.spec.strength});
    return info;
}

RailedView SimulationView::vehicleState(int i) const {
    const Vehicle& v = e_->vehicle(i);
    return {toEigen(v.body->getCenterOfMassTransform()), v.position, v.railed};
}

RailedView SimulationView::bogieState(int train, int car, int bogie) const {
    const Bogie& b = e_->train(train).cars.at(std::size_t(car)).bogies.at(std::size_t(bogie));
    return {toEigen(b.body->getCenterOfMassTransform()), b.position, b.railed};
}

bool SimulationView::carDerailed(int train, int car) const {
    return e_->train(train).cars.at(std::size_t(car)).derailed;
}

int SimulationView::carOrigin(int train, int car) const {
    return e_->train(train).cars.at(std::size_t(car)).origin;
}

std::pair<int, int> SimulationView::carOfOrigin(int origin) const {
    return e_->carOf(origin);
}

bool SimulationView::trainDerailed(int train) const {
    return e_->train(train).derailed; // set with its car's (SimulationEngine::derailCar)
}

DriveInputs SimulationView::trainDrive(int train) const {
    return e_->train(train).drive;
}

std::uint64_t SimulationView::makeup() const {
    return e_->makeup();
}

CouplerView SimulationView::coupler(int train, int k) const {
    const Coupler& c = e_->train(train).couplers.at(std::size_t(k));
    return {c.force, c.maxForce, c.broken};
}

double SimulationView::vehicleSpeed(int i) const {
    return e_->vehicleSpeed(i);
}
Vec3 SimulationView::anchorPosition(int i) const {
    return e_->anchorPosition(i);
}
double SimulationView::vehicleEnergy(int i) const {
    return e_->vehicleEnergy(i);
}
Pose SimulationView::bodyPose(int b) const {
    return e_->bodyPose(b);
}
double SimulationView::trainSpeed(int train) const {
    return e_->trainSpeed(train);
}
double SimulationView::bogieSpeed(int train, int car, int bogie) const {
    return e_->bogieSpeed(train, car, bogie);
}
Vec3 SimulationView::bogieAnchor(int train, int car, int bogie) const {
    return e_->bogieAnchor(train, car, bogie);
}
Pose SimulationView::carPose(int train, int car) const {
    return e_->carPose(train, car);
}
Pose SimulationView::bogiePose(int train, int car, int bogie) const {
    return e_->bogiePose(train, car, bogie);
}
double SimulationView::trainEnergy(int train) const {
    return e_->trainEnergy(train);
}
const RiderChannels& SimulationView::carRider(int train, int car) const {
    return e_->carRider(train, car);
}
const RiderChannels& SimulationView::vehicleRider(int i) const {
    return e_->vehicleRider(i);
}
const std::vector<DerailmentEvent>& SimulationView::derailments() const {
    return e_->derailments();
}
const std::vector<CouplerEvent>& SimulationView::couplerEvents() const {
    return e_->couplerEvents();
}
const std::vector<CollisionEvent>& SimulationView::collisions() const {
    return e_->collisions();
}
const std::vector<SignalEvent>& SimulationView::signalEvents() const {
    return e_->telemetry().signalEvents();
}
std::vector<Aspect> SimulationView::signalAspects() const {
    return e_->signalAspects();
}
SwitchStates SimulationView::switchStates() const {
    return e_->switchStates();
}
std::vector<int> SimulationView::switchLocks() const {
    return e_->switchLocks();
}
std::vector<bool> SimulationView::routesSet() const {
    std::vector<bool> out;
    for (const RouteState& r : e_->routeStates())
        out.push_back(r.set);
    return out;
}
TrainSignalView SimulationView::trainSignal(int train) const {
    const Train& t = e_->train(train);
    const TrainSignalState& s = t.signalling;
    TrainSignalView v;
    v.signal = s.signal;
    v.signalDistance = s.signalDistance;
    v.aspect = s.aspect;
    v.target = s.target;
    v.targetDistance = s.targetDistance;
    v.permitted = s.permitted;
    v.protection = t.spec.protection;
    v.intervening = s.intervening;
    v.holding = s.holding >= 0;
    v.autopilot = t.spec.autopilot;
    v.distance = s.distance;
    return v;
}
const std::vector<WheelEvent>& SimulationView::wheelEvents() const {
    return e_->wheelEvents();
}

} // namespace tl
