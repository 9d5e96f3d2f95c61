// Single vehicles (the layout's "vehicles") touching each other and trains through their boxes
// (docs/trains-format.md, "Buffers and collisions"; docs/vehicles-format.md).
//
// Two vehicles of 1 000 kg on one level straight, 4 m boxes, free rolling: "A" at 5 m/s from s = 10 m runs
// into "B" standing at s = 40 m. Momentum is conserved (1 %: the trackjoint's rows act along the track too),
// the closing speed of the event is A's speed (2 %), kinetic energy is lost, not gained, and B stays ahead
// of A by its box (within 5 cm). Bullet's box contact has no restitution coefficient; separating the boxes
// after their 2 cm overlap leaves them with a restitution of 0.20 (measured; the bound is 0.25). A locomotive
// at 5 m/s running into a standing vehicle of 2 t pushes it ahead: one event, the vehicle never more than 5
// cm into the locomotive's box (inside its buffers: a vehicle has none, and the buffer heads reach past the
// box by their stroke).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarBox.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

std::unique_ptr<Simulation> build(const std::string& movers) {
    const LayoutSpec spec = parseLayoutSpec(
        R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 400}}], )" +
            movers + "}",
        "<test>");
    return std::make_unique<Simulation>(Layout::compile(spec, "<test>"), SimulationOptions{}, "<test>");
}

} // namespace

class TstVehicleContact : public QObject {
    Q_OBJECT
private slots:
    void vehiclesRearEnd();
    void trainPushesVehicle();
};

void TstVehicleContact::vehiclesRearEnd() {
    auto sim = build(R"("vehicles": [
        {"id": "A", "track": "L", "s": 10, "speed": 5, "mass": 1000, "box": [4, 2, 2], "cgHeight": 1.0},
        {"id": "B", "track": "L", "s": 40, "speed": 0, "mass": 1000, "box": [4, 2, 2], "cgHeight": 1.0}])");
    SimulationEngine& e = sim->engine();
    const double m = 1000, v0 = e.vehicleSpeed(0);
    QVERIFY(std::abs(v0 - 5.0) < 1e-9);
    double vBefore = v0, vLast = v0, gapMin = 1e9; // A's speed two steps before the event: before the contact
    while (sim->time() < 12.0) {
        if (sim->view().collisions().empty()) vBefore = vLast, vLast = e.vehicleSpeed(0);
        sim->step();
        gapMin = std::min(gapMin, e.vehicle(1).position.s - e.vehicle(0).position.s);
    }
    const auto& c = sim->view().collisions();
    QCOMPARE(c.size(), std::size_t(1));
    const CollisionEvent& ev = c.front();
    const double vA = e.vehicleSpeed(0), vB = e.vehicleSpeed(1);
    qInfo("%s; after: A %.4f m/s, B %.4f m/s; closest centres %.4f m", ev.message.c_str(), vA, vB, gapMin);
    QCOMPARE(ev.kind, std::string("bodies"));
    QVERIFY(ev.vehicle >= 0 && ev.otherVehicle >= 0 && ev.vehicle != ev.otherVehicle);
    QCOMPARE(ev.train, -1);
    QCOMPARE(ev.otherTrain, -1);
    QVERIFY(std::abs(std::abs(ev.closingSpeed) / vBefore - 1) < 0.02);
    QVERIFY(std::abs((m * vA + m * vB) / (m * vBefore) - 1) < 0.01); // momentum
    const double restitution = (vB - vA) / vBefore;
    qInfo("restitution %.4f", restitution);
    QVERIFY(restitution >= 0 && restitution < 0.25); // B not overtaken; the boxes' contact about inelastic
    QVERIFY(0.5 * m * (vA * vA + vB * vB) <= 0.5 * m * vBefore * vBefore * (1 + 1e-9)); // no gain
    QVERIFY(gapMin > 4.0 - 0.05); // never deeper than 5 cm into each other
}

void TstVehicleContact::trainPushesVehicle() {
    auto sim = build(R"("vehicles": [
        {"id": "box", "track": "L", "s": 200, "speed": 0, "mass": 2000, "box": [4, 2, 2], "cgHeight": 1.0}],
        "trains": [{"id": "T", "cars": ["locomotive"], "start": {"track": "L", "s": 150}, "speed": 5}])");
    SimulationEngine& e = sim->engine();
    QVERIFY(e.grouping().empty()); // with vehicles every train stays in the main world
    const Car& loco = e.train(0).cars.front();
    const double half = insideBuffers(loco.stock).x(); // the railed body's box ends inside the buffers
    double overlapMax = -1e9;
    while (sim->time() < 15.0) {
        sim->step();
        const double locoCentre = 0.5 * (e.train(0).cars.front().bogies.front().position.s +
                                         e.train(0).cars.front().bogies.back().position.s);
        overlapMax = std::max(overlapMax, (locoCentre + half) - (e.vehicle(0).position.s - 2.0));
    }
    const auto& c = sim->view().collisions();
    QVERIFY(!c.empty());
    const CollisionEvent& ev = c.front();
    qInfo("%s; vehicle after: %.3f m/s at s = %.2f m; deepest %.3f m", ev.message.c_str(), e.vehicleSpeed(0),
          e.vehicle(0).position.s, overlapMax);
    QCOMPARE(ev.vehicle, 0);
    QCOMPARE(ev.otherTrain, 0);
    QCOMPARE(ev.otherTrainId, std::string("T"));
    QVERIFY(e.vehicleSpeed(0) > 1.0); // pushed ahead
    QVERIFY(overlapMax < 0.05);       // never more than 5 cm into the locomotive's box
}

QTEST_GUILESS_MAIN(TstVehicleContact)
#include "tst_vehicle_contact.moc"
