#include "physics/sim/Simulation.h"

#include "physics/sim/SimulationEngine.h"

#include <utility>

namespace tl {

Simulation::Simulation(const Layout& layout, const SimulationOptions& options, const std::string& file)
    : engine_(std::make_unique<SimulationEngine>(layout, options, file)), view_(*engine_) {}

Simulation::Simulation(const Layout& layout, const Scenario& scenario, const SimulationOptions& options)
    : engine_(std::make_unique<SimulationEngine>(layout, scenario, options)), view_(*engine_) {}

Simulation::Simulation(const Layout& layout, std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles,
                       const SimulationOptions& options)
    : engine_(std::make_unique<SimulationEngine>(layout, std::move(bodies), std::move(vehicles), options)),
      view_(*engine_) {}

Simulation::~Simulation() = default;

void Simulation::step() {
    engine_->step();
}
void Simulation::runUntil(double t, const std::function<void(double)>& progress, bool stopWhenAllReleased) {
    engine_->runUntil(t, progress, stopWhenAllReleased);
}
double Simulation::time() const {
    return engine_->time();
}
double Simulation::dt() const {
    return engine_->dt();
}
const Layout& Simulation::layout() const {
    return engine_->layout();
}
SwitchStates& Simulation::switchStates() {
    return engine_->switchStates();
}
const SwitchStates& Simulation::switchStates() const {
    return std::as_const(*engine_).switchStates();
}
void Simulation::addTrain(const TrainSpec& spec) {
    engine_->addTrain(spec);
}
void Simulation::setThrottle(int train, double throttle) {
    engine_->setThrottle(train, throttle);
}
void Simulation::setBrake(int train, double brake) {
    engine_->setBrake(train, brake);
}
void Simulation::setDirection(int train, int direction) {
    engine_->setDirection(train, direction);
}
std::string Simulation::throwSwitch(int sw, int state) {
    return engine_->throwSwitch(sw, state);
}
std::string Simulation::requestRoute(int route) {
    return engine_->requestRoute(route);
}
void Simulation::uncouple(int train, int car) {
    engine_->uncouple(train, car);
}
SimulationState Simulation::snapshot() const {
    return engine_->snapshot();
}
void Simulation::restore(const SimulationState& state) {
    engine_->restore(state);
}
const Telemetry& Simulation::telemetry() const {
    return std::as_const(*engine_).telemetry();
}
Telemetry& Simulation::telemetry() {
    return engine_->telemetry();
}
const StepProfile& Simulation::stepProfile() const {
    return engine_->stepProfile();
}
void Simulation::resetStepProfile() {
    engine_->resetStepProfile();
}

} // namespace tl
