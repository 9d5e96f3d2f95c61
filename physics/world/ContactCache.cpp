// The contact cache of a BulletWorld: the dispatcher that hands pending points to their pairs, and the
// contact points as plain data and back (ContactCache.h, BulletWorld.h).
#include "physics/world/ContactCache.h"

#include <BulletCollision/CollisionDispatch/btCollisionObjectWrapper.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace tl {

namespace {
static_assert(std::is_trivially_copyable_v<btManifoldPoint>, "contact points are copied as bytes");

// A contact point's bytes with its padding zeroed (Bullet leaves whatever was there): the same point, the
// same bytes. The members of Bullet 3.24's btManifoldPoint, each copied; the bytes between them stay zero.
void copyPoint(const btManifoldPoint& p, unsigned char* out) {
    using P = btManifoldPoint;
    std::memset(out, 0, sizeof(P));
    const auto* in = reinterpret_cast<const unsigned char*>(&p);
#define TL_MEMBER(m) std::memcpy(out + offsetof(P, m), in + offsetof(P, m), sizeof(p.m))
    TL_MEMBER(m_localPointA);
    TL_MEMBER(m_localPointB);
    TL_MEMBER(m_positionWorldOnB);
    TL_MEMBER(m_positionWorldOnA);
    TL_MEMBER(m_normalWorldOnB);
    TL_MEMBER(m_distance1);
    TL_MEMBER(m_combinedFriction);
    TL_MEMBER(m_combinedRollingFriction);
    TL_MEMBER(m_combinedSpinningFriction);
    TL_MEMBER(m_combinedRestitution);
    TL_MEMBER(m_partId0);
    TL_MEMBER(m_partId1);
    TL_MEMBER(m_index0);
    TL_MEMBER(m_index1);
    TL_MEMBER(m_userPersistentData);
    TL_MEMBER(m_contactPointFlags);
    TL_MEMBER(m_appliedImpulse);
    TL_MEMBER(m_prevRHS);
    TL_MEMBER(m_appliedImpulseLateral1);
    TL_MEMBER(m_appliedImpulseLateral2);
    TL_MEMBER(m_contactMotion1);
    TL_MEMBER(m_contactMotion2);
    TL_MEMBER(m_contactCFM);
    TL_MEMBER(m_contactERP);
    TL_MEMBER(m_frictionCFM);
    TL_MEMBER(m_lifeTime);
    TL_MEMBER(m_lateralFrictionDir1);
    TL_MEMBER(m_lateralFrictionDir2);
#undef TL_MEMBER
}

class ContactDispatcher : public btCollisionDispatcher {
public:
    ContactDispatcher(btCollisionConfiguration* config, BulletWorld::Pending*& pending)
        : btCollisionDispatcher(config), pending_(pending) {
        setNearCallback(&nearCallback);
    }

private:
    static void nearCallback(btBroadphasePair& pair, btCollisionDispatcher& d, const btDispatcherInfo& info) {
        auto& self = static_cast<ContactDispatcher&>(d);
        // A pair whose bounding boxes no longer overlap touches nowhere: its points go, as they go when the
        // broadphase drops the pair -- which it does steps later, after a number of steps that depends on its
        // history (a rebuilt world's broadphase drops it sooner; tst_step_threads). Separated points kept
        // meanwhile joined two islands (IslandBatchWorld.h) and took part in the solve.
        const btBroadphaseProxy *p0 = pair.m_pProxy0, *p1 = pair.m_pProxy1;
        if (!TestAabbAgainstAabb2(p0->m_aabbMin, p0->m_aabbMax, p1->m_aabbMin, p1->m_aabbMax)) {
            if (pair.m_algorithm) {
                btManifoldArray manifolds;
                pair.m_algorithm->getAllContactManifolds(manifolds);
                for (int i = 0; i < manifolds.size(); ++i)
                    manifolds[i]->clearManifold();
            }
            return;
        }
        if (!pair.m_algorithm && self.pending_) self.seed(pair);
        btCollisionDispatcher::defaultNearCallback(pair, d, info);
    }
    void seed(btBroadphasePair& pair) {
        auto* o0 = static_cast<btCollisionObject*>(pair.m_pProxy0->m_clientObject);
        auto* o1 = static_cast<btCollisionObject*>(pair.m_pProxy1->m_clientObject);
        for (auto& m : pending_->manifolds) {
            if (!((m.body0 == o0 && m.body1 == o1) || (m.body0 == o1 && m.body1 == o0)) ||
                !needsCollision(o0, o1))
                continue;
            btCollisionObjectWrapper w0(nullptr, o0->getCollisionShape(), o0, o0->getWorldTransform(), -1,
                                        -1);
            btCollisionObjectWrapper w1(nullptr, o1->getCollisionShape(), o1, o1->getWorldTransform(), -1,
                                        -1);
            pair.m_algorithm = findAlgorithm(&w0, &w1, nullptr, BT_CONTACT_POINT_ALGORITHMS);
            if (!pair.m_algorithm) return;
            btManifoldArray arr;
            pair.m_algorithm->getAllContactManifolds(arr);
            for (int i = 0; i < arr.size(); ++i)
                if (arr[i]->getBody0() == m.body0 && arr[i]->getBody1() == m.body1) {
                    arr[i]->clearManifold();
                    for (const btManifoldPoint& p : m.points)
                        arr[i]->addManifoldPoint(p, true);
                }
            return;
        }
    }
    BulletWorld::Pending*& pending_;
};

} // namespace

std::unique_ptr<btCollisionDispatcher> makeContactDispatcher(btCollisionConfiguration* config,
                                                             BulletWorld::Pending*& pending) {
    return std::make_unique<ContactDispatcher>(config, pending);
}

std::size_t contactDispatcherBytes() {
    return sizeof(ContactDispatcher);
}

std::vector<ContactManifoldState> BulletWorld::contacts(const std::vector<btRigidBody*>& bodies) const {
    auto index = [&](const btCollisionObject* o) {
        for (std::size_t i = 0; i < bodies.size(); ++i)
            if (bodies[i] == o) return int(i);
        return -1;
    };
    std::vector<ContactManifoldState> out;
    for (int i = 0; i < dispatcher_->getNumManifolds(); ++i) {
        const btPersistentManifold* m = dispatcher_->getManifoldByIndexInternal(i);
        if (m->getNumContacts() == 0) continue;
        ContactManifoldState c;
        c.body0 = index(m->getBody0());
        c.body1 = index(m->getBody1());
        c.bytes.resize(sizeof(btManifoldPoint) * std::size_t(m->getNumContacts()));
        for (int k = 0; k < m->getNumContacts(); ++k)
            copyPoint(m->getContactPoint(k), c.bytes.data() + sizeof(btManifoldPoint) * std::size_t(k));
        out.push_back(std::move(c));
    }
    // restored points not yet handed to their pair (a snapshot right after a restore or a regroup)
    const auto inWorld = [&](const btCollisionObject* o) {
        const int i = o->getWorldArrayIndex();
        return i >= 0 && i < world_->getNumCollisionObjects() && world_->getCollisionObjectArray()[i] == o;
    };
    if (pendingRaw_)
        for (const Pending::Manifold& m : pendingRaw_->manifolds) {
            if (m.points.empty() || !inWorld(m.body0) || !inWorld(m.body1)) continue;
            ContactManifoldState c;
            c.body0 = index(m.body0);
            c.body1 = index(m.body1);
            c.bytes.resize(sizeof(btManifoldPoint) * m.points.size());
            for (std::size_t k = 0; k < m.points.size(); ++k)
                copyPoint(m.points[k], c.bytes.data() + sizeof(btManifoldPoint) * k);
            out.push_back(std::move(c));
        }
    std::sort(out.begin(), out.end(), [](const ContactManifoldState& a, const ContactManifoldState& b) {
        return a.body0 != b.body0 ? a.body0 < b.body0 : a.body1 < b.body1;
    });
    return out;
}

std::vector<BulletWorld::Touch> BulletWorld::touches() const {
    std::vector<Touch> out;
    for (int i = 0; i < dispatcher_->getNumManifolds(); ++i) {
        const btPersistentManifold* m = dispatcher_->getManifoldByIndexInternal(i);
        if (m->getNumContacts() == 0) continue;
        Touch t{m->getBody0(), m->getBody1(), 0.0, Vec3::Zero()};
        for (int k = 0; k < m->getNumContacts(); ++k)
            t.impulse += m->getContactPoint(k).m_appliedImpulse;
        const btVector3& n = m->getContactPoint(0).m_normalWorldOnB;
        t.normal = Vec3(n.x(), n.y(), n.z());
        out.push_back(t);
    }
    // restored points of this world's bodies not handed to their pair yet (the first step after a restore or
    // a rebuild; every world holds the whole snapshot's): they touch as they did when they were kept
    const auto inWorld = [&](const btCollisionObject* o) {
        const int i = o->getWorldArrayIndex();
        return i >= 0 && i < world_->getNumCollisionObjects() && world_->getCollisionObjectArray()[i] == o;
    };
    if (pending_)
        for (const Pending::Manifold& m : pending_->manifolds) {
            if (m.points.empty() || !inWorld(m.body0) || !inWorld(m.body1) ||
                std::any_of(out.begin(), out.end(), [&](const Touch& t) {
                    return (t.a == m.body0 && t.b == m.body1) || (t.a == m.body1 && t.b == m.body0);
                }))
                continue;
            Touch t{m.body0, m.body1, 0.0, Vec3::Zero()};
            for (const btManifoldPoint& p : m.points)
                t.impulse += p.m_appliedImpulse;
            const btVector3& n = m.points.front().m_normalWorldOnB;
            t.normal = Vec3(n.x(), n.y(), n.z());
            out.push_back(t);
        }
    return out;
}

void BulletWorld::restoreContacts(const std::vector<ContactManifoldState>& contacts,
                                  const std::vector<btRigidBody*>& bodies) {
    pending_ = std::make_unique<Pending>();
    for (const ContactManifoldState& c : contacts) {
        if (c.body0 < 0 || c.body1 < 0 || std::size_t(c.body0) >= bodies.size() ||
            std::size_t(c.body1) >= bodies.size())
            continue;
        Pending::Manifold m{bodies[std::size_t(c.body0)], bodies[std::size_t(c.body1)], {}};
        m.points.resize(c.bytes.size() / sizeof(btManifoldPoint));
        std::memcpy(static_cast<void*>(m.points.data()), c.bytes.data(),
                    m.points.size() * sizeof(btManifoldPoint));
        pending_->manifolds.push_back(std::move(m));
    }
    pendingRaw_ = pending_.get();
}

} // namespace tl
