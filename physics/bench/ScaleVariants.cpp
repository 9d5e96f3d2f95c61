// The scale benchmark's two-setting tables (ScaleVariants.h): threads, and contact on and off.
#include "physics/bench/ScaleVariants.h"

#include "core/layout/LayoutFile.h"
#include "physics/bench/ScaleFleet.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace tl {

using namespace bench_scale;

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
    const int steps = pairSteps(o), warmup = warmupSteps(o, one);
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
    const int steps = pairSteps(o), warmup = warmupSteps(o, on);
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
