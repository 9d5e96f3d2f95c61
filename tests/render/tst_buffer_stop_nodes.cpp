// Buffer stops drawn (render/track/BufferStopNodes.h): one node per stop, named after its end, standing at
// the face's first place (its stroke before the track's end), its x axis toward the end along the track.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "render/track/BufferStopNodes.h"

#include <osg/MatrixTransform>

#include <QtTest>

using namespace tl;

class TstBufferStopNodes : public QObject {
    Q_OBJECT
private slots:
    void stopsAtTheirEnds();
};

void TstBufferStopNodes::stopsAtTheirEnds() {
    const Layout layout = Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2,
        "tracks": [{"id": "S", "curve": {"type": "arc", "radius": 100, "angle": 0.5}}],
        "bufferStops": [{"end": ["S", "end"], "stroke": 2}, {"end": ["S", "start"], "kind": "fixed"}]})",
                                                          "<test>"),
                                          "<test>");
    const osg::ref_ptr<osg::Group> root = render::buildBufferStops(layout);
    QCOMPARE(root->getNumChildren(), 2u);
    const Track& t = layout.track(0);
    const struct {
        const char* name;
        double s, into;
    } want[] = {{"buffer stop S end", t.length() - 2.0, 1.0}, {"buffer stop S start", 0.05, -1.0}};
    for (unsigned k = 0; k < 2; ++k) {
        const auto* m = dynamic_cast<const osg::MatrixTransform*>(root->getChild(k));
        QVERIFY(m);
        QCOMPARE(m->getName(), std::string(want[k].name));
        const TwistedFrame f = t.frameInWorld(want[k].s, Pose::Identity());
        const osg::Matrixd M = m->getMatrix();
        const osg::Vec3d origin = M.getTrans();
        const osg::Vec3d x = osg::Matrixd::transform3x3(osg::Vec3d(1, 0, 0), M);
        QVERIFY((Vec3(origin.x(), origin.y(), origin.z()) - f.F.P).norm() < 1e-9);
        QVERIFY(std::abs(Vec3(x.x(), x.y(), x.z()).dot(want[k].into * f.F.T) - 1) < 1e-9);
        QVERIFY(m->getNumChildren() > 0);
    }
}

QTEST_GUILESS_MAIN(TstBufferStopNodes)
#include "tst_buffer_stop_nodes.moc"
