// BulletWorld: Bullet's objects, the track-carrying bodies, the ground, collision filtering and the
// canonical rebuild (BulletWorld.h); the contact points as plain data are in ContactCache.cpp.
#include "physics/world/BulletWorld.h"

#include "physics/world/ContactCache.h"

#include "physics/joint/BulletEigen.h"
#include "physics/state/SimulationError.h"
#include "physics/world/IslandBatchWorld.h"
#include "physics/world/RowForceSolver.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace tl {

namespace {
// Collision filtering: railed bodies (and vehicles, track bodies) collide with nothing -- they are in the
// dynamics world but not in the broadphase (no proxy: no AABB updates, no pair finding); the ground only
// with derailed bodies; derailed bodies with the ground, each other and the open railed bodies; open railed
// bodies with derailed ones and each other. Two bodies of the same group (BulletWorld::setGroup: a train)
// never collide: they touch through what joins them (couplers, pivots).
struct Filter {
    int group, mask;
};
Filter filterOf(BulletWorld::Collides c) {
    switch (c) {
    case BulletWorld::Collides::Ground:
        return {2, 4};
    case BulletWorld::Collides::WithGround:
        return {4, 2 | 4 | 8};
    case BulletWorld::Collides::Open:
        return {8, 4 | 8};
    case BulletWorld::Collides::Nothing:
        break;
    }
    return {1, 0};
}

// The group and mask test, and never two bodies of the same group.
struct GroupFilter : btOverlapFilterCallback {
    bool needBroadphaseCollision(btBroadphaseProxy* p0, btBroadphaseProxy* p1) const override {
        if (!(p0->m_collisionFilterGroup & p1->m_collisionFilterMask) ||
            !(p1->m_collisionFilterGroup & p0->m_collisionFilterMask))
            return false;
        const int g0 = static_cast<const btCollisionObject*>(p0->m_clientObject)->getUserIndex();
        const int g1 = static_cast<const btCollisionObject*>(p1->m_clientObject)->getUserIndex();
        return g0 < 0 || g0 != g1;
    }
};
GroupFilter groupFilter;

} // namespace

BulletWorld::BulletWorld(double gravity, int solverIterations, double solverTolerance, bool warmStart)
    : BulletWorld(gravity, solverIterations, solverTolerance, [warmStart] {
          auto solver = std::make_shared<RowForceSolver>();
          solver->setWarmStarting(warmStart);
          return solver;
      }()) {}

BulletWorld::BulletWorld(double gravity, int solverIterations, double solverTolerance,
                         std::shared_ptr<RowForceSolver> solver)
    : solver_(std::move(solver)) {
    // Bullet's default pools hold 4 096 contact manifolds and 4 096 collision algorithms, ~8 MB written
    // through at construction (the free list), in every world: with a world per ~40 train bogies that was
    // most of a run's memory (1 500 bogies: 38 worlds, 313 MB). Railed bodies collide with nothing; a
    // world's contacts are its derailed bodies on the ground, one manifold each. Past the pool Bullet takes
    // a manifold from the heap; where a manifold lives changes no result (solveConstraints orders them).
    fixed_ = std::make_unique<btRigidBody>(0.0, nullptr, nullptr); // as btTypedConstraint::getFixedBody()
    fixed_->setMassProps(0.0, btVector3(0.0, 0.0, 0.0));
    btDefaultCollisionConstructionInfo pools;
    pools.m_defaultMaxPersistentManifoldPoolSize = 128;
    pools.m_defaultMaxCollisionAlgorithmPoolSize = 128;
    config_ = std::make_unique<btDefaultCollisionConfiguration>(pools);
    pendingRaw_ = nullptr;
    dispatcher_ = makeContactDispatcher(config_.get(), pendingRaw_);
    broadphase_ = std::make_unique<btDbvtBroadphase>();
    broadphase_->getOverlappingPairCache()->setOverlapFilterCallback(&groupFilter);
    // Bullet's island batches (cache-friendly) without its O(islands x constraints) lookup.
    world_ = std::make_unique<IslandBatchWorld>(dispatcher_.get(), broadphase_.get(), solver_.get(),
                                                config_.get());
    world_->setGravity(btVector3(0, 0, -gravity));
    // Bullet refreshes the AABB of every object in the broadphase each step, static ones too: the ground's,
    // which never moves, then leaves the broadphase's fixed tree for its moving one every step, in every
    // world. Active bodies (every body that moves: none is ever deactivated) are refreshed either way.
    world_->setForceUpdateAllAabbs(false);
    world_->getSolverInfo().m_numIterations = solverIterations;
    // Bullet compares the largest squared velocity change of a row in an iteration with this.
    world_->getSolverInfo().m_leastSquaresResidualThreshold = solverTolerance * solverTolerance;
    // Every island (a car, a vehicle) is its own solve, so that it ends when its own rows have converged:
    // in a batch of islands the largest residual of any of them would decide, and a train's result would
    // depend on which other trains share its batch.
    world_->getSolverInfo().m_minimumSolverBatchSize = 1;
}

BulletWorld::~BulletWorld() {
    if (ground_) world_->removeRigidBody(ground_.get());
    for (auto& b : bodies_)
        world_->removeRigidBody(b->rigid.get());
}

void BulletWorld::step(double dt) {
    world_->stepSimulation(dt, 0, dt);
    pending_.reset(); // handed over (pairs that did not reappear had no contact to keep)
    pendingRaw_ = nullptr;
}

void BulletWorld::setSolver(std::shared_ptr<RowForceSolver> solver) {
    if (solver == solver_) return;
    solver_ = std::move(solver);
    world_->setConstraintSolver(solver_.get());
}

void BulletWorld::queueLines(CachePrefetch& queue) const {
    static_cast<const IslandBatchWorld&>(*world_).queueLines(queue);
    queue.add(static_cast<const btDbvtBroadphase*>(broadphase_.get()));
    queue.add(static_cast<const void*>(dispatcher_.get()), contactDispatcherBytes());
}

void BulletWorld::setSolvePrefetch(CachePrefetch* queue, std::size_t lines) {
    solver_->setPrefetch(queue, lines);
}

long long BulletWorld::solvedRows() const {
    return solver_->stats().rows;
}

long long BulletWorld::solvedRowIterations() const {
    return solver_->stats().rowIterations;
}

void BulletWorld::addTrackBodies(std::vector<BodySpec> bodies, const Layout& layout) {
    for (auto& spec : bodies) {
        auto b = std::make_unique<TrackBody>();
        b->spec = spec;
        b->shape = std::make_unique<btBoxShape>(toBt(Vec3(spec.box / 2)));
        const bool dynamic = spec.motion == BodySpec::Motion::Dynamic;
        const double mass = dynamic ? spec.mass : 0.0;
        btVector3 inertia(0, 0, 0);
        if (dynamic) b->shape->calculateLocalInertia(mass, inertia);
        btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, b->shape.get(), inertia);
        ci.m_startWorldTransform = toBt(spec.pose);
        ci.m_linearDamping = ci.m_angularDamping = 0;
        b->rigid = std::make_unique<btRigidBody>(ci);
        if (!dynamic)
            b->rigid->setCollisionFlags(b->rigid->getCollisionFlags() |
                                        btCollisionObject::CF_KINEMATIC_OBJECT);
        b->rigid->setActivationState(DISABLE_DEACTIVATION);
        add(*b->rigid, Collides::Nothing); // track bodies collide with nothing
        if (dynamic) {
            if (!spec.gravity) {
                b->rigid->setFlags(b->rigid->getFlags() | BT_DISABLE_WORLD_GRAVITY);
                b->rigid->setGravity(btVector3(0, 0, 0));
            }
            b->rigid->setLinearVelocity(toBt(spec.linearVelocity));
            b->rigid->setAngularVelocity(toBt(spec.angularVelocity));
        }
        bodies_.push_back(std::move(b));
    }
    trackBody_.assign(layout.trackCount(), -1);
    for (std::size_t t = 0; t < layout.trackCount(); ++t) {
        const Track& tr = layout.track(t);
        if (tr.onGround()) continue;
        trackBody_[t] = bodyIndex(tr.body());
        if (trackBody_[t] < 0)
            throw SimulationError("track \"" + tr.id() + "\" sits on body \"" + tr.body() +
                                  "\", which is not in the \"bodies\" section");
    }
}

int BulletWorld::bodyIndex(const std::string& id) const {
    for (std::size_t i = 0; i < bodies_.size(); ++i)
        if (bodies_[i]->spec.id == id) return int(i);
    return -1;
}

const BodySpec& BulletWorld::bodySpec(int b) const {
    return bodies_.at(std::size_t(b))->spec;
}

btRigidBody& BulletWorld::body(int b) const {
    return *bodies_.at(std::size_t(b))->rigid;
}

Pose BulletWorld::bodyPose(int b) const {
    return toEigen(body(b).getCenterOfMassTransform());
}

btRigidBody& BulletWorld::trackBody(int track) const {
    const int b = trackBody_.at(std::size_t(track));
    return b < 0 ? *fixed_ : *bodies_[std::size_t(b)]->rigid;
}

Pose BulletWorld::trackBodyPose(int track) const {
    const int b = trackBody_.at(std::size_t(track));
    return b < 0 ? Pose::Identity() : bodyPose(b);
}

// Kinematic bodies follow their prescribed motion; Bullet derives their velocity from the previous pose
// (btRigidBody::saveKinematicState), which is exact for a constant rate.
void BulletWorld::setKinematicPoses(double t, double dt) {
    for (auto& b : bodies_) {
        if (b->spec.motion != BodySpec::Motion::Kinematic) continue;
        b->rigid->setWorldTransform(toBt(b->spec.poseAt(t)));
        b->rigid->setInterpolationWorldTransform(toBt(b->spec.poseAt(t - dt)));
        b->rigid->setLinearVelocity(toBt(b->spec.linearVelocity));
        b->rigid->setAngularVelocity(toBt(b->spec.angularVelocity));
    }
}

void BulletWorld::addGround(double z) {
    groundShape_ = std::make_unique<btStaticPlaneShape>(btVector3(0, 0, 1), z);
    btRigidBody::btRigidBodyConstructionInfo ci(0.0, nullptr, groundShape_.get());
    ci.m_friction = 0.6;
    ground_ = std::make_unique<btRigidBody>(ci);
    add(*ground_, Collides::Ground);
}

void BulletWorld::setGroup(btRigidBody& body, int group) {
    body.setUserIndex(group);
}

void BulletWorld::add(btRigidBody& body, Collides c) {
    const Filter f = filterOf(c);
    world_->addRigidBody(&body, f.group, f.mask);
    if (c != Collides::Nothing) return;
    // Out of the broadphase: Bullet gives every body a proxy; one that collides with nothing gives its
    // proxy back (the proxy ids the broadphase hands out next stay as they were: a rebuild repeats them).
    btBroadphaseProxy* h = body.getBroadphaseHandle();
    world_->getBroadphase()->getOverlappingPairCache()->cleanProxyFromPairs(h, dispatcher_.get());
    world_->getBroadphase()->destroyProxy(h, dispatcher_.get());
    body.setBroadphaseHandle(nullptr);
    static_cast<IslandBatchWorld&>(*world_).bodiesChanged(); // now without a proxy
}

bool BulletWorld::contains(const btRigidBody& body) const {
    const int i = body.getWorldArrayIndex();
    return i >= 0 && i < world_->getNumCollisionObjects() && world_->getCollisionObjectArray()[i] == &body;
}

void BulletWorld::remove(btRigidBody& body) {
    world_->removeRigidBody(&body);
}

void BulletWorld::add(btTypedConstraint& c) {
    world_->addConstraint(&c, true);
}

void BulletWorld::remove(btTypedConstraint& c) {
    world_->removeConstraint(&c);
}

// When a body's group has to change the world is rebuilt: every body out, a fresh broadphase, every body
// back in the build order. Bullet's body order (islands, solver order) and its contact pairs then depend on
// the state alone, not on the history of derailments and restores.
bool BulletWorld::applyCollision(const std::vector<Entry>& entries, bool rebuild) {
    for (const Entry& e : entries) {
        const btBroadphaseProxy* h = e.body->getBroadphaseHandle();
        const Filter f = filterOf(e.collides);
        if (!contains(*e.body))
            rebuild = true;
        else if (e.collides == Collides::Nothing)
            rebuild = rebuild || h; // in the broadphase but should not be
        else
            rebuild =
                rebuild || !h || h->m_collisionFilterGroup != f.group || h->m_collisionFilterMask != f.mask;
    }
    if (!rebuild) return false;
    // the contact points of the pairs in this world go to the same pairs after the rebuild (a derailment
    // must not drop another wreck's points: what a run does then would depend on which bodies share a world)
    auto kept = std::make_unique<Pending>();
    for (int i = 0; i < dispatcher_->getNumManifolds(); ++i) {
        const btPersistentManifold* m = dispatcher_->getManifoldByIndexInternal(i);
        if (m->getNumContacts() == 0) continue;
        Pending::Manifold k{m->getBody0(), m->getBody1(), {}};
        for (int c = 0; c < m->getNumContacts(); ++c)
            k.points.push_back(m->getContactPoint(c));
        kept->manifolds.push_back(std::move(k));
    }
    if (pending_) // restored points not handed over yet stay pending
        for (auto& m : pending_->manifolds)
            kept->manifolds.push_back(std::move(m));
    for (const Entry& e : entries)
        if (contains(*e.body)) world_->removeRigidBody(e.body);
    auto fresh = std::make_unique<btDbvtBroadphase>();
    fresh->getOverlappingPairCache()->setOverlapFilterCallback(&groupFilter);
    world_->setBroadphase(fresh.get());
    broadphase_ = std::move(fresh);
    for (const Entry& e : entries)
        add(*e.body, e.collides);
    pending_ = std::move(kept);
    pendingRaw_ = pending_->manifolds.empty() ? nullptr : pending_.get();
    return true;
}

} // namespace tl
