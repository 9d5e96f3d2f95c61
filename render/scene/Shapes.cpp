#include "render/scene/Shapes.h"

#include "render/LocalOrigin.h"

#include <osg/Geometry>
#include <osg/LineWidth>
#include <osg/Shape>
#include <osg/ShapeDrawable>

namespace tl::render {

osg::ref_ptr<osg::Geode> makeBox(const Vec3& extents, const osg::Vec4& colour) {
    auto drawable = new osg::ShapeDrawable(
        new osg::Box(osg::Vec3(), float(extents.x()), float(extents.y()), float(extents.z())));
    drawable->setColor(colour);
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->addDrawable(drawable);
    return geode;
}

osg::ref_ptr<osg::MatrixTransform> makePolyline(const std::vector<Vec3>& points, const osg::Vec4& colour,
                                                float width) {
    const Vec3 origin = points.empty() ? Vec3::Zero() : points.front();
    osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array;
    for (const Vec3& p : points)
        vertices->push_back(relativeTo(p, origin));
    osg::ref_ptr<osg::Vec4Array> colours = single<osg::Vec4Array>(colour);
    osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
    geometry->setVertexArray(vertices);
    geometry->setColorArray(colours, osg::Array::BIND_OVERALL);
    geometry->addPrimitiveSet(new osg::DrawArrays(GL_LINE_STRIP, 0, GLsizei(vertices->size())));
    osg::StateSet* ss = geometry->getOrCreateStateSet();
    ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
    ss->setAttributeAndModes(new osg::LineWidth(width));
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->setName("polyline");
    geode->addDrawable(geometry);
    osg::ref_ptr<osg::MatrixTransform> at = localOriginTransform(origin);
    at->addChild(geode);
    return at;
}

} // namespace tl::render
