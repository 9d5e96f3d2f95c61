#pragma once
// Rigs without a layout: a bare Bullet world stepped by the engine's RowForceSolver, and the analytic
// track frames they run on. Shared by the trackjoint benchmark (physics/bench/TrackJointBenchmark.cpp)
// and the trackjoint tests (tests/physics/TrackJointRig.h). Header-only: the tests link the engine alone.
#include "core/geometry/Frame.h"
#include "physics/world/RowForceSolver.h"

#include <btBulletDynamicsCommon.h>

#include <cmath>

namespace tl {

struct RowSolverWorld {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    RowForceSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};

    // Gravity 9.81 m/s^2 along -z; at most `iterations` solver iterations per step.
    explicit RowSolverWorld(int iterations) {
        world.setGravity(btVector3(0, 0, -9.81));
        world.getSolverInfo().m_numIterations = iterations;
    }
};

// Flat circle of radius R [m] turning left, starting at (0, y0, 0) heading +x: N towards the centre,
// B = +z, kappa = 1/R (closed form); constant twist wt [rad].
inline TwistedFrame flatArcFrame(double R, double s, double wt = 0.0, double y0 = 0.0) {
    const double u = s / R;
    Frame F;
    F.P = Vec3(R * std::sin(u), y0 + R * (1 - std::cos(u)), 0);
    F.T = Vec3(std::cos(u), std::sin(u), 0);
    F.N = Vec3(-std::sin(u), std::cos(u), 0);
    F.B = Vec3::UnitZ();
    F.kappa = 1 / R;
    return twisted(F, wt, 0.0);
}

} // namespace tl
