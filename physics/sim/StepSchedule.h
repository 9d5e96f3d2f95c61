#pragma once
// The step schedule: how a step walks the simulation's Bullet worlds. It alone knows
//   - the grouping: which trains share a Bullet world. Trains on ground tracks touch nothing but their own
//     track joints and the ground (docs/architecture.md, "The step"), so they are split off the main world
//     into worlds of about SimulationOptions::worldBogies bogies, consecutive trains together; a layout with
//     tracks on bodies keeps every train in the main world. The grouping changes between two steps
//     (regroup): the trains' bodies and constraints move to their new worlds; what the caller must then
//     redo (collision groups, contact caches) is SimulationEngine::regroup's.
//   - the cache: with more train bogies than the core's cache keeps between steps, each world's objects are
//     prefetched while the world before it steps (CachePrefetch.h), a few lines at each point() the stages
//     call from their per-bogie loops and a share in each island's solve, and the feed's track tables are
//     loaded in one pass first (gatherTrackTables). Prefetches change no result.
//   - the parts: with several threads (SimulationOptions::threads) the units are cut into consecutive runs of
//     about equal bogies, one per thread (parts); each thread solves with its own solver and prefetches
//     within its own part (a Cursor each), the next unit of its part while one steps.
// A step is: beginStep, then on each part's thread, for each of its units beginUnit, its stages, endUnit.
#include "core/layout/Layout.h"
#include "physics/sim/SimulationOptions.h"
#include "physics/world/BulletWorld.h"
#include "physics/world/CachePrefetch.h"

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace tl {

struct Train;
struct Bogie;
class RowForceSolver;

class StepSchedule {
public:
    using Trains = std::vector<std::unique_ptr<Train>>;

    // What one pass of the step covers: a Bullet world with the vehicles (the main world) or its trains
    // (consecutive train indices [firstTrain, endTrain)).
    struct Unit {
        BulletWorld* world = nullptr;
        bool vehicles = false;
        int firstTrain = 0, endTrain = 0;
        int bogies = 0; // of its trains
    };

    StepSchedule(const Layout& layout, const SimulationOptions& options, BulletWorld& main);
    ~StepSchedule();
    StepSchedule(const StepSchedule&) = delete;
    StepSchedule& operator=(const StepSchedule&) = delete;

    // Trains leave the main world only when every track lies on the ground; train worlds get a ground plane
    // at groundZ (when the options want one). Set once, before any train.
    void setSplit(bool split, double groundZ);
    bool split() const { return split_; }
    // The world a new train (the last, of that many bogies) goes into: the last train world while it holds
    // fewer than worldBogies bogies with it, a new one otherwise.
    BulletWorld& worldForNewTrain(int bogies);
    void trainAdded(int trainCount); // the new train is in the last unit

    // The grouping: the number of trains in each train world, in order (empty: every train in the main
    // world). regroup moves every train whose world changes, between two steps: trainsPerWorld sums to the
    // train count, every entry > 0; a layout whose trains stay in the main world accepts only its own
    // grouping. Throws SimulationError otherwise, having changed nothing.
    // base: the grouping becomes the base of packing (a regroup asked from outside, a restore); false: a
    // regroup packing asked for.
    std::vector<int> grouping() const;
    void regroup(const std::vector<int>& trainsPerWorld, Trains& trains, bool base = true);
    // The grouping a step wants: the base grouping (as built: consecutive trains up to worldBogies bogies a
    // world; or as last asked from outside), with the worlds from the one of `a` to the one of `b` merged
    // for every link (a, b): trains that can touch share a world (SimulationContacts.cpp).
    std::vector<int> packing(const Trains& trains, const std::vector<std::pair<int, int>>& links) const;
    const std::vector<int>& base() const { return base_; }
    // Trains remade (coupled, uncoupled: SimulationCoupling.cpp): every train out of its world first, then,
    // with the new trains, each into the world of the grouping (unchecked), the base set.
    void detachAll(Trains& trains);
    void attachAll(const std::vector<int>& trainsPerWorld, const std::vector<int>& base, Trains& trains);
    // A grouping with `by` trains more in the world of train `train` (an empty world dropped; an empty
    // grouping -- every train in the main world -- stays empty).
    static std::vector<int> resized(std::vector<int> trainsPerWorld, int train, int by);

    const std::vector<Unit>& units() const { return units_; }
    std::vector<BulletWorld*> worlds() const; // the main world, then the train worlds

    // The parts of this step for `threads` threads: part p steps units [parts[p], parts[p + 1]); at most one
    // part per unit and per SimulationOptions::worldBogies train bogies, the main world in the first.
    std::vector<std::size_t> parts(int threads);

    // The cache (see the top of this file), per part.
    struct Cursor {
        CachePrefetch* next = nullptr; // the next unit's lines while a unit steps
        std::size_t drip = 0;          // lines per point
        std::size_t part = 0;          // its part: its solver
        void point() {                 // a prefetch point of a per-bogie loop
            if (next) next->issue(drip);
        }
    };
    void beginStep(); // whether this step prefetches
    // Unit k of the part [first, end) steps next: the part's next unit's lines issue while it does.
    void beginUnit(std::size_t k, std::size_t first, std::size_t end, Cursor& c);
    // The solve of w on the cursor's part: its solver, and the solve's share of the points.
    void beginSolve(BulletWorld& w, const Cursor& c);
    void endSolve(BulletWorld& w, const Cursor& c);
    void gatherTrackTables(const Unit& u, const Trains& trains) const; // the feed's, while prefetching
    void endUnit(std::size_t k, const Trains& trains, Cursor& c);

private:
    BulletWorld& newTrainWorld();
    bool prefetchWorlds() const;
    void queueLines(std::size_t k, const Trains& trains);
    void frameTables(const Bogie& b, CachePrefetch* queue, unsigned* sum) const;

    const Layout& layout_;
    const SimulationOptions& options_;
    BulletWorld& main_;
    bool split_ = false;
    double groundZ_ = 0.0;
    std::vector<std::unique_ptr<BulletWorld>> trainWorlds_;
    std::vector<Unit> units_;          // the main world, then each train world
    std::vector<int> base_;            // the grouping packing starts from (trains per train world)
    std::vector<CachePrefetch> lines_; // per unit: its objects, queued after its own step
    std::vector<int> cars_;            // per unit: its cars (islands), counted with the lines
    bool prefetching_ = false;         // this step prefetches (prefetchWorlds)
    // per part after the first: its solver (the first part's is the main world's, shared with every train
    // world it steps, as with one thread)
    std::vector<std::shared_ptr<RowForceSolver>> solvers_;
};

} // namespace tl
