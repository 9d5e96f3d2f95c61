#pragma once
// Accumulates lit, vertex-coloured triangles into one osg::Geometry. Positions are given in double and
// stored relative to an origin (subtracted in double before the conversion to float): a mesh kilometres from
// the world's origin keeps millimetre vertices when the origin is near it and a transform (osg::Matrixd)
// above puts it back (docs/alignments.md, "Limits").
#include "core/geometry/Frame.h"

#include <osg/Geometry>

namespace tl::render {

class MeshBuffer {
public:
    explicit MeshBuffer(const Vec3& origin = Vec3::Zero());
    const Vec3& origin() const { return m_origin; }
    unsigned addVertex(const Vec3& p, const Vec3& n, const osg::Vec4& c);
    void addTriangle(unsigned a, unsigned b, unsigned c);
    void addQuad(unsigned a, unsigned b, unsigned c, unsigned d) { // counter-clockwise seen from outside
        addTriangle(a, b, c);
        addTriangle(a, c, d);
    }
    // A flat quad with its own vertices (sharp edges), normal from the winding.
    void addFlatQuad(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, const osg::Vec4& colour);
    bool empty() const { return m_vertices->empty(); }
    std::size_t vertexCount() const { return m_vertices->size(); }
    osg::ref_ptr<osg::Geometry> finish(); // the geometry (buffer objects, static); the buffer is spent

private:
    Vec3 m_origin = Vec3::Zero(); // subtracted from every position [m]
    osg::ref_ptr<osg::Vec3Array> m_vertices;
    osg::ref_ptr<osg::Vec3Array> m_normals;
    osg::ref_ptr<osg::Vec4Array> m_colours;
    osg::ref_ptr<osg::DrawElementsUInt> m_triangles;
};

} // namespace tl::render
