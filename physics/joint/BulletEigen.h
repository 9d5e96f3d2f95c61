#pragma once
// Conversions between Bullet (double precision) and Eigen types.
#include "core/geometry/Frame.h"

#include <LinearMath/btTransform.h>

namespace tl {

inline btVector3 toBt(const Vec3& v) {
    return btVector3(v.x(), v.y(), v.z());
}
inline Vec3 toEigen(const btVector3& v) {
    return Vec3(v.x(), v.y(), v.z());
}

inline btTransform toBt(const Pose& X) {
    const auto& R = X.linear();
    return btTransform(
        btMatrix3x3(R(0, 0), R(0, 1), R(0, 2), R(1, 0), R(1, 1), R(1, 2), R(2, 0), R(2, 1), R(2, 2)),
        toBt(Vec3(X.translation())));
}

inline Pose toEigen(const btTransform& X) {
    Pose P = Pose::Identity();
    const btMatrix3x3& R = X.getBasis();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            P.linear()(i, j) = R[i][j];
    P.translation() = toEigen(X.getOrigin());
    return P;
}

} // namespace tl
