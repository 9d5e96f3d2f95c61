// Wreckage after a derailment obeys physics (docs/trains-format.md, "Physics"). The demo's 5-car train at
// full throttle from t = 0 overturns its locomotive in corner c3 at ~41 m/s (as tst_train_demo and the GUI's
// drive test find), then for the rest of a 300 s run:
//   - energy only leaves: no body's centre of mass is faster than the train's speed at the derailment plus
//   the speed
//     of a free fall through the height it has lost, sqrt(2 g dh) [closed form, docs/validation.md "Energy"],
//     and the train's kinetic + potential energy never rises above its value at the derailment (the
//     traction is cut, so no work enters);
//   - nothing climbs: no body above the highest track point + 3 m (a car's centre of mass rides 1.9 m up);
//   - the wreck comes to rest: every body slower than 0.05 m/s from 30 s after the derailment on;
//   - coupler overloads are episodes (before the fix the sliding wreck fed itself through the couplers'
//     off-axis force until bodies flew at 10^5 m/s, logging 12 393 overload events in 300 s).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/joint/BulletEigen.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tl;

namespace {
constexpr double g = 9.81;
const std::string kDemo = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/demo.json";

std::vector<const btRigidBody*> bodiesOf(const Train& t) {
    std::vector<const btRigidBody*> out;
    for (const auto& c : t.cars) {
        out.push_back(c.body.get());
        for (const auto& b : c.bogies)
            out.push_back(b.body.get());
    }
    return out;
}

double highestTrackPoint(const Layout& layout) {
    double zmax = -1e300;
    for (std::size_t t = 0; t < layout.trackCount(); ++t) {
        const double L = layout.track(t).length();
        for (int k = 0; k <= 1000; ++k)
            zmax = std::max(zmax, layout.frameInWorld(t, L * k / 1000).F.P.z());
    }
    return zmax;
}
} // namespace

class TstWreckage : public QObject {
    Q_OBJECT
private slots:
    void fullThrottleWreckComesToRest();
    void replayThroughDerailmentIsBitIdentical();
};

void TstWreckage::fullThrottleWreckComesToRest() {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    spec.trains[0]["schedule"] = nlohmann::json::array({{0.0, 1.0, 0.0}}); // full throttle from t = 0
    const Layout layout = Layout::compile(spec, kDemo);
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(layout, o, kDemo);
    const double zTop = highestTrackPoint(layout);

    // Per-step rows a log of every step over a limit would hold (the "before" of one event per episode).
    long yqRows = 0, unloadingRows = 0;
    auto countRows = [&] {
        for (const auto& c : sim.engine().train(0).cars)
            for (const auto& b : c.bogies) {
                if (!b.railed) continue;
                yqRows += b.margins.yq > b.margins.yqLimit ? 1 : 0;
                unloadingRows += b.margins.dqq > o.derailment.unloading ? 1 : 0;
            }
    };
    while (sim.view().derailments().empty() && sim.time() < 120.0) {
        sim.step();
        countRows();
    }
    QVERIFY(!sim.view().derailments().empty());
    const DerailmentEvent first = sim.view().derailments().front();
    qInfo("%s", first.message.c_str());
    QVERIFY(first.trackId == "c3" || first.trackId == "c3-in");
    QCOMPARE(QString::fromStdString(first.cause), QString("overturn"));
    QVERIFY(std::abs(first.speed - 41.0) < 1.0);

    const std::vector<const btRigidBody*> bodies = bodiesOf(sim.engine().train(0));
    std::vector<double> v0, z0;
    for (const btRigidBody* b : bodies) {
        btVector3 centre;
        btScalar radius;
        b->getCollisionShape()->getBoundingSphere(centre, radius);
        // its fastest material point: a tumbling body carries part of its energy as rotation [m/s]
        v0.push_back(b->getLinearVelocity().length() + b->getAngularVelocity().length() * radius);
        z0.push_back(b->getCenterOfMassPosition().z());
    }
    // The train's speed at the derailment: the fastest point of any of its bodies (coupled bodies trade
    // momentum, and a bogie swung by its tumbling car may pass its own centre's speed by a fraction of a per
    // cent: the energy check below is the strict one).
    const double vMax0 = *std::max_element(v0.begin(), v0.end());
    const double t0 = sim.time(), E0 = sim.view().trainEnergy(0);
    double KE0 = 0;
    for (const btRigidBody* b : bodies)
        KE0 += 0.5 / b->getInvMass() * b->getLinearVelocity().length2();

    double worstSpeedRatio = 0, worstAt = 0, zHigh = -1e300, maxRestSpeed = 0, maxEnergyGain = -1e300;
    while (sim.time() < 300.0 - 0.5 * sim.dt()) {
        sim.step();
        countRows();
        maxEnergyGain = std::max(maxEnergyGain, sim.view().trainEnergy(0) - E0);
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            const double v = bodies[i]->getLinearVelocity().length();
            const double z = bodies[i]->getCenterOfMassPosition().z();
            const double bound = vMax0 + std::sqrt(2 * g * std::max(0.0, z0[i] - z));
            if (v / bound > worstSpeedRatio) worstSpeedRatio = v / bound, worstAt = sim.time();
            zHigh = std::max(zHigh, z);
            if (sim.time() >= t0 + 30.0) maxRestSpeed = std::max(maxRestSpeed, v);
        }
    }
    int broken = 0;
    for (const auto& c : sim.engine().train(0).couplers)
        broken += c.broken ? 1 : 0;
    qInfo("derailed at t = %.3f s, %.3f m/s; %zu derailment event(s), %zu coupler event(s), %d coupler(s) "
          "parted; worst speed / bound %.4f (t = %.3f s); highest body %.3f m (track top %.3f m); max speed "
          "from "
          "t0 + 30 s: %.5f m/s; max energy gain %.1f J of %.3e J kinetic",
          t0, first.speed, sim.view().derailments().size(), sim.view().couplerEvents().size(), broken,
          worstSpeedRatio, worstAt, zHigh, zTop, maxRestSpeed, maxEnergyGain, KE0);
    QVERIFY(worstSpeedRatio <= 1.0);
    QVERIFY(zHigh <= zTop + 3.0);
    QVERIFY(maxRestSpeed < 0.05);
    QVERIFY(maxEnergyGain <= 1e-3 * KE0);
    // One event per episode: at most a few per coupler over the whole wreck (12 393 before).
    QVERIFY(sim.view().couplerEvents().size() <= 2 * sim.engine().train(0).couplers.size());
    std::size_t yqEpisodes = 0, unloadingEpisodes = 0;
    for (const WheelEvent& e : sim.view().wheelEvents()) {
        (e.kind == "Y/Q" ? yqEpisodes : unloadingEpisodes) += 1;
        QVERIFY(e.peak >= e.value && e.peak > e.limit && e.duration > 0);
    }
    qInfo(
        "wheel episodes: Y/Q over the limit %zu (per-step rows %ld), wheel unloading over %.2f %zu (per-step "
        "rows %ld)",
        yqEpisodes, yqRows, o.derailment.unloading, unloadingEpisodes, unloadingRows);
    // never thousands of rows: an episode per bogie and curve at most
    QVERIFY(yqEpisodes < 100 && long(yqEpisodes) <= yqRows);
    QVERIFY(unloadingEpisodes < 100 && long(unloadingEpisodes) <= unloadingRows);
    // Every car has left the rails; none is driven any more.
    for (const auto& c : sim.engine().train(0).cars)
        QVERIFY(c.derailed);
    QVERIFY(sim.engine().train(0).derailed);
}

// Faithful replay: a three-car train at line speed (30 m/s) overturns in c3 (as in tst_train_demo). A
// snapshot at 2 s, a run to 15 s (derailment, then the cars slide on the ground), a restore and the same run
// again: the same derailments at the same t and s, and a bit-identical telemetry hash and final state. The
// same from a snapshot taken while the wreck slides on the ground (its contact caches restored).
// Before restore() applied the pivot locks and collision groups through the run's own functions, the rerun
// derailed at 6.783 s, s = 18.76 m instead of 6.471 s, s = 9.38 m.
void TstWreckage::replayThroughDerailmentIsBitIdentical() {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    const double top = Layout::compile(spec, kDemo).trackById("top").length();
    spec.trains = nlohmann::json::array({{{"id", "T"},
                                          {"cars", {"locomotive", "passenger-car", "passenger-car"}},
                                          {"start", {{"track", "top"}, {"s", top - 150}}},
                                          {"speed", 30.0}}});
    Simulation sim(Layout::compile(spec, kDemo), SimulationOptions{}, kDemo);
    sim.setThrottle(0, 30.0 / 44.0); // hold line speed
    sim.runUntil(2.0);
    const SimulationState at2 = sim.snapshot();
    // past the derailment (6.47 s), 0.2 s after the wreck first touched the ground: it slides
    double touched = -1;
    SimulationState at8;
    while (sim.time() < 14.0) {
        sim.step();
        at8 = sim.snapshot();
        if (touched < 0 && !at8.contacts.empty()) touched = sim.time();
        if (touched >= 0 && sim.time() >= touched + 0.2 && !at8.contacts.empty())
            break; // (a first touch bounces)
    }
    QVERIFY(sim.engine().train(0).cars.front().derailed);
    QVERIFY(!at8.contacts.empty());
    sim.runUntil(15.0);
    const std::vector<DerailmentEvent> live = sim.view().derailments();
    const std::uint64_t liveHash = sim.telemetry().hash();
    const SimulationState live15 = sim.snapshot();
    const std::vector<WheelEvent> liveWheel = sim.view().wheelEvents();
    const std::vector<CouplerEvent> liveCoupler = sim.view().couplerEvents();
    QVERIFY(!live.empty());
    for (const auto& e : live)
        qInfo("live:   %s", e.message.c_str());

    sim.restore(at2);
    QVERIFY(sim.view().derailments().empty());
    sim.runUntil(15.0);
    const std::vector<DerailmentEvent> replay = sim.view().derailments();
    for (const auto& e : replay)
        qInfo("replay: %s", e.message.c_str());
    QCOMPARE(replay.size(), live.size());
    for (std::size_t i = 0; i < live.size(); ++i) {
        QCOMPARE(replay[i].t, live[i].t);
        QCOMPARE(replay[i].s, live[i].s);
        QCOMPARE(replay[i].trackId, live[i].trackId);
    }
    QCOMPARE(sim.telemetry().hash(), liveHash);
    const SimulationState replay15 = sim.snapshot();
    for (std::size_t i = 0; i < live15.bodies.size(); ++i) {
        QVERIFY(replay15.bodies[i].pose.matrix() == live15.bodies[i].pose.matrix());
        QVERIFY(replay15.bodies[i].v == live15.bodies[i].v);
    }
    // The wreck lies on the ground: its contacts were part of what was replayed.
    QVERIFY(sim.engine().train(0).cars.front().derailed);

    // Restored in mid-slide: Bullet's persistent contact points (warm-started impulses) come back with the
    // state, and the world solves the contacts in a fixed order -- the same run, bit for bit.
    sim.restore(at8);
    QCOMPARE(sim.view().derailments().size(), at8.derailments);
    sim.runUntil(15.0);
    QCOMPARE(sim.telemetry().hash(), liveHash);
    const SimulationState slide15 = sim.snapshot();
    for (std::size_t i = 0; i < live15.bodies.size(); ++i) {
        QVERIFY(slide15.bodies[i].pose.matrix() == live15.bodies[i].pose.matrix());
        QVERIFY(slide15.bodies[i].v == live15.bodies[i].v);
    }
    qInfo("restored at %.4f s (ground contact from %.4f s) with %zu contact manifold(s): telemetry hash %llx "
          "as live",
          at8.time, touched, at8.contacts.size(), (unsigned long long)liveHash);

    // A replay as the GUI makes one: another Simulation, which never saw the run's events, restores the
    // mid-slide snapshot (open episodes point at events it does not hold) -- it steps on without an error
    // to the same state. Given the run's events first (copyEventsFrom), it re-records the later ones with
    // the same numbers, onsets, peaks and durations.
    std::size_t open = 0;
    for (const auto& t : at8.trains)
        for (const auto& b : t.bogies)
            open += (b.yqEpisode.event >= 0) + (b.unloadingEpisode.event >= 0);
    for (const bool withEvents : {false, true}) {
        Simulation replay(Layout::compile(spec, kDemo), SimulationOptions{}, kDemo);
        if (withEvents) replay.telemetry().copyEventsFrom(sim.telemetry());
        replay.restore(at8);
        replay.runUntil(15.0);
        const SimulationState r15 = replay.snapshot();
        for (std::size_t i = 0; i < live15.bodies.size(); ++i)
            QVERIFY(r15.bodies[i].pose.matrix() == live15.bodies[i].pose.matrix());
        if (!withEvents) continue;
        QCOMPARE(replay.view().wheelEvents().size(), liveWheel.size());
        for (std::size_t i = 0; i < liveWheel.size(); ++i) {
            QCOMPARE(replay.view().wheelEvents()[i].t, liveWheel[i].t);
            QCOMPARE(replay.view().wheelEvents()[i].peak, liveWheel[i].peak);
            QCOMPARE(replay.view().wheelEvents()[i].duration, liveWheel[i].duration);
        }
        QCOMPARE(replay.view().couplerEvents().size(), liveCoupler.size());
        for (std::size_t i = 0; i < liveCoupler.size(); ++i)
            QCOMPARE(replay.view().couplerEvents()[i].peakForce, liveCoupler[i].peakForce);
    }
    qInfo(
        "a fresh replay from %.4f s (%zu open wheel episodes): %zu wheel-rail and %zu coupler events as live",
        at8.time, open, liveWheel.size(), liveCoupler.size());
}

QTEST_APPLESS_MAIN(TstWreckage)
#include "tst_wreckage.moc"
