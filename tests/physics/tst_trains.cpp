// Trains on bogies against closed forms (docs/validation.md "Dynamics"): overturning on a flat curve at
// v^2 = g R (b/2) / h, flange climb only when Y/Q stays above Nadal's limit for the window, running off an
// open end, throttle to a target speed, braking distance v^2 / (2 F/m), snapshot/restore determinism.
#include "LayoutText.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {
constexpr double g = 9.81;

// A flat arc of radius R (no cant), long enough for the run.
Layout flatArc(double R, double angle) {
    return layoutFrom(R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "C", "curve":
        {"type": "arc", "radius": )" +
                      std::to_string(R) + R"(, "angle": )" + std::to_string(angle) + "}}]}");
}

// Straight "a" (60 m), flat clothoid "in" (length lin, 0 -> 1/R; none if lin = 0), arc "k" (R, length
// arc), straight "b" (400 m): a flat curve entered quasi-statically (or abruptly if lin = 0).
Layout flatCurve(double R, double lin, double arc) {
    std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "a", "curve": {"type": "line", "length": 60}},)";
    std::string prev = "a";
    std::string conn;
    if (lin > 0) {
        json += R"({"id": "in", "curve": {"type": "clothoid", "length": )" + std::to_string(lin) +
                R"(, "curvatureStart": 0, "curvatureEnd": )" + std::to_string(1 / R) +
                R"(}, "placement": {"after": ["a", "end"]}},)";
        conn += R"({"a": ["a", "end"], "b": ["in", "start"]},)";
        prev = "in";
    }
    json += R"({"id": "k", "curve": {"type": "arc", "radius": )" + std::to_string(R) + R"(, "angle": )" +
            std::to_string(arc / R) + R"(}, "placement": {"after": [")" + prev + R"(", "end"]}},
        {"id": "b", "curve": {"type": "line", "length": 400}, "placement": {"after": ["k", "end"]}}],
      "connections": [)" +
            conn + R"({"a": [")" + prev + R"(", "end"], "b": ["k", "start"]},
                      {"a": ["k", "end"], "b": ["b", "start"]}]})";
    return layoutFrom(json);
}

Layout straight(double length) {
    return layoutFrom(R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "L", "curve":
        {"type": "line", "length": )" +
                      std::to_string(length) + "}}]}");
}

// A passenger car with its wheel-rail parameters overridden; no resistance, no brakes unless given.
RollingStockSpec car(double flangeAngle, double friction, double brakeForce = 0.0) {
    RollingStockSpec s = loadRollingStock("passenger-car", defaultRollingStockDirs());
    s.wheelRail.flangeAngle = flangeAngle;
    s.wheelRail.friction = friction;
    s.resistance = {};
    s.brakeForce = brakeForce;
    return s;
}

TrainSpec trainOf(std::vector<RollingStockSpec> cars, const std::string& track, double s, double speed) {
    TrainSpec t;
    t.id = "T";
    t.cars = std::move(cars);
    t.track = track;
    t.s = s;
    t.speed = speed;
    return t;
}

SimulationOptions quiet() {
    SimulationOptions o;
    o.recordTelemetry = false;
    return o;
}
} // namespace

class TstTrains : public QObject {
    Q_OBJECT
private slots:
    void nadalLimit_data();
    void nadalLimit();
    void overturnOnFlatCurve_data();
    void overturnOnFlatCurve();
    void flangeClimbOnlyAboveNadalForWindow_data();
    void flangeClimbOnlyAboveNadalForWindow();
    void endOfTrack();
    void throttleReachesAndHoldsTarget();
    void brakingDistance_data();
    void brakingDistance();
    void snapshotRestoreRepeatsRun();
    void snapshotOfAnotherScenarioIsRefused();
};

void TstTrains::nadalLimit_data() {
    QTest::addColumn<double>("delta");
    QTest::addColumn<double>("mu");
    QTest::addColumn<double>("expected");
    // docs/validation.md "Nadal": delta = 70 deg, mu = 0.3 -> 1.342; mu = 0.5 -> 0.947.
    QTest::newRow("70deg mu0.3") << 70.0 << 0.3 << 1.342;
    QTest::newRow("70deg mu0.5") << 70.0 << 0.5 << 0.947;
}

void TstTrains::nadalLimit() {
    QFETCH(double, delta);
    QFETCH(double, mu);
    QFETCH(double, expected);
    WheelRailSpec w;
    w.flangeAngle = delta * M_PI / 180;
    w.friction = mu;
    QVERIFY2(std::abs(w.nadalLimit() - expected) < 5e-4, qPrintable(QString::number(w.nadalLimit())));
}

void TstTrains::overturnOnFlatCurve_data() {
    QTest::addColumn<double>("factor"); // speed / critical speed
    QTest::addColumn<bool>("derails");
    QTest::newRow("0.98 vc") << 0.98 << false;
    QTest::newRow("1.02 vc") << 1.02 << true;
}

void TstTrains::overturnOnFlatCurve() {
    // docs/validation.md "Overturning", flat (phi = 0): v^2 = g R (b/2) / h with h the combined CG height of
    // body and bogies above the rail. Nadal's limit is set out of the way (delta = 1.55 rad, mu = 0: 48).
    QFETCH(double, factor);
    QFETCH(bool, derails);
    const double R = 300;
    const RollingStockSpec stock = car(1.55, 0.0);
    const double h = stock.combinedCgHeight(), b = stock.wheelRail.gauge;
    const double vc = std::sqrt(g * R * 0.5 * b / h);
    // Entered through a 60 m clothoid (quasi-static: 1.6 s >> the 0.13 s roll period of the car body).
    Simulation sim(flatCurve(R, 60, 600), quiet());
    sim.addTrain(trainOf({stock}, "a", 30, factor * vc));
    sim.runUntil(10.0, {}, true);
    const auto& ev = sim.view().derailments();
    qInfo("h = %.4f m, b = %.2f m, vc = %.3f m/s; at %.3f m/s: %zu derailment(s)%s", h, b, vc, factor * vc,
          ev.size(), ev.empty() ? "" : (" first: " + ev.front().message).c_str());
    QCOMPARE(!ev.empty(), derails);
    if (derails) {
        QCOMPARE(QString::fromStdString(ev.front().cause), QString("overturn"));
        QVERIFY(ev.front().solverSaturated);
        QVERIFY(!ev.front().numericalSuspect);
        QVERIFY(ev.front().before.rollMargin < 0.01); // at the roll limit just before
    } else {
        // Margin left below vc: roll torque / (Q b/2) ~ (v/vc)^2 = 0.96 (one bogie reads it).
        double maxRatio = 0;
        for (const auto& c : sim.engine().train(0).cars)
            for (const auto& bg : c.bogies)
                maxRatio = std::max(maxRatio, 1 - bg.margins.rollMargin);
        qInfo("roll torque / limit at 0.98 vc: %.4f (closed form 0.9604)", maxRatio);
        QVERIFY(std::abs(maxRatio - 0.9604) < 0.02);
    }
}

void TstTrains::flangeClimbOnlyAboveNadalForWindow_data() {
    QTest::addColumn<double>("yqDemand");  // v^2/(g R): the steady Y/Q of a car on a flat curve
    QTest::addColumn<double>("clothoid");  // entry transition [m] (0: the arc starts abruptly)
    QTest::addColumn<double>("arcLength"); // [m]; a short arc lasts less than the window
    QTest::addColumn<bool>("derails");
    // Nadal limit 0.5 (delta and mu below); roll limit out of the way (CG lowered, see body).
    QTest::newRow("Y/Q 0.45 < 0.5") << 0.45 << 40.0 << 200.0 << false;
    QTest::newRow("Y/Q 0.55 > 0.5, long") << 0.55 << 40.0 << 200.0 << true;
    QTest::newRow("Y/Q 0.55 > 0.5, 17 ms") << 0.55 << 0.0 << 0.4 << false;
}

void TstTrains::flangeClimbOnlyAboveNadalForWindow() {
    QFETCH(double, yqDemand);
    QFETCH(double, clothoid);
    QFETCH(double, arcLength);
    QFETCH(bool, derails);
    // A one-bogie car so that Y/Q of the bogie is the car's v^2/(g R) (Q = m g, Y = m v^2/R).
    RollingStockSpec s = car(0, 0);
    s.bogies.count = 1;
    s.body.length = 4;
    s.body.mass = 2000;
    s.body.cgHeight = 0.4;
    s.bogies.cgHeight = 0.2;
    s.bogies.mass = 500;
    s.wheelRail.gauge = 3.0;    // roll limit Q b/2 far above the torque
    s.wheelRail.friction = 0.0; // Nadal = tan(delta) = 0.5
    s.wheelRail.flangeAngle = std::atan(0.5);
    const double R = 100, v = std::sqrt(yqDemand * g * R);
    Simulation sim(flatCurve(R, clothoid, arcLength), quiet());
    sim.addTrain(trainOf({s}, "a", 10, v));
    sim.runUntil((50 + clothoid + arcLength + 20) / v, {}, true);
    const auto& ev = sim.view().derailments();
    qInfo("Y/Q demand %.2f (limit %.3f), arc %.1f m = %.1f ms: %s", yqDemand, s.wheelRail.nadalLimit(),
          arcLength, 1000 * arcLength / v, ev.empty() ? "railed" : ev.front().message.c_str());
    QCOMPARE(!ev.empty(), derails);
    if (derails) {
        QCOMPARE(QString::fromStdString(ev.front().cause), QString("flange climb"));
        // Y/Q grows along the clothoid as yqDemand * x/40 and reaches 0.5 at x = 40 * 0.5/0.55; the
        // derailment comes after the window (50 ms), within another 100 ms (the wheel must climb 1 mm).
        const double tOver = (50.0 + clothoid * 0.5 / yqDemand) / v;
        QVERIFY2(ev.front().t >= tOver + 0.05 - 1e-9 && ev.front().t < tOver + 0.05 + 0.1,
                 qPrintable(QString("t = %1, Y/Q over the limit from %2").arg(ev.front().t).arg(tOver)));
        QVERIFY(std::abs(ev.front().before.yq - 0.5) < 0.01); // saturated at the limit just before
        QVERIFY(ev.front().solverSaturated);
    }
}

void TstTrains::endOfTrack() {
    // A 3-car train rolls off the open end of a 200 m straight: "end of track" at s = 200.
    RollingStockSpec s = car(1.2217, 0.3);
    Simulation sim(straight(200), quiet());
    sim.addTrain(trainOf({s, s, s}, "L", 150, 10));
    QCOMPARE(sim.view().bogieCount(), 6);
    sim.runUntil(6.0);
    const auto& ev = sim.view().derailments();
    QVERIFY(!ev.empty());
    QCOMPARE(QString::fromStdString(ev.front().cause), QString("end of track"));
    QCOMPARE(ev.front().car, 0);
    QCOMPARE(ev.front().bogie, 0);
    QCOMPARE(ev.front().s, 200.0);
    // The front bogie sits 8.75 m ahead of the head car's centre: 41.25 m at 10 m/s.
    QVERIFY2(std::abs(ev.front().t - 4.125) < 2.0 / 240, qPrintable(QString::number(ev.front().t)));
    QVERIFY(std::abs(ev.front().speed - 10) < 0.01);
    QVERIFY(!ev.front().numericalSuspect);
}

void TstTrains::throttleReachesAndHoldsTarget() {
    // Locomotive + 2 cars, throttle 0.5 -> target 0.5 maxSpeed = 22 m/s, from 10 m/s on a 3 km straight.
    RollingStockSpec loco = loadRollingStock("locomotive", defaultRollingStockDirs());
    RollingStockSpec coach = loadRollingStock("passenger-car", defaultRollingStockDirs());
    Simulation sim(straight(3000), quiet());
    sim.addTrain(trainOf({loco, coach, coach}, "L", 100, 10));
    sim.setThrottle(0, 0.5);
    const double target = 0.5 * loco.traction->maxSpeed;
    double tReach = -1;
    while (sim.time() < 60) {
        sim.step();
        if (tReach < 0 && sim.view().trainSpeed(0) >= target - 0.05) tReach = sim.time();
    }
    double vmin = 1e9, vmax = 0;
    while (sim.time() < 80) {
        sim.step();
        vmin = std::min(vmin, sim.view().trainSpeed(0));
        vmax = std::max(vmax, sim.view().trainSpeed(0));
    }
    // Lower bound on the time: the whole tractive effort (min(F, P/v)) minus resistance on the mass.
    const double m = loco.totalMass() + 2 * coach.totalMass();
    qInfo("target %.2f m/s reached at t = %.2f s (force bound %.2f s); held within [%.4f, %.4f] m/s", target,
          tReach, m * (target - 10) / loco.traction->maxForce, vmin, vmax);
    QVERIFY(tReach > 0);
    QVERIFY(tReach >= m * (target - 10) / loco.traction->maxForce);
    QVERIFY(vmin > target - 0.05 && vmax < target + 0.05);
    QVERIFY(sim.view().derailments().empty());
}

void TstTrains::brakingDistance_data() {
    QTest::addColumn<int>("cars");
    QTest::addColumn<double>("v0");
    QTest::newRow("1 car, 20 m/s") << 1 << 20.0;
    QTest::newRow("3 cars, 30 m/s") << 3 << 30.0;
}

void TstTrains::brakingDistance() {
    // Full brake, no resistance: constant deceleration F/m, stopping distance v0^2 / (2 F/m) +/- 5 %.
    QFETCH(int, cars);
    QFETCH(double, v0);
    const RollingStockSpec s = car(1.2217, 0.3, 60000);
    Simulation sim(straight(2000), quiet());
    sim.addTrain(trainOf(std::vector<RollingStockSpec>(std::size_t(cars), s), "L", 100, v0));
    sim.setBrake(0, 1.0);
    const double s0 = sim.engine().train(0).cars[0].bogies[0].position.s;
    while (sim.view().trainSpeed(0) > 1e-3 && sim.time() < 60)
        sim.step();
    const double d = sim.engine().train(0).cars[0].bogies[0].position.s - s0;
    const double expected = v0 * v0 / (2 * s.brakeForce / s.totalMass());
    qInfo("stopped after %.3f m in %.2f s; v0^2/(2F/m) = %.3f m (%.3f %%)", d, sim.time(), expected,
          100 * (d - expected) / expected);
    QVERIFY(std::abs(d - expected) < 0.05 * expected);
    QVERIFY(std::abs(d - expected) < 0.01 * expected); // what it actually achieves
}

// A snapshot restores only into a simulation of its own scenario: the same bodies, vehicles and trains
// with the same cars. Another scenario of the very same counts (a freight wagon where a coach was) is a
// SimulationError that changes nothing; a fresh simulation of the same scenario takes it and steps on bit
// for bit.
void TstTrains::snapshotOfAnotherScenarioIsRefused() {
    const RollingStockSpec loco = loadRollingStock("locomotive", defaultRollingStockDirs());
    const RollingStockSpec coach = loadRollingStock("passenger-car", defaultRollingStockDirs());
    const RollingStockSpec wagon = loadRollingStock("freight-wagon", defaultRollingStockDirs());
    const Layout layout = flatArc(300, 3.0);
    Simulation a(layout), other(layout), same(layout);
    a.addTrain(trainOf({loco, coach}, "C", 100, 15));
    other.addTrain(trainOf({loco, wagon}, "C", 100, 15));
    same.addTrain(trainOf({loco, coach}, "C", 100, 15));
    a.setThrottle(0, 0.6);
    a.runUntil(1.0);
    const SimulationState mid = a.snapshot();
    other.runUntil(0.5);
    const SimulationState before = other.snapshot();
    try {
        other.restore(mid);
        QFAIL("restored a snapshot of another scenario");
    } catch (const SimulationError& e) {
        QVERIFY2(QString(e.what()).contains("another scenario"), e.what());
    }
    const SimulationState after = other.snapshot();
    QCOMPARE(after.time, before.time);
    QCOMPARE(after.bodies.size(), before.bodies.size());
    for (std::size_t i = 0; i < after.bodies.size(); ++i)
        QVERIFY((after.bodies[i].pose.matrix() - before.bodies[i].pose.matrix()).norm() == 0.0);
    // the same scenario in a fresh simulation: it takes the state and repeats the run
    same.restore(mid);
    a.runUntil(2.0);
    same.runUntil(2.0);
    QVERIFY((a.view().carPose(0, 1).matrix() - same.view().carPose(0, 1).matrix()).norm() == 0.0);
}

void TstTrains::snapshotRestoreRepeatsRun() {
    RollingStockSpec loco = loadRollingStock("locomotive", defaultRollingStockDirs());
    RollingStockSpec coach = loadRollingStock("passenger-car", defaultRollingStockDirs());
    SimulationOptions o;
    Simulation sim(flatArc(300, 3.0), o);
    sim.addTrain(trainOf({loco, coach}, "C", 100, 15));
    sim.setThrottle(0, 0.6);
    sim.runUntil(1.0);
    const SimulationState mid = sim.snapshot();
    const std::size_t n0 = sim.telemetry().samples().size();
    sim.runUntil(2.0);
    const Pose a = sim.view().carPose(0, 1);
    std::vector<TelemetrySample> tail(sim.telemetry().samples().begin() + std::ptrdiff_t(n0),
                                      sim.telemetry().samples().end());
    sim.restore(mid);
    QCOMPARE(sim.telemetry().samples().size(), n0);
    sim.runUntil(2.0);
    const Pose b = sim.view().carPose(0, 1);
    QCOMPARE(sim.telemetry().samples().size(), n0 + tail.size());
    QVERIFY((a.matrix() - b.matrix()).norm() == 0.0); // bit for bit
    for (std::size_t i = 0; i < tail.size(); ++i)
        QVERIFY(tail[i].f == sim.telemetry().samples()[n0 + i].f);
}

QTEST_APPLESS_MAIN(TstTrains)
#include "tst_trains.moc"
