#include "physics/run/SpeedSweep.h"

#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "physics/run/RunJobs.h"

#include <cmath>

namespace tl {

SweepResult sweepDerailmentSpeed(const LayoutSpec& spec, const std::string& file, const std::string& trainId,
                                 const SweepOptions& options,
                                 const std::function<void(int, int, const SweepPoint&)>& progress) {
    if (!(options.step > 0) || !(options.to >= options.from))
        throw SimulationError("sweep: need A <= B and STEP > 0");
    nlohmann::json trains = spec.trains;
    if (!trains.is_array()) throw LayoutError(file, "/trains", "no \"trains\" section");
    int k = -1;
    for (std::size_t i = 0; i < trains.size(); ++i)
        if (trains[i].is_object() && trains[i].value("id", std::string()) == trainId) k = int(i);
    if (k < 0) throw LayoutError(file, "/trains", "no train with id \"" + trainId + "\"");
    const int n = int(std::floor((options.to - options.from) / options.step + 1e-3)) + 1;
    SweepResult result;
    result.points.resize(std::size_t(n));
    SimulationOptions so = options.simulation;
    so.recordTelemetry = false;
    auto run = [&](int i) { // one speed: a fresh simulation of its own (RunJobs.h)
        SweepPoint& p = result.points[std::size_t(i)];
        p.speed = options.from + i * options.step;
        LayoutSpec s = spec;
        s.trains = trains;
        s.trains[std::size_t(k)]["speed"] = p.speed;
        const Layout layout = Layout::compile(s, file);
        Simulation sim(layout, so, file);
        const int t = sim.view().trainIndex(trainId);
        while (sim.time() < options.duration - 0.5 * sim.dt()) {
            sim.step();
            bool hit = false;
            for (const auto& e : sim.view().derailments())
                if (e.train == t) {
                    p.derailment = e;
                    hit = true;
                    break;
                }
            if (hit) break;
        }
    };
    runJobs(n, options.jobs, run, [&](int i) {
        const SweepPoint& p = result.points[std::size_t(i)];
        if (p.derailment && result.critical < 0) result.critical = i;
        if (progress) progress(i, n, p);
    });
    return result;
}

} // namespace tl
