// Signals, blocks and train protection (core/layout/Signal.h, physics/sim/SimulationSignals.cpp,
// physics/signal/Protection.h; docs/layout-format.md "Signals", docs/trains-format.md "Signals and
// protection"). On a straight of constant grade i (positive uphill along the travel), resistance and traction
// off, a train braking in full from v stops after D = v^2 / (2 (a_b + g sin(atan i))), a_b = total brake
// force / total mass: protection, braking at its curve ahead of a signal at stop, stops the train after that
// D (within 1 %) with its head at or before the signal. Without protection the train passes the signal at
// stop (a SPAD event) and runs into the train standing in the block (a collision event). Blocks are what an
// axle counter watches: from the signal to the next stop signal, with that signal's overlap.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"
#include "core/layout/LayoutValidation.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

// A 3 000 m straight along +x climbing at grade i, signals S0 (500 m), S1 (1 500 m), S2 (2 500 m), all +1.
std::string layoutText(double grade, const std::string& list = {}) {
    const double th = std::atan(grade);
    const std::string rotation =
        "[" + std::to_string(std::cos(0.5 * th)) + ", 0, " + std::to_string(-std::sin(0.5 * th)) + ", 0]";
    return R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 3000}, "placement": {"rotation": )" +
           rotation + R"(}}], "signals": )" +
           (list.empty() ? R"([{"id": "S0", "track": "L", "s": 500}, {"id": "S1", "track": "L", "s": 1500},
                                 {"id": "S2", "track": "L", "s": 2500}])"
                         : list) +
           "}";
}

Layout compileText(const std::string& text) {
    return Layout::compile(parseLayoutSpec(text, "<test>"), "<test>");
}

RollingStockSpec coach() {
    RollingStockSpec s = loadRollingStock("passenger-car", defaultRollingStockDirs());
    s.resistance = {};
    s.traction.reset();
    return s;
}

// Train A (three coaches, head car's centre at `start` (200 m), v0 towards +x, coasting; its release speed
// `release`) and train B (one coach standing braked at 2 000 m, in S1's block).
struct Rig {
    Layout layout;
    std::unique_ptr<Simulation> sim;
    double braking = 0; // A's total brake force / total mass
};

Rig rig(double grade, double v0, bool protection, double start = 200.0,
        double release = TrainSpec::kDefaultReleaseSpeed) {
    Rig r;
    r.layout = compileText(layoutText(grade));
    r.sim = std::make_unique<Simulation>(r.layout, SimulationOptions{});
    TrainSpec a;
    a.id = "A";
    a.cars = {coach(), coach(), coach()};
    a.track = "L";
    a.s = start;
    a.speed = v0;
    a.protection = protection;
    a.releaseSpeed = release;
    double force = 0, mass = 0;
    for (const RollingStockSpec& c : a.cars) {
        force += c.brakeForce;
        mass += c.totalMass();
    }
    r.braking = force / mass;
    r.sim->addTrain(a);
    TrainSpec b;
    b.id = "B";
    b.cars = {coach()};
    b.track = "L";
    b.s = 2000.0;
    r.sim->addTrain(b);
    r.sim->setBrake(1, 1.0);
    return r;
}

double headS(const Simulation& sim) {
    return sim.view().bogieState(0, 0, 0).position.s;
}

} // namespace

class TstSignals : public QObject {
    Q_OBJECT
private slots:
    void blocksAndAspects();
    void protectionStopsOnGrade_data();
    void protectionStopsOnGrade();
    void spadThenCollision();
    void releaseSpeedCreepsPastTheSignal();
    void releaseSpeedKeepsTheCurve();
    void badReleaseSpeed();
    void replayKeepsSignals();
    void summaryRoundTrip();
    void badSignals_data();
    void badSignals();
    void validateFindsIdleSignals();
};

void TstSignals::validateFindsIdleSignals() {
    // E at the line's very end facing off it; D a distant with no home signal ahead; S0 .. S2 protect blocks
    const Layout L = compileText(layoutText(0.0, R"([{"id": "S0", "track": "L", "s": 500},
        {"id": "S1", "track": "L", "s": 1500}, {"id": "E", "track": "L", "s": 3000},
        {"id": "D", "track": "L", "s": 100, "kind": "distant"}])"));
    const ValidationReport r = validateLayout(L);
    for (const std::string& w : r.idleSignals)
        qInfo("%s", w.c_str());
    QCOMPARE(int(r.idleSignals.size()), 2);
    QVERIFY(r.idleSignals[0].find("signal \"E\" protects nothing: its block is 0") != std::string::npos);
    QVERIFY(r.idleSignals[1].find("distant signal \"D\" protects nothing") != std::string::npos);
    QCOMPARE(int(r.worst()), int(Severity::Warning));
    QVERIFY(r.text().find("warning signal \"E\"") != std::string::npos);
}

void TstSignals::blocksAndAspects() {
    Rig r = rig(0.0, 0.0, true);
    const std::vector<Signal>& g = r.layout.signalList();
    QCOMPARE(int(g.size()), 3);
    // S0's block: 500 .. 1 500, then S1's 50 m overlap; S2's runs to the line's end
    QCOMPARE(int(g[0].block.size()), 2);
    QCOMPARE(g[0].block[0].s0, 500.0);
    QCOMPARE(g[0].block[0].s1, 1500.0);
    QCOMPARE(g[0].block[1].s1, 1550.0);
    QCOMPARE(g[0].exits, std::vector<int>{1});
    QVERIFY(g[2].exits.empty());
    QCOMPARE(g[2].block.back().s1, 3000.0);
    // B stands in S1's block: S1 stop, S0 caution; S2's line ends ahead: caution; A (at 200 m) is in no block
    const std::vector<Aspect> a = r.sim->view().signalAspects();
    QCOMPARE(int(a[0]), int(Aspect::Caution));
    QCOMPARE(int(a[1]), int(Aspect::Stop));
    QCOMPARE(int(a[2]), int(Aspect::Caution));
    r.sim->step();
    const TrainSignalView v = r.sim->view().trainSignal(0);
    QCOMPARE(v.signal, 0);
    QCOMPARE(v.target, 1);
    QVERIFY(std::abs(v.targetDistance - (1500.0 - headS(*r.sim))) < 1e-6);
}

void TstSignals::protectionStopsOnGrade_data() {
    QTest::addColumn<double>("grade");
    QTest::addColumn<double>("v0");
    QTest::newRow("level, 25 m/s") << 0.0 << 25.0;
    QTest::newRow("2 % up, 25 m/s") << 0.02 << 25.0;
    QTest::newRow("2 % down, 20 m/s") << -0.02 << 20.0;
    QTest::newRow("level, 40 m/s") << 0.0 << 40.0;
}

void TstSignals::protectionStopsOnGrade() {
    QFETCH(double, grade);
    QFETCH(double, v0);
    Rig r = rig(grade, v0, true);
    Simulation& sim = *r.sim;
    double still = 0;
    while (sim.time() < 300 && still < 2.0) {
        sim.step();
        still = std::abs(sim.view().trainSpeed(0)) < 1e-3 && !sim.view().signalEvents().empty()
                    ? still + sim.dt()
                    : 0.0;
    }
    const std::vector<SignalEvent>& events = sim.view().signalEvents();
    const SignalEvent* brake = nullptr;
    for (const SignalEvent& e : events) {
        QVERIFY2(e.kind != "spad", e.message.c_str());
        if (e.kind == "protection" && !brake) brake = &e;
    }
    QVERIFY(brake);
    QCOMPARE(brake->signalId, std::string("S1"));
    QCOMPARE(brake->trainId, std::string("A"));
    const double a = r.braking + 9.81 * std::sin(std::atan(grade));
    const double D = brake->speed * brake->speed / (2.0 * a);
    const double travelled = headS(sim) - brake->s;
    qInfo("grade %.3f: protection at s = %.3f m, %.4f m/s (permitted %.4f), %.3f m before S1; stopped after "
          "%.3f m, closed form %.3f m (%.3f %%); head %.3f m before S1",
          grade, brake->s, brake->speed, brake->permitted, brake->distance, travelled, D,
          100.0 * (travelled - D) / D, 1500.0 - headS(sim));
    QVERIFY(std::abs(travelled - D) <= 0.01 * D);
    QVERIFY(headS(sim) <= 1500.0);
    QVERIFY(!sim.view().trainSignal(0).intervening); // no longer braking in full once it stood ...
    QVERIFY(sim.view().trainSignal(0).holding);      // ... but holding its brakes before S1 at stop
    const double stood = headS(sim);
    for (const double until = sim.time() + 10.0; sim.time() < until;) // it neither rolls (a grade) nor creeps
        sim.step();
    QVERIFY(std::abs(headS(sim) - stood) < 1e-3);
    QVERIFY(sim.view().collisions().empty());
}

void TstSignals::spadThenCollision() {
    Rig r = rig(0.0, 8.0, false);
    Simulation& sim = *r.sim;
    while (sim.time() < 300 && sim.view().collisions().empty())
        sim.step();
    const SignalEvent* spad = nullptr;
    for (const SignalEvent& e : sim.view().signalEvents())
        if (e.kind == "spad") spad = &e;
    QVERIFY(spad);
    QCOMPARE(spad->signalId, std::string("S1"));
    QVERIFY(std::abs(spad->s - 1500.0) < 8.0 * sim.dt() + 1e-6);
    QVERIFY(std::abs(spad->speed - 8.0) < 0.05);
    QCOMPARE(int(sim.view().collisions().size()), 1);
    const CollisionEvent& c = sim.view().collisions().front();
    QVERIFY(c.t > spad->t);
    QCOMPARE(c.trainId + c.otherTrainId, std::string("AB"));
    // after the collision: S1 still at stop, S0 shows caution once A has left its block
    for (int i = 0; i < 500; ++i)
        sim.step();
    QCOMPARE(int(sim.view().signalAspects()[1]), int(Aspect::Stop));
}

void TstSignals::releaseSpeedCreepsPastTheSignal() {
    // A creeps at 3 m/s, under its release speed (15 km/h = 4.17 m/s, no more than sqrt(2 a 50 m) = 11.2 m/s
    // lets it stop within S1's 50 m overlap), towards S1 at stop: protection lets it come up to the signal
    // unbraked; it passes S1 (a SPAD), is tripped -- braked in full -- and stops after v^2 / (2 a) = 3.6 m
    // within the overlap (the head passes S1 by at most v dt = 0.0125 m before the brake acts: 0.35 %)
    Rig r = rig(0.0, 3.0, true, 1400.0);
    Simulation& sim = *r.sim;
    double at5 = -1;
    while (sim.time() < 120 && !(sim.view().trainSignal(0).holding)) {
        sim.step();
        if (at5 < 0 && 1500.0 - headS(sim) <= 5.0) at5 = sim.view().bogieSpeed(0, 0, 0);
    }
    const SignalEvent* spad = nullptr;
    for (const SignalEvent& e : sim.view().signalEvents()) {
        QVERIFY2(e.kind != "protection", e.message.c_str()); // never braked before the signal
        if (e.kind == "spad") spad = &e;
    }
    QVERIFY(spad);
    QCOMPARE(spad->signalId, std::string("S1"));
    QCOMPARE(spad->trainId, std::string("A"));
    const double D = spad->speed * spad->speed / (2.0 * r.braking);
    const double past = headS(sim) - 1500.0;
    qInfo(
        "creeping: %.4f m/s 5 m before S1, SPAD at %.4f m/s; stood %.4f m past S1, v^2/2a = %.4f m (%.3f %%)",
        at5, spad->speed, past, D, 100.0 * (past - D) / D);
    QVERIFY(std::abs(at5 - 3.0) <= 0.01);
    QVERIFY(std::abs(spad->speed - 3.0) <= 0.01);
    QVERIFY(std::abs(past - D) <= 0.01 * D);
    QVERIFY(past < r.layout.signalList()[1].overlap);
    QVERIFY(std::abs(sim.view().trainSpeed(0)) < 0.05);
    QVERIFY(!sim.view().trainSignal(0).intervening); // stood: held while S1 (its own block) shows stop
    const double stood = headS(sim);
    for (const double until = sim.time() + 5.0; sim.time() < until;)
        sim.step();
    QVERIFY(std::abs(headS(sim) - stood) < 1e-3);
    QVERIFY(sim.view().collisions().empty());
}

void TstSignals::releaseSpeedKeepsTheCurve() {
    // At 10 m/s, over its release speed of 4 m/s: protection brakes on its curve as without a release speed,
    // and A stops after v^2 / (2 a) (within 1 %) with its head at or before S1
    Rig r = rig(0.0, 10.0, true, 1300.0, 4.0);
    Simulation& sim = *r.sim;
    while (sim.time() < 120 && !(sim.view().trainSignal(0).holding))
        sim.step();
    const SignalEvent* brake = nullptr;
    for (const SignalEvent& e : sim.view().signalEvents()) {
        QVERIFY2(e.kind != "spad", e.message.c_str());
        if (e.kind == "protection" && !brake) brake = &e;
    }
    QVERIFY(brake);
    QCOMPARE(brake->signalId, std::string("S1"));
    const double D = brake->speed * brake->speed / (2.0 * r.braking);
    const double travelled = headS(sim) - brake->s;
    qInfo(
        "release 4 m/s, 10 m/s: protection at %.4f m/s (permitted %.4f) %.3f m before S1; stopped after %.4f "
        "m, v^2/2a = %.4f m (%.3f %%); head %.4f m before S1",
        brake->speed, brake->permitted, brake->distance, travelled, D, 100.0 * (travelled - D) / D,
        1500.0 - headS(sim));
    QVERIFY(brake->speed > 9.9);
    QVERIFY(std::abs(travelled - D) <= 0.01 * D);
    QVERIFY(headS(sim) <= 1500.0);
    QVERIFY(std::abs(sim.view().trainSpeed(0)) < 0.05);
}

void TstSignals::badReleaseSpeed() {
    for (const auto& [value, message] :
         {std::pair{"-1", "/trains/0/releaseSpeed: releaseSpeed must be >= 0 m/s, got -1"},
          std::pair{"\"fast\"", "/trains/0/releaseSpeed"}}) {
        const std::string text = R"({"format": "tracklab-layout", "version": 2, "tracks": [
            {"id": "L", "curve": {"type": "line", "length": 3000}}],
            "signals": [{"id": "S0", "track": "L", "s": 500}],
            "trains": [{"id": "T", "cars": ["passenger-car"], "start": {"track": "L", "s": 100},
                        "releaseSpeed": )" +
                                 std::string(value) + "}]}";
        try {
            const Layout L = compileText(text);
            parseScenario(L, "<test>", defaultRollingStockDirs());
            QFAIL("accepted");
        } catch (const LayoutError& e) {
            qInfo("%s", e.what());
            QVERIFY2(QString(e.what()).contains(message), e.what());
            QVERIFY(QString(e.what()).startsWith("<test>"));
        }
    }
}

void TstSignals::replayKeepsSignals() {
    Rig r = rig(0.0, 25.0, true);
    Simulation& sim = *r.sim;
    const double first = headS(sim); // where the head starts

    while (sim.time() < 20.0)
        sim.step();
    const SimulationState mid = sim.snapshot();
    while (sim.time() < 60.0)
        sim.step();
    const std::size_t events = sim.view().signalEvents().size();
    const double s = headS(sim);
    const double distance = sim.view().trainSignal(0).distance;
    QVERIFY(events >= 2); // S0 to stop as A enters, protection
    sim.restore(mid);
    while (sim.time() < 60.0)
        sim.step();
    QCOMPARE(sim.view().signalEvents().size(), events);
    QCOMPARE(headS(sim), s);
    QCOMPARE(sim.view().trainSignal(0).distance, distance);
    QVERIFY(std::abs(distance - (s - first)) <= 25.0 * sim.dt()); // (the stage counts at a step's start)
}

void TstSignals::summaryRoundTrip() {
    const std::string text = layoutText(0.0, R"([{"id": "H", "track": "L", "s": 800, "direction": -1,
        "kind": "home", "overlap": 120, "note": "kept"}, {"id": "D", "track": "L", "s": 1800, "direction": -1,
        "kind": "distant"}, {"id": "X", "track": "L", "s": 100, "direction": -1}])");
    const LayoutSpec spec = parseLayoutSpec(text, "<test>");
    QCOMPARE(int(spec.signalSpecs.size()), 3);
    QCOMPARE(spec.signalSpecs[0].overlap.value(), 120.0);
    QCOMPARE(int(spec.signalSpecs[1].kind), int(SignalKind::Distant));
    const LayoutSpec again = parseLayoutSpec(layoutSpecToJson(spec).dump(), "<test>");
    QVERIFY(again == spec);
    const Layout L = Layout::compile(spec, "<test>");
    // H (at 800, -1) runs to X at 100 and X's 50 m overlap: 800 .. 100, 100 .. 50; the distant has no block
    QCOMPARE(L.signalList()[0].exits, std::vector<int>{2});
    QVERIFY(L.signalList()[1].block.empty());
    QCOMPARE(L.signalList()[0].block.back().s0, 50.0);
}

void TstSignals::badSignals_data() {
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown track") << R"([{"id": "A", "track": "Q", "s": 1}])"
                                   << "/signals/0/track: unknown track \"Q\"";
    QTest::newRow("off its track") << R"([{"id": "A", "track": "L", "s": 3000.5}])"
                                   << "/signals/0/s: s = 3000.5 m is off track \"L\" (0 .. 3000 m)";
    QTest::newRow("duplicate id")
        << R"([{"id": "A", "track": "L", "s": 1}, {"id": "A", "track": "L", "s": 9}])"
        << "/signals/1/id: duplicate signal id \"A\" (also /signals/0)";
    QTest::newRow("same place")
        << R"([{"id": "A", "track": "L", "s": 1}, {"id": "B", "track": "L", "s": 1}])"
        << "/signals/1: signals \"A\" and \"B\" stand at the same place facing the same way";
    QTest::newRow("kind") << R"([{"id": "A", "track": "L", "s": 1, "kind": "shunt"}])"
                          << "/signals/0/kind: unknown signal kind \"shunt\"";
    QTest::newRow("direction") << R"([{"id": "A", "track": "L", "s": 1, "direction": 0}])"
                               << "/signals/0/direction: direction must be 1 or -1";
    QTest::newRow("distant overlap")
        << R"([{"id": "A", "track": "L", "s": 1, "kind": "distant", "overlap": 5}])"
        << "/signals/0/overlap: a distant signal has no overlap";
    QTest::newRow("negative overlap") << R"([{"id": "A", "track": "L", "s": 1, "overlap": -5}])"
                                      << "/signals/0/overlap: overlap must be >= 0";
    QTest::newRow("not a list") << R"({"id": "A"})"
                                << "/signals";
}

void TstSignals::badSignals() {
    QFETCH(QString, list);
    QFETCH(QString, message);
    try {
        compileText(layoutText(0.0, list.toStdString()));
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QVERIFY2(QString(e.what()).contains(message), e.what());
        QVERIFY(QString(e.what()).startsWith("<test>"));
    }
}

QTEST_GUILESS_MAIN(TstSignals)
#include "tst_signals.moc"
