#pragma once
// Eigen <-> OSG conversions. OSG matrices are row-vector (v' = v * M): an osg::Matrixd built from an
// Eigen (column-vector) transform is its transpose.
#include "core/geometry/Frame.h"

#include <osg/Matrixd>
#include <osg/Vec3d>
#include <osg/Vec4>

namespace tl::render {

inline osg::Vec3d toOsg(const Vec3& v) {
    return {v.x(), v.y(), v.z()};
}
inline Vec3 toEigen(const osg::Vec3d& v) {
    return {v.x(), v.y(), v.z()};
}

inline osg::Matrixd toOsg(const Pose& X) {
    const Eigen::Matrix4d m = X.matrix();
    osg::Matrixd r;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            r(j, i) = m(i, j);
    return r;
}

} // namespace tl::render
