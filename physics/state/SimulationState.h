#pragma once
// The full dynamic state of a Simulation as plain data (Simulation::snapshot / restore): for replay
// (record inputs, jump back, step on deterministically) and for the GUI's timeline. Each run-time struct's
// state part (RuntimeState.h) is copied whole.
#include "physics/spec/TrainSpec.h"
#include "physics/state/RuntimeState.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tl {

struct TrainState {
    // its make-up, which coupling and uncoupling change (SimulationCoupling.cpp): the spec it runs under (id,
    // schedule; its cars left out) and its cars, head first, by their place in the build order (Car::origin)
    TrainSpec spec;
    std::vector<int> origins;
    TrainRunState run;
    std::vector<CarState> cars;
    std::vector<RailedState> bogies; // cars in order, bogies in order
    std::vector<CouplerState> couplers;
};

// The persistent contact points of one pair of bodies (Bullet's manifold), copied whole: bodies by their
// index in the simulation's build order (BulletWorld::contacts), points as Bullet's own bytes.
struct ContactManifoldState {
    int body0 = -1, body1 = -1;
    std::vector<unsigned char> bytes; // btManifoldPoint[n]
};

struct VehicleState {
    RailedState railed;
    VehicleRunState run;
};

struct SimulationState {
    // Which scenario it belongs to (SimulationEngine::scenarioFingerprint: the tracks, switches, bodies,
    // vehicles, trains with their cars, dt): restoring it into another is a SimulationError.
    std::uint64_t scenario = 0;
    double time = 0.0; // [s]
    SwitchStates switches;
    std::vector<int> grouping; // trains per train world (StepSchedule::grouping; contacts name bodies by it)
    std::vector<RigidBodyState> bodies; // every dynamic body, in the simulation's fixed order
    std::vector<VehicleState> vehicles;
    std::vector<TrainState> trains;
    std::size_t derailments = 0;           // derailment events recorded so far (later ones are dropped)
    std::size_t trackEvents = 0;           // open-end events recorded so far
    std::size_t couplerEvents = 0;         // coupler overload events recorded so far
    std::size_t wheelEvents = 0;           // Y/Q and wheel unloading episodes recorded so far
    std::size_t collisions = 0;            // collision events recorded so far
    std::size_t signalEvents = 0;          // signal events recorded so far
    std::vector<RouteState> routes;        // Layout::routeList order
    std::vector<int> switchLocks;          // per switch: the route locking it (-1: free)
    std::vector<DriveRunState> drives;     // Layout::drives order
    std::vector<SignalState> signalStates; // the layout's signals (Layout::signals order)
    std::vector<BufferContactState> bufferContacts; // car ends of different trains in contact
    std::vector<BodyContactState> bodyContacts;     // car bodies of different trains in contact
    std::vector<BufferStopState> bufferStops;       // the layout's buffer stops (Layout::bufferStops order)
    std::vector<UncoupledEnds> uncoupled;           // ends uncoupled, not yet apart
    std::vector<ContactManifoldState> contacts;     // ground contacts of derailed bodies
};

} // namespace tl
