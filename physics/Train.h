#pragma once
// A train at run time: cars (a box body) on bogies (a box body railed by a trackjoint each), the car body
// pivoting on each bogie about the bogie's up axis (btGeneric6DofSpring2Constraint: position locked, yaw
// and pitch free with two bogies; roll free at the pivots and held by a spring against the mean roll of
// the two bogies), and couplers between consecutive cars
// (spring-damper with slack, applied as forces before each step). Built and stepped by Simulation
// (SimulationTrains.cpp).
#include "core/layout/Layout.h"
#include "physics/Derailment.h"
#include "physics/TrackJointConstraint.h"
#include "physics/Traction.h"
#include "physics/TrainSpec.h"

#include <memory>
#include <vector>

class btBoxShape;
class btRigidBody;
class btGeneric6DofSpring2Constraint;

namespace tl {

struct Bogie {
    std::unique_ptr<btBoxShape> shape;
    std::unique_ptr<btRigidBody> body;
    std::unique_ptr<TrackJointConstraint> joint;
    TrackPosition position;        // track index, s of the anchor [m], facing direction
    bool railed = true;            // false once derailed (joint disabled, body flies)
    Vec3 FTBefore = Vec3::UnitX(); // F.T(s, t) in the world before the current step
    double staticLoad = 0.0;       // (car body mass / bogies + bogie mass) g [N]
    double load = 0.0;             // Q: vertical row force of the last step [N] (limits use it)
    BogieMonitor monitor;          // derailment monitor memory
    BogieMargins margins;          // wheel-rail state of the last step
};

struct Car {
    RollingStockSpec stock;
    std::unique_ptr<btBoxShape> shape;
    std::unique_ptr<btRigidBody> body;
    std::vector<std::unique_ptr<btGeneric6DofSpring2Constraint>> pivots; // one per bogie
    std::vector<Bogie> bogies;                                           // front first
    bool derailed = false;
    double rollStiffness = 0.0; // body roll vs. the mean bogie roll (two bogies) [N m/rad]
    double rollDamping = 0.0;   // [N m s/rad]
};

struct Coupler {
    int front = 0;             // car index ahead (its rear coupler point)
    int rear = 1;              // car index behind (its front coupler point)
    CouplerSpec spec;          // the softer / weaker of the two cars' couplers
    double force = 0.0;        // tension > 0, compression < 0, last step [N]
    double maxForce = 0.0;     // max |force| so far [N]
    double stretch = 0.0;      // distance between the coupler points [m]
    int overload = -1;         // index of the open overload episode in Telemetry::couplerEvents(); -1 = none
    double overloadPeak = 0.0; // max |force| in the open episode [N]
    double overloadTime = 0.0; // duration of the open episode [s]
    bool broken = false;       // parted at its strength: no force from then on
};

struct Train {
    TrainSpec spec;
    std::vector<Car> cars; // head first
    std::vector<Coupler> couplers;
    DriveInputs drive;            // current driver inputs
    std::size_t nextSchedule = 0; // first schedule entry not yet applied
    bool derailed = false;        // a car has derailed: traction cut, emergency brake (the brake pipe parts)
};

} // namespace tl
