// Derailment-risk maps (physics/run/RiskMap.h, Uncertainty.h; docs/batch.md) against a closed form. The
// demo's line-speed case: a locomotive and two coaches on "top", 60 m before the curve c3 (R 120 m),
// coasting. Its critical speed v_c comes from the speed sweep in steps of 0.02 m/s (0.02 sigma); with the
// initial speed ~ N(v_c - 0.8 sigma, sigma^2), sigma = 1 m/s, and 2 000 runs (fixed seed), the fraction that
// derails on the curve (c3-in, c3, c3-out) is 1 - Phi(0.8) = 0.2119 within 3 binomial standard errors
// (0.0274) plus the sweep step's effect (0.02 phi(0.8) = 0.0058); the places of "top" the train runs over
// before the curve show 0 with a 95 % Wilson upper bound below 0.2 % (1.92e-3 for 0 of 2 000). The map does
// not depend on the number of jobs; the draws follow the written-out generator; bad uncertainty files are
// refused with the path.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/RiskMap.h"
#include "physics/run/RunJobs.h"
#include "physics/run/SpeedSweep.h"
#include "physics/spec/RollingStock.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {
const std::string kDemo = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/demo.json";

LayoutSpec lineSpeedCase() {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    const Layout demo = Layout::load(kDemo);
    spec.trains = nlohmann::json::array(
        {{{"id", "T"},
          {"cars", {"locomotive", "passenger-car", "passenger-car"}},
          {"start", {{"track", "top"}, {"s", demo.trackById("top").length() - 60.0}, {"direction", 1}}},
          {"speed", 28.0}}});
    return spec;
}
} // namespace

class TstRiskMap : public QObject {
    Q_OBJECT
private slots:
    void closedForm();
    void independentOfJobs();
    void wilsonInterval();
    void drawsAreWrittenOut();
    void badUncertainty_data();
    void badUncertainty();
};

void TstRiskMap::closedForm() {
    const LayoutSpec spec = lineSpeedCase();
    const Layout layout = Layout::compile(spec, kDemo);
    SweepOptions so;
    so.from = 27.0;
    so.to = 29.0;
    so.step = 0.02;
    so.duration = 14.0;
    so.jobs = defaultJobs();
    const SweepResult sweep = sweepDerailmentSpeed(spec, kDemo, "T", so);
    QVERIFY(sweep.critical > 0);
    const double vc = sweep.points[std::size_t(sweep.critical)].speed;
    // monotone at the step: every speed below railed, every one from it derailed on the curve
    for (std::size_t i = 0; i < sweep.points.size(); ++i)
        QCOMPARE(bool(sweep.points[i].derailment), int(i) >= sweep.critical);
    const double sigma = 1.0;
    Uncertainty u;
    u.inputs[Uncertainty::Speed] = Distribution{Distribution::Kind::Normal, vc - 0.8 * sigma, sigma};
    RiskOptions o;
    o.runs = 2000;
    o.seed = 20261128;
    o.duration = 14.0;
    o.bin = 10.0;
    o.jobs = defaultJobs();
    const Scenario scenario = parseScenario(layout, kDemo, defaultRollingStockDirs());
    const RiskResult r = riskMap(layout, scenario, kDemo, "T", u, o);
    QCOMPARE(r.completed, 2000);
    QVERIFY(r.errors.empty());
    int onCurve = 0, elsewhere = 0;
    double topHi = 0.0;
    int topPlaces = 0;
    for (const RiskPlace& p : r.places) {
        const std::string& id = layout.track(std::size_t(p.track)).id();
        (id == "c3-in" || id == "c3" || id == "c3-out" ? onCurve : elsewhere) += p.derailments.count;
        if (id == "top" && p.reached == 2000) {
            QCOMPARE(p.derailments.count, 0);
            topHi = std::max(topHi, p.derailments.hi);
            ++topPlaces;
        }
    }
    const double fraction = double(onCurve) / r.completed;
    const double expected = 0.5 * std::erfc(0.8 / std::sqrt(2.0)); // 1 - Phi(0.8)
    const double se = std::sqrt(expected * (1 - expected) / r.completed);
    const double stepEffect = 0.02 * std::exp(-0.32) / std::sqrt(2 * M_PI);
    qInfo(
        "v_c %.2f m/s; %d of %d derailed on the curve (%d elsewhere): %.4f vs 1 - Phi(0.8) = %.4f, 3 se %.4f "
        "+ step %.4f; %d places on top, each 0 with upper bound %.5f",
        vc, onCurve, r.completed, elsewhere, fraction, expected, 3 * se, stepEffect, topPlaces, topHi);
    QCOMPARE(elsewhere, 0);
    QVERIFY(std::abs(fraction - expected) < 3 * se + stepEffect);
    QVERIFY(topPlaces >= 3);
    QVERIFY(topHi < 0.002);
}

void TstRiskMap::independentOfJobs() {
    const LayoutSpec spec = lineSpeedCase();
    const Layout layout = Layout::compile(spec, kDemo);
    const Scenario scenario = parseScenario(layout, kDemo, defaultRollingStockDirs());
    Uncertainty u =
        parseUncertainty(nlohmann::json::parse(R"({"speed": {"dist": "normal", "mean": 28, "sd": 1.5},
        "friction": {"dist": "uniform", "min": 0.25, "max": 0.4}, "payload": {"dist": "fixed", "value": 2000}})"),
                         "<test>");
    RiskOptions o;
    o.runs = 24;
    o.duration = 14.0;
    const std::string one = riskJson(riskMap(layout, scenario, kDemo, "T", u, o), layout).dump();
    o.jobs = 3;
    std::vector<int> progress;
    const RiskResult three =
        riskMap(layout, scenario, kDemo, "T", u, o, [&](int d, int) { progress.push_back(d); });
    QCOMPARE(riskJson(three, layout).dump(), one);
    QCOMPARE(int(progress.size()), 24);
    for (int i = 0; i < 24; ++i)
        QCOMPARE(progress[std::size_t(i)], i + 1);
    qInfo("24 runs: %d derailed", three.derailed);
    QVERIFY(three.derailed > 0 && three.derailed < 24);
}

void TstRiskMap::wilsonInterval() {
    // Wilson's score interval, z = 1.96: 0 of 2 000 -> [0, z^2 / (n + z^2)]; 10 of 100 -> [0.0552, 0.1744]
    // (Brown, Cai and DasGupta 2001, the Wilson interval; also Newcombe 1998)
    const Proportion none = wilson(0, 2000);
    QCOMPARE(none.lo, 0.0);
    QVERIFY(std::abs(none.hi - 3.8414588 / (2000 + 3.8414588)) < 1e-9);
    const Proportion ten = wilson(10, 100);
    QVERIFY(std::abs(ten.lo - 0.0552) < 1e-4 && std::abs(ten.hi - 0.1744) < 1e-4);
    QCOMPARE(wilson(5, 5).hi, 1.0);
    QCOMPARE(wilson(0, 0).hi, 1.0); // no completed run: nothing known
}

void TstRiskMap::drawsAreWrittenOut() {
    // splitmix64's published first outputs for the seed 1234567 (Vigna's reference: the state advances by
    // the golden gamma before the finalizer)
    QCOMPARE(splitmix64(1234567), 6457827717110365317ull);
    QCOMPARE(splitmix64(1234567 + 0x9e3779b97f4a7c15ull), 3203168211198807973ull);
    // uniform draws stay inside (0, 1); the normal's mean and sd over 20 000 draws (3 se)
    const Distribution n{Distribution::Kind::Normal, 5.0, 2.0};
    double sum = 0, sum2 = 0;
    for (int i = 0; i < 20000; ++i) {
        const double x = n.draw(7, i, 0, 0);
        sum += x;
        sum2 += x * x;
    }
    const double mean = sum / 20000, sd = std::sqrt(sum2 / 20000 - mean * mean);
    qInfo("normal(5, 2): mean %.4f, sd %.4f", mean, sd);
    QVERIFY(std::abs(mean - 5.0) < 3 * 2.0 / std::sqrt(20000.0));
    QVERIFY(std::abs(sd - 2.0) < 3 * 2.0 / std::sqrt(2 * 20000.0));
    QCOMPARE(n.draw(7, 3, 0, 0), n.draw(7, 3, 0, 0)); // a function of its key
    QVERIFY(n.draw(7, 3, 0, 0) != n.draw(7, 3, 0, 1));
    QVERIFY(n.draw(7, 3, 0, 0) != n.draw(8, 3, 0, 0));
    QCOMPARE(unitUniform(0), std::ldexp(1.0, -53));
    QCOMPARE(unitUniform(~0ull), 1.0 - std::ldexp(1.0, -53));
}

void TstRiskMap::badUncertainty_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown input") << R"({"wind": {"dist": "fixed", "value": 1}})"
                                   << "/wind: unknown input";
    QTest::newRow("unknown dist") << R"({"speed": {"dist": "gamma", "k": 2}})"
                                  << "/speed/dist: unknown distribution \"gamma\"";
    QTest::newRow("negative sd") << R"({"speed": {"dist": "normal", "mean": 30, "sd": -1}})"
                                 << "/speed/sd: must be >= 0";
    QTest::newRow("min above max") << R"({"friction": {"dist": "uniform", "min": 0.4, "max": 0.3}})"
                                   << "/friction/min: must not exceed \"max\"";
    QTest::newRow("missing mean") << R"({"speed": {"dist": "normal", "sd": 1}})"
                                  << "/speed/mean: missing required key \"mean\"";
    QTest::newRow("stray key") << R"({"speed": {"dist": "fixed", "value": 1, "sd": 2}})"
                               << "/speed/sd: unknown key for dist \"fixed\"";
    QTest::newRow("not a number") << R"({"payload": {"dist": "fixed", "value": "heavy"}})"
                                  << "/payload/value: expected a number, got a string \"heavy\"";
}

void TstRiskMap::badUncertainty() {
    QFETCH(QString, json);
    QFETCH(QString, message);
    try {
        parseUncertainty(nlohmann::json::parse(json.toStdString()), "u.json");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QVERIFY2(QString(e.what()).startsWith("u.json: " + message), e.what());
    }
}

QTEST_GUILESS_MAIN(TstRiskMap)
#include "tst_risk_map.moc"
