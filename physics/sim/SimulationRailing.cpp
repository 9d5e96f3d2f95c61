// Simulation: the railed state (RuntimeState.h) applied to the world -- joints enabled, a car's pivots as its
// railed state says, and each body's collision group and shape (railed bodies collide with nothing unless
// open, derailed ones with the ground). Both a run (a derailment) and restore() go through applyRailing(), so
// a restored state behaves exactly as the live one did.
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>

namespace tl {

// Every dynamic body, in a fixed order (snapshots): free layout bodies, vehicles, per car its body then its
// bogies.
std::vector<btRigidBody*> SimulationEngine::allBodies() const {
    std::vector<btRigidBody*> out;
    for (int b = 0; b < world_.bodyCount(); ++b)
        if (world_.bodySpec(b).motion == BodySpec::Motion::Dynamic) out.push_back(&world_.body(b));
    for (const auto& v : vehicles_)
        out.push_back(v->body.get());
    for (const auto& t : trains_)
        for (const auto& c : t->cars) {
            out.push_back(c.body.get());
            for (const auto& b : c.bogies)
                out.push_back(b.body.get());
        }
    return out;
}

// The bodies of world w with what they collide with, in the order the simulation was built (its ground; the
// main world's layout bodies and vehicles; per car of its trains the bogies, then the body).
std::vector<BulletWorld::Entry> SimulationEngine::collisionEntries(const BulletWorld& w) const {
    using C = BulletWorld::Collides;
    std::vector<BulletWorld::Entry> out;
    if (w.ground()) out.push_back({w.ground(), C::Ground});
    if (&w == &world_) {
        for (int b = 0; b < world_.bodyCount(); ++b)
            out.push_back({&world_.body(b), C::Nothing});
        for (const auto& v :
             vehicles_) // a single vehicle touches wrecks, open bodies and other vehicles; once
            out.push_back({v->body.get(), v->railed ? C::Open : C::WithGround}); // released, the ground too
    }
    // a railed car body is open (a broadphase proxy: AABB updates, pair finding; it collides with wrecks and
    // with the open railed bodies of other trains) while its world holds a derailed car of another train or
    // its train is near another (TrainRunState::near); bodies of one train never collide
    // (BulletWorld::setGroup)
    int wrecks = 0, wreckTrain = -1;
    for (int t = 0; t < trainCount(); ++t)
        if (trains_[std::size_t(t)]->world == &w)
            for (const auto& c : trains_[std::size_t(t)]->cars)
                if (c.derailed && wreckTrain != t) {
                    ++wrecks;
                    wreckTrain = t;
                    break;
                }
    for (int t = 0; t < trainCount(); ++t) {
        const Train& tr = *trains_[std::size_t(t)];
        if (tr.world != &w) continue;
        const bool open = tr.near || wrecks > 1 || (wrecks == 1 && wreckTrain != t);
        for (const auto& c : tr.cars) {
            const C collides = c.derailed ? C::WithGround : C::Nothing;
            for (const auto& b : c.bogies)
                out.push_back({b.body.get(), collides});
            out.push_back({c.body.get(), c.derailed ? C::WithGround : open ? C::Open : C::Nothing});
        }
    }
    return out;
}

std::vector<btRigidBody*> SimulationEngine::contactBodies() const {
    std::vector<btRigidBody*> out;
    for (const BulletWorld* w : worlds())
        for (const BulletWorld::Entry& e : collisionEntries(*w))
            out.push_back(e.body);
    return out;
}

void SimulationEngine::applyRailing(bool forceRebuild, const BulletWorld* only) {
    if (!only || only == &world_)
        for (auto& v : vehicles_)
            v->joint->setEnabled(v->railed);
    std::vector<const BulletWorld*> reshaped;
    for (const auto& t : trains_) {
        if (only && t->world != only) continue;
        for (auto& c : t->cars) {
            // a wreck collides with its whole box, a railed body with the box inside its buffers (Car)
            btCollisionShape* shape = c.derailed ? c.shape.get() : c.railedShape.get();
            if (c.body->getCollisionShape() != shape) {
                c.body->setCollisionShape(shape);
                reshaped.push_back(t->world); // its pairs' contact algorithms were made for the other box
            }
            // Railed: yaw and pitch free with two bogies (all locked with one), roll free (the roll spring
            // holds it). Derailed: the flying car is stiff in roll (the roll spring is for railed bogies).
            using R = PivotConstraint::Rotation;
            const R railed = c.bogies.size() == 2 ? R::Free : R::Rigid;
            for (auto& p : c.pivots)
                p->setRotation(c.derailed ? R::RollLocked : railed);
            for (auto& b : c.bogies)
                b.joint->setEnabled(b.railed);
        }
    }
    for (BulletWorld* w : worlds())
        if (!only || only == w)
            w->applyCollision(collisionEntries(*w),
                              forceRebuild ||
                                  std::find(reshaped.begin(), reshaped.end(), w) != reshaped.end());
}

bool SimulationEngine::anyDerailed() const {
    for (const auto& t : trains_)
        for (const auto& c : t->cars)
            if (c.derailed) return true;
    return false;
}

} // namespace tl
