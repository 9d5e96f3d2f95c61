// Track meshes and the layout scene without a window: sampling bound, rail geometry at the gauge on the
// twisted frame, the coaster look's supports, the peak-Y/Q colouring, and that an edit rebuilds only the
// tracks it touched.
#include "core/curves/Arc.h"
#include "core/curves/Line.h"
#include "core/layout/Layout.h"
#include "core/twists/ConstantTwist.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/VehicleNodes.h"
#include "render/track/TrackMesh.h"

#include <osg/ComputeBoundsVisitor>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/LOD>

#include <QtTest>

using namespace tl;
using namespace tl::render;

namespace {
// All vertices of the detailed level of a track node, in the node's coordinates.
std::vector<osg::Vec3> detailVertices(osg::Group* mesh) {
    std::vector<osg::Vec3> out;
    for (unsigned c = 0; c < mesh->getNumChildren(); ++c) {
        auto* lod = dynamic_cast<osg::LOD*>(mesh->getChild(c));
        auto* geode = lod ? dynamic_cast<osg::Geode*>(lod->getChild(0)) : nullptr;
        if (!geode) continue;
        for (unsigned d = 0; d < geode->getNumDrawables(); ++d)
            if (auto* g = geode->getDrawable(d)->asGeometry())
                if (auto* v = dynamic_cast<osg::Vec3Array*>(g->getVertexArray()))
                    out.insert(out.end(), v->begin(), v->end());
    }
    return out;
}

double nearest(const std::vector<osg::Vec3>& vs, const Vec3& p) {
    double best = INFINITY;
    for (const auto& v : vs)
        best = std::min(best, (Vec3(v.x(), v.y(), v.z()) - p).norm());
    return best;
}
} // namespace

class TstTrackMesh : public QObject {
    Q_OBJECT
private slots:
    void samplesBoundTheTurn() {
        // an arc of R = 50 m turns 1/50 rad per metre: samples at most maxTurn / kappa = 1.5 m apart
        const Track t("A", std::make_shared<Arc>(50.0, 1.0), nullptr, Pose::Identity());
        TrackStyle st;
        const std::vector<double> s = meshSamples(t, st);
        double widest = 0;
        for (std::size_t i = 1; i < s.size(); ++i)
            widest = std::max(widest, s[i] - s[i - 1]);
        qInfo("%zu samples on 50 m of arc, widest spacing %.4f m", s.size(), widest);
        QCOMPARE(s.front(), 0.0);
        QCOMPARE(s.back(), 50.0);
        QVERIFY(widest <= st.maxTurnPerSample * 50.0 + 1e-12);
    }

    void railsSitAtTheGaugeOnTheTwistedFrame() {
        // a straight banked by 0.1 rad: the rail heads' top centres are at +-railSpacing/2 along wN
        const Track t("B", std::make_shared<Line>(100.0), std::make_shared<ConstantTwist>(0.1),
                      Pose::Identity());
        TrackStyle st;
        osg::ref_ptr<osg::Group> mesh = buildTrackMesh(t, st, OverlayOptions{});
        const std::vector<osg::Vec3> vs = detailVertices(mesh.get());
        QVERIFY(vs.size() > 1000);
        const TwistedFrame f = t.localFrame(40.0);
        for (double side : {-1.0, 1.0}) {
            // corners of the head's top face: centre +- head width / 2, at rail top (b = 0)
            const Vec3 corner = f.F.P + (side * st.railSpacing() / 2 + st.railHeadWidth / 2) * f.wN;
            // the mesh samples the straight every 2 m: s = 40 is a sample
            QVERIFY2(nearest(vs, corner) < 1e-5,
                     qPrintable(QString("rail corner off by %1 m").arg(nearest(vs, corner))));
        }
        // and they are banked: one rail is higher than the other by railSpacing * sin(0.1)
        const Vec3 l = f.F.P + st.railSpacing() / 2 * f.wN, r = f.F.P - st.railSpacing() / 2 * f.wN;
        QVERIFY(std::abs(std::abs(l.z() - r.z()) - st.railSpacing() * std::sin(0.1)) < 1e-12);
    }

    void coasterLookHasSupportsToTheGround() {
        Pose up = Pose::Identity();
        up.translation() = Vec3(0, 0, 12.0); // a track 12 m above the ground
        const Track t("C", std::make_shared<Line>(60.0), nullptr, up);
        const TrackStyle st = TrackStyle::forLook(TrackLook::Coaster);
        osg::ref_ptr<osg::MatrixTransform> mesh = buildTrackMesh(t, st, OverlayOptions{});
        const std::vector<osg::Vec3> vs = detailVertices(mesh.get());
        // the vertices are relative to the track's start (12 m up): the node's transform puts them back
        QCOMPARE(mesh->getMatrix().getTrans().z(), 12.0);
        int footVertices = 0;
        for (const auto& v : vs)
            if (std::abs(double(v.z()) + 12.0 + 1.0) < 1e-4) ++footVertices;
        // columns every 12 m from s = 0 to 48: 5 columns, 4 faces x 2 foot vertices each
        QCOMPARE(footVertices, 5 * 8);
    }

    void peakMapColoursByPlace() {
        PeakMap peaks;
        peaks.bin = 5.0;
        peaks.peaks["A"] = {0.1f, 0.2f, 1.2f};
        QCOMPARE(peaks.at("A", 12.0), double(1.2f));
        QCOMPARE(peaks.at("A", 4.99), double(0.1f));
        QCOMPARE(peaks.at("A", 100.0), 0.0);
        QCOMPARE(peaks.at("B", 1.0), 0.0);
        OverlayOptions o;
        o.overlay = TrackOverlay::PeakYQ;
        const osg::Vec4 atLimit = overlayColour(1.0, o, osg::Vec4()),
                        none = overlayColour(0.0, o, osg::Vec4());
        QVERIFY(atLimit.r() > 0.8f && atLimit.g() < 0.2f); // red at the Nadal limit
        QVERIFY(none.g() > 0.6f && none.r() < 0.3f);       // green where nothing happened
    }

    void vehicleModelsLoadThroughOsgDB() {
        // the shipped locomotive model (resources/rolling-stock/models/locomotive.obj) replaces its box;
        // an unreadable model falls back to the box with a message naming the file
        const std::string model = TRACKLAB_SOURCE_DIR "/resources/rolling-stock/models/locomotive.obj";
        VehicleNodes v;
        v.reset({Vec3(19, 3, 3.6), Vec3(19, 3, 3.6), Vec3(3.6, 2.6, 1.0)},
                {model, "/nowhere/missing.obj", ""});
        QVERIFY(v.showsModel(0));
        QVERIFY(!v.showsModel(1));
        QVERIFY(!v.showsModel(2));
        QCOMPARE(int(v.loadProblems().size()), 1);
        QVERIFY(v.loadProblems().front().find("/nowhere/missing.obj") != std::string::npos);
        // the model's extent is the locomotive's: 19.56 m nose to nose, centred on the body frame
        osg::ComputeBoundsVisitor bounds;
        v.root()->getChild(0)->accept(bounds);
        const osg::BoundingBox& b = bounds.getBoundingBox();
        qInfo("model box x %.2f..%.2f, y %.2f..%.2f, z %.2f..%.2f", b.xMin(), b.xMax(), b.yMin(), b.yMax(),
              b.zMin(), b.zMax());
        QVERIFY(std::abs(b.xMax() - 9.78f) < 1e-3f && std::abs(b.xMin() + 9.78f) < 1e-3f);
        QVERIFY(std::abs(b.zMin() + 1.8f) < 1e-3f);
    }

    void editRebuildsOnlyTouchedTracks() {
        LayoutSpec spec;
        for (int i = 0; i < 4; ++i) {
            TrackSpec t;
            t.id = "L" + std::to_string(i);
            t.curve.type = "line";
            t.curve.params["length"] = 50.0;
            t.placement.pose.position = Vec3(0, 10.0 * i, 0);
            spec.tracks.push_back(t);
        }
        LayoutScene scene;
        auto first = std::make_shared<const Layout>(Layout::compile(spec));
        QCOMPARE(scene.setLayout(first), 4);
        QCOMPARE(scene.setLayout(first), 0);
        LayoutSpec edited = spec;
        edited.tracks[2].curve.params["length"] = 60.0;
        QCOMPARE(scene.setLayout(std::make_shared<const Layout>(Layout::compile(edited, {}, first.get()))),
                 1);
        edited.tracks.pop_back();
        QCOMPARE(scene.setLayout(std::make_shared<const Layout>(Layout::compile(edited))), 0);
        QCOMPARE(scene.tracksBound().valid(), true);
    }

    // docs/layout-format.md, "Limits": a 3 000 km layout (30 lines of 100 km, the longest a track may be)
    // must not abort in OSG with bad_alloc: above 50 km in total only ribbons are built, with at most ~500
    // 000 samples in all.
    void hugeLayoutMeshesStayBounded() {
        LayoutSpec spec;
        for (int i = 0; i < 30; ++i) {
            TrackSpec t;
            t.id = "L" + std::to_string(i);
            t.curve.type = "line";
            t.curve.params["length"] = 100000.0;
            t.placement.pose.position = Vec3(0, 10.0 * i, 0);
            spec.tracks.push_back(t);
        }
        const auto layout = std::make_shared<const Layout>(Layout::compile(spec));
        const TrackStyle st = TrackStyle().withinBudget(3.0e6);
        QVERIFY(!st.detailed);
        TrackMeshStats stats;
        buildTrackMesh(layout->track(0), st, OverlayOptions{}, &stats);
        QVERIFY2(stats.samples <= 500000 / 30 + 2, qPrintable(QString::number(stats.samples)));
        QCOMPARE(stats.vertices, 2 * stats.samples + 2 * (stats.chunks - 1)); // ribbons: 2 per sample
        LayoutScene scene;
        QCOMPARE(scene.setLayout(layout), 30);
        QVERIFY(scene.tracksBound().valid());
        // a small layout keeps its detail: 2 km in all
        QVERIFY(TrackStyle().withinBudget(2000.0).detailed);
    }
};

QTEST_APPLESS_MAIN(TstTrackMesh)
#include "tst_track_mesh.moc"
