// Benchmark: how many bogies step in real time at 240 Hz on one core with the product's defaults (spline
// track with cant, telemetry on, the default solver iterations), and the cost per bogie-step at 100, 1 000
// and 4 000 bogies: thread CPU time medians and spread of interleaved repeats, wall time, and the split by
// step stage (physics/bench/ScaleBenchmark.h). Goals: growth <= 1.3x, >= 1 500 bogies in real time.
// Usage: bench_scale [--no-check] [--straight] [--no-telemetry] [--iterations N] [--warmup STEPS]
//                    [--window SECONDS] [--samples N] [bogie-steps per measurement of the largest case]
//                    [repeats] [bogies...]
// (--window, --samples: the telemetry buffer, by default the GUI's: Telemetry::kLiveWindow, kLiveSamples;
// --samples 0: no limit)
// (--no-check: skip the runs at the estimated real-time size and at the goal's 1 500 bogies, e.g. under
// valgrind --tool=callgrind)
#include "app/allocator/ProcessAllocator.h"
#include "physics/bench/ScaleBenchmark.h"

#include <cstdlib>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    tl::ScaleBenchmarkOptions o;
    std::vector<std::string> rest;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--no-check")
            o.findRealTime = false;
        else if (a == "--straight")
            o.spline = false;
        else if (a == "--no-telemetry")
            o.telemetry = false;
        else if (a == "--warmup" && i + 1 < argc)
            o.warmupSteps = std::max(0, std::atoi(argv[++i]));
        else if (a == "--window" && i + 1 < argc)
            o.telemetryWindow = std::max(0.0, std::atof(argv[++i]));
        else if (a == "--samples" && i + 1 < argc)
            o.telemetrySamples = std::size_t(std::max(0LL, std::atoll(argv[++i])));
        else if (a == "--iterations" && i + 1 < argc)
            o.solverIterations = std::max(1, std::atoi(argv[++i]));
        else
            rest.push_back(a);
    }
    if (rest.size() > 0) o.bogieSteps = std::max(1000.0, std::atof(rest[0].c_str()));
    if (rest.size() > 1) o.repeats = std::max(1, std::atoi(rest[1].c_str()));
    if (rest.size() > 2) {
        o.bogies.clear();
        for (std::size_t i = 2; i < rest.size(); ++i)
            o.bogies.push_back(std::max(10, std::atoi(rest[i].c_str())));
    }
    std::cout << tl::processAllocatorLine() << "\n";
    const auto r = tl::runScaleBenchmark(o);
    tl::printScaleBenchmark(std::cout, o, r);
    return 0;
}
