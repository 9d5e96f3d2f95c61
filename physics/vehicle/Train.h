#pragma once
// A train at run time: cars (a box body) on bogies (a box body railed by a trackjoint each), the car body
// pivoting on each bogie (PivotConstraint: position locked, yaw and pitch free with two bogies; roll free at
// the pivots and held by a spring against the mean roll of the two bogies), and couplers between consecutive
// cars
// (spring-damper with slack, applied as forces before each step). Built and stepped by Simulation
// (SimulationBuild.cpp, SimulationDrive.cpp, SimulationCouplers.cpp, SimulationMonitor.cpp).
#include "core/layout/Layout.h"
#include "physics/joint/PivotConstraint.h"
#include "physics/monitor/Derailment.h"
#include "physics/rail/RailedBody.h"
#include "physics/spec/TrainSpec.h"
#include "physics/state/RuntimeState.h"
#include "physics/vehicle/Traction.h"

#include <memory>
#include <vector>

class btBoxShape;
class btRigidBody;

namespace tl {

struct Bogie : RailedBody {  // body, joint; position, railed, load, monitor, ...: the run-time state
    double staticLoad = 0.0; // (car body mass / bogies + bogie mass) g [N]
};

struct Car : CarState { // derailed, facing: the run-time state
    RollingStockSpec stock;
    int origin = 0; // its place in the build order of every train's cars: who it is when trains are coupled
    std::unique_ptr<btBoxShape> shape;       // the body's box: inertia, and what a wreck collides with
    std::unique_ptr<btBoxShape> railedShape; // shorter by the buffer stroke at each end: what a railed body
                                             // touches other trains' bodies with (past both strokes)
    std::unique_ptr<btRigidBody> body;
    std::vector<std::unique_ptr<PivotConstraint>> pivots; // one per bogie
    std::vector<Bogie> bogies;                            // front first
    double rollStiffness = 0.0; // body roll vs. the mean bogie roll (two bogies) [N m/rad]
    double rollDamping = 0.0;   // [N m s/rad]
};

struct Coupler : CouplerState { // force, overload episode, broken: the run-time state
    int front = 0;              // car index ahead (its rear coupler point)
    int rear = 1;               // car index behind (its front coupler point)
    CouplerSpec spec;           // the softer / weaker of the two cars' couplers
};

struct Train : TrainRunState { // drive, nextSchedule, derailed: the run-time state
    TrainSpec spec;
    BulletWorld* world = nullptr; // the Bullet world of its bodies and constraints
    std::vector<Car> cars;        // head first
    std::vector<Coupler> couplers;
};

} // namespace tl
