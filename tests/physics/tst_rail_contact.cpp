// RailContact (physics/rail/RailContact.h): one railed box driven by the rail contact alone -- place, then
// per step prepare, a BulletWorld step and feed -- in a world of its own. Checked against closed forms:
// - place: the centre of mass cgHeight along wB above wF.P(s), x along direction * wF.T, z = wB, moving at
//   `speed` along where it faces;
// - a level straight: free rolling at constant speed, s(t) = s0 + v t, and across a connection end -> start
//   onto the next track at s = overshoot (the joint re-made for the new track, one crossing);
// - two like ends (end -> end): the direction flips, s counts down from the length;
// - an open end: reported with the position at that end;
// - a slope of angle theta: s_n = s0 + a dt^2 n (n + 1) / 2 with a = g sin(theta), the symplectic Euler of
//   s = s0 + a t^2 / 2 (docs/trackjoint.md: the feeder moves s by the anchor's motion along F.T);
// - a level quarter arc (docs/validation.md, free rolling): the speed stays 1 m/s, the anchor stays on the
//   circle, the open end is reached after (L - s0) / v;
// - the wheel-rail limits: |f1| <= Nadal Q, |t3| <= Q b/2 from the last load Q, clamped wheels unlimited.
#include "LayoutText.h"
#include "physics/joint/BulletEigen.h"
#include "physics/rail/RailContact.h"
#include "physics/world/BulletWorld.h"

#include <QtTest>

#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <numbers>

using namespace tl;

namespace {

constexpr double kG = 9.81, kDt = 1.0 / 240;

// A (100 m) -> B (50 m) end to start along +x; C: a level quarter arc R = 100 m; D: 200 m down a 0.05 rad
// slope; F (100 m) -> G (50 m, turned half a turn, its end at F's end): like ends. Each far from the others.
Layout rig() {
    const double th = 0.05;
    return layoutFrom(R"({"format": "tracklab-layout", "version": 2, "tracks": [
      {"id": "A", "curve": {"type": "line", "length": 100}},
      {"id": "B", "curve": {"type": "line", "length": 50}, "placement": {"after": ["A", "end"]}},
      {"id": "C", "curve": {"type": "arc", "radius": 100, "angle": 1.5707963267948966},
       "placement": {"position": [0, 500, 0]}},
      {"id": "D", "curve": {"type": "line", "length": 200},
       "placement": {"position": [0, -500, 0], "rotation": [)" +
                      QString::number(std::cos(th / 2), 'g', 17).toStdString() + ", 0, " +
                      QString::number(std::sin(th / 2), 'g', 17).toStdString() + R"(, 0]}},
      {"id": "F", "curve": {"type": "line", "length": 100}, "placement": {"position": [0, 1000, 0]}},
      {"id": "G", "curve": {"type": "line", "length": 50},
       "placement": {"position": [150, 1000, 0], "rotation": [0, 0, 0, 1]}}],
      "connections": [{"a": ["A", "end"], "b": ["B", "start"]}, {"a": ["F", "end"], "b": ["G", "end"]}]})");
}

// One 10 t box 4 x 2 x 2 m, its centre 1 m above the anchor, on its own in a world with gravity.
struct Rig {
    Layout layout = rig();
    SwitchStates switches = layout.initialSwitchStates();
    BulletWorld world{kG, 20};
    RailContact rail{layout, switches, world};
    RailedBody r;
    std::vector<FeedResult> feeds;

    Rig(int track, double s, int direction, double speed) {
        world.addTrackBodies({}, layout);
        r.position.track = track;
        r.position.s = s;
        r.position.direction = direction;
        r.cgHeight = 1.0;
        rail.place(r, Vec3(4, 2, 2), 10000.0, 0.5, speed);
    }
    // n steps, or until an open end; returns the steps taken
    int run(int n) {
        for (int i = 0; i < n; ++i) {
            rail.prepare(r);
            world.step(kDt);
            feeds.push_back(rail.feed(r));
            if (feeds.back().openEnd) return i + 1;
        }
        return n;
    }
    Pose pose() const { return toEigen(r.body->getCenterOfMassTransform()); }
};

} // namespace

class TstRailContact : public QObject {
    Q_OBJECT
private slots:
    void placeStandsOnTheFrame();
    void freeRollingCrossesAConnection();
    void likeEndsFlipTheDirection();
    void openEndIsReported();
    void slopeIsSymplecticEuler();
    void quarterArcKeepsSpeedAndCircle();
    void wheelRailLimits();
};

void TstRailContact::placeStandsOnTheFrame() {
    // on A at s = 30 facing +s at 5 m/s: centre (30, 0, 1), axes the world's, velocity (5, 0, 0)
    {
        Rig g(0, 30, +1, 5.0);
        const Pose X = g.pose();
        QVERIFY((X.translation() - Vec3(30, 0, 1)).norm() < 1e-12);
        QVERIFY((X.linear() - Eigen::Matrix3d::Identity()).norm() < 1e-12);
        QVERIFY((toEigen(g.r.body->getLinearVelocity()) - Vec3(5, 0, 0)).norm() < 1e-12);
        QVERIFY(toEigen(g.r.body->getAngularVelocity()).norm() < 1e-12);
        QVERIFY(std::abs(g.r.speed() - 5.0) < 1e-12);
        QVERIFY((g.r.anchorPoint() - Vec3(30, 0, 0)).norm() < 1e-12);
    }
    // facing -s: turned half a turn about z, moving toward -x
    {
        Rig g(0, 30, -1, 5.0);
        const Pose X = g.pose();
        QVERIFY((X.translation() - Vec3(30, 0, 1)).norm() < 1e-12);
        QVERIFY((X.linear().col(0) - Vec3(-1, 0, 0)).norm() < 1e-12);
        QVERIFY((X.linear().col(2) - Vec3(0, 0, 1)).norm() < 1e-12);
        QVERIFY((toEigen(g.r.body->getLinearVelocity()) - Vec3(-5, 0, 0)).norm() < 1e-12);
        QVERIFY(std::abs(g.r.speed() - 5.0) < 1e-12);
    }
    // on the slope D at s = 100, 0.05 rad down: centre at (100 cos, -500, -100 sin) + 1 m along the
    // slope's normal (sin, 0, cos); x along the slope (cos, 0, -sin)
    {
        Rig g(3, 100, +1, 0.0);
        const double c = std::cos(0.05), s = std::sin(0.05);
        const Pose X = g.pose();
        QVERIFY((X.translation() - Vec3(100 * c + s, -500, -100 * s + c)).norm() < 1e-12);
        QVERIFY((X.linear().col(0) - Vec3(c, 0, -s)).norm() < 1e-12);
        QVERIFY((X.linear().col(2) - Vec3(s, 0, c)).norm() < 1e-12);
    }
    // on the arc C at s = 50 (0.5 rad round): the centre turns with the tangent, vx = -v sin, vy = v cos, and
    // the body turns at v / R about z
    {
        Rig g(2, 50, +1, 2.0);
        const Pose X = g.pose();
        QVERIFY((X.translation() - Vec3(100 * std::sin(0.5), 500 + 100 * (1 - std::cos(0.5)), 1)).norm() <
                1e-9);
        QVERIFY(
            (toEigen(g.r.body->getLinearVelocity()) - Vec3(2 * std::cos(0.5), 2 * std::sin(0.5), 0)).norm() <
            1e-9);
        QVERIFY((toEigen(g.r.body->getAngularVelocity()) - Vec3(0, 0, 2.0 / 100)).norm() < 1e-12);
    }
}

void TstRailContact::freeRollingCrossesAConnection() {
    // from s = 90 on A at 5 m/s, 3 s: 10 m to A's end, then 5 m onto B; level, nothing along the track: the
    // speed stays 5 m/s (the joint's rows are across the track; row 6, the motor, is off)
    Rig g(0, 90, +1, 5.0);
    const TrackJointConstraint* before = g.r.joint.get();
    QCOMPARE(g.run(720), 720);
    int crossings = 0;
    for (const auto& f : g.feeds)
        crossings += f.crossings;
    QCOMPARE(crossings, 1);
    QCOMPARE(g.r.position.track, 1);
    QCOMPARE(g.r.position.direction, +1);
    // 720 steps of 5/240 m: 15 m exactly up to the solver's rounding (the ERP rows see no error on a
    // straight)
    QVERIFY2(std::abs(g.r.position.s - 5.0) < 1e-9, qPrintable(QString::number(g.r.position.s, 'g', 17)));
    QVERIFY(std::abs(g.r.speed() - 5.0) < 1e-9);
    QVERIFY(g.r.joint.get() != before); // re-made for B
    QVERIFY((g.r.anchorPoint() - Vec3(105, 0, 0)).norm() < 1e-9);
    // each step's ds is 5 m/s x dt
    for (const auto& f : g.feeds)
        QVERIFY(std::abs(f.ds - 5.0 * kDt) < 1e-12);
}

void TstRailContact::likeEndsFlipTheDirection() {
    // from s = 95 on F at 4 m/s for 2 s: 5 m to F's end, 3 m onto G from its end: s = 47, facing -s
    Rig g(4, 95, +1, 4.0);
    QCOMPARE(g.run(480), 480);
    QCOMPARE(g.r.position.track, 5);
    QCOMPARE(g.r.position.direction, -1);
    QVERIFY2(std::abs(g.r.position.s - 47.0) < 1e-9, qPrintable(QString::number(g.r.position.s, 'g', 17)));
    QVERIFY(std::abs(g.r.speed() - 4.0) < 1e-9);
    QVERIFY((g.r.anchorPoint() - Vec3(103, 1000, 0)).norm() < 1e-9);
    // on G's s, the vehicle now moves toward decreasing s: ds < 0
    QVERIFY(std::abs(g.feeds.back().ds + 4.0 * kDt) < 1e-12);
}

void TstRailContact::openEndIsReported() {
    // from s = 40.01 on B at 6 m/s (1/40 m a step): its open end (s = 50) in step ceil(9.99 x 40) = 400
    Rig g(1, 40.01, +1, 6.0);
    const int n = g.run(1000);
    QCOMPARE(n, 400);
    QVERIFY(g.feeds.back().openEnd);
    QVERIFY(g.feeds.back().end == TrackEnd::End);
    QCOMPARE(g.r.position.track, 1);
    QCOMPARE(g.r.position.s, 50.0);
    // backwards off A's start: from s = 1.99 at 4 m/s facing -s, in step ceil(1.99 x 60) = 120
    Rig h(0, 1.99, -1, 4.0);
    QCOMPARE(h.run(1000), 120);
    QVERIFY(h.feeds.back().end == TrackEnd::Start);
    QCOMPARE(h.r.position.s, 0.0);
}

void TstRailContact::slopeIsSymplecticEuler() {
    // from rest at s = 10 on D (0.05 rad down): a = g sin(0.05) along the track. Bullet's symplectic Euler:
    // v_n = a n dt, s_n = s0 + a dt^2 n (n + 1) / 2 -- the continuous s0 + a t^2 / 2 plus a t dt / 2 (2 mm at
    // 2 s). The rows hold across the track only, so the discrete form holds to rounding: 1e-9 m.
    Rig g(3, 10, +1, 0.0);
    const double a = kG * std::sin(0.05);
    for (int n : {240, 480}) {
        g.run(n - int(g.feeds.size()));
        const double s = 10 + a * kDt * kDt * n * (n + 1) / 2;
        qInfo("n = %d: s %.12f, symplectic Euler %.12f, continuous %.12f", n, g.r.position.s, s,
              10 + a * (n * kDt) * (n * kDt) / 2);
        QVERIFY(std::abs(g.r.position.s - s) < 1e-9);
        QVERIFY(std::abs(g.r.speed() - a * n * kDt) < 1e-9);
    }
}

void TstRailContact::quarterArcKeepsSpeedAndCircle() {
    // the level quarter arc R = 100 m from s = 150 at 1 m/s: the open end (pi/2 100 = 157.08 m) after
    // 7.0796 s = 1699.1 steps, i.e. in step 1700; all along the speed 1 m/s and the anchor on the circle
    // (the rows hold the velocity tangent; moving on the tangent drifts out by (v dt)^2 / (2 R) = 8.7e-8 m a
    // step, which the rows' ERP 0.2 takes back by a fifth each step: a steady 4.3e-7 m; 1e-6 m bounds it)
    Rig g(2, 150, +1, 1.0);
    const Vec3 centre(0, 600, 0);
    double maxOff = 0, maxDv = 0;
    int n = 0;
    while (n < 3000) {
        ++n;
        g.run(1);
        if (g.feeds.back().openEnd) break;
        maxOff = std::max(maxOff, std::abs((g.r.anchorPoint() - centre).norm() - 100.0));
        maxDv = std::max(maxDv, std::abs(g.r.speed() - 1.0));
    }
    const double L = 50 * std::numbers::pi;
    qInfo("open end after %d steps (closed form %.2f), off the circle %.2e m, speed off %.2e m/s", n,
          (L - 150) / kDt, maxOff, maxDv);
    QCOMPARE(n, int(std::ceil((L - 150) / kDt)));
    QVERIFY(maxOff < 1e-6);
    QVERIFY(maxDv < 1e-6);
}

void TstRailContact::wheelRailLimits() {
    // Q = 50 kN: |f1| <= Nadal (70 deg, mu 0.3: 1.342) Q, |t3| <= Q b / 2 = 37.5 kN m for b = 1.5 m, the
    // vertical row free upward; a negative load counts as 0
    Rig g(0, 30, +1, 0.0);
    WheelRailSpec wr;
    g.r.load = 50e3;
    RailContact::setWheelRailLimits(g.r, wr);
    const double t = std::tan(1.2217304763960306), nadal = (t - 0.3) / (1 + 0.3 * t);
    QVERIFY(std::abs(nadal - 1.342) < 5e-4); // docs/validation.md
    QVERIFY(std::abs(g.r.joint->lateralMax() - nadal * 50e3) < 1e-9);
    QCOMPARE(g.r.joint->rollMax(), 50e3 * 0.75);
    QVERIFY(std::isinf(g.r.joint->limits().verticalMax));
    QCOMPARE(g.r.joint->limits().verticalMin, 0.0);
    g.r.load = -10;
    RailContact::setWheelRailLimits(g.r, wr);
    QCOMPARE(g.r.joint->lateralMax(), 0.0);
    QCOMPARE(g.r.joint->rollMax(), 0.0);
    // clamped wheels (coasters): every row holds both ways without limit
    wr.clamped = true;
    RailContact::setWheelRailLimits(g.r, wr);
    QVERIFY(std::isinf(g.r.joint->lateralMax()) && std::isinf(g.r.joint->rollMax()));
    QVERIFY(std::isinf(g.r.joint->limits().verticalMin) && g.r.joint->limits().verticalMin < 0);
}

QTEST_MAIN(TstRailContact)
#include "tst_rail_contact.moc"
