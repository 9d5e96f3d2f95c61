// findRateJumps (validate's "curvature / roll-rate jumps") against constructed tracks:
// - a spline with a tangent handle at an interior point is C1 there: its curvature jumps at that point
//   (Spline.h), and only there; the detector finds it to 1 mm, with the size the curve itself gives on
//   either side of the point;
// - a keys twist with a steep but continuous roll rate (C1 keys: dwt continuous, d2wt/ds2 up to ~1 rad/m2,
//   i.e. the rate changes by ~1e-3 rad/m over 1 mm, ten times the tolerance) has no roll-rate jump; a rule
//   that reports every 1 mm change over the tolerance reported one every 0.5 m here;
// - the same twist plus a linear twist on the next track: the joint's roll-rate step is exactly the linear
//   twist's rate (0.1 rad over 50 m = 0.002 rad/m), reported at the joint (a linear twist's rate at its own
//   ends was 0, so the step was found 0.5 mm inside B instead, and B's far end showed a second one).
#include "core/layout/Layout.h"
#include "core/layout/LayoutJson.h"
#include "core/layout/LayoutSmoothness.h"

#include <QtTest>

#include <cmath>

using namespace tl;

class TestRateJumps : public QObject {
    Q_OBJECT
private slots:
    void tangentHandleIsTheOnlyCurvatureJump();
    void steepSmoothRollRateIsNoJump();
};

void TestRateJumps::tangentHandleIsTheOnlyCurvatureJump() {
    const Json doc = Json::parse(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "S", "curve": {"type": "spline", "points": [[0, 0, 0], [20, 8, 0],
            {"position": [40, 0, 0], "tangent": [1, -1, 0]}, [60, -6, 0], [80, 0, 0]]}}]})");
    const Layout L = Layout::compile(layoutSpecFromJson(doc));
    // the handle's arc length: where the curve passes (40, 0, 0)
    double sHandle = 0, best = INFINITY;
    for (double s = 0; s <= L.track(0).length(); s += 0.01) {
        const double d = (L.frameInWorld(0, s).F.P - Vec3(40, 0, 0)).norm();
        if (d < best) best = d, sHandle = s;
    }
    QVERIFY(best < 0.01);
    auto k = [&](double s) {
        const auto w = L.frameInWorld(0, s);
        return Vec3(w.F.kappa * w.F.N);
    };
    const double expected = (k(sHandle + 0.02) - k(sHandle - 0.02)).norm();
    QVERIFY(expected > 1e-3); // a real jump, ten times the tolerance at least
    const std::vector<RateJump> jumps = findRateJumps(L);
    for (const RateJump& j : jumps)
        qInfo("%s at %s s = %.4f m: %.6g -> %.6g (jump %.6g)", j.quantity.c_str(), j.track.c_str(), j.s,
              j.before, j.after, j.jump);
    QCOMPARE(int(jumps.size()), 1);
    QCOMPARE(jumps[0].quantity, std::string("curvature"));
    QVERIFY2(std::abs(jumps[0].s - sHandle) < 0.011, qPrintable(QString::number(sHandle))); // search step
    // 2 cm either side vs the 1 mm bracket: the smooth change over 2 cm on this curve is < 2 % of the jump
    QVERIFY2(std::abs(jumps[0].jump - expected) < 0.02 * expected, qPrintable(QString::number(expected)));
}

void TestRateJumps::steepSmoothRollRateIsNoJump() {
    Json doc = Json::parse(R"({"format": "tracklab-layout", "version": 1, "look": "coaster", "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 12},
         "twist": {"type": "keys", "keys": [[0, 0], [3, 1.2], [6, 0], [9, -1.2], [12, 0]]}},
        {"id": "B", "curve": {"type": "line", "length": 50}, "twist": {"type": "linear", "start": 0, "end": 0.1}}],
        "connections": [{"a": ["A", "end"], "b": ["B", "start"]}]})");
    doc["tracks"][1]["placement"] = Json{{"position", {12, 0, 0}}};
    const Layout L = Layout::compile(layoutSpecFromJson(doc));
    // the roll rate is steep: its largest change over 1 mm inside A
    double steepest = 0;
    for (double s = 0.001; s < 12; s += 0.001) {
        const auto a = L.frameInWorld(0, s - 0.001), b = L.frameInWorld(0, s);
        steepest = std::max(steepest, std::abs((b.F.tau + b.dwt) - (a.F.tau + a.dwt)));
    }
    qInfo("steepest roll-rate change over 1 mm on A: %.3g rad/m", steepest);
    QVERIFY(steepest > 5e-4); // five times the tolerance: the old rule reported this as jumps
    const std::vector<RateJump> jumps = findRateJumps(L);
    for (const RateJump& j : jumps)
        qInfo("%s at %s s = %.4f m -> %s: %.6g -> %.6g (jump %.6g)", j.quantity.c_str(), j.track.c_str(), j.s,
              j.other.c_str(), j.before, j.after, j.jump);
    QCOMPARE(int(jumps.size()), 1); // the joint only
    QCOMPARE(jumps[0].other, std::string("B"));
    QCOMPARE(jumps[0].quantity, std::string("roll rate"));
    // A's keys end level (the end keys' slope is 0), B's linear twist starts at its 0.002 rad/m
    const double rateA = L.frameInWorld(0, 12).dwt, rateB = L.frameInWorld(1, 0).dwt;
    QVERIFY(std::abs(rateB - 0.002) < 1e-12);
    QVERIFY(std::abs(jumps[0].jump - std::abs(rateB - rateA)) < 1e-9);
}

QTEST_APPLESS_MAIN(TestRateJumps)
#include "tst_rate_jumps.moc"
