// Roller-coaster cars have clamped wheels (up-stop and guide wheels): on the coaster demo's banked, hilly
// loop the 4-car train must never derail, and its top speed must follow energy conservation
// (VALIDATION.md: v = sqrt(v0^2 + 2 g dh)) less the small rolling resistance of the cars.
#include "core/layout/Layout.h"
#include "physics/Simulation.h"

#include <QtTest>

#include <cmath>

using namespace tl;

class TstCoaster : public QObject {
    Q_OBJECT
private slots:
    void clampedCarsRideTheCoasterLoop() {
        const std::string file = TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json";
        const Layout layout = Layout::load(file);
        Simulation sim(layout, SimulationOptions{}, file);
        QCOMPARE(sim.trainCount(), 1);
        QVERIFY(sim.train(0).cars.front().stock.wheelRail.clamped);
        const double v0 = sim.trainSpeed(0);
        double zTop = -1e9, zLow = 1e9, vMax = 0;
        while (sim.time() < 40.0) {
            sim.step();
            const Vec3 a = sim.bogieAnchor(0, 0, 0);
            if (sim.time() < 1.0) zTop = std::max(zTop, a.z()); // the hill top it starts from
            zLow = std::min(zLow, a.z());
            vMax = std::max(vMax, std::abs(sim.bogieSpeed(0, 0, 0)));
        }
        QVERIFY2(sim.derailments().empty(),
                 sim.derailments().empty() ? "" : sim.derailments().front().message.c_str());
        const double vEnergy = std::sqrt(v0 * v0 + 2 * 9.81 * (zTop - zLow));
        qInfo("top speed %.3f m/s, energy bound %.3f m/s (drop %.2f m), %.2f %% lost to rolling resistance",
              vMax, vEnergy, zTop - zLow, 100 * (1 - vMax / vEnergy));
        QVERIFY(vMax <= vEnergy * 1.001); // no energy is created
        QVERIFY(vMax >= vEnergy * 0.95);  // resistance (Davis a = 20 N, c = 0.3) costs a few percent
    }
};

QTEST_APPLESS_MAIN(TstCoaster)
#include "tst_coaster.moc"
