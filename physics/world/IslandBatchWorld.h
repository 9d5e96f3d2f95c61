#pragma once
// btDiscreteDynamicsWorld with Bullet's island batching made linear. Bullet 3.24 solves the simulation
// islands in batches of >= m_minimumSolverBatchSize constraints (the solver's working set then stays in
// cache over all its iterations), but its InplaceSolverIslandCallback::processIsland finds each island's
// constraints by scanning every constraint of the world: O(islands x constraints) per step, and every car
// of a train is an island (its couplers are forces). This world finds them by binary search in the
// island-sorted constraints instead; the batches, and so the results, are Bullet's.
//
// Bodies that collide with nothing (railed bodies, track bodies: BulletWorld) have no broadphase proxy, and
// no body TrackLab makes has a continuous-collision threshold or a motion state. For such a "plain" body
// much of what Bullet keeps per body is read by nothing, and writing it costs cache lines at fleet scale
// (docs/trains-format.md, "Scale benchmark": a btRigidBody spans 21 lines). This world, for plain bodies
// only:
// - updates no AABB (btCollisionWorld::updateAabbs would touch every body);
// - predicts no motion: Bullet integrates every body's transform three times a step (the prediction for
//   its AABB, the predictive contacts' sweep test, the integration itself), and without a proxy or a
//   continuous-collision threshold the first two are read by nothing;
// - leaves the hit fraction at 1 (only a continuous-collision sweep changes it);
// - integrates the transform as Bullet does but without the interpolation transform and velocities
//   (btRigidBody::setCenterOfMassTransform's copies, read only by motion states, swept AABBs and
//   continuous collision);
// - synchronizes no motion state (it has none).
// Every other body goes through Bullet's own code. The world, pose and velocity of every body are the same
// bits as in btDiscreteDynamicsWorld (tst_island_batch_world). Which bodies are plain is read when the set
// of bodies changes (added, removed); a change of a body's proxy, threshold, motion state or damping while
// it is in the world must call bodiesChanged().
// Damping is applied to damped bodies only (Bullet's pow(1 - 0, dt) = 1 twice per body and step otherwise);
// Bullet's "additional damping" (btRigidBodyConstructionInfo) is not supported: it cannot be read back.
#include "physics/world/CachePrefetch.h"

#include <btBulletDynamicsCommon.h>

#include <vector>

namespace tl {

class IslandBatchWorld : public btDiscreteDynamicsWorld {
public:
    // Islands are the bodies joined by constraints and by contact points (not, as in Bullet, by every pair
    // of overlapping bounding boxes: which of those pairs the broadphase holds depends on its history --
    // a world rebuilt (BulletWorld::applyCollision) finds them later -- and two islands solved as one end
    // their iterations together: a wreck's result depended on which other trains shared its world).
    IslandBatchWorld(btDispatcher* dispatcher, btBroadphaseInterface* broadphase, btConstraintSolver* solver,
                     btCollisionConfiguration* config);

    void updateAabbs() override; // bodies with a broadphase proxy only
    void synchronizeMotionStates() override;
    // every way a body enters or leaves the world (addRigidBody adds through addCollisionObject)
    void addCollisionObject(btCollisionObject* object, int group, int mask) override;
    void removeCollisionObject(btCollisionObject* object) override;
    void removeRigidBody(btRigidBody* body) override;
    // A body in the world gained or lost its broadphase proxy, continuous-collision threshold, motion state
    // or damping: sort the bodies again before the next step.
    void bodiesChanged() { sorted_ = false; }
    // Queues the lines of the world's own bookkeeping that a step reads: this object, its arrays of bodies
    // and constraints, the island manager and its union-find, its per-pass body lists -- not the bodies and
    // constraints themselves (their owner queues those).
    void queueLines(CachePrefetch& queue) const;

protected:
    void predictUnconstraintMotion(btScalar timeStep) override; // [sic] Bullet's name
    void createPredictiveContacts(btScalar timeStep) override;
    void solveConstraints(btContactSolverInfo& solverInfo) override;
    void integrateTransforms(btScalar timeStep) override;

private:
    // The bodies by what Bullet's per-body passes must do for them, each list in the world's order.
    struct Passes {
        std::vector<btCollisionObject*> proxied; // in the broadphase: AABB updates
        std::vector<btRigidBody*> predicted;     // non-static, proxied or continuous: the predicted transform
        std::vector<btRigidBody*> damped;        // non-static with linear or angular damping
        std::vector<btRigidBody*> bullet;        // non-static and not plain: Bullet's integration
        std::vector<btRigidBody*> plain;         // non-static and plain
        std::vector<btRigidBody*> motionStates;  // non-static with a motion state
    };
    Passes& passes();

    Passes passes_;
    bool sorted_ = false;
};

} // namespace tl
