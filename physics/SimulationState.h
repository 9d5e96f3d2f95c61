#pragma once
// The full dynamic state of a Simulation as plain data (Simulation::snapshot / restore): for replay
// (record inputs, jump back, step on deterministically) and for the GUI's timeline.
#include "core/geometry/Frame.h"
#include "core/layout/Layout.h"
#include "physics/Derailment.h"
#include "physics/Traction.h"

#include <cstddef>
#include <vector>

namespace tl {

struct RigidBodyState {
    Pose pose = Pose::Identity(); // COM frame -> world
    Vec3 v = Vec3::Zero();        // linear velocity [m/s, world]
    Vec3 w = Vec3::Zero();        // angular velocity [rad/s, world]
};

struct RailedState {        // a vehicle or a bogie
    TrackPosition position; // track, s [m], direction
    bool railed = true;     //
    Vec3 FTBefore = Vec3::UnitX();
    double load = 0.0;    // bogies: Q of the last step [N]
    BogieMonitor monitor; // bogies: monitor memory
    BogieMargins margins; // bogies: last margins
};

struct TrainState {
    DriveInputs drive;
    std::size_t nextSchedule = 0;
    std::vector<bool> carDerailed;
    std::vector<RailedState> bogies;         // cars in order, bogies in order
    std::vector<double> couplerForce;        // [N]
    std::vector<double> couplerMaxForce;     // [N]
    std::vector<int> couplerOverload;        // open overload event index per coupler (-1 = none)
    std::vector<double> couplerOverloadPeak; // its peak |force| so far [N]
    std::vector<double> couplerOverloadTime; // its duration so far [s]
};

struct SimulationState {
    double time = 0.0; // [s]
    SwitchStates switches;
    std::vector<RigidBodyState> bodies; // every dynamic body, in the simulation's fixed order
    std::vector<RailedState> vehicles;
    std::vector<TrainState> trains;
    std::size_t derailments = 0;   // derailment events recorded so far (later ones are dropped)
    std::size_t trackEvents = 0;   // open-end events recorded so far
    std::size_t couplerEvents = 0; // coupler overload events recorded so far
};

} // namespace tl
