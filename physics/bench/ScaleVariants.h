#pragma once
#include "physics/bench/ScaleBenchmark.h"

#include <ostream>
#include <string>
#include <vector>

namespace tl {

// Two settings of the same fleets measured side by side in alternated rounds (A B, then B A): one thread vs
// `threads` (wall time, what the user waits for, and the real-time capacity from it; the outputs compared),
// or contact between trains on vs off (nothing touches: what detecting it costs), with a third case of 100
// trains 2 km apart on one 200 km loop. Sizes from options.bogies; tracklab-cli bench --only threads|contact.
struct ScaleVariantCase {
    std::string name;
    ScaleBenchmarkCase a, b; // the first setting, the second
    bool identical = false;  // the two runs' telemetry hashes are equal
};
struct ScaleVariantResult {
    std::string a, b; // the settings
    std::vector<ScaleVariantCase> cases;
    int capacityA = 0, capacityB = 0; // real-time capacity by wall time [bogies] (threads)
};
ScaleVariantResult runThreadsBenchmark(const ScaleBenchmarkOptions& options, int threads);
ScaleVariantResult runContactBenchmark(const ScaleBenchmarkOptions& options);
void printScaleVariants(std::ostream& os, const ScaleBenchmarkOptions& options, const ScaleVariantResult& r);

} // namespace tl
