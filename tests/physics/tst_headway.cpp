// Minimum headway by blocking times (physics/run/Headway.h). Three-aspect blocks of length L on a level
// straight, a train on autopilot at line speed v: a follower passes signal S_k at clear once the leader's
// last bogie has left block k + 1 with its exit signal's overlap, so the headway is (2L + l + overlap) / v, l
// the train's length over its bogies (what the axle counters see). Checked within 2 %, and the follower put
// behind at that headway never slows.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/Headway.h"
#include "physics/spec/RollingStock.h"
#include "physics/state/SimulationError.h"

#include <QtTest>

#include <cmath>

using namespace tl;

class TstHeadway : public QObject {
    Q_OBJECT
private slots:
    void threeAspectBlocks_data();
    void threeAspectBlocks();
    void badRoute();
};

namespace {

// Signals every L metres from 1 000 m on a 10 km straight with line speed v, the train's head car at 300 m.
std::string straight(double L, double v) {
    std::string list;
    for (int k = 0; k < 5; ++k)
        list += std::string(k ? ", " : "") + R"({"id": "S)" + std::to_string(k) +
                R"(", "track": "L", "s": )" + std::to_string(1000.0 + k * L) + "}";
    return R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 10000}, "lineSpeed": )" +
           std::to_string(v) + R"(}], "signals": [)" + list + R"(],
        "trains": [{"id": "T", "cars": ["locomotive", "passenger-car", "passenger-car", "passenger-car"],
                    "start": {"track": "L", "s": 300, "direction": 1}, "speed": )" +
           std::to_string(v) + R"(, "driver": "autopilot"}]})";
}

} // namespace

void TstHeadway::threeAspectBlocks_data() {
    QTest::addColumn<double>("L");
    QTest::addColumn<double>("v");
    QTest::newRow("1 500 m blocks, 25 m/s") << 1500.0 << 25.0;
    QTest::newRow("1 000 m blocks, 20 m/s") << 1000.0 << 20.0;
}

void TstHeadway::threeAspectBlocks() {
    QFETCH(double, L);
    QFETCH(double, v);
    const Layout layout = Layout::compile(parseLayoutSpec(straight(L, v), "<test>"), "<test>");
    const Scenario scenario = parseScenario(layout, "<test>", defaultRollingStockDirs());
    HeadwayOptions o;
    o.maxTime = 1200;
    const HeadwayResult r = measureHeadway(layout, scenario, "T", "S0", "S3", o);
    const double expected = (2 * L + r.trainLength + 50.0) / v;
    qInfo("L %.0f m, v %.1f m/s: headway %.3f s (%.2f trains/h), closed form (2L + l + overlap)/v = %.3f s "
          "(l = %.3f m) -> %+.3f %%; leader >= %.3f m/s, follower >= %.3f m/s; critical %s",
          L, v, r.headway, r.trainsPerHour, expected, r.trainLength, 100 * (r.headway - expected) / expected,
          r.leaderMinSpeed, r.followerMinSpeed, r.passes[std::size_t(r.critical)].id.c_str());
    QCOMPARE(int(r.passes.size()), 4);
    QVERIFY(r.trainLength > 80 && r.trainLength < 95); // 19 + 3 x 24.5 m of cars, less the overhangs
    QVERIFY(std::abs(r.headway - expected) <= 0.02 * expected);
    QVERIFY(std::abs(r.trainsPerHour - 3600.0 / r.headway) < 1e-9);
    QVERIFY(std::abs(r.speedAtFrom - v) < 0.02 * v);
    QVERIFY(r.leaderMinSpeed > 0.98 * v);
    QVERIFY(r.followerMinSpeed > 0.98 * v); // at the headway the follower never brakes
}

void TstHeadway::badRoute() {
    const Layout layout = Layout::compile(parseLayoutSpec(straight(1500, 25), "<test>"), "<test>");
    const Scenario scenario = parseScenario(layout, "<test>", defaultRollingStockDirs());
    for (const auto& [from, to, message] :
         {std::tuple{"S3", "S1", "is not ahead of"}, std::tuple{"S0", "Q", "no signal \"Q\""}}) {
        try {
            measureHeadway(layout, scenario, "T", from, to, HeadwayOptions{});
            QFAIL("accepted");
        } catch (const SimulationError& e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }
}

QTEST_GUILESS_MAIN(TstHeadway)
#include "tst_headway.moc"
