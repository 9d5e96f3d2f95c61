#pragma once
// Accumulates lit, vertex-coloured triangles into one osg::Geometry.
#include "core/geometry/Frame.h"

#include <osg/Geometry>

namespace tl::render {

class MeshBuffer {
public:
    MeshBuffer();
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
    osg::ref_ptr<osg::Vec3Array> m_vertices;
    osg::ref_ptr<osg::Vec3Array> m_normals;
    osg::ref_ptr<osg::Vec4Array> m_colours;
    osg::ref_ptr<osg::DrawElementsUInt> m_triangles;
};

} // namespace tl::render
