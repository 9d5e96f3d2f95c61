// Force sections and heartlines (core/curves/ForceSection.h, core/layout/HeartlineRails.h) against the
// laws that define them: the normal specific force at the heartline v^2 kU + g (wB.z) = n g with v from
// energy, a level turn's plan curvature l g / v^2, a heartline roll whose heartline stays straight while the
// rails turn around it, the start speed and bank carried from the track before, and the bad input.
#include "CaughtError.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace tl;
using caughttest::caught;

namespace {

constexpr double kG = 9.81;

// text: a layout object without its "format" key
Layout compile(const std::string& text) {
    const std::string withFormat = R"({"format": "tracklab-layout", )" + text.substr(1);
    return Layout::compile(parseLayoutSpec(withFormat, "force.json"), "force.json");
}

// The heartline point of a track at s (the heartline's arc length): P + h wB (curve placement applied).
Vec3 heartlineAt(const Track& t, double s) {
    const TwistedFrame f = t.localFrame(s);
    return f.F.P + t.heartline() * f.wB;
}

struct Curvature {
    Vec3 vector;  // curvature vector of the heartline [1/m]
    Vec3 tangent; // unit tangent
};

// The heartline's curvature vector from central differences along s (the heartline's own arc length; the
// curvature vector of a curve does not depend on its parameter, so this holds whatever s is).
Curvature heartlineCurvature(const Track& t, double s) {
    const double d = 0.02;
    const double a = std::max(0.0, s - d), b = std::min(t.length(), s + d), m = 0.5 * (a + b);
    const double hh = 0.5 * (b - a);
    const Vec3 p0 = heartlineAt(t, a), p1 = heartlineAt(t, m), p2 = heartlineAt(t, b);
    const Vec3 d1 = (p2 - p0) / (2 * hh), d2 = (p2 - 2 * p1 + p0) / (hh * hh);
    const double speed = d1.norm();
    const Vec3 T = d1 / speed;
    return {(d2 - d2.dot(T) * T) / (speed * speed), T};
}

} // namespace

class TestForceSection : public QObject {
    Q_OBJECT
private slots:
    // A constant normal force from a level, unbanked start: at every 0.25 m of the heartline the riders
    // feel n g along their up, with the speed from energy at the heartline.
    void constantNormalForce_data() {
        QTest::addColumn<double>("n");
        QTest::addColumn<double>("v0");
        QTest::addColumn<double>("h");
        QTest::newRow("n 2, 20 m/s, h 1.1") << 2.0 << 20.0 << 1.1;
        QTest::newRow("n 3.5, 25 m/s, h 1.1") << 3.5 << 25.0 << 1.1;
        QTest::newRow("n 0 (airtime), 15 m/s, h 1.1") << 0.0 << 15.0 << 1.1;
        QTest::newRow("n 2, 20 m/s, h 0") << 2.0 << 20.0 << 0.0;
    }
    void constantNormalForce() {
        QFETCH(double, n);
        QFETCH(double, v0);
        QFETCH(double, h);
        const Layout L =
            compile(R"({"version": 2, "look": "coaster", "tracks": [{"id": "f", "heartline": )" +
                    std::to_string(h) + R"(, "curve": {"type": "force", "length": 40, "speed": )" +
                    std::to_string(v0) + R"(, "normalG": )" + std::to_string(n) + "}}]}");
        const Track& t = L.track(0);
        QCOMPARE(t.heartline(), h);
        const double z0 = heartlineAt(t, 0.0).z();
        QVERIFY(std::abs(heartlineAt(t, 0.0).z() - h) < 1e-12); // the rails start at the origin, level
        double worst = 0.0;
        int checked = 0;
        for (double s = 0.25; s < t.length() - 0.25; s += 0.25) {
            const Curvature k = heartlineCurvature(t, s);
            const TwistedFrame f = t.localFrame(s);
            const double v2 = v0 * v0 - 2 * kG * (heartlineAt(t, s).z() - z0);
            const double felt = (v2 * k.vector.dot(f.wB) + kG * f.wB.z()) / kG; // [g]
            const double tol = 0.005 + 0.005 * std::abs(n);
            worst = std::max(worst, std::abs(felt - n) / tol);
            if (std::abs(felt - n) > tol)
                QFAIL(qPrintable(QString("s %1: felt %2 g, asked %3 g").arg(s).arg(felt).arg(n)));
            ++checked;
        }
        QVERIFY(checked > 100);
        qInfo("n = %.2f g: worst error %.3f of the tolerance 0.005 g + 0.5 %%", n, worst);
    }

    // normalG 1 and a lateral force l from a level start: the section stays level, its plan curvature is
    // l g / v^2 (left positive) at the constant speed v.
    void levelTurn_data() {
        QTest::addColumn<double>("l");
        QTest::newRow("left 0.5 g") << 0.5;
        QTest::newRow("right 1.2 g") << -1.2;
    }
    void levelTurn() {
        QFETCH(double, l);
        const double v = 15.0;
        const Layout L = compile(
            R"({"version": 2, "tracks": [{"id": "f", "curve": {"type": "force", "length": 30, "speed": 15,
                "lateralG": )" +
            std::to_string(l) + "}}]}");
        const Track& t = L.track(0);
        const double want = l * kG / (v * v);
        for (double s = 0.25; s < t.length() - 0.25; s += 0.25) {
            const TwistedFrame f = t.localFrame(s);
            const double pitch = std::asin(std::clamp(f.F.T.z(), -1.0, 1.0)) * 180 / std::numbers::pi;
            QVERIFY2(std::abs(pitch) < 0.01, qPrintable(QString("s %1: pitch %2 deg").arg(s).arg(pitch)));
            const Vec3 left = Vec3::UnitZ().cross(f.F.T).normalized();
            const double plan = f.F.kappa * f.F.N.dot(left);
            QVERIFY2(std::abs(plan - want) <= 0.005 * std::abs(want),
                     qPrintable(QString("s %1: plan curvature %2, want %3").arg(s).arg(plan).arg(want)));
            QVERIFY(std::abs(f.wB.z() - 1.0) < 1e-9); // not banked
        }
    }

    // A heartline roll of 360 degrees on a level straight: the heartline points are collinear within 1 mm
    // while the rails turn around them at the distance h.
    void heartlineRoll() {
        const double h = 1.1;
        const Layout L =
            compile(R"({"version": 2, "look": "coaster", "tracks": [{"id": "roll", "heartline": 1.1,
            "curve": {"type": "line", "length": 24},
            "twist": {"type": "keys", "keys": [[0, 0], [4, 0], [20, 6.283185307179586], [24, 6.283185307179586]]}}]})");
        const Track& t = L.track(0);
        double offLine = 0.0, maxTurn = 0.0;
        for (double s = 0.0; s <= t.length() + 1e-9; s += 0.1) {
            const Vec3 H = heartlineAt(t, s);
            offLine = std::max(offLine, std::hypot(H.y(), H.z() - h));
            const TwistedFrame f = t.localFrame(s);
            // the rails' centre on the circle of radius h about the heartline's axis
            const double r = std::hypot(f.F.P.y(), f.F.P.z() - h);
            QVERIFY2(std::abs(r - h) < 1e-3,
                     qPrintable(QString("s %1: rails %2 m from the axis").arg(s).arg(r)));
            maxTurn = std::max(maxTurn, std::acos(std::clamp(f.wB.z(), -1.0, 1.0)));
        }
        QVERIFY2(offLine < 1e-3, qPrintable(QString("heartline off the line by %1 m").arg(offLine)));
        QVERIFY(maxTurn > 3.1); // upside down half way
        // s is the heartline's arc length: the track is 24 m long, the heartline point at s is s along the
        // line, and the rails (a helix of radius h about it; wB turns about the line at w = |d wB / ds|,
        // central differences) run |dP/ds| = sqrt(1 + h^2 w^2) metres per metre of s, so they are longer
        // than the heartline
        QCOMPARE(t.length(), 24.0);
        double worstX = 0.0, worstSpeed = 0.0, rails = 0.0;
        const int n = 2400;
        for (int i = 0; i <= n; ++i) {
            const double s = 24.0 * i / n;
            worstX = std::max(worstX, std::abs(heartlineAt(t, s).x() - s));
            const double d = 1e-4, a = std::max(0.0, s - d), b = std::min(24.0, s + d);
            const double w = (t.localFrame(b).wB - t.localFrame(a).wB).norm() / (b - a);
            const double speed = t.localFrame(s).F.speed;
            worstSpeed = std::max(worstSpeed, std::abs(speed - std::sqrt(1 + h * h * w * w)));
            rails += (i == 0 || i == n ? 0.5 : 1.0) * speed * 24.0 / n;
        }
        QVERIFY2(worstX < 1e-3, qPrintable(QString("heartline x off s by %1 m").arg(worstX)));
        // (exact at the heartline's samples, 0.25 m apart; between them s is a cubic Hermite in the spline's
        // parameter and the bank a C1 interpolation of its keys: measured 2.4e-4)
        QVERIFY2(worstSpeed < 1e-3, qPrintable(QString("rails' speed off by %1").arg(worstSpeed)));
        QVERIFY(rails > 24.0 + 0.1);
        qInfo("heartline off its line by at most %.2e m, x off s by %.2e m, |dP/ds| off sqrt(1 + h^2 w^2) by "
              "%.2e; rails %.4f m under the 24 m heartline",
              offLine, worstX, worstSpeed, rails);
    }

    // A banked heartline arc: the heartline is the arc (radius R, angle theta), s its arc length; the rails
    // run h below it along the banked up, on a circle of radius R + h sin(bank) (away from the centre when
    // the riders lean in), so |dP/ds| = (R + h sin(bank)) / R everywhere and the trackjoint's rates are the
    // rails' own: kappa = 1 / (rails' radius) of their horizontal circle, the roll of wN zero.
    void bankedHeartlineArc() {
        const double R = 40.0, h = 1.1, bank = 0.5; // [m, m, rad] (its side is measured below)
        const Layout L = compile(R"({"version": 2, "look": "coaster", "tracks": [{"id": "a", "heartline": 1.1,
            "curve": {"type": "arc", "radius": 40, "angle": 1.5},
            "frame": "up", "twist": {"type": "constant", "angle": 0.5}}]})");
        const Track& t = L.track(0);
        QCOMPARE(t.length(), R * 1.5);
        // the arc's centre: the heartline's points are R from it
        const Vec3 H0 = heartlineAt(t, 0.0), H1 = heartlineAt(t, 1.5 * R);
        const TwistedFrame f0 = t.localFrame(0.0);
        const Vec3 centre = H0 + R * Vec3::UnitZ().cross(f0.F.T).normalized(); // a left arc
        QVERIFY(std::abs((H1 - centre).norm() - R) < 1e-6);
        // the rails' radius: R + h sin(bank) with the bank's sign as it leans (wB toward or away from the
        // centre)
        const Vec3 inward = (centre - H0).normalized();
        const double lean = f0.wB.dot(inward); // sin(bank) toward the centre
        QVERIFY(std::abs(std::abs(lean) - std::sin(bank)) < 1e-9);
        const double railsRadius = R + h * lean;
        double worstSpeed = 0.0, worstKappa = 0.0, worstRadius = 0.0;
        for (double s = 0.0; s <= t.length() + 1e-9; s += 0.05) {
            const TwistedFrame f = t.localFrame(s);
            const Vec3 c(centre.x(), centre.y(), f.F.P.z());
            worstRadius = std::max(worstRadius, std::abs((f.F.P - c).norm() - railsRadius));
            worstSpeed = std::max(worstSpeed, std::abs(f.F.speed - railsRadius / R));
            worstKappa = std::max(worstKappa, std::abs(std::abs(f.F.kappa) - 1.0 / railsRadius));
        }
        qInfo("banked heartline arc R %.1f m, h %.1f m, bank %.2f rad: rails radius %.6f m (off by %.2e m), "
              "|dP/ds| off (R + h sin)/R by %.2e, kappa off 1/radius by %.2e /m",
              R, h, bank, railsRadius, worstRadius, worstSpeed, worstKappa);
        QVERIFY(worstRadius < 1e-6);
        QVERIFY(worstSpeed < 1e-6);
        QVERIFY(worstKappa < 1e-6);
    }

    // A force section placed after another continues its speed and its bank; after a booster section it
    // starts at the booster's speed less the climb to the track's end.
    void startSpeedAndBank() {
        const Layout L = compile(R"({"version": 2, "look": "coaster", "tracks": [
            {"id": "a", "curve": {"type": "force", "length": 20, "speed": 20, "normalG": 1.5,
                                  "rollRate": [[0, 0], [10, 0.6], [20, 0]]}},
            {"id": "b", "curve": {"type": "force", "length": 10, "normalG": 1}, "placement": {"after": ["a", "end"]}},
            {"id": "lift", "curve": {"type": "line", "length": 30},
             "placement": {"position": [0, 100, 0], "rotation": [0.9914448613738104, 0, -0.13052619222005157, 0]}},
            {"id": "c", "curve": {"type": "force", "length": 10}, "placement": {"after": ["lift", "end"]}}],
            "drives": [{"kind": "booster", "track": "lift", "from": 0, "to": 20, "speed": 12, "maxForce": 5000}]})");
        const Track &a = L.track(0), &b = L.track(1), &c = L.track(3);
        // a rolled: b starts with a's end bank and at a's end
        QVERIFY(std::abs(a.bank(a.length()).wt) > 0.1);
        QVERIFY(std::abs(b.bank(0.0).wt - a.bank(a.length()).wt) < 1e-6);
        QVERIFY((b.localFrame(0).F.P - a.localFrame(a.length()).F.P).norm() < 1e-9);
        // c: 12 m/s at the booster's end (s = 20), 10 m more of a 15 degree climb: v^2 = 144 - 2 g 10 sin 15
        const double dz = L.frameInWorld(2, 30).F.P.z() - L.frameInWorld(2, 20).F.P.z();
        QVERIFY(std::abs(dz - 10 * std::sin(15 * std::numbers::pi / 180)) < 1e-9);
        const double v = std::sqrt(144 - 2 * kG * dz);
        // normalG 1 on a 15 degree climb: kU = g (1 - cos 15) / v^2 at the start
        const Curvature k = heartlineCurvature(c, 0.05);
        const double want = kG * (1 - std::cos(15 * std::numbers::pi / 180)) / (v * v);
        QVERIFY2(
            std::abs(k.vector.norm() - want) < 0.01 * want,
            qPrintable(QString("start curvature %1, want %2 (v %3)").arg(k.vector.norm()).arg(want).arg(v)));
    }

    // The geometric mode: constant pitch and yaw rates make a helix-like path whose curvature is
    // sqrt(kU^2 + kL^2); a pitch rate alone, a vertical circle of radius 1/kU (a quarter: 90 degrees up).
    void geometricSection() {
        const double kU = 1.0 / 20.0, L = 20.0 * std::numbers::pi / 2;
        const Layout Lq =
            compile(R"({"version": 2, "tracks": [{"id": "g", "curve": {"type": "geometric", "length": )" +
                    std::to_string(L) + R"(, "pitchRate": 0.05}}]})");
        const Track& t = Lq.track(0);
        const TwistedFrame end = t.localFrame(t.length());
        QVERIFY2((end.F.P - Vec3(20, 0, 20)).norm() < 1e-4,
                 qPrintable(QString("end (%1, %2, %3)").arg(end.F.P.x()).arg(end.F.P.y()).arg(end.F.P.z())));
        QVERIFY(std::abs(end.F.T.z() - 1.0) < 1e-6); // vertical
        for (double s = 1.0; s < t.length() - 1.0; s += 1.0)
            QVERIFY(std::abs(heartlineCurvature(t, s).vector.norm() - kU) < 0.005 * kU);
    }

    void badInput_data() {
        QTest::addColumn<QString>("curve");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        QTest::newRow("both") << R"({"type": "force", "length": 10, "duration": 1, "speed": 10})"
                              << ""
                              << "/tracks/0/curve/duration"
                              << "give \"length\" [m] or \"duration\" [s], not both";
        QTest::newRow("neither") << R"({"type": "force", "speed": 10})"
                                 << ""
                                 << "/tracks/0/curve/length"
                                 << "a force section needs \"length\" [m] or \"duration\" [s]";
        QTest::newRow("speed 0") << R"({"type": "force", "length": 10, "speed": 0})"
                                 << ""
                                 << "/tracks/0/curve/speed"
                                 << "speed must be > 0";
        QTest::newRow("keys back")
            << R"({"type": "force", "length": 10, "speed": 10, "normalG": [[0, 1], [5, 2], [4, 1]]})"
            << ""
            << "/tracks/0/curve/normalG/2/0"
            << "keys must be strictly increasing in x: 4 after 5";
        QTest::newRow("key outside")
            << R"({"type": "force", "duration": 2, "speed": 10, "lateralG": [[0, 0], [3, 1]]})"
            << ""
            << "/tracks/0/curve/lateralG/1/0"
            << "key at 3 s is outside the section (0 .. 2 s)";
        QTest::newRow("heartline < 0") << R"({"type": "line", "length": 10})"
                                       << R"(, "heartline": -1)"
                                       << "/tracks/0/heartline"
                                       << "heartline must be >= 0 and <= 100 m, got -1";
        QTest::newRow("twist") << R"({"type": "force", "length": 10, "speed": 10})"
                               << R"(, "twist": {"type": "constant", "angle": 0.1})"
                               << "/tracks/0/twist"
                               << "a force section rolls by its \"rollRate\": give it no twist";
        QTest::newRow("no speed")
            << R"({"type": "force", "length": 10})"
            << ""
            << "/tracks/0/curve"
            << "track \"f\": a force section needs a start speed: give it \"speed\" [m/s], or "
               "place it after a force section, a drive section or a track they reach";
        // straight up at 10 m/s with nothing pulling it round (0 g): it stops 5.1 m up
        QTest::newRow("stall")
            << R"({"type": "force", "length": 20, "speed": 10, "normalG": 0})"
            << R"(, "placement": {"rotation": [0.7071067811865476, 0, -0.7071067811865476, 0]})"
            << "/tracks/0/curve"
            << "track \"f\": the train would stall at heartline s = 5.0";
        QTest::newRow("folds") << R"({"type": "force", "length": 20, "speed": 5, "normalG": -3})"
                               << R"(, "heartline": 1.1)"
                               << "/tracks/0/curve"
                               << "track \"f\": the heartline curves toward the rails with radius ";
    }
    void badInput() {
        QFETCH(QString, curve);
        QFETCH(QString, extra);
        QFETCH(QString, path);
        QFETCH(QString, problem);
        const std::string text = R"({"version": 2, "tracks": [{"id": "f", "curve": )" + curve.toStdString() +
                                 extra.toStdString() + "}]}";
        const auto c = caught([&] { compile(text); });
        QCOMPARE(QString::fromStdString(c.file), QString("force.json"));
        QCOMPARE(QString::fromStdString(c.path), path);
        QVERIFY2(QString::fromStdString(c.problem).startsWith(problem), c.problem.c_str());
    }

    // Save and read back: keys and the heartline survive.
    void roundTrip() {
        const std::string text =
            R"({"version": 2, "tracks": [{"id": "f", "heartline": 1.2, "curve": {"type": "force",
            "length": 12, "speed": 14, "normalG": [[0, 1], [6, 2.5], [12, 1]], "rollRate": 0.3}}]})";
        const LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", )" + text.substr(1));
        QCOMPARE(parseLayoutSpec(layoutSpecText(spec)), spec);
        QCOMPARE(spec.tracks[0].heartline.value(), 1.2);
        QCOMPARE(int(spec.tracks[0].curve.keys.at("normalG").size()), 3);
    }
};

QTEST_APPLESS_MAIN(TestForceSection)
#include "tst_force_section.moc"
