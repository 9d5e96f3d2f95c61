// Trains in their own Bullet worlds (Simulation.h): on ground tracks the trains are split into worlds of
// about 40 bogies, each solved island by island until its own rows converge (RowForceSolver, BulletWorld). A
// train's run must then not depend on which other trains exist or which world it lands in:
//   1. the demo's line-speed case (locomotive + 2 coaches at 30 m/s into c3, overturn at t = 6.7958 s) run
//      alone, and last behind 40 other trains of the same make running at other speeds, 8 to 17.75 m/s,
//      under c3's critical speed (six trains of 6 bogies to a world: the train runs in the seventh, with four
//      others; 246 bogies, so the fleet steps with the prefetch of each next world and the feed's gathering
//      of track tables, which the train alone does not): it derails at the same
//      step, place and speed as when alone, and its bodies end 1.5 s past the derailment (wreck on the
//      ground) in bit-identical poses (a solve that ended by the largest residual of a batch of islands
//      fails this). (A derailment of another train in the same world rebuilds that world's broadphase and
//      hands the wreck's contact points back: tst_regroup.)
//   2. a snapshot of that fleet before the derailment, restored and run on past it, repeats the live run bit
//      for bit across all seven train worlds (derailments, ground contacts, every body's pose).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cstring>

using namespace tl;

namespace {
const std::string kDemo = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/demo.json";
constexpr int kOthers = 40; // trains ahead of the one watched

// The line-speed train "T" at 30 m/s on "top", and behind it kOthers trains at 17.75, 17.5, ... 8 m/s
// (throttle 0.3), 4 m apart at the start (each 68 m over its buffers) round the 3.8 km loop: every train is
// faster than the one behind it at the start; two of them (O25 and O26) still meet, at 1.1 m/s near
// t = 5.8 s, in another world than T's. Their couplers are not automatic (docs/trains-format.md, "Coupling
// and uncoupling"): they meet as buffers, and the trains keep their indices.
std::unique_ptr<Simulation> lineSpeedFleet(int others) {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    const Layout demo = Layout::load(kDemo);
    const TrackPosition head{demo.trackIndex("top"), demo.trackById("top").length() - 150, +1};
    spec.trains = nlohmann::json::array();
    auto add = [&](const std::string& id, double speed, double behind) {
        const TrackPosition p = demo.advance(head, -behind, demo.initialSwitchStates()).position;
        spec.trains.push_back(
            {{"id", id},
             {"cars",
              {{{"base", "locomotive"}, {"coupler", {{"automatic", false}}}},
               {{"base", "passenger-car"}, {"coupler", {{"automatic", false}}}},
               {{"base", "passenger-car"}, {"coupler", {{"automatic", false}}}}}},
             {"start",
              {{"track", demo.track(std::size_t(p.track)).id()}, {"s", p.s}, {"direction", p.direction}}},
             {"speed", speed}});
    };
    for (int i = 0; i < others; ++i)
        add("O" + std::to_string(i), 8.0 + 0.25 * i, 72.0 * (others - i));
    add("T", 30.0, 0.0);
    SimulationOptions o;
    o.recordTelemetry = false;
    auto sim = std::make_unique<Simulation>(Layout::compile(spec, kDemo), o, kDemo);
    for (int i = 0; i < others; ++i)
        sim->setThrottle(i, 0.3);
    sim->setThrottle(others, 30.0 / 44.0);
    return sim;
}

bool samePose(const Pose& a, const Pose& b) {
    return std::memcmp(a.matrix().data(), b.matrix().data(), sizeof(double) * 16) == 0;
}

// Every body of train t in a, bit for bit as train u in b.
bool sameTrain(const Simulation& a, int t, const Simulation& b, int u) {
    for (int c = 0; c < int(a.engine().train(t).cars.size()); ++c) {
        if (!samePose(a.view().carPose(t, c), b.view().carPose(u, c))) return false;
        for (int k = 0; k < int(a.engine().train(t).cars[std::size_t(c)].bogies.size()); ++k)
            if (!samePose(a.view().bogiePose(t, c, k), b.view().bogiePose(u, c, k))) return false;
    }
    return true;
}
} // namespace

class TstTrainWorlds : public QObject {
    Q_OBJECT
private slots:
    void trainRunsAsAloneInAnyWorld();
    void restoreRepeatsEveryWorld();
};

void TstTrainWorlds::trainRunsAsAloneInAnyWorld() {
    auto alone = lineSpeedFleet(0);
    auto fleet = lineSpeedFleet(kOthers);
    QCOMPARE(fleet->view().bogieCount(), 6 * (kOthers + 1));
    alone->runUntil(8.3);
    fleet->runUntil(8.3);
    QVERIFY(!alone->view().derailments().empty());
    const DerailmentEvent& first = alone->view().derailments().front();
    qInfo("alone: %s; %zu derailment events", first.message.c_str(), alone->view().derailments().size());
    QCOMPARE(QString::fromStdString(first.trackId), QString("c3"));
    QVERIFY(std::abs(first.t - 6.7958) < 0.001);
    std::size_t n = 0, others = 0;
    for (const DerailmentEvent& e : fleet->view().derailments()) {
        if (e.train != kOthers) {
            ++others;
            continue;
        }
        const DerailmentEvent& a = alone->view().derailments().at(n++);
        QCOMPARE(e.t, a.t);
        QCOMPARE(e.s, a.s);
        QCOMPARE(e.speed, a.speed);
        QCOMPARE(e.car, a.car);
        QCOMPARE(QString::fromStdString(e.cause), QString::fromStdString(a.cause));
    }
    qInfo("in the fleet: the same %zu events; the other trains %zu", n, others);
    for (const CollisionEvent& e : fleet->view().collisions())
        qInfo("%s", e.message.c_str());
    QCOMPARE(others, std::size_t(0));
    QCOMPARE(n, alone->view().derailments().size());
    QVERIFY(sameTrain(*fleet, kOthers, *alone, 0));
}

void TstTrainWorlds::restoreRepeatsEveryWorld() {
    auto live = lineSpeedFleet(kOthers);
    live->runUntil(6.5); // railed, 0.3 s before the overturn
    QVERIFY(live->view().derailments().empty());
    const SimulationState before = live->snapshot();
    live->runUntil(8.3); // derailed, cars on the ground
    QVERIFY(!live->view().derailments().empty());
    QVERIFY(!live->snapshot().contacts.empty());

    auto replay = lineSpeedFleet(kOthers);
    replay->restore(before);
    replay->runUntil(8.3);
    QCOMPARE(replay->view().derailments().size(), live->view().derailments().size());
    for (std::size_t k = 0; k < live->view().derailments().size(); ++k) {
        QCOMPARE(replay->view().derailments()[k].t, live->view().derailments()[k].t);
        QCOMPARE(replay->view().derailments()[k].train, live->view().derailments()[k].train);
        QCOMPARE(replay->view().derailments()[k].s, live->view().derailments()[k].s);
    }
    for (int i = 0; i <= kOthers; ++i)
        QVERIFY2(sameTrain(*replay, i, *live, i), ("train " + std::to_string(i)).c_str());
    QCOMPARE(replay->snapshot().contacts.size(), live->snapshot().contacts.size());
}

QTEST_GUILESS_MAIN(TstTrainWorlds)
#include "tst_train_worlds.moc"
