#include "physics/run/SpeedSweep.h"

#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "physics/run/RunJobs.h"

#include <cmath>

namespace tl {

SpeedSweep::SpeedSweep(const LayoutSpec& spec, const std::string& file, const std::string& trainId,
                       const SweepOptions& options)
    : spec_(spec), file_(file), trainId_(trainId), options_(options) {
    if (!(options.step > 0) || !(options.to >= options.from))
        throw SimulationError("sweep: need A <= B and STEP > 0");
    const nlohmann::json& trains = spec.trains;
    if (!trains.is_array()) throw LayoutError(file, "/trains", "no \"trains\" section");
    int k = -1;
    for (std::size_t i = 0; i < trains.size(); ++i)
        if (trains[i].is_object() && trains[i].value("id", std::string()) == trainId) k = int(i);
    if (k < 0) throw LayoutError(file, "/trains", "no train with id \"" + trainId + "\"");
    k_ = k;
    n_ = int(std::floor((options.to - options.from) / options.step + 1e-3)) + 1;
    options_.simulation.recordTelemetry = false;
}

SweepPoint SpeedSweep::point(int i) const { // one speed: a fresh simulation of its own
    SweepPoint p;
    p.speed = speed(i);
    LayoutSpec s = spec_;
    s.trains[std::size_t(k_)]["speed"] = p.speed;
    // the train as it would run unprotected: signals never stop it (docs/trains-format.md)
    for (auto& t : s.trains)
        if (t.is_object()) t["protection"] = false;
    s.trains[std::size_t(k_)].erase("driver");
    const Layout layout = Layout::compile(s, file_);
    Simulation sim(layout, options_.simulation, file_);
    const int t = sim.view().trainIndex(trainId_);
    while (sim.time() < options_.duration - 0.5 * sim.dt()) {
        sim.step();
        for (const auto& e : sim.view().derailments())
            if (e.train == t) {
                p.derailment = e;
                return p;
            }
    }
    return p;
}

SweepResult sweepDerailmentSpeed(const LayoutSpec& spec, const std::string& file, const std::string& trainId,
                                 const SweepOptions& options,
                                 const std::function<void(int, int, const SweepPoint&)>& progress) {
    const SpeedSweep sweep(spec, file, trainId, options);
    const int n = sweep.size();
    SweepResult result;
    result.points.resize(std::size_t(n));
    runJobs(
        n, options.jobs, [&](int i) { result.points[std::size_t(i)] = sweep.point(i); },
        [&](int i) {
            const SweepPoint& p = result.points[std::size_t(i)];
            if (p.derailment && result.critical < 0) result.critical = i;
            if (progress) progress(i, n, p);
        });
    return result;
}

} // namespace tl
