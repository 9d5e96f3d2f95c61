// Track frames in body and world coordinates: a quarter arc on a rotated and translated placement against
// hand-computed numbers, a track on a moving body at its initial pose, "directional" twist's up given in
// body coordinates, and "after" placements (at an end and at a start, with an offset).
// References: arc R = 100: P(s) = (R sin(s/R), R (1 - cos(s/R)), 0) [closed form]; the placement pose is
// applied as P_world = R_q P + p; twist per Frame.h: wB = -sin(wt) N + cos(wt) B.
#include "core/layout/Layout.h"
#include "core/layout/LayoutJson.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace tl;

namespace {
const double pi = std::numbers::pi;
const double tol = 1e-9; // [m] / [-]: closed-form arc and line evaluated in double precision

bool near(const Vec3& a, const Vec3& b, double t = tol) {
    return (a - b).norm() < t;
}
QString str(const Vec3& v) {
    return QString("(%1, %2, %3)").arg(v.x(), 0, 'g', 17).arg(v.y(), 0, 'g', 17).arg(v.z(), 0, 'g', 17);
}

Layout compile(const char* text) {
    return Layout::compile(layoutSpecFromJson(Json::parse(text)));
}
} // namespace

class TestLayoutTrack : public QObject {
    Q_OBJECT
private slots:
    void arcOnPlacement_data();
    void arcOnPlacement();
    void trackOnBody();
    void directionalUpInBodyFrame();
    void afterPlacement();
};

void TestLayoutTrack::arcOnPlacement_data() {
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("wt");
    // quarter arc R = 100 (length 157.0796 m), placed at (10, 20, 3) yawed +90 deg: (x, y) -> (-y, x).
    QTest::newRow("start") << 0.0 << 0.0;
    QTest::newRow("middle") << 100.0 * pi / 4 << 0.0;
    QTest::newRow("end") << 100.0 * pi / 2 << 0.0;
    QTest::newRow("middle, twisted 0.1") << 100.0 * pi / 4 << 0.1;
}

void TestLayoutTrack::arcOnPlacement() {
    QFETCH(double, s);
    QFETCH(double, wt);
    const double h = std::sqrt(0.5);
    Json doc = Json::parse(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "Q", "curve": {"type": "arc", "radius": 100, "angle": 1.5707963267948966},
         "placement": {"position": [10, 20, 3], "rotation": [0, 0, 0, 0]}}]})");
    doc["tracks"][0]["placement"]["rotation"] = Json::array({h, 0, 0, h});
    if (wt != 0) doc["tracks"][0]["twist"] = Json{{"type", "constant"}, {"angle", wt}};
    const Layout L = Layout::compile(layoutSpecFromJson(doc));
    const Track& q = L.trackById("Q");
    QVERIFY(std::abs(q.length() - 157.07963267948966) <
            tol); // docs/validation.md: R = 100 quarter = 157.080 m

    // Hand computation: local (R sin a, R (1 - cos a), 0), T = (cos a, sin a, 0), N = (-sin a, cos a, 0);
    // yaw +90: (x, y, z) -> (-y, x, z); plus (10, 20, 3).
    const double a = s / 100.0;
    const Vec3 P(10 - 100 * (1 - std::cos(a)), 20 + 100 * std::sin(a), 3);
    const Vec3 T(-std::sin(a), std::cos(a), 0);
    const Vec3 N(-std::cos(a), -std::sin(a), 0);
    const Vec3 B(0, 0, 1);
    const TwistedFrame f = q.frameInWorld(s, Pose::Identity());
    QVERIFY2(near(f.F.P, P), qPrintable(str(f.F.P) + " vs " + str(P)));
    QVERIFY(near(f.F.T, T));
    QVERIFY(near(f.F.N, N));
    QVERIFY(near(f.F.B, B));
    QVERIFY(std::abs(f.F.kappa - 0.01) < 1e-15);
    QVERIFY(near(f.wB, -std::sin(wt) * N + std::cos(wt) * B));
    QVERIFY(near(f.wN, std::cos(wt) * N + std::sin(wt) * B));
    QCOMPARE(f.wt, wt);
    // localFrame == frameInWorld for the ground; Layout::frameInWorld uses the same.
    QVERIFY(near(q.localFrame(s).F.P, P));
    QVERIFY(near(L.frameInWorld(0, s).wB, f.wB));
    // A body pose on top: roll the whole body +90 deg about x and lift it 5 m: (x, y, z) -> (x, -z, y) +
    // (0,0,5).
    Pose X = Pose::Identity();
    X.linear() = Eigen::AngleAxisd(pi / 2, Vec3::UnitX()).toRotationMatrix();
    X.translation() = Vec3(0, 0, 5);
    const TwistedFrame g = q.frameInWorld(s, X);
    QVERIFY(near(g.F.P, Vec3(P.x(), -P.z(), P.y() + 5)));
    QVERIFY(near(g.F.T, Vec3(T.x(), -T.z(), T.y())));
    QVERIFY(near(g.F.B, Vec3(0, -1, 0)));
}

void TestLayoutTrack::trackOnBody() {
    // Body "deck" starts at (100, 0, 2) turned 180 deg about z (w = 0, z = 1): its +x is world -x.
    const Layout L = compile(R"({"format": "tracklab-layout", "version": 1,
        "bodies": [{"name": "deck", "pose": {"position": [100, 0, 2], "rotation": [0, 0, 0, 1]}}],
        "tracks": [{"id": "L", "curve": {"type": "line", "length": 20}, "body": "deck",
                    "placement": {"position": [5, 1, 0]}}]})");
    const TwistedFrame f = L.frameInWorld(0, 8.0);
    // body point (5 + 8, 1, 0) -> world (100 - 13, -1, 2)
    QVERIFY2(near(f.F.P, Vec3(87, -1, 2)), qPrintable(str(f.F.P)));
    QVERIFY(near(f.F.T, Vec3(-1, 0, 0)));
    QVERIFY(near(f.wB, Vec3(0, 0, 1)));
    QVERIFY(near(L.track(0).localFrame(8.0).F.P, Vec3(13, 1, 0)));
    QVERIFY(L.initialBodyPose("ground").isApprox(Pose::Identity()));
}

void TestLayoutTrack::directionalUpInBodyFrame() {
    // A line rolled +90 deg about x (w = cos 45, x = sin 45): its local B (+z) is world -y. A directional
    // twist with body up +z must bring wB back to world +z (wt = -90 deg); without the conversion it
    // would stay -y.
    const Layout L = compile(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "R", "curve": {"type": "line", "length": 10},
         "placement": {"rotation": [0.7071067811865476, 0.7071067811865476, 0, 0]},
         "twist": {"type": "directional", "up": [0, 0, 1]}},
        {"id": "S", "curve": {"type": "line", "length": 10},
         "placement": {"rotation": [0.7071067811865476, 0.7071067811865476, 0, 0]},
         "twist": {"type": "directional", "up": [0, 1, 0]}}]})");
    const TwistedFrame r = L.frameInWorld(0, 5.0);
    QVERIFY(near(r.F.B, Vec3(0, -1, 0), 1e-12));
    QVERIFY2(near(r.wB, Vec3(0, 0, 1), 1e-12), qPrintable(str(r.wB)));
    QVERIFY(std::abs(std::abs(r.wt) - pi / 2) < 1e-12);
    const TwistedFrame s = L.frameInWorld(1, 5.0);
    QVERIFY2(near(s.wB, Vec3(0, 1, 0), 1e-12), qPrintable(str(s.wB)));
}

void TestLayoutTrack::afterPlacement() {
    // A: line 10 along +x from (0, 0, 0). B after A's end, offset lifted 1 m; C after A's start;
    // D (quarter arc R 10) after A's end then E after D's end.
    const Layout L = compile(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "B", "curve": {"type": "line", "length": 5}, "placement": {"after": ["A", "end"], "offset": {"position": [0, 0, 1]}}},
        {"id": "A", "curve": {"type": "line", "length": 10}},
        {"id": "C", "curve": {"type": "line", "length": 5}, "placement": {"after": ["A", "start"]}},
        {"id": "D", "curve": {"type": "arc", "radius": 10, "angle": 1.5707963267948966}, "placement": {"after": ["A", "end"]}},
        {"id": "E", "curve": {"type": "line", "length": 3}, "placement": {"after": ["D", "end"]}}]})");
    const auto P = [&](const char* id, double s) { return L.trackById(id).localFrame(s).F; };
    QVERIFY(near(P("B", 0).P, Vec3(10, 0, 1)));
    QVERIFY(near(P("B", 5).P, Vec3(15, 0, 1)));
    QVERIFY(near(P("C", 0).P, Vec3(0, 0, 0)));
    QVERIFY(near(P("C", 5).P, Vec3(-5, 0, 0))); // heads away from A: -x
    QVERIFY(near(P("C", 0).B, Vec3(0, 0, 1)));  // same up
    // D: quarter arc from (10, 0, 0) turning left: ends at (20, 10, 0) heading +y; E continues to (20, 13,
    // 0).
    QVERIFY(near(P("D", L.trackById("D").length()).P, Vec3(20, 10, 0)));
    QVERIFY(near(P("E", 3).P, Vec3(20, 13, 0)));
    QVERIFY(near(P("E", 0).T, Vec3(0, 1, 0)));

    // "after" uses the LEVEL frame of the end (x = T, z = body +z made perpendicular to T): a track after a
    // line banked by 0.1 rad starts unbanked (its twist continues by value); after a line climbing at
    // 30 deg about -y, its z is the up made perpendicular: (-sin 30, 0, cos 30).
    const Layout K = compile(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 10}, "twist": {"type": "constant", "angle": 0.1}},
        {"id": "B", "curve": {"type": "line", "length": 10}, "placement": {"after": ["A", "end"]}},
        {"id": "U", "curve": {"type": "line", "length": 10}, "placement": {"rotation": [0.96592582628906831, 0, -0.25881904510252074, 0]}},
        {"id": "V", "curve": {"type": "arc", "radius": 10, "angle": 1}, "placement": {"after": ["U", "end"]}}]})");
    const Frame b0 = K.trackById("B").localFrame(0).F;
    QVERIFY(near(b0.B, Vec3(0, 0, 1)));
    QVERIFY(near(b0.P, Vec3(10, 0, 0)));
    const Frame v0 = K.trackById("V").localFrame(0).F;
    const double c = std::sqrt(3.0) / 2;
    QVERIFY2(near(v0.T, Vec3(c, 0, 0.5)), qPrintable(str(v0.T)));
    QVERIFY2(near(v0.B, Vec3(-0.5, 0, c)), qPrintable(str(v0.B)));
    QVERIFY(near(v0.P, Vec3(10 * c, 0, 5)));
}

QTEST_APPLESS_MAIN(TestLayoutTrack)
#include "tst_layout_track.moc"
