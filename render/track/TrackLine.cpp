#include "render/track/TrackLine.h"

#include "render/OsgConvert.h"

#include <osg/Geometry>
#include <osg/LineWidth>

#include <map>

namespace tl::render {

osg::Vec4 trackLineColour(TrackLook look) {
    return look == TrackLook::Coaster ? osg::Vec4(0.80f, 0.12f, 0.08f, 1.f)
                                      : osg::Vec4(0.16f, 0.14f, 0.13f, 1.f);
}

namespace {
// One state set per width, shared by every line (fewer state changes while drawing).
osg::StateSet* lineState(float width) {
    static std::map<float, osg::ref_ptr<osg::StateSet>> states;
    osg::ref_ptr<osg::StateSet>& ss = states[width];
    if (!ss) {
        ss = new osg::StateSet;
        ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
        ss->setAttributeAndModes(new osg::LineWidth(width));
    }
    return ss.get();
}
} // namespace

osg::ref_ptr<osg::Geode> buildTrackLine(const std::vector<Vec3>& points,
                                        const std::vector<osg::Vec4>& colours, float widthPixels) {
    osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
    osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
    v->reserve(points.size());
    c->reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        v->push_back(toOsg(points[i]));
        c->push_back(i < colours.size() ? colours[i] : osg::Vec4(0, 0, 0, 1));
    }
    osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
    g->setUseVertexBufferObjects(true);
    g->setVertexArray(v);
    g->setColorArray(c, osg::Array::BIND_PER_VERTEX);
    g->addPrimitiveSet(new osg::DrawArrays(GL_LINE_STRIP, 0, GLsizei(v->size())));
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->setName("trackLine");
    geode->setStateSet(lineState(widthPixels));
    geode->addDrawable(g);
    return geode;
}

} // namespace tl::render
