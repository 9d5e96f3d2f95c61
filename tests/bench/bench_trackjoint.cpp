// Benchmark: cost per joint-step of the trackjoint vs. btGeneric6DofSpring2Constraint with six locked rows,
// same bodies and solver settings, side by side in one process. Goal: ratio <= 1.10.
// Usage: bench_trackjoint [joints] [steps] [repeats]
#include "physics/bench/TrackJointBenchmark.h"

#include <cstdlib>
#include <iostream>

int main(int argc, char** argv) {
    tl::TrackJointBenchmarkOptions o;
    if (argc > 1) o.joints = std::max(1, std::atoi(argv[1]));
    if (argc > 2) o.steps = std::max(1, std::atoi(argv[2]));
    if (argc > 3) o.repeats = std::max(1, std::atoi(argv[3]));
    const auto cases = tl::runTrackJointBenchmark(o);
    tl::printTrackJointBenchmark(std::cout, o, cases);
    return 0;
}
