// Benchmark (not a test), core/io/StepFile.h: reading an IFC-sized STEP file, 100 000 instances each
// referring to the next (the id look-up is a sort and binary searches, the references are checked once):
// thread CPU and wall medians with min..max of 7 rounds, and the time per instance.
#include "core/BenchTiming.h"
#include "core/io/StepFile.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace tl;

int main() {
    const int n = 100000;
    std::string text =
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\n"
        "FILE_NAME('a.ifc','',(''),(''),'','','');\nFILE_SCHEMA(('IFC4X3_ADD2'));\nENDSEC;\nDATA;\n";
    for (int k = 1; k <= n; ++k)
        text += "#" + std::to_string(k) + "=IFCX(" + (k < n ? "#" + std::to_string(k + 1) : "$") + ",1.5);\n";
    text += "ENDSEC;\nEND-ISO-10303-21;\n";
    std::vector<double> cpu, wall;
    std::size_t count = 0;
    for (int round = 0; round < 7; ++round) {
        const bench::Timed t = bench::timed([&] { count = StepFile::parse(text, "a.ifc").size(); });
        cpu.push_back(1e3 * t.cpu);
        wall.push_back(1e3 * t.wall);
    }
    const bench::Stat c = bench::statOf(cpu), w = bench::statOf(wall);
    std::printf("%zu instances, %.1f MB: cpu %.1f ms [%.1f..%.1f], wall %.1f ms; %.2f us per instance\n",
                count, text.size() / 1e6, c.median, c.min, c.max, w.median, 1e3 * c.median / double(count));
    return 0;
}
