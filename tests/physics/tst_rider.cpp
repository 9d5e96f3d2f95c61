// Rider channels (physics/monitor/RiderChannels.h) against the closed forms of docs/validation.md, "Bank,
// cant and ride": bottom of a vertical circle 1 + v^2/(g R); flat curve R banked phi at speed v: lateral
// (v^2/R cos phi - g sin phi)/g, vertical (v^2/R sin phi + g cos phi)/g; +1 g vertical at rest; cant
// deficiency = equilibrium cant - actual cant (E = b sin phi, b = 1.5 m). Layouts are built in the test.
#include "LayoutText.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "core/units/CantUnits.h"
#include "physics/monitor/RiderChannels.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <cmath>
#include <numbers>
#include <sstream>

using namespace tl;

namespace {
constexpr double g = 9.81;
const double pi = std::numbers::pi;

std::string num(double x) {
    std::ostringstream o;
    o.precision(17);
    o << x;
    return o.str();
}
// A vehicle held at `speed` by its motor (a stiff one: the speed stays within a few mm/s).
std::string motorVehicle(const std::string& track, double s, double speed, double riderHeight) {
    return R"({"id": "v", "track": ")" + track + R"(", "s": )" + num(s) + R"(, "speed": )" + num(speed) +
           R"(, "mass": 1000, "box": [2, 1.5, 1.5], "cgHeight": 0.8, "riderHeight": )" + num(riderHeight) +
           R"(, "motor": {"targetSpeed": )" + num(speed) + R"(, "maxForce": 1e6}})";
}
} // namespace

class TstRider : public QObject {
    Q_OBJECT
private slots:
    void filterPassesConstantAcceleration();
    void atRestReadsOneG();
    void trainAtRestReadsOneG();
    void bottomOfVerticalArc_data();
    void bottomOfVerticalArc();
    void bankedFlatCurve_data();
    void bankedFlatCurve();
    void cantDeficiencyClosedForm();
    void cantDeficiencyInRun();
    void riderHeightInSpecs();
};

void TstRider::filterPassesConstantAcceleration() {
    // Uniform circular motion of the COM, radius 50 m at 10 m/s, fed step by step: the window difference of
    // the velocity is the chord, |a| = v^2/R (1 - (w N dt)^2/24) -> 2 g/s^2 horizontal + g up.
    RiderState st;
    const double R = 50, v = 10, w = v / R, dt = 1.0 / 240;
    RiderChannels c;
    for (int n = 0; n < 100; ++n) {
        const double th = w * n * dt;
        RiderInput in;
        in.body.linear() = Eigen::AngleAxisd(th, Vec3::UnitZ()).toRotationMatrix(); // x along the velocity
        in.v = v * Vec3(std::cos(th), std::sin(th), 0); // heading th, turning left about +z
        in.w = Vec3(0, 0, w);
        in.dt = dt;
        c = updateRider(st, in);
    }
    QCOMPARE(riderWindowSteps(dt), 12);
    qInfo("lateral %.6f g (expected %.6f), vertical %.6f, longitudinal %.2e", c.lateral, v * v / R / g,
          c.vertical, c.longitudinal);
    QVERIFY(std::abs(c.lateral - v * v / R / g) < 1e-5);
    QVERIFY(std::abs(c.vertical - 1.0) < 1e-12);
    QVERIFY(std::abs(c.longitudinal) < 0.01 * v * v / R / g); // the window lags by half its length
    QVERIFY(std::abs(c.jerk) < 1e-3);
    QCOMPARE(c.rollRate, 0.0);
}

void TstRider::atRestReadsOneG() {
    // A vehicle standing on a level straight: +1 g vertical, nothing else.
    const Layout L = layoutFrom(R"({"format": "tracklab-layout", "version": 1,
      "tracks": [{"id": "S", "curve": {"type": "line", "length": 100}, "frame": "up"}],
      "vehicles": [{"id": "v", "track": "S", "s": 50, "speed": 0}]})");
    Simulation sim(L);
    sim.runUntil(2.0);
    const RiderChannels& r = sim.view().vehicleRider(0);
    qInfo("at rest: vertical %.9f g, lateral %.2e g, longitudinal %.2e g, jerk %.2e g/s", r.vertical,
          r.lateral, r.longitudinal, r.jerk);
    QVERIFY(std::abs(r.vertical - 1.0) < 1e-6);
    QVERIFY(std::abs(r.lateral) < 1e-6 && std::abs(r.longitudinal) < 1e-6);
    QVERIFY(r.hasCantDeficiency && std::abs(r.cantDeficiency) < 1e-9); // a railway layout, no cant
    QCOMPARE(sim.telemetry().samples().back().rider.vertical, r.vertical);
}

void TstRider::trainAtRestReadsOneG() {
    // A two-car train (coach on two bogies, car body on a roll spring) standing still: every car +1 g.
    const Layout L = layoutFrom(R"({"format": "tracklab-layout", "version": 1,
      "tracks": [{"id": "S", "curve": {"type": "line", "length": 200}, "frame": "up"}],
      "trains": [{"id": "T", "cars": ["passenger-car", "passenger-car"],
                  "start": {"track": "S", "s": 120, "direction": 1}, "speed": 0}]})");
    Simulation sim(L);
    sim.runUntil(3.0);
    for (int c = 0; c < 2; ++c) {
        const RiderChannels& r = sim.view().carRider(0, c);
        qInfo("car %d at rest: vertical %.6f g, lateral %.2e, longitudinal %.2e, cant deficiency %.3f mm", c,
              r.vertical, r.lateral, r.longitudinal, 1000 * r.cantDeficiency);
        QVERIFY(std::abs(r.vertical - 1.0) < 1e-3);
        QVERIFY(std::abs(r.lateral) < 1e-3 && std::abs(r.longitudinal) < 1e-3);
        QVERIFY(r.hasCantDeficiency && std::abs(r.cantDeficiency) < 1e-6);
    }
    // the car's rider point rides in both of its bogie rows of the CSV
    std::ostringstream csv;
    sim.telemetry().writeCsv(csv, sim.view().vehicleIds(), sim.view().trackIds(), sim.view().trainIds());
    const std::string text = csv.str();
    QVERIFY(text.find("rider_vertical_g,rider_lateral_g,rider_longitudinal_g,rider_jerk_g_per_s,"
                      "rider_roll_rate_deg_per_s,cant_deficiency_mm") != std::string::npos);
}

void TstRider::bottomOfVerticalArc_data() {
    QTest::addColumn<double>("riderHeight"); // above the rails [m]
    QTest::addColumn<double>("speed");       // [m/s]
    QTest::newRow("rider on the rails, 15 m/s") << 0.0 << 15.0;
    QTest::newRow("heartline 1.1 m, 15 m/s") << 1.1 << 15.0;
    QTest::newRow("rider on the rails, 25 m/s") << 0.0 << 25.0;
}

void TstRider::bottomOfVerticalArc() {
    QFETCH(double, riderHeight);
    QFETCH(double, speed);
    // Arc R = 40 m, 1 rad, in the vertical xz plane (placement Ry(0.5) Rx(pi/2)), lowest point at s = 20 m;
    // an up-frame track with no bank, so wB = +z at the bottom.
    const double R = 40;
    const double c = std::cos(0.25), sn = std::sin(0.25), r = std::sqrt(0.5);
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "V",
        "curve": {"type": "arc", "radius": 40, "angle": 1.0}, "frame": "up",
        "placement": {"rotation": [)" +
                             num(c * r) + "," + num(c * r) + "," + num(sn * r) + "," + num(-sn * r) +
                             R"(]}}], "vehicles": [)" + motorVehicle("V", 2.0, speed, riderHeight) + "]}";
    const Layout L = layoutFrom(json);
    QVERIFY(L.frameInWorld(0, 20.0).F.T.isApprox(Vec3::UnitX(), 1e-6));
    QVERIFY(L.frameInWorld(0, 20.0).wB.isApprox(Vec3::UnitZ(), 1e-6));
    Simulation sim(L);
    // the sample nearest the bottom (s = 20 m)
    TelemetrySample bottom;
    double best = 1e9;
    while (sim.time() < 3.0 && sim.engine().vehicle(0).railed) {
        sim.step();
        const TelemetrySample& smp = sim.telemetry().samples().back();
        if (std::abs(smp.s - 20.0) < best) best = std::abs(smp.s - 20.0), bottom = smp;
    }
    QVERIFY(best < 0.5 * speed / 240 + 1e-9);
    // docs/validation.md: 1 + v^2/(g R) at the rails; a rider h above them circles at R - h with the same
    // rate.
    const double v = bottom.speed, Rp = R - riderHeight;
    const double expected = 1 + v * v * Rp / (g * R * R);
    qInfo("bottom of the arc at %.3f m/s: vertical %.5f g, expected %.5f g (%.3f %%); lateral %.1e, "
          "longitudinal "
          "%.1e",
          v, bottom.rider.vertical, expected, 100 * (bottom.rider.vertical - expected) / expected,
          bottom.rider.lateral, bottom.rider.longitudinal);
    QVERIFY(std::abs(v - speed) < 0.01 * speed);
    QVERIFY2(std::abs(bottom.rider.vertical - expected) < 0.01 * expected,
             qPrintable(QString("vertical %1 g, expected %2 g").arg(bottom.rider.vertical).arg(expected)));
    QVERIFY(std::abs(bottom.rider.lateral) < 0.01);
}

void TstRider::bankedFlatCurve_data() {
    QTest::addColumn<double>("speed");       // [m/s]
    QTest::addColumn<double>("bankDeg");     // towards the centre [deg]
    QTest::addColumn<double>("riderHeight"); // [m]
    QTest::newRow("R 100, 8 deg, 20 m/s, rider on the rails") << 20.0 << 8.0 << 0.0;
    QTest::newRow("R 100, 8 deg, 20 m/s, heartline 1.1 m") << 20.0 << 8.0 << 1.1;
    QTest::newRow("R 100, 8 deg, 10 m/s (over-banked)") << 10.0 << 8.0 << 0.0;
    QTest::newRow("R 100, flat, 15 m/s") << 15.0 << 0.0 << 1.2;
}

void TstRider::bankedFlatCurve() {
    QFETCH(double, speed);
    QFETCH(double, bankDeg);
    QFETCH(double, riderHeight);
    // Arc R = 100 m turning left (+y) through 3 rad, a constant bank leaning in (negative: positive turns wB
    // to the right, docs/layout-format.md "The up frame").
    const double R = 100, phi = bankDeg * pi / 180;
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "C",
        "curve": {"type": "arc", "radius": 100, "angle": 3.0}, "frame": "up",
        "twist": {"type": "constant", "angle": )" +
                             num(-phi) + R"(}}], "vehicles": [)" +
                             motorVehicle("C", 0.0, speed, riderHeight) + "]}";
    Simulation sim(layoutFrom(json));
    // steady part: from 1 s (the filter and the motor settled) until 0.9 of the arc
    double maxLat = 0, maxVert = 0, sumLat = 0, sumVert = 0;
    int n = 0;
    double expLat = 0, expVert = 0;
    while (sim.engine().vehicle(0).railed && sim.engine().vehicle(0).position.s < 0.9 * 300) {
        sim.step();
        if (sim.time() < 1.0) continue;
        const TelemetrySample& smp = sim.telemetry().samples().back();
        // the rider point h above the rails sits h sin(phi) nearer the centre
        const double v = smp.speed, Rp = R - riderHeight * std::sin(phi);
        const double ac = v * v / R * (Rp / R); // (v/R)^2 Rp
        expLat = (ac * std::cos(phi) - g * std::sin(phi)) / g;
        expVert = (ac * std::sin(phi) + g * std::cos(phi)) / g;
        maxLat = std::max(maxLat, std::abs(smp.rider.lateral - expLat));
        maxVert = std::max(maxVert, std::abs(smp.rider.vertical - expVert));
        sumLat += smp.rider.lateral;
        sumVert += smp.rider.vertical;
        ++n;
    }
    QVERIFY(n > 240);
    QVERIFY(sim.engine().vehicle(0).railed);
    qInfo("%d steady samples: lateral mean %.6f g, expected %.6f g (max dev %.2e g = %.3f %%); vertical mean "
          "%.6f g, expected %.6f g (max dev %.2e g = %.3f %%)",
          n, sumLat / n, expLat, maxLat, 100 * maxLat / std::abs(expLat), sumVert / n, expVert, maxVert,
          100 * maxVert / expVert);
    QVERIFY2(maxLat <= 0.01 * std::abs(expLat), qPrintable(QString("lateral off by %1 g").arg(maxLat)));
    QVERIFY2(maxVert <= 0.01 * expVert, qPrintable(QString("vertical off by %1 g").arg(maxVert)));
}

void TstRider::cantDeficiencyClosedForm() {
    // Hand figure: R = 300 m, 100 km/h, actual cant 100 mm over b = 1.5 m. Equilibrium bank
    // atan(v^2/(g R)) = atan(771.60/2943) = 0.256412 rad, equilibrium cant 1500 sin(0.256412) = 380.417 mm,
    // deficiency 280.417 mm (the small-angle rule 11.8 V^2/R gives 393.3 - 100 = 293.3 mm).
    const double R = 300, v = 100 / 3.6, b = 1.5, E = 0.100;
    const double phi = bankFromCant(E, b);
    // a flat left curve at the origin heading +x, banked towards the centre (+y)
    Frame F;
    F.T = Vec3::UnitX();
    F.N = Vec3::UnitY();
    F.B = Vec3::UnitZ();
    F.kappa = 1 / R;
    TwistedFrame w = twisted(F, 0.0, 0.0);
    w.wB = Vec3(0, std::sin(phi), std::cos(phi));
    w.wN = w.wB.cross(F.T);
    const double d = riderCantDeficiency(w, v, b);
    qInfo("cant deficiency %.3f mm (hand figure 280.417 mm; CantUnits %.3f mm)", 1000 * d,
          1000 * cantDeficiency(v, 1 / R, phi, b));
    QVERIFY(std::abs(1000 * d - 280.417) < 0.01);
    QVERIFY(std::abs(d - cantDeficiency(v, 1 / R, phi, b)) < 1e-12);
    // a right curve mirrored: the same figure
    Frame Fr = F;
    Fr.N = -Vec3::UnitY();
    Fr.B = -Vec3::UnitZ();
    TwistedFrame wr = twisted(Fr, 0.0, 0.0);
    wr.wB = Vec3(0, -std::sin(phi), std::cos(phi));
    QVERIFY(std::abs(riderCantDeficiency(wr, v, b) - d) < 1e-12);
    // banked the wrong way: the cant adds to the deficiency
    wr.wB = Vec3(0, std::sin(phi), std::cos(phi));
    QVERIFY(std::abs(1000 * riderCantDeficiency(wr, v, b) - 480.417) < 0.01);
    // a straight with 100 mm of cant: -100 mm (excess)
    Frame S = F;
    S.kappa = 0;
    TwistedFrame ws = twisted(S, 0.0, 0.0);
    ws.wB = Vec3(0, std::sin(phi), std::cos(phi));
    QVERIFY(std::abs(1000 * riderCantDeficiency(ws, v, b) + 100.0) < 1e-9);
    // a level straight climbing at 5 %: wB tilts back along the track, not across it: no cant (the
    // horizontal part of wB, 1500 sin(atan 0.05) = 74.9 mm, is pitch, not cant)
    const double grade = std::atan(0.05);
    Frame G = S;
    G.T = Vec3(std::cos(grade), 0, std::sin(grade));
    G.B = Vec3(-std::sin(grade), 0, std::cos(grade));
    TwistedFrame wg = twisted(G, 0.0, 0.0);
    QVERIFY(std::abs(riderCantDeficiency(wg, v, b)) < 1e-12);
    // ... and with 100 mm of cant on that grade: -100 mm
    const Vec3 side = Vec3::UnitY();
    wg.wB = std::cos(phi) * G.B + std::sin(phi) * side;
    QVERIFY(std::abs(1000 * riderCantDeficiency(wg, v, b) + 100.0) < 1e-9);
}

void TstRider::cantDeficiencyInRun() {
    // A railway layout (b = 1.5 m): arc R = 300 m with 100 mm of cant, a vehicle at 100 km/h: 280.4 mm.
    const double R = 300, v = 100 / 3.6, phi = bankFromCant(0.1, 1.5);
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "C",
        "curve": {"type": "arc", "radius": 300, "angle": 1.0}, "frame": "up",
        "twist": {"type": "constant", "angle": )" +
                             num(-phi) + R"(}}], "vehicles": [)" + motorVehicle("C", 0.0, v, 1.2) + "]}";
    Simulation sim(layoutFrom(json));
    sim.runUntil(3.0);
    const TelemetrySample& smp = sim.telemetry().samples().back();
    const double expected = cantDeficiency(smp.speed, 1 / R, phi, 1.5);
    qInfo("in the run at %.3f m/s: cant deficiency %.3f mm, expected %.3f mm", smp.speed,
          1000 * smp.rider.cantDeficiency, 1000 * expected);
    QVERIFY(smp.rider.hasCantDeficiency);
    QVERIFY(std::abs(smp.rider.cantDeficiency - expected) < 1e-3); // within 1 mm (the anchor's offset)
    QVERIFY(std::abs(1000 * smp.rider.cantDeficiency - 280.417) < 2.0);
    // the CSV carries it in mm
    std::ostringstream row;
    Telemetry::writeRiderColumns(row, smp.rider);
    QVERIFY(row.str().find(",280.") != std::string::npos);
    // a coaster layout states no cant deficiency
    std::string coaster = json;
    coaster.insert(coaster.find('{') + 1, R"("look": "coaster", )");
    Simulation sc(layoutFrom(coaster));
    sc.runUntil(0.5);
    QVERIFY(!sc.view().vehicleRider(0).hasCantDeficiency);
}

void TstRider::riderHeightInSpecs() {
    // rolling stock: the heartline for clamped (coaster) wheels, the floor otherwise, or the file's value
    const auto dirs = defaultRollingStockDirs();
    QCOMPARE(loadRollingStock("coaster-car", dirs).body.riderHeight, kCoasterRiderHeight);
    QCOMPARE(loadRollingStock("passenger-car", dirs).body.riderHeight, kRailwayRiderHeight);
    const auto j = nlohmann::json::parse(R"({"name": "x", "body": {"riderHeight": 0.9}})");
    QCOMPARE(parseRollingStock(j, "x.json", "").body.riderHeight, 0.9);
    const auto bad = nlohmann::json::parse(R"({"name": "x", "body": {"riderHeight": -1}})");
    try {
        parseRollingStock(bad, "x.json", "");
        QFAIL("a negative rider height was accepted");
    } catch (const std::exception& e) {
        qInfo("%s", e.what());
        QVERIFY(QString(e.what()).contains("/body/riderHeight"));
    }
}

QTEST_APPLESS_MAIN(TstRider)
#include "tst_rider.moc"
