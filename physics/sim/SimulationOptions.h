#pragma once
// How a simulation steps (SimulationOptions), the names of its step's stages and their timing.
#include "physics/monitor/Derailment.h"
#include "physics/spec/RollingStock.h"

#include <cstddef>
#include <filesystem>
#include <vector>

namespace tl {

struct SimulationOptions {
    double dt = 1.0 / 240.0;   // fixed step [s]
    int solverIterations = 30; // sequential impulse iterations per step, at most
    // The solve of a step ends early once an iteration changes no row's velocity by more than this
    // [m/s or rad/s]; the rows start from the last step's impulses (RowForceSolver). 0: every iteration.
    double solverTolerance = 1e-5;
    bool solverWarmStart = true; // false: every row starts each step from zero (Bullet's own joints)
    double gravity = 9.81;       // [m/s^2], along -z
    bool recordTelemetry = true;
    double telemetryWindow = 0.0;        // keep only the last T seconds of samples [s]; 0 = keep all
    std::size_t telemetryMaxSamples = 0; // and at most this many samples; 0 = no limit
    DerailmentThresholds derailment;     // monitor thresholds of the train bogies
    bool groundPlane = true;             // derailed cars collide with a plane below the lowest rail
    double groundDepth = 0.5;            // the plane lies this far below the lowest rail point [m]
    double trackJointErp = 0.2;          // ERP of the bogie trackjoints [-]
    // Trains on ground tracks step in Bullet worlds of about this many bogies, consecutive trains together
    // (StepSchedule.h). A world's objects are ~6 kB per bogie; while one world steps, the next one's are
    // prefetched, so two worlds share the core's L2 (1 MB here). Worlds of 100 bogies did not fit with the
    // rest: bench_scale at 4 000 bogies, alternated runs, worlds of 100 / 64 / 50 / 40 / 30 / 20:
    // 2 844-2 942 / 2 803-2 866 / 2 730-2 855 / 2 513-2 835 / 2 543-2 863 / 2 756-2 767 ns per bogie-step.
    // Which world a train is in changes no result (each car is its own island, derailed bodies collide with
    // the ground only; tst_train_worlds, tst_regroup).
    int worldBogies = 40;
    // Threads a step runs its train worlds on: worlds cannot touch each other (trains that can are grouped
    // into one), so each thread steps a run of consecutive worlds (StepSchedule::parts) and the results are
    // bit-identical to one thread (tst_step_threads). The GUI uses the CPUs the process may use
    // (StepThreads::availableCpus); the CLI's run takes --threads.
    int threads = 1;
    // Contact between trains (buffers, bodies; docs/trains-format.md, "Buffers and collisions"). false:
    // trains pass through each other -- the benchmark's contact-off rounds (tracklab-cli bench --only
    // contact).
    bool contact = true;
    std::vector<std::filesystem::path> rollingStockDirs = defaultRollingStockDirs();
};

// The named stages of SimulationEngine::step(), in order.
enum class StepStage {
    Kinematics,
    Contact,
    RailContact,
    Drive,
    Forces,
    Solve,
    Check,
    Feed,
    Monitor,
    Record,
    Count
};
const char* stepStageName(StepStage s);

// Wall-clock split of SimulationEngine::step(), accumulated (the scale benchmark: our per-step work vs.
// Bullet's).
struct StepProfile {
    double before = 0.0;                      // kinematics, contact, rail contact, drive, forces [s]
    double bullet = 0.0;                      // solve: btDiscreteDynamicsWorld::stepSimulation [s]
    double after = 0.0;                       // check, feed, monitor, record [s]
    double stage[int(StepStage::Count)] = {}; // per stage [s]
    long long steps = 0;
    long long rows = 0;          // joint rows solved (each step counts its rows)
    long long rowIterations = 0; // rows x the iterations of their solve (mean iterations = this / rows)
};

} // namespace tl
