// The scale benchmarks' fleets (ScaleFleet.h).
#include "physics/bench/ScaleFleet.h"

#include "core/BenchTrack.h"
#include "core/layout/LayoutFile.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace tl::bench_scale {

int trainsFor(int bogies) {
    return std::max(1, (bogies + kBogiesPerTrain - 1) / kBogiesPerTrain);
}

Layout parallelTracks(int tracks, double length, bool spline) {
    std::ostringstream json;
    json << std::setprecision(12) << R"({"format": "tracklab-layout", "version": 1, "tracks": [)";
    for (int k = 0; k < tracks; ++k) {
        std::ostringstream placement;
        placement << R"({"position": [0, )" << kTrackSpacing * k << ", 0]}";
        const std::string id = "y" + std::to_string(k);
        json << (k ? "," : "");
        if (spline)
            json << weavingTrackJson(id, length, placement.str());
        else
            json << R"({"id": ")" << id << R"(", "curve": {"type": "line", "length": )" << length
                 << R"(}, "placement": )" << placement.str() << "}";
    }
    json << "]}";
    return Layout::compile(parseLayoutSpec(json.str(), "<scale benchmark>"), "<scale benchmark>");
}

std::pair<std::string, double> onParallelTracks(int i) {
    return {"y" + std::to_string(i / kTrainsPerTrack), kTrainSpacing * (i % kTrainsPerTrack + 1)};
}

void measure(Fleet& f, Measured& m) {
    double cpu = 0, wall = 0;
    f.run(m.c.steps, cpu, wall, m.profile);
    const double n = double(m.c.steps) * m.c.bogies;
    m.c.cpuNs.push_back(1e9 * cpu / n);
    m.c.wallNs.push_back(1e9 * wall / n);
}

void finish(Measured& m, double dt) {
    m.c.cpu = bench::statOf(m.c.cpuNs);
    m.c.wall = bench::statOf(m.c.wallNs);
    const double n = double(m.profile.steps) * m.c.bogies;
    m.c.stageNs.assign(std::size_t(StepStage::Count), 0.0);
    for (int s = 0; s < int(StepStage::Count); ++s)
        m.c.stageNs[std::size_t(s)] = n > 0 ? 1e9 * m.profile.stage[s] / n : 0.0;
    m.c.realTime = m.c.cpu.median * m.c.bogies <= 1e9 * dt;
    m.c.iterations = m.profile.rows > 0 ? double(m.profile.rowIterations) / double(m.profile.rows) : 0.0;
}

double costAt(const std::vector<ScaleBenchmarkCase>& sorted, double n) {
    if (n <= sorted.front().bogies) return sorted.front().cpu.median;
    for (std::size_t i = 1; i < sorted.size(); ++i)
        if (n <= sorted[i].bogies) {
            const double a = std::log(double(sorted[i - 1].bogies)), b = std::log(double(sorted[i].bogies));
            const double u = (std::log(n) - a) / (b - a);
            return (1 - u) * sorted[i - 1].cpu.median + u * sorted[i].cpu.median;
        }
    return sorted.back().cpu.median;
}

SimulationOptions benchOptions(const ScaleBenchmarkOptions& o) {
    SimulationOptions so;
    if (o.dt > 0) so.dt = o.dt;
    if (o.solverIterations > 0) so.solverIterations = o.solverIterations;
    so.recordTelemetry = o.telemetry;
    so.telemetryWindow = o.telemetry ? o.telemetryWindow : 0.0;
    so.telemetryMaxSamples = o.telemetry ? o.telemetrySamples : 0;
    return so;
}

int warmupSteps(const ScaleBenchmarkOptions& o, const SimulationOptions& so) {
    // the solver settles while the telemetry buffer fills (a ring: once over its window it trims every step)
    return std::max(o.warmupSteps, o.telemetry ? int(std::ceil(so.telemetryWindow / so.dt)) + 48 : 0);
}

} // namespace tl::bench_scale
