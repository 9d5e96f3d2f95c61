// Signals drawn, their lamps set live (SignalNodes.h).
#include "render/track/SignalNodes.h"

#include "render/OsgConvert.h"
#include "render/scene/Shapes.h"

#include <osg/AutoTransform>
#include <osg/Geode>
#include <osg/MatrixTransform>
#include <osg/Shape>
#include <osg/ShapeDrawable>

#include <cmath>
#include <string>

namespace tl::render {

namespace {
constexpr double kSide = 3.0;        // [m] from the track's centre line, right of the governed direction
constexpr double kStopPost = 3.5;    // [m] a stop signal's post
constexpr double kDistantPost = 2.5; // [m] a distant signal's post
constexpr double kLampRadius = 0.15; // [m] the lamp's real size
constexpr double kLampPixels = 3.0;  // [pixels] its least size on screen (radius)
constexpr double kMarkSize = 0.6;    // [m] the selection marker's real size
constexpr double kMarkPixels = 9.0;  // [pixels] its least size on screen
const osg::Vec4 kPostGrey{0.45f, 0.46f, 0.48f, 1.f};
const osg::Vec4 kBlack{0.05f, 0.05f, 0.05f, 1.f};
const osg::Vec4 kYellow{0.95f, 0.78f, 0.05f, 1.f};

// What a lamp glows with; unlit: none.
osg::Vec4 glow(SignalLamp what) {
    switch (what) {
    case SignalLamp::Stop:
        return {1.0f, 0.08f, 0.05f, 1.f};
    case SignalLamp::Caution:
        return {1.0f, 0.75f, 0.05f, 1.f};
    case SignalLamp::Clear:
        return {0.10f, 0.95f, 0.30f, 1.f};
    case SignalLamp::Unlit:
        break;
    }
    return {0.f, 0.f, 0.f, 1.f};
}

void addBox(osg::MatrixTransform& to, const Vec3& centre, const Vec3& extents, const osg::Vec4& colour) {
    osg::ref_ptr<osg::MatrixTransform> at = new osg::MatrixTransform(osg::Matrixd::translate(toOsg(centre)));
    at->addChild(makeBox(extents, colour));
    to.addChild(at);
}

// A disc facing along x (a thin cylinder), centred at `centre`.
void addDisc(osg::MatrixTransform& to, const Vec3& centre, double radius, double thickness,
             const osg::Vec4& colour) {
    osg::ref_ptr<osg::Cylinder> c = new osg::Cylinder(toOsg(centre), float(radius), float(thickness));
    c->setRotation(osg::Quat(osg::PI_2, osg::Vec3(0, 1, 0))); // its axis (z) along x
    auto* d = new osg::ShapeDrawable(c);
    d->setColor(colour);
    osg::ref_ptr<osg::Geode> g = new osg::Geode;
    g->addDrawable(d);
    to.addChild(g);
}

// The lamp at `centre`: its own material (SignalNodes::show colours it), its real size close up and at least
// kLampPixels far off.
osg::ref_ptr<osg::Node> lampNode(const Vec3& centre, osg::Material* material) {
    auto* sphere = new osg::ShapeDrawable(new osg::Sphere(osg::Vec3(), float(kLampPixels)));
    osg::ref_ptr<osg::Geode> g = new osg::Geode;
    g->setName("lamp");
    g->addDrawable(sphere);
    g->getOrCreateStateSet()->setAttributeAndModes(material, osg::StateAttribute::ON);
    osg::ref_ptr<osg::AutoTransform> screen = new osg::AutoTransform;
    screen->setPosition(toOsg(centre));
    screen->setAutoScaleToScreen(true);
    screen->setMinimumScale(kLampRadius / kLampPixels); // [m per pixel]: close up, the real lamp
    screen->addChild(g);
    return screen;
}
// The selection marker above the head at `centre`: a yellow diamond (a box on its corner), its real size
// close up and at least kMarkPixels far off; hidden until its signal is selected.
osg::ref_ptr<osg::Node> markNode(const Vec3& centre) {
    osg::ref_ptr<osg::MatrixTransform> diamond =
        new osg::MatrixTransform(osg::Matrixd::rotate(osg::PI_4, osg::Vec3d(1, 0, 0)) *
                                 osg::Matrixd::rotate(osg::PI_4, osg::Vec3d(0, 1, 0)));
    diamond->addChild(makeBox(Vec3::Constant(kMarkPixels), kYellow));
    osg::ref_ptr<osg::AutoTransform> screen = new osg::AutoTransform;
    screen->setName("selected");
    screen->setPosition(toOsg(centre));
    screen->setAutoScaleToScreen(true);
    screen->setMinimumScale(kMarkSize / kMarkPixels); // [m per pixel]: close up, its real size
    screen->addChild(diamond);
    screen->setNodeMask(0);
    return screen;
}
} // namespace

SignalNodes::SignalNodes() : m_root(new osg::Group) {
    m_root->setName("signals");
}

void SignalNodes::clear() {
    m_root->removeChildren(0, m_root->getNumChildren());
    m_lamps.clear();
    m_ids.clear();
    m_marks.clear();
}

void SignalNodes::build(const Layout& layout) {
    clear();
    for (const Signal& g : layout.signalList()) {
        const TwistedFrame f = layout.frameInWorld(std::size_t(g.track), g.s);
        // the governed direction, level (a signal stands upright on a canted or graded track)
        Vec3 ahead = double(g.direction) * f.F.T;
        ahead.z() = 0.0;
        ahead = ahead.squaredNorm() > 1e-12 ? ahead.normalized() : Vec3::UnitX(); // (a vertical track)
        const Vec3 right = ahead.cross(Vec3::UnitZ());
        Pose X = Pose::Identity(); // x toward the trains it governs, z up
        X.linear().col(0) = -ahead;
        X.linear().col(2) = Vec3::UnitZ();
        X.linear().col(1) = X.linear().col(2).cross(X.linear().col(0));
        X.translation() = f.F.P + kSide * right;
        osg::ref_ptr<osg::MatrixTransform> node = new osg::MatrixTransform(toOsg(X));
        node->setName("signal " + g.id);

        Lamp lamp;
        lamp.material = new osg::Material;
        lamp.material->setDataVariance(osg::Object::DYNAMIC); // recoloured while the run goes on
        lamp.material->setColorMode(osg::Material::OFF);
        show(lamp, SignalLamp::Unlit);
        double top = 0.0; // [m] the head's top
        if (g.kind == SignalKind::Distant) {
            const double h = kDistantPost;
            top = h + 1.1;
            addBox(*node, {0, 0, 0.5 * h}, {0.12, 0.12, h}, kPostGrey);
            const Vec3 centre(0.0, 0.0, h + 0.55);
            addDisc(*node, centre, 0.55, 0.04, kBlack);                     // the rim
            addDisc(*node, centre + Vec3(0.03, 0, 0), 0.46, 0.02, kYellow); // the disc
            addDisc(*node, centre + Vec3(0.05, 0, 0), 0.22, 0.02, kBlack);  // round the lamp
            node->addChild(lampNode(centre + Vec3(0.06, 0, 0), lamp.material.get()));
        } else {
            const double h = kStopPost;
            top = h + 1.1;
            addBox(*node, {0, 0, 0.5 * h}, {0.14, 0.14, h}, kPostGrey);
            addBox(*node, {0, 0, h + 0.55}, {0.2, 0.55, 1.1}, kBlack); // the head
            node->addChild(lampNode(Vec3(0.1, 0, h + 0.75), lamp.material.get()));
        }
        osg::ref_ptr<osg::Node> mark = markNode(Vec3(0.0, 0.0, top + 0.8));
        node->addChild(mark);
        m_root->addChild(node);
        m_lamps.push_back(std::move(lamp));
        m_ids.push_back(g.id);
        m_marks.push_back(mark);
    }
    setSelected(m_selected);
}

void SignalNodes::setSelected(const std::string& id) {
    m_selected = id;
    for (std::size_t k = 0; k < m_marks.size(); ++k)
        m_marks[k]->setNodeMask(!id.empty() && m_ids[k] == id ? ~0u : 0u);
}

bool SignalNodes::markerShown(std::size_t k) const {
    return m_marks.at(k)->getNodeMask() != 0;
}

void SignalNodes::show(Lamp& lamp, SignalLamp what) {
    osg::Material& m = *lamp.material;
    const osg::Vec4 e = glow(what);
    if (what == SignalLamp::Unlit) { // a grey glass in the daylight
        m.setAmbient(osg::Material::FRONT_AND_BACK, osg::Vec4(0.30f, 0.30f, 0.30f, 1.f));
        m.setDiffuse(osg::Material::FRONT_AND_BACK, osg::Vec4(0.42f, 0.42f, 0.42f, 1.f));
    } else { // lit: the colour it glows with, whatever the sun
        const osg::Vec4 dim(0.25f * e.r(), 0.25f * e.g(), 0.25f * e.b(), 1.f);
        m.setAmbient(osg::Material::FRONT_AND_BACK, dim);
        m.setDiffuse(osg::Material::FRONT_AND_BACK, dim);
    }
    m.setEmission(osg::Material::FRONT_AND_BACK, e);
    lamp.shown = what;
}

void SignalNodes::setLamps(const std::vector<int>& lamps) {
    for (std::size_t k = 0; k < m_lamps.size(); ++k) {
        const int v = k < lamps.size() ? lamps[k] : int(SignalLamp::Unlit);
        const SignalLamp what =
            v >= int(SignalLamp::Stop) && v <= int(SignalLamp::Clear) ? SignalLamp(v) : SignalLamp::Unlit;
        if (what != m_lamps[k].shown) show(m_lamps[k], what);
    }
}

osg::Vec4 SignalNodes::lampColour(std::size_t k) const {
    return m_lamps.at(k).material->getEmission(osg::Material::FRONT);
}

} // namespace tl::render
