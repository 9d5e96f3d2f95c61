// Roller-coaster cars have clamped wheels (up-stop and guide wheels): on the coaster demo's banked, hilly
// loop the 4-car train must never derail, and its top speed must follow energy conservation
// (docs/validation.md: v = sqrt(v0^2 + 2 g dh), v0 = the lift chain's speed at the crest) less the small
// rolling resistance of the cars. A ride (docs/layout-format.md, "The up frame"): from the station the
// booster and the lift chain (TrackDrives.h) take the train up; it completes the circuit back to the station
// without ever rolling backwards, and the station's booster brings it back to its speed. Honest channels
// (docs/trains-format.md, "Wheel-rail channels and episodes"): Y/Q is reported only while a bogie carries
// load (Q above 10 % of its static value; before the smooth bank ramps of docs/layout-format.md, "The up
// frame" the clamped cars' running wheels unloaded over the crests and the old ratio |f1| / max(Q, 1e-6 Q0)
// spiked to 936 388). Reported Y/Q stays within a few times the Nadal limit, is never reported while
// unloaded, and the wheel unloading ratio dQ/Q is a channel (<= 1, finite).
#include "core/layout/Layout.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tl;

class TstCoaster : public QObject {
    Q_OBJECT
private slots:
    // Built from specs (the constructor the benchmark uses) the coaster's train meets the same booster and
    // chain as built from the file: the layout's drive sections hold whichever way it was built (bit for
    // bit after 20 s: out of the station, up the lift).
    void specConstructorKeepsDriveSections() {
        const std::string file = TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json";
        const Layout layout = Layout::load(file);
        Simulation fromFile(layout, SimulationOptions{}, file);
        Simulation fromSpecs(layout, std::vector<BodySpec>{}, std::vector<VehicleSpec>{});
        fromSpecs.addTrain(parseTrains(layout.spec().trains, layout, file).at(0));
        fromFile.runUntil(20.0);
        fromSpecs.runUntil(20.0);
        QVERIFY(fromFile.view().trainSpeed(0) > 1.0); // moved by the drives (it starts at rest)
        const Vec3 a = fromFile.view().bogieAnchor(0, 0, 0), b = fromSpecs.view().bogieAnchor(0, 0, 0);
        QVERIFY2(a == b, qPrintable(QString("head bogie %1 m apart").arg((a - b).norm())));
    }
    void clampedCarsRideTheCoasterLoop() {
        const std::string file = TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json";
        const Layout layout = Layout::load(file);
        Simulation sim(layout, SimulationOptions{}, file);
        QCOMPARE(sim.view().trainCount(), 1);
        QVERIFY(sim.engine().train(0).cars.front().stock.wheelRail.clamped);
        const double v0 = 3.5; // the lift chain's speed (coaster.json "drives")
        const double L = layout.track(0).length();
        double zTop = -1e9, zLow = 1e9, vMax = 0, vMin = 1e9, travelled = 0,
               prevS = sim.engine().train(0).cars[0].bogies[0].position.s;
        bool crested = false, backInStation = false;
        while (sim.time() < 120.0 && !backInStation) {
            sim.step();
            const Vec3 a = sim.view().bogieAnchor(0, 0, 0);
            const double s = sim.engine().train(0).cars[0].bogies[0].position.s;
            double ds = s - prevS;
            ds -= L * std::round(ds / L); // across s = 0 of the closed loop
            travelled += ds;
            prevS = s;
            zTop = std::max(zTop, a.z());
            if (a.z() > 24.0) crested = true;
            if (crested) zLow = std::min(zLow, a.z());
            for (int c = 0; c < int(sim.engine().train(0).cars.size()); ++c)
                for (int b = 0; b < int(sim.engine().train(0).cars[std::size_t(c)].bogies.size()); ++b) {
                    vMin = std::min(vMin, sim.view().bogieSpeed(0, c, b)); // along +s (the train faces +s)
                }
            // the energy bound below is the head bogie's (it crests at the chain's speed)
            if (crested) vMax = std::max(vMax, std::abs(sim.view().bogieSpeed(0, 0, 0)));
            backInStation =
                travelled > L && s > 490 && s < 530 && std::abs(sim.view().trainSpeed(0) - 2.5) < 0.3;
        }
        qInfo(
            "ride: %.1f m travelled in %.1f s, back in the station at %.2f m/s; slowest bogie speed %.3f m/s",
            travelled, sim.time(), sim.view().trainSpeed(0), vMin);
        QVERIFY(crested);
        QVERIFY(backInStation);
        QVERIFY(vMin > -0.01); // never rolls backwards (the chain's anti-rollback, enough speed everywhere)
        QVERIFY2(sim.view().derailments().empty(),
                 sim.view().derailments().empty() ? "" : sim.view().derailments().front().message.c_str());
        const double vEnergy = std::sqrt(v0 * v0 + 2 * 9.81 * (zTop - zLow));
        qInfo("top speed %.3f m/s, energy bound %.3f m/s (drop %.2f m), %.2f %% lost to rolling resistance",
              vMax, vEnergy, zTop - zLow, 100 * (1 - vMax / vEnergy));
        QVERIFY(vMax <= vEnergy * 1.001); // no energy is created
        QVERIFY(vMax >= vEnergy * 0.95);  // resistance (Davis a = 20 N, c = 0.3) costs a few percent

        double rawMax = 0, yqMax = 0, dqqMax = -1e9, dqqMin = 1e9, limit = 0;
        long unloaded = 0, bogieSamples = 0;
        for (const TelemetrySample& x : sim.telemetry().samples()) {
            if (x.train < 0 || !x.railed) continue;
            ++bogieSamples;
            const double Q0 =
                sim.engine().train(0).cars[std::size_t(x.car)].bogies[std::size_t(x.bogie)].staticLoad;
            rawMax = std::max(rawMax, std::abs(x.f[0]) / std::max(x.f[1], 1e-6 * Q0)); // the old channel
            limit = x.yqLimit;
            yqMax = std::max(yqMax, x.yq);
            dqqMax = std::max(dqqMax, x.dqq);
            dqqMin = std::min(dqqMin, x.dqq);
            if (x.unloaded) {
                ++unloaded;
                QCOMPARE(x.yq, 0.0); // not reported
                QVERIFY(x.f[1] <= 0.1 * Q0);
            } else
                QVERIFY(x.f[1] > 0.1 * Q0);
        }
        qInfo("Y/Q: old ratio peaked at %.0f; reported Y/Q max %.3f (Nadal limit %.3f); %ld of %ld bogie "
              "samples "
              "unloaded (Q <= 10 %% Q0); dQ/Q in [%.3f, %.3f]",
              rawMax, yqMax, limit, unloaded, bogieSamples, dqqMin, dqqMax);
        QVERIFY(yqMax <= 10.0 * limit);            // never orders of magnitude over the limit
        QVERIFY(dqqMax <= 1.0 + 1e-12);            // the lighter wheel carries nothing at most
        QVERIFY(sim.view().wheelEvents().empty()); // clamped wheels: neither limit applies
    }
};

QTEST_APPLESS_MAIN(TstCoaster)
#include "tst_coaster.moc"
