#pragma once
// The simulation of a layout, as the ui, the CLI and run/ drive it: built from a layout (its "bodies",
// "vehicles" and "trains") or from specs, stepped with a fixed dt, driven by throttle, brake and direction,
// snapshot and restored whole. Everything it shows goes through view() (SimulationView.h): plain values.
// A thin facade over the engine (SimulationEngine.h, internal to physics: docs/architecture.md); no header
// of it declares the engine's run-time structs. Stepping is deterministic: a restored snapshot steps on bit
// for bit as the original run.
#include "core/layout/Layout.h"
#include "physics/sim/SimulationOptions.h"
#include "physics/sim/SimulationView.h"
#include "physics/spec/BodySpec.h"
#include "physics/spec/Scenario.h"
#include "physics/spec/TrainSpec.h"
#include "physics/spec/VehicleSpec.h"
#include "physics/state/SimulationError.h"
#include "physics/state/SimulationState.h"
#include "physics/telemetry/Telemetry.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tl {

class SimulationEngine;

class Simulation {
public:
    // Bodies, vehicles and trains from the layout's "bodies" / "vehicles" / "trains" sections; throws
    // LayoutError naming `file` and the JSON path of a bad value.
    explicit Simulation(const Layout& layout, const SimulationOptions& options = {},
                        const std::string& file = {});
    // From a scenario parsed once (physics/spec/Scenario.h): the GUI builds every run of a document from one.
    Simulation(const Layout& layout, const Scenario& scenario, const SimulationOptions& options = {});
    Simulation(const Layout& layout, std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles,
               const SimulationOptions& options = {});
    ~Simulation();
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    void step(); // one fixed step; throws SimulationError on a non-finite state
    // Step until time() >= t (or every vehicle is released, if stopWhenAllReleased); progress(t) each
    // simulated second.
    void runUntil(double t, const std::function<void(double)>& progress = {},
                  bool stopWhenAllReleased = false);

    double time() const;
    double dt() const;
    const Layout& layout() const;
    SwitchStates& switchStates();
    const SwitchStates& switchStates() const;

    // A train more (throws SimulationError if it does not fit the track from its start).
    void addTrain(const TrainSpec& spec);
    // Driver inputs (clamped to [0, 1]; direction +1 towards the head car, -1 towards the tail). A schedule
    // entry overrides them when its time comes.
    void setThrottle(int train, double throttle);
    void setBrake(int train, double brake);
    void setDirection(int train, int direction);
    // Uncouple a train behind its car `car` (head = 0): the cars behind become train "<id>-2", listed right
    // after it, at rest with the brakes on (docs/trains-format.md, "Coupling and uncoupling"). Throws
    // SimulationError for a car with none behind it.
    void uncouple(int train, int car);
    // Throw a switch during the run, or set a route (docs/trains-format.md, "Signals and protection"): ""
    // when done (an event in telemetry().signalEvents()), else why it was refused. Between steps.
    std::string throwSwitch(int sw, int state);
    std::string requestRoute(int route);

    // The full dynamic state as plain data, and back (same layout and scenario; anything else is a
    // SimulationError).
    SimulationState snapshot() const;
    void restore(const SimulationState& state);

    const Telemetry& telemetry() const;
    Telemetry& telemetry();
    const StepProfile& stepProfile() const;
    void resetStepProfile();

    const SimulationView& view() const { return view_; }

    // The engine itself, for physics' own tests and run/ (the ui and the CLI stay with the view).
    SimulationEngine& engine() { return *engine_; }
    const SimulationEngine& engine() const { return *engine_; }

private:
    std::unique_ptr<SimulationEngine> engine_;
    SimulationView view_;
};

} // namespace tl
