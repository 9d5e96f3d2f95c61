// Benchmark: how many bogies step in real time at 240 Hz with 20 solver iterations on one core, and the
// cost per bogie-step at 100, 1 000 and 4 000 bogies, split into Bullet's stepSimulation and our work
// (feeder, monitor, couplers, telemetry), measured side by side in one run. Goals: flat within 1.2x,
// >= 1000 bogies in real time.
// Usage: bench_scale [--no-check] [bogie-steps per measurement] [repeats] [telemetry 0|1] [bogies...]
// (--no-check: skip the run at the estimated real-time size, e.g. under valgrind --tool=callgrind)
#include "physics/ScaleBenchmark.h"

#include <cstdlib>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    tl::ScaleBenchmarkOptions o;
    if (argc > 1 && std::string(argv[1]) == "--no-check") {
        o.findRealTime = false;
        --argc;
        ++argv;
    }
    if (argc > 1) o.bogieSteps = std::max(1000.0, std::atof(argv[1]));
    if (argc > 2) o.repeats = std::max(1, std::atoi(argv[2]));
    if (argc > 3) o.telemetry = std::atoi(argv[3]) != 0;
    if (argc > 4) {
        o.bogies.clear();
        for (int i = 4; i < argc; ++i)
            o.bogies.push_back(std::max(10, std::atoi(argv[i])));
    }
    const auto r = tl::runScaleBenchmark(o);
    tl::printScaleBenchmark(std::cout, o, r);
    return 0;
}
