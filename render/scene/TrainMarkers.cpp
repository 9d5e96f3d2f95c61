#include "render/scene/TrainMarkers.h"

#include "render/scene/LabelFont.h"

#include "render/OsgConvert.h"

#include <osg/AutoTransform>
#include <osg/Depth>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Viewport>
#include <osgText/Font>
#include <osgUtil/CullVisitor>

#include <cmath>

namespace tl::render {

void TrainMarkers::SizeCull::operator()(osg::Node* node, osg::NodeVisitor* nv) {
    auto* cv = dynamic_cast<osgUtil::CullVisitor*>(nv);
    if (cv && cv->getProjectionMatrix() && cv->getModelViewMatrix() && cv->getViewport()) {
        // width on screen of 2 * radius at the centre's depth: w P(1,1) H / (2 depth) for a perspective
        // projection (P(1,1) = 1 / tan(fovy / 2)); the model view already holds the marker's own
        // translation to the train's middle (a transform's cull callback runs inside it)
        const osg::Vec3d eye = osg::Vec3d(0, 0, 0) * (*cv->getModelViewMatrix());
        const double depth = -eye.z();
        const double pixels = depth > 0 ? 2.0 * radius * (*cv->getProjectionMatrix())(1, 1) *
                                              cv->getViewport()->height() / (2.0 * depth)
                                        : 1e9;
        if (pixels > TrainMarkers::maxPixels) return;
        if (text && shown && depth > 0) text->setNodeMask(placeLabel(*cv) ? ~0u : 0u);
    }
    traverse(node, nv);
}

// Whether this marker's label fits beside its disc without covering a label shown before it in this frame
// (then it counts as shown).
bool TrainMarkers::SizeCull::placeLabel(osgUtil::CullVisitor& cv) const {
    const unsigned frame = cv.getFrameStamp() ? cv.getFrameStamp()->getFrameNumber() : 0u;
    if (frame != shown->frame) {
        shown->frame = frame;
        shown->rects.clear();
    }
    const osg::Vec3d at = osg::Vec3d(0, 0, 0) * (*cv.getModelViewMatrix()) * (*cv.getProjectionMatrix()) *
                          cv.getViewport()->computeWindowMatrix();
    // the text is laid out in pixels (the marker's AutoTransform scales one unit to one pixel)
    const osg::BoundingBox& b = text->getBoundingBox();
    const osg::Vec4d r(at.x() + b.xMin() - 1, at.y() + b.yMin() - 1, at.x() + b.xMax() + 1,
                       at.y() + b.yMax() + 1);
    for (const osg::Vec4d& o : shown->rects)
        if (r.x() < o.z() && o.x() < r.z() && r.y() < o.w() && o.y() < r.w()) return false;
    shown->rects.push_back(r);
    return true;
}

namespace {
osg::ref_ptr<osg::Geometry> discGeometry(float radius, const osg::Vec4& colour) {
    osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
    v->push_back({0, 0, 0});
    const int n = 24;
    for (int i = 0; i <= n; ++i) {
        const double a = 2 * M_PI * i / n;
        v->push_back(osg::Vec3(float(std::cos(a)), float(std::sin(a)), 0.f) * radius);
    }
    osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
    c->push_back(colour);
    osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
    g->setVertexArray(v);
    g->setColorArray(c, osg::Array::BIND_OVERALL);
    g->addPrimitiveSet(new osg::DrawArrays(GL_TRIANGLE_FAN, 0, GLsizei(v->size())));
    return g;
}

} // namespace

TrainMarkers::TrainMarkers() : m_root(new osg::Group) {
    m_root->setName("trainMarkers");
    osg::StateSet* ss = m_root->getOrCreateStateSet();
    ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF | osg::StateAttribute::OVERRIDE);
    ss->setMode(GL_DEPTH_TEST, osg::StateAttribute::OFF | osg::StateAttribute::OVERRIDE);
    ss->setRenderBinDetails(1000, "RenderBin"); // after the scene: a locator is never hidden behind a hill
}

void TrainMarkers::reset(std::size_t trains) {
    m_root->removeChildren(0, m_root->getNumChildren());
    m_markers.clear();
    for (std::size_t i = 0; i < trains; ++i) {
        Marker m;
        m.at = new osg::MatrixTransform;
        m.cull = new SizeCull;
        m.at->setCullCallback(m.cull);
        m.at->setNodeMask(0); // hidden until placed
        osg::ref_ptr<osg::AutoTransform> screen = new osg::AutoTransform;
        screen->setAutoScaleToScreen(true); // one unit = one pixel
        screen->setAutoRotateMode(osg::AutoTransform::ROTATE_TO_SCREEN);
        osg::ref_ptr<osg::Geode> geode = new osg::Geode;
        geode->addDrawable(discGeometry(radiusPixels + 2.f, osg::Vec4(0.1f, 0.1f, 0.1f, 1.f))); // outline
        m.disc = discGeometry(radiusPixels, fillColour());
        geode->addDrawable(m.disc);
        m.text = new osgText::Text;
        m.text->setFont(labelFont());
        m.text->setCharacterSize(15.f);
        m.text->setFontResolution(32, 32);
        m.text->setAlignment(osgText::Text::LEFT_CENTER);
        m.text->setPosition(osg::Vec3(radiusPixels + 6.f, 0.f, 0.f));
        m.text->setColor(osg::Vec4(1, 1, 1, 1));
        m.text->setBackdropType(osgText::Text::OUTLINE);
        m.text->setBackdropColor(osg::Vec4(0.05f, 0.05f, 0.05f, 1.f));
        m.text->setDataVariance(osg::Object::DYNAMIC);
        geode->addDrawable(m.text);
        m.cull->text = m.text.get();
        m.cull->shown = m_shown;
        screen->addChild(geode);
        m.at->addChild(screen);
        m_root->addChild(m.at);
        m_markers.push_back(std::move(m));
    }
}

void TrainMarkers::set(std::size_t i, const Vec3& centre, double carWidth, const std::string& label,
                       bool derailed) {
    if (i >= m_markers.size()) return;
    Marker& m = m_markers[i];
    if (!centre.allFinite()) {
        m.at->setNodeMask(0);
        return;
    }
    m.at->setMatrix(osg::Matrixd::translate(toOsg(centre)));
    m.at->setNodeMask(~0u);
    m.cull->radius = float(std::max(0.1, 0.5 * carWidth));
    if (label != m.label) {
        m.label = label;
        m.text->setText(label, osgText::String::ENCODING_UTF8);
    }
    if (derailed != m.derailed) {
        m.derailed = derailed;
        auto* c = static_cast<osg::Vec4Array*>(m.disc->getColorArray());
        (*c)[0] = derailed ? derailedColour() : fillColour();
        c->dirty();
    }
}

std::string TrainMarkers::label(std::size_t i) const {
    return i < m_markers.size() ? m_markers[i].label : std::string();
}

} // namespace tl::render
