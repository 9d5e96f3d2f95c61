// Simulation runs against docs/validation.md: free rolling off a quarter arc, the vertical-arc pendulum,
// the steady drift offset of a velocity-level constraint with ERP, determinism, a bead on a turning
// turntable (closed form r = r0 cosh(w t)), and the energy on a frictionless hilly banked loop.
#include "LayoutText.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/joint/BulletEigen.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <QtTest>

#include <numbers>

using namespace tl;

namespace {
constexpr double g = 9.81;
const double pi = std::numbers::pi;

// Single vehicle on a quarter arc R = 100 m (docs/validation.md "Free rolling along an arc").
std::string quarterArc(double s, double speed, const std::string& extra = "") {
    return R"({"format": "tracklab-layout", "version": 1,
      "tracks": [{"id": "Q", "curve": {"type": "arc", "radius": 100, "angle": 1.5707963267948966}}],
      "vehicles": [{"id": "v", "track": "Q", "s": )" +
           std::to_string(s) + R"(, "speed": )" + std::to_string(speed) + extra + "}]}";
}
} // namespace

class TstSimulation : public QObject {
    Q_OBJECT
private slots:
    void freeRollingLeavesQuarterArc();
    void verticalArcPendulum_data();
    void verticalArcPendulum();
    void steadyDriftOffset_data();
    void steadyDriftOffset();
    void deterministic();
    void turntableBead();
    void energyOnHillyBankedLoop();
    void badVehicleNamesPath();
    void crossesLikeEnds();
    void followsSwitch_data();
    void followsSwitch();
    void floatingBodyMomentum();
    void testLayoutsLoad();
    void nonFiniteStateStops();
};

void TstSimulation::freeRollingLeavesQuarterArc() {
    // Railed at s = 78.54 m with 1 m/s at 60 Hz: leaves the open end after 78.54 s +/- 0.05 %.
    SimulationOptions opt;
    opt.dt = 1.0 / 60;
    Simulation sim(layoutFrom(quarterArc(78.54, 1.0)), opt);
    sim.runUntil(200, {}, true);
    QCOMPARE(sim.telemetry().events().size(), std::size_t(1));
    const TrackEvent& e = sim.telemetry().events().front();
    qInfo("left the open end at t = %.4f s (expected 78.54 s), speed %.6f m/s", e.t, e.speed);
    QVERIFY(e.atEnd);
    QVERIFY2(std::abs(e.t - 78.54) < 5e-4 * 78.54, qPrintable(QString("t = %1").arg(e.t)));
    QVERIFY(std::abs(e.speed - 1.0) < 1e-3);
    QVERIFY(!sim.engine().vehicle(0).railed);
}

void TstSimulation::verticalArcPendulum_data() {
    QTest::addColumn<double>("box");      // cube edge [m]
    QTest::addColumn<double>("cgHeight"); // [m]
    QTest::addColumn<double>("expected"); // period [s]
    const double R = 10;
    // docs/validation.md: point mass, T0 = 2 pi sqrt(R/g) = 6.34374 s for R = 10 m (small body, CG on the
    // rail: I/(m R^2) = 1.7e-5 and the amplitude term theta0^2/16 = 1.6e-4 are below the tolerance).
    QTest::newRow("point-like bogie") << 0.1 << 0.0 << 2 * pi * std::sqrt(R / g);
    // A rigid 2 m cube with its CG 1 m above the rail swings as a physical pendulum about the centre:
    // T = 2 pi sqrt((I + m d^2)/(m g d)), d = R - h, I = m (2^2 + 2^2)/12.
    const double d = R - 1.0, I = 8.0 / 12.0;
    QTest::newRow("2 m cube, CG 1 m up") << 2.0 << 1.0 << 2 * pi * std::sqrt((I + d * d) / (g * d));
}

void TstSimulation::verticalArcPendulum() {
    QFETCH(double, box);
    QFETCH(double, cgHeight);
    QFETCH(double, expected);
    // Arc R = 10 m, 1 rad, in the vertical xz plane, its lowest point at s = 5 m: placement = Ry(0.5)
    // Rx(pi/2); twist -pi/2 so that wB = N points to the centre (up at the bottom).
    const double c = std::cos(0.25), sn = std::sin(0.25), r = std::sqrt(0.5);
    // Quaternion of Ry(0.5) * Rx(pi/2): (c, 0, sn, 0) * (r, r, 0, 0)
    const double qw = c * r, qx = c * r, qy = sn * r, qz = -sn * r;
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "V",
        "curve": {"type": "arc", "radius": 10, "angle": 1.0}, "twist": {"type": "constant", "angle": -1.5707963267948966},
        "placement": {"rotation": [)" +
                             std::to_string(qw) + "," + std::to_string(qx) + "," + std::to_string(qy) + "," +
                             std::to_string(qz) + R"(]}}],
      "vehicles": [{"id": "p", "track": "V", "s": 5.5, "box": [)" +
                             std::to_string(box) + "," + std::to_string(box) + "," + std::to_string(box) +
                             R"(], "cgHeight": )" + std::to_string(cgHeight) + "}]}";
    const Layout L = layoutFrom(json);
    QVERIFY(L.frameInWorld(0, 5.0).F.T.isApprox(Vec3::UnitX(), 1e-6)); // lowest point, level
    Simulation sim(L);
    // Upward zero crossings of s - 5 (linear interpolation) over ~6 periods.
    std::vector<double> crossings;
    double prev = 0.5, tPrev = 0;
    while (sim.time() < 40) {
        sim.step();
        const double x = sim.engine().vehicle(0).position.s - 5.0;
        if (prev < 0 && x >= 0) crossings.push_back(tPrev + (sim.time() - tPrev) * (-prev) / (x - prev));
        prev = x;
        tPrev = sim.time();
    }
    QVERIFY(crossings.size() >= 5);
    const double T = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    qInfo("period %.5f s, expected %.5f s (%.3f %%)", T, expected, 100 * (T - expected) / expected);
    QVERIFY2(std::abs(T - expected) < 5e-3 * expected,
             qPrintable(QString("T = %1, expected %2").arg(T).arg(expected)));
    QVERIFY(sim.engine().vehicle(0).railed);
}

void TstSimulation::steadyDriftOffset_data() {
    QTest::addColumn<double>("dt");
    QTest::addColumn<double>("erp");
    QTest::newRow("h=1/60 erp=0.2") << 1.0 / 60 << 0.2;
    QTest::newRow("h=1/240 erp=0.2") << 1.0 / 240 << 0.2;
    QTest::newRow("h=1/60 erp=0.5") << 1.0 / 60 << 0.5;
}

void TstSimulation::steadyDriftOffset() {
    QFETCH(double, dt);
    QFETCH(double, erp);
    // docs/validation.md: with ERP beta the anchor settles at a steady outward offset v^2 h^2/(2 R beta);
    // R = 100 m, v = 20 m/s, h = 1/60 s, beta = 0.2 -> 2.78 mm; h = 1/240 s -> 0.174 mm.
    const double R = 100, v = 20;
    const std::string json = R"({"format": "tracklab-layout", "version": 1,
      "tracks": [{"id": "C", "curve": {"type": "arc", "radius": 100, "angle": 6.0}}],
      "vehicles": [{"id": "v", "track": "C", "s": 0, "speed": 20, "joint": {"erp": )" +
                             std::to_string(erp) + "}}]}";
    SimulationOptions opt;
    opt.dt = dt;
    Simulation sim(layoutFrom(json), opt);
    sim.runUntil(10.0);
    const double predicted = v * v * dt * dt / (2 * R * erp);
    // e1 = (wF.P - A.P).wF.N with N towards the centre: an outward offset d gives e1 = +d.
    const double e1 = sim.telemetry().samples().back().e[0];
    qInfo("h=%.5f erp=%.2f: steady offset %.5f mm, predicted %.5f mm", dt, erp, 1e3 * e1, 1e3 * predicted);
    QVERIFY2(e1 > 0.5 * predicted && e1 < 1.05 * predicted,
             qPrintable(QString("offset %1 m, predicted %2 m").arg(e1).arg(predicted)));
}

void TstSimulation::deterministic() {
    const std::string json = quarterArc(10.0, 5.0, R"(, "motor": {"targetSpeed": 12, "maxForce": 3000})");
    auto run = [](const std::string& j) {
        Simulation sim(layoutFrom(j));
        sim.runUntil(12.0);
        return sim.telemetry().hash();
    };
    const auto h1 = run(json), h2 = run(json);
    qInfo("telemetry hash %016llx", (unsigned long long)h1);
    QCOMPARE(h1, h2);
    QVERIFY(run(quarterArc(10.0, 5.0001, R"(, "motor": {"targetSpeed": 12, "maxForce": 3000})")) != h1);
}

void TstSimulation::turntableBead() {
    // A straight track through the centre of a turntable turning at w = 0.2 rad/s; a frictionless vehicle
    // 1 m off centre, at rest on the track, slides out like a bead on a rotating rod: r = r0 cosh(w t),
    // and the track pushes it sideways with the Coriolis force m 2 w dr/dt = 2 m w^2 r0 sinh(w t).
    const double w = 0.2, r0 = 1.0, m = 1000;
    const std::string json = R"({"format": "tracklab-layout", "version": 1,
      "bodies": [{"id": "table", "pose": {"position": [5, 3, 0]}, "motion": "kinematic", "angularVelocity": [0, 0, 0.2]}],
      "tracks": [{"id": "T", "body": "table", "curve": {"type": "line", "length": 20},
                  "placement": {"position": [-10, 0, 0]}}],
      "vehicles": [{"id": "v", "track": "T", "s": 11, "speed": 0, "mass": 1000, "box": [2, 1, 1], "cgHeight": 0.5}]})";
    Simulation sim(layoutFrom(json));
    sim.runUntil(8.0);
    const double t = sim.time();
    const double r = sim.engine().vehicle(0).position.s - 10.0;
    const double rExpect = r0 * std::cosh(w * t);
    const double f1 = sim.engine().vehicle(0).joint->rowForce(1),
                 f1Expect = 2 * m * w * w * r0 * std::sinh(w * t);
    qInfo("t=%.3f: r = %.6f m (r0 cosh(w t) = %.6f), f1 = %.3f N (2 m w^2 r0 sinh = %.3f)", t, r, rExpect, f1,
          f1Expect);
    QVERIFY(sim.engine().vehicle(0).railed);
    QVERIFY2(std::abs(r - rExpect) < 1e-3 * rExpect, qPrintable(QString("r = %1").arg(r)));
    QVERIFY2(std::abs(std::abs(f1) - f1Expect) < 0.01 * f1Expect, qPrintable(QString("f1 = %1").arg(f1)));
    // It turns with the table: body x axis at angle w t (the table started at angle 0).
    const Eigen::Matrix3d R = toEigen(sim.engine().vehicle(0).body->getCenterOfMassTransform()).linear();
    const double heading = std::atan2(R(1, 0), R(0, 0));
    QVERIFY2(std::abs(std::remainder(heading - w * t, 2 * pi)) < 1e-4,
             qPrintable(QString("heading %1").arg(heading)));
    const auto& e = sim.telemetry().samples().back().e;
    for (double x : e)
        QVERIFY(std::abs(x) < 1e-4);
}

void TstSimulation::energyOnHillyBankedLoop() {
    // A closed spline loop (~380 m) with two hills of 4 m and banked curves (directional up + cant),
    // frictionless, motor off. docs/validation.md "Energy": speed follows v^2 = v0^2 - 2 g dz; the task
    // allows a drift of <= 0.1 % per km. Energy is measured each lap at the same place.
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "L",
      "curve": {"type": "spline", "closed": true, "points": [[60, 0, 0], [42, 42, 4], [0, 60, 0], [-42, 42, 0],
                [-60, 0, 0], [-42, -42, 4], [0, -60, 0], [42, -42, 0]]},
      "twist": {"type": "sum", "of": [{"type": "directional", "up": [0, 0, 1]},
                                      {"type": "cant", "designSpeed": 15, "maxAngle": 0.3}]}}],
      "vehicles": [{"id": "v", "track": "L", "s": 0, "speed": 15}]})";
    Simulation sim(layoutFrom(json));
    std::vector<double> lapEnergy;
    double prevS = 0, distance = 0, E0 = sim.view().vehicleEnergy(0), Emin = E0, Emax = E0;
    const double length = sim.layout().track(0).length();
    while (lapEnergy.size() < 9 && sim.time() < 400) {
        sim.step();
        const double s = sim.engine().vehicle(0).position.s;
        if (s < prevS - 0.5 * length) lapEnergy.push_back(sim.view().vehicleEnergy(0)); // wrapped past s = 0
        distance += std::abs(sim.view().vehicleSpeed(0)) * sim.dt();
        Emin = std::min(Emin, sim.view().vehicleEnergy(0));
        Emax = std::max(Emax, sim.view().vehicleEnergy(0));
        prevS = s;
    }
    QVERIFY(sim.engine().vehicle(0).railed);
    QVERIFY(lapEnergy.size() >= 5);
    // Energy reference: kinetic energy at the start (potential measured from z = 0, the lowest rail).
    const double m = sim.engine().vehicle(0).spec.mass, Ek0 = 0.5 * m * 15 * 15;
    const double km = (lapEnergy.size() - 1) * length / 1000.0;
    const double driftPerKm = std::abs(lapEnergy.back() - lapEnergy.front()) / Ek0 / km;
    qInfo("loop %.2f m, %d laps, %.2f km: drift %.5f %% per km; in-lap swing %.4f %%", length,
          int(lapEnergy.size()), distance / 1000, 100 * driftPerKm, 100 * (Emax - Emin) / Ek0);
    QVERIFY2(driftPerKm <= 1e-3, qPrintable(QString("drift %1 %/km").arg(100 * driftPerKm)));
}

void TstSimulation::badVehicleNamesPath() {
    const std::string json = quarterArc(10.0, 1.0, R"(, "mass": -5)");
    try {
        Simulation sim(layoutFrom(json), {}, "<t>");
        QFAIL("negative mass accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(QString::fromStdString(e.path()), QString("/vehicles/0/mass"));
        QCOMPARE(QString::fromStdString(e.file()), QString("<t>"));
    }
}

void TstSimulation::crossesLikeEnds() {
    // A: x = 0..20 along +x. B: starts at x = 40 heading -x, so its end meets A's end at x = 20 (end to end):
    // the vehicle enters B at its end and runs towards decreasing s (direction flips to -1).
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 20}},
        {"id": "B", "curve": {"type": "line", "length": 20}, "placement": {"position": [40, 0, 0], "rotation": [0, 0, 0, 1]}}],
      "connections": [{"a": ["A", "end"], "b": ["B", "end"]}],
      "vehicles": [{"id": "v", "track": "A", "s": 15, "speed": 5}]})";
    Simulation sim(layoutFrom(json));
    sim.runUntil(3.0);
    const Vehicle& v = sim.engine().vehicle(0);
    QVERIFY(v.railed);
    QCOMPARE(sim.layout().track(std::size_t(v.position.track)).id(), std::string("B"));
    QCOMPARE(v.position.direction, -1);
    // 15 + 5 * 3 = 30 m travelled from A's start: 10 m into B from its end -> s = 10 m.
    QVERIFY2(std::abs(v.position.s - 10.0) < 1e-6, qPrintable(QString("s = %1").arg(v.position.s)));
    QVERIFY(std::abs(sim.view().vehicleSpeed(0) - 5.0) < 1e-9);
    QVERIFY(std::abs(sim.view().anchorPosition(0).x() - 30.0) < 1e-6);
    for (double e : sim.telemetry().samples().back().e)
        QVERIFY(std::abs(e) < 1e-9);
    QVERIFY(sim.telemetry().events().empty());
}

void TstSimulation::followsSwitch_data() {
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("track");
    QTest::newRow("state 0: straight") << 0 << "L";
    QTest::newRow("state 1: diverging right") << 1 << "R";
}

void TstSimulation::followsSwitch() {
    QFETCH(int, state);
    QFETCH(QString, track);
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "S", "curve": {"type": "line", "length": 20}},
        {"id": "L", "curve": {"type": "line", "length": 50}, "placement": {"after": ["S", "end"]}},
        {"id": "R", "curve": {"type": "arc", "radius": 100, "angle": -0.5}, "placement": {"after": ["S", "end"]}}],
      "switches": [{"id": "W", "at": ["S", "end"], "branches": [["L", "start"], ["R", "start"]], "state": 0}],
      "vehicles": [{"id": "v", "track": "S", "s": 10, "speed": 10}]})";
    Simulation sim(layoutFrom(json));
    sim.switchStates()[0] = state;
    sim.runUntil(3.0); // 10 + 30 m: 20 m past the points
    const Vehicle& v = sim.engine().vehicle(0);
    QVERIFY(v.railed);
    QCOMPARE(QString::fromStdString(sim.layout().track(std::size_t(v.position.track)).id()), track);
    // Entering the curve at the points is a step in curvature: the car suddenly has to yaw at v/R, and the
    // rotational energy 1/2 I (v/R)^2 (8 J of 50 kJ) comes out of its speed: a few mm of 20 m.
    QVERIFY2(std::abs(v.position.s - 20.0) < 1e-2, qPrintable(QString("s = %1").arg(v.position.s)));
    // On the branch R the anchor is on the circle: |A - centre| = R (centre 100 m to the right of x = 20).
    if (track == "R")
        QVERIFY(std::abs((sim.view().anchorPosition(0) - Vec3(20, -100, 0)).norm() - 100.0) < 1e-3);
    else
        QVERIFY(std::abs(sim.view().anchorPosition(0).y()) < 1e-9);
}

void TstSimulation::floatingBodyMomentum() {
    // A free dynamic body without gravity (a pontoon) carries a track with a 1000 kg vehicle at rest. The
    // only external force on the pair is the vehicle's weight, so their total momentum changes at -m g:
    // p_z(t) = -m_v g t, and the pair's centre of mass accelerates at -m_v g/(m_v + m_b) [closed form].
    const std::string json = R"({"format": "tracklab-layout", "version": 1,
      "bodies": [{"id": "pontoon", "motion": "dynamic", "mass": 9000, "box": [30, 6, 1], "gravity": false,
                  "pose": {"position": [0, 0, 0]}}],
      "tracks": [{"id": "P", "body": "pontoon", "curve": {"type": "line", "length": 20},
                  "placement": {"position": [-10, 0, 0.5]}}],
      "vehicles": [{"id": "v", "track": "P", "s": 10, "speed": 0, "mass": 1000}]})";
    Simulation sim(layoutFrom(json));
    sim.runUntil(2.0);
    const double t = sim.time();
    const Vehicle& v = sim.engine().vehicle(0);
    const Pose Xb = sim.view().bodyPose(0);
    const double zPontoon = Xb.translation().z();
    // Both move together (railed, at rest on it). Bullet integrates with symplectic Euler, which gives
    // z_n = -a h^2 n (n + 1)/2 = -a t (t + h)/2 for a constant acceleration a.
    const double a = 1000 * g / 10000, expect = -0.5 * a * t * (t + sim.dt());
    qInfo("pontoon sinks %.6f m in %.3f s (expected %.6f m)", zPontoon, t, expect);
    QVERIFY(v.railed);
    QVERIFY2(std::abs(zPontoon - expect) < 1e-5 * std::abs(expect),
             qPrintable(QString("z = %1").arg(zPontoon)));
    QVERIFY(std::abs(v.joint->rowForce(2) - 1000 * g * 9000 / 10000) < 1e-3 * 1000 * g);
}

void TstSimulation::testLayoutsLoad() {
    const std::string dir = std::string(TRACKLAB_SOURCE_DIR) + "/tests/data/physics/";
    for (const char* f : {"quarter_arc.json", "turntable.json"}) {
        Simulation sim(Layout::load(dir + f), {}, f);
        QVERIFY(sim.view().vehicleCount() >= 1);
    }
    try {
        Simulation sim(Layout::load(dir + "bad_vehicle.json"), {}, "bad_vehicle.json");
        QFAIL("s beyond the track accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(QString::fromStdString(e.path()), QString("/vehicles/0/s"));
    }
}

void TstSimulation::nonFiniteStateStops() {
    Simulation sim(layoutFrom(quarterArc(10.0, 1.0)));
    sim.runUntil(0.5);
    const std::size_t n = sim.telemetry().samples().size();
    sim.engine().vehicle(0).body->setLinearVelocity(btVector3(std::nan(""), 0, 0));
    QVERIFY_THROWS_EXCEPTION(SimulationError, sim.step());
    // Nothing non-finite reached the telemetry.
    QCOMPARE(sim.telemetry().samples().size(), n);
    for (const auto& x : sim.telemetry().samples())
        QVERIFY(std::isfinite(x.x) && std::isfinite(x.speed));
}

QTEST_APPLESS_MAIN(TstSimulation)
#include "tst_simulation.moc"
