#pragma once
// Cost per joint-step of the trackjoint vs. Bullet's btGeneric6DofSpring2Constraint with six locked rows,
// on the same bodies and solver settings, measured side by side in one process (interleaved repeats,
// best of). Used by tests/bench/bench_trackjoint.cpp and `tracklab-cli bench`.
#include <ostream>
#include <string>
#include <vector>

namespace tl {

struct TrackJointBenchmarkOptions {
    int joints = 200;          // bodies, one joint each
    int steps = 1000;          // steps per measurement
    int repeats = 3;           // interleaved repeats; the best time counts
    int solverIterations = 30; // same for every case
    double dt = 1.0 / 240.0;   // [s]
};

struct TrackJointBenchmarkCase {
    std::string name;
    int rows = 0;              // constraint rows per joint
    double nsPerJointStep = 0; // best of the repeats [ns]
    double ratio = 0;          // vs. the 6-DOF reference
};

std::vector<TrackJointBenchmarkCase> runTrackJointBenchmark(const TrackJointBenchmarkOptions& options);
void printTrackJointBenchmark(std::ostream& os, const TrackJointBenchmarkOptions& options,
                              const std::vector<TrackJointBenchmarkCase>& cases);

} // namespace tl
