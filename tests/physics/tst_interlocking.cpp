// Routes, run-time switches and their interlocking (core/layout/Route.h, physics/sim/SimulationRoutes.cpp;
// docs/layout-format.md "Routes"). A main line A splits at switch W into M (state 0) and D (state 1); home
// signal H stands before the points, block signals X on M and Y on D. Routes R1 (H -> X, W 0) and R2
// (H -> Y, W 1) share the points: while one is set the other is refused, and W cannot be thrown. A train runs
// through R1: the route releases W behind its tail and ends. A train standing on the points: no throw.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

std::string junction(const std::string& routes) {
    return R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 600}},
        {"id": "M", "curve": {"type": "line", "length": 800}, "placement": {"after": ["A", "end"]}},
        {"id": "D", "curve": {"type": "arc", "radius": 800, "angle": 0.5}, "placement": {"after": ["A", "end"]}}],
      "switches": [{"id": "W", "at": ["A", "end"], "branches": [["M", "start"], ["D", "start"]], "state": 1}],
      "signals": [{"id": "H", "track": "A", "s": 450, "kind": "home"},
                  {"id": "X", "track": "M", "s": 500}, {"id": "Y", "track": "D", "s": 300}],
      "routes": )" +
           routes + "}";
}

const char* kRoutes = R"([{"id": "R1", "from": "H", "to": "X", "switches": [["W", 0]]},
                         {"id": "R2", "from": "H", "to": "Y", "switches": [["W", 1]], "overlap": 80}])";

Layout compileText(const std::string& text) {
    return Layout::compile(parseLayoutSpec(text, "<test>"), "<test>");
}

RollingStockSpec coach() {
    RollingStockSpec s = loadRollingStock("passenger-car", defaultRollingStockDirs());
    s.resistance = {};
    s.traction.reset();
    return s;
}

TrainSpec train(const std::string& id, double s, double speed) {
    TrainSpec t;
    t.id = id;
    t.cars = {coach(), coach()};
    t.track = "A";
    t.s = s;
    t.speed = speed;
    return t;
}

} // namespace

class TstInterlocking : public QObject {
    Q_OBJECT
private slots:
    void routePaths();
    void conflictingRoutesRefused();
    void routeReleasedBehindTheTrain();
    void noThrowUnderATrain();
    void autopilotTakesTheWayTheSwitchesLie_data();
    void autopilotTakesTheWayTheSwitchesLie();
    void badRoutes_data();
    void badRoutes();
};

void TstInterlocking::routePaths() {
    const Layout L = compileText(junction(kRoutes));
    const Route& r1 = L.routeList()[0];
    QCOMPARE(r1.from, 0);
    QCOMPARE(r1.to, 1);
    QCOMPARE(r1.length, 150.0 + 500.0);
    QCOMPARE(r1.overlap, 50.0);     // X's
    QCOMPARE(r1.at.front(), 150.0); // W is 150 m past H
    QCOMPARE(L.routeList()[1].overlap, 80.0);
    QVERIFY(std::abs(L.routeList()[1].path.back().s1 - 380.0) < 1e-9); // Y at 300 + 80 m on D
}

void TstInterlocking::conflictingRoutesRefused() {
    const Layout L = compileText(junction(kRoutes));
    Simulation sim(L, SimulationOptions{});
    QCOMPARE(int(sim.view().signalAspects()[0]),
             int(Aspect::Stop)); // a home signal: stop until a route is set
    QCOMPARE(sim.requestRoute(0), std::string());
    QCOMPARE(sim.view().switchStates()[0], 0); // R1 threw W to M
    QCOMPARE(sim.view().switchLocks()[0], 0);
    sim.step();
    QVERIFY(sim.view().signalAspects()[0] != Aspect::Stop);
    const std::string r2 = sim.requestRoute(1);
    qInfo("R2: %s", r2.c_str());
    QVERIFY(r2.find("conflicts with route \"R1\"") != std::string::npos);
    const std::string thrown = sim.throwSwitch(0, 1);
    qInfo("throw: %s", thrown.c_str());
    QVERIFY(thrown.find("locked by route \"R1\"") != std::string::npos);
    QCOMPARE(sim.view().switchStates()[0], 0);
    QCOMPARE(L.spec().switches[0].state, 1); // the file's state is untouched
    int throws = 0, routes = 0;
    for (const SignalEvent& e : sim.view().signalEvents()) {
        throws += e.kind == "throw";
        routes += e.kind == "route";
    }
    QCOMPARE(throws, 1);
    QCOMPARE(routes, 1);
}

void TstInterlocking::routeReleasedBehindTheTrain() {
    const Layout L = compileText(junction(kRoutes));
    Simulation sim(L, SimulationOptions{});
    sim.addTrain(train("T", 300, 15.0));
    QCOMPARE(sim.requestRoute(0), std::string());
    bool lockedWhileOn = false;
    double releasedAt = -1;
    while (sim.time() < 68) { // (its head 760 m down M by then, short of its open end)
        sim.step();
        const RailedView tail = sim.view().bogieState(0, 1, 1);
        if (sim.view().switchLocks()[0] == 0 && tail.position.track == L.trackIndex("A"))
            lockedWhileOn = true;
        if (releasedAt < 0 && sim.view().switchLocks()[0] < 0) releasedAt = sim.time();
    }
    QVERIFY(lockedWhileOn);
    QVERIFY(releasedAt > 0);
    QVERIFY(!sim.view().routesSet()[0]);
    // once released, W moves again (the train is far down M)
    QCOMPARE(sim.throwSwitch(0, 1), std::string());
    QCOMPARE(sim.view().switchStates()[0], 1);
    QCOMPARE(sim.view().bogieState(0, 0, 0).position.track, L.trackIndex("M"));
}

void TstInterlocking::noThrowUnderATrain() {
    const Layout L = compileText(junction(kRoutes));
    Simulation sim(L, SimulationOptions{});
    sim.addTrain(train("T", 585, 0.0)); // its head bogie 9 m from the points
    sim.setBrake(0, 1.0);
    sim.step();
    const std::string why = sim.throwSwitch(0, 0);
    qInfo("%s", why.c_str());
    QVERIFY(why.find("cannot move") != std::string::npos);
    QCOMPARE(sim.view().switchStates()[0], 1);
    const std::string route = sim.requestRoute(0);
    qInfo("%s", route.c_str());
    QVERIFY(!route.empty());
}

void TstInterlocking::autopilotTakesTheWayTheSwitchesLie_data() {
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("route");
    QTest::newRow("W on D (as the file sets it): R2") << 1 << "R2";
    QTest::newRow("W thrown to M first: R1") << 0 << "R1";
}

void TstInterlocking::autopilotTakesTheWayTheSwitchesLie() {
    // a train on autopilot nearing H asks for the route from H whose switches already lie as it says -- the
    // way it runs as the switches are set -- and throws nothing (physics/sim/SimulationSignals.cpp)
    QFETCH(int, state);
    QFETCH(QString, route);
    const Layout L = compileText(junction(kRoutes));
    Simulation sim(L, SimulationOptions{});
    TrainSpec t = train("T", 100, 10.0);
    t.autopilot = true;
    sim.addTrain(t);
    QCOMPARE(sim.throwSwitch(0, state), std::string());
    const SignalEvent* set = nullptr;
    while (sim.time() < 5 && !set) {
        sim.step();
        for (const SignalEvent& e : sim.view().signalEvents())
            if (e.kind == "route" && e.aspect == "set") set = &e;
    }
    QVERIFY(set);
    QCOMPARE(QString::fromStdString(set->routeId), route);
    QCOMPARE(set->trainId, std::string("T"));
    for (const SignalEvent& e : sim.view().signalEvents())
        QVERIFY2(!(e.kind == "throw" && e.train == 0), e.message.c_str());
    QCOMPARE(sim.view().switchStates()[0], state);
}

void TstInterlocking::badRoutes_data() {
    QTest::addColumn<QString>("routes");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown switch") << R"([{"id": "R", "from": "H", "to": "X", "switches": [["Q", 0]]}])"
                                    << "/routes/0/switches/0/0: unknown switch \"Q\"";
    QTest::newRow("no branch") << R"([{"id": "R", "from": "H", "to": "X", "switches": [["W", 2]]}])"
                               << "/routes/0/switches/0/1: state 2 is no branch of switch \"W\"";
    QTest::newRow("unknown signal") << R"([{"id": "R", "from": "H", "to": "Z", "switches": []}])"
                                    << "/routes/0/to: unknown signal \"Z\"";
    QTest::newRow("switch not set") << R"([{"id": "R", "from": "H", "to": "X"}])"
                                    << "without setting it";
    QTest::newRow("does not reach") << R"([{"id": "R", "from": "H", "to": "X", "switches": [["W", 1]]}])"
                                    << "does not reach signal \"X\"";
    QTest::newRow("facing different ways")
        << R"([{"id": "R", "from": "H", "to": "Y", "switches": [["W", 1]]}])"
        << "face different ways";
    QTest::newRow("duplicate id") << R"([{"id": "R", "from": "H", "to": "X", "switches": [["W", 0]]},
                                        {"id": "R", "from": "H", "to": "Y", "switches": [["W", 1]]}])"
                                  << "/routes/1/id: duplicate route id \"R\"";
}

void TstInterlocking::badRoutes() {
    QFETCH(QString, routes);
    QFETCH(QString, message);
    std::string text = junction(routes.toStdString());
    if (message == "face different ways") // Y turned round
        text.replace(text.find(R"("s": 300})"), 9, R"("s": 300, "direction": -1})");
    try {
        compileText(text);
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QVERIFY2(QString(e.what()).contains(message), e.what());
    }
}

QTEST_GUILESS_MAIN(TstInterlocking)
#include "tst_interlocking.moc"
