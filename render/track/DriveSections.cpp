#include "render/track/DriveSections.h"

#include "render/LocalOrigin.h"
#include "render/OsgConvert.h"
#include "render/track/TrackLine.h"

#include "render/scene/LabelFont.h"
#include <osg/AutoTransform>
#include <osg/Geode>
#include <osg/Geometry>
#include <osgText/Font>

#include <osgText/Text>

#include <cmath>
#include <cstdio>

namespace tl::render {

namespace {
// The strip between the rails, just above the rail top: quads of alternating colour every `pitch` metres,
// the vertices relative to `origin` (render/LocalOrigin.h).
osg::ref_ptr<osg::Geode> strip(const Layout& layout, const TrackDrive& d, const Vec3& origin,
                               double halfWidth, double pitch, const osg::Vec4& a, const osg::Vec4& b) {
    osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
    osg::ref_ptr<osg::Vec3Array> n = new osg::Vec3Array;
    osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
    const int pieces = std::max(1, int(std::ceil((d.to - d.from) / pitch)));
    for (int k = 0; k < pieces; ++k) {
        const double s0 = d.from + (d.to - d.from) * k / pieces,
                     s1 = d.from + (d.to - d.from) * (k + 1) / pieces;
        const osg::Vec4& colour = k % 2 == 0 ? a : b;
        for (double s : {s0, s1}) {
            const TwistedFrame f = layout.frameInWorld(std::size_t(d.track), s);
            const Vec3 centre = f.F.P + 0.03 * f.wB; // above the rail top, between the rails
            for (double side : {-1.0, 1.0}) {
                v->push_back(relativeTo(centre + side * halfWidth * f.wN, origin));
                n->push_back(toOsg(f.wB));
                c->push_back(colour);
            }
        }
    }
    osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
    g->setVertexArray(v);
    g->setNormalArray(n, osg::Array::BIND_PER_VERTEX);
    g->setColorArray(c, osg::Array::BIND_PER_VERTEX);
    for (int k = 0; k < pieces; ++k) // each piece its own strip: the colours change sharply between pieces
        g->addPrimitiveSet(new osg::DrawArrays(GL_TRIANGLE_STRIP, 4 * k, 4));
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->setName("driveStrip");
    geode->addDrawable(g);
    osg::StateSet* ss = geode->getOrCreateStateSet();
    ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF); // the colours as they are, from any side
    ss->setMode(GL_CULL_FACE, osg::StateAttribute::OFF);
    return geode;
}

osg::ref_ptr<osg::Node> label(const Vec3& at, const std::string& text, const osg::Vec4& colour) {
    osg::ref_ptr<osgText::Text> t = new osgText::Text;
    t->setFont(labelFont());
    t->setCharacterSize(14.f);
    t->setFontResolution(32, 32);
    t->setAlignment(osgText::Text::CENTER_BOTTOM);
    t->setColor(colour);
    t->setBackdropType(osgText::Text::OUTLINE);
    t->setBackdropColor(osg::Vec4(0.05f, 0.05f, 0.05f, 1.f));
    t->setText(text, osgText::String::ENCODING_UTF8);
    osg::ref_ptr<osg::Geode> g = new osg::Geode;
    g->setName("driveLabel");
    g->addDrawable(t);
    g->getOrCreateStateSet()->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
    osg::ref_ptr<osg::AutoTransform> screen = new osg::AutoTransform;
    screen->setAutoScaleToScreen(true); // one unit = one pixel
    screen->setAutoRotateMode(osg::AutoTransform::ROTATE_TO_SCREEN);
    screen->setPosition(toOsg(at));
    screen->addChild(g);
    return screen;
}
} // namespace

std::string driveSectionLabel(const TrackDrive& d) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: %s %.3g m/s %s", d.id.c_str(), d.chain ? "chain lift" : "booster",
                  d.speed, d.direction > 0 ? "\u2192" : "\u2190");
    return buf;
}

Vec3 driveSectionOrigin(const Layout& layout, const TrackDrive& d) {
    return layout.frameInWorld(std::size_t(d.track), d.from).F.P;
}

osg::ref_ptr<osg::Group> buildDriveSections(const Layout& layout, const std::vector<TrackDrive>& drives,
                                            const TrackStyle& style) {
    osg::ref_ptr<osg::Group> root = new osg::Group;
    root->setName("driveSections");
    const double half = 0.5 * (style.railSpacing() - style.railHeadWidth) - 0.02; // inside the rail heads
    for (const TrackDrive& d : drives) {
        if (d.track < 0 || d.track >= int(layout.trackCount()) || !(d.to > d.from)) continue;
        // everything relative to the section's start, put back by a double transform (render/LocalOrigin.h)
        const Vec3 origin = driveSectionOrigin(layout, d);
        osg::ref_ptr<osg::MatrixTransform> g = localOriginTransform(origin);
        g->setName(d.id);
        const osg::Vec4 colour = d.chain ? DriveSectionColours::chain() : DriveSectionColours::booster();
        const osg::Vec4 second =
            d.chain ? osg::Vec4(0.08f, 0.08f, 0.08f, 1.f) : osg::Vec4(0.95f, 0.95f, 0.95f, 1.f);
        g->addChild(strip(layout, d, origin, half, d.chain ? 0.5 : 1.0, colour, second));
        // the far view: a line of the section's colour above the track's own centre line
        std::vector<Vec3> points;
        const int n = std::max(2, int(std::ceil((d.to - d.from) / 1.0)) + 1);
        for (int k = 0; k < n; ++k) {
            const TwistedFrame f =
                layout.frameInWorld(std::size_t(d.track), d.from + (d.to - d.from) * k / (n - 1));
            points.push_back(f.F.P + (style.lineHeight + 0.1) * f.wB - origin);
        }
        g->addChild(
            buildTrackLine(points, std::vector<osg::Vec4>(points.size(), colour), style.lineWidth + 2.f));
        const TwistedFrame mid = layout.frameInWorld(std::size_t(d.track), 0.5 * (d.from + d.to));
        g->addChild(label(mid.F.P + 2.0 * Vec3::UnitZ() - origin, driveSectionLabel(d), colour));
        root->addChild(g);
    }
    return root;
}

} // namespace tl::render
