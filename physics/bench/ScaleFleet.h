#pragma once
// The scale benchmarks' fleets (physics/bench/ScaleBenchmark.h, ScaleVariants.h): trains of a locomotive and
// four coaches on the benchmark's parallel weaving tracks (core/BenchTrack.h) or placed as a caller says,
// holding their speed; each measurement's thread CPU and wall time per bogie-step. Internal to physics/bench.
#include "core/layout/Layout.h"
#include "physics/bench/ScaleBenchmark.h"
#include "physics/sim/Simulation.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

namespace tl::bench_scale {

constexpr int kBogiesPerTrain = 10;    // locomotive + 4 coaches, two bogies each
constexpr int kTrainsPerTrack = 10;    //
constexpr double kTrainSpacing = 150;  // head to head [m] (a train is 117 m long)
constexpr double kTrackSpacing = 10.0; // between the parallel tracks [m] (core/BenchTrack.h: the track)

int trainsFor(int bogies);
// Parallel tracks "y0", "y1", ... along +x, 10 m apart: weaving splines with equilibrium cant (the
// product's railway track), or straight lines.
Layout parallelTracks(int tracks, double length, bool spline);

// Where train i starts: its track and s [m].
using Placement = std::function<std::pair<std::string, double>(int train)>;
// The scale benchmark's: ten trains to a parallel track "y<k>", 150 m head to head.
std::pair<std::string, double> onParallelTracks(int i);

// The options of the product a benchmark's simulations step with (its dt, solver, telemetry window).
SimulationOptions benchOptions(const ScaleBenchmarkOptions& o);
// Steps before measuring: the options' warm-up, and the telemetry buffer filled and trimmed.
int warmupSteps(const ScaleBenchmarkOptions& o, const SimulationOptions& so);

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

void measure(Fleet& f, Measured& m); // one measurement of m.c.steps steps
void finish(Measured& m, double dt); // the statistics over the repeats
// Cost per bogie-step at n bogies, linear in log n between the measured cases, constant beyond them.
double costAt(const std::vector<ScaleBenchmarkCase>& sorted, double n);

} // namespace tl::bench_scale
