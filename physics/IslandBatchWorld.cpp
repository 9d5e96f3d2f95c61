#include "physics/IslandBatchWorld.h"

#include <BulletCollision/CollisionDispatch/btSimulationIslandManager.h>

#include <algorithm>

namespace tl {

namespace {

// As Bullet's btGetConstraintIslandId: the island of body A, or of body B if A is static.
int islandOf(const btTypedConstraint* c) {
    const int a = c->getRigidBodyA().getIslandTag();
    return a >= 0 ? a : c->getRigidBodyB().getIslandTag();
}

// Bullet's InplaceSolverIslandCallback with an O(log n) lookup of an island's constraints.
class BatchingCallback : public btSimulationIslandManager::IslandCallback {
public:
    BatchingCallback(btContactSolverInfo& info, btConstraintSolver& solver, btDispatcher* dispatcher,
                     btIDebugDraw* draw, btTypedConstraint** sorted, int count)
        : info_(info), solver_(solver), dispatcher_(dispatcher), draw_(draw), sorted_(sorted), count_(count) {
    }

    void processIsland(btCollisionObject** bodies, int numBodies, btPersistentManifold** manifolds,
                       int numManifolds, int islandId) override {
        if (islandId < 0) { // not split: everything at once
            solver_.solveGroup(bodies, numBodies, manifolds, numManifolds, sorted_, count_, info_, draw_,
                               dispatcher_);
            return;
        }
        btTypedConstraint** end = sorted_ + count_;
        btTypedConstraint** first = std::lower_bound(
            sorted_, end, islandId, [](const btTypedConstraint* c, int id) { return islandOf(c) < id; });
        btTypedConstraint** last = std::upper_bound(
            first, end, islandId, [](int id, const btTypedConstraint* c) { return id < islandOf(c); });
        if (info_.m_minimumSolverBatchSize <= 1) {
            solver_.solveGroup(bodies, numBodies, manifolds, numManifolds, first, int(last - first), info_,
                               draw_, dispatcher_);
            return;
        }
        for (int i = 0; i < numBodies; ++i)
            bodies_.push_back(bodies[i]);
        for (int i = 0; i < numManifolds; ++i)
            manifolds_.push_back(manifolds[i]);
        for (btTypedConstraint** c = first; c != last; ++c)
            constraints_.push_back(*c);
        if (constraints_.size() + manifolds_.size() > info_.m_minimumSolverBatchSize) flush();
    }

    void flush() {
        solver_.solveGroup(bodies_.size() ? &bodies_[0] : nullptr, bodies_.size(),
                           manifolds_.size() ? &manifolds_[0] : nullptr, manifolds_.size(),
                           constraints_.size() ? &constraints_[0] : nullptr, constraints_.size(), info_,
                           draw_, dispatcher_);
        bodies_.resize(0);
        manifolds_.resize(0);
        constraints_.resize(0);
    }

private:
    btContactSolverInfo& info_;
    btConstraintSolver& solver_;
    btDispatcher* dispatcher_;
    btIDebugDraw* draw_;
    btTypedConstraint** sorted_;
    int count_;
    btAlignedObjectArray<btCollisionObject*> bodies_;
    btAlignedObjectArray<btPersistentManifold*> manifolds_;
    btAlignedObjectArray<btTypedConstraint*> constraints_;
};

} // namespace

// btCollisionWorld::updateAabbs (Bullet 3.24) for the bodies that are in the broadphase: a body that
// collides with nothing has no proxy (BulletWorld::add), so no AABB to keep.
void IslandBatchWorld::updateAabbs() {
    for (int i = 0; i < m_collisionObjects.size(); ++i) {
        btCollisionObject* o = m_collisionObjects[i];
        if (o->getBroadphaseHandle() && (m_forceUpdateAllAabbs || o->isActive())) updateSingleAabb(o);
    }
}

namespace {
// Whether anything reads the transform predictUnconstraintMotion stores for a body (the interpolation
// transform, overwritten by the integration): its AABB's swept part (a proxy) or a continuous-collision
// sweep.
bool predicted(const btRigidBody* b) {
    return b->getBroadphaseHandle() || b->getCcdSquareMotionThreshold() != 0;
}
} // namespace

// btDiscreteDynamicsWorld::predictUnconstraintMotion (Bullet 3.24): damping for the damped bodies, the
// predicted transform (the AABB's swept part, btCollisionWorld::updateSingleAabb) for those with a reader.
void IslandBatchWorld::predictUnconstraintMotion(btScalar timeStep) {
    for (int i = 0; i < m_nonStaticRigidBodies.size(); ++i) {
        btRigidBody* body = m_nonStaticRigidBodies[i];
        if (body->isStaticOrKinematicObject()) continue;
        // Bullet scales the velocities by pow(1 - damping, dt): by exactly 1 for an undamped body (every body
        // TrackLab makes; none has Bullet's "additional damping", which would apply even so).
        if (body->getLinearDamping() != 0 || body->getAngularDamping() != 0) body->applyDamping(timeStep);
        if (predicted(body))
            body->predictIntegratedTransform(timeStep, body->getInterpolationWorldTransform());
    }
}

// btDiscreteDynamicsWorld::createPredictiveContacts (Bullet 3.24): a body without a continuous-collision
// threshold gets no predictive contact, so Bullet only resets its hit fraction.
void IslandBatchWorld::createPredictiveContacts(btScalar timeStep) {
    releasePredictiveContacts();
    for (int i = 0; i < m_nonStaticRigidBodies.size(); ++i) {
        btRigidBody* body = m_nonStaticRigidBodies[i];
        if (body->getCcdSquareMotionThreshold() != 0)
            createPredictiveContactsInternal(&m_nonStaticRigidBodies[i], 1, timeStep);
        else
            body->setHitFraction(1);
    }
}

// btDiscreteDynamicsWorld::solveConstraints (Bullet 3.24) with the callback above, in a total order.
void IslandBatchWorld::solveConstraints(btContactSolverInfo& solverInfo) {
    // Contact manifolds in a total order as well (the bodies' places in the world): the dispatcher holds
    // them in the order their pairs appeared, which depends on the broadphase's history; the island manager
    // groups them in that order. A state restored with its contact points (BulletWorld::restoreContacts)
    // then solves its contacts in the live run's order.
    btDispatcher& d = *getCollisionWorld()->getDispatcher();
    if (btPersistentManifold** m = d.getInternalManifoldPointer()) {
        std::sort(
            m, m + d.getNumManifolds(), [](const btPersistentManifold* a, const btPersistentManifold* b) {
                const int a0 = a->getBody0()->getWorldArrayIndex(), b0 = b->getBody0()->getWorldArrayIndex();
                if (a0 != b0) return a0 < b0;
                return a->getBody1()->getWorldArrayIndex() < b->getBody1()->getWorldArrayIndex();
            });
        for (int i = 0; i < d.getNumManifolds(); ++i)
            m[i]->m_index1a = i; // the dispatcher releases a manifold by this index
    }
    m_sortedConstraints.resize(m_constraints.size());
    for (int i = 0; i < m_constraints.size(); ++i)
        m_sortedConstraints[i] = m_constraints[i];
    // A total order (island, then the bodies' places in the world): the solver meets the constraints in the
    // same order whatever order they were added in (a joint re-made at a track crossing, a restore), so a
    // replay from a snapshot repeats the live run bit for bit.
    m_sortedConstraints.quickSort([](const btTypedConstraint* a, const btTypedConstraint* b) {
        const int ia = islandOf(a), ib = islandOf(b);
        if (ia != ib) return ia < ib;
        const int aa = a->getRigidBodyA().getWorldArrayIndex(), ba = b->getRigidBodyA().getWorldArrayIndex();
        if (aa != ba) return aa < ba;
        return a->getRigidBodyB().getWorldArrayIndex() < b->getRigidBodyB().getWorldArrayIndex();
    });
    btTypedConstraint** sorted = m_sortedConstraints.size() ? &m_sortedConstraints[0] : nullptr;
    BatchingCallback callback(solverInfo, *m_constraintSolver, getCollisionWorld()->getDispatcher(),
                              getDebugDrawer(), sorted, m_sortedConstraints.size());
    m_constraintSolver->prepareSolve(getCollisionWorld()->getNumCollisionObjects(),
                                     getCollisionWorld()->getDispatcher()->getNumManifolds());
    m_islandManager->buildAndProcessIslands(getCollisionWorld()->getDispatcher(), getCollisionWorld(),
                                            &callback);
    callback.flush();
    m_constraintSolver->allSolved(solverInfo, m_debugDrawer);
}

} // namespace tl
