#pragma once
// What the ui and the CLI read of a simulation: plain values, live (a view of the simulation, valid as long
// as it is), without the engine's run-time structs (Train, Car, Bogie, Vehicle and RailedBody stay inside
// physics: docs/architecture.md). Simulation::view() gives it. Indices: vehicles, trains and bodies in the
// order of the layout (then of addTrain); a train's cars head first, a car's bogies front first.
#include "core/geometry/Frame.h"
#include "core/layout/Layout.h"
#include "physics/monitor/Derailment.h"
#include "physics/monitor/RiderChannels.h"
#include "physics/state/RuntimeState.h"
#include "physics/telemetry/Telemetry.h"
#include "physics/vehicle/Traction.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tl {

class SimulationEngine;

// What does not change during a run, unless trains couple or uncouple (SimulationView::makeup).
struct VehicleInfo {
    std::string id;
    Vec3 box = Vec3::Zero(); // length, width, height [m]
};
struct CarInfo {
    std::string stock;            // rolling-stock name
    Vec3 box = Vec3::Zero();      // body length, width, height [m]
    std::string model;            // body model file ("": a box)
    Vec3 bogieBox = Vec3::Zero(); // [m]
    int bogies = 0;               // 1 or 2
};
struct CouplerInfo {
    double limit = 0.0;    // rating [N]
    double strength = 0.0; // it parts beyond this [N]
};
struct TrainInfo {
    std::string id;
    std::vector<CarInfo> cars;         // head first
    std::vector<CouplerInfo> couplers; // between cars k and k + 1
};

// A railed body now: a vehicle or a bogie.
struct RailedView {
    Pose pose = Pose::Identity(); // centre of mass frame -> world
    TrackPosition position;       // its anchor: track index, s [m], facing direction
    bool railed = true;           // held by its trackjoint (false: derailed or released)
};
struct CouplerView {
    double force = 0.0;    // now, tension > 0 [N]
    double maxForce = 0.0; // largest |force| so far [N]
    bool broken = false;
};

// A train and the signals: the next signal ahead, the end of authority, protection's braking curve.
struct TrainSignalView {
    int signal = -1;               // the next signal ahead governing the train (-1: none within reach)
    double signalDistance = 0.0;   // from its head [m]
    Aspect aspect = Aspect::Clear; // what that signal shows
    int target = -1;               // the first signal ahead at stop (-1: none within reach)
    double targetDistance = 0.0;   // [m]
    // protection's supervised speed: the braking curve, or the release speed near the signal [m/s] (< 0:
    // none)
    double permitted = -1.0;
    bool protection = false;  // the train is supervised
    bool intervening = false; // protection brakes in full
    bool holding = false;     // protection holds the brakes of a train it stopped (the signal shows stop)
    bool autopilot = false;   // driven by the autopilot
    double distance = 0.0;    // travelled by its head so far [m]
};

class SimulationView {
public:
    explicit SimulationView(const SimulationEngine& engine) : e_(&engine) {}

    int vehicleCount() const;
    int trainCount() const;
    int bogieCount() const;                        // over all trains
    int bodyCount() const;                         // the layout's "bodies"
    int vehicleIndex(const std::string& id) const; // -1 if unknown
    int trainIndex(const std::string& id) const;   // -1 if unknown
    int bodyIndex(const std::string& id) const;    // -1 if unknown
    std::vector<std::string> vehicleIds() const;
    std::vector<std::string> trainIds() const;
    std::vector<std::string> trackIds() const;

    VehicleInfo vehicleInfo(int i) const;
    TrainInfo trainInfo(int train) const;

    RailedView vehicleState(int i) const;
    RailedView bogieState(int train, int car, int bogie) const;
    bool carDerailed(int train, int car) const;
    // A car's place in the build order of every train's cars (0 ...): who it is when trains couple or
    // uncouple, which renumbers trains and cars; and where that car is now ({-1, -1}: no such car).
    int carOrigin(int train, int car) const;
    std::pair<int, int> carOfOrigin(int origin) const;
    bool trainDerailed(int train) const; // any of its cars
    DriveInputs trainDrive(int train) const;
    // Changes whenever trains couple or uncouple (or a restore brings another make-up): the trains' indices,
    // ids, cars and couplers are to be read again (SimulationEngine::makeup).
    std::uint64_t makeup() const;
    CouplerView coupler(int train, int k) const;

    // Speed of vehicle i along its direction relative to the track [m/s], its anchor point [m], its
    // kinetic + potential energy [J].
    double vehicleSpeed(int i) const;
    Vec3 anchorPosition(int i) const;
    double vehicleEnergy(int i) const;
    Pose bodyPose(int b) const; // a layout body -> world
    // Speed of the train towards its head [m/s] (mean over its railed bogies; all bogies if none railed).
    double trainSpeed(int train) const;
    double bogieSpeed(int train, int car, int bogie) const; // along its facing direction [m/s]
    Vec3 bogieAnchor(int train, int car, int bogie) const;  // [m]
    Pose carPose(int train, int car) const;                 // car body COM frame -> world
    Pose bogiePose(int train, int car, int bogie) const;    // bogie COM frame -> world
    double trainEnergy(int train) const;                    // kinetic + m g z of every body [J]
    // The latest rider channels of a car / vehicle (taken while telemetry is recorded).
    const RiderChannels& carRider(int train, int car) const;
    const RiderChannels& vehicleRider(int i) const;

    const std::vector<DerailmentEvent>& derailments() const;
    const std::vector<CouplerEvent>& couplerEvents() const; // beyond their rating, one per episode
    const std::vector<WheelEvent>& wheelEvents() const;     // Y/Q and wheel unloading episodes
    const std::vector<CollisionEvent>& collisions() const;  // car ends of two trains meeting
    const std::vector<SignalEvent>& signalEvents() const;   // aspects, protection, SPADs
    // The aspect of each signal of the layout now (Layout::signals order; empty before the first step of a
    // layout without signals), and a train and the signals.
    std::vector<Aspect> signalAspects() const;
    TrainSignalView trainSignal(int train) const;
    // Run-time switches and routes: each switch's state now, the route locking it (-1: free), each route set.
    SwitchStates switchStates() const;
    std::vector<int> switchLocks() const;
    std::vector<bool> routesSet() const;

private:
    const SimulationEngine* e_;
};

} // namespace tl
