#pragma once
// The scale benchmark (issue 5): how many bogies step in real time at 240 Hz with 20 solver iterations on
// one core, and whether the cost per bogie-step stays flat from 100 to 4 000 bogies (goal: within 1.2x).
// A layout built in code -- parallel straight tracks 10 m apart, several trains per track, each a locomotive
// and four coaches (10 bogies) holding 20 m/s under throttle -- is stepped a fixed number of steps per case;
// the cases are measured side by side in one process (interleaved repeats, best of). The wall time is split
// into our work before and after the Bullet step (driver inputs, row limits, couplers, feeder, monitor,
// telemetry) and Bullet's stepSimulation (Simulation::stepProfile()). Used by tests/bench/bench_scale.cpp
// and `tracklab-cli bench --scale`.
#include <ostream>
#include <vector>

namespace tl {

struct ScaleBenchmarkOptions {
    std::vector<int> bogies = {100, 1000, 4000}; // cases; rounded up to whole trains of 10 bogies
    double bogieSteps = 4.0e5;                   // bogie-steps per measurement (fewer steps for big cases)
    int minSteps = 48;                           // at least this many steps per measurement
    int maxSteps = 2400;                         // at most (the trains must not reach the track ends)
    int warmupSteps = 24;                        // stepped once before measuring [-]
    int repeats = 2;                             // interleaved repeats; the best counts
    int solverIterations = 20;                   //
    double dt = 1.0 / 240.0;                     // [s]
    double speed = 20.0;                         // initial and held train speed [m/s]
    bool telemetry = false;                      // record per-bogie telemetry (window 1 s) while stepping
    bool findRealTime = true;                    // also measure at the estimated real-time bogie count
};

struct ScaleBenchmarkCase {
    int bogies = 0;              // bogies stepped
    int trains = 0;              //
    int steps = 0;               // per measurement
    double msPerStep = 0;        // wall time per step, best of the repeats [ms]
    double nsPerBogieStep = 0;   // msPerStep / bogies [ns]
    double bulletShare = 0;      // fraction of the step in Bullet's stepSimulation [-]
    double oursNsPerBogie = 0;   // our before/after work per bogie-step [ns]
    double bulletNsPerBogie = 0; // Bullet's per bogie-step [ns]
    double ratio = 0;            // nsPerBogieStep vs. the first case [-]
    bool realTime = false;       // msPerStep <= dt
    int derailments = 0;         // must stay 0 (a derailed car would change the work)
};

struct ScaleBenchmarkResult {
    std::vector<ScaleBenchmarkCase> cases; // in the order of options.bogies
    double maxRatio = 0;                   // max/min nsPerBogieStep over the cases [-]
    int realTimeEstimate = 0;              // bogies N with N x cost(N) = dt (cost interpolated in log N)
    ScaleBenchmarkCase check;              // measured at realTimeEstimate (findRealTime), else bogies 0
};

ScaleBenchmarkResult runScaleBenchmark(const ScaleBenchmarkOptions& options);
void printScaleBenchmark(std::ostream& os, const ScaleBenchmarkOptions& options,
                         const ScaleBenchmarkResult& result);

} // namespace tl
