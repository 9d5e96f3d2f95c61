// Coupler limits: a locomotive pulls three freight wagons whose two rear wagons are braked hard (brakes
// applied and dragging: a constant retarding force B each, Davis a = B). Newton on the rigid train gives the
// steady acceleration and every coupler force [closed form]:
//   a  = (F - 2B) / M,            M = m_loco + 3 m_wagon
//   T0 = F - m_loco a             (loco | wagon 1)
//   T1 = T0 - m_wagon a           (wagon 1 | wagon 2)
//   T2 = B + m_wagon a            (wagon 2 | wagon 3)
// With the rating between T2 and T1, couplers 0 and 1 -- and only they -- record a "tension" overload
// event; with the brakes released no coupler reaches the rating and none is recorded.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {
Layout straight(double length) {
    return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": )" +
                                               std::to_string(length) + "}}]}",
                                           "<test>"),
                           "<test>");
}

// Shipped stock, resistance off; couplers without slack and damped near critically (the draft gear of a
// heavy train: the start of traction does not ring the couplers above their steady force).
RollingStockSpec stock(const std::string& name, double limit) {
    RollingStockSpec s = loadRollingStock(name, defaultRollingStockDirs());
    s.resistance = {};
    s.coupler.slack = 0.0;
    s.coupler.damping = 2.0e6; // zeta ~ 0.9 for the loco against the rest [N s/m]
    s.coupler.limit = limit;
    return s;
}
} // namespace

class TstCouplerLimits : public QObject {
    Q_OBJECT
private slots:
    void overloadUnderHardBraking_data();
    void overloadUnderHardBraking();
    void snapshotRestoreKeepsEvents();
};

void TstCouplerLimits::overloadUnderHardBraking_data() {
    QTest::addColumn<double>("rearBrake"); // B per rear wagon [N]
    QTest::newRow("rear wagons braked 120 kN each") << 120.0e3;
    QTest::newRow("brakes released") << 0.0;
}

void TstCouplerLimits::overloadUnderHardBraking() {
    QFETCH(double, rearBrake);
    // Rating [N], every coupler (the weaker of each pair): between T2 (122 kN) and T1 (245 kN) when braked,
    // above T0 = 174 kN and its start-of-traction transient (~205 kN) when released.
    const double rating = 230.0e3;
    const RollingStockSpec loco = stock("locomotive", 1.5e6);
    const RollingStockSpec wagon = stock("freight-wagon", rating);
    RollingStockSpec braked = wagon;
    braked.resistance.a = rearBrake;
    TrainSpec t;
    t.id = "goods";
    t.cars = {loco, wagon, braked, braked};
    t.track = "L";
    t.s = 300;
    t.speed = 2.0; // F(v) = min(250 kN, 4 MW / v) = 250 kN up to 16 m/s
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(straight(2000), o);
    sim.addTrain(t);
    sim.setThrottle(0, 1.0);

    const double F = loco.traction->maxForce, mL = loco.totalMass(), mW = wagon.totalMass();
    const double a = (F - 2 * rearBrake) / (mL + 3 * mW);
    const double T[3] = {F - mL * a, F - mL * a - mW * a, rearBrake + mW * a};
    // Mean coupler forces over t = 6..12 s (steady; v stays below 16 m/s).
    double mean[3] = {0, 0, 0};
    int n = 0;
    while (sim.time() < 12.0) {
        sim.step();
        if (sim.time() > 6.0) {
            for (int k = 0; k < 3; ++k)
                mean[k] += sim.engine().train(0).couplers[std::size_t(k)].force;
            ++n;
        }
    }
    QVERIFY(sim.view().derailments().empty());
    QVERIFY(sim.view().trainSpeed(0) < 16.0);
    for (int k = 0; k < 3; ++k) {
        mean[k] /= n;
        qInfo("coupler %d: mean force %.0f N, closed form %.0f N (%.3f %%), max %.0f N, rating %.0f N", k,
              mean[k], T[k], 100 * (mean[k] - T[k]) / T[k],
              sim.engine().train(0).couplers[std::size_t(k)].maxForce, rating);
        QVERIFY(std::abs(mean[k] - T[k]) < 0.02 * T[k]); // steady Newton, 2 %
    }
    const auto& ev = sim.view().couplerEvents();
    for (const auto& e : ev)
        qInfo("%s; peak %.0f N for %.2f s", e.message.c_str(), e.peakForce, e.duration);
    std::vector<int> over;
    for (int k = 0; k < 3; ++k)
        if (T[k] > rating) over.push_back(k);
    QCOMPARE(int(ev.size()), int(over.size())); // one episode per overloaded coupler, no ringing
    for (std::size_t i = 0; i < ev.size(); ++i) {
        const CouplerEvent& e = ev[i];
        QCOMPARE(e.coupler, over[i]);
        QCOMPARE(QString::fromStdString(e.kind), QString("tension"));
        QCOMPARE(QString::fromStdString(e.trainId), QString("goods"));
        QCOMPARE(e.limit, rating);
        QVERIFY(e.force > rating);
        // Peak: at least the steady force (the start of traction overshoots it); the coupler's own maximum.
        QVERIFY2(e.peakForce >= 0.99 * T[e.coupler], qPrintable(QString::number(e.peakForce)));
        QCOMPARE(e.peakForce, sim.engine().train(0).couplers[std::size_t(e.coupler)].maxForce);
        QVERIFY(e.t < 2.0);                                 // the onset, while the couplers take the load
        QVERIFY(std::abs(e.duration - (12.0 - e.t)) < 0.1); // still over the rating at the end of the run
        QCOMPARE(QString::fromStdString(e.trackId), QString("L"));
        QVERIFY(e.s > 250 && e.s < 320); // the front car's rear bogie (starts at 294.75 / 277 m), t < 2 s
    }
    // The control is a real control: released, no coupler ever reached the rating, transient included.
    if (rearBrake == 0)
        for (const auto& c : sim.engine().train(0).couplers)
            QVERIFY(c.maxForce < rating);
}

void TstCouplerLimits::snapshotRestoreKeepsEvents() {
    // An episode open at the snapshot continues after restore; events after it are forgotten.
    const RollingStockSpec loco = stock("locomotive", 1.5e6);
    RollingStockSpec braked = stock("freight-wagon", 150.0e3);
    braked.resistance.a = 100.0e3;
    TrainSpec t;
    t.id = "goods";
    t.cars = {loco, braked, braked};
    t.track = "L";
    t.s = 300;
    t.speed = 5.0;
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(straight(2000), o);
    sim.addTrain(t);
    const SimulationState before = sim.snapshot();
    sim.setThrottle(0, 1.0);
    sim.runUntil(3.0);
    QCOMPARE(int(sim.view().couplerEvents().size()),
             1); // T0 = F - mL (F - 2B)/M = 230 kN > 150 kN > T1 = 115 kN
    const SimulationState mid = sim.snapshot();
    sim.runUntil(4.0);
    const CouplerEvent end1 = sim.view().couplerEvents().front();
    sim.restore(mid);
    sim.runUntil(4.0);
    QCOMPARE(int(sim.view().couplerEvents().size()), 1);
    QCOMPARE(sim.view().couplerEvents().front().duration,
             end1.duration); // the same open episode, bit for bit
    QCOMPARE(sim.view().couplerEvents().front().peakForce, end1.peakForce);
    sim.restore(before);
    QVERIFY(sim.view().couplerEvents().empty());
}

QTEST_APPLESS_MAIN(TstCouplerLimits)
#include "tst_coupler_limits.moc"
