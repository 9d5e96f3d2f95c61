// StepSchedule: the grouping of trains into Bullet worlds and the cache prefetching of a step
// (StepSchedule.h).
#include "physics/sim/StepSchedule.h"

#include "physics/joint/BulletEigen.h"
#include "physics/state/SimulationError.h"
#include "physics/vehicle/Train.h"
#include "physics/world/RowForceSolver.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <numeric>
#include <string>

namespace tl {

namespace {
// Below this many train bogies (~1.2 MB of objects) every world's data stays cached between steps and a
// prefetch only costs: 100 bogies in worlds of 50, prefetched: rail contact 26 -> 85-91 ns per bogie-step.
constexpr int kPrefetchBogies = 200;
// Prefetch points (CachePrefetch.h): one per bogie in each of the stages' loops (rail contact, feed,
// monitor, record) and RowForceSolver::kPrefetchPoints per island (car) in the solve, each of those taking
// kSolveShare times as many lines: the solve is most of the step and reads from the cache, so misses issued
// there overlap with arithmetic rather than queueing behind each other in the short loops (the core holds a
// few dozen). bench_scale, 10 rounds alternated with the loops' points alone: 4 000 bogies median 2 685 vs
// 2 946 ns per bogie-step (lower in 8 of 10 rounds), 100 bogies (no prefetching) 2 164 vs 2 162.
constexpr std::size_t kCallsPerBogie = 4, kSolveShare = 2;

// Every body and constraint of a train out of its world, or into `w`.
void detach(Train& t) {
    for (Car& c : t.cars) {
        for (auto& p : c.pivots)
            t.world->remove(*p);
        for (Bogie& b : c.bogies) {
            t.world->remove(*b.joint);
            t.world->remove(*b.body);
        }
        t.world->remove(*c.body);
    }
}
void attach(Train& t, BulletWorld& w) {
    t.world = &w;
    for (Car& c : t.cars) {
        for (Bogie& b : c.bogies) {
            b.world = &w;
            w.add(*b.body, BulletWorld::Collides::Nothing); // the caller sets the collision groups
            w.add(*b.joint);
        }
        w.add(*c.body, BulletWorld::Collides::Nothing);
        for (auto& p : c.pivots)
            w.add(*p);
    }
}
} // namespace

StepSchedule::StepSchedule(const Layout& layout, const SimulationOptions& options, BulletWorld& main)
    : layout_(layout), options_(options), main_(main), units_{{&main, true, 0, 0, 0}}, lines_(1),
      cars_(1, 0) {}

StepSchedule::~StepSchedule() = default;

void StepSchedule::setSplit(bool split, double groundZ) {
    split_ = split;
    groundZ_ = groundZ;
}

BulletWorld& StepSchedule::newTrainWorld() {
    // one solver for every world: its pools are rebuilt per island and stay cached from world to world
    auto w = std::make_unique<BulletWorld>(options_.gravity, options_.solverIterations,
                                           options_.solverTolerance, main_.solver());
    if (options_.groundPlane) w->addGround(groundZ_);
    trainWorlds_.push_back(std::move(w));
    return *trainWorlds_.back();
}

BulletWorld& StepSchedule::worldForNewTrain(int bogies) {
    if (!split_) return main_;
    if (trainWorlds_.empty() || units_.back().bogies + bogies > options_.worldBogies) {
        const int next = units_.back().endTrain;
        units_.push_back({&newTrainWorld(), false, next, next, 0});
        lines_.emplace_back();
        cars_.push_back(0);
    }
    units_.back().bogies += bogies; // the last unit is the last train world
    return *trainWorlds_.back();
}

void StepSchedule::trainAdded(int trainCount) {
    units_.back().endTrain = trainCount; // the main world's trains when not split
    base_ = grouping();
}

std::vector<int> StepSchedule::grouping() const {
    std::vector<int> out;
    for (std::size_t k = 1; k < units_.size(); ++k)
        out.push_back(units_[k].endTrain - units_[k].firstTrain);
    return out;
}

void StepSchedule::regroup(const std::vector<int>& trainsPerWorld, Trains& trains, bool base) {
    if (trainsPerWorld == grouping()) {
        if (base) base_ = trainsPerWorld;
        return;
    }
    if (!split_)
        throw SimulationError("regroup: a layout with tracks on bodies keeps every train in the main world");
    const bool positive =
        std::all_of(trainsPerWorld.begin(), trainsPerWorld.end(), [](int n) { return n > 0; });
    if (!positive || std::accumulate(trainsPerWorld.begin(), trainsPerWorld.end(), 0) != int(trains.size()))
        throw SimulationError("regroup: the trains per world must be positive and add up to the " +
                              std::to_string(trains.size()) + " trains");
    detachAll(trains);
    attachAll(trainsPerWorld, base ? trainsPerWorld : base_, trains);
}

void StepSchedule::detachAll(Trains& trains) {
    for (auto& t : trains)
        detach(*t);
}

void StepSchedule::attachAll(const std::vector<int>& trainsPerWorld, const std::vector<int>& base,
                             Trains& trains) {
    if (!split_) { // every train in the main world
        for (auto& t : trains)
            attach(*t, main_);
        units_.resize(1);
        units_[0].endTrain = int(trains.size()); // (its bogies uncounted, as built: worldForNewTrain)
        lines_.assign(units_.size(), CachePrefetch{});
        cars_.assign(units_.size(), 0);
        return;
    }
    // the worlds kept in order (a world's own objects hold nothing a result depends on), added or dropped at
    // the end
    trainWorlds_.resize(std::min(trainWorlds_.size(), trainsPerWorld.size()));
    while (trainWorlds_.size() < trainsPerWorld.size())
        newTrainWorld();
    units_.resize(1);
    int first = 0;
    for (std::size_t w = 0; w < trainsPerWorld.size(); ++w) {
        Unit u{trainWorlds_[w].get(), false, first, first + trainsPerWorld[w], 0};
        for (int t = u.firstTrain; t < u.endTrain; ++t) {
            attach(*trains[std::size_t(t)], *u.world);
            for (const Car& c : trains[std::size_t(t)]->cars)
                u.bogies += int(c.bogies.size());
        }
        units_.push_back(u);
        first = u.endTrain;
    }
    base_ = base;
    lines_.assign(units_.size(), CachePrefetch{}); // queued pointers would name other worlds' objects
    cars_.assign(units_.size(), 0);
}

std::vector<int> StepSchedule::resized(std::vector<int> trainsPerWorld, int train, int by) {
    int first = 0;
    for (std::size_t w = 0; w < trainsPerWorld.size(); ++w) {
        if (train < first + trainsPerWorld[w]) {
            trainsPerWorld[w] += by;
            if (trainsPerWorld[w] == 0) trainsPerWorld.erase(trainsPerWorld.begin() + long(w));
            break;
        }
        first += trainsPerWorld[w];
    }
    return trainsPerWorld;
}

std::vector<int> StepSchedule::packing(const Trains& trains,
                                       const std::vector<std::pair<int, int>>& links) const {
    if (!split_ || links.empty()) return base_;
    std::vector<int> worldOf; // per train, its world in the base grouping
    for (std::size_t w = 0; w < base_.size(); ++w)
        worldOf.insert(worldOf.end(), std::size_t(base_[w]), int(w));
    if (worldOf.size() != trains.size()) return grouping(); // (not reached: the base covers every train)
    std::vector<char> cut(base_.size(), 1);                 // cut[w]: world w ends a group
    for (const auto& [a, b] : links)
        for (int w = std::min(worldOf[std::size_t(a)], worldOf[std::size_t(b)]);
             w < std::max(worldOf[std::size_t(a)], worldOf[std::size_t(b)]); ++w)
            cut[std::size_t(w)] = 0;
    std::vector<int> out;
    int n = 0;
    for (std::size_t w = 0; w < base_.size(); ++w) {
        n += base_[w];
        if (cut[w]) {
            out.push_back(n);
            n = 0;
        }
    }
    return out;
}

std::vector<BulletWorld*> StepSchedule::worlds() const {
    std::vector<BulletWorld*> out{&main_};
    for (const auto& w : trainWorlds_)
        out.push_back(w.get());
    return out;
}

bool StepSchedule::prefetchWorlds() const {
    if (units_.size() <= 2) return false; // the main world and one train world: nothing evicts it
    int bogies = 0;
    for (const Unit& u : units_)
        bogies += u.bogies;
    return bogies > kPrefetchBogies;
}

void StepSchedule::beginStep() {
    prefetching_ = prefetchWorlds();
}

std::vector<std::size_t> StepSchedule::parts(int threads) {
    const std::size_t n = units_.size();
    // a part of fewer than a world's bogies is not worth waking a thread for (tens of microseconds)
    int bogies = 0;
    for (const Unit& u : units_)
        bogies += u.bogies;
    const std::size_t count =
        std::min<std::size_t>({n, std::size_t(std::max(1, threads)),
                               std::size_t(std::max(1, bogies / std::max(1, options_.worldBogies)))});
    std::vector<std::size_t> out{0};
    if (count > 1) {
        // cut where the running bogie count (each unit at least 1: the main world's vehicles) passes p /
        // count
        std::vector<long long> upTo(n + 1, 0);
        for (std::size_t k = 0; k < n; ++k)
            upTo[k + 1] = upTo[k] + std::max(1, units_[k].bogies);
        for (std::size_t p = 1; p < count; ++p) {
            std::size_t k = out.back() + 1;
            while (k < n - (count - p) && upTo[k] * (long long)(count) < upTo[n] * (long long)(p))
                ++k;
            out.push_back(k);
        }
    }
    out.push_back(n);
    while (solvers_.size() + 1 < out.size() - 1) { // each further part's solver, set as the main one is
        auto s = std::make_shared<RowForceSolver>();
        s->setWarmStarting(main_.solver()->warmStarting());
        solvers_.push_back(std::move(s));
    }
    return out;
}

void StepSchedule::beginUnit(std::size_t k, std::size_t first, std::size_t end, Cursor& c) {
    c.next = nullptr;
    if (!prefetching_ || end - first < 2) return; // (one unit: it stays in the cache)
    c.next = &lines_[k + 1 < end ? k + 1 : first];
    c.next->rewind();
    const std::size_t points =
        kCallsPerBogie * std::size_t(units_[k].bogies) +
        kSolveShare * std::size_t(RowForceSolver::kPrefetchPoints) * std::size_t(cars_[k]);
    c.drip = c.next->lines() / std::max<std::size_t>(1, points) + 1;
}

void StepSchedule::beginSolve(BulletWorld& w, const Cursor& c) {
    if (&w != &main_) w.setSolver(c.part == 0 ? main_.solver() : solvers_[c.part - 1]);
    if (c.next) w.setSolvePrefetch(c.next, kSolveShare * c.drip); // the points' share in the solve
}

void StepSchedule::endSolve(BulletWorld& w, const Cursor& c) {
    if (c.next) w.setSolvePrefetch(nullptr, 0);
}

void StepSchedule::endUnit(std::size_t k, const Trains& trains, Cursor& c) {
    if (!prefetching_) return;
    if (c.next) c.next->issueAll(); // the rest (a unit without bogies, or without telemetry)
    c.next = nullptr;
    queueLines(k, trains);
}

void StepSchedule::queueLines(std::size_t k, const Trains& trains) {
    const Unit& u = units_[k];
    CachePrefetch& q = lines_[k];
    q.clear();
    cars_[k] = 0;
    u.world->queueLines(q);
    for (int t = u.firstTrain; t < u.endTrain; ++t) {
        const Train& train = *trains[std::size_t(t)];
        q.add(&train);
        q.add(train.cars.data(), train.cars.size() * sizeof(Car));
        q.add(train.couplers.data(), train.couplers.size() * sizeof(Coupler));
        cars_[k] += int(train.cars.size());
        for (const Car& car : train.cars) {
            q.add(car.body.get());
            q.add(car.bogies.data(), car.bogies.size() * sizeof(Bogie));
            for (const auto& p : car.pivots)
                q.add(p.get());
            for (const Bogie& b : car.bogies) {
                q.add(b.body.get());
                q.add(b.joint.get());
                if (b.railed) // the track tables its next feed reads (one step further: the same lines,
                              // mostly)
                    frameTables(b, &q, nullptr);
            }
        }
    }
}

// The track tables a railed bogie's next frame reads (Track::frameMemory, from its speed over a step):
// queued, or loaded now.
void StepSchedule::frameTables(const Bogie& b, CachePrefetch* queue, unsigned* sum) const {
    const double ds = b.FTBefore.dot(toEigen(b.body->getLinearVelocity())) * options_.dt;
    for (const MemoryRange& r :
         layout_.track(std::size_t(b.position.track)).frameMemory(b.position.s, ds, b.framePiece)) {
        if (queue) queue->add(r.p, r.bytes);
        if (sum) *sum += touchLines(r.p, r.bytes);
    }
}

// While prefetching: the track table lines the unit's bogies' frames will read in the feed (spline piece,
// smoothed-bank cells), loaded in one pass first, where their cache misses overlap (in the feed's loop each
// bogie waited for its own). They are also queued with the unit's objects (queueLines): a prefetch issued a
// world ahead brings most in; one issued a stage ahead did not.
void StepSchedule::gatherTrackTables(const Unit& u, const Trains& trains) const {
    if (!prefetching_) return;
    unsigned sum = 0;
    for (int t = u.firstTrain; t < u.endTrain; ++t)
        for (const Car& car : trains[std::size_t(t)]->cars)
            for (const Bogie& b : car.bogies)
                if (b.railed) frameTables(b, nullptr, &sum);
    __asm__ volatile("" : : "r"(sum)); // the loads are the point: keep them
}

} // namespace tl
