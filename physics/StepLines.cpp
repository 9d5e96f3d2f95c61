#include "physics/StepLines.h"

#include "physics/Train.h"

#include <btBulletDynamicsCommon.h>

#include <array>
#include <cstddef>
#include <utility>

namespace tl {

namespace {

// Bullet 3.24, BT_USE_DOUBLE_PRECISION: the byte ranges of a btRigidBody that a step of a plain body
// (IslandBatchWorld.h) reads or writes -- the vtable pointer and world transform, the island tag, flags and
// activation state, the internal type, the hit fraction (the island manager resets it), the update
// revision (the solver's write-back), the inverse inertia, velocities, inverse mass, factors, gravity,
// local inertia, forces and torques, the rigid-body flags and the angular factor -- from a lackey trace of
// one step of 100 bogies. Not read: the interpolation transform and velocities, the anisotropic friction,
// the broadphase handle, friction and restitution, the continuous-collision fields, damping, sleeping
// thresholds, the motion state, the constraint references, Bullet's older solver's delta velocities.
constexpr std::size_t kBullet324Size = 1304;
constexpr std::array<std::pair<std::size_t, std::size_t>, 9> kBullet324Ranges{{{0, 136},
                                                                               {400, 432},
                                                                               {480, 496},
                                                                               {512, 528},
                                                                               {576, 592},
                                                                               {624, 848},
                                                                               {880, 984},
                                                                               {1088, 1104},
                                                                               {1168, 1200}}};

std::size_t offsetIn(const void* object, const void* member) {
    return std::size_t(static_cast<const char*>(member) - static_cast<const char*>(object));
}

// Whether this Bullet lays a btRigidBody out as the table says: its size and the places of the fields with
// reference accessors.
bool bullet324Layout(const btRigidBody& b) {
    return sizeof(btRigidBody) == kBullet324Size && offsetIn(&b, &b.getWorldTransform()) == 8 &&
           offsetIn(&b, &b.getInvInertiaTensorWorld()) == 624 &&
           offsetIn(&b, &b.getLinearVelocity()) == 720 && offsetIn(&b, &b.getGravity()) == 856 &&
           offsetIn(&b, &b.getTotalForce()) == 920 && offsetIn(&b, &b.getAngularFactor()) == 1168;
}

template <class T> void queueRange(CachePrefetch& q, const T* first, const void* end) {
    q.add(first, offsetIn(first, end));
}

} // namespace

void queueStepLines(CachePrefetch& q, const btRigidBody& body) {
    static const bool known = bullet324Layout(body);
    if (!known) {
        q.add(&body);
        return;
    }
    const char* p = reinterpret_cast<const char*>(&body);
    for (const auto& [begin, end] : kBullet324Ranges)
        q.add(p + begin, end - begin);
}

namespace {
// A 2 m mean: its sums, the bin filling and the next (a step fills one, or begins the next).
void queueMean(CachePrefetch& q, const DistanceMean& m) {
    queueRange(q, &m, m.bins.data());
    const auto next = std::size_t((m.current + 1) % DistanceMean::kBins);
    q.add(&m.bins[std::size_t(m.current)]);
    q.add(&m.bins[next]);
}
} // namespace

void queueStepLines(CachePrefetch& q, const Bogie& b) {
    queueRange(q, &b, &b.yq2m); // position ... warm starts: every step reads them
    queueMean(q, b.yq2m);
    queueMean(q, b.dqq2m);
    queueRange(q, &b.body, &b.shape); // the body, joint, world, centre of mass height, frame cache
    q.add(&b.staticLoad);
}

void queueStepLines(CachePrefetch& q, const Car& c) {
    constexpr int kSlots = kRiderMaxWindow + 1;
    const RiderState& r = c.rider;
    queueRange(q, &c, r.v.data()); // derailed
    // updateRider writes the slot after the newest and reads the oldest in its window: the slot after that
    // (the window is kRiderMaxWindow steps at the default 240 Hz; shorter windows read slots in between)
    for (const int k : {1, 2}) {
        const auto slot = std::size_t(((r.head + k) % kSlots + kSlots) % kSlots);
        q.add(&r.v[slot]);
        q.add(&r.f[slot]);
    }
    queueRange(q, &r.head, &c + 1); // the latest reading, the rolling stock, the pointers
}

} // namespace tl
