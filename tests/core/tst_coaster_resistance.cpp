// The coaster energy model with resistance (core/curves/CoasterEnergy.h, docs/layout-format.md, "Coaster
// energy model"): dv^2/ds = -2 g dz/ds - 2 mu |n| g - 2 c v^2, |n| the normal specific force [g] along the
// track's up (1 on the level, cos(theta) on a straight of gradient theta), against its closed forms (g
// = 9.81):
//   level, friction only:  v^2 = v0^2 - 2 mu g s
//   level, drag only:      v^2 = v0^2 e^(-2 c s)
//   level, both:           v^2 = (v0^2 + mu g / c) e^(-2 c s) - mu g / c
//   slope theta, friction: v^2 = v0^2 - 2 g s (sin(theta) + mu cos(theta))   (theta > 0 climbs)
// for a force section (the integrator, directly and fed by the layout's keys) and for the checks' speed
// estimate on plain tracks (core/checks/PlaceSamples.cpp), whose rider longitudinal force on the level is
// then -mu g. A force section whose speed runs out stalls with the track and the place named; the keys
// round-trip and bad values are errors with their JSON paths.
#include "CaughtError.h"
#include "core/checks/PlaceSamples.h"
#include "core/curves/ForceSection.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace tl;
using caughttest::caught;

namespace {

constexpr double kG = 9.81; // as everywhere in TrackLab

std::string num(double x) {
    return QString::number(x, 'g', 17).toStdString();
}

// A level straight force section (normalG 1, lateralG 0) of `length` from v0; with `theta`, a straight that
// climbs at theta: the body's up tilted back by theta in the section's coordinates (the start heads +x, so
// T.up = sin(theta)), normalG cos(theta) keeps the heartline straight (kU = (n - U.up) g / v^2 = 0).
ForceSectionInput straightSection(double v0, double length, double mu, double c, double theta = 0.0) {
    ForceSectionInput in;
    in.length = length;
    in.speed = v0;
    in.normalG = ForceLaw{std::cos(theta), {}};
    in.lateralG = ForceLaw{0.0, {}};
    in.up = Vec3(std::sin(theta), 0.0, std::cos(theta));
    in.resistance = CoasterResistance{mu, c};
    return in;
}

Layout layoutFrom(const std::string& tracks, const std::string& extra = {}) {
    const std::string text =
        R"({"format": "tracklab-layout", "version": 2, )" + extra + R"("tracks": [)" + tracks + "]}";
    return Layout::compile(parseLayoutSpec(text, "resistance.json"), "resistance.json");
}

std::string resistanceKeys(double mu, double c) {
    return R"("coasterFriction": )" + num(mu) + R"(, "coasterDrag": )" + num(c) + ", ";
}

// A straight line of length L pitched by theta (theta > 0 runs downhill: z = -s sin(theta)).
std::string slopeTrack(double L, double theta) {
    return R"({"id": "slope", "curve": {"type": "line", "length": )" + num(L) +
           R"(}, "placement": {"rotation": [)" + num(std::cos(theta / 2)) + ", 0, " +
           num(std::sin(theta / 2)) + ", 0]}}";
}

RuleProfile energy(double crestSpeed) {
    RuleProfile p;
    p.speed = SpeedModel::Energy;
    p.crestSpeed = crestSpeed;
    p.sampling = 2.0;
    return p;
}

double rel(double a, double b) {
    return std::abs(a - b) / std::abs(b);
}

} // namespace

class TstCoasterResistance : public QObject {
    Q_OBJECT
private slots:
    void forceSectionLevel_data();
    void forceSectionLevel();
    void forceSectionSlopeWithFriction();
    void layoutFeedsTheForceSection();
    void checksSpeedFromADrive_data();
    void checksSpeedFromADrive();
    void checksSpeedDownhillFromTheCrest();
    void riderLongitudinalIsMinusMuG();
    void stallWithFrictionNamesTrackAndPlace();
    void keysRoundTripAndErrors();
};

void TstCoasterResistance::forceSectionLevel_data() {
    QTest::addColumn<double>("mu");
    QTest::addColumn<double>("c");
    QTest::newRow("friction 0.02") << 0.02 << 0.0;
    QTest::newRow("drag 0.002/m") << 0.0 << 0.002;
    QTest::newRow("both") << 0.02 << 0.002;
}

void TstCoasterResistance::forceSectionLevel() {
    QFETCH(double, mu);
    QFETCH(double, c);
    const double v0 = 25.0, length = 200.0;
    const std::vector<ForceSample> f = integrateForceSection(straightSection(v0, length, mu, c));
    QCOMPARE(f.back().s, length);
    for (const ForceSample& q : f) {
        const double s = q.s;
        const double expected = c == 0.0    ? v0 * v0 - 2 * mu * kG * s
                                : mu == 0.0 ? v0 * v0 * std::exp(-2 * c * s)
                                            : (v0 * v0 + mu * kG / c) * std::exp(-2 * c * s) - mu * kG / c;
        QVERIFY2(rel(q.v * q.v, expected) < 1e-6,
                 qPrintable(QString("s %1: v^2 %2, closed form %3").arg(s).arg(q.v * q.v).arg(expected)));
        QVERIFY(std::abs(q.H.z()) < 1e-9); // level and straight
    }
    // at 200 m: friction 625 - 78.48 = 546.52; drag 625 e^-0.8 = 280.83 m^2/s^2
}

void TstCoasterResistance::forceSectionSlopeWithFriction() {
    // The integrator's |n| is the normal specific force [g] along the riders' up: on a straight climb at
    // theta, cos(theta) (its normalG). 10 degrees, mu 0.03, from 30 m/s over 150 m: v^2 = 900 - 2 g s
    // (0.17365 + 0.029544) = 900 - 3.98654 s (302.0 at the end).
    const double theta = 10.0 * M_PI / 180.0, mu = 0.03, v0 = 30.0;
    const std::vector<ForceSample> f = integrateForceSection(straightSection(v0, 150.0, mu, 0.0, theta));
    QCOMPARE(f.back().s, 150.0);
    for (const ForceSample& q : f) {
        const double expected = v0 * v0 - 2 * kG * q.s * (std::sin(theta) + mu * std::cos(theta));
        QVERIFY2(rel(q.v * q.v, expected) < 1e-6,
                 qPrintable(QString("s %1: v^2 %2, closed form %3").arg(q.s).arg(q.v * q.v).arg(expected)));
    }
    // the path is the straight it was asked to be: along +x (the section's coordinates), rising
    // sin(theta) s along the body's up (start at the origin, h = 0)
    const Vec3 up(std::sin(theta), 0.0, std::cos(theta));
    QVERIFY(std::abs(f.back().H.dot(up) - 150.0 * std::sin(theta)) < 1e-6);
    QVERIFY(std::abs(f.back().H.y()) < 1e-9 && std::abs(f.back().H.z()) < 1e-6);
}

void TstCoasterResistance::layoutFeedsTheForceSection() {
    // A level straight force section (20 m/s, 100 m) and a level turn after it (lateralG 1, no speed of its
    // own: it starts at the first one's end speed). Its plan curvature is l g / v^2 (tst_force_section), so
    // at 2 m into the turn it reads v^2 = 400 - 2 mu g (100 + 2) with the layout's coasterFriction 0.05:
    // 299.94, kappa = 0.032706 /m (frictionless it would be 0.024525 /m).
    const double mu = 0.05;
    const Layout L = layoutFrom(
        R"({"id": "straight", "curve": {"type": "force", "length": 100, "speed": 20}},
           {"id": "turn", "curve": {"type": "force", "length": 20, "lateralG": 1},
            "placement": {"after": ["straight", "end"]}})",
        R"("coasterFriction": )" + num(mu) + ", ");
    const Track& turn = L.track(1);
    const double s = 2.0;
    const double v2 = 400.0 - 2 * mu * kG * (100.0 + s);
    const double d = 0.05;
    const Vec3 p0 = turn.localFrame(s - d).F.P, p1 = turn.localFrame(s).F.P, p2 = turn.localFrame(s + d).F.P;
    const Vec3 d1 = (p2 - p0) / (2 * d), d2 = (p2 - 2 * p1 + p0) / (d * d);
    const double kappa = d1.cross(d2).norm() / std::pow(d1.norm(), 3);
    QVERIFY2(rel(kappa, kG / v2) < 2e-3, qPrintable(QString("kappa %1, g / v^2 %2").arg(kappa).arg(kG / v2)));
}

void TstCoasterResistance::checksSpeedFromADrive_data() {
    QTest::addColumn<double>("mu");
    QTest::addColumn<double>("c");
    QTest::newRow("friction 0.02") << 0.02 << 0.0;
    QTest::newRow("drag 0.002/m") << 0.0 << 0.002;
    QTest::newRow("both") << 0.02 << 0.002;
}

void TstCoasterResistance::checksSpeedFromADrive() {
    // A level straight of 300 m with a booster (drive section) over its first 10 m at 25 m/s: beyond it the
    // checks' estimate follows the closed forms from s = 10 (inside it, the drive's speed).
    QFETCH(double, mu);
    QFETCH(double, c);
    const Layout L = layoutFrom(slopeTrack(300.0, 0.0), resistanceKeys(mu, c));
    const double v0 = 25.0;
    const auto ps = samplePlaces(L, energy(1.0), {{0, 0.0, 10.0, v0, +1}}, false)[0].places;
    QCOMPARE(ps.back().s, 300.0);
    for (const PlaceSample& p : ps) {
        const double x = std::max(0.0, p.s - 10.0);
        const double expected = c == 0.0    ? v0 * v0 - 2 * mu * kG * x
                                : mu == 0.0 ? v0 * v0 * std::exp(-2 * c * x)
                                            : (v0 * v0 + mu * kG / c) * std::exp(-2 * c * x) - mu * kG / c;
        QVERIFY2(rel(p.speed * p.speed, expected) < 1e-6,
                 qPrintable(
                     QString("s %1: v^2 %2, closed form %3").arg(p.s).arg(p.speed * p.speed).arg(expected)));
    }
}

void TstCoasterResistance::checksSpeedDownhillFromTheCrest() {
    // No drive section: the estimate starts at the highest point (s = 0 of a line running downhill at 5
    // degrees) at crestSpeed 8 m/s; with mu 0.04: v^2 = 64 + 2 g s (sin 5 deg - 0.04 cos 5 deg) =
    // 64 + 0.92823 s (the model's |n| = cos(theta) there, as in the force section).
    const double theta = 5.0 * M_PI / 180.0, mu = 0.04, vc = 8.0;
    const Layout L = layoutFrom(slopeTrack(200.0, theta), resistanceKeys(mu, 0.0));
    const auto ps = samplePlaces(L, energy(vc), {}, false)[0].places;
    for (const PlaceSample& p : ps) {
        const double expected = vc * vc + 2 * kG * p.s * (std::sin(theta) - mu * std::cos(theta));
        QVERIFY2(rel(p.speed * p.speed, expected) < 1e-6,
                 qPrintable(
                     QString("s %1: v^2 %2, closed form %3").arg(p.s).arg(p.speed * p.speed).arg(expected)));
    }
}

void TstCoasterResistance::riderLongitudinalIsMinusMuG() {
    // On the level with friction only the riders are slowed by mu g: the rider estimate (d v^2/ds / 2 along
    // the track) reads -0.02 x 9.81 = -0.1962 m/s^2, and g along the up.
    const double mu = 0.02;
    const Layout L = layoutFrom(slopeTrack(300.0, 0.0), resistanceKeys(mu, 0.0));
    const auto ps = samplePlaces(L, energy(1.0), {{0, 0.0, 10.0, 25.0, +1}}, true)[0].places;
    int checked = 0;
    for (const PlaceSample& p : ps)
        if (p.s > 11.0 && p.s < 299.0) {
            QVERIFY2(std::abs(p.longitudinal + mu * kG) < 1e-6,
                     qPrintable(QString("s %1: %2 m/s^2").arg(p.s).arg(p.longitudinal)));
            QVERIFY(std::abs(p.vertical - kG) < 1e-6);
            ++checked;
        }
    QVERIFY(checked > 100);
}

void TstCoasterResistance::stallWithFrictionNamesTrackAndPlace() {
    // From 5 m/s on the level with mu 0.1 the speed falls below the stall speed 0.5 m/s where
    // 25 - 2 x 0.1 x 9.81 s = 0.25: s = 12.615 m (within a quarter-step of 0.0625 m).
    try {
        integrateForceSection(straightSection(5.0, 100.0, 0.1, 0.0));
        QFAIL("no stall");
    } catch (const ForceSectionError& e) {
        QVERIFY2(std::abs(e.s() - 24.75 / 1.962) < 0.07, qPrintable(QString::number(e.s())));
    }
    // the same through the layout's key: the error names the track, the place and its JSON path
    const auto c = caught([] {
        layoutFrom(R"({"id": "brakeRun", "curve": {"type": "force", "length": 100, "speed": 5}})",
                   R"("coasterFriction": 0.1, )");
    });
    QCOMPARE(c.path, std::string("/tracks/0/curve"));
    QVERIFY2(c.problem.find("\"brakeRun\"") != std::string::npos, c.problem.c_str());
    QVERIFY2(c.problem.find("stall at heartline s = 12.") != std::string::npos, c.problem.c_str());
}

void TstCoasterResistance::keysRoundTripAndErrors() {
    const std::string track = slopeTrack(10.0, 0.0);
    const std::string v2 = R"({"format": "tracklab-layout", "version": 2, )";
    const LayoutSpec spec = parseLayoutSpec(
        v2 + R"("coasterFriction": 0.015, "coasterDrag": 0.0004, "tracks": [)" + track + "]}");
    QCOMPARE(*spec.coasterFriction, 0.015);
    QCOMPARE(*spec.coasterDrag, 0.0004);
    QCOMPARE(spec.coasterResistance().friction, 0.015);
    QVERIFY(spec.extra.empty());
    const Json out = layoutSpecToJson(spec);
    QCOMPARE(out["coasterFriction"].get<double>(), 0.015);
    QCOMPARE(out["coasterDrag"].get<double>(), 0.0004);
    QVERIFY(layoutSpecFromJson(out) == spec);
    // absent: none, and nothing written
    const LayoutSpec plain = parseLayoutSpec(v2 + R"("tracks": [)" + track + "]}");
    QVERIFY(plain.coasterResistance().none());
    QVERIFY(!layoutSpecToJson(plain).contains("coasterFriction"));

    auto error = [&](const std::string& keys, int version = 2) {
        return caught([&] {
            parseLayoutSpec(R"({"format": "tracklab-layout", "version": )" + std::to_string(version) + ", " +
                                keys + R"("tracks": [)" + track + "]}",
                            "bad.json");
        });
    };
    QCOMPARE(error(R"("coasterFriction": -0.1, )").path, std::string("/coasterFriction"));
    QCOMPARE(error(R"("coasterDrag": -1e-3, )").path, std::string("/coasterDrag"));
    QCOMPARE(error(R"("coasterDrag": "low", )").path, std::string("/coasterDrag"));
    const auto old = error(R"("coasterFriction": 0.01, )", 1);
    QCOMPARE(old.path, std::string("/coasterFriction"));
    QVERIFY2(old.problem.find("needs version 2") != std::string::npos, old.problem.c_str());
    // non-finite (a spec built in code; JSON has no infinity): checked when it is compiled
    LayoutSpec nan = plain;
    nan.coasterDrag = std::numeric_limits<double>::quiet_NaN();
    const auto c = caught([&] { Layout::compile(nan, "nan.json"); });
    QCOMPARE(c.path, std::string("/coasterDrag"));
    QCOMPARE(c.file, std::string("nan.json"));
}

QTEST_GUILESS_MAIN(TstCoasterResistance)
#include "tst_coaster_resistance.moc"
