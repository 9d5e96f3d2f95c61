// The signalled demo (resources/layouts/signalled.json): two trains on autopilot on a 5 km oval with eight
// three-aspect block signals run 30 simulated minutes: no collision, no SPAD, no derailment, no intervention
// of protection (the autopilot stays under its curve), each train >= 20 km. And with the leader stopped on
// the line, its follower waits at the signal behind it, its head at or before that signal, then runs on.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {
const std::string kDemo = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/signalled.json";
} // namespace

class TstSignalledDemo : public QObject {
    Q_OBJECT
private slots:
    void thirtyMinutes();
    void followerWaitsBehindAStoppedTrain();
    void badStarts();
};

void TstSignalledDemo::badStarts() {
    // RE2 400 m ahead of RE1, both in B1's block: RE2 would have passed B1 at stop
    LayoutSpec one = loadLayoutSpec(kDemo);
    one.trains[1]["start"] = {{"track", "south"}, {"s", 700}, {"direction", 1}};
    // only B1 and B5 left: two trains on a circuit of two blocks
    LayoutSpec two = loadLayoutSpec(kDemo);
    std::erase_if(two.signalSpecs, [](const SignalSpec& g) { return g.id != "B1" && g.id != "B5"; });
    for (const auto& [spec, message] :
         {std::pair{
              one, "/trains/1/start: train \"RE2\" starts in the block of signal \"B1\", which train \"RE1\" "
                   "occupies"},
          std::pair{two,
                    "/trains/1/start: 2 trains start on a circuit of 2 blocks (signals \"B1\", \"B5\"): at "
                    "most 1 can move"}}) {
        try {
            const Layout layout = Layout::compile(spec, kDemo);
            Simulation sim(layout, SimulationOptions{}, kDemo);
            QFAIL("accepted");
        } catch (const LayoutError& e) {
            qInfo("%s", e.what());
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }
}

void TstSignalledDemo::thirtyMinutes() {
    const Layout layout = Layout::load(kDemo);
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(layout, o, kDemo);
    QCOMPARE(sim.view().trainCount(), 2);
    sim.runUntil(1800.0);
    int spads = 0, interventions = 0, aspects = 0;
    for (const SignalEvent& e : sim.view().signalEvents()) {
        spads += e.kind == "spad";
        interventions += e.kind == "protection";
        aspects += e.kind == "aspect";
    }
    const double d0 = sim.view().trainSignal(0).distance, d1 = sim.view().trainSignal(1).distance;
    qInfo(
        "30 min: %s %.3f km, %s %.3f km; %d aspect changes, %d SPADs, %d interventions, %zu collisions, %zu "
        "derailments",
        sim.view().trainIds()[0].c_str(), d0 / 1000, sim.view().trainIds()[1].c_str(), d1 / 1000, aspects,
        spads, interventions, sim.view().collisions().size(), sim.view().derailments().size());
    QCOMPARE(spads, 0);
    QCOMPARE(interventions, 0);
    QVERIFY(sim.view().collisions().empty());
    QVERIFY(sim.view().derailments().empty());
    QVERIFY(d0 >= 20000.0);
    QVERIFY(d1 >= 20000.0);
    QVERIFY(aspects > 100); // the blocks really are used
}

void TstSignalledDemo::followerWaitsBehindAStoppedTrain() {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    // RE2 starts right behind RE1 on the south straight; RE1 is not on autopilot and brakes to a stand
    spec.trains[0]["start"] = {{"track", "south"}, {"s", 1000}, {"direction", 1}};
    spec.trains[0]["driver"] = "inputs";
    spec.trains[0]["schedule"] = nlohmann::json::array({nlohmann::json::array({0, 0, 1})});
    spec.trains[1]["start"] = {{"track", "south"}, {"s", 400}, {"direction", 1}};
    const Layout layout = Layout::compile(spec, kDemo);
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(layout, o, kDemo);
    const int b2 = layout.signalIndex("B2"); // at 784 m on south: RE1 stands in its block
    sim.runUntil(120.0);
    const TrainSignalView v = sim.view().trainSignal(1);
    const double head = sim.view().bogieState(1, 0, 0).position.s;
    qInfo("RE2 after 120 s: %.4f m/s, head %.3f m before B2 (%s)", sim.view().trainSpeed(1),
          layout.signalList()[std::size_t(b2)].s - head, aspectName(v.aspect));
    QCOMPARE(v.signal, b2);
    QCOMPARE(int(v.aspect), int(Aspect::Stop));
    QVERIFY(std::abs(sim.view().trainSpeed(1)) < 0.05);
    QVERIFY(head <= layout.signalList()[std::size_t(b2)].s);
    QVERIFY(layout.signalList()[std::size_t(b2)].s - head < 15.0); // the autopilot stops 10 m short
    // RE1 goes: RE2 follows once B2 clears
    sim.setBrake(0, 0.0);
    sim.setThrottle(0, 25.0 / 44.0);
    sim.runUntil(300.0);
    QVERIFY(sim.view().bogieState(1, 0, 0).position.s > layout.signalList()[std::size_t(b2)].s ||
            sim.view().bogieState(1, 0, 0).position.track != layout.trackIndex("south"));
    for (const SignalEvent& e : sim.view().signalEvents())
        QVERIFY2(e.kind != "spad" && e.kind != "protection", e.message.c_str());
    QVERIFY(sim.view().collisions().empty());
}

QTEST_GUILESS_MAIN(TstSignalledDemo)
#include "tst_signalled_demo.moc"
