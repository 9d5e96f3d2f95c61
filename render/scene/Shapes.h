#pragma once
// Small geometry builders shared by the scene parts.
#include "core/geometry/Frame.h"

#include <osg/Geode>
#include <osg/MatrixTransform>
#include <osg/Vec4>

#include <vector>

namespace tl::render {

// An OSG array holding one value (colour or normal bound overall).
template <class A, class V> osg::ref_ptr<A> single(const V& value) {
    osg::ref_ptr<A> a = new A;
    a->push_back(value);
    return a;
}

// A lit box centred at the origin with the given full extents [m].
osg::ref_ptr<osg::Geode> makeBox(const Vec3& extents, const osg::Vec4& colour);
// An unlit line strip through the points: an osg::MatrixTransform translating to the first point in double
// holding the geode ("polyline") whose vertices are relative to it (render/LocalOrigin.h), so a line millions
// of metres from the world's origin draws without float jitter.
osg::ref_ptr<osg::MatrixTransform> makePolyline(const std::vector<Vec3>& points, const osg::Vec4& colour,
                                                float width = 2.f);

} // namespace tl::render
