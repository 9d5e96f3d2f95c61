#pragma once
// The Bullet world of a simulation, one job: Bullet's objects (collision configuration, dispatcher,
// broadphase, solver, dynamics world), the layout's "bodies" that carry tracks (kinematic or dynamic), the
// ground plane, which body collides with what, and the contact caches. Nothing here knows trains.
//
// Canonical state: when a body's collision group changes (a derailment, a restore) the world is rebuilt --
// every body out, a fresh broadphase, every body back in the simulation's build order -- and the solver
// meets contact manifolds and constraints in a total order (IslandBatchWorld). Bullet's persistent contact
// points (warm-started impulses, up to four points a pair) are run-time state: contacts() copies them as
// plain data and restoreContacts() hands them back to the pairs as they reappear in the next step, so a
// state restored in mid-slide steps on exactly as the live run did.
#include "core/layout/Layout.h"
#include "physics/spec/BodySpec.h"
#include "physics/state/SimulationState.h"

#include <memory>
#include <string>
#include <vector>

class btDefaultCollisionConfiguration;
class btCollisionDispatcher;
class btBroadphaseInterface;
class btDiscreteDynamicsWorld;
class btCollisionObject;
class btCollisionShape;
class btRigidBody;
class btTypedConstraint;

namespace tl {

class CachePrefetch;
class RowForceSolver;

class BulletWorld {
public:
    // railed / track bodies, the ground, derailed bodies, railed bodies open to wrecks and to the open
    // railed bodies of other trains
    enum class Collides { Nothing, Ground, WithGround, Open };
    // Bodies of one group >= 0 (a train's: SimulationBuild.cpp) never collide with each other; -1: none.
    static void setGroup(btRigidBody& body, int group);
    struct Entry { // a body and what it collides with
        btRigidBody* body;
        Collides collides;
    };

    // solverTolerance: an iteration that changes no row's velocity by more than this ends the solve [m/s]
    // warmStart: joint rows start from the last step's impulses (RowForceSolver)
    BulletWorld(double gravity, int solverIterations, double solverTolerance = 0.0, bool warmStart = true);
    // A world that solves with `solver`, shared with other worlds stepped on the same thread (one after the
    // other): the solver's pools are scratch, rebuilt for every island, so one set serves every world and
    // stays in the cache between them (docs/trains-format.md, "Scale benchmark"). Its warm-start setting is
    // the solver's.
    BulletWorld(double gravity, int solverIterations, double solverTolerance,
                std::shared_ptr<RowForceSolver> solver);
    std::shared_ptr<RowForceSolver> solver() const { return solver_; }
    // Solve with `solver` from now on (a world stepped on another thread than before: StepSchedule.h).
    void setSolver(std::shared_ptr<RowForceSolver> solver);
    ~BulletWorld();
    BulletWorld(const BulletWorld&) = delete;
    BulletWorld& operator=(const BulletWorld&) = delete;

    btDiscreteDynamicsWorld& dynamics() { return *world_; }
    void step(double dt); // one Bullet step (collision detection, solve, integration)
    // Queues the lines of this world's own objects that a step reads (not its bodies' and constraints').
    void queueLines(CachePrefetch& queue) const;
    // While it solves, issue `lines` of `queue` at three points of each island's solve (RowForceSolver).
    void setSolvePrefetch(CachePrefetch* queue, std::size_t lines);
    // Joint rows solved so far, and rows x iterations (the mean iteration count of the early-ending solves).
    long long solvedRows() const;
    long long solvedRowIterations() const;

    // The layout's bodies; tracks on a body (Track::body()) are carried by it. Throws SimulationError for a
    // track on a body that is not there.
    void addTrackBodies(std::vector<BodySpec> bodies, const Layout& layout);
    int bodyCount() const { return int(bodies_.size()); }
    int bodyIndex(const std::string& id) const; // -1 if unknown
    const BodySpec& bodySpec(int b) const;
    btRigidBody& body(int b) const;
    Pose bodyPose(int b) const;              // body -> world
    btRigidBody& trackBody(int track) const; // the body carrying a track (the world's fixed body: ground)
    bool trackOnGround(int track) const { return trackBody_.at(std::size_t(track)) < 0; }
    Pose trackBodyPose(int track) const;         // its pose (identity on the ground)
    void setKinematicPoses(double t, double dt); // kinematic bodies at their prescribed pose at t

    // A ground plane at height z [m] (derailed bodies land on it).
    void addGround(double z);
    btRigidBody* ground() const { return ground_.get(); }

    void add(btRigidBody& body, Collides c); // c == Nothing: in the dynamics world, not in the broadphase
    void remove(btRigidBody& body);
    bool contains(const btRigidBody& body) const; // in the world
    void add(btTypedConstraint& c);
    void remove(btTypedConstraint& c);
    // Set every body's collision filter as `entries` say (entries: every body, in build order); when any
    // changed, or `rebuild`, rebuild the world canonically in that order, its contact points handed back to
    // their pairs in the next step (as restoreContacts does). Returns true if it rebuilt.
    bool applyCollision(const std::vector<Entry>& entries, bool rebuild);

    // The persistent contact points as plain data (bodies: the simulation's bodies in build order, which
    // names them by index; restored points not yet handed to their pair included), and back: restored
    // contacts are handed to their pairs in the next step.
    std::vector<ContactManifoldState> contacts(const std::vector<btRigidBody*>& bodies) const;
    // The pairs touching after the last step: the two bodies, the sum of their points' normal impulses [N s]
    // and the first point's normal (on body b, world).
    struct Touch {
        const btCollisionObject* a;
        const btCollisionObject* b;
        double impulse;
        Vec3 normal;
    };
    std::vector<Touch> touches() const;
    void restoreContacts(const std::vector<ContactManifoldState>& contacts,
                         const std::vector<btRigidBody*>& bodies);

private:
    struct TrackBody {
        BodySpec spec;
        std::unique_ptr<btCollisionShape> shape;
        std::unique_ptr<btRigidBody> rigid;
    };

public:
    struct Pending; // restored contacts waiting for their pair (BulletWorld.cpp)

private:
    std::unique_ptr<btDefaultCollisionConfiguration> config_;
    std::unique_ptr<btCollisionDispatcher> dispatcher_;
    std::unique_ptr<btBroadphaseInterface> broadphase_;
    std::shared_ptr<RowForceSolver> solver_;
    // The fixed body the ground tracks' joints hang on, this world's own: Bullet's process-wide
    // btTypedConstraint::getFixedBody() keeps a list of every constraint on it, which two simulations
    // building or ending on two threads (physics/run/RunJobs.h) wrote into at once.
    std::unique_ptr<btRigidBody> fixed_;
    std::unique_ptr<btDiscreteDynamicsWorld> world_;
    std::vector<std::unique_ptr<TrackBody>> bodies_;
    std::vector<int> trackBody_; // body index per track, -1 = ground
    std::unique_ptr<btCollisionShape> groundShape_;
    std::unique_ptr<btRigidBody> ground_;
    std::unique_ptr<Pending> pending_;
    Pending* pendingRaw_ = nullptr; // what the dispatcher sees (null: nothing to hand over)
};

} // namespace tl
