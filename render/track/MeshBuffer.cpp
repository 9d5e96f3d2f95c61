#include "render/track/MeshBuffer.h"

#include "render/LocalOrigin.h"

namespace tl::render {

MeshBuffer::MeshBuffer(const Vec3& origin)
    : m_origin(origin), m_vertices(new osg::Vec3Array), m_normals(new osg::Vec3Array),
      m_colours(new osg::Vec4Array), m_triangles(new osg::DrawElementsUInt(GL_TRIANGLES)) {}

unsigned MeshBuffer::addVertex(const Vec3& p, const Vec3& n, const osg::Vec4& c) {
    m_vertices->push_back(relativeTo(p, m_origin)); // in double, then to float
    m_normals->push_back(osg::Vec3(float(n.x()), float(n.y()), float(n.z())));
    m_colours->push_back(c);
    return unsigned(m_vertices->size() - 1);
}

void MeshBuffer::addTriangle(unsigned a, unsigned b, unsigned c) {
    m_triangles->push_back(a);
    m_triangles->push_back(b);
    m_triangles->push_back(c);
}

void MeshBuffer::addFlatQuad(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d,
                             const osg::Vec4& colour) {
    const Vec3 n = (c - a).cross(d - b).normalized();
    const unsigned i = addVertex(a, n, colour);
    addVertex(b, n, colour);
    addVertex(c, n, colour);
    addVertex(d, n, colour);
    addQuad(i, i + 1, i + 2, i + 3);
}

osg::ref_ptr<osg::Geometry> MeshBuffer::finish() {
    osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
    g->setUseDisplayList(false);
    g->setUseVertexBufferObjects(true);
    g->setVertexArray(m_vertices);
    g->setNormalArray(m_normals, osg::Array::BIND_PER_VERTEX);
    g->setColorArray(m_colours, osg::Array::BIND_PER_VERTEX);
    g->addPrimitiveSet(m_triangles);
    m_vertices = new osg::Vec3Array;
    m_normals = new osg::Vec3Array;
    m_colours = new osg::Vec4Array;
    m_triangles = new osg::DrawElementsUInt(GL_TRIANGLES);
    return g;
}

} // namespace tl::render
