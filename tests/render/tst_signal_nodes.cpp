// Signals drawn (render/track/SignalNodes.h): one node per signal, named after it, on the right of the
// direction it governs and facing the trains it governs; lamps unlit until set, recoloured only when their
// aspect changes; the scene rebuilds them when the signals change (render/scene/LayoutScene.h).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "render/scene/LayoutScene.h"
#include "render/track/SignalNodes.h"

#include <osg/MatrixTransform>

#include <QtTest>

#include <memory>

using namespace tl;

namespace {
const char* const kLayout = R"({"format": "tracklab-layout", "version": 2,
    "tracks": [{"id": "S", "curve": {"type": "line", "length": 500}}],
    "signals": [{"id": "A", "track": "S", "s": 100},
                {"id": "D", "track": "S", "s": 300, "direction": -1, "kind": "distant"}]})";
}

class TstSignalNodes : public QObject {
    Q_OBJECT
private slots:
    void standRightOfTheirDirection();
    void lampsFollowAspects();
    void sceneRebuildsWhenSignalsChange();
};

void TstSignalNodes::standRightOfTheirDirection() {
    const Layout layout = Layout::compile(parseLayoutSpec(kLayout, "<test>"), "<test>");
    render::SignalNodes nodes;
    nodes.build(layout);
    QCOMPARE(nodes.count(), std::size_t(2));
    QCOMPARE(nodes.root()->getNumChildren(), 2u);
    const char* names[] = {"signal A", "signal D"};
    for (unsigned k = 0; k < 2; ++k) {
        const auto* m = dynamic_cast<const osg::MatrixTransform*>(nodes.root()->getChild(k));
        QVERIFY(m);
        QCOMPARE(m->getName(), std::string(names[k]));
        const Signal& g = layout.signalList()[k];
        const TwistedFrame f = layout.frameInWorld(std::size_t(g.track), g.s);
        const osg::Matrixd M = m->getMatrix();
        const Vec3 origin(M.getTrans().x(), M.getTrans().y(), M.getTrans().z());
        const osg::Vec3d x = osg::Matrixd::transform3x3(osg::Vec3d(1, 0, 0), M);
        const Vec3 ahead = double(g.direction) * f.F.T;
        // 3 m to the right of the governed direction (on a level line: ahead x up), facing back along it
        QVERIFY((origin - (f.F.P + 3.0 * ahead.cross(Vec3::UnitZ()))).norm() < 1e-9);
        QVERIFY(std::abs(Vec3(x.x(), x.y(), x.z()).dot(-ahead) - 1) < 1e-9);
        QVERIFY(m->getNumChildren() > 0);
        QVERIFY(nodes.lamp(k) == render::SignalLamp::Unlit);
    }
}

void TstSignalNodes::lampsFollowAspects() {
    const Layout layout = Layout::compile(parseLayoutSpec(kLayout, "<test>"), "<test>");
    render::SignalNodes nodes;
    nodes.build(layout);
    const osg::Vec4 unlit = nodes.lampColour(0);
    nodes.setLamps({0, 2});
    QVERIFY(nodes.lamp(0) == render::SignalLamp::Stop);
    QVERIFY(nodes.lamp(1) == render::SignalLamp::Clear);
    const osg::Vec4 red = nodes.lampColour(0), green = nodes.lampColour(1);
    QVERIFY(red.r() > 0.9f && red.g() < 0.2f);
    QVERIFY(green.g() > 0.9f && green.r() < 0.2f);
    nodes.setLamps({1}); // the one not given goes out
    QVERIFY(nodes.lamp(0) == render::SignalLamp::Caution);
    QVERIFY(nodes.lamp(1) == render::SignalLamp::Unlit);
    QVERIFY(nodes.lampColour(1) == unlit);
    nodes.setLamps({7, -3}); // not an aspect: unlit
    QVERIFY(nodes.lamp(0) == render::SignalLamp::Unlit);
    QVERIFY(nodes.lamp(1) == render::SignalLamp::Unlit);
}

void TstSignalNodes::sceneRebuildsWhenSignalsChange() {
    render::LayoutScene scene;
    LayoutSpec spec = parseLayoutSpec(kLayout, "<test>");
    scene.setLayout(std::make_shared<const Layout>(Layout::compile(spec, "<test>")));
    QCOMPARE(scene.signalNodes().count(), std::size_t(2));
    scene.setSignalAspects({2, 1});
    QVERIFY(scene.signalNodes().lamp(0) == render::SignalLamp::Clear);
    // the same signals: the lamps stay as set
    scene.setLayout(std::make_shared<const Layout>(Layout::compile(spec, "<test>")));
    QVERIFY(scene.signalNodes().lamp(0) == render::SignalLamp::Clear);
    // a signal moved: rebuilt, unlit
    spec.signalSpecs[0].s = 150;
    scene.setLayout(std::make_shared<const Layout>(Layout::compile(spec, "<test>")));
    QCOMPARE(scene.signalNodes().count(), std::size_t(2));
    QVERIFY(scene.signalNodes().lamp(0) == render::SignalLamp::Unlit);
    // no signals
    spec.signalSpecs.clear();
    scene.setLayout(std::make_shared<const Layout>(Layout::compile(spec, "<test>")));
    QCOMPARE(scene.signalNodes().count(), std::size_t(0));
    QCOMPARE(scene.signalNodes().root()->getNumChildren(), 0u);
}

QTEST_GUILESS_MAIN(TstSignalNodes)
#include "tst_signal_nodes.moc"
