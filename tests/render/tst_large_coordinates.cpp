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
//   stay within its half size of its own double transform, placed under the tracks;
// - a chain drive section on that arc (s = 100 .. 180 m) and a line-speed sign at its start, both relative to
//   a local origin under a double transform (render/LocalOrigin.h): every vertex below the section's and the
//   sign's transform is within 1 km of it, the section's transform is its start P(100), and local-to-world
//   (the node path's computeLocalToWorld, in double) x vertex reproduces every strip vertex, P(s) + 0.03 z
//   plus/minus the strip's half width h = (rail spacing - head width) / 2 - 0.02 along the level normal at
//   each link's ends, the far-view line's ends P(100), P(180) + (line height + 0.1) z, and the sign's post,
//   foot P(0) - 3 (-sin psi0, cos psi0, 0) (3 m right of the track, as the Checks dock places it) and top
//   4 m above, to 1 mm;
// - makePolyline (render/scene/Shapes.h) through points of the arc: its transform is the first point and
//   matrix x vertex gives each point back to 1 mm.
#include "core/curves/Arc.h"
#include "core/layout/Layout.h"
#include "core/layout/LineSpeed.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/Shapes.h"
#include "render/scene/SpeedSigns.h"
#include "render/track/TrackMesh.h"

#include <osg/AutoTransform>
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
osg::Vec3d toD(const Vec3& v) {
    return {v.x(), v.y(), v.z()};
}

// The arc as a layout: one track "far" on the ground at the start pose.
LayoutSpec farSpec() {
    LayoutSpec spec;
    TrackSpec ts;
    ts.id = "far";
    ts.curve.type = "arc";
    ts.curve.params["radius"] = kRadius;
    ts.curve.params["angle"] = kAngle;
    ts.placement.pose.position = Vec3(kX0, kY0, kZ0);
    ts.placement.pose.rotation = Quat(Eigen::AngleAxisd(kHeading, Vec3::UnitZ()));
    spec.tracks.push_back(ts);
    return spec;
}

// The largest coordinate of any vertex in `vs` [m].
double largestCoordinate(const Vertices& vs) {
    double largest = 0;
    for (const osg::Vec3f& v : vs.all)
        largest =
            std::max({largest, double(std::abs(v.x())), double(std::abs(v.y())), double(std::abs(v.z()))});
    return largest;
}

// The vertices of the first geometry of the geode named `name` below `root`, with its local-to-world matrix.
struct NamedGeometry {
    const osg::Vec3Array* vertices = nullptr;
    osg::Matrixd toWorld;
};
NamedGeometry namedGeometry(osg::Node* root, const std::string& name) {
    Find f(name);
    root->accept(f);
    NamedGeometry out;
    if (!f.found || !f.found->asGeode() || f.found->asGeode()->getNumDrawables() == 0) return out;
    const osg::Geometry* g = f.found->asGeode()->getDrawable(0)->asGeometry();
    if (!g) return out;
    out.vertices = dynamic_cast<const osg::Vec3Array*>(g->getVertexArray());
    out.toWorld = osg::computeLocalToWorld(f.path);
    return out;
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
        const LayoutSpec spec = farSpec();
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

    // A chain lift on the far arc (drawn by the LayoutScene) and the sign of the track's line speed.
    void driveSectionAndSpeedSignFarAway() {
        constexpr double kFrom = 100.0, kTo = 180.0; // [m] the section on the arc
        LayoutSpec spec = farSpec();
        spec.tracks[0].lineSpeed = 100.0 / 3.6; // [m/s]
        DriveSpec lift;
        lift.id = "lift";
        lift.kind = DriveKind::Chain;
        lift.track = "far";
        lift.from = kFrom;
        lift.to = kTo;
        lift.speed = 3.0;
        lift.maxForce = 1e4;
        spec.drives.push_back(lift);
        const auto layout = std::make_shared<const Layout>(Layout::compile(spec));
        QCOMPARE(layout->drives().size(), std::size_t(1));
        LayoutScene scene;
        QCOMPARE(scene.setLayout(layout), 1);

        // the section's node: a double transform at its start, every vertex below it within 1 km
        Find section("lift");
        scene.root()->accept(section);
        QVERIFY(section.found);
        const auto* placed = dynamic_cast<const osg::MatrixTransform*>(section.found);
        QVERIFY(placed);
        const osg::Vec3d origin = placed->getMatrix().getTrans();
        qInfo("section's origin off its start by %.2e m", (origin - toD(centreAt(kFrom))).length());
        QVERIFY((origin - toD(centreAt(kFrom))).length() < 1e-6);
        Vertices below;
        section.found->accept(below);
        QVERIFY(below.all.size() > 600);
        qInfo("%zu vertices below the section, the largest coordinate %.3f m", below.all.size(),
              largestCoordinate(below));
        QVERIFY(largestCoordinate(below) < 1000.0);

        // the strip: link k's ends at s_k = from + (to - from) k / pieces, left and right edges
        const NamedGeometry strip = namedGeometry(scene.root(), "driveStrip");
        QVERIFY(strip.vertices);
        const double h = 0.5 * (scene.style().railSpacing() - scene.style().railHeadWidth) - 0.02;
        const int pieces = int(std::ceil((kTo - kFrom) / 0.5)); // a link every 0.5 m
        QCOMPARE(int(strip.vertices->size()), 4 * pieces);
        double worst = 0, worstFloat = 0;
        for (int i = 0; i < pieces; ++i)
            for (int e = 0; e < 2; ++e)
                for (int side = 0; side < 2; ++side) {
                    const double s = kFrom + (kTo - kFrom) * (i + e) / pieces;
                    const Vec3 edge = centreAt(s) + Vec3(0, 0, 0.03) + (side ? h : -h) * leftAt(s);
                    const osg::Vec3d world = toD((*strip.vertices)[4 * i + 2 * e + side]) * strip.toWorld;
                    worst = std::max(worst, (world - toD(edge)).length());
                    worstFloat = std::max(worstFloat, (toD(osg::Vec3f(toD(edge))) - toD(edge)).length());
                }
        qInfo("%d strip vertices: local-to-world x vertex off by at most %.2e m (world as float: %.3f m)",
              4 * pieces, worst, worstFloat);
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
        QVERIFY(worstFloat > 0.01); // why: float's step at 2.6e6 m is 0.25 m

        // the far-view line from the section's start to its end, (line height + 0.1) above the centre
        const NamedGeometry line = namedGeometry(section.found, "trackLine");
        QVERIFY(line.vertices && line.vertices->size() >= 2);
        const osg::Matrixd& lineToWorld = line.toWorld; // the path from the section's transform down
        const Vec3 up(0, 0, scene.style().lineHeight + 0.1);
        const double lineStart =
            (toD(line.vertices->front()) * lineToWorld - toD(centreAt(kFrom) + up)).length();
        const double lineEnd = (toD(line.vertices->back()) * lineToWorld - toD(centreAt(kTo) + up)).length();
        qInfo("the section's line: start off by %.2e m, end by %.2e m", lineStart, lineEnd);
        QVERIFY(lineStart < 1e-3);
        QVERIFY(lineEnd < 1e-3);

        // the line-speed sign at the track's start, 3 m to its right (as ui/checks/ChecksPanel.cpp puts it)
        std::vector<SpeedSign> wanted;
        for (std::size_t t = 0; t < layout->trackCount(); ++t) {
            const double v = signedLineSpeed(layout->spec().tracks[t]);
            if (!(v > 0)) continue;
            const TwistedFrame f = layout->frameInWorld(t, 0.0);
            SpeedSign sign;
            sign.foot = f.F.P - 3.0 * f.wN;
            sign.text = std::to_string(int(std::lround(v * 3.6))) + " km/h";
            wanted.push_back(sign);
        }
        QCOMPARE(wanted.size(), std::size_t(1));
        SpeedSigns signs;
        signs.set(wanted);
        Find sign("speedSign");
        signs.root()->accept(sign);
        QVERIFY(sign.found);
        Vertices signVertices;
        sign.found->accept(signVertices);
        QCOMPARE(signVertices.all.size(), std::size_t(2));
        QVERIFY(largestCoordinate(signVertices) < 1000.0);
        const NamedGeometry post = namedGeometry(signs.root(), "speedSignPost");
        QVERIFY(post.vertices && post.vertices->size() == 2);
        const Vec3 foot = centreAt(0.0) - 3.0 * leftAt(0.0);
        const Vec3 top = foot + Vec3(0, 0, wanted[0].height);
        const double footOff = (toD((*post.vertices)[0]) * post.toWorld - toD(foot)).length();
        const double topOff = (toD((*post.vertices)[1]) * post.toWorld - toD(top)).length();
        // the board (an AutoTransform at the post's top, its position relative to the sign's transform)
        const osg::AutoTransform* board = nullptr;
        for (unsigned i = 0; i < sign.found->asGroup()->getNumChildren(); ++i)
            if (auto* a = dynamic_cast<const osg::AutoTransform*>(sign.found->asGroup()->getChild(i)))
                board = a;
        QVERIFY(board);
        const double boardOff =
            (board->getPosition() * osg::computeLocalToWorld(sign.path) - toD(top)).length();
        qInfo("the sign's post: foot off by %.2e m, top by %.2e m; the board by %.2e m", footOff, topOff,
              boardOff);
        QVERIFY(footOff < 1e-3);
        QVERIFY(topOff < 1e-3);
        QVERIFY(boardOff < 1e-3);
    }

    void polylineRelativeToItsFirstPoint() {
        std::vector<Vec3> points;
        for (int k = 0; k <= 10; ++k)
            points.push_back(centreAt(kRadius * kAngle * k / 10));
        const osg::ref_ptr<osg::MatrixTransform> line = makePolyline(points, osg::Vec4(1, 0, 0, 1));
        const osg::Matrixd M = line->getMatrix();
        QCOMPARE(M.getTrans().x(), kX0);
        QCOMPARE(M.getTrans().y(), kY0);
        QCOMPARE(M.getTrans().z(), kZ0);
        Vertices vs;
        line->accept(vs);
        QCOMPARE(vs.all.size(), points.size());
        QVERIFY(largestCoordinate(vs) < 1000.0);
        double worst = 0;
        for (std::size_t k = 0; k < points.size(); ++k)
            worst = std::max(worst, (toD(vs.all[k]) * M - toD(points[k])).length());
        qInfo("the polyline's points off by at most %.2e m", worst);
        QVERIFY(worst < 1e-3);
    }
};

QTEST_APPLESS_MAIN(TstLargeCoordinates)
#include "tst_large_coordinates.moc"
