#pragma once
// btDiscreteDynamicsWorld with Bullet's island batching made linear. Bullet 3.24 solves the simulation
// islands in batches of >= m_minimumSolverBatchSize constraints (the solver's working set then stays in
// cache over all its iterations), but its InplaceSolverIslandCallback::processIsland finds each island's
// constraints by scanning every constraint of the world: O(islands x constraints) per step, and every car
// of a train is an island (its couplers are forces). This world finds them by binary search in the
// island-sorted constraints instead; the batches, and so the results, are Bullet's.
// Bodies that collide with nothing (railed bodies, track bodies: BulletWorld) have no broadphase proxy; this
// world updates the AABBs of the others only (btCollisionWorld::updateAabbs would touch every body), and
// predicts their motion only: Bullet integrates every body's transform three times a step (the prediction
// for its AABB, the predictive contacts' sweep test, the integration itself), and without a proxy or a
// continuous-collision threshold the first two are read by nothing. The one that moves the body is Bullet's.
// Damping is applied to damped bodies only (Bullet's pow(1 - 0, dt) = 1 twice per body and step otherwise);
// Bullet's "additional damping" (btRigidBodyConstructionInfo) is not supported: it cannot be read back.
#include <btBulletDynamicsCommon.h>

namespace tl {

class IslandBatchWorld : public btDiscreteDynamicsWorld {
public:
    using btDiscreteDynamicsWorld::btDiscreteDynamicsWorld;

    void updateAabbs() override; // bodies with a broadphase proxy only

protected:
    void predictUnconstraintMotion(btScalar timeStep) override; // [sic] Bullet's name
    void createPredictiveContacts(btScalar timeStep) override;
    void solveConstraints(btContactSolverInfo& solverInfo) override;
};

} // namespace tl
