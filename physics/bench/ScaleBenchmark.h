#pragma once
// The scale benchmark (docs/trains-format.md, "Scale benchmark"): how many bogies step in real time at 240 Hz
// on one core with the product's defaults, and whether the cost per bogie-step stays flat from 100 to 4 000
// bogies (goals:
// >= 1 500 bogies in real time, growth <= 1.3x). A layout built in code -- parallel spline tracks 10 m
// apart that weave in gentle curves (R ~ 800 m) with equilibrium cant, several trains per track, each a
// locomotive and four coaches (10 bogies) holding 20 m/s under throttle -- is stepped with the defaults of
// SimulationOptions (solver iterations, dt, ERP) and telemetry recorded into the buffer the GUI keeps
// between frames (Telemetry::kLiveWindow, kLiveSamples; the CLI streams its samples to the CSV), measured in
// the steady state (the buffer filled and trimmed during the warm-up). The cases are measured side by side in
// one process: every repeat steps every case once (interleaved, so drifting machine load hits all alike).
// Each measurement reports thread CPU time (CLOCK_THREAD_CPUTIME_ID: the core's own work, not time lost to
// other processes) and wall time; the table gives medians and the spread (min..max) of the repeats, and the
// split by step stage (Simulation::stepProfile(), wall). Used by tests/bench/bench_scale.cpp and
// `tracklab-cli bench --scale`.
#include "core/BenchTiming.h"
#include "physics/telemetry/Telemetry.h"

#include <ostream>
#include <string>
#include <vector>

namespace tl {

struct ScaleBenchmarkOptions {
    std::vector<int> bogies = {100, 1000, 4000}; // cases; rounded up to whole trains of 10 bogies
    // Bogie-steps per measurement of the largest case. Every case steps the same number of steps per
    // measurement (the same simulated window: the trains of every case meet the same curves, cant and
    // solver work, so the cases differ by their size alone).
    double bogieSteps = 2.4e5;
    int minSteps = 48;   // at least this many steps per measurement
    int maxSteps = 1500; // at most (the track is sized for repeats x this)
    // Stepped before measuring (plus 2 telemetry windows: filled and trimmed once): the trains' start (at
    // speed, couplers slack) settles in ~4 s; before that the solver needs ~3x the iterations of the
    // steady state (15.8 vs. 4.9 per row at 100 bogies).
    int warmupSteps = 1200;
    int repeats = 7;                                        // interleaved repeats (median and spread)
    int solverIterations = 0;                               // 0: the product's default (SimulationOptions)
    double dt = 0;                                          // [s]; 0: the product's default
    double speed = 20.0;                                    // initial and held train speed [m/s]
    bool telemetry = true;                                  // record per-bogie telemetry while stepping
    double telemetryWindow = Telemetry::kLiveWindow;        // samples kept [s] (Telemetry::setWindow)
    std::size_t telemetrySamples = Telemetry::kLiveSamples; // and at most this many (0: no limit)
    bool spline = true;       // weaving spline tracks with cant; false: straight lines
    bool findRealTime = true; // also measure at the estimated real-time bogie count and at goalBogies
    int goalBogies = 1500;    // the goal's size, measured directly (0: not)
};

using ScaleBenchmarkStat = bench::Stat; // median, min, max over the repeats

struct ScaleBenchmarkCase {
    int bogies = 0;               // bogies stepped
    int trains = 0;               //
    int steps = 0;                // per measurement
    std::vector<double> cpuNs;    // thread CPU ns per bogie-step, per repeat
    std::vector<double> wallNs;   // wall ns per bogie-step, per repeat
    ScaleBenchmarkStat cpu, wall; // ns per bogie-step [ns]
    std::vector<double> stageNs;  // per StepStage, wall ns per bogie-step over all repeats [ns]
    double iterations = 0;        // mean solver iterations per joint row and step [-]
    double ratio = 0;             // cpu.median vs. the first case [-]
    bool realTime = false;        // cpu.median x bogies <= dt
    int derailments = 0;          // must stay 0 (a derailed car would change the work)
};

struct ScaleBenchmarkResult {
    std::vector<ScaleBenchmarkCase> cases; // in the order of options.bogies
    double maxRatio = 0;                   // max/min cpu median over the cases [-]
    int realTimeEstimate = 0;              // bogies N with N x cost(N) = dt (cost interpolated in log N)
    ScaleBenchmarkCase check;              // measured at realTimeEstimate (findRealTime), else bogies 0
    ScaleBenchmarkCase goal;               // measured at options.goalBogies (findRealTime), else bogies 0
    int solverIterations = 0;              // in effect
    double dt = 0;                         // in effect [s]
};

ScaleBenchmarkResult runScaleBenchmark(const ScaleBenchmarkOptions& options);
void printScaleBenchmark(std::ostream& os, const ScaleBenchmarkOptions& options,
                         const ScaleBenchmarkResult& result);

} // namespace tl
