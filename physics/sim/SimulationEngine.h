#pragma once
// The engine behind the Simulation facade (physics/sim/Simulation.h), internal to physics: the ui and the
// CLI use the facade and its view, physics' own tests and run/ may reach in through Simulation::engine().
// The simulation of a layout: its "bodies" (kinematic turntables, free dynamic bodies), its "vehicles"
// (one railed body each) and its "trains" (cars on bogies with couplers, driven by throttle and brake,
// derailing by the wheel-rail limits: Train.h, Derailment.h), stepped with a fixed dt. A non-finite state
// stops the run with SimulationError. Derailed cars fall onto a ground plane below the lowest rail.
// Stepping is deterministic; snapshot()/restore() hold the full dynamic state as plain data (replay).
//
// Its parts, one job each:
//   BulletWorld (BulletWorld.h)            Bullet's world, track bodies, ground, collision, contact caches
//   building (SimulationBuild.cpp)          vehicles and trains placed on the track (RailedBody.h)
//   RailContact (RailContact.h)             the trackjoints: frames and row limits, the feeder
//   driving (SimulationDrive.cpp)           schedules, traction and brakes, couplers, roll springs
//   monitoring (SimulationMonitor.cpp)      finiteness, derailment, Y/Q and wheel-unloading episodes
//   recording (SimulationRecord.cpp)        telemetry samples
//   contacts (SimulationContacts.cpp,       car ends of different trains in buffer contact, bodies touching,
//     SimulationBodyContacts.cpp)           their collision events; which trains share a world
// step() calls them in named stages, in this order:
//   kinematics -> contact -> railContact -> drive -> forces -> solve -> check -> feed -> monitor -> record
// Each stage after contact is a function over the vehicles and trains of one Bullet world, a unit of the
// step schedule (StepSchedule.h), which alone knows how trains are grouped into worlds and what is
// prefetched while a world steps: one world's bodies, joints and bogies stay in the cache from its first
// stage to its last. Scale benchmark: 4 000 bogies cost ~1.15-1.3x what 100 do per bogie-step (~1.3-1.35x
// in worlds of 100, 1.75x without the prefetch, 2.85x in one world). With several threads each runs a part
// of the units (stepUnits, docs/architecture.md "Threads"), with the same bits as one.
#include "core/checks/PermissibleSpeeds.h"
#include "core/layout/Layout.h"
#include "core/layout/LineSpeed.h"
#include "physics/monitor/Derailment.h"
#include "physics/rail/RailContact.h"
#include "physics/sim/SimulationOptions.h"
#include "physics/sim/StepSchedule.h"
#include "physics/sim/StepThreads.h"
#include "physics/spec/BodySpec.h"
#include "physics/spec/Scenario.h"
#include "physics/spec/VehicleSpec.h"
#include "physics/state/SimulationError.h"
#include "physics/state/SimulationState.h"
#include "physics/telemetry/Telemetry.h"
#include "physics/telemetry/TelemetryJournal.h"
#include "physics/vehicle/TrackDrives.h"
#include "physics/vehicle/Train.h"
#include "physics/vehicle/Vehicle.h"
#include "physics/world/BulletWorld.h"

#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class btRigidBody;

namespace tl {

class SimulationEngine {
public:
    // Bodies, vehicles and trains from the layout's "bodies" / "vehicles" / "trains" sections; throws
    // LayoutError naming `file` and the JSON path of a bad value.
    explicit SimulationEngine(const Layout& layout, const SimulationOptions& options = {},
                              const std::string& file = {});
    // From a parsed scenario (physics/spec/Scenario.h): its bodies, vehicles and trains.
    SimulationEngine(const Layout& layout, const Scenario& scenario, const SimulationOptions& options = {});
    SimulationEngine(const Layout& layout, std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles,
                     const SimulationOptions& options = {});
    ~SimulationEngine();
    SimulationEngine(const SimulationEngine&) = delete;
    SimulationEngine& operator=(const SimulationEngine&) = delete;

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

    int bodyCount() const { return world_.bodyCount(); }
    int bodyIndex(const std::string& id) const { return world_.bodyIndex(id); } // -1 if unknown
    Pose bodyPose(int b) const { return world_.bodyPose(b); }                   // current body -> world

    // Trains (SimulationBuild.cpp). addTrain throws SimulationError if the train does not fit the track.
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
    // Car ends of different trains meeting through their buffers, one event per contact.
    const std::vector<CollisionEvent>& collisions() const { return telemetry_.collisions(); }
    // Y/Q over the Nadal limit and wheel unloading over its limit, one event per episode.
    const std::vector<WheelEvent>& wheelEvents() const { return telemetry_.wheelEvents(); }
    // The aspect of each signal now (Layout::signals order; SimulationSignals.cpp).
    std::vector<Aspect> signalAspects() const {
        std::vector<Aspect> a;
        for (const SignalState& s : signals_)
            a.push_back(s.aspect);
        return a;
    }

    // Uncouple train `train` behind its car `car` (head = 0): the cars behind become a new train "<id>-2",
    // listed right after it, brakes on (SimulationCoupling.cpp). Between steps; throws SimulationError for a
    // car without one behind it.
    void uncouple(int train, int car);
    // Throw switch `sw` to `state` during the run (not in the file; SimulationRoutes.cpp): "" when done (an
    // event), else why it was refused -- a train on the switch's block or on its points, a route locking it,
    // a state that is no branch. `train`: who asked (a schedule entry's; -1 the user).
    std::string throwSwitch(int sw, int state, int train = -1);
    // Set route `route` (Layout::routeList()): "" when set (an event), else why it was refused -- a
    // conflicting route set, a switch locked by another route or not free to move, a train on the route.
    std::string requestRoute(int route, int train = -1);
    const std::vector<RouteState>& routeStates() const { return routes_; }
    const std::vector<int>& switchLocks() const { return switchLocks_; }
    const std::vector<DriveRunState>& driveStates() const { return driveStates_; }
    // Changes whenever trains are coupled or uncoupled, or a restore brings another make-up: what reads
    // trains by index (their ids, cars, couplers) reads them again.
    std::uint64_t makeup() const { return makeup_; }
    std::pair<int, int> carOf(int origin) const; // the train and car of the car built as `origin` ({-1, -1})

    // The full dynamic state as plain data, and back (same Simulation object, same layout). Stepping on
    // from a restored state repeats the original run bit for bit, ground contacts included.
    SimulationState snapshot() const;
    // What a snapshot must match to be restored here (SimulationState::scenario).
    std::uint64_t scenarioFingerprint() const;
    void restore(const SimulationState& state);

    // The trains per train world, in order (StepSchedule::grouping), and a new grouping between two steps:
    // the trains' bodies move to their new worlds with their contact points. A run regrouped at any step
    // goes on bit for bit as the run that was not (tst_regroup). Throws SimulationError (nothing changed) for
    // a grouping StepSchedule::regroup refuses.
    std::vector<int> grouping() const { return schedule_.grouping(); }
    // base (StepSchedule::regroup): the grouping the step starts from when it groups trains that can touch.
    void regroup(const std::vector<int>& trainsPerWorld, bool base = true);
    StepSchedule& schedule() { return schedule_; } // (tests: its parts)

    const Telemetry& telemetry() const { return telemetry_; }
    Telemetry& telemetry() { return telemetry_; }
    const StepProfile& stepProfile() const { return profile_; }
    void resetStepProfile() { profile_ = {}; }
    std::vector<std::string> vehicleIds() const;
    std::vector<std::string> trackIds() const;

private:
    using StepUnit = StepSchedule::Unit;
    // One thread's pass over its part of a step's units (StepSchedule::parts), what its stages read and write
    // besides their own trains: the time they see (the step's start up to the solve, its end after it), the
    // telemetry they add (handed over in unit order), the cache cursor and the stage timing.
    struct StepPart {
        double t = 0.0;
        TelemetryJournal journal;
        StepSchedule::Cursor cursor;
        StepProfile profile;
        std::exception_ptr error; // what stopped the part, in unit `failed` (its later units did not step)
        std::size_t failed = 0;
    };

    // Coupling and uncoupling (SimulationCoupling.cpp). A train's make-up: the spec it runs under, its cars
    // by origin with their facing, its couplers' states and its run state.
    struct Makeup {
        TrainSpec spec;
        TrainRunState run;
        std::vector<int> origins, facing;
        std::vector<CouplerState> couplers;
    };
    // Two car ends that met slowly enough to couple (the contact stage finds them), by their cars' origins.
    struct Coupling {
        int originA = -1, endA = 0, originB = -1, endB = 0;
        double closing = 0.0; // [m/s]
    };
    // Part of the contact stage, before it: every train's schedule entries due as the step begins (inputs and
    // uncouplings; the drive stage then reads the inputs).
    void stageCoupling();
    bool couplesWith(const Car& A, const Car& B, double closing) const;
    bool uncoupledPair(int originA, int originB) const;
    void couple(const Coupling& m);
    Makeup makeupOf(int train) const;
    // The trains rebuilt around their cars, between two steps: every world rebuilt, every state renamed.
    void remake(std::vector<Makeup> trains, const std::vector<int>& grouping, const std::vector<int>& base);
    // The contact points of every world held by their bodies while the worlds are rebuilt, then handed back
    // (SimulationRegroup.cpp).
    struct HeldContact {
        const btRigidBody *body0, *body1; // (null: a ground -- the other body's world's)
        std::vector<unsigned char> bytes;
    };
    std::vector<HeldContact> holdContacts() const;
    void handBackContacts(std::vector<HeldContact>& held);
    void build(std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles);
    void removeFromWorlds(); // every vehicle's and train's bodies and constraints out of their worlds
    // The stages of a step, in order (step()), over one unit.
    void stageKinematics(); // track bodies at their prescribed pose
    // Car ends of different trains: which trains can touch (grouped into one world: a regroup between steps)
    // and the buffer forces of the ends in contact (SimulationContacts.cpp), applied in the forces stage.
    void stageContact();
    // The units of the step, each through the stages below, on as many threads as the options say.
    void stepUnits();
    void stepPart(StepPart& p, std::size_t first, std::size_t end); // units [first, end), on one thread
    void stageRailContact(StepPart&, const StepUnit&); // every railed body's track frame at its s; wheel-rail
    void stageDrive(StepPart&, const StepUnit&);       // traction, brakes and track drives as motor rows
    void stageForces(StepPart&, const StepUnit&);      // couplers and roll springs (explicit forces)
    void stageSolve(StepPart&, const StepUnit&);       // Bullet
    void stageCheck(const StepPart&, const StepUnit&) const; // finiteness of every body and joint force
    void stageFeed(StepPart&, const StepUnit&);              // the feeder: s along the track, open ends
    void stageMonitor(StepPart&, const StepUnit&); // derailment monitor and Y/Q / unloading episodes
    void stageRecord(StepPart&, const StepUnit&);  // rider channels, telemetry samples
    // Building (SimulationBuild.cpp).
    void addVehicle(const VehicleSpec& spec);
    void addGround();
    void addCar(Train& train, const RollingStockSpec& stock, const TrackPosition& centre, double speed);
    void addCoupler(Train& train, int front, int rear);
    // Driving (SimulationDrive.cpp) and couplers (SimulationCouplers.cpp).
    void driveBogie(const DriveInputs& in, const Car& car, Bogie& b);
    // The schedule's entries due by now become the train's inputs (at its build: those at t = 0, so that an
    // input set before the first step -- a key -- is not overridden by them).
    void takeDueSchedule(Train& t, double now);
    void applyRollSpring(Car& car);
    void applyContacts(const StepUnit& u); // this step's buffer forces between the unit's trains
    // The layout's buffer stops against the trains' free ends: their forces (contactForces_, no second body),
    // slides, overruns and events (SimulationBufferStops.cpp). Part of the contact stage.
    void stageBufferStops();
    // Signalling (SimulationSignals.cpp), part of the contact stage, after the coupling: each train's head
    // passing signals (SPAD events), the blocks' occupancy and the signals' aspects, each train's signal
    // ahead, protection's braking curve and the autopilot's inputs (physics/signal/). Nothing on a layout
    // without signals.
    void stageSignals();
    void prepareSignals();           // at build: the blocks by track, the line speeds, the first aspects
    void updateAspects(bool record); // occupancy -> aspects; record: aspect events for the changes
    void moveHead(int t);       // the head's distance, the signal it was heading for passed (a SPAD at stop)
    void superviseTrain(int t); // the signal ahead, the end of authority, protection, the autopilot
    void requestRouteAhead(int t, const TrackPosition& head, double v, double braking); // the autopilot
    // The permissible speeds for a train on autopilot (SimulationPermissible.cpp): the lowest under the train
    // (its cars' length back from the head, along the route as set) and the lowest braking curve
    // sqrt(v_p^2 + 2 a x) at the service rate a to the places ahead (none binds below `cap` [m/s] beyond
    // cap^2 / 2a). Both +inf where nothing limits.
    struct PermissibleLimits {
        double here = 0.0, ahead = 0.0; // [m/s]
    };
    PermissibleLimits permissibleLimits(const Train& t, const TrackPosition& head, double service,
                                        double cap);
    TrackPosition trainHead(const Train& t) const; // its leading bogie's place, facing its travel
    double trainBraking(const Train& t) const;     // total brake force / total mass [m/s^2]
    // Routes and run-time switches (SimulationRoutes.cpp): a route's trains entering and leaving it, its
    // switches released behind their tails; the brakes' holds and the stations' dispatches.
    void prepareRoutes(); // at build: route, lock and drive states, the brakes' blocks
    void stageRoutes();
    void stageBrakes();
    bool pointsOccupied(int sw, std::string* who) const; // a bogie on a switch's points (or its block)
    // A bogie or vehicle on any of the spans?
    bool spansOccupied(const std::vector<TrackSpan>& spans) const;
    void addThrowEvent(int sw, int state, int train);
    void addRouteEvent(int route, const char* what, int train);
    void addRefusal(int train, const char* kind,
                    const std::string& why); // a schedule's throw or route refused
    // The inputs the drive stage applies: the driver's (or the autopilot's), overridden by protection.
    DriveInputs effectiveInputs(const Train& t) const;
    void updateCollision(const BufferContactState& s); // its event from the contact's state
    // Car bodies of different trains touching: their collision events. Returns, per buffer contact of the
    // last step (contacts_, in its order), the normal impulse its two cars' bodies took over it [N s]: ends
    // past both strokes (CarBox.h) press body on body, and that is part of the contact's force.
    std::vector<double> watchBodyContacts();
    std::string inContact(int t) const; // for errors: the train t touches (SimulationMonitor.cpp)
    void applyCoupler(Train& train, Coupler& c);
    void checkCouplerLimit(StepPart& p, int train, int coupler);
    void openCouplerEpisode(StepPart& p, int train, int coupler);
    // Rail contact results (open ends).
    void release(int vehicle);
    // Monitoring (SimulationMonitor.cpp).
    void monitorBogie(StepPart& p, int t, int c, int b);
    void watchWheels(StepPart& p, int t, int c, int b);
    void derailCar(StepPart& p, int t, int c, int b, const std::string& cause, const DerailmentVerdict& v);
    // The common head of an event of train t (car c, bogie bi; -1: not one) at `at` at time `when`, moving at
    // `speed`.
    EventPlace eventPlace(double when, int t, int c, int bi, const RailedBody& at, double speed) const;
    // Recording (SimulationRecord.cpp).
    void recordVehicle(StepPart& p, int i);
    void recordBogie(StepPart& p, int t, int c, int b);
    // Rider channels (SimulationRider.cpp): take the step into the filter, return the reading.
    const RiderChannels& updateVehicleRider(int i);
    const RiderChannels& updateCarRider(int t, int c);
    // Railing state -> world (SimulationRailing.cpp): pivots, joints, collision groups.
    std::vector<btRigidBody*> allBodies() const; // dynamic bodies, fixed order (snapshots)
    std::vector<BulletWorld*> worlds() const { return schedule_.worlds(); } // the main one, then the trains'
    std::vector<BulletWorld::Entry> collisionEntries(const BulletWorld& w) const; // w's bodies in build order
    std::vector<btRigidBody*> contactBodies() const; // every world's bodies in turn (contacts name them)
    // Every world, or only `only` (a derailment, from the thread stepping that world: the others' bodies are
    // not its to touch, and nothing of theirs changed).
    void applyRailing(bool forceRebuild = false, const BulletWorld* only = nullptr);
    bool anyDerailed() const;

    Layout layout_;
    SimulationOptions options_;
    SwitchStates switchStates_;
    double time_ = 0.0; // [s]
    BulletWorld world_;
    RailContact rail_;      // uses layout_, switchStates_, world_
    StepSchedule schedule_; // the grouping of trains into worlds and the prefetching (uses world_)
    double groundZ_ = 0.0;  // height of the ground plane [m]
    std::vector<std::unique_ptr<Vehicle>> vehicles_;
    std::vector<std::unique_ptr<Train>> trains_;
    std::vector<TrackDrive> drives_; // the layout's chain / booster sections (TrackDrives.h)
    Telemetry telemetry_;
    StepProfile profile_;
    std::unique_ptr<StepThreads> threads_;       // more than one thread (SimulationOptions::threads)
    std::vector<StepPart> parts_;                // per thread
    std::vector<BufferContactState> contacts_;   // car ends in contact, in canonical order (state: snapshots)
    std::vector<BodyContactState> bodyContacts_; // car bodies of different trains touching (state)
    std::vector<BufferStopState> stops_;         // per Layout::bufferStops() (state)
    std::vector<SignalState> signals_;           // per Layout::signalList() (state)
    std::vector<RouteState> routes_;             // per Layout::routeList() (state)
    std::vector<int> switchLocks_;               // per switch: the route locking it, -1 free (state)
    std::vector<DriveRunState> driveStates_;     // per Layout::drives() (state)
    // derived from the layout and the switch states (SimulationSignals.cpp), not state: per track, the
    // (signal, span) of every block on it; per signal, the next stop signal along the route as set (-1: none,
    // -2: the route ends at a switch set to no branch) for the states in signalNextStates_
    std::vector<std::vector<std::pair<int, TrackSpan>>> blockSpans_;
    std::vector<int> signalNext_;
    SwitchStates signalNextStates_;
    std::vector<LineSpeedOf> lineSpeeds_; // the autopilot's line speeds (core/layout/LineSpeed.h)
    // the autopilot's permissible speeds per track, per allowed cant deficiency [m] (derived from the layout,
    // not state; built when a train on autopilot first needs them: core/checks/PermissibleSpeeds.h)
    std::map<double, std::vector<TrackPermissible>> permissible_;
    std::vector<int> brakeSignals_;   // per drive: a brake's block ahead -- the first stop signal at or past
                                      // its end (-1: none, or not a brake)
    std::vector<double> driveSpeeds_; // per drive: its speed in the file (a held brake's is 0 meanwhile)
    std::vector<UncoupledEnds> uncoupled_; // uncoupled ends not yet apart (state)
    std::uint64_t makeup_ = 0;             // makeup()
    int carCount_ = 0;                     // cars built (their origins: 0 ...)
    std::string builtTrains_;              // the trains as built, for scenarioFingerprint
    struct ContactForce {                  // this step's force of contacts_[k] (stageContact)
        int trainA, trainB;
        btRigidBody *bodyA, *bodyB;
        Vec3 n, rA, rB; // from A towards B; the contact points relative to the bodies' centres [m]
        double force;   // [N], > 0 pushing apart
    };
    std::vector<ContactForce> contactForces_;
    // Each car's body as a step begins, noted where the car's data is at hand -- at the end of its unit's
    // pass (on its part's thread), after building and after restore -- so that the contact stage reads one
    // array instead of every car's body from memory (SimulationContacts.cpp): its pose and velocity. stepped:
    // at the end of a step's pass, which also hands the velocity the step began with to
    // CarState::stepVelocity.
    struct CarAt {
        Pose X = Pose::Identity();
        Vec3 v = Vec3::Zero();
    };
    std::vector<CarAt> carsAt_;
    std::vector<int> firstCar_; // per train, its first car's entry
    void noteCars(int firstTrain, int endTrain, bool stepped);
};

} // namespace tl
