#pragma once
// btDiscreteDynamicsWorld with Bullet's island batching made linear. Bullet 3.24 solves the simulation
// islands in batches of >= m_minimumSolverBatchSize constraints (the solver's working set then stays in
// cache over all its iterations), but its InplaceSolverIslandCallback::processIsland finds each island's
// constraints by scanning every constraint of the world: O(islands x constraints) per step, and every car
// of a train is an island (its couplers are forces). This world finds them by binary search in the
// island-sorted constraints instead; the batches, and so the results, are Bullet's.
// Bodies that collide with nothing (railed bodies, track bodies: BulletWorld) have no broadphase proxy; this
// world updates the AABBs of the others only (btCollisionWorld::updateAabbs would touch every body).
#include <btBulletDynamicsCommon.h>

namespace tl {

class IslandBatchWorld : public btDiscreteDynamicsWorld {
public:
    using btDiscreteDynamicsWorld::btDiscreteDynamicsWorld;

    void updateAabbs() override; // bodies with a broadphase proxy only

protected:
    void solveConstraints(btContactSolverInfo& solverInfo) override;
};

} // namespace tl
