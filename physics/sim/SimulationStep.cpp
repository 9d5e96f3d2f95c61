// Simulation: construction, the step in its named stages, and the vehicles' queries. The parts each stage
// calls live in their own files (Simulation.h lists them).
#include "physics/sim/SimulationEngine.h"

#include "physics/joint/BulletEigen.h"
#include "physics/world/RowForceSolver.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

namespace tl {

const char* stepStageName(StepStage s) {
    static const char* names[] = {"kinematics", "contact", "rail contact", "drive",   "forces",
                                  "solve",      "check",   "feed",         "monitor", "record"};
    return s < StepStage::Count ? names[int(s)] : "";
}

SimulationEngine::SimulationEngine(const Layout& layout, const SimulationOptions& options,
                                   const std::string& file)
    : SimulationEngine(layout, parseScenario(layout, file, options.rollingStockDirs), options) {}

SimulationEngine::SimulationEngine(const Layout& layout, const Scenario& scenario,
                                   const SimulationOptions& options)
    : layout_(layout), options_(options),
      world_(options.gravity, options.solverIterations, options.solverTolerance, options.solverWarmStart),
      rail_(layout_, switchStates_, world_), schedule_(layout_, options_, world_), drives_(layout.drives()) {
    try {
        build(scenario.bodies, scenario.vehicles);
        for (const auto& t : scenario.trains)
            addTrain(t);
    } catch (...) { // no destructor runs for a half-built object: take the bodies out of the worlds first
        removeFromWorlds();
        throw;
    }
}

SimulationEngine::SimulationEngine(const Layout& layout, std::vector<BodySpec> bodies,
                                   std::vector<VehicleSpec> vehicles, const SimulationOptions& options)
    : layout_(layout), options_(options),
      world_(options.gravity, options.solverIterations, options.solverTolerance, options.solverWarmStart),
      rail_(layout_, switchStates_, world_), schedule_(layout_, options_, world_), drives_(layout.drives()) {
    build(std::move(bodies), std::move(vehicles));
}

SimulationEngine::~SimulationEngine() {
    removeFromWorlds();
}

void SimulationEngine::removeFromWorlds() {
    for (auto& t : trains_)
        for (auto& c : t->cars) {
            for (auto& p : c.pivots)
                t->world->remove(*p);
            for (auto& b : c.bogies) {
                t->world->remove(*b.joint);
                t->world->remove(*b.body);
            }
            t->world->remove(*c.body);
        }
    for (auto& v : vehicles_) {
        world_.remove(*v->joint);
        world_.remove(*v->body);
    }
}

void SimulationEngine::build(std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles) {
    if (!(options_.dt > 0) || !std::isfinite(options_.dt))
        throw SimulationError("dt must be a positive number");
    switchStates_ = layout_.initialSwitchStates();
    telemetry_.setWindow(options_.telemetryWindow);
    telemetry_.setMaxSamples(options_.telemetryMaxSamples);
    // trains leave the main world when every track lies on the ground (StepSchedule.h) and no single vehicle
    // (in the main world) could touch them
    bool split = vehicles.empty();
    for (const Track& t : layout_.tracks())
        split = split && t.onGround();
    if (options_.groundPlane) addGround();
    schedule_.setSplit(split, groundZ_);
    world_.addTrackBodies(std::move(bodies), layout_);
    world_.setKinematicPoses(0.0, options_.dt);
    stops_.assign(layout_.bufferStops().size(), BufferStopState{});
    prepareSignals();
    for (const auto& v : vehicles)
        addVehicle(v);
    applyRailing(); // the vehicles' collision (SimulationRailing.cpp)
}

namespace {
using Clock = std::chrono::steady_clock;
// Runs a stage and adds its time to `profile`; `last` is when the stage before it ended.
template <class Run> void timed(StepProfile& profile, Clock::time_point& last, StepStage s, Run&& run) {
    run();
    const auto now = Clock::now();
    const double dt = std::chrono::duration<double>(now - last).count();
    profile.stage[int(s)] += dt;
    (s < StepStage::Solve ? profile.before : s == StepStage::Solve ? profile.bullet : profile.after) += dt;
    last = now;
}
} // namespace

void SimulationEngine::step() {
    auto last = Clock::now();
    timed(profile_, last, StepStage::Kinematics, [&] { stageKinematics(); });
    timed(profile_, last, StepStage::Contact, [&] { // may regroup, couple or uncouple: before the units
        stageCoupling();
        stageContact();
        stageSignals();
    });
    stepUnits();
    ++profile_.steps;
}

// The units on their threads, each part a run of consecutive units on one thread; then, in unit order, what
// they added to the telemetry and the first error. With one part everything goes straight to the telemetry
// as in any sequential step.
void SimulationEngine::stepUnits() {
    const double t0 = time_, t1 = time_ + options_.dt;
    schedule_.beginStep();
    const int threads = std::max(1, options_.threads);
    if (threads > 1 && !threads_) threads_ = std::make_unique<StepThreads>(threads);
    const std::vector<std::size_t> cuts = schedule_.parts(threads);
    const std::size_t parts = cuts.size() - 1;
    if (parts_.size() < std::size_t(threads)) parts_.resize(std::size_t(threads));
    for (std::size_t p = 0; p < parts; ++p) {
        StepPart& part = parts_[p];
        part.t = t0;
        part.journal.begin(telemetry_, parts == 1);
        part.cursor = {};
        part.cursor.part = p;
        part.error = nullptr;
    }
    auto work = [&](int p) {
        if (std::size_t(p) < parts)
            stepPart(parts_[std::size_t(p)], cuts[std::size_t(p)], cuts[std::size_t(p) + 1]);
    };
    if (parts == 1)
        work(0);
    else
        threads_->run(work);
    time_ = t1;
    for (std::size_t p = 0; p < parts; ++p) { // in unit order: the first error stops the hand-over
        StepPart& part = parts_[p];
        for (int s = 0; s < int(StepStage::Count); ++s)
            profile_.stage[s] += part.profile.stage[s];
        profile_.before += part.profile.before;
        profile_.bullet += part.profile.bullet;
        profile_.after += part.profile.after;
        profile_.rows += part.profile.rows;
        profile_.rowIterations += part.profile.rowIterations;
        part.profile = {};
        part.journal.mergeInto();
        if (part.error) std::rethrow_exception(part.error);
    }
}

void SimulationEngine::stepPart(StepPart& p, std::size_t first, std::size_t end) {
    const std::vector<StepUnit>& units = schedule_.units();
    const double t0 = p.t, t1 = t0 + options_.dt;
    auto last = Clock::now();
    for (std::size_t k = first; k < end; ++k) { // each world through all its stages (StepSchedule.h)
        const StepUnit& u = units[k];
        try {
            schedule_.beginUnit(k, first, end, p.cursor);
            p.t = t0;
            timed(p.profile, last, StepStage::RailContact, [&] { stageRailContact(p, u); });
            timed(p.profile, last, StepStage::Drive, [&] { stageDrive(p, u); });
            timed(p.profile, last, StepStage::Forces, [&] { stageForces(p, u); });
            timed(p.profile, last, StepStage::Solve, [&] { stageSolve(p, u); });
            p.t = t1;
            timed(p.profile, last, StepStage::Check, [&] { stageCheck(p, u); });
            timed(p.profile, last, StepStage::Feed, [&] { stageFeed(p, u); });
            timed(p.profile, last, StepStage::Monitor, [&] { stageMonitor(p, u); });
            timed(p.profile, last, StepStage::Record, [&] {
                stageRecord(p, u);
                noteCars(u.firstTrain, u.endTrain, true); // (the next contact stage's)
            });
            schedule_.endUnit(k, trains_, p.cursor);
        } catch (...) {
            p.error = std::current_exception();
            p.failed = k;
            return;
        }
    }
    p.t = t0;
}

void SimulationEngine::stageKinematics() {
    world_.setKinematicPoses(time_, options_.dt);
}

void SimulationEngine::stageRailContact(StepPart& p, const StepUnit& u) {
    if (u.vehicles)
        for (auto& v : vehicles_)
            if (v->railed) rail_.prepare(*v);
    for (int t = u.firstTrain; t < u.endTrain; ++t)
        for (auto& car : trains_[std::size_t(t)]->cars)
            for (auto& b : car.bogies) {
                p.cursor.point();
                if (!b.railed) continue;
                rail_.prepare(b);
                RailContact::setWheelRailLimits(b, car.stock.wheelRail);
            }
}

void SimulationEngine::stageSolve(StepPart& p, const StepUnit& u) {
    BulletWorld& w = *u.world;
    schedule_.beginSolve(w, p.cursor);
    const long long rows = w.solvedRows(), rowIterations = w.solvedRowIterations();
    w.step(options_.dt);
    schedule_.endSolve(w, p.cursor);
    p.profile.rows += w.solvedRows() - rows;
    p.profile.rowIterations += w.solvedRowIterations() - rowIterations;
    if (&w == &world_) world_.setKinematicPoses(p.t + options_.dt, options_.dt); // the track bodies
}

void SimulationEngine::stageFeed(StepPart& p, const StepUnit& u) {
    for (int i = 0; u.vehicles && i < vehicleCount(); ++i) {
        Vehicle& v = *vehicles_[std::size_t(i)];
        if (!v.railed) continue;
        const FeedResult r = rail_.feed(v);
        if (r.openEnd) {
            TrackEvent e;
            e.t = p.t;
            e.vehicle = i;
            e.track = v.position.track;
            e.atEnd = r.end == TrackEnd::End;
            e.s = v.position.s;
            e.speed = v.speed();
            std::ostringstream msg;
            msg << "vehicle " << v.spec.id << " ran off the open " << endName(r.end) << " of track "
                << layout_.track(std::size_t(e.track)).id() << " at t = " << p.t << " s";
            e.message = msg.str();
            p.journal.addEvent(e);
            release(i);
            continue;
        }
        if (v.spec.motor)
            v.joint->setMotor(true, v.position.direction * v.spec.motor->targetSpeed, v.spec.motor->maxForce);
    }
    schedule_.gatherTrackTables(u, trains_);
    for (int t = u.firstTrain; t < u.endTrain; ++t) {
        Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c)
            for (int b = 0; b < int(tr.cars[std::size_t(c)].bogies.size()); ++b) {
                Bogie& bg = tr.cars[std::size_t(c)].bogies[std::size_t(b)];
                p.cursor.point();
                if (!bg.railed) continue;
                if (const FeedResult r = rail_.feed(bg); r.openEnd) {
                    DerailmentVerdict v;
                    v.derailed = true;
                    const bool stop = layout_.bufferStop(bg.position.track, r.end) != nullptr;
                    derailCar(p, t, c, b, stop ? "buffer stop overrun" : "end of track", v);
                }
            }
    }
}

void SimulationEngine::stageMonitor(StepPart& p, const StepUnit& u) {
    for (int t = u.firstTrain; t < u.endTrain; ++t) {
        Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c)
            for (int b = 0; b < int(tr.cars[std::size_t(c)].bogies.size()); ++b) {
                p.cursor.point();
                if (tr.cars[std::size_t(c)].bogies[std::size_t(b)].railed) {
                    monitorBogie(p, t, c, b);
                    watchWheels(p, t, c, b);
                }
            }
    }
}

void SimulationEngine::stageRecord(StepPart& p, const StepUnit& u) {
    // the rider filters run every step, recorded or not: run-time state a replay must reproduce
    for (int i = 0; u.vehicles && i < vehicleCount(); ++i)
        updateVehicleRider(i);
    for (int t = u.firstTrain; t < u.endTrain; ++t)
        for (int c = 0; c < int(trains_[std::size_t(t)]->cars.size()); ++c)
            updateCarRider(t, c);
    if (!options_.recordTelemetry) return;
    for (int i = 0; u.vehicles && i < vehicleCount(); ++i)
        recordVehicle(p, i);
    for (int t = u.firstTrain; t < u.endTrain; ++t) {
        const Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c)
            for (int b = 0; b < int(tr.cars[std::size_t(c)].bogies.size()); ++b) {
                p.cursor.point();
                recordBogie(p, t, c, b);
            }
    }
}

void SimulationEngine::release(int i) {
    Vehicle& v = *vehicles_[std::size_t(i)];
    v.railed = false;
    applyRailing(false, &world_); // its joint off; its body collides with the ground from now on
}

double SimulationEngine::vehicleSpeed(int i) const {
    return vehicles_.at(std::size_t(i))->speed();
}

Vec3 SimulationEngine::anchorPosition(int i) const {
    return vehicles_.at(std::size_t(i))->anchorPoint();
}

double SimulationEngine::vehicleEnergy(int i) const {
    return vehicles_.at(std::size_t(i))->energy(options_.gravity);
}

int SimulationEngine::vehicleIndex(const std::string& id) const {
    for (std::size_t i = 0; i < vehicles_.size(); ++i)
        if (vehicles_[i]->spec.id == id) return int(i);
    return -1;
}

void SimulationEngine::runUntil(double t, const std::function<void(double)>& progress,
                                bool stopWhenAllReleased) {
    double nextReport = std::floor(time_) + 1.0;
    while (time_ < t - 0.5 * options_.dt) {
        step();
        if (progress && time_ >= nextReport) {
            progress(time_);
            nextReport += 1.0;
        }
        if (stopWhenAllReleased) {
            bool any = false;
            for (const auto& v : vehicles_)
                any = any || v->railed;
            for (const auto& tr : trains_)
                for (const auto& c : tr->cars)
                    any = any || !c.derailed;
            if (!any) break;
        }
    }
}

std::vector<std::string> SimulationEngine::vehicleIds() const {
    std::vector<std::string> ids;
    for (const auto& v : vehicles_)
        ids.push_back(v->spec.id);
    return ids;
}

std::vector<std::string> SimulationEngine::trackIds() const {
    std::vector<std::string> ids;
    for (const auto& t : layout_.tracks())
        ids.push_back(t.id());
    return ids;
}

} // namespace tl
