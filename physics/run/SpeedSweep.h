#pragma once
// Critical speed sweep: run one train of a layout from each initial speed of A:B:STEP (fresh simulation
// each time, telemetry off) until it derails or the duration ends; the lowest speed that derails is the
// critical speed, reported with the cause and place of its first derailment (tracklab-cli sweep).
#include "core/layout/LayoutSpec.h"
#include "physics/sim/Simulation.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tl {

struct SweepOptions {
    double from = 10.0;     // first initial speed [m/s]
    double to = 40.0;       // last (inclusive, within step/1000) [m/s]
    double step = 1.0;      // > 0 [m/s]
    double duration = 60.0; // simulated time per speed [s]
    int jobs = 1;           // speeds run at once (RunJobs.h); the result does not depend on it
    SimulationOptions simulation;
};

struct SweepPoint {
    double speed = 0.0;                        // initial speed [m/s]
    std::optional<DerailmentEvent> derailment; // the train's first derailment, if any
};

struct SweepResult {
    std::vector<SweepPoint> points;
    int critical = -1; // index of the lowest derailing speed, -1 if none derailed
};

// The sweep's runs one by one (for the command-line batch, app/cli/Batch.h): point(i) is the run of speed
// from + i * step, a fresh simulation; critical() the index of the lowest derailing speed.
class SpeedSweep {
public:
    // Throws as sweepDerailmentSpeed.
    SpeedSweep(const LayoutSpec& spec, const std::string& file, const std::string& trainId,
               const SweepOptions& options);
    int size() const { return n_; }
    double speed(int i) const { return options_.from + i * options_.step; }
    SweepPoint point(int i) const; // thread-safe: each call simulates on its own

private:
    LayoutSpec spec_;
    std::string file_, trainId_;
    SweepOptions options_;
    int k_ = -1; // the train's index in spec.trains
    int n_ = 0;
};

// spec: the layout (with its "trains" section); file names it in errors. progress(i, n, point) after each
// speed, in order of speed, on the calling thread. Throws LayoutError for a bad layout or an unknown train id
// (path /trains), SimulationError.
SweepResult sweepDerailmentSpeed(const LayoutSpec& spec, const std::string& file, const std::string& trainId,
                                 const SweepOptions& options,
                                 const std::function<void(int, int, const SweepPoint&)>& progress = {});

} // namespace tl
