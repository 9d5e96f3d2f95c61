#pragma once
// A derailment-risk map (tracklab-cli risk; docs/batch.md, "Derailment-risk maps"): N runs of one train of
// the layout, each with its uncertain inputs drawn (Uncertainty.h) for (seed, run), each a fresh simulation
// (telemetry off) until the train derails or the duration ends; per place -- a track and a bin of `bin`
// metres of its s -- the runs whose train reached it, and the probability of a derailment there (its first)
// and of a Y/Q or wheel-unloading episode beginning there, each with its 95 % Wilson interval, over the runs
// that completed. A run that ends in a simulation error is counted under `errors` with its draws, never
// dropped. The runs go through runJobs (RunJobs.h): the map does not depend on the number of jobs.
#include "core/layout/Layout.h"
#include "physics/run/Uncertainty.h"
#include "physics/sim/SimulationOptions.h"
#include "physics/spec/Scenario.h"

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tl {

struct RiskOptions {
    int runs = 100;
    std::uint64_t seed = 1;
    double duration = 60.0; // simulated time per run [s]
    double bin = 10.0;      // place size along s [m]
    int jobs = 1;
    SimulationOptions simulation;
    // polled every simulated second of a run (from the jobs' threads): a run it stops ends not completed,
    // with the error "cancelled" (the GUI leaves such runs off its map)
    std::function<bool()> cancelled;
};

// A proportion k / n and its 95 % Wilson score interval.
struct Proportion {
    int count = 0;
    double p = 0.0, lo = 0.0, hi = 0.0;
};
Proportion wilson(int k, int n);

struct RiskPlace {
    int track = -1;
    double s0 = 0.0, s1 = 0.0; // the bin [m]
    int reached = 0;           // completed runs whose train's head car passed through it
    Proportion derailments;    // first derailments of the train in it, over the completed runs
    std::map<std::string, Proportion> causes;
    Proportion yq, unloading; // Y/Q and wheel-unloading episodes beginning in it
};

struct RiskRunError {
    int run = -1;
    std::string message;
    std::vector<std::pair<std::string, double>> draws; // the inputs it drew
};

struct RiskResult {
    int runs = 0;      // asked for
    int completed = 0; // ran to their end (derailed or not)
    int derailed = 0;
    std::uint64_t seed = 0;
    double bin = 10.0;             // [m]
    std::vector<RiskPlace> places; // reached or with an event, by track then s
    std::vector<RiskRunError> errors;
};

// A place's key: the track's index and the bin's index along its s.
using RiskBin = std::pair<int, long>;

// One run of the map: what its train did, place by place.
struct RiskRun {
    bool completed = false;
    std::string error; // not completed: why
    std::vector<std::pair<std::string, double>> draws;
    std::set<RiskBin> reached;
    bool derailed = false;
    RiskBin derailment{-1, 0};
    std::string cause;
    std::set<RiskBin> yq, unloading;
};

// The map's runs one by one and their tally (riskMap below; the command-line batch, app/cli/Batch.h).
class RiskMap {
public:
    // Throws LayoutError (naming `file`) for an unknown train, SimulationError for bad options.
    RiskMap(const Layout& layout, const Scenario& scenario, const std::string& file,
            const std::string& trainId, const Uncertainty& uncertainty, const RiskOptions& options);
    int runs() const { return options_.runs; }
    // Run i, a fresh simulation (thread-safe: each call simulates on its own).
    RiskRun run(int i) const;
    // Run i as lost: not completed, `why`, with the inputs it drew.
    RiskRun lost(int i, const std::string& why) const;
    // Count run i (in index order).
    void add(int i, const RiskRun& run);
    RiskResult result() const;

private:
    struct Counts {
        int reached = 0, derailments = 0, yq = 0, unloading = 0;
        std::map<std::string, int> causes;
    };
    const Layout& layout_;
    const Scenario& scenario_;
    const Uncertainty& uncertainty_;
    RiskOptions options_;
    int train_ = -1;
    RiskResult result_;
    std::map<RiskBin, Counts> counts_;
};

// A run as JSON and back, every number exact (the batch's worker processes and part files).
nlohmann::json riskRunJson(const RiskRun& run);
RiskRun riskRunFromJson(const nlohmann::json& j); // throws std::exception for a malformed one

// Throws LayoutError (naming `file`) for an unknown train. progress(done, runs) after each run, in order, on
// the calling thread.
RiskResult riskMap(const Layout& layout, const Scenario& scenario, const std::string& file,
                   const std::string& trainId, const Uncertainty& uncertainty, const RiskOptions& options,
                   const std::function<void(int, int)>& progress = {});

nlohmann::json riskJson(const RiskResult& r, const Layout& layout);
std::string riskCsv(const RiskResult& r, const Layout& layout);

} // namespace tl
