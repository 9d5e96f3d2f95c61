#include "physics/Vehicle.h"

#include <btBulletDynamicsCommon.h>

#include <numbers>

namespace tl {

Pose Vehicle::anchorInBody(double cgHeight, int direction) {
    Pose X = Pose::Identity();
    if (direction < 0) X.linear() = Eigen::AngleAxisd(std::numbers::pi, Vec3::UnitZ()).toRotationMatrix();
    X.translation() = Vec3(0, 0, -cgHeight);
    return X;
}

} // namespace tl
