#pragma once
// The contact cache of a BulletWorld (BulletWorld.h), internal to physics/world: restored or kept contact
// points waiting for their pair, and the dispatcher that hands them over as the pairs appear.
#include "physics/world/BulletWorld.h"

#include <btBulletDynamicsCommon.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace tl {

// Restored contact points waiting for their pair: the dispatcher fills a new pair's manifold with them
// before Bullet's own near callback refreshes it and adds this step's point, as it would have done with the
// manifold the live run kept.
struct BulletWorld::Pending {
    struct Manifold {
        const btCollisionObject* body0;
        const btCollisionObject* body1;
        std::vector<btManifoldPoint> points;
    };
    std::vector<Manifold> manifolds;
};

// A collision dispatcher that, when a pair appears, fills its new manifold with the pending points of that
// pair before Bullet refreshes it.
std::unique_ptr<btCollisionDispatcher> makeContactDispatcher(btCollisionConfiguration* config,
                                                             BulletWorld::Pending*& pending);
std::size_t contactDispatcherBytes(); // its size (prefetching)

} // namespace tl
