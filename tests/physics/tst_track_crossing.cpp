// Row forces across track-end crossings: the feeder re-makes a joint where a vehicle or bogie passes from
// one track to the next; the row forces must be those of one continuous track at every step, including
// the crossing steps. References (docs/validation.md "Dynamics"): static on level track the vertical row
// force is m g; steady on a flat curve the lateral row force is m v^2 kappa (kappa of the clothoid at s,
// 0 on a straight). A fresh joint used to report zero forces, and a bogie's next lateral and roll limits
// (Nadal x Q, Q gauge/2, Q = last vertical force) were then zero for one step, followed by a catch-up
// spike of twice the steady lateral force.
#include "LayoutText.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cmath>
#include <string>

using namespace tl;

namespace {
constexpr double g = 9.81;

// Flat chains, all seams continuous in position, heading and curvature:
//   "lines":    straight a (40 m) -> straight b (40 m) -> straight c (200 m)
//   "clothoid": straight a (40 m) -> clothoid b (40 m, kappa 0 -> 1/R) -> arc c (R, 200 m)
//   "flip":     straight a (40 m) end <-> end of straight b (200 m) laid backwards (direction flips)
Layout chain(const QString& kind, double R) {
    const std::string head = R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "a", "curve": {"type": "line", "length": 40}},)";
    if (kind == "flip")
        return layoutFrom(head + R"(
        {"id": "b", "curve": {"type": "line", "length": 200},
         "placement": {"position": [240, 0, 0], "rotation": [0, 0, 0, 1]}}],
        "connections": [{"a": ["a", "end"], "b": ["b", "end"]}]})");
    const std::string b = kind == "lines" ? R"({"type": "line", "length": 40})"
                                          : R"({"type": "clothoid", "length": 40, "curvatureStart": 0,
                                               "curvatureEnd": )" +
                                                std::to_string(1 / R) + "}";
    const std::string c = kind == "lines" ? R"({"type": "line", "length": 200})"
                                          : R"({"type": "arc", "radius": )" + std::to_string(R) +
                                                R"(, "angle": )" + std::to_string(200 / R) + "}";
    return layoutFrom(head + R"({"id": "b", "curve": )" + b + R"(, "placement": {"after": ["a", "end"]}},
        {"id": "c", "curve": )" +
                      c + R"(, "placement": {"after": ["b", "end"]}}],
        "connections": [{"a": ["a", "end"], "b": ["b", "start"]}, {"a": ["b", "end"], "b": ["c", "start"]}]})");
}

SimulationOptions quiet() {
    SimulationOptions o;
    o.recordTelemetry = false;
    return o;
}

// Worst deviations from the closed forms over a run, normalised by the reference force m g.
struct Deviation {
    double lateral = 0.0;  // max |f1 - m v^2 kappa| / (m g) [-]
    double vertical = 0.0; // max |f2 - m g| / (m g) [-]
    int crossings = 0;     // track changes seen
};

void check(Deviation& d, const TrackJointConstraint& joint, double m, double v, double kappa) {
    const double f1 = joint.rowForce(1), f2 = joint.rowForce(2);
    // Row 1 pushes along wF.N; wF.N points to the centre of a left-turning flat curve (kappa > 0), so the
    // centripetal force is +m v^2 kappa along wF.N, whichever way the vehicle faces.
    d.lateral = std::max(d.lateral, std::abs(f1 - m * v * v * kappa) / (m * g));
    d.vertical = std::max(d.vertical, std::abs(f2 - m * g) / (m * g));
}
} // namespace

class TstTrackCrossing : public QObject {
    Q_OBJECT
private slots:
    void vehicleRowForcesAcrossSeams_data();
    void vehicleRowForcesAcrossSeams();
    void bogieRowForcesAcrossSeams_data();
    void bogieRowForcesAcrossSeams();
};

void TstTrackCrossing::vehicleRowForcesAcrossSeams_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("line-line-line") << "lines";
    QTest::newRow("line-clothoid-arc") << "clothoid";
    QTest::newRow("like ends (direction flips)") << "flip";
}

void TstTrackCrossing::vehicleRowForcesAcrossSeams() {
    QFETCH(QString, kind);
    const double R = 200, v0 = 20;
    const Layout layout = chain(kind, R);
    VehicleSpec spec;
    spec.id = "v";
    spec.track = "a";
    spec.s = 20;
    spec.speed = v0;
    spec.mass = 1000;
    Simulation sim(layout, {}, {spec}, quiet());
    const double m = spec.mass;
    Deviation d;
    int track = sim.engine().vehicle(0).position.track;
    while (sim.time() < 4.0) { // 80 m: both seams, then 20 m on the last track
        const TrackPosition before = sim.engine().vehicle(0).position;
        sim.step();
        const TrackPosition& now = sim.engine().vehicle(0).position;
        QVERIFY(sim.engine().vehicle(0).railed);
        if (now.track != track) ++d.crossings;
        track = now.track;
        // The forces of this step belong to the frame at its start (s before): kappa there.
        const double kappa = layout.track(std::size_t(before.track)).localFrame(before.s).F.kappa;
        check(d, *sim.engine().vehicle(0).joint, m, sim.view().vehicleSpeed(0), kappa);
    }
    qInfo("%s: %d crossing(s), max |f1 - m v^2 kappa| = %.2e m g, max |f2 - m g| = %.2e m g",
          qPrintable(kind), d.crossings, d.lateral, d.vertical);
    QCOMPARE(d.crossings, kind == "flip" ? 1 : 2);
    // Frictionless, level: speed conserved, the rows carry exactly m g and m v^2 kappa up to the
    // constraint drift (docs/validation.md: ~0.2 mm offsets at 240 Hz). 0.1 % of m g = 1 % of the 20 m/s,
    // R = 200 m centripetal force (0.2 g); a zeroed or doubled crossing step misses by 100 %.
    QVERIFY(d.vertical < 1e-3);
    QVERIFY(d.lateral < 1e-3);
}

void TstTrackCrossing::bogieRowForcesAcrossSeams_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("line-line-line") << "lines";
    QTest::newRow("line-clothoid-arc") << "clothoid";
    QTest::newRow("like ends (direction flips)") << "flip";
}

void TstTrackCrossing::bogieRowForcesAcrossSeams() {
    QFETCH(QString, kind);
    const double R = 300, v0 = 20;
    const Layout layout = chain(kind, R);
    RollingStockSpec stock = loadRollingStock("passenger-car", defaultRollingStockDirs());
    stock.resistance = {}; // free rolling: v stays v0
    stock.brakeForce = 0;
    TrainSpec t;
    t.id = "T";
    t.cars = {stock};
    t.track = "a";
    t.s = 20; // bogies at 20 +- spacing/2: both cross both seams within 4 s
    t.speed = v0;
    Simulation sim(layout, quiet());
    sim.addTrain(t);
    // Each bogie carries itself and half the car body.
    const double m = stock.bogies.mass + stock.body.mass / 2;
    Deviation d;
    std::vector<int> track;
    for (const auto& b : sim.engine().train(0).cars[0].bogies)
        track.push_back(b.position.track);
    while (sim.time() < 4.0) {
        std::vector<TrackPosition> before;
        for (const auto& b : sim.engine().train(0).cars[0].bogies)
            before.push_back(b.position);
        sim.step();
        QVERIFY(sim.view().derailments().empty());
        const auto& bogies = sim.engine().train(0).cars[0].bogies;
        for (std::size_t k = 0; k < bogies.size(); ++k) {
            if (bogies[k].position.track != track[k]) ++d.crossings;
            track[k] = bogies[k].position.track;
            // The car body spans the chord: on the clothoid each bogie sees its own kappa, the car's
            // yaw acceleration adds a little (covered by the tolerance below).
            const double kappa = layout.track(std::size_t(before[k].track)).localFrame(before[k].s).F.kappa;
            check(d, *bogies[k].joint, m, sim.view().bogieSpeed(0, 0, int(k)), kappa);
        }
    }
    qInfo("%s: %d crossing(s), max |f1 - m v^2 kappa| = %.2e m g, max |f2 - m g| = %.2e m g",
          qPrintable(kind), d.crossings, d.lateral, d.vertical);
    QCOMPARE(d.crossings, kind == "flip" ? 2 : 4);
    // m v^2 / R = 0.136 m g here. Vertical: the car is level, 0.1 % of m g. Lateral: half the body rides
    // on the car centre's kappa, not the bogie's: on the clothoid |M/2 v^2 kappa' spacing/2| = 2.2 % of
    // m g (partly offset by the body's yaw acceleration; measured 0.8 %), so 2.5 %. The crossing defect
    // missed by m v^2 kappa = 13.6 % of m g (zero, then double) and by 100 % of m g vertically.
    QVERIFY(d.vertical < 1e-3);
    QVERIFY(d.lateral < 2.5e-2);
}

QTEST_APPLESS_MAIN(TstTrackCrossing)
#include "tst_track_crossing.moc"
