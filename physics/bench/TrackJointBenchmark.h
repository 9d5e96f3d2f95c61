#pragma once
// Cost per joint-step of the trackjoint vs. Bullet's btGeneric6DofSpring2Constraint with six locked rows,
// on bodies in the same state (each moving at 20 m/s along its own arc: the 6-DOF lock's frame is carried
// along the arc every step, the trackjoint's track frame follows by the ds rule (docs/trackjoint.md)) and the
// same solver settings, measured side by side in one process: interleaved repeats, thread CPU time and wall
// time, medians and spread (min..max). Used by tests/bench/bench_trackjoint.cpp and `tracklab-cli bench`.
#include "core/BenchTiming.h"

#include <ostream>
#include <string>
#include <vector>

namespace tl {

struct TrackJointBenchmarkOptions {
    int joints = 200;          // bodies, one joint each
    int steps = 1000;          // steps per measurement
    int repeats = 5;           // interleaved repeats (medians and spread)
    int solverIterations = 30; // same for every case
    double dt = 1.0 / 240.0;   // [s]
};

struct TrackJointBenchmarkCase {
    std::string name;
    int rows = 0;          // constraint rows per joint
    bench::Stat cpu, wall; // ns per joint-step over the repeats: thread CPU, wall [ns]
    double ratio = 0;      // cpu median vs. the 6-DOF reference
};

std::vector<TrackJointBenchmarkCase> runTrackJointBenchmark(const TrackJointBenchmarkOptions& options);
void printTrackJointBenchmark(std::ostream& os, const TrackJointBenchmarkOptions& options,
                              const std::vector<TrackJointBenchmarkCase>& cases);

} // namespace tl
