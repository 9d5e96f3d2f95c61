// Simulation: the Bullet world's collision side -- which bodies collide with what (railed bodies with
// nothing, the ground only with derailed bodies), the pivots of a car as its railed state says, and the
// order of the world's bodies. Both a run (a derailment) and restore() apply the plain run-time state
// (RuntimeState.h) through applyRailing(), so a restored state behaves exactly as the live one did.
#include "physics/BulletEigen.h"
#include "physics/Simulation.h"

#include <btBulletDynamicsCommon.h>

namespace tl {

namespace {
// Collision filtering: railed bodies (and vehicles, track bodies) collide with nothing; the ground only with
// derailed bodies.
constexpr int kRailedGroup = 1, kRailedMask = 0;
constexpr int kGroundGroup = 2, kGroundMask = 4;
constexpr int kDerailedGroup = 4, kDerailedMask = 2;
} // namespace

// Every body with its collision group and mask, in the order the simulation was built (ground, bodies,
// vehicles, per car its bogies then its body).
std::vector<Simulation::CollisionEntry> Simulation::collisionEntries() const {
    std::vector<CollisionEntry> out;
    if (ground_) out.push_back({ground_.get(), kGroundGroup, kGroundMask});
    for (const auto& b : bodies_)
        out.push_back({b->rigid.get(), kRailedGroup, kRailedMask});
    for (const auto& v : vehicles_)
        out.push_back({v->body.get(), kRailedGroup, kRailedMask});
    for (const auto& t : trains_)
        for (const auto& c : t->cars) {
            const int group = c.derailed ? kDerailedGroup : kRailedGroup;
            const int mask = c.derailed ? kDerailedMask : kRailedMask;
            for (const auto& b : c.bogies)
                out.push_back({b.body.get(), group, mask});
            out.push_back({c.body.get(), group, mask});
        }
    return out;
}

void Simulation::addToWorld(btRigidBody& body, bool derailed) {
    world_->addRigidBody(&body, derailed ? kDerailedGroup : kRailedGroup,
                         derailed ? kDerailedMask : kRailedMask);
}

void Simulation::addGroundToWorld() {
    world_->addRigidBody(ground_.get(), kGroundGroup, kGroundMask);
}

// Pivots, joints and collision groups as the run-time state says. When a body's group has to change, the
// world is rebuilt: every body out, a fresh broadphase, every body back in the build order. Bullet's body
// order (islands, solver order) and its contact pairs then depend on the state alone, not on the history of
// derailments and restores -- the live run and a replay from a snapshot step alike, bit for bit.
void Simulation::applyRailing(bool forceRebuild) {
    for (auto& v : vehicles_)
        v->joint->setEnabled(v->railed);
    bool rebuild = forceRebuild;
    for (const auto& t : trains_)
        for (auto& c : t->cars) {
            const int nb = int(c.bogies.size());
            // Railed: yaw and pitch free with two bogies (all locked with one), roll free (the roll spring
            // holds it). Derailed: the flying car is stiff in roll (the roll spring is for railed bogies).
            const double free = nb == 2 ? 1.0 : 0.0;
            const btVector3 lo = c.derailed ? btVector3(0, 1, 1) : btVector3(free, free, free);
            const btVector3 hi = c.derailed ? btVector3(0, -1, -1) : btVector3(-free, -free, -free);
            for (auto& p : c.pivots) {
                p->setAngularLowerLimit(lo); // lower > upper: free
                p->setAngularUpperLimit(hi);
            }
            for (auto& b : c.bogies)
                b.joint->setEnabled(b.railed);
        }
    for (const CollisionEntry& e : collisionEntries()) {
        const btBroadphaseProxy* h = e.body->getBroadphaseHandle();
        rebuild = rebuild || !h || h->m_collisionFilterGroup != e.group || h->m_collisionFilterMask != e.mask;
    }
    if (!rebuild) return;
    const std::vector<CollisionEntry> entries = collisionEntries();
    for (const CollisionEntry& e : entries)
        if (e.body->getBroadphaseHandle()) world_->removeRigidBody(e.body);
    auto fresh = std::make_unique<btDbvtBroadphase>();
    world_->setBroadphase(fresh.get());
    broadphase_ = std::move(fresh);
    for (const CollisionEntry& e : entries)
        world_->addRigidBody(e.body, e.group, e.mask);
}

bool Simulation::anyDerailed() const {
    for (const auto& t : trains_)
        for (const auto& c : t->cars)
            if (c.derailed) return true;
    return false;
}

} // namespace tl
