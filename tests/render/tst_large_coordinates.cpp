// Tracks far from the world's origin (national grid coordinates, e.g. Swiss LV95: x = 2 600 000 m,
// y = 1 200 000 m) draw without float jitter (docs/alignments.md, "Limits"): each track's mesh is built
// relative to its start under an osg::MatrixTransform in double (render/track/TrackMesh.h), the ground about
// its centre likewise (render/scene/Environment.h).
// - an arc of R = 800 m over 0.4 rad (320 m) starting at (2 600 000, 1 200 000, 430) m heading 0.7 rad: every
//   vertex is within 1 km of the node's origin, the node's matrix is a translation to the track's start, and
//   matrix x vertex (in double) reproduces each rail head's top corner at every mesh sample to 1 mm, the
//   corner computed in closed form: P(s) = P0 + R (sin(psi0 + s/R) - sin psi0, cos psi0 - cos(psi0 + s/R), 0)
//   plus/minus (rail spacing + head width) / 2 along the level normal (-sin psi, cos psi, 0);
// - what the GPU does: the modelview composed in double (as OSG's cull traversal does) and then rounded to
//   float, applied to the float vertex, gives the corner's eye coordinates (a camera 50 m off) to 1 mm, while
//   the world position stored as float (the old way) is off by centimetres (float's step at 2.6e6 m is
//   0.25 m);
// - in a LayoutScene the track node's local-to-world matrix is the track's start and the ground's vertices
//   stay within its half size of its own double transform, placed under the tracks.
#include "core/curves/Arc.h"
#include "core/layout/Layout.h"
#include "render/scene/LayoutScene.h"
#include "render/track/TrackMesh.h"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/MatrixTransform>
#include <osg/NodeVisitor>

#include <QtTest>

#include <cmath>
#include <vector>

using namespace tl;
using namespace tl::render;

namespace {

constexpr double kX0 = 2600000.0, kY0 = 1200000.0, kZ0 = 430.0; // [m] the track's start
constexpr double kHeading = 0.7;                                // [rad] counter-clockwise from +x
constexpr double kRadius = 800.0, kAngle = 0.4;                 // [m], [rad]: 320 m turning left

// Every vertex of every geometry below a node, in the node's own coordinates (transforms below it are not
// expected: the mesh's chunks are LODs and geodes).
struct Vertices : osg::NodeVisitor {
    std::vector<osg::Vec3f> all;
    Vertices() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
    void apply(osg::Geode& g) override {
        for (unsigned d = 0; d < g.getNumDrawables(); ++d)
            if (auto* geometry = g.getDrawable(d)->asGeometry())
                if (auto* v = dynamic_cast<osg::Vec3Array*>(geometry->getVertexArray()))
                    all.insert(all.end(), v->begin(), v->end());
    }
};

// The node named `name` below `root` and the path to it.
struct Find : osg::NodeVisitor {
    std::string name;
    osg::Node* found = nullptr;
    osg::NodePath path;
    explicit Find(std::string n) : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN), name(std::move(n)) {}
    void apply(osg::Node& n) override {
        if (!found && n.getName() == name) {
            found = &n;
            path = getNodePath();
        }
        traverse(n);
    }
};

Pose startPose() {
    Pose X = Pose::Identity();
    X.linear() = Eigen::AngleAxisd(kHeading, Vec3::UnitZ()).toRotationMatrix();
    X.translation() = Vec3(kX0, kY0, kZ0);
    return X;
}

// The closed form: the centre line at s and the level normal to the left.
Vec3 centreAt(double s) {
    const double psi = kHeading + s / kRadius;
    return {kX0 + kRadius * (std::sin(psi) - std::sin(kHeading)),
            kY0 + kRadius * (std::cos(kHeading) - std::cos(psi)), kZ0};
}
Vec3 leftAt(double s) {
    const double psi = kHeading + s / kRadius;
    return {-std::sin(psi), std::cos(psi), 0.0};
}

osg::Vec3d toD(const osg::Vec3f& v) {
    return {double(v.x()), double(v.y()), double(v.z())};
}

} // namespace

class TstLargeCoordinates : public QObject {
    Q_OBJECT
private slots:
    void trackMeshIsRelativeToItsStart() {
        const Track t("far", std::make_shared<Arc>(kRadius, kAngle), nullptr, startPose());
        const TrackStyle st;
        const osg::ref_ptr<osg::MatrixTransform> mesh = buildTrackMesh(t, st, OverlayOptions{});
        const osg::Matrixd M = mesh->getMatrix();
        QCOMPARE(M.getTrans().x(), kX0);
        QCOMPARE(M.getTrans().y(), kY0);
        QCOMPARE(M.getTrans().z(), kZ0);
        QVERIFY(M.getRotate().zeroRotation());

        Vertices vs;
        mesh->accept(vs);
        QVERIFY(vs.all.size() > 1000);
        double largest = 0;
        for (const osg::Vec3f& v : vs.all)
            largest = std::max(
                {largest, double(std::abs(v.x())), double(std::abs(v.y())), double(std::abs(v.z()))});
        qInfo("%zu vertices, the largest coordinate %.3f m from the node's origin", vs.all.size(), largest);
        QVERIFY(largest < 1000.0); // the track spans 320 m: nothing near 2.6e6 m is stored as float

        // matrix x vertex (double) against the closed-form rail head corners at every mesh sample
        const double offsets[2] = {-(st.railSpacing() + st.railHeadWidth) / 2,
                                   (st.railSpacing() + st.railHeadWidth) / 2};
        double worst = 0, worstFloat = 0;
        int corners = 0;
        for (const double s : meshSamples(t, st)) {
            for (const double n : offsets) {
                const Vec3 c = centreAt(s) + n * leftAt(s);
                const osg::Vec3d corner(c.x(), c.y(), c.z());
                double best = INFINITY;
                for (const osg::Vec3f& v : vs.all)
                    best = std::min(best, (toD(v) * M - corner).length());
                worst = std::max(worst, best);
                // the old way: the world position itself stored as float
                const osg::Vec3f asFloat(corner);
                worstFloat = std::max(worstFloat, (toD(asFloat) - corner).length());
                ++corners;
            }
        }
        qInfo("%d rail corners: matrix x vertex off by at most %.2e m (world coordinates as float: %.3f m)",
              corners, worst, worstFloat);
        QVERIFY(corners > 100);
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
        QVERIFY(worstFloat > 0.01); // why: float's step at 2.6e6 m is 0.25 m
    }

    // What the GPU computes: OSG composes model and view in double and hands the product to GL as float.
    void eyeCoordinatesStayExact() {
        const Track t("far", std::make_shared<Arc>(kRadius, kAngle), nullptr, startPose());
        const TrackStyle st;
        const osg::ref_ptr<osg::MatrixTransform> mesh = buildTrackMesh(t, st, OverlayOptions{});
        const osg::Matrixd M = mesh->getMatrix();
        Vertices vs;
        mesh->accept(vs);
        const double s = 200.0;
        const Vec3 c = centreAt(s);
        const osg::Vec3d target(c.x(), c.y(), c.z());
        const osg::Matrixd V = osg::Matrixd::lookAt(target + osg::Vec3d(-30, -40, 20) * 0.9, target,
                                                    osg::Vec3d(0, 0, 1)); // about 50 m off
        const osg::Matrixf modelView(M * V);                              // double product, then float
        const osg::Matrixf viewOnly(V);
        double worst = 0, worstOld = 0;
        int near = 0;
        for (const osg::Vec3f& v : vs.all) {
            const osg::Vec3d world = toD(v) * M;
            if ((world - target).length() > 30.0) continue;
            ++near;
            const osg::Vec3d exact = world * V;                       // eye coordinates in double
            const osg::Vec3d gpu = toD(v * modelView);                // float vertex x float modelview
            const osg::Vec3d old = toD(osg::Vec3f(world) * viewOnly); // float world vertex x float view
            worst = std::max(worst, (gpu - exact).length());
            worstOld = std::max(worstOld, (old - exact).length());
        }
        qInfo("%d vertices within 30 m of the eye's target: eye coordinates off by %.2e m (world as float: "
              "%.3f m)",
              near, worst, worstOld);
        QVERIFY(near > 100);
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
        QVERIFY(worstOld > 0.01);
    }

    void sceneAndGroundFarAway() {
        LayoutSpec spec;
        TrackSpec ts;
        ts.id = "far";
        ts.curve.type = "arc";
        ts.curve.params["radius"] = kRadius;
        ts.curve.params["angle"] = kAngle;
        ts.placement.pose.position = Vec3(kX0, kY0, kZ0);
        ts.placement.pose.rotation = Quat(Eigen::AngleAxisd(kHeading, Vec3::UnitZ()));
        spec.tracks.push_back(ts);
        LayoutScene scene;
        QCOMPARE(scene.setLayout(std::make_shared<const Layout>(Layout::compile(spec))), 1);

        Find track("far");
        scene.root()->accept(track);
        QVERIFY(track.found);
        const osg::Matrixd toWorld = osg::computeLocalToWorld(track.path);
        qInfo("track node at (%.6f, %.6f, %.6f)", toWorld.getTrans().x(), toWorld.getTrans().y(),
              toWorld.getTrans().z());
        QVERIFY((toWorld.getTrans() - osg::Vec3d(kX0, kY0, kZ0)).length() < 1e-9);
        Vertices vs;
        track.found->accept(vs);
        double largest = 0;
        for (const osg::Vec3f& v : vs.all)
            largest = std::max(largest, toD(v).length());
        QVERIFY(largest < 1000.0);
        // the end of the arc, through the scene's transforms, to 1 mm: the nearest centre-line vertex
        // (the far view's line is lineHeight above the centre)
        const Vec3 e = centreAt(kRadius * kAngle) + Vec3(0, 0, TrackStyle().lineHeight);
        double best = INFINITY;
        for (const osg::Vec3f& v : vs.all)
            best = std::min(best, (toD(v) * toWorld - osg::Vec3d(e.x(), e.y(), e.z())).length());
        qInfo("the centre line's end off by %.2e m", best);
        QVERIFY(best < 1e-3);

        // the ground: its own double transform near the tracks, vertices within its half size
        Find ground("groundPlacement");
        scene.root()->accept(ground);
        QVERIFY(ground.found);
        const osg::Vec3d g = static_cast<osg::MatrixTransform*>(ground.found)->getMatrix().getTrans();
        qInfo("ground centred at (%.1f, %.1f, %.1f)", g.x(), g.y(), g.z());
        QVERIFY(std::hypot(g.x() - kX0, g.y() - kY0) < 1000.0);
        Vertices gv;
        ground.found->accept(gv);
        QVERIFY(!gv.all.empty());
        double groundLargest = 0;
        for (const osg::Vec3f& v : gv.all)
            groundLargest = std::max(groundLargest, toD(v).length());
        QVERIFY(groundLargest < 1e4);
        // framing: the tracks' bound is centred on the track (float bound: 0.25 m steps at this size)
        const osg::BoundingSphere b = scene.tracksBound();
        QVERIFY(b.valid());
        const Vec3 mid = centreAt(0.5 * kRadius * kAngle);
        qInfo("tracks' bound centre (%.2f, %.2f), radius %.1f m", b.center().x(), b.center().y(), b.radius());
        QVERIFY(std::hypot(b.center().x() - mid.x(), b.center().y() - mid.y()) < 50.0);
        QVERIFY(b.radius() < 400.0);
    }
};

QTEST_APPLESS_MAIN(TstLargeCoordinates)
#include "tst_large_coordinates.moc"
