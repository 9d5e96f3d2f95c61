// Design-rule checks (core/checks): the FRA 49 CFR 213.57 formula against its Appendix A examples
// (docs/validation.md), the demo's corner c3 worked by hand, European cant gradient / deficiency /
// permissible speed on a constructed layout against the closed forms, rider accelerations on a banked curve,
// the coaster's energy speeds, line-speed signs, the curve table's CSV and the profile parser's errors.
#include "core/checks/CheckEngine.h"
#include "core/checks/Fra213.h"
#include "core/checks/PlaceSamples.h"
#include "core/checks/RuleProfile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LineSpeed.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

const std::string kSrc = TRACKLAB_SOURCE_DIR;
constexpr double kG = 9.81;

Layout demo() {
    return Layout::load(kSrc + "/resources/layouts/demo.json");
}
RuleProfile shipped(const std::string& name) {
    return loadRuleProfile(kSrc + "/resources/rules/" + name + ".json");
}

const CurveRow* curveNamed(const CheckReport& r, const std::string& name) {
    for (const auto& c : r.curves)
        if (c.name == name) return &c;
    return nullptr;
}

// A right-hand curve: 100 m straight, a 40 m clothoid to R = 500 m whose bank ramps linearly from 0 to
// asin(0.08) (cant 0 -> 120 mm over 1.5 m), 200 m of arc at that cant, line speed `v` from the start.
Layout rampLayout(double v) {
    const double phi = std::asin(0.08);
    const std::string text = R"({"format": "tracklab-layout", "version": 1, "tracks": [
      {"id": "a", "curve": {"type": "line", "length": 100}, "frame": "up", "lineSpeed": )" +
                             std::to_string(v) + R"(},
      {"id": "ramp", "curve": {"type": "clothoid", "length": 40, "curvatureStart": 0, "curvatureEnd": -0.002},
       "frame": "up", "twist": {"type": "linear", "start": 0, "end": )" +
                             std::to_string(phi) + R"(}, "placement": {"after": ["a", "end"]}},
      {"id": "arc", "curve": {"type": "arc", "radius": 500, "angle": -0.4}, "frame": "up",
       "twist": {"type": "constant", "angle": )" +
                             std::to_string(phi) + R"(}, "placement": {"after": ["ramp", "end"]}}],
      "connections": [{"a": ["a", "end"], "b": ["ramp", "start"]}, {"a": ["ramp", "end"], "b": ["arc", "start"]}]})";
    return Layout::compile(parseLayoutSpec(text, "ramp.json"), "ramp.json");
}

RuleProfile profileText(const std::string& rules, const std::string& extra = {}) {
    return parseRuleProfile(R"({"format": "tracklab-rules", "name": "test", )" + extra + R"("rules": [)" +
                                rules + "]}",
                            "test-rules.json");
}

QString errorOf(const std::string& text) {
    try {
        parseRuleProfile(text, "bad-rules.json");
    } catch (const LayoutError& e) {
        return QString::fromStdString(e.what());
    }
    return "no error";
}

} // namespace

class TestChecks : public QObject {
    Q_OBJECT
private slots:
    void hudAndChecksAgreeOnLineSpeed();

private:
    void hudAndChecksAgree();

private slots:
    void fraAppendixExamples();
    void demoC3ByHand();
    void demoC3OverPermissibleInEveryRailwayProfile();
    void lineSpeedSigns();
    void europeanGradientAndDeficiency();
    void riderOnBankedCurve();
    void coasterEnergySpeeds();
    void curveTableCsv();
    void parserErrors();
    void shippedProfilesLoad();
};

void TestChecks::fraAppendixExamples() {
    // 49 CFR 213 Appendix A with 3 in of unbalance (docs/validation.md): D = 1 deg, Ea = 0 -> 65 mph;
    // D = 2 deg, Ea = 3 in -> 65 mph (published rounded to whole mph: within 0.5 mph)
    QVERIFY(std::abs(fra213::vmaxMph(0, 3, 1) - 65) <= 0.5);
    QVERIFY(std::abs(fra213::vmaxMph(3, 3, 2) - 65) <= 0.5);
    QCOMPARE(fra213::vmaxMph(0, 3, 1), std::sqrt(3 / 0.0007));
    // D from the radius: R = 5729.58 ft is 1 deg; the SI form agrees with the mph form
    QVERIFY(std::abs(fra213::degreeOfCurvature(5729.58 * 0.3048) - 1) < 1e-12);
    const double R = 5729.58 * 0.3048 / 2; // 2 deg
    QVERIFY(std::abs(fra213::vmax(3 * 0.0254, 3 * 0.0254, R) / 0.44704 - std::sqrt(6 / 0.0014)) < 1e-9);
    // unbalance at Vmax is exactly Eu
    QVERIFY(std::abs(fra213::unbalanceIn(fra213::vmaxMph(2, 3, 4), 2, 4) - 3) < 1e-12);
}

void TestChecks::demoC3ByHand() {
    // c3: R = 120 m = 393.70 ft -> D = 5729.58 / 393.70 = 14.553 deg; the cant is built for 15 m/s but
    // capped at 0.1 rad: E = 1.5 sin(0.1) = 149.75 mm = 5.896 in; Vmax = sqrt((5.896 + 3)/(0.0007 x 14.553))
    // = 29.55 mph = 13.21 m/s, against its line speed of 30 m/s (67.1 mph).
    const double D = 5729.58 / (120 / 0.3048), Ea = 1.5 * std::sin(0.1) / 0.0254;
    const double vmaxMph = std::sqrt((Ea + 3) / (0.0007 * D));
    QVERIFY(std::abs(D - 14.553) < 1e-3);
    QVERIFY(std::abs(vmaxMph - 29.55) < 0.01);
    const Layout L = demo();
    const RuleProfile fra = shipped("fra-213-class4");
    const CheckReport r = checkLayout(L, fra);
    const CurveRow* c3 = curveNamed(r, "c3");
    QVERIFY(c3);
    qInfo("c3: R %.2f m, cant %.2f mm, line %.2f m/s, permissible %.3f m/s (%.2f mph) by %s", c3->radius,
          c3->cant * 1e3, c3->lineSpeed, c3->permissible, c3->permissible / 0.44704, c3->governing.c_str());
    QVERIFY(std::abs(c3->radius - 120) < 1e-6);
    QVERIFY(std::abs(c3->cant - 1.5 * std::sin(0.1)) < 5e-4); // 149.75 mm to 0.5 mm
    QCOMPARE(c3->lineSpeed, 30.0);
    QVERIFY(std::abs(c3->permissible / 0.44704 - vmaxMph) < 0.1);
    QVERIFY(c3->governing.rfind("vmax", 0) == 0);
    QVERIFY(c3->overPermissible());
    QCOMPARE(c3->tracks, (std::vector<std::string>{"c3-in", "c3", "c3-out"}));
    // the violation on c3 itself: 30 m/s against Vmax, over the whole arc
    bool found = false;
    for (const auto& v : r.violations)
        if (v.trackId == "c3" && v.ruleId == "vmax") {
            found = true;
            QCOMPARE(v.value, 30.0);
            QVERIFY(std::abs(v.limit / 0.44704 - vmaxMph) < 0.1);
            QCOMPARE(v.s0, 0.0);
            QVERIFY(std::abs(v.s1 - L.trackById("c3").length()) < 1e-9);
        }
    QVERIFY(found);
    // c2 (R = 450 m, cant 149.75 mm): Vmax = 57.2 mph < 67.1: also over; c1 and c4 too
    QVERIFY(curveNamed(r, "c2") && curveNamed(r, "c2")->overPermissible());
    // the turnout's reverse curve (R = 190 m, no cant) takes its own 10 m/s sign
    bool turnout = false;
    for (const auto& c : r.curves)
        if (c.tracks.front() == "turnout") {
            turnout = true;
            QCOMPARE(c.tracks, (std::vector<std::string>{"turnout", "siding-reverse"}));
            QCOMPARE(c.lineSpeed, 10.0);
        }
    QVERIFY(turnout);
}

void TestChecks::demoC3OverPermissibleInEveryRailwayProfile() {
    const Layout L = demo();
    const CheckReport en = checkLayout(L, shipped("en13803-typical"));
    const CurveRow* c3 = curveNamed(en, "c3");
    QVERIFY(c3 && c3->overPermissible());
    // EN: I = 130 mm with E = 149.75 mm on R = 120: v = sqrt(g R tan(asin(0.27975 / 1.5))) = 11.89 m/s;
    // the cant ramp (3.74 mm/m average over 40 m, smoothstep peak 1.5x) at 50 mm/s may govern instead
    const double y = (1.5 * std::sin(0.1) + 0.130) / 1.5;
    const double vI = std::sqrt(kG * 120 * y / std::sqrt(1 - y * y));
    qInfo("EN c3 permissible %.3f m/s by %s (deficiency alone %.3f)", c3->permissible, c3->governing.c_str(),
          vI);
    QVERIFY(c3->permissible <= vI + 1e-6);
}

// The HUD's line speed (lineSpeedAhead, ui/sim/HudReadout.cpp) and the Checks dock's (samplePlaces) are one
// rule: at every sampled place of both demos and of two signed branches merging at a trailing switch, in
// both directions and for every setting of the switches, the HUD's "in force" is the checks' line speed.
// On the merge: A (20 m/s) and B (30 m/s) run into C, which has no sign: C is 20 (the lower holds) even with
// the switch set from B, where the HUD once walked back the route as set and said 30.
void TestChecks::hudAndChecksAgreeOnLineSpeed() {
    try {
        hudAndChecksAgree();
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
}

void TestChecks::hudAndChecksAgree() {
    // B: a left arc R = 200 m, 0.2 rad, ending at C's start heading +x (start (100 - 200 sin 0.2, 200 (1 -
    // cos 0.2)), heading -0.2 rad)
    const double R = 200, th = 0.2;
    const nlohmann::json merge = {
        {"format", "tracklab-layout"},
        {"version", 2},
        {"tracks",
         {{{"id", "A"}, {"curve", {{"type", "line"}, {"length", 100.0}}}, {"lineSpeed", 20.0}},
          {{"id", "B"},
           {"curve", {{"type", "arc"}, {"radius", R}, {"angle", th}}},
           {"placement",
            {{"position", {100.0 - R * std::sin(th), R * (1 - std::cos(th)), 0.0}},
             {"rotation", {std::cos(-th / 2), 0.0, 0.0, std::sin(-th / 2)}}}},
           {"lineSpeed", 30.0}},
          {{"id", "C"},
           {"curve", {{"type", "line"}, {"length", 200.0}}},
           {"placement", {{"after", {"A", "end"}}}}},
          {{"id", "D"},
           {"curve", {{"type", "line"}, {"length", 50.0}}},
           {"placement", {{"after", {"C", "end"}}}},
           {"lineSpeed", 40.0}}}},
        {"connections", {{{"a", {"C", "end"}}, {"b", {"D", "start"}}}}},
        {"switches",
         {{{"id", "M"},
           {"at", {"C", "start"}},
           {"branches", nlohmann::json::array({{"A", "end"}, {"B", "end"}})},
           {"state", 1}}}}};
    std::vector<std::pair<std::string, Layout>> layouts;
    layouts.emplace_back("demo", demo());
    layouts.emplace_back("coaster", Layout::load(kSrc + "/resources/layouts/coaster.json"));
    layouts.emplace_back("merge", Layout::compile(parseLayoutSpec(merge.dump(), "merge"), "merge"));
    const RuleProfile profile = shipped("en13803-typical");
    int places = 0;
    for (const auto& [name, L] : layouts) {
        const std::vector<LineSpeedOf> speeds = lineSpeeds(L);
        const std::vector<TrackSamples> checks = samplePlaces(L, profile, {}, false);
        // every setting of the switches (the demo and the merge have one each)
        std::vector<SwitchStates> settings = {L.initialSwitchStates()};
        for (std::size_t k = 0; k < L.switches().size(); ++k)
            for (std::size_t b = 0; b < L.switches()[k].branches.size(); ++b) {
                SwitchStates s = L.initialSwitchStates();
                s[k] = int(b);
                settings.push_back(s);
            }
        for (std::size_t t = 0; t < L.trackCount(); ++t)
            for (const PlaceSample& p : checks[t].places)
                for (const SwitchStates& states : settings)
                    for (int dir : {+1, -1}) {
                        const LineSpeedAhead hud = lineSpeedAhead(L, speeds, states, {int(t), p.s, dir});
                        const double shown = hud.current.value_or(0.0);
                        if (shown != checks[t].lineSpeed)
                            QFAIL(qPrintable(QString("%1 %2 s = %3: HUD %4, checks %5")
                                                 .arg(name.c_str(), L.track(t).id().c_str())
                                                 .arg(p.s)
                                                 .arg(shown)
                                                 .arg(checks[t].lineSpeed)));
                        ++places;
                    }
    }
    qInfo("%d places agree", places);
    const Layout& M = layouts.back().second;
    const std::vector<LineSpeedOf> speeds = lineSpeeds(M);
    const int A = M.trackIndex("A"), B = M.trackIndex("B"), C = M.trackIndex("C");
    QCOMPARE(speeds[std::size_t(C)].speed, 20.0);
    QCOMPARE(speeds[std::size_t(C)].sign, A);
    // from B (set through the switch) the next line speed is C's 20 m/s at B's end, 10 m on
    const SwitchStates fromB = {1};
    const LineSpeedAhead onB =
        lineSpeedAhead(M, speeds, fromB, {B, M.track(std::size_t(B)).length() - 10.0, +1});
    QCOMPARE(onB.current.value_or(0.0), 30.0);
    QCOMPARE(onB.next.value_or(0.0), 20.0);
    QCOMPARE(onB.nextTrack, C);
    QVERIFY(std::abs(onB.distance - 10.0) < 1e-9);
    // on C the HUD says 20 with the switch set from B; the next sign is D's 40 at C's end
    const LineSpeedAhead onC = lineSpeedAhead(M, speeds, fromB, {C, 50.0, +1});
    QCOMPARE(onC.current.value_or(0.0), 20.0);
    QCOMPARE(onC.next.value_or(0.0), 40.0);
    QVERIFY(std::abs(onC.distance - 150.0) < 1e-9);
}

void TestChecks::lineSpeedSigns() {
    const Layout L = demo();
    const auto v = lineSpeeds(L);
    auto at = [&](const char* id) { return v[std::size_t(L.trackIndex(id))]; };
    QCOMPARE(at("bottom1").speed, 30.0);
    QCOMPARE(at("c1").speed, 30.0); // from bottom1's sign, through the switch's main branch
    QCOMPARE(at("c1").sign, L.trackIndex("bottom1"));
    QCOMPARE(at("c3-out").sign, L.trackIndex("c3")); // c3 has its own sign
    QCOMPARE(at("turnout").speed, 10.0);
    QCOMPARE(at("siding").speed, 10.0);
    QCOMPARE(at("siding").sign, L.trackIndex("turnout"));
}

void TestChecks::europeanGradientAndDeficiency() {
    const double b = 1.5, E = 0.12, phi = std::asin(0.08), R = 500;
    // at 120 km/h: cant gradient of the linear ramp b cos(phi s / L) phi / L: 3.003 mm/m at its start,
    // 2.994 at its end - all 40 m over 1:400; deficiency on the arc b sin(atan(v^2/(g R))) - E = 211.4 mm
    const double v = 120 / 3.6;
    const Layout L = rampLayout(v);
    const RuleProfile en = shipped("en13803-typical");
    const CheckReport r = checkLayout(L, en);
    const double gradient0 = b * phi / 40, x = v * v / (kG * R), I = b * x / std::sqrt(1 + x * x) - E;
    bool sawGradient = false, sawDeficiency = false;
    for (const auto& vi : r.violations) {
        qInfo("%s %s %.1f-%.1f: %g vs %g", vi.trackId.c_str(), vi.ruleId.c_str(), vi.s0, vi.s1, vi.value,
              vi.limit);
        if (vi.ruleId == "gradient" && vi.trackId == "ramp") {
            sawGradient = true;
            QVERIFY(vi.s0 <= 1.0); // the places 1 m apart: all but the joints themselves
            QVERIFY(vi.s1 >= 39.0);
            QVERIFY(std::abs(vi.value - gradient0) < 2e-6); // worst near the start
            QVERIFY(std::abs(vi.limit - 0.0025) < 1e-15);
        }
        if (vi.ruleId == "deficiency" && vi.trackId == "arc") {
            sawDeficiency = true;
            QVERIFY(std::abs(vi.value - I) < 1e-6);
            QVERIFY(std::abs(vi.limit - 0.130) < 1e-12);
            QCOMPARE(vi.s0, 0.0);
        }
        QVERIFY(vi.trackId != "a"); // the straight breaks nothing
    }
    QVERIFY(sawGradient);
    QVERIFY(sawDeficiency);
    // permissible speed from the deficiency alone: E + I = 250 mm -> v = sqrt(g R tan(asin(0.25/1.5)))
    // = 28.79 m/s (the 11.8 V^2/R rule: 102.9 km/h = 28.6 m/s)
    const RuleProfile only = profileText(R"({"type": "cantDeficiency", "limit": 130, "unit": "mm"})");
    const CheckReport r2 = checkLayout(L, only);
    QCOMPARE(r2.curves.size(), std::size_t(1));
    const double y = 0.25 / 1.5, vp = std::sqrt(kG * R * y / std::sqrt(1 - y * y));
    // the engine finds the speed by bisection to 1e-4 m/s
    QVERIFY2(std::abs(r2.curves[0].permissible - vp) < 1e-4,
             qPrintable(QString::number(r2.curves[0].permissible, 'g', 12) + " vs " +
                        QString::number(vp, 'g', 12)));
    QVERIFY(std::abs(vp * 3.6 - std::sqrt(250 * R / 11.8)) < 1.5); // the rail rule of thumb, to 1.5 km/h
    // at 100 km/h the deficiency is 113.1 mm: no deficiency violation; the cant rate 3.003 mm/m x 27.8 m/s
    // = 83 mm/s still breaks 50 mm/s, and governs the permissible speed: 50 / 3.003 = 16.65 m/s
    const CheckReport r3 = checkLayout(rampLayout(100 / 3.6), en);
    for (const auto& vi : r3.violations)
        QVERIFY(vi.ruleId != "deficiency");
    QCOMPARE(r3.curves.size(), std::size_t(1));
    QVERIFY(r3.curves[0].governing.rfind("cantRate", 0) == 0);
    QVERIFY(std::abs(r3.curves[0].permissible - 0.050 / gradient0) < 0.05);
    QCOMPARE(r3.curves[0].tracks, (std::vector<std::string>{"ramp", "arc"}));
}

void TestChecks::riderOnBankedCurve() {
    // flat arc R = 100 m banked 0.1 rad (into the curve) at 20 m/s, rider at the rails:
    // lateral (v^2/R cos phi - g sin phi)/g, vertical (v^2/R sin phi + g cos phi)/g
    const double R = 100, phi = 0.1, v = 20;
    const std::string text = R"({"format": "tracklab-layout", "version": 1, "tracks": [
      {"id": "arc", "curve": {"type": "arc", "radius": 100, "angle": -1.5}, "frame": "up", "lineSpeed": 20,
       "twist": {"type": "constant", "angle": 0.1}}]})";
    const Layout L = Layout::compile(parseLayoutSpec(text, "arc.json"), "arc.json");
    const RuleProfile p = profileText(R"({"type": "verticalAcceleration", "max": 1.2, "unit": "g"},
                       {"type": "lateralAcceleration", "limit": 0.2, "unit": "g"})");
    const auto samples = samplePlaces(L, p, {}, true);
    const PlaceSample& mid = samples[0].places[samples[0].places.size() / 2];
    const double lat = (v * v / R * std::cos(phi) - kG * std::sin(phi)) / kG;
    const double vert = (v * v / R * std::sin(phi) + kG * std::cos(phi)) / kG;
    qInfo("vertical %.6f g (closed %.6f), lateral %.6f g (closed %.6f)", mid.vertical / kG, vert,
          std::abs(mid.lateral) / kG, lat);
    QVERIFY(std::abs(mid.vertical / kG - vert) < 0.01 * vert);
    QVERIFY(std::abs(std::abs(mid.lateral) / kG - lat) < 0.01 * lat);
    // 0.3079 g lateral > 0.2 g: one violation over the arc (not its first metre: the bank steps there)
    const CheckReport r = checkLayout(L, p);
    int lateral = 0;
    for (const auto& vi : r.violations)
        if (vi.ruleId == "lateralAcceleration") ++lateral;
    QVERIFY(lateral >= 1);
    // at the rails the riders feel the equilibrium at tan phi = v^2/(g R): 9.9 m/s -> lateral 0
    const double veq = std::sqrt(kG * R * std::tan(phi));
    QVERIFY(std::abs((veq * veq / R * std::cos(phi) - kG * std::sin(phi))) < 1e-12);
}

void TestChecks::coasterEnergySpeeds() {
    // The coaster's lift ends at s = 176 m at 3.5 m/s; from there v^2 = 3.5^2 + 2 g (z_lift - z)
    const Layout L = Layout::load(kSrc + "/resources/layouts/coaster.json");
    const RuleProfile p = shipped("coaster-envelope");
    const std::vector<DriveSection> drives = {{0, 10, 176, 3.5, 1}, {0, 490, 530, 2.5, 1}};
    const auto samples = samplePlaces(L, p, drives, true);
    const double zLift = L.frameInWorld(0, 176).F.P.z();
    double vMax = 0, sMax = 0, gMax = -1e9, gMin = 1e9;
    for (const auto& s : samples[0].places) {
        if (s.s > 176 && s.s < 490) {
            const double z = L.frameInWorld(0, s.s).F.P.z();
            QVERIFY(std::abs(s.speed - std::sqrt(std::max(0.0, 3.5 * 3.5 + 2 * kG * (zLift - z)))) < 1e-9);
        } else if (s.s >= 10 && s.s <= 176) {
            QCOMPARE(s.speed, 3.5);
        }
        if (s.speed > vMax) vMax = s.speed, sMax = s.s;
        gMax = std::max(gMax, s.vertical / kG);
        gMin = std::min(gMin, s.vertical / kG);
    }
    qInfo("coaster: top speed %.2f m/s at s = %.1f m; vertical %.2f .. %.2f g", vMax, sMax, gMin, gMax);
    QVERIFY(vMax < 21.5 &&
            vMax > 20.5); // the simulated top speed is 21.24 m/s (tests/physics/tst_coaster.cpp)
    const CheckReport r = checkLayout(L, p, drives);
    QVERIFY(r.notes.empty() || r.notes[0].find("no speed") == std::string::npos);
}

void TestChecks::curveTableCsv() {
    const Layout L = demo();
    const RuleProfile fra = shipped("fra-213-class4");
    CheckReport r = checkLayout(L, fra);
    for (auto& c : r.curves)
        if (c.name == "c3") c.critical = 28.0, c.criticalNote = "overturn on c3, test";
    const std::string csv = tl::curveTableCsv(r, fra);
    QVERIFY(csv.rfind("curve,tracks,start_track,start_s_m,end_track,end_s_m,length_m,radius_m,cant_in,"
                      "line_speed_mph,permissible_mph,governing_rule,critical_mph,margin_mph,",
                      0) == 0);
    const QStringList lines = QString::fromStdString(csv).trimmed().split('\n');
    QCOMPARE(lines.size(), int(r.curves.size()) + 1);
    bool found = false;
    for (const QString& l : lines)
        if (l.startsWith("c3,")) {
            found = true;
            const QStringList f = l.split(',');
            QCOMPARE(f[1], QString("c3-in+c3+c3-out"));
            QVERIFY(std::abs(f[8].toDouble() - 5.896) < 0.02);           // cant [in]
            QVERIFY(std::abs(f[9].toDouble() - 67.108) < 0.01);          // 30 m/s in mph
            QVERIFY(std::abs(f[10].toDouble() - 29.55) < 0.1);           // Vmax
            QVERIFY(std::abs(f[12].toDouble() - 28.0 / 0.44704) < 1e-3); // critical
            QVERIFY(std::abs(f[13].toDouble() - (62.634 - 29.55)) < 0.1);
            QCOMPARE(f[14], QString("yes"));
        }
    QVERIFY(found);
    QVERIFY(!csv.empty() && csv.find("inf") == std::string::npos && csv.find("nan") == std::string::npos);
}

void TestChecks::parserErrors() {
    const std::string head = R"({"format": "tracklab-rules", "name": "x", "rules": [)";
    auto check = [&](const std::string& text, const char* expect) {
        const QString e = errorOf(text);
        qInfo("%s", qPrintable(e));
        QVERIFY2(e.contains(expect), qPrintable(e));
        QVERIFY2(e.startsWith("bad-rules.json: "), qPrintable(e));
    };
    check(head + R"({"type": "maxCant", "limit": 160, "unit": "km/h"}]})",
          "/rules/0/unit: \"km/h\" is not a length");
    check(head + R"({"type": "maxCant", "limt": 160, "unit": "mm"}]})",
          "/rules/0/limt: unknown key \"limt\" for a maxCant rule");
    check(head + R"({"type": "maxCant", "limit": 160, "unit": "mm"}, {"type": "bogus"}]})",
          "/rules/1/type: unknown rule type \"bogus\"");
    check(head + R"({"type": "maxCant", "limit": -1, "unit": "mm"}]})", "/rules/0/limit: must lie in");
    check(head + R"({"type": "maxCant", "limit": "160", "unit": "mm"}]})",
          "/rules/0/limit: expected a number, got a string \"160\"");
    check(head + R"({"type": "maxCant", "unit": "mm"}]})",
          "/rules/0/limit: missing required key \"limit\" (in mm)");
    check(
        head +
            R"({"type": "maxCant", "limit": 1, "unit": "mm"}, {"type": "maxCant", "limit": 2, "unit": "mm"}]})",
        "/rules/1/id: duplicate rule id \"maxCant\"");
    check(head + R"({"type": "cantGradient", "limit": 0.5, "unit": "ratio"}]})", "a ratio 1:N needs N >= 1");
    check(head + R"({"type": "verticalAcceleration", "unit": "g"}]})", "needs \"min\", \"max\" or both");
    check(head + R"({"type": "curveSpeed", "cantDeficiency": 3, "unit": "in", "method": "aar"}]})",
          "/rules/0/method: must be \"equilibrium\" or \"fra213\"");
    check(head + "]}", "/rules: expected a non-empty array of rules, got an array []");
    check(R"({"format": "tracklab-layout", "name": "x", "rules": []})",
          "/format: must be \"tracklab-rules\"");
    check(R"({"format": "tracklab-rules", "rules": [], "speed": "warp"})",
          ": /name: missing required key \"name\"");
    check(R"({"format": "tracklab-rules", "name": "x", "speed": "warp", "rules": [{}]})",
          "/speed: must be \"line\" or \"energy\"");
    check(R"({"format": "tracklab-rules", "name": "x", "speedUnit": "mm"})",
          "/speedUnit: \"mm\" is not a speed");
    check("{\"format\": \"tracklab-rules\",\n \"name\": x}", "not JSON: line 2");
    check(R"({"format": "tracklab-rules", "name": "x", "rules": [], "colour": 1})", "/colour: unknown key");
    // a file that is not there: the file named
    try {
        loadRuleProfile("/nonexistent/rules.json");
        QFAIL("no error");
    } catch (const LayoutError& e) {
        QVERIFY(QString(e.what()).startsWith("/nonexistent/rules.json: "));
    }
}

void TestChecks::shippedProfilesLoad() {
    const auto files = shippedRuleProfiles();
    QVERIFY(files.size() >= 3);
    for (const auto& f : files) {
        const RuleProfile p = loadRuleProfile(f);
        QVERIFY(!p.rules.empty());
    }
    QVERIFY(!findRuleProfile("fra-213-class4").empty());
    QVERIFY(findRuleProfile("no-such-profile").empty());
    const RuleProfile fra = shipped("fra-213-class4");
    QCOMPARE(fra.speedUnit, std::string("mph"));
    QVERIFY(std::abs(fra.rules[0].cantDeficiency - 3 * 0.0254) < 1e-15);
    QVERIFY(std::abs(fra.rules[1].limit - 7 * 0.0254) < 1e-15);
    QVERIFY(std::abs(fra.rules[2].limit - 80 * 0.44704) < 1e-12);
    QCOMPARE(formatValue(0.0025, "ratio"), std::string("1:400"));
    QCOMPARE(formatValue(30, "mph", 1), std::string("67.1 mph"));
}

QTEST_APPLESS_MAIN(TestChecks)
#include "tst_checks.moc"
