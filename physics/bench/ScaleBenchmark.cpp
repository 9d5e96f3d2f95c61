#include "physics/bench/ScaleBenchmark.h"

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

namespace {

constexpr int kBogiesPerTrain = 10;    // locomotive + 4 coaches, two bogies each
constexpr int kTrainsPerTrack = 10;    //
constexpr double kTrainSpacing = 150;  // head to head [m] (a train is 117 m long)
constexpr double kTrackSpacing = 10.0; // between the parallel tracks [m] (core/BenchTrack.h: the track)

int trainsFor(int bogies) {
    return std::max(1, (bogies + kBogiesPerTrain - 1) / kBogiesPerTrain);
}

// Parallel tracks "y0", "y1", ... along +x, 10 m apart: weaving splines with equilibrium cant (the
// product's railway track), or straight lines.
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

// Where train i starts: its track and s [m].
using Placement = std::function<std::pair<std::string, double>(int train)>;

// The scale benchmark's: ten trains to a parallel track "y<k>", 150 m head to head.
std::pair<std::string, double> onParallelTracks(int i) {
    return {"y" + std::to_string(i / kTrainsPerTrack), kTrainSpacing * (i % kTrainsPerTrack + 1)};
}

class Fleet {
public:
    Fleet(const Layout& layout, int bogies, const ScaleBenchmarkOptions& o, const SimulationOptions& so,
          const Placement& place = onParallelTracks)
        : o_(o) {
        sim_ = std::make_unique<Simulation>(layout, std::vector<BodySpec>{}, std::vector<VehicleSpec>{}, so);
        const RollingStockSpec loco = loadRollingStock("locomotive", so.rollingStockDirs);
        const RollingStockSpec coach = loadRollingStock("passenger-car", so.rollingStockDirs);
        const int trains = trainsFor(bogies);
        for (int i = 0; i < trains; ++i) {
            TrainSpec t;
            t.id = "T" + std::to_string(i);
            t.cars = {loco, coach, coach, coach, coach};
            std::tie(t.track, t.s) = place(i);
            t.speed = o.speed;
            sim_->addTrain(t);
            sim_->setThrottle(i, o.speed / loco.traction->maxSpeed); // holds the speed
        }
    }
    int bogies() const { return sim_->view().bogieCount(); }
    int trains() const { return sim_->view().trainCount(); }
    int derailments() const { return int(sim_->view().derailments().size()); }
    std::uint64_t hash() const { return sim_->telemetry().hash(); }

    // Thread CPU and wall time of `steps` steps [s]; the profile of the same steps added to `p`.
    void run(int steps, double& cpu, double& wall, StepProfile& p) {
        sim_->resetStepProfile();
        const bench::Timed t = bench::timed([&] {
            for (int i = 0; i < steps; ++i)
                sim_->step();
        });
        cpu = t.cpu;
        wall = t.wall;
        const StepProfile& q = sim_->stepProfile();
        for (int s = 0; s < int(StepStage::Count); ++s)
            p.stage[s] += q.stage[s];
        p.steps += q.steps;
        p.rows += q.rows;
        p.rowIterations += q.rowIterations;
    }

private:
    ScaleBenchmarkOptions o_;
    std::unique_ptr<Simulation> sim_;
};

struct Measured {
    ScaleBenchmarkCase c;
    StepProfile profile; // summed over the repeats
};

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

// Cost per bogie-step at n bogies, linear in log n between the measured cases, constant beyond them.
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

} // namespace

ScaleBenchmarkResult runScaleBenchmark(const ScaleBenchmarkOptions& o) {
    ScaleBenchmarkResult r;
    SimulationOptions so;
    if (o.dt > 0) so.dt = o.dt;
    if (o.solverIterations > 0) so.solverIterations = o.solverIterations;
    so.recordTelemetry = o.telemetry;
    so.telemetryWindow = o.telemetry ? o.telemetryWindow : 0.0;
    so.telemetryMaxSamples = o.telemetry ? o.telemetrySamples : 0;
    // the solver settles while the telemetry buffer fills (a ring: once over its window it trims every step)
    const int warmup =
        std::max(o.warmupSteps, o.telemetry ? int(std::ceil(so.telemetryWindow / so.dt)) + 48 : 0);
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

namespace {

// 100 trains 2 km apart on one loop of 200 km: four quarter arcs of R = 31.8 km, joined end to start.
constexpr int kLoopTrains = 100;
constexpr double kLoopHeadway = 2000.0; // [m]

Layout loopTrack() {
    const double quarter = kLoopTrains * kLoopHeadway / 4, radius = quarter / (M_PI / 2);
    std::ostringstream json;
    json << std::setprecision(17) << R"({"format": "tracklab-layout", "version": 2, "tracks": [)";
    for (int q = 0; q < 4; ++q) {
        json << (q ? "," : "") << R"({"id": "q)" << q << R"(", "curve": {"type": "arc", "radius": )" << radius
             << R"(, "angle": )" << M_PI / 2 << "}";
        if (q) json << R"(, "placement": {"after": ["q)" << q - 1 << R"(", "end"]})";
        json << "}";
    }
    json << R"(], "connections": [)";
    for (int q = 0; q < 4; ++q)
        json << (q ? "," : "") << R"({"a": ["q)" << q << R"(", "end"], "b": ["q)" << (q + 1) % 4
             << R"(", "start"]})";
    json << "]}";
    return Layout::compile(parseLayoutSpec(json.str(), "<loop benchmark>"), "<loop benchmark>");
}

std::pair<std::string, double> onTheLoop(int i) {
    const int perQuarter = kLoopTrains / 4;
    return {"q" + std::to_string(i / perQuarter), 1000.0 + kLoopHeadway * (i % perQuarter)};
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

// Real-time capacity from wall medians at the measured sizes (costAt's interpolation, on wall time).
int wallCapacity(std::vector<ScaleBenchmarkCase> cases, double dt) {
    if (cases.empty()) return 0;
    std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.bogies < b.bogies; });
    for (auto& c : cases)
        c.cpu = c.wall;
    double a = 0.0, b = std::log(1e7);
    for (int it = 0; it < 60; ++it) {
        const double m = 0.5 * (a + b);
        (std::exp(m) * costAt(cases, std::exp(m)) <= 1e9 * dt ? a : b) = m;
    }
    return int(std::floor(std::exp(a)));
}

// The two settings of each case measured in alternated rounds (A B, then B A, ...).
struct Pair {
    std::string name;
    std::unique_ptr<Fleet> a, b;
    Measured ma, mb;
};

ScaleVariantResult measurePairs(std::vector<Pair>& pairs, const ScaleBenchmarkOptions& o, double dt,
                                int steps, int warmup) {
    for (Pair& p : pairs)
        for (auto* f : {p.a.get(), p.b.get()}) {
            double cpu, wall;
            StepProfile q;
            f->run(warmup, cpu, wall, q);
        }
    for (Pair& p : pairs) {
        p.ma.c.bogies = p.a->bogies();
        p.mb.c.bogies = p.b->bogies();
        p.ma.c.trains = p.a->trains();
        p.mb.c.trains = p.b->trains();
        p.ma.c.steps = p.mb.c.steps = steps;
    }
    for (int r = 0; r < o.repeats; ++r)
        for (Pair& p : pairs) {
            if (r % 2 == 0) {
                measure(*p.a, p.ma);
                measure(*p.b, p.mb);
            } else {
                measure(*p.b, p.mb);
                measure(*p.a, p.ma);
            }
        }
    ScaleVariantResult out;
    for (Pair& p : pairs) {
        finish(p.ma, dt);
        finish(p.mb, dt);
        p.ma.c.derailments = p.a->derailments();
        p.mb.c.derailments = p.b->derailments();
        out.cases.push_back({p.name, p.ma.c, p.mb.c, p.a->hash() == p.b->hash()});
    }
    return out;
}

int pairSteps(const ScaleBenchmarkOptions& o) {
    const int maxBogies = o.bogies.empty() ? 1 : *std::max_element(o.bogies.begin(), o.bogies.end());
    return std::clamp(int(std::lround(o.bogieSteps / std::max(1, maxBogies))), o.minSteps,
                      std::max(o.minSteps, o.maxSteps));
}

int pairWarmup(const ScaleBenchmarkOptions& o, const SimulationOptions& so) {
    return std::max(o.warmupSteps, o.telemetry ? int(std::ceil(so.telemetryWindow / so.dt)) + 48 : 0);
}

Layout pairLayout(const ScaleBenchmarkOptions& o, const SimulationOptions& so, int steps, int warmup) {
    int maxTrains = 0;
    for (int b : o.bogies)
        maxTrains = std::max(maxTrains, trainsFor(b));
    const double travel = o.speed * so.dt * (warmup + 2.0 * o.repeats * steps) + 100.0;
    return parallelTracks((maxTrains + kTrainsPerTrack - 1) / kTrainsPerTrack,
                          kTrainsPerTrack * kTrainSpacing + travel, o.spline);
}

} // namespace

ScaleVariantResult runThreadsBenchmark(const ScaleBenchmarkOptions& o, int threads) {
    SimulationOptions one = benchOptions(o), many = one;
    many.threads = threads;
    const int steps = pairSteps(o), warmup = pairWarmup(o, one);
    const Layout layout = pairLayout(o, one, steps, warmup);
    std::vector<Pair> pairs;
    for (int b : o.bogies)
        pairs.push_back({std::to_string(b) + " bogies, parallel tracks",
                         std::make_unique<Fleet>(layout, b, o, one),
                         std::make_unique<Fleet>(layout, b, o, many),
                         {},
                         {}});
    ScaleVariantResult r = measurePairs(pairs, o, one.dt, steps, warmup);
    r.a = "1 thread";
    r.b = std::to_string(threads) + " threads";
    std::vector<ScaleBenchmarkCase> a, b;
    for (const auto& c : r.cases) {
        a.push_back(c.a);
        b.push_back(c.b);
    }
    r.capacityA = wallCapacity(a, one.dt);
    r.capacityB = wallCapacity(b, one.dt);
    return r;
}

ScaleVariantResult runContactBenchmark(const ScaleBenchmarkOptions& o) {
    SimulationOptions on = benchOptions(o), off = on;
    off.contact = false;
    const int steps = pairSteps(o), warmup = pairWarmup(o, on);
    const Layout layout = pairLayout(o, on, steps, warmup);
    std::vector<Pair> pairs;
    for (int b : o.bogies)
        pairs.push_back({std::to_string(b) + " bogies, parallel tracks",
                         std::make_unique<Fleet>(layout, b, o, on),
                         std::make_unique<Fleet>(layout, b, o, off),
                         {},
                         {}});
    const Layout loop = loopTrack();
    pairs.push_back({"100 trains on a 200 km loop, 2 km apart",
                     std::make_unique<Fleet>(loop, kLoopTrains * kBogiesPerTrain, o, on, onTheLoop),
                     std::make_unique<Fleet>(loop, kLoopTrains * kBogiesPerTrain, o, off, onTheLoop),
                     {},
                     {}});
    ScaleVariantResult r = measurePairs(pairs, o, on.dt, steps, warmup);
    r.a = "contact on";
    r.b = "contact off";
    return r;
}

void printScaleVariants(std::ostream& os, const ScaleBenchmarkOptions& o, const ScaleVariantResult& r) {
    os << r.a << " vs " << r.b << ", the same fleets side by side, " << o.repeats
       << " alternated rounds (A B, B A, ...); ns per bogie-step: thread CPU and wall medians [min..max], "
          "the contact stage (wall, all rounds)\n";
    os << std::left << std::setw(42) << "case" << std::right << std::setw(14) << "setting" << std::setw(9)
       << "CPU" << std::setw(16) << "[min..max]" << std::setw(9) << "wall" << std::setw(16) << "[min..max]"
       << std::setw(9) << "contact" << std::setw(5) << "der"
       << "\n";
    os << std::fixed << std::setprecision(0);
    for (const auto& c : r.cases) {
        for (const auto& [setting, x] : {std::pair{&r.a, &c.a}, std::pair{&r.b, &c.b}}) {
            os << std::left << std::setw(42) << (x == &c.a ? c.name : std::string()) << std::right
               << std::setw(14) << *setting << std::setw(9) << x->cpu.median << std::setw(7) << "["
               << std::setw(5) << x->cpu.min << ".." << std::setw(5) << x->cpu.max << "]" << std::setw(9)
               << x->wall.median << std::setw(7) << "[" << std::setw(5) << x->wall.min << ".." << std::setw(5)
               << x->wall.max << "]" << std::setw(9) << x->stageNs[std::size_t(StepStage::Contact)]
               << std::setw(5) << x->derailments << "\n";
        }
        os << std::setprecision(3) << std::setw(56) << "ratio " << r.a << " / " << r.b << ": CPU "
           << c.a.cpu.median / c.b.cpu.median << ", wall " << c.a.wall.median / c.b.wall.median
           << "; outputs " << (c.identical ? "identical" : "DIFFERENT") << "\n"
           << std::setprecision(0);
    }
    if (r.capacityA > 0)
        os << "real-time capacity by wall time (N x cost(N) = dt, cost interpolated in log N): " << r.a << " "
           << r.capacityA << " bogies, " << r.b << " " << r.capacityB << " bogies, ratio "
           << std::setprecision(3) << double(r.capacityB) / r.capacityA << "\n";
    os.unsetf(std::ios::fixed);
}

} // namespace tl
