// SimulationEngine::regroup: trains into other Bullet worlds between two steps (StepSchedule.h). The step
// schedule moves the bodies and constraints; here the worlds are rebuilt canonically (applyRailing) and the
// contact points go along: a derailed body's points on its old world's ground are handed to its new world's
// ground, as restore() hands a snapshot's back. Every world's ground is the same plane.
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <map>

namespace tl {

void SimulationEngine::regroup(const std::vector<int>& trainsPerWorld, bool base) {
    if (trainsPerWorld == schedule_.grouping()) {
        schedule_.regroup(trainsPerWorld, trains_, base); // (validates; sets the base)
        return;
    }
    std::vector<HeldContact> held = holdContacts();
    schedule_.regroup(trainsPerWorld, trains_, base); // throws before it changes anything
    applyRailing(true);
    handBackContacts(held);
}

std::vector<SimulationEngine::HeldContact> SimulationEngine::holdContacts() const {
    // the contact points, each body by its pointer (a ground by null: the ground of the other body's world)
    const std::vector<btRigidBody*> before = contactBodies();
    std::vector<const btRigidBody*> grounds;
    for (const BulletWorld* w : worlds())
        grounds.push_back(w->ground());
    auto named = [&](int i) -> const btRigidBody* {
        const btRigidBody* b = i >= 0 && std::size_t(i) < before.size() ? before[std::size_t(i)] : nullptr;
        for (const btRigidBody* g : grounds)
            if (g && g == b) return nullptr;
        return b;
    };
    std::vector<HeldContact> held;
    for (const BulletWorld* w : worlds())
        for (ContactManifoldState& c : w->contacts(before))
            held.push_back({named(c.body0), named(c.body1), std::move(c.bytes)});
    return held;
}

void SimulationEngine::handBackContacts(std::vector<HeldContact>& held) {
    const std::vector<btRigidBody*> after = contactBodies();
    std::map<const btRigidBody*, int> index, groundOf; // a body's index in `after`, its world's ground's
    for (int i = 0; i < int(after.size()); ++i)
        index[after[std::size_t(i)]] = i;
    for (const BulletWorld* w : worlds())
        if (w->ground())
            for (const BulletWorld::Entry& e : collisionEntries(*w))
                groundOf[e.body] = index.at(w->ground());
    std::vector<ContactManifoldState> contacts;
    for (HeldContact& h : held) {
        const btRigidBody* other = h.body0 ? h.body0 : h.body1;
        if (!other || !groundOf.count(other)) continue; // (no pair without a body in a world)
        const auto at = [&](const btRigidBody* b) { return b ? index.at(b) : groundOf.at(other); };
        contacts.push_back({at(h.body0), at(h.body1), std::move(h.bytes)});
    }
    for (BulletWorld* w : worlds()) // each world takes the pairs of its own bodies
        w->restoreContacts(contacts, after);
}

} // namespace tl
