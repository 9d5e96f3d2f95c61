#pragma once
// Geometry far from the world's origin (national grid coordinates, e.g. x = 2 600 000 m, where a float's step
// is 0.25 m) is built relative to a local origin near it: the vertices are the differences taken in double
// and then stored as float (a few kilometres at most, millimetre steps), and an osg::MatrixTransform
// translating by the origin in double (osg::Matrixd) puts them back. OSG composes that transform with the
// view matrix in double, so what reaches the GPU is small eye-space numbers (docs/alignments.md, "Limits").
// Used by the track meshes (render/track/TrackMesh.h, render/track/MeshBuffer.h), the ground
// (render/scene/Environment.h), the drive sections (render/track/DriveSections.h), the speed signs
// (render/scene/SpeedSigns.h) and the polylines (render/scene/Shapes.h).
#include "core/geometry/Frame.h"

#include <osg/MatrixTransform>
#include <osg/Vec3>

namespace tl::render {

// The node to hang geometry built relative to `origin` [m] under: a translation by `origin` in double.
inline osg::ref_ptr<osg::MatrixTransform> localOriginTransform(const Vec3& origin) {
    return new osg::MatrixTransform(osg::Matrixd::translate(origin.x(), origin.y(), origin.z()));
}

// A vertex at `p` [m] as stored under localOriginTransform(origin): p - origin in double, then float.
inline osg::Vec3 relativeTo(const Vec3& p, const Vec3& origin) {
    const Vec3 q = p - origin;
    return {float(q.x()), float(q.y()), float(q.z())};
}

} // namespace tl::render
