// Acceleration-duration envelopes (core/checks/AccelerationEnvelope.h, the accelerationEnvelope rule):
// envelope checks tested on synthetic signals at each corner of the F2291 diagrams of the shipped coaster
// profile, both signs; the rule's file errors; and one check through the engine with the energy model on a
// level arc at a booster's speed, where the rider holds v^2/(gR) for exactly arc length / v seconds.
#include "core/checks/AccelerationEnvelope.h"
#include "core/checks/CheckEngine.h"
#include "core/checks/RuleProfile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

const std::string kSrc = TRACKLAB_SOURCE_DIR;
constexpr double kG = 9.81;

// A pulse of `level` for `D` seconds from t = 1 s on a `base`, with 0.1 ms edges, 20 s of base after it.
std::vector<EnvelopeViolation> pulse(const std::vector<EnvelopeCorner>& env, double base, double level,
                                     double D) {
    const double e = 1e-4;
    return checkEnvelope({0, 1 - e, 1, 1 + D, 1 + D + e, 21 + D}, {base, base, level, level, base, base},
                         env);
}

// The shipped profile's envelope `id`, in g.
std::vector<EnvelopeCorner> shippedEnvelope(const std::string& id) {
    const RuleProfile p = loadRuleProfile(kSrc + "/resources/rules/coaster-envelope.json");
    for (const auto& r : p.rules)
        if (r.id == id) {
            std::vector<EnvelopeCorner> c = r.envelope;
            for (auto& x : c)
                x.g /= kG;
            return c;
        }
    return {};
}

QString errorOf(const std::string& rule) {
    try {
        parseRuleProfile(R"({"format": "tracklab-rules", "name": "x", "rules": [)" + rule + "]}",
                         "bad-rules.json");
    } catch (const LayoutError& e) {
        return QString::fromStdString(e.what());
    }
    return "no error";
}

} // namespace

class TestEnvelope : public QObject {
    Q_OBJECT
private slots:
    void allowedReadsTheLine();
    void cornersOfTheF2291Diagrams_data();
    void cornersOfTheF2291Diagrams();
    void belowTheSustainedLevelForEver();
    void overlappingLevelsAreOneViolation();
    void fileErrors();
    void levelArcAtBoosterSpeed();
};

void TestEnvelope::allowedReadsTheLine() {
    const std::vector<EnvelopeCorner> gz = {{6, 1}, {4, 2}, {4, 4}, {3, 5}, {3, 11.8}, {2, 12}};
    QCOMPARE(envelopeAllowed(gz, 6.5), 0.0);       // beyond the peak: never
    QCOMPARE(envelopeAllowed(gz, 6.0), 1.0);       // the peak, up to its second
    QCOMPARE(envelopeAllowed(gz, 5.0), 1.5);       // half way down the ramp to 4 g at 2 s
    QCOMPARE(envelopeAllowed(gz, 4.0), 4.0);       // the 4 g plateau
    QCOMPARE(envelopeAllowed(gz, 3.5), 4.5);       // the ramp to 3 g at 5 s
    QCOMPARE(envelopeAllowed(gz, 3.0), 11.8);      // the 3 g plateau
    QVERIFY(std::isinf(envelopeAllowed(gz, 2.0))); // sustained
    const std::vector<EnvelopeCorner> ngz = {{-2, 0.2}, {-1.5, 0.5}, {-1.5, 4}, {-1.1, 7}};
    QCOMPARE(envelopeAllowed(ngz, -2.5), 0.0);
    QVERIFY(std::abs(envelopeAllowed(ngz, -1.75) - 0.35) < 1e-12);
    QVERIFY(std::abs(envelopeAllowed(ngz, -1.3) - 5.5) < 1e-12);
    QVERIFY(std::isinf(envelopeAllowed(ngz, -1.1)));
    QVERIFY(std::isinf(envelopeAllowed(ngz, +3.0))); // the other side is not this envelope's
}

void TestEnvelope::cornersOfTheF2291Diagrams_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("base");
    for (const char* id : {"vertical-eyes-down", "vertical-eyes-up", "lateral", "longitudinal-eyes-back",
                           "longitudinal-eyes-front"})
        QTest::newRow(id) << QString(id) << (QString(id) == "vertical-eyes-down" ? 1.0 : 0.0);
}

void TestEnvelope::cornersOfTheF2291Diagrams() {
    // At every corner [a, T]: where the line leaves the level a after T (a plateau's or the peak's end), a
    // pulse at a passes for T - 0.01 s and fails for T + 0.01 s; where a level begins at T (the foot of a
    // ramp, the sustained level), a pulse a hair beyond a does the same. Both signs: -Gz and -Gx are
    // negative.
    QFETCH(QString, id);
    QFETCH(double, base);
    const auto env = shippedEnvelope(id.toStdString());
    QVERIFY(env.size() >= 2);
    const double side = env[0].g > 0 ? 1 : -1, d = 0.01, eps = 1e-3;
    for (std::size_t k = 0; k < env.size(); ++k) {
        const EnvelopeCorner& c = env[k];
        const bool endsLevel = k + 1 < env.size() && env[k + 1].g != c.g;
        const double level = endsLevel ? c.g : c.g + side * eps;
        const auto pass = pulse(env, base, level, c.seconds - d),
                   fail = pulse(env, base, level, c.seconds + d);
        qInfo("%s corner [%g g, %g s]: %.3f g for %.2f s -> %zu, for %.2f s -> %zu", qPrintable(id), c.g,
              c.seconds, level, c.seconds - d, pass.size(), c.seconds + d, fail.size());
        QVERIFY(pass.empty());
        QCOMPARE(fail.size(), std::size_t(1));
        QVERIFY(std::abs(fail[0].duration - (c.seconds + d)) < 1e-3);
        QVERIFY(std::abs(fail[0].peak - level) < 1e-12);
        QVERIFY(fail[0].duration > fail[0].allowed);
        QVERIFY(std::abs(fail[0].t0 - 1) < 1e-3);
    }
    // a hair beyond the peak: never, however short
    const auto peak = pulse(env, base, env[0].g + side * eps, 0.05);
    QCOMPARE(peak.size(), std::size_t(1));
    QCOMPARE(peak[0].allowed, 0.0);
    QVERIFY(std::abs(peak[0].level - env[0].g) < 1e-12);
}

void TestEnvelope::belowTheSustainedLevelForEver() {
    for (const char* id : {"vertical-eyes-down", "vertical-eyes-up", "lateral"}) {
        const auto env = shippedEnvelope(id);
        const double side = env[0].g > 0 ? 1 : -1;
        QVERIFY(pulse(env, 1.0, env.back().g - side * 1e-3, 1000).empty());
        QVERIFY(pulse(env, 1.0, env.back().g, 1000).empty());
    }
    // a single pair: just below its level, any length passes; just beyond, T - d passes and T + d fails
    const std::vector<EnvelopeCorner> one = {{1.5, 2}};
    QVERIFY(pulse(one, 0, 1.499, 1e4).empty());
    QVERIFY(pulse(one, 0, 1.6, 0.01).size() == 1); // beyond the only (peak) level: never
    const std::vector<EnvelopeCorner> neg = {{-0.5, 1}, {-0.2, 3}};
    QVERIFY(pulse(neg, 1, -0.3, 2.3).empty()); // -0.3 g: 1 + 2 (0.2 / 0.3) = 2.333 s allowed
    QCOMPARE(pulse(neg, 1, -0.3, 2.4).size(), std::size_t(1));
    QVERIFY(pulse(neg, 1, -0.19, 1e4).empty());
}

void TestEnvelope::overlappingLevelsAreOneViolation() {
    // 4.5 g for 4.5 s breaks the line at 4.5 g (1.75 s allowed) and at 4 g (4 s allowed): one violation, the
    // one held longest relative to its allowance
    const std::vector<EnvelopeCorner> gz = {{6, 1}, {4, 2}, {4, 4}, {3, 5}, {3, 11.8}, {2, 12}};
    const auto v = pulse(gz, 1, 4.5, 4.5);
    QCOMPARE(v.size(), std::size_t(1));
    QVERIFY(std::abs(v[0].level - 4.5) < 1e-12);
    QVERIFY(std::abs(v[0].allowed - 1.75) < 1e-12);
    QVERIFY(std::abs(v[0].duration - 4.5) < 1e-3);
    // two pulses apart: two violations, in time order
    const double e = 1e-4;
    const auto two = checkEnvelope({0, 1 - e, 1, 3, 3 + e, 10, 10 + e, 12.5, 12.5 + e, 20},
                                   {1, 1, 4.5, 4.5, 1, 1, 4.2, 4.2, 1, 1}, gz);
    QCOMPARE(two.size(), std::size_t(2));
    QVERIFY(two[0].t0 < two[1].t0);
    QVERIFY(std::abs(two[1].peak - 4.2) < 1e-12);
}

void TestEnvelope::fileErrors() {
    auto check = [](const std::string& rule, const char* expect) {
        const QString e = errorOf(rule);
        qInfo("%s", qPrintable(e));
        QVERIFY2(e.startsWith("bad-rules.json: ") && e.contains(expect), qPrintable(e));
    };
    const std::string env = R"({"type": "accelerationEnvelope", )";
    check(env + R"("axis": "vertical", "limits": []})",
          "/rules/0/limits: expected a non-empty array of [g, maxSeconds]");
    check(env + R"("axis": "vertical"})", "/rules/0/limits: missing required key \"limits\"");
    check(env + R"("axis": "vertical", "limits": [[6, 1], [4]]})",
          "/rules/0/limits/1: expected a pair [g, maxSeconds]");
    check(env + R"("axis": "vertical", "limits": [[6, 1], ["4", 2]]})",
          "/rules/0/limits/1/0: expected a number, got a string");
    // JSON cannot hold an infinite g (1e999 is a parse error naming the file); the envelope itself refuses
    // one
    QVERIFY(errorOf(env + R"("axis": "vertical", "limits": [[1e999, 1]]})").startsWith("bad-rules.json: "));
    int bad = -1;
    QVERIFY(envelopeProblem({{6, 1}, {INFINITY, 2}}, bad) && bad == 1);
    QVERIFY(envelopeProblem({{NAN, 1}}, bad) && bad == 0);
    QVERIFY(envelopeProblem({{6, 1}, {4, 2}}, bad) == nullptr && bad == -1);
    check(env + R"("axis": "vertical", "limits": [[6, 0]]})", "/rules/0/limits/0: maxSeconds must be > 0");
    check(env + R"("axis": "vertical", "limits": [[6, -1]]})", "/rules/0/limits/0: maxSeconds must be > 0");
    check(env + R"("axis": "vertical", "limits": [[6, 1], [4, 1]]})",
          "/rules/0/limits/1: maxSeconds must increase from pair to pair");
    check(env + R"("axis": "vertical", "limits": [[4, 1], [6, 2]]})",
          "/rules/0/limits/1: |g| must not grow as maxSeconds increases");
    check(env + R"("axis": "vertical", "limits": [[6, 1], [-1, 2]]})",
          "/rules/0/limits/1: all g of one envelope");
    check(env + R"("axis": "vertical", "limits": [[0, 1]]})", "/rules/0/limits/0: g must not be 0");
    check(env + R"("axis": "lateral", "limits": [[-3, 1]]})", "/rules/0/limits/0: lateral limits are sizes");
    check(env + R"("axis": "sideways", "limits": [[3, 1]]})",
          "/rules/0/axis: must be \"vertical\", \"lateral\" or \"longitudinal\", got \"sideways\"");
    check(env + R"("limits": [[3, 1]]})", "/rules/0/axis: missing required key \"axis\"");
    check(env + R"("axis": "vertical", "limits": [[3, 1]], "unit": "mm"})",
          "/rules/0/unit: \"mm\" is not an acceleration");
    check(env + R"("axis": "vertical", "limits": [[3, 1]], "combined": {}})",
          "/rules/0/combined: combined-axis limits are not implemented");
    check(env + R"("axis": "vertical", "limits": [[3, 1]], "limts": 1})", "/rules/0/limts: unknown key");
    // well-formed: g by default, m/s^2 when said; edition and restraint kept
    const RuleProfile p = parseRuleProfile(
        R"({"format": "tracklab-rules", "name": "x", "rules": [
          {"type": "accelerationEnvelope", "axis": "longitudinal", "limits": [[-2, 0.2], [-1.5, 0.5]],
           "edition": "ASTM F2291-06a", "restraint": "lap bar"},
          {"id": "b", "type": "accelerationEnvelope", "axis": "lateral", "unit": "m/s^2", "limits": [[19.62, 1]]}]})",
        "ok.json");
    QVERIFY(p.rules[0].axis == EnvelopeAxis::Longitudinal);
    QCOMPARE(p.rules[0].envelope.size(), std::size_t(2));
    QCOMPARE(p.rules[0].envelope[0].g, -2 * kG);
    QCOMPARE(p.rules[0].envelope[1].seconds, 0.5);
    QCOMPARE(p.rules[0].edition, std::string("ASTM F2291-06a"));
    QCOMPARE(p.rules[0].restraint, std::string("lap bar"));
    QCOMPARE(p.rules[0].unit, std::string("g"));
    QCOMPARE(p.rules[1].envelope[0].g, 19.62);
}

void TestEnvelope::levelArcAtBoosterSpeed() {
    // A 50 m booster at v feeds a level, unbanked arc of R = 20 m: from the energy model the train keeps v
    // over it, and a rider at the rails feels v^2/(gR) sideways for arc length / v seconds. v^2 = 2.5 g R:
    // 2.5 g lateral, which the F2291 line (3 g to 1 s, 2 g from 2 s) allows for 1.5 s. An arc taking 2 s
    // breaks it over its whole length; one taking 1.4 s does not.
    const double R = 20, v = std::sqrt(2.5 * kG * R);
    for (const double T : {2.0, 1.4}) {
        const double angle = v * T / R;
        const std::string text = R"({"format": "tracklab-layout", "version": 1, "tracks": [
          {"id": "boost", "curve": {"type": "line", "length": 50}, "frame": "up"},
          {"id": "arc", "curve": {"type": "arc", "radius": 20, "angle": )" +
                                 std::to_string(angle) +
                                 R"(}, "frame": "up", "placement": {"after": ["boost", "end"]}}],
          "connections": [{"a": ["boost", "end"], "b": ["arc", "start"]}]})";
        const Layout L = Layout::compile(parseLayoutSpec(text, "arc.json"), "arc.json");
        const RuleProfile p =
            parseRuleProfile(R"({"format": "tracklab-rules", "name": "t", "speed": {"model": "energy"},
          "sampling": 0.5, "rules": [{"type": "accelerationEnvelope", "axis": "lateral", "limits": [[3, 1], [2, 2]]}]})",
                             "t.json");
        const CheckReport r = checkLayout(L, p, {{0, 0, 50, v, 1}});
        const double arc = L.trackById("arc").length();
        qInfo("arc %.3f m at %.4f m/s (%.4f s): %zu violation(s)", arc, v, arc / v, r.violations.size());
        for (const auto& x : r.violations)
            qInfo("  %s s %.3f-%.3f: peak %.5f g, %.5f g held %.5f s, allowed %.5f s", x.trackId.c_str(),
                  x.s0, x.s1, x.value / kG, x.limit / kG, x.duration, x.allowed);
        if (T < 1.5) {
            QVERIFY(r.violations.empty());
            continue;
        }
        QCOMPARE(r.violations.size(), std::size_t(1));
        const Violation& x = r.violations[0];
        QCOMPARE(x.trackId, std::string("arc"));
        QVERIFY(std::abs(x.value / kG - 2.5) < 0.005);  // v^2/(gR)
        QVERIFY(std::abs(x.duration - arc / v) < 0.01); // the whole arc: 2 s
        QVERIFY(std::abs(x.duration - T) < 0.01);
        QVERIFY(std::abs(x.allowed - 1.5) < 0.01); // 2.5 g on the line
        QVERIFY(x.s0 < 0.01 && x.s1 > arc - 0.01);
        QVERIFY(!x.belowLimit);
        const std::string text2 = checkReportText(r, p);
        QVERIFY2(text2.find(" s allowed") != std::string::npos, text2.c_str());
    }
}

QTEST_APPLESS_MAIN(TestEnvelope)
#include "tst_envelope.moc"
