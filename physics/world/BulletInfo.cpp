#include "physics/world/BulletInfo.h"

#include <btBulletDynamicsCommon.h>
#include <dlfcn.h>

#include <cmath>

namespace tl {

std::string bulletVersion() {
    const int v = btGetVersion();
    return std::to_string(v / 100) + "." + std::to_string(v % 100);
}

int bulletScalarBytes() {
    return int(sizeof(btScalar));
}

std::string bulletLibraryPath() {
    Dl_info info{};
    // btAlignedAllocInternal is exported by LinearMath: ask the loader which file it came from.
    if (dladdr(reinterpret_cast<void*>(&btAlignedAllocInternal), &info) && info.dli_fname)
        return info.dli_fname;
    return "unknown";
}

std::optional<std::string> bulletPrecisionProblem() {
    if (sizeof(btScalar) != 8)
        return "TrackLab was compiled with single-precision Bullet (sizeof(btScalar) = " +
               std::to_string(sizeof(btScalar)) + "); it needs the double-precision build (bullet-float64).";
    const std::string lib = bulletLibraryPath();
    if (lib != "unknown" && lib.find("float64") == std::string::npos)
        return "the Bullet library in use (" + lib +
               ") is not the double-precision build; install libbullet-dev and link bullet-float64.";
    // Round trip through library code: mass 2 kg must give inverse mass 0.5 exactly.
    btSphereShape shape(0.5);
    btVector3 inertia(0, 0, 0);
    shape.calculateLocalInertia(2.0, inertia);
    btRigidBody body(btRigidBody::btRigidBodyConstructionInfo(2.0, nullptr, &shape, inertia));
    const double expectedInertia = 0.4 * 2.0 * 0.5 * 0.5;
    if (body.getInvMass() != 0.5 || std::abs(inertia.x() - expectedInertia) > 1e-12)
        return "Bullet's library and headers disagree on precision (inverse mass of a 2 kg body read back "
               "as " +
               std::to_string(body.getInvMass()) + ", expected 0.5).";
    return std::nullopt;
}

} // namespace tl
