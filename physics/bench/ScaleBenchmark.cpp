#include "physics/bench/ScaleBenchmark.h"

#include "physics/bench/ScaleFleet.h"

#include "core/BenchTrack.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iomanip>
#include <memory>
#include <sstream>
#include <string>
#include <utility>

namespace tl {

using namespace bench_scale;

namespace {

// Fleets measured side by side: each is built and warmed up when added; every repeat then steps each fleet
// once (interleaved: drifting machine load hits every fleet alike).
class SideBySide {
public:
    SideBySide(const Layout& layout, const ScaleBenchmarkOptions& o, const SimulationOptions& so, int steps,
               int warmup)
        : layout_(layout), o_(o), so_(so), steps_(steps), warmup_(warmup) {}
    void add(int bogies) {
        fleets_.push_back(std::make_unique<Fleet>(layout_, bogies, o_, so_));
        Measured m;
        m.c.bogies = fleets_.back()->bogies();
        m.c.trains = fleets_.back()->trains();
        m.c.steps = steps_;
        double cpu, wall;
        StepProfile p;
        fleets_.back()->run(warmup_, cpu, wall, p);
        ms_.push_back(m);
    }
    void measureAll(int repeats) {
        for (int k = 0; k < repeats; ++k)
            for (std::size_t i = 0; i < fleets_.size(); ++i)
                measure(*fleets_[i], ms_[i]);
    }
    std::size_t size() const { return fleets_.size(); }
    ScaleBenchmarkCase result(std::size_t i) { // after measureAll
        finish(ms_[i], so_.dt);
        ms_[i].c.derailments = fleets_[i]->derailments();
        return ms_[i].c;
    }
    void free() { fleets_.clear(); } // the fleets' memory (the results stay)

private:
    const Layout& layout_;
    const ScaleBenchmarkOptions& o_;
    const SimulationOptions& so_;
    int steps_, warmup_;
    std::vector<std::unique_ptr<Fleet>> fleets_;
    std::vector<Measured> ms_;
};

} // namespace

ScaleBenchmarkResult runScaleBenchmark(const ScaleBenchmarkOptions& o) {
    ScaleBenchmarkResult r;
    const SimulationOptions so = benchOptions(o);
    const int warmup = warmupSteps(o, so);
    r.solverIterations = so.solverIterations;
    r.dt = so.dt;
    if (o.bogies.empty()) return r;
    int maxTrains = 0;
    for (int b : o.bogies)
        maxTrains = std::max(maxTrains, trainsFor(b));
    // One layout for every case, sized for the largest (and for the real-time check, up to 4x that), long
    // enough that no train reaches the end in warm-up + repeats x maxSteps.
    const double travel = o.speed * so.dt * (warmup + double(o.repeats) * o.maxSteps) + 100.0;
    const double length = kTrainsPerTrack * kTrainSpacing + travel;
    const Layout layout =
        parallelTracks((4 * maxTrains + kTrainsPerTrack - 1) / kTrainsPerTrack, length, o.spline);
    const int maxBogies = *std::max_element(o.bogies.begin(), o.bogies.end());
    const int steps = std::clamp(int(std::lround(o.bogieSteps / std::max(1, maxBogies))), o.minSteps,
                                 std::max(o.minSteps, o.maxSteps)); // per measurement, every case
    SideBySide cases(layout, o, so, steps, warmup);
    for (int b : o.bogies)
        cases.add(b);
    cases.measureAll(o.repeats);
    for (std::size_t i = 0; i < cases.size(); ++i)
        r.cases.push_back(cases.result(i));
    double lo = 1e300, hi = 0;
    for (auto& c : r.cases) {
        c.ratio = c.cpu.median / r.cases.front().cpu.median;
        lo = std::min(lo, c.cpu.median);
        hi = std::max(hi, c.cpu.median);
    }
    r.maxRatio = hi / lo;

    // Real time: the N with N cost(N) = dt (N cost(N) grows with N), by bisection in log N.
    std::vector<ScaleBenchmarkCase> sorted = r.cases;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.bogies < b.bogies; });
    const double budget = 1e9 * so.dt; // [ns]
    double a = 0.0, b = std::log(1e7);
    for (int it = 0; it < 60; ++it) {
        const double m = 0.5 * (a + b);
        (std::exp(m) * costAt(sorted, std::exp(m)) <= budget ? a : b) = m;
    }
    r.realTimeEstimate = int(std::floor(std::exp(a)));
    // Measured at that size and at the goal's, the two fleets side by side (interleaved). They are built
    // while the case fleets still exist, so their objects are laid out as a simulation built once lays
    // them out; built after those were freed, into the holes they left, a fleet measured 5-15 % above the
    // interpolation.
    const int cap = 4 * maxTrains * kBogiesPerTrain; // the layout's room
    auto fits = [&](int n) { return o.findRealTime && n >= kBogiesPerTrain && n <= cap; };
    std::vector<ScaleBenchmarkCase*> outs; // where each check's result goes
    SideBySide checks(layout, o, so, steps, warmup);
    for (const auto& [out, n] : {std::pair{&r.check, r.realTimeEstimate}, std::pair{&r.goal, o.goalBogies}})
        if (fits(n)) {
            checks.add(n / kBogiesPerTrain * kBogiesPerTrain);
            outs.push_back(out);
        }
    cases.free();
    checks.measureAll(o.repeats);
    for (std::size_t i = 0; i < checks.size(); ++i) {
        *outs[i] = checks.result(i);
        outs[i]->ratio = outs[i]->cpu.median / r.cases.front().cpu.median;
    }
    return r;
}

void printScaleBenchmark(std::ostream& os, const ScaleBenchmarkOptions& o, const ScaleBenchmarkResult& r) {
    os << std::setprecision(6) << "scale benchmark: trains of a locomotive + 4 coaches (10 bogies) at "
       << o.speed << " m/s on parallel " << (o.spline ? "weaving splines with cant (R ~ 800 m)" : "straights")
       << ", " << r.solverIterations << " solver iterations, dt = " << r.dt << " s (" << std::lround(1 / r.dt)
       << " Hz), telemetry "
       << (o.telemetry
               ? "on (" + std::to_string(o.telemetryWindow).substr(0, 4) + " s window" +
                     (o.telemetrySamples ? ", at most " + std::to_string(o.telemetrySamples) + " samples)"
                                         : std::string(")"))
               : std::string("off"))
       << ", " << o.repeats << " interleaved repeats, one core\n"
       << "ns per bogie-step: thread CPU median [min..max] and spread (max-min)/median; wall median; stages "
          "(wall, all repeats)\n";
    os << std::right << std::setw(7) << "bogies" << std::setw(6) << "steps" << std::setw(9) << "CPU"
       << std::setw(18) << "[min..max]" << std::setw(8) << "spread" << std::setw(8) << "wall" << std::setw(7)
       << "ratio";
    for (int s = 0; s < int(StepStage::Count); ++s) {
        std::string n = stepStageName(StepStage(s));
        os << std::setw(8) << n.substr(0, 7);
    }
    os << std::setw(6) << "iter" << std::setw(6) << "RT" << std::setw(5) << "der"
       << "\n";
    auto row = [&](const ScaleBenchmarkCase& c) {
        os << std::fixed << std::setw(7) << c.bogies << std::setw(6) << c.steps << std::setprecision(0)
           << std::setw(9) << c.cpu.median << std::setw(8) << "[" << std::setw(5) << c.cpu.min << ".."
           << std::setw(5) << c.cpu.max << "]" << std::setprecision(1) << std::setw(7) << 100 * c.cpu.spread()
           << "%" << std::setprecision(0) << std::setw(8) << c.wall.median << std::setprecision(3)
           << std::setw(7) << c.ratio << std::setprecision(0);
        for (double x : c.stageNs)
            os << std::setw(8) << x;
        os << std::setprecision(1) << std::setw(6) << c.iterations << std::setprecision(0) << std::setw(6)
           << (c.realTime ? "yes" : "no") << std::setw(5) << c.derailments << "\n";
    };
    for (const auto& c : r.cases)
        row(c);
    os << std::setprecision(3) << "per-bogie CPU cost max/min over the cases: " << r.maxRatio
       << " (goal <= 1.3)\n";
    os << "real-time capacity (N x cost(N) = " << std::setprecision(3) << 1e3 * r.dt
       << " ms of CPU, cost interpolated in log N): " << r.realTimeEstimate << " bogies (goal >= 1500)\n";
    if (r.check.bogies > 0) {
        os << "measured at that size:\n";
        row(r.check);
    }
    if (r.goal.bogies > 0) {
        os << "measured at the goal's size (" << o.goalBogies
           << " bogies; real time needs <= " << std::setprecision(0) << std::fixed
           << 1e9 * r.dt / r.goal.bogies << " ns per bogie-step):\n";
        os.unsetf(std::ios::fixed);
        row(r.goal);
    }
    os.unsetf(std::ios::fixed);
}

} // namespace tl
