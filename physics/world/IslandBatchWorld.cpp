#include "physics/world/IslandBatchWorld.h"

#include <BulletCollision/CollisionDispatch/btSimulationIslandManager.h>

#include <algorithm>

namespace tl {

namespace {

// Bullet's island manager, uniting the bodies of the contact manifolds that hold points instead of those of
// every overlapping broadphase pair (IslandBatchWorld's constructor).
class ContactIslandManager : public btSimulationIslandManager {
public:
    void updateActivationState(btCollisionWorld* world, btDispatcher* dispatcher) override {
        int index = 0; // as Bullet 3.24's: island tags for the dynamic bodies (STATIC_SIMULATION_ISLAND_...)
        btCollisionObjectArray& objects = world->getCollisionObjectArray();
        for (int i = 0; i < objects.size(); ++i) {
            btCollisionObject* o = objects[i];
            if (!o->isStaticOrKinematicObject()) o->setIslandTag(index++);
            o->setCompanionId(-1);
            o->setHitFraction(btScalar(1.));
        }
        initUnionFind(index);
        for (int i = 0; i < dispatcher->getNumManifolds(); ++i) {
            const btPersistentManifold* m = dispatcher->getManifoldByIndexInternal(i);
            const btCollisionObject* a = m->getBody0();
            const btCollisionObject* b = m->getBody1();
            if (m->getNumContacts() > 0 && a->mergesSimulationIslands() && b->mergesSimulationIslands())
                getUnionFind().unite(a->getIslandTag(), b->getIslandTag());
        }
    }
};

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
        // A manifold without points may join two islands (ContactIslandManager): it solves nothing, but the
        // solver would take the other island's body into this solve and write it back -- its forces applied
        // twice. Out.
        numManifolds =
            int(std::remove_if(manifolds, manifolds + numManifolds,
                               [](const btPersistentManifold* m) { return m->getNumContacts() == 0; }) -
                manifolds);
        // Bullet's island manager groups the manifolds by island with an unstable sort on the island alone:
        // an island's manifolds came out in an order that depended on every other island of the world, so a
        // wreck touching another body solved its contacts in another order when other trains' wrecks shared
        // its world (tst_step_threads). In the bodies' places, as the dispatcher's (solveConstraints).
        std::sort(manifolds, manifolds + numManifolds,
                  [](const btPersistentManifold* a, const btPersistentManifold* b) {
                      const int a0 = a->getBody0()->getWorldArrayIndex(),
                                b0 = b->getBody0()->getWorldArrayIndex();
                      if (a0 != b0) return a0 < b0;
                      return a->getBody1()->getWorldArrayIndex() < b->getBody1()->getWorldArrayIndex();
                  });
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

// Bullet's addRigidBody adds through addCollisionObject; its removeRigidBody and removeCollisionObject call
// btCollisionWorld's directly, so each is marked here.
void IslandBatchWorld::addCollisionObject(btCollisionObject* object, int group, int mask) {
    sorted_ = false;
    btDiscreteDynamicsWorld::addCollisionObject(object, group, mask);
}

void IslandBatchWorld::removeCollisionObject(btCollisionObject* object) {
    sorted_ = false;
    btDiscreteDynamicsWorld::removeCollisionObject(object);
}

void IslandBatchWorld::removeRigidBody(btRigidBody* body) {
    sorted_ = false;
    btDiscreteDynamicsWorld::removeRigidBody(body);
}

namespace {
template <class T> void addArray(CachePrefetch& queue, const btAlignedObjectArray<T>& a) {
    if (a.size()) queue.add(&a[0], std::size_t(a.size()) * sizeof(T));
}
template <class T> void addVector(CachePrefetch& queue, const std::vector<T>& v) {
    queue.add(v.data(), v.size() * sizeof(T));
}
} // namespace

void IslandBatchWorld::queueLines(CachePrefetch& queue) const {
    queue.add(this);
    addArray(queue, m_collisionObjects);
    addArray(queue, m_nonStaticRigidBodies);
    addArray(queue, m_constraints);
    addArray(queue, m_sortedConstraints);
    queue.add(m_islandManager);
    btUnionFind& unions = m_islandManager->getUnionFind();
    if (unions.getNumElements())
        queue.add(&unions.getElement(0), std::size_t(unions.getNumElements()) * sizeof(btElement));
    addVector(queue, passes_.proxied);
    addVector(queue, passes_.predicted);
    addVector(queue, passes_.damped);
    addVector(queue, passes_.bullet);
    addVector(queue, passes_.plain);
    addVector(queue, passes_.motionStates);
}

IslandBatchWorld::Passes& IslandBatchWorld::passes() {
    if (sorted_) return passes_;
    Passes& p = passes_;
    p = {};
    for (int i = 0; i < m_collisionObjects.size(); ++i)
        if (m_collisionObjects[i]->getBroadphaseHandle()) p.proxied.push_back(m_collisionObjects[i]);
    for (int i = 0; i < m_nonStaticRigidBodies.size(); ++i) {
        btRigidBody* b = m_nonStaticRigidBodies[i];
        const bool proxied = b->getBroadphaseHandle(), continuous = b->getCcdSquareMotionThreshold() != 0,
                   motionState = b->getMotionState();
        if (proxied || continuous) p.predicted.push_back(b);
        if (b->getLinearDamping() != 0 || b->getAngularDamping() != 0) p.damped.push_back(b);
        if (motionState) p.motionStates.push_back(b);
        if (proxied || continuous || motionState) {
            p.bullet.push_back(b);
        } else {
            p.plain.push_back(b);
            b->setHitFraction(1); // as Bullet leaves it every step; nothing changes it from now on
        }
    }
    sorted_ = true;
    return passes_;
}

// btCollisionWorld::updateAabbs (Bullet 3.24) for the bodies that are in the broadphase: a body that
// collides with nothing has no proxy (BulletWorld::add), so no AABB to keep.
void IslandBatchWorld::updateAabbs() {
    for (btCollisionObject* o : passes().proxied)
        if (m_forceUpdateAllAabbs || o->isActive()) updateSingleAabb(o);
}

// btDiscreteDynamicsWorld::predictUnconstraintMotion (Bullet 3.24): damping for the damped bodies, the
// predicted transform (the AABB's swept part, btCollisionWorld::updateSingleAabb) for those with a reader.
void IslandBatchWorld::predictUnconstraintMotion(btScalar timeStep) {
    Passes& p = passes();
    // Bullet scales the velocities by pow(1 - damping, dt): by exactly 1 for an undamped body (every body
    // TrackLab makes; none has Bullet's "additional damping", which would apply even so).
    for (btRigidBody* body : p.damped)
        if (!body->isStaticOrKinematicObject()) body->applyDamping(timeStep);
    for (btRigidBody* body : p.predicted)
        if (!body->isStaticOrKinematicObject())
            body->predictIntegratedTransform(timeStep, body->getInterpolationWorldTransform());
}

// btDiscreteDynamicsWorld::createPredictiveContacts (Bullet 3.24): a body without a continuous-collision
// threshold gets no predictive contact, so Bullet only resets its hit fraction (a plain body's stays 1).
void IslandBatchWorld::createPredictiveContacts(btScalar timeStep) {
    releasePredictiveContacts();
    for (btRigidBody* body : passes().bullet)
        if (body->getCcdSquareMotionThreshold() != 0)
            createPredictiveContactsInternal(&body, 1, timeStep);
        else
            body->setHitFraction(1);
}

// btDiscreteDynamicsWorld::integrateTransforms (Bullet 3.24). A plain body is moved as
// btDiscreteDynamicsWorld::integrateTransformsInternal moves it (no continuous-collision clamping: it has no
// threshold) and btRigidBody::setCenterOfMassTransform sets it -- the same transform, then the world inverse
// inertia from it -- without the interpolation transform and velocities that nothing reads for it.
void IslandBatchWorld::integrateTransforms(btScalar timeStep) {
    if (m_applySpeculativeContactRestitution) {
        btDiscreteDynamicsWorld::integrateTransforms(timeStep);
        return;
    }
    Passes& p = passes();
    if (!p.bullet.empty()) integrateTransformsInternal(p.bullet.data(), int(p.bullet.size()), timeStep);
    btTransform predicted;
    for (btRigidBody* body : p.plain)
        if (body->isActive() && !body->isStaticOrKinematicObject()) {
            body->predictIntegratedTransform(timeStep, predicted);
            body->getWorldTransform() = predicted;
            body->updateInertiaTensor();
        }
}

// btDiscreteDynamicsWorld::synchronizeMotionStates (Bullet 3.24) for the bodies that have a motion state.
void IslandBatchWorld::synchronizeMotionStates() {
    if (m_synchronizeAllMotionStates) {
        btDiscreteDynamicsWorld::synchronizeMotionStates();
        return;
    }
    for (btRigidBody* body : passes().motionStates)
        if (body->isActive()) synchronizeSingleMotionState(body);
}

IslandBatchWorld::IslandBatchWorld(btDispatcher* dispatcher, btBroadphaseInterface* broadphase,
                                   btConstraintSolver* solver, btCollisionConfiguration* config)
    : btDiscreteDynamicsWorld(dispatcher, broadphase, solver, config) {
    if (m_ownsIslandManager) { // (as btDiscreteDynamicsWorld's destructor frees it)
        m_islandManager->~btSimulationIslandManager();
        btAlignedFree(m_islandManager);
    }
    void* mem = btAlignedAlloc(sizeof(ContactIslandManager), 16);
    m_islandManager = new (mem) ContactIslandManager();
    m_ownsIslandManager = true;
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
