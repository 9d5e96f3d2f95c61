#pragma once
// The Bullet world of a layout: its "bodies" (kinematic turntables, free dynamic bodies) and its
// "vehicles" (one box + one trackjoint each), stepped with a fixed dt. After each step the feeder moves
// every railed vehicle along its track (TrackFeeder.h), open ends release the vehicle (an event), and a
// telemetry sample per vehicle is recorded. A non-finite state stops the run with SimulationError.
#include "core/layout/Layout.h"
#include "physics/BodySpec.h"
#include "physics/Telemetry.h"
#include "physics/Vehicle.h"
#include "physics/VehicleSpec.h"

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
};

class SimulationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Simulation {
public:
    // Bodies and vehicles from the layout's "bodies" / "vehicles" sections; throws LayoutError naming
    // `file` and the JSON path of a bad value.
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

    const Telemetry& telemetry() const { return telemetry_; }
    Telemetry& telemetry() { return telemetry_; }
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
    Telemetry telemetry_;
};

} // namespace tl
