// Coupling and uncoupling at run time (physics/sim/SimulationCoupling.cpp; docs/trains-format.md, "Coupling
// and uncoupling"), on a level straight with rolling resistance off:
//   - a locomotive backing at 1 m/s onto a standing rake of three wagons couples (closing below the 2 m/s
//     coupling speed): one train under the locomotive's id, its cars renumbered head first, moving on at the
//     speed momentum gives, m_L v / (m_L + 3 m_W) (1 %); it pulls the rake away (its schedule) and
//     uncouples it by a schedule entry: the rake becomes "<id>-2", brakes on, and stops, while the
//     locomotive runs on;
//   - at 3 m/s it bounces off instead: a "buffers" collision, two trains;
//   - head to head: the rake goes on turned (its cars face backwards) and the merged train is driven towards
//     its new head: its speed is the speed its cars move at;
//   - a run restored from snapshots before the coupling, between it and the uncoupling and after, goes on
//     bit for bit; the recorded uncoupling of a driver replays;
//   - bad input: a coupling speed <= 0, an uncoupling index outside the layout or outside the train.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/Recording.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/state/SimulationError.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

Layout line(const std::string& trains = "[]") {
    const std::string json = R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 600}}], "trains": )" +
                             trains + "}";
    return Layout::compile(parseLayoutSpec(json, "<test>"), "<test>");
}

RollingStockSpec stock(const char* name) {
    RollingStockSpec s = loadRollingStock(name, defaultRollingStockDirs());
    s.resistance = {};
    return s;
}

// The rake: three wagons, head at s = 200 facing +s, standing, brakes off. The locomotive: facing `dir`, its
// centre `gap` m beyond the rake's head end's face (measured from its own near end), moving at `v` towards
// the rake.
struct Yard {
    Layout layout = line();
    std::unique_ptr<Simulation> sim;
    double mL = 0, mW = 0;
};

Yard yard(double v, int dir, std::vector<ScheduleEntry> schedule = {}, double gap = 2.0) {
    Yard y;
    y.sim = std::make_unique<Simulation>(y.layout, SimulationOptions{});
    TrainSpec rake;
    rake.id = "R";
    rake.cars = {stock("freight-wagon"), stock("freight-wagon"), stock("freight-wagon")};
    rake.track = "L";
    rake.s = 200;
    TrainSpec loco;
    loco.id = "S";
    loco.cars = {stock("locomotive")};
    loco.track = "L";
    loco.direction = dir;
    const double half = 0.5 * loco.cars[0].body.length;
    loco.s = rake.s + 0.5 * rake.cars[0].body.length + gap + half;
    loco.speed = dir > 0 ? -v : v; // towards -s, the rake
    loco.schedule = std::move(schedule);
    y.sim->addTrain(rake);
    y.sim->addTrain(loco);
    y.mL = loco.cars[0].totalMass();
    y.mW = rake.cars[0].totalMass();
    return y;
}

std::vector<std::string> ids(const Simulation& sim) {
    return sim.view().trainIds();
}

} // namespace

class TstCoupling : public QObject {
    Q_OBJECT
private slots:
    void couplesPullsAndUncouples();
    void bouncesAboveTheCouplingSpeed();
    void headToHeadTurnsTheRake();
    void snapshotsAcrossTheMakeup();
    void driverUncouplingReplays();
    void csvNamesTheMergedTrain();
    void badInput_data();
    void badInput();
    void uncouplingOutsideTheTrain();
};

void TstCoupling::couplesPullsAndUncouples() {
    const double v = 1.0;
    // pull away from t = 6 s, uncouple behind the locomotive at t = 16 s
    Yard y = yard(v, +1, {{0, 0, 0, -1, ""}, {6, 0.4, 0, -1, ""}, {16, 0.4, 0, 0, "/trains/1/schedule/2"}});
    Simulation& sim = *y.sim;
    while (sim.view().collisions().empty() && sim.time() < 5)
        sim.step();
    QCOMPARE(sim.view().collisions().size(), std::size_t(1));
    const CollisionEvent e = sim.view().collisions()[0];
    qInfo("%s", e.message.c_str());
    QCOMPARE(e.kind, std::string("coupling"));
    QVERIFY(e.coupled && e.ended);
    QCOMPARE(e.trainId, std::string("S"));
    QCOMPARE(e.otherTrainId, std::string("R"));
    QVERIFY2(std::abs(e.closingSpeed - v) < 0.01, qPrintable(QString::number(e.closingSpeed)));
    // one train under the faster one's id, the locomotive at its head, the wagons behind it head first
    QCOMPARE(ids(sim), std::vector<std::string>{"S"});
    const TrainInfo info = sim.view().trainInfo(0);
    QCOMPARE(info.cars.size(), std::size_t(4));
    QCOMPARE(info.cars[0].stock, std::string("locomotive"));
    QCOMPARE(info.couplers.size(), std::size_t(3));
    // momentum: the coupled train moves on at m_L v / (m_L + 3 m_W) (towards its tail: negative)
    while (sim.time() < 5.5)
        sim.step();
    const double expected = -y.mL * v / (y.mL + 3 * y.mW);
    qInfo("after coupling: %.5f m/s, momentum gives %.5f", sim.view().trainSpeed(0), expected);
    QVERIFY(std::abs(sim.view().trainSpeed(0) / expected - 1) < 0.01);
    // it pulls the rake away, then leaves it
    while (sim.time() < 15.9)
        sim.step();
    const double pulling = sim.view().trainSpeed(0);
    qInfo("pulling at %.3f m/s at t = 15.9 s", pulling);
    QVERIFY(pulling > 1.0);
    QCOMPARE(sim.view().trainInfo(0).cars.size(), std::size_t(4));
    while (sim.time() < 16.1)
        sim.step();
    QCOMPARE(ids(sim), (std::vector<std::string>{"S", "S-2"}));
    QCOMPARE(sim.view().trainInfo(0).cars.size(), std::size_t(1));
    QCOMPARE(sim.view().trainInfo(1).cars.size(), std::size_t(3));
    QCOMPARE(sim.view().trainDrive(1).brake, 1.0);
    QCOMPARE(sim.view().trainDrive(1).throttle, 0.0);
    // the rake brakes alone: a = brake force / mass of each wagon (2 %), to a stand
    while (sim.time() < 18)
        sim.step();
    const double v18 = sim.view().trainSpeed(1);
    while (sim.time() < 20)
        sim.step();
    const double a = (v18 - sim.view().trainSpeed(1)) / 2.0;
    const double aWagon = stock("freight-wagon").brakeForce / y.mW;
    qInfo("S-2 braking at %.4f m/s^2, brake force / mass %.4f m/s^2", a, aWagon);
    QVERIFY(std::abs(a / aWagon - 1) < 0.02);
    while (sim.time() < 30)
        sim.step();
    qInfo("t = 30 s: S at %.2f m/s, S-2 at %.4f m/s", sim.view().trainSpeed(0), sim.view().trainSpeed(1));
    QVERIFY(std::abs(sim.view().trainSpeed(1)) < 0.01);
    QVERIFY(sim.view().trainSpeed(0) > pulling);
    const double gap = (sim.view().carPose(0, 0).translation() - sim.view().carPose(1, 0).translation()).x() -
                       0.5 * (info.cars[0].box.x() + info.cars[1].box.x());
    qInfo("gap %.1f m", gap);
    QVERIFY(gap > 50);
    QCOMPARE(sim.view().collisions().size(), std::size_t(1)); // no contact after the uncoupling
    QVERIFY(sim.view().derailments().empty());
}

void TstCoupling::bouncesAboveTheCouplingSpeed() {
    Yard y = yard(3.0, +1);
    Simulation& sim = *y.sim;
    while (sim.time() < 4)
        sim.step();
    QCOMPARE(sim.view().collisions().size(), std::size_t(1));
    const CollisionEvent& e = sim.view().collisions()[0];
    qInfo("%s", e.message.c_str());
    QCOMPARE(e.kind, std::string("buffers"));
    QVERIFY(!e.coupled);
    QVERIFY(std::abs(e.closingSpeed - 3.0) < 0.02);
    QVERIFY(e.ended);
    QCOMPARE(ids(sim), (std::vector<std::string>{"R", "S"}));
    // the rake was pushed away (towards -s), the locomotive slowed by what it gave
    qInfo("after: rake %.3f m/s, locomotive %.3f m/s", sim.view().trainSpeed(0), sim.view().trainSpeed(1));
    QVERIFY(sim.view().trainSpeed(0) < -0.5);
    QVERIFY(sim.view().trainSpeed(1) > -2.0); // (moving towards -s: its speed towards its head is negative)
}

void TstCoupling::headToHeadTurnsTheRake() {
    // the locomotive faces -s: its head meets the rake's head; then it pushes the rake towards -s
    Yard y = yard(1.0, -1, {{0, 0, 0, -1, ""}, {5, 0.3, 0, -1, ""}});
    Simulation& sim = *y.sim;
    while (sim.time() < 5)
        sim.step();
    QCOMPARE(ids(sim), std::vector<std::string>{"S"});
    const TrainInfo info = sim.view().trainInfo(0);
    QCOMPARE(info.cars.size(), std::size_t(4));
    QCOMPARE(info.cars[3].stock, std::string("locomotive")); // the rake ahead of it, turned
    const auto& engine = sim.engine();
    QCOMPARE(engine.train(0).cars[0].facing, -1);
    QCOMPARE(engine.train(0).cars[0].origin, 2); // the rake's last wagon is the head now
    QCOMPARE(engine.train(0).cars[3].facing, +1);
    const double x0 = sim.view().carPose(0, 0).translation().x();
    while (sim.time() < 15)
        sim.step();
    const double x1 = sim.view().carPose(0, 0).translation().x();
    Pose before = sim.view().carPose(0, 0);
    sim.step();
    const double dx = (sim.view().carPose(0, 0).translation() - before.translation()).x() / sim.dt();
    qInfo("pushing: train speed %.4f m/s, head car moving %.4f m/s along x; moved %.1f m",
          sim.view().trainSpeed(0), dx, x1 - x0);
    QVERIFY(x1 < x0 - 5);                                     // towards -s, the train's head
    QVERIFY(std::abs(sim.view().trainSpeed(0) + dx) < 0.002); // its speed is its cars' speed
    QVERIFY(sim.view().collisions().size() == 1 && sim.view().derailments().empty());
}

void TstCoupling::snapshotsAcrossTheMakeup() {
    const std::vector<ScheduleEntry> schedule = {
        {0, 0, 0, -1, ""}, {6, 0.4, 0, -1, ""}, {12, 0.4, 0, 0, "/trains/1/schedule/2"}};
    Yard y = yard(1.0, +1, schedule);
    Simulation& sim = *y.sim;
    std::vector<std::pair<double, SimulationState>> states;
    for (const double t : {1.0, 8.0, 14.0}) {
        while (sim.time() < t - 1e-9)
            sim.step();
        states.emplace_back(t, sim.snapshot());
    }
    while (sim.time() < 20 - 1e-9)
        sim.step();
    auto poses = [](const Simulation& s) {
        std::vector<double> out;
        for (int t = 0; t < s.view().trainCount(); ++t)
            for (int c = 0; c < int(s.view().trainInfo(t).cars.size()); ++c) {
                const Pose X = s.view().carPose(t, c);
                out.insert(out.end(), X.translation().data(), X.translation().data() + 3);
            }
        return out;
    };
    const std::vector<double> end = poses(sim);
    QCOMPARE(ids(sim), (std::vector<std::string>{"S", "S-2"}));
    // each snapshot into the finished run (its make-up differs), and into a fresh one
    for (const auto& [t, state] : states) {
        for (const bool fresh : {false, true}) {
            Yard other = yard(1.0, +1, schedule);
            Simulation& s = fresh ? *other.sim : sim;
            s.restore(state);
            QCOMPARE(s.view().trainCount(), int(state.trains.size()));
            while (s.time() < 20 - 1e-9)
                s.step();
            QCOMPARE(ids(s), (std::vector<std::string>{"S", "S-2"}));
            QVERIFY2(poses(s) == end,
                     qPrintable(QString("from t = %1, %2").arg(t).arg(fresh ? "fresh" : "same")));
        }
    }
    // the finished run back to before the coupling
    sim.restore(states[0].second);
    QCOMPARE(ids(sim), (std::vector<std::string>{"R", "S"}));
    QCOMPARE(sim.view().collisions().size(), std::size_t(0));
}

void TstCoupling::driverUncouplingReplays() {
    Yard y = yard(1.0, +1, {{0, 0, 0, -1, ""}, {6, 0.4, 0, -1, ""}});
    Simulation& sim = *y.sim;
    Recording rec(240);
    rec.start(sim);
    while (sim.time() < 12 - 1e-9) {
        sim.step();
        rec.afterStep(sim);
    }
    rec.input(sim, {Recording::stepIndex(sim), 0, DriverInput::Kind::Uncouple, 1.0}); // behind the 2nd car
    QCOMPARE(ids(sim), (std::vector<std::string>{"S", "S-2"}));
    QCOMPARE(sim.view().trainInfo(0).cars.size(), std::size_t(2));
    while (sim.time() < 16 - 1e-9) {
        sim.step();
        rec.afterStep(sim);
    }
    const Pose last = sim.view().carPose(1, 1);
    Yard other = yard(1.0, +1, {{0, 0, 0, -1, ""}, {6, 0.4, 0, -1, ""}});
    rec.seek(*other.sim, rec.lastStep());
    QCOMPARE(ids(*other.sim), (std::vector<std::string>{"S", "S-2"}));
    QVERIFY(other.sim->view().carPose(1, 1).translation() == last.translation());
    // a seek back before the uncoupling brings the four-car train back
    rec.seek(*other.sim, Recording::stepIndex(sim) - 5 * 240);
    QCOMPARE(ids(*other.sim), std::vector<std::string>{"S"});
    QCOMPARE(other.sim->view().trainInfo(0).cars.size(), std::size_t(4));
}

void TstCoupling::csvNamesTheMergedTrain() {
    Yard y = yard(1.0, +1);
    Simulation& sim = *y.sim;
    const std::uint64_t before = sim.view().makeup();
    while (sim.time() < 4)
        sim.step();
    QVERIFY(sim.view().makeup() != before);
    // the samples after the coupling name train 0 = S, with four cars (car 3 the last wagon)
    bool lastWagon = false;
    const auto& samples = sim.telemetry().samples();
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const TelemetrySample& s = samples[i];
        if (s.t > sim.view().collisions()[0].t + 1e-9 && s.train >= 0) {
            QCOMPARE(s.train, 0);
            lastWagon = lastWagon || s.car == 3;
        }
    }
    QVERIFY(lastWagon);
}

void TstCoupling::badInput_data() {
    QTest::addColumn<QString>("trains");
    QTest::addColumn<QString>("message");
    QTest::newRow("coupling speed 0")
        << R"([{"id": "A", "cars": [{"base": "freight-wagon", "coupler": {"couplingSpeed": 0}}],
               "start": {"track": "L", "s": 100, "direction": 1}}])"
        << "/trains/0/cars/0/coupler/couplingSpeed";
    QTest::newRow("automatic not a boolean")
        << R"([{"id": "A", "cars": [{"base": "freight-wagon", "coupler": {"automatic": 2}}],
               "start": {"track": "L", "s": 100, "direction": 1}}])"
        << "/trains/0/cars/0/coupler/automatic";
    QTest::newRow("uncouple beyond every car")
        << R"([{"id": "A", "cars": ["locomotive", "freight-wagon"], "start": {"track": "L", "s": 100, "direction": 1},
               "schedule": [[0, 0, 0], [5, {"uncouple": 1}]]}])"
        << "/trains/0/schedule/1/1/uncouple: expected the index of a car (head = 0) that has a car behind "
           "it, "
           "from 0 to 0";
    QTest::newRow("uncouple negative")
        << R"([{"id": "A", "cars": ["locomotive", "freight-wagon"], "start": {"track": "L", "s": 100, "direction": 1},
               "schedule": [[5, {"uncouple": -1}]]}])"
        << "/trains/0/schedule/0/1/uncouple";
    QTest::newRow("uncouple a word")
        << R"([{"id": "A", "cars": ["locomotive", "freight-wagon"], "start": {"track": "L", "s": 100, "direction": 1},
               "schedule": [[5, {"split": 0}]]}])"
        << "/trains/0/schedule/0/1: expected {\"uncouple\": CAR}";
}

void TstCoupling::badInput() {
    QFETCH(QString, trains);
    QFETCH(QString, message);
    try {
        const Layout l = line(trains.toStdString());
        Simulation sim(l, SimulationOptions{}, "<test>");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QVERIFY2(QString(e.what()).contains(message), e.what());
    }
}

void TstCoupling::uncouplingOutsideTheTrain() {
    // two trains of one car each: "uncouple 0" parses (a train may grow to two cars), but the train has one
    const Layout l =
        line(R"([{"id": "A", "cars": ["locomotive"], "start": {"track": "L", "s": 100, "direction": 1},
                               "schedule": [[0, 0, 0], [1, {"uncouple": 0}]]},
                              {"id": "B", "cars": ["locomotive"], "start": {"track": "L", "s": 300, "direction": 1}}])");
    Simulation sim(l, SimulationOptions{}, "<test>");
    try {
        sim.runUntil(2.0);
        QFAIL("ran on");
    } catch (const SimulationError& e) {
        qInfo("%s", e.what());
        QVERIFY(QString(e.what()).contains("/trains/0/schedule/1"));
        QVERIFY(QString(e.what()).contains("it has 1 cars now"));
    }
    Yard y = yard(1.0, +1);
    try {
        y.sim->uncouple(0, 2); // the rake's last car has none behind it
        QFAIL("accepted");
    } catch (const SimulationError& e) {
        qInfo("%s", e.what());
        QVERIFY(QString(e.what()).contains("behind car 0 to 1, not 2"));
    }
    QCOMPARE(ids(*y.sim), (std::vector<std::string>{"R", "S"}));
}

QTEST_GUILESS_MAIN(TstCoupling)
#include "tst_coupling.moc"
