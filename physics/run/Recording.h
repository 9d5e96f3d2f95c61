#pragma once
// The record of a driven run, for replay: the driver's inputs by step (throttle, brake, direction,
// uncoupling, and the switches thrown and routes set by hand: Simulation::throwSwitch / requestRoute), and
// keyframe snapshots of the whole simulation state at a fixed interval. seek() brings a simulation to any
// recorded step by restoring the keyframe at or before it and stepping on with the recorded inputs: the same
// code path as the live run, so replaying and re-simulating give identical results (stepping is
// deterministic). Memory stays small: one SimulationState per keyframe (default every 240 steps, 1 s).
#include "physics/sim/Simulation.h"
#include "physics/state/SimulationState.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tl {

// A change the driver (or the signaller) made, applied just before the step with index `step` is taken.
struct DriverInput {
    std::int64_t step = 0; // step index (time = step * dt)
    int train = 0;         // train index; ThrowSwitch: the switch's index, RequestRoute: the route's
    enum class Kind { Throttle, Brake, Direction, Uncouple, ThrowSwitch, RequestRoute } kind = Kind::Throttle;
    // throttle or brake in [0, 1]; direction +1 / -1; uncouple: behind this car; ThrowSwitch: the branch
    double value = 0.0;
};

class Recording {
public:
    explicit Recording(int keyframeEverySteps = 240) : every_(keyframeEverySteps) {}

    // Start recording at the simulation's current state (clears anything recorded before).
    void start(const Simulation& sim);
    bool empty() const { return keyframes_.empty(); }

    // Apply an input to the simulation now (before its next step) and record it. A switch throw or route
    // the simulation refuses changes nothing and is not recorded: the reason is returned ("" when done).
    std::string input(Simulation& sim, const DriverInput& in);
    // After every live step: keep a keyframe when one is due, extend the recorded range.
    void afterStep(const Simulation& sim);

    std::int64_t firstStep() const { return first_; }
    std::int64_t lastStep() const { return last_; } // the latest step recorded
    const std::vector<DriverInput>& inputs() const { return inputs_; }
    std::size_t keyframeCount() const { return keyframes_.size(); }

    // Bring `sim` (built from the same layout) to recorded step `step` (clamped to the recorded range).
    // Returns the number of steps simulated to get there (<= keyframe interval).
    int seek(Simulation& sim, std::int64_t step) const;
    // Fork: forget everything recorded after `step` (keyframes, and the inputs made at `step` or later: they
    // come after the state a seek(step) shows); recording goes on from there.
    void truncate(std::int64_t step);

    static std::int64_t stepIndex(const Simulation& sim); // round(time / dt)
    // The input applied; "" when done, else why the simulation refused it (a throw or a route: nothing
    // changed).
    static std::string apply(Simulation& sim, const DriverInput& in);

private:
    int every_;
    std::int64_t first_ = 0, last_ = 0;
    std::vector<std::pair<std::int64_t, SimulationState>> keyframes_; // (step, state), increasing step
    std::vector<DriverInput> inputs_;                                 // increasing step
};

} // namespace tl
