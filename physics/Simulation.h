#pragma once
// The Bullet world of a layout: its "bodies" (kinematic turntables, free dynamic bodies), its "vehicles"
// (one box + one trackjoint each) and its "trains" (cars on bogies with couplers, driven by throttle and
// brake, derailing by the wheel-rail limits: Train.h, Derailment.h), stepped with a fixed dt. After each
// step the feeder moves every railed vehicle and bogie along its track (TrackFeeder.h), open ends release
// a vehicle (an event) or derail a car ("end of track"), and telemetry samples are recorded (one per
// vehicle and per bogie). A non-finite state stops the run with SimulationError. Derailed cars fall onto
// a ground plane (Bullet contacts) below the lowest rail. Stepping is deterministic; snapshot()/restore()
// hold the full dynamic state as plain data (replay).
#include "core/layout/Layout.h"
#include "physics/BodySpec.h"
#include "physics/Derailment.h"
#include "physics/SimulationState.h"
#include "physics/Telemetry.h"
#include "physics/TrackDrives.h"
#include "physics/Train.h"
#include "physics/Vehicle.h"
#include "physics/VehicleSpec.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class btDefaultCollisionConfiguration;
class btCollisionDispatcher;
class btBroadphaseInterface;
class btDiscreteDynamicsWorld;
class btCollisionShape;
class btRigidBody;

namespace tl {

class RowForceSolver;

struct SimulationOptions {
    double dt = 1.0 / 240.0;   // fixed step [s]
    int solverIterations = 30; // sequential impulse iterations per step
    double gravity = 9.81;     // [m/s^2], along -z
    bool recordTelemetry = true;
    double telemetryWindow = 0.0;    // keep only the last T seconds of samples [s]; 0 = keep all
    DerailmentThresholds derailment; // monitor thresholds of the train bogies
    bool groundPlane = true;         // derailed cars collide with a plane below the lowest rail
    double groundDepth = 0.5;        // the plane lies this far below the lowest rail point [m]
    double trackJointErp = 0.2;      // ERP of the bogie trackjoints [-]
    std::vector<std::filesystem::path> rollingStockDirs = defaultRollingStockDirs();
};

// Wall-clock split of Simulation::step(), accumulated (the scale benchmark: our per-step work vs. Bullet's).
struct StepProfile {
    double before = 0.0; // driver inputs, row limits, couplers, roll springs, track frames [s]
    double bullet = 0.0; // btDiscreteDynamicsWorld::stepSimulation [s]
    double after = 0.0;  // feeder, derailment monitor, telemetry, finiteness checks [s]
    long long steps = 0;
};

class SimulationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Simulation {
public:
    // Bodies, vehicles and trains from the layout's "bodies" / "vehicles" / "trains" sections; throws
    // LayoutError naming `file` and the JSON path of a bad value.
    explicit Simulation(const Layout& layout, const SimulationOptions& options = {},
                        const std::string& file = {});
    Simulation(const Layout& layout, std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles,
               const SimulationOptions& options = {});
    ~Simulation();
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    void step(); // one fixed step; throws SimulationError on a non-finite state
    // Step until time() >= t (or every vehicle is released, if stopWhenAllReleased); progress(t) each
    // simulated second.
    void runUntil(double t, const std::function<void(double)>& progress = {},
                  bool stopWhenAllReleased = false);

    double time() const { return time_; }
    double dt() const { return options_.dt; }
    const Layout& layout() const { return layout_; }
    SwitchStates& switchStates() { return switchStates_; }
    const SwitchStates& switchStates() const { return switchStates_; }

    int vehicleCount() const { return int(vehicles_.size()); }
    const Vehicle& vehicle(int i) const { return *vehicles_.at(std::size_t(i)); }
    Vehicle& vehicle(int i) { return *vehicles_.at(std::size_t(i)); }
    int vehicleIndex(const std::string& id) const; // -1 if unknown
    // Speed of vehicle i along its direction relative to the track [m/s], and its anchor point [m].
    double vehicleSpeed(int i) const;
    Vec3 anchorPosition(int i) const;
    // Kinetic + potential energy of vehicle i's body [J] (potential m g z of its COM).
    double vehicleEnergy(int i) const;

    int bodyCount() const { return int(bodies_.size()); }
    int bodyIndex(const std::string& id) const; // -1 if unknown
    Pose bodyPose(int b) const;                 // current body -> world

    // Trains (SimulationTrains.cpp). addTrain throws SimulationError if the train does not fit the track.
    void addTrain(const TrainSpec& spec);
    int trainCount() const { return int(trains_.size()); }
    const Train& train(int i) const { return *trains_.at(std::size_t(i)); }
    int trainIndex(const std::string& id) const; // -1 if unknown
    std::vector<std::string> trainIds() const;
    int bogieCount() const; // over all trains
    // Driver inputs (clamped to [0, 1]; direction +1 towards the head car, -1 towards the tail). A schedule
    // entry overrides them when its time comes.
    void setThrottle(int train, double throttle);
    void setBrake(int train, double brake);
    void setDirection(int train, int direction);
    // Speed of the train towards its head [m/s] (mean over its railed bogies; all bogies if none railed).
    double trainSpeed(int train) const;
    // Speed of one bogie along its facing direction relative to the track [m/s], and its anchor [m].
    double bogieSpeed(int train, int car, int bogie) const;
    Vec3 bogieAnchor(int train, int car, int bogie) const;
    Pose carPose(int train, int car) const;              // car body COM frame -> world
    Pose bogiePose(int train, int car, int bogie) const; // bogie COM frame -> world
    double trainEnergy(int train) const;                 // kinetic + m g z of every body [J]
    // The latest rider channels of a car / vehicle (RiderChannels.h; taken while telemetry is recorded).
    const RiderChannels& carRider(int train, int car) const {
        return trains_.at(std::size_t(train))->cars.at(std::size_t(car)).rider.last;
    }
    const RiderChannels& vehicleRider(int i) const { return vehicles_.at(std::size_t(i))->rider.last; }
    const std::vector<DerailmentEvent>& derailments() const { return telemetry_.derailments(); }
    // Couplers loaded beyond their rating (one event per episode; the train is not split).
    const std::vector<CouplerEvent>& couplerEvents() const { return telemetry_.couplerEvents(); }

    // The full dynamic state as plain data, and back (same Simulation object, same layout). Stepping on
    // from a restored state repeats the original run bit for bit while no contacts are involved.
    SimulationState snapshot() const;
    void restore(const SimulationState& state);

    const Telemetry& telemetry() const { return telemetry_; }
    Telemetry& telemetry() { return telemetry_; }
    const StepProfile& stepProfile() const { return profile_; }
    void resetStepProfile() { profile_ = {}; }
    std::vector<std::string> vehicleIds() const;
    std::vector<std::string> trackIds() const;

private:
    struct Body {
        BodySpec spec;
        std::unique_ptr<btCollisionShape> shape;
        std::unique_ptr<btRigidBody> rigid;
    };
    void build(std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles);
    void addVehicle(const VehicleSpec& spec);
    btRigidBody& trackBody(int track);
    Pose trackBodyPose(int track) const; // body -> world of the body carrying the track
    void setKinematicPoses(double t);
    void feedVehicle(int i);
    void release(int i, const std::string& why);
    void checkFinite(int i) const;
    void record(int i);
    // Rider channels (SimulationRider.cpp): take the step into the filter, return the reading.
    const RiderChannels& updateVehicleRider(int i);
    const RiderChannels& updateCarRider(int t, int c);
    // Trains (SimulationTrains.cpp).
    void addGround();
    void addCar(Train& train, const RollingStockSpec& stock, const TrackPosition& centre, double speed);
    void addCoupler(Train& train, int front, int rear);
    std::unique_ptr<TrackJointConstraint> makeBogieJoint(Bogie& b, const RollingStockSpec& stock);
    void trainsBeforeStep();
    void trainsAfterStep();
    void applyCoupler(Train& train, Coupler& c);
    void checkCouplerLimit(int train, int coupler);
    void openCouplerEpisode(int train, int coupler);
    void applyRollSpring(Car& car);
    void driveBogie(const DriveInputs& in, const Car& car, Bogie& b);
    void feedBogie(int t, int c, int b);
    void monitorBogie(int t, int c, int b);
    void derailCar(int t, int c, int b, const std::string& cause, const DerailmentVerdict& v);
    void recordBogie(int t, int c, int b);
    void checkFiniteTrain(int t) const;
    double anchorSpeed(const TrackJointConstraint& joint, const btRigidBody& body, bool railed,
                       int direction) const;
    std::vector<btRigidBody*> allBodies() const; // fixed order for snapshots
    // The Bullet world's collision side (SimulationWorld.cpp).
    struct CollisionEntry {
        btRigidBody* body;
        int group, mask;
    };
    std::vector<CollisionEntry> collisionEntries() const;
    void addToWorld(btRigidBody& body, bool derailed);
    void addGroundToWorld();
    void applyRailing(bool forceRebuild = false);
    bool anyDerailed() const;
    void restoreJoint(std::unique_ptr<TrackJointConstraint>& joint, btRigidBody& body, const RailedState& r,
                      double cgHeight);

    Layout layout_;
    SimulationOptions options_;
    SwitchStates switchStates_;
    double time_ = 0.0; // [s]
    std::unique_ptr<btDefaultCollisionConfiguration> config_;
    std::unique_ptr<btCollisionDispatcher> dispatcher_;
    std::unique_ptr<btBroadphaseInterface> broadphase_;
    std::unique_ptr<RowForceSolver> solver_;
    std::unique_ptr<btDiscreteDynamicsWorld> world_;
    std::vector<std::unique_ptr<Body>> bodies_;
    std::vector<int> trackBody_; // body index per track, -1 = ground
    std::vector<std::unique_ptr<Vehicle>> vehicles_;
    std::vector<std::unique_ptr<Train>> trains_;
    std::vector<TrackDrive> drives_; // the layout's chain / booster sections (TrackDrives.h)
    std::unique_ptr<btCollisionShape> groundShape_;
    std::unique_ptr<btRigidBody> ground_;
    Telemetry telemetry_;
    StepProfile profile_;
};

} // namespace tl
