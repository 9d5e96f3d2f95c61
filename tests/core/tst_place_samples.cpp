// PlaceSamples (core/checks/PlaceSamples.h): the places a layout is checked at, against closed forms.
// Sampling: n = ceil(L / sampling) equal steps, both ends included. The energy speed model (frictionless,
// g = 9.81) on straight slopes: from the crest v^2 = v0^2 - 2 g dz, from a drive section's end
// v^2 = vd^2 - 2 g (z - zd), the drive's own speed inside it, and a train that cannot climb "stalls" where
// v^2 < 0. On a level arc of radius R at line speed v (rider at the rails): curvature 1/R with its sign,
// lateral specific force v^2 / R toward the centre, vertical g, cant deficiency b sin(atan(v^2 / (g R))). A
// banked arc's cant into the curve b sin|phi| over the layout's railCentreDistance b, and a linear bank
// ramp's cant gradient b cos(phi) dphi/ds (core/units/CantUnits.h, docs/rules-format.md).
#include "core/checks/PlaceSamples.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

constexpr double kG = 9.81; // as everywhere in TrackLab (core/checks/PlaceSamples.cpp)

std::string num(double x) {
    return QString::number(x, 'g', 17).toStdString();
}

Layout layoutFrom(const std::string& tracks, const std::string& extra = {}) {
    const std::string text =
        R"({"format": "tracklab-layout", "version": 2, )" + extra + R"("tracks": [)" + tracks + "]}";
    return Layout::compile(parseLayoutSpec(text, "samples.json"), "samples.json");
}

// A straight line of length L [m] pitched by theta [rad]: z = -s sin(theta) (theta > 0 runs downhill). The
// placement turns x about y by theta: quaternion [cos(theta/2), 0, sin(theta/2), 0].
Layout slope(double L, double theta) {
    return layoutFrom(R"({"id": "slope", "curve": {"type": "line", "length": )" + num(L) +
                      R"(}, "placement": {"rotation": [)" + num(std::cos(theta / 2)) + ", 0, " +
                      num(std::sin(theta / 2)) + ", 0]}}");
}

RuleProfile energy(double crestSpeed, double sampling) {
    RuleProfile p;
    p.speed = SpeedModel::Energy;
    p.crestSpeed = crestSpeed;
    p.sampling = sampling;
    return p;
}

} // namespace

class TstPlaceSamples : public QObject {
    Q_OBJECT
private slots:
    void placesCoverTheTrackEvenly();
    void energySpeedFromTheCrest();
    void energySpeedFromADriveSection();
    void climbingTrainStalls();
    void lateralOnALevelArc();
    void bankedArcCantAndDeficiency();
    void cantGradientOfALinearRamp();
};

void TstPlaceSamples::placesCoverTheTrackEvenly() {
    // 200 m at sampling 3 m: 67 steps of 200/67 = 2.985 m (<= 3), 68 places from 0 to 200
    const Layout L = slope(200, 0.0);
    const auto t = samplePlaces(L, energy(1, 3.0), {}, false);
    QCOMPARE(t.size(), std::size_t(1));
    const auto& ps = t[0].places;
    QCOMPARE(ps.size(), std::size_t(68));
    QCOMPARE(ps.front().s, 0.0);
    QCOMPARE(ps.back().s, 200.0);
    for (std::size_t i = 1; i < ps.size(); ++i)
        QVERIFY(std::abs(ps[i].s - ps[i - 1].s - 200.0 / 67) < 1e-12); // one rounding of L i / n each
    // a sampling that divides the length exactly: 100 steps of 2 m (no extra place from rounding)
    QCOMPARE(samplePlaces(L, energy(1, 2.0), {}, false)[0].places.size(), std::size_t(101));
    // level: every place keeps the crest speed, straight and uncanted
    for (const auto& p : ps) {
        QVERIFY(std::abs(p.speed - 1.0) < 1e-12);
        QCOMPARE(p.kappa, 0.0);
        QVERIFY(std::isinf(p.radius()));
        QVERIFY(std::abs(p.cant) < 1e-15);
    }
}

void TstPlaceSamples::energySpeedFromTheCrest() {
    // 300 m downhill at 0.05 rad from a crest passed at 5 m/s: v^2 = 25 + 2 g s sin(0.05)
    const double theta = 0.05;
    const Layout L = slope(300, theta);
    const auto t = samplePlaces(L, energy(5, 1.0), {}, false);
    const auto& ps = t[0].places;
    QCOMPARE(ps.size(), std::size_t(301));
    for (const auto& p : ps) {
        const double v = std::sqrt(25 + 2 * kG * p.s * std::sin(theta));
        // z from the placement rotation: rounding of a few 1e-16 relative, i.e. ~1e-13 m at 300 m; v at least
        // 5 m/s, so dv = g dz / v < 1e-12 m/s
        QVERIFY2(std::abs(p.speed - v) < 1e-10,
                 qPrintable(QString("s %1: %2 vs %3").arg(p.s).arg(p.speed).arg(v)));
        QVERIFY(!p.stalls);
    }
    // at the foot, 15 m lower: v = sqrt(25 + 2 g 300 sin 0.05) = 17.8655 m/s
    QVERIFY(std::abs(ps.back().speed - 17.8655) < 1e-4);
    // the same layout run the other way is uphill all along: the crest is now the end
    const auto up = samplePlaces(slope(300, -theta), energy(5, 1.0), {}, false)[0].places;
    QVERIFY(std::abs(up.front().speed - ps.back().speed) < 1e-9);
    QVERIFY(std::abs(up.back().speed - 5.0) < 1e-9);
}

void TstPlaceSamples::energySpeedFromADriveSection() {
    // a booster from s = 20 to 50 m at 3 m/s on the 0.05 rad downhill: inside it its speed, after it
    // v^2 = 9 + 2 g (s - 50) sin(0.05); before it (nothing upstream) the crest model at 8 m/s from s = 0
    const double theta = 0.05;
    const Layout L = slope(200, theta);
    const std::vector<DriveSection> drives = {{0, 20.0, 50.0, 3.0, +1}};
    const auto ps = samplePlaces(L, energy(8, 1.0), drives, false)[0].places;
    for (const auto& p : ps) {
        double v = 0;
        if (p.s < 20)
            v = std::sqrt(64 + 2 * kG * p.s * std::sin(theta));
        else if (p.s <= 50)
            v = 3.0;
        else
            v = std::sqrt(9 + 2 * kG * (p.s - 50) * std::sin(theta));
        QVERIFY2(std::abs(p.speed - v) < 1e-10,
                 qPrintable(QString("s %1: %2 vs %3").arg(p.s).arg(p.speed).arg(v)));
    }
    // a section running toward decreasing s (direction -1) does not feed the model: the crest again
    const auto back = samplePlaces(L, energy(8, 1.0), {{0, 20.0, 50.0, 3.0, -1}}, false)[0].places;
    QVERIFY(std::abs(back[100].speed - std::sqrt(64 + 2 * kG * 100 * std::sin(theta))) < 1e-10);
}

void TstPlaceSamples::climbingTrainStalls() {
    // uphill at 0.05 rad after a drive ending at s = 10 m with 2 m/s: v^2 = 4 - 2 g (s - 10) sin(0.05)
    // reaches 0 at s = 10 + 4 / (2 g sin 0.05) = 14.08 m; beyond, the train cannot get there (speed 0)
    const double theta = -0.05, k = 2 * kG * std::sin(0.05);
    const Layout L = slope(40, theta);
    const auto ps = samplePlaces(L, energy(1, 1.0), {{0, 0.0, 10.0, 2.0, +1}}, false)[0].places;
    QCOMPARE(ps.size(), std::size_t(41));
    QVERIFY(std::abs(ps[14].speed - std::sqrt(4 - k * 4)) < 1e-10);
    QVERIFY(!ps[14].stalls);
    for (std::size_t i = 15; i < ps.size(); ++i) {
        QVERIFY(ps[i].stalls);
        QCOMPARE(ps[i].speed, 0.0);
    }
    for (std::size_t i = 0; i <= 10; ++i)
        QCOMPARE(ps[i].speed, 2.0);
}

void TstPlaceSamples::lateralOnALevelArc() {
    // level arcs of R = 200 m (1 rad, 200 m long) at the line speed 20 m/s, rider at the rails:
    // lateral v^2/R = 2 m/s^2 toward the centre (+ along wN on a left curve), vertical g
    const double R = 200, v = 20;
    const Layout L =
        layoutFrom(R"({"id": "left", "curve": {"type": "arc", "radius": 200, "angle": 1}, "lineSpeed": 20},
        {"id": "right", "curve": {"type": "arc", "radius": 200, "angle": -1}, "lineSpeed": 20,
         "placement": {"position": [0, -500, 0]}})");
    RuleProfile line;
    line.sampling = 5.0;
    const auto t = samplePlaces(L, line, {}, true);
    QCOMPARE(t.size(), std::size_t(2));
    // cant deficiency: b sin(atan(v^2 / (g R))) with b = 1.5 m: 0.2997 m
    const double y = v * v / (kG * R), deficiency = 1.5 * y / std::sqrt(1 + y * y);
    for (int k = 0; k < 2; ++k) {
        const double sign = k == 0 ? +1 : -1;
        QCOMPARE(t[k].lineSpeed, 20.0);
        QCOMPARE(t[k].places.size(), std::size_t(41));
        for (const auto& p : t[k].places) {
            QVERIFY(std::abs(p.kappa - sign / R) < 1e-12);
            QVERIFY(std::abs(p.radius() - R) < 1e-8);
            QCOMPARE(p.speed, v);
            QVERIFY(std::abs(p.cant) < 1e-15);
            QVERIFY(std::abs(p.deficiency - deficiency) < 1e-12);
            QVERIFY(p.deficiencyGradient < 1e-9); // constant along the arc
            // the rider's acceleration by central differences over +-0.25 m: the chord error of a circle is
            // d^2 / (12 R^2) = 1.3e-7 relative (2.6e-7 m/s^2), rounding of 200 m coordinates over d^2
            // ~1e-12 m/s^2: 1e-5 m/s^2 is a safe bound
            QVERIFY2(std::abs(p.lateral - sign * v * v / R) < 1e-5,
                     qPrintable(QString("s %1: lateral %2").arg(p.s).arg(p.lateral, 0, 'g', 12)));
            QVERIFY(std::abs(p.vertical - kG) < 1e-5);
        }
    }
}

void TstPlaceSamples::bankedArcCantAndDeficiency() {
    // a left arc R = 300 m banked into the curve by 0.08 rad (negative on a left curve, CantUnits.h) on a
    // layout with railCentreDistance 1.0 m: cant b sin 0.08 = 79.91 mm into the curve; at 25 m/s the
    // deficiency is b (sin(atan(v^2/(g R))) - sin 0.08)
    const double R = 300, v = 25, phi = 0.08, b = 1.0;
    const Layout L = layoutFrom(R"({"id": "arc", "curve": {"type": "arc", "radius": 300, "angle": 0.5},
        "lineSpeed": 25, "twist": {"type": "constant", "angle": -0.08}})",
                                R"("railCentreDistance": 1.0, )");
    RuleProfile line;
    const auto ps = samplePlaces(L, line, {}, true)[0].places;
    const double y = v * v / (kG * R);
    for (const auto& p : ps) {
        QVERIFY(std::abs(p.bank + phi) < 1e-12);
        QVERIFY(std::abs(p.cant - b * std::sin(phi)) < 1e-12);
        QVERIFY(p.cantGradient < 1e-12);
        QVERIFY(std::abs(p.deficiency - b * (y / std::sqrt(1 + y * y) - std::sin(phi))) < 1e-12);
        // banked: lateral (v^2/R cos phi - g sin phi), vertical (v^2/R sin phi + g cos phi), to the central
        // differences' 1e-5 m/s^2 as on the level arc
        QVERIFY(std::abs(p.lateral - (v * v / R * std::cos(phi) - kG * std::sin(phi))) < 1e-5);
        QVERIFY(std::abs(p.vertical - (v * v / R * std::sin(phi) + kG * std::cos(phi))) < 1e-5);
    }
}

void TstPlaceSamples::cantGradientOfALinearRamp() {
    // a straight 100 m whose bank ramps linearly 0 -> 0.1 rad: bank 0.001 s, cant b sin(0.001 s) (a
    // straight's cant is its size), cant gradient b cos(0.001 s) 0.001 with b = 1.5 m
    const Layout L = layoutFrom(
        R"({"id": "ramp", "curve": {"type": "line", "length": 100},
            "twist": {"type": "linear", "start": 0, "end": 0.1}})");
    RuleProfile p;
    p.sampling = 10;
    const auto ps = samplePlaces(L, p, {}, false)[0].places;
    QCOMPARE(ps.size(), std::size_t(11));
    for (const auto& x : ps) {
        const double phi = 0.001 * x.s;
        QVERIFY(std::abs(x.bank - phi) < 1e-12);
        QVERIFY(std::abs(x.cant - 1.5 * std::sin(phi)) < 1e-12);
        QVERIFY(std::abs(x.cantGradient - 1.5 * std::cos(phi) * 0.001) < 1e-12);
        QCOMPARE(x.speed, 0.0); // no line speed sign on the layout: speed unknown
    }
}

QTEST_MAIN(TstPlaceSamples)
#include "tst_place_samples.moc"
