#pragma once
// What changes while a simulation runs, as plain data, apart from configuration and from Bullet ownership:
// the run-time structs (Vehicle, Bogie, Car, Coupler, Train) derive from these, a snapshot copies them whole
// (SimulationState.h) and restore assigns them back and applies them through the functions a run uses
// (SimulationEngine::applyRailing, ...). A field that changes during a run belongs here, nowhere else.
// Each field says which stage of the step writes it (StepStage, physics/sim/SimulationOptions.h; the stage
// functions are SimulationEngine::stage*): [Contact], [Drive], [Forces], [Solve], [RailContact], [Feed],
// [Monitor], [Record], [Signal] (part of the contact stage); [driver] = the Simulation's setThrottle /
// setBrake / setDirection between steps. Building and restore set every field.
#include "core/geometry/Frame.h"
#include "core/layout/Layout.h"
#include "physics/monitor/Derailment.h"
#include "physics/monitor/DistanceMean.h"
#include "physics/monitor/RiderChannels.h"
#include "physics/vehicle/Traction.h"

#include <array>
#include <cstddef>

namespace tl {

struct RigidBodyState {
    Pose pose = Pose::Identity(); // COM frame -> world
    Vec3 v = Vec3::Zero();        // linear velocity [m/s, world]
    Vec3 w = Vec3::Zero();        // angular velocity [rad/s, world]
};

// An episode of a quantity over its limit (Y/Q over Nadal's limit, wheel unloading ΔQ/Q): one event from its
// onset to the last step over the limit; dips under the limit shorter than the gap belong to it (Episode.h).
struct EpisodeState {
    int event = -1;        // index of the open episode's event in its Telemetry list; -1 = none open
    double peak = 0.0;     // peak value in the open episode
    double duration = 0.0; // onset to the last step over the limit [s]
    double quiet = 0.0;    // time back at or under the limit since then [s]
};

// The solver's warm start of one constraint: the impulses of its rows found in the last step, which the next
// step starts from (RowForceSolver). Run-time state like a body's velocity: a restore that dropped it would
// not repeat the run bit for bit.
struct RowImpulses {
    std::array<double, 6>
        impulse{}; // [N s] or [N m s] per row slot (trackjoint: row id - 1, docs/trackjoint.md)
    int rows = 0;  // rows solved in the last step (a changed row set starts from zero)
};

// In the order a step reads it: what every step touches first, the 2 m means last (of their 21 bins a step
// touches one; docs/trains-format.md, "Scale benchmark": the fewer cache lines a bogie-step touches, the less
// a large fleet waits on memory).
struct RailedState {        // a vehicle or a bogie
    TrackPosition position; // [Feed] track index, s of the anchor [m], facing direction
    bool railed = true;     // [Feed, Monitor] false once derailed / released (joint disabled, body flies)
    Vec3 FTBefore = Vec3::UnitX(); // [RailContact] F.T(s, t) in the world before the current step
    double load = 0.0;             // [Monitor] bogies: Q, the vertical row force of the last step [N]
    BogieMonitor monitor;          // [Monitor] bogies: derailment monitor memory
    BogieMargins margins;   // [Monitor] bogies: wheel-rail state of the last step (a derailment's "before")
    EpisodeState yqEpisode; // [Monitor] bogies: Y/Q over the Nadal limit
    EpisodeState unloadingEpisode; // [Monitor] bogies: wheel unloading ΔQ/Q over its limit
    RowImpulses jointImpulses;     // [Solve] warm start of the trackjoint's rows
    RowImpulses pivotImpulses;     // [Solve] bogies: warm start of the car's pivot on this bogie
    DistanceMean yq2m;             // [Monitor] bogies: Y/Q over the last 2 m of travel (while loaded)
    DistanceMean dqq2m;            // [Monitor] bogies: ΔQ/Q over the last 2 m of travel
};

struct VehicleRunState { // a single vehicle (a bogie has none: its car carries the rider)
    RiderState rider;    // [Record] the rider channels' filter and latest reading (RiderChannels.h)
    Vec3 stepVelocity = Vec3::Zero(); // [Contact] the body's velocity as the last step began (CarState's)
};

struct CarState {
    // [Feed, Monitor] the car has left the track (pivots stiff in roll, bodies collide with the ground)
    bool derailed = false;
    RiderState rider; // [Record] the rider channels' filter and latest reading (RiderChannels.h)
    Vec3 stepVelocity = Vec3::Zero(); // [Record] the body's velocity as the last step began: the closing
                                      // speed of a body contact that step found (SimulationBodyContacts.cpp)
    // [Contact] +1: the body's front (+x) towards its train's head; -1: turned, a car coupled on the other
    // way round (SimulationCoupling.cpp). A car end named by +1 / -1 elsewhere is the body's own.
    int facing = +1;
};

struct CouplerState {          // all [Forces]
    double force = 0.0;        // tension > 0, compression < 0, last step [N]
    double maxForce = 0.0;     // max |force| so far [N]
    double stretch = 0.0;      // distance between the coupler points [m]
    int overload = -1;         // index of the open overload episode in Telemetry::couplerEvents(); -1 = none
    double overloadPeak = 0.0; // max |force| in the open episode [N]
    double overloadTime = 0.0; // duration of the open episode [s]
    bool broken = false;       // parted at its strength: no force from then on
};

// Two car ends of different trains in contact through their buffers (SimulationContacts.cpp), from the step
// their ends first overlap to the step they part. All [Contact].
struct BufferContactState {
    int trainA = -1, carA = -1, endA = 0; // end +1 front, -1 rear; A's train index is the lower
    int trainB = -1, carB = -1, endB = 0;
    int event = -1;               // its CollisionEvent in Telemetry::collisions()
    double compression = 0.0;     // overlap of the two ends along the track now [m]
    double peakCompression = 0.0; // largest overlap of this contact [m] (loading above it, releasing below)
    double force = 0.0;           // this step's contact force, > 0 pushing apart [N]
    double damperWork = 0.0;      // energy the dampers took so far [J]
    // its event's so far (kept here for restore; a contact that starts again within a second of the last one
    // of the same two cars continues its event):
    double peakForce = 0.0;                  // [N]
    double eventCompression = 0.0;           // largest overlap [m]
    bool solid = false;                      // an end went past its stroke
    double peakDeceleration[2] = {0.0, 0.0}; // of car A and car B [g]
    double absorbedBefore = 0.0;             // by the event's earlier contacts [J]
};

// Two cars of different trains whose bodies (a wreck's, or one open to wrecks) touch through Bullet's contact
// points (SimulationContacts.cpp), from the step their contact is found to the step it is gone. All
// [Contact].
struct BodyContactState {
    int trainA = -1, carA = -1; // A's train index is the lower
    int trainB = -1, carB = -1;
    int event = -1;         // its CollisionEvent in Telemetry::collisions()
    double peakForce = 0.0; // of its event so far [N]
};

// A buffer stop of the layout (core/layout/BufferStop.h) and the train end pressing on it
// (SimulationBufferStops.cpp). All [Contact].
struct BufferStopState {
    double slide = 0.0;           // how far a friction stop has slid back [m]
    bool overrun = false;         // slid its whole stroke: it gives way, the train runs over the end
    int train = -1, car = -1;     // the car end in contact (-1: none)
    int end = 0;                  // +1 front, -1 rear
    double peakCompression = 0.0; // of the car's buffers in this contact [m]
    int event = -1;               // its CollisionEvent in Telemetry::collisions()
};

// Two car ends uncoupled (SimulationCoupling.cpp) that have not yet drawn apart: they do not couple again
// until they have. Cars by their place in the build order (Car::origin). [Contact]
struct UncoupledEnds {
    int carA = -1, carB = -1;
};

// What a signal shows (docs/layout-format.md, "Signals"): stop (its block occupied, or no block ahead of it
// free), caution (the next stop signal is at stop), clear.
enum class Aspect { Stop, Caution, Clear };

inline const char* aspectName(Aspect a) {
    return a == Aspect::Stop ? "stop" : a == Aspect::Caution ? "caution" : "clear";
}

// A signal of the layout now (Layout::signals order). All [Signal].
struct SignalState {
    Aspect aspect = Aspect::Stop;
    bool occupied = false; // its block holds a bogie (stop signals)
};

// A train and the signals (physics/signal/, docs/trains-format.md "Signals and protection"). All [Signal].
struct TrainSignalState {
    TrackPosition head;            // its head bogie's place as the last step ended (where the head was)
    bool placed = false;           // head set (the first signalling stage sets it)
    double distance = 0.0;         // travelled by its head so far [m]
    int signal = -1;               // the next signal ahead governing it (-1: none within reach)
    double signalDistance = 0.0;   // from the head to it [m]
    Aspect aspect = Aspect::Clear; // what it shows
    int target = -1; // the first signal ahead at stop: the end of authority (-1: none within reach)
    double targetDistance = 0.0; // from the head to it [m]
    // the permitted speed protection supervises now [m/s] (< 0: no curve): the braking curve to the EOA, or
    // the release speed where that is higher (physics/signal/Protection.h)
    double permitted = -1.0;
    bool intervening = false; // protection brakes in full (until the train stands or the signal clears)
    int tripped = -1;         // the signal it passed at stop: protection brakes in full until it stands
    int holding = -1;         // the signal protection stopped it at: brakes held while it shows stop
    DriveInputs autopilot;    // the autopilot's inputs (trains driven by it)
};

// A route of the layout (core/layout/Route.h) during a run (physics/sim/SimulationRoutes.cpp). All [Signal],
// or [driver] when a route is requested between steps.
struct RouteState {
    bool set = false;           // set and locked (its switches and flank switches)
    bool entered = false;       // a train's head has passed its entry signal
    int train = -1;             // the train that entered it
    std::vector<char> released; // per Route::sets entry: released behind that train's tail
};

// A drive section during a run: a brake's hold and a station's dispatches
// (physics/sim/SimulationSignals.cpp). All [Signal].
struct DriveRunState {
    bool held = false;     // a brake holds the train on it (the block ahead is occupied, or a station waits)
    bool occupied = false; // a bogie is on the section
    bool stood = false;    // a station: the train on it has stood (it stops every train)
    bool leaving = false;  // let go with a train on it: not held again until the train has left
    double lastDispatch = -1e30; // a station: when it last let a train go [s]
};

struct TrainRunState {
    DriveInputs drive;            // [Drive, driver] current driver inputs (a schedule entry sets them)
    std::size_t nextSchedule = 0; // [Drive] first schedule entry not yet applied
    bool derailed =
        false;         // [Feed, Monitor] a car has derailed: traction cut, emergency brake (the pipe parts)
    bool near = false; // [Contact] another train or a wreck within reach: its railed car bodies collide
                       // with other trains' (SimulationContacts.cpp)
    TrainSignalState signalling; // [Signal] the signal ahead, protection, the autopilot
};

} // namespace tl
