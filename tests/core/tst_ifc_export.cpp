// IFC 4.3 export (core/alignment/IfcAlignmentWriter.h, docs/alignments.md "Export"): layouts written here
// as JSON, exported, read back by the importer (core/alignment/IfcAlignmentReader.h), compiled, and every
// track's ends compared with the original's; the STEP values (core/io/StepWriter.h) against their Part 21
// spellings; the parent curves' constants against their closed forms (the written curves evaluated:
// tests/core/tst_ifc_geometry.cpp).
#include "FileTestUtil.h"
#include "IfcExportCheck.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/curves/AlignmentCurve.h"
#include "core/io/StepFile.h"
#include "core/io/StepWriter.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <set>
#include <string>
#include <vector>

using namespace tl;
using namespace ifcexportcheck;
namespace fs = std::filesystem;

namespace {

// line -> clothoid -> arc -> bloss -> helmert -> cosine -> sine -> cubic (straight start) -> line, level at
// z = 5 m, as the alignment "Main" from station 1234.5 m
const char* kChain = R"({"format": "tracklab-layout", "version": 2, "tracks": [
  {"id": "L1", "curve": {"type": "line", "length": 100},
   "placement": {"position": [1000, 2000, 5], "rotation": [0.98877107793604224, 0, 0, 0.14943813247359922]}},
  {"id": "C1", "curve": {"type": "clothoid", "length": 80, "curvatureEnd": 0.0033333333333333335},
   "placement": {"after": ["L1", "end"]}},
  {"id": "A1", "curve": {"type": "arc", "radius": 300, "angle": 0.2}, "placement": {"after": ["C1", "end"]}},
  {"id": "B1", "curve": {"type": "bloss", "length": 60, "radiusStart": 300, "radiusEnd": -500},
   "placement": {"after": ["A1", "end"]}},
  {"id": "H1", "curve": {"type": "helmert", "length": 70, "radiusStart": -500, "radiusEnd": 400},
   "placement": {"after": ["B1", "end"]}},
  {"id": "Co1", "curve": {"type": "cosine", "length": 50, "radiusStart": 400, "radiusEnd": -600},
   "placement": {"after": ["H1", "end"]}},
  {"id": "S1", "curve": {"type": "sine", "length": 40, "radiusStart": -600, "radiusEnd": 0},
   "placement": {"after": ["Co1", "end"]}},
  {"id": "Cu1", "curve": {"type": "cubic", "length": 60, "radiusEnd": 350}, "placement": {"after": ["S1", "end"]}},
  {"id": "L2", "curve": {"type": "line", "length": 30}, "placement": {"after": ["Cu1", "end"]}}],
 "connections": [{"a": ["L1", "end"], "b": ["C1", "start"]}, {"a": ["C1", "end"], "b": ["A1", "start"]},
  {"a": ["A1", "end"], "b": ["B1", "start"]}, {"a": ["B1", "end"], "b": ["H1", "start"]},
  {"a": ["H1", "end"], "b": ["Co1", "start"]}, {"a": ["Co1", "end"], "b": ["S1", "start"]},
  {"a": ["S1", "end"], "b": ["Cu1", "start"]}, {"a": ["Cu1", "end"], "b": ["L2", "start"]}],
 "alignments": [{"id": "Main", "tracks": [["L1", 1], ["C1", 1], ["A1", 1], ["B1", 1], ["H1", 1], ["Co1", 1],
   ["S1", 1], ["Cu1", 1], ["L2", 1]], "startStation": 1234.5}]})";

// a double as JSON, to round-trip precision
std::string json(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

// The distance of P from the polyline through `points` (the nearest of its segments).
double nearest(const std::vector<Vec3>& points, const Vec3& P, double* along = nullptr) {
    double best = 1e18;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const Vec3 d = points[i + 1] - points[i];
        const double L2 = d.squaredNorm();
        const double x = L2 > 0 ? std::clamp((P - points[i]).dot(d) / L2, 0.0, 1.0) : 0.0;
        const double e = (points[i] + x * d - P).norm();
        if (e < best) {
            best = e;
            if (along) *along = double(i) + x;
        }
    }
    return best;
}

} // namespace

class TestIfcExport : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    fs::path path(const std::string& name) const { return fs::path(dir_.path().toStdString()) / name; }

    // export -> file -> import -> layout text -> compiled layout
    Layout roundTrip(const Layout& original, const std::string& name, IfcImport* imported = nullptr,
                     IfcExport* exported = nullptr) {
        return ifcexportcheck::roundTrip(original, path(name), imported, exported);
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // Part 21 spellings: a decimal point always, upper-case exponent, shortest round trip
    void stepReals() {
        QCOMPARE(stepReal(1.0), std::string("1."));
        QCOMPARE(stepReal(0.5), std::string("0.5"));
        QCOMPARE(stepReal(-2.5), std::string("-2.5"));
        QCOMPARE(stepReal(1e-5), std::string("1.E-05"));
        QCOMPARE(stepReal(1.5e20), std::string("1.5E+20"));
        QCOMPARE(stepReal(-0.0), std::string("0."));
        QCOMPARE(stepReal(0.1), std::string("0.1"));
        const double third = 1.0 / 3.0;
        QCOMPARE(std::strtod(stepReal(third).c_str(), nullptr), third);
        QCOMPARE(std::strtod(stepReal(1234567.891234567).c_str(), nullptr), 1234567.891234567);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, stepReal(std::nan("")));
        QCOMPARE(stepString("it's a\\b"), std::string("'it''s a\\\\b'"));
        // U+00C4, U+2192 and U+1F600 (a surrogate pair)
        QCOMPARE(stepString("\xC3\x84\xE2\x86\x92x\xF0\x9F\x98\x80"),
                 std::string("'\\X2\\00C42192\\X0\\x\\X2\\D83DDE00\\X0\\'"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, stepString("\xC3"));
    }

    // every segment type of the chain: ends and headings identical after the round trip, station kept
    void chainRoundTrip() {
        const Layout original = Layout::compile(parseLayoutSpec(kChain, "chain.json"), "chain.json");
        IfcImport im;
        IfcExport ex;
        const Layout back = roundTrip(original, "chain.ifc", &im, &ex);
        QVERIFY(ex.text.find("FILE_SCHEMA(('IFC4X3_ADD2'));") != std::string::npos);
        QVERIFY(ex.text.find("switches, trains, vehicles and drive sections are not exported") !=
                std::string::npos);
        QCOMPARE(int(ex.segments), 9);
        QVERIFY(ex.alignments == std::vector<std::string>{"Main"});
        QCOMPARE(int(back.trackCount()), 9);
        for (std::size_t t = 0; t < original.trackCount(); ++t) {
            const std::string id = original.track(t).id();
            compareTrack(original, id, +1, back, "Main/" + id);
            QCOMPARE(
                std::as_const(im.layout.tracks)[std::size_t(im.layout.trackIndex("Main/" + id))].curve.type,
                original.spec().tracks[t].curve.type);
        }
        const auto& al = im.layout.alignmentSpecs;
        QCOMPARE(int(al.size()), 1);
        QCOMPARE(al[0].id, std::string("Main"));
        QCOMPARE(al[0].startStation, 1234.5);
        // the station of the last track's end: 1234.5 + the chain's length (all level: s is horizontal)
        double total = 0.0;
        for (std::size_t t = 0; t < original.trackCount(); ++t)
            total += original.track(t).length();
        // exported and imported again, the imported tracks keep their ids: "Main/L2" is written as segment
        // "L2" of alignment "Main" (not read back as "Main/Main/L2"), and ends where it did
        const Layout again = roundTrip(back, "chain-again.ifc");
        QCOMPARE(int(again.trackCount()), int(back.trackCount()));
        for (std::size_t t = 0; t < back.trackCount(); ++t)
            compareTrack(back, back.track(t).id(), +1, again, back.track(t).id());
        const auto station = back.station(back.trackIndex("Main/L2"), 30.0);
        QVERIFY(station.has_value());
        QVERIFY2(std::abs(*station - (1234.5 + total)) < 1e-6, std::to_string(*station).c_str());
        // the level profile at z = 5 m is applied without a warning
        QVERIFY(!contains(im.warnings, "NOT applied"));
        QCOMPARE(back.frameInWorld(0, 0.0).F.P.z(), 5.0);
        // the cosine and sine transitions have no parent curve: no geometry
        QVERIFY(contains(ex.warnings, "'Main'", "without its geometry"));
    }

    // line, clothoid 0 -> 1/300 m over 80 m, arc R 300 left, arc R 200 right: the parent curves' closed forms
    void geometryParentCurves() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "a", "curve": {"type": "line", "length": 100}},
          {"id": "b", "curve": {"type": "clothoid", "length": 80, "curvatureEnd": 0.0033333333333333335},
           "placement": {"after": ["a", "end"]}},
          {"id": "c", "curve": {"type": "arc", "radius": 300, "angle": 0.2}, "placement": {"after": ["b", "end"]}},
          {"id": "d", "curve": {"type": "arc", "radius": 200, "angle": -0.3}, "placement": {"after": ["c", "end"]}}],
         "connections": [{"a": ["a", "end"], "b": ["b", "start"]}, {"a": ["b", "end"], "b": ["c", "start"]},
                         {"a": ["c", "end"], "b": ["d", "start"]}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "g.json"), "g.json");
        IfcExport ex;
        IfcImport im;
        const Layout back = roundTrip(original, "g.ifc", &im, &ex);
        QVERIFY(!contains(ex.warnings, "without its geometry"));
        for (const char* t : {"a", "b", "c", "d"})
            compareTrack(original, t, +1, back, std::string("a/") + t);
        const StepFile f = StepFile::parse(ex.text, "g.ifc");
        QCOMPARE(int(f.ofType("IFCCOMPOSITECURVE").size()), 1);
        QCOMPARE(int(f.ofType("IFCGRADIENTCURVE").size()), 1);
        const auto clothoids = f.ofType("IFCCLOTHOID");
        QCOMPARE(int(clothoids.size()), 1);
        QVERIFY(std::abs(clothoids[0]->real(1) - std::sqrt(80.0 * 300.0)) < 1e-9); // A = sqrt(L R)
        const auto circles = f.ofType("IFCCIRCLE");
        QCOMPARE(int(circles.size()), 2);
        QCOMPARE(circles[0]->real(1), 300.0);
        QCOMPARE(circles[1]->real(1), 200.0);
        // the circles' segment lengths: +60 m (counter-clockwise) and -60 m (clockwise)
        std::vector<double> circleLengths;
        for (const StepInstance* cs : f.ofType("IFCCURVESEGMENT"))
            if (f.at(cs->ref(4)).type() == "IFCCIRCLE") circleLengths.push_back(number(*cs, 3));
        QCOMPARE(int(circleLengths.size()), 2);
        QVERIFY(std::abs(circleLengths[0] - 60.0) < 1e-12);
        QVERIFY(std::abs(circleLengths[1] + 60.0) < 1e-12);
        // the referent is placed on the gradient curve at distance 0
        const auto points = f.ofType("IFCPOINTBYDISTANCEEXPRESSION");
        QCOMPARE(int(points.size()), 1);
        QCOMPARE(number(*points[0], 0), 0.0);
        QCOMPARE(f.at(points[0]->ref(4)).type(), std::string("IFCGRADIENTCURVE"));
    }

    // a -> B travelled backwards (end to end) -> C: exported as one chain, B reversed
    void backwardsTrack() {
        // B: arc R 100 left over 0.5 rad from the origin; A ends at B's end heading into it; C after B's
        // start
        const double px = 100 * std::sin(0.5), py = 100 * (1 - std::cos(0.5));
        const double h = 0.5 + std::numbers::pi;
        const std::string doc = std::string(R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "A", "curve": {"type": "line", "length": 40}, "placement": {"position": [)") +
                                json(px + 40 * std::cos(0.5)) + "," + json(py + 40 * std::sin(0.5)) +
                                R"(, 0], "rotation": [)" + json(std::cos(h / 2)) + ", 0, 0, " +
                                json(std::sin(h / 2)) + R"(]}},
          {"id": "B", "curve": {"type": "arc", "radius": 100, "angle": 0.5}},
          {"id": "C", "curve": {"type": "clothoid", "length": 30, "curvatureEnd": 0.005},
           "placement": {"after": ["B", "start"]}}],
         "connections": [{"a": ["A", "end"], "b": ["B", "end"]}, {"a": ["B", "start"], "b": ["C", "start"]}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "back.json"), "back.json");
        IfcImport im;
        IfcExport ex;
        const Layout back = roundTrip(original, "back.ifc", &im, &ex);
        QVERIFY(ex.alignments == std::vector<std::string>{"A"});
        QCOMPARE(int(back.trackCount()), 3);
        compareTrack(original, "A", +1, back, "A/A");
        compareTrack(original, "B", -1, back, "A/B");
        compareTrack(original, "C", +1, back, "A/C");
        // B reversed: an arc turning right (angle -0.5)
        const CurveSpec& b = std::as_const(im.layout.tracks)[std::size_t(im.layout.trackIndex("A/B"))].curve;
        QCOMPARE(b.type, std::string("arc"));
        QVERIFY(std::abs(b.params.at("angle") + 0.5) < 1e-15);
        QCOMPARE(b.params.at("radius"), 100.0);
    }

    // a spline in the middle (level, tangent to the lines): fitted (a warning naming it with its deviation),
    // one alignment L1 -> S -> L2;
    // with fit off it is refused by name and the lines are alignments of their own
    void splineFitted() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "L1", "curve": {"type": "line", "length": 50}},
          {"id": "S", "curve": {"type": "spline", "points": [{"position": [0, 0, 0], "tangent": [1, 0, 0]}, [20, 5, 0],
                                       {"position": [40, 0, 0], "tangent": [1, 0, 0]}]},
           "placement": {"after": ["L1", "end"]}},
          {"id": "L2", "curve": {"type": "line", "length": 25}, "placement": {"after": ["S", "end"]}}],
         "connections": [{"a": ["L1", "end"], "b": ["S", "start"]}, {"a": ["S", "end"], "b": ["L2", "start"]}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "spline.json"), "spline.json");
        IfcExportOptions o;
        o.layoutFile = "spline.json";
        o.fit = false;
        const IfcExport refused = exportIfcAlignments(original, o);
        QVERIFY(contains(refused.warnings, "spline.json: track 'S' is not exported", "curve type 'spline'"));
        QVERIFY((refused.alignments == std::vector<std::string>{"L1", "L2"}));

        IfcImport im;
        IfcExport ex;
        const Layout back = roundTrip(original, "spline.ifc", &im, &ex);
        QVERIFY(ex.alignments == std::vector<std::string>{"L1"});
        QCOMPARE(int(ex.fitted.size()), 1);
        QCOMPARE(ex.fitted[0].track, std::string("S"));
        QVERIFY2(ex.fitted[0].worstPosition <= 5e-4, std::to_string(ex.fitted[0].worstPosition).c_str());
        QVERIFY(contains(ex.warnings, "track 'S' has no exact IFC 4.3 form", "exported fitted"));
        QCOMPARE(int(ex.segments), 2 + int(ex.fitted[0].segments));
        compareTrack(original, "L1", +1, back, "L1/L1");
        // L2 starts where the fitted segments end (the importer chains them): to 1e-6 m and 1e-9 rad
        compareTrack(original, "L2", +1, back, "L1/L2");
        // every 0.5 m of the spline within 0.5 mm of the fitted chain (nearest of its points every 1 cm)
        std::vector<Vec3> fittedPoints;
        for (std::size_t t = 0; t < back.trackCount(); ++t)
            for (double s = 0; s <= back.track(t).length(); s += 0.01)
                fittedPoints.push_back(back.frameInWorld(t, s).F.P);
        const std::size_t S = std::size_t(original.trackIndex("S"));
        for (double s = 0; s <= original.track(S).length(); s += 0.5) {
            const Vec3 P = original.frameInWorld(S, s).F.P;
            const double best = nearest(fittedPoints, P);
            QVERIFY2(best < 5e-4 + 1e-5, ("s = " + std::to_string(s) + ": " + std::to_string(best)).c_str());
        }
    }

    // the demo (lines, clothoids and arcs banked by "cant" twists, a spline hill, a switch and a siding):
    // fitted where it has no exact form; every point every 1 m of every track within 1 mm of the imported
    // chain (nearest point of its polyline every 5 cm) and its bank within 1e-4 rad (+ 1e-5 between
    // samples); the worst deviations are printed
    void demoFitted() {
        const Layout original =
            Layout::compile(loadLayoutSpec(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json"), "demo.json");
        IfcImport im;
        IfcExport ex;
        const Layout back = roundTrip(original, "demo.ifc", &im, &ex);
        for (const std::string& w : ex.warnings)
            qInfo("%s", w.c_str());
        QVERIFY(!ex.fitted.empty());
        for (const IfcFittedTrack& t : ex.fitted) {
            QVERIFY2(t.worstPosition <= 5e-4 && t.worstBank <= 1e-4, t.track.c_str());
            QVERIFY(contains(ex.warnings, "track '" + t.track + "' has no exact IFC 4.3 form"));
        }
        // the imported tracks as one polyline each, with their banks
        std::vector<std::vector<Vec3>> points(back.trackCount());
        std::vector<std::vector<double>> banks(back.trackCount());
        for (std::size_t t = 0; t < back.trackCount(); ++t) {
            const double L = back.track(t).length();
            const int n = std::max(1, int(std::ceil(L / 0.05)));
            for (int i = 0; i <= n; ++i) {
                points[t].push_back(back.frameInWorld(t, L * i / n).F.P);
                banks[t].push_back(back.track(t).bank(L * i / n).wt);
            }
        }
        double worst = 0.0, worstBank = 0.0;
        int checked = 0;
        for (std::size_t t = 0; t < original.trackCount(); ++t) {
            const double L = original.track(t).length();
            for (double s = 0;; s = std::min(s + 1.0, L)) {
                const TwistedFrame F = original.frameInWorld(t, s);
                double best = 1e18, bankErr = 0.0;
                for (std::size_t u = 0; u < back.trackCount(); ++u) {
                    double along = 0.0;
                    const double d = nearest(points[u], F.F.P, &along);
                    if (d < best) {
                        best = d;
                        const std::size_t i = std::min(std::size_t(along), banks[u].size() - 2);
                        const double x = along - double(i);
                        const double b = banks[u][i] + x * (banks[u][i + 1] - banks[u][i]);
                        // the imported track may run the other way: the bank seen from its direction
                        const Vec3 T =
                            back.frameInWorld(u, back.track(u).length() * along / (banks[u].size() - 1)).F.T;
                        bankErr = std::abs((T.dot(F.F.T) > 0 ? b : -b) - original.track(t).bank(s).wt);
                    }
                }
                worst = std::max(worst, best);
                worstBank = std::max(worstBank, bankErr);
                QVERIFY2(best < 1e-3, (original.track(t).id() + " s = " + std::to_string(s) + ": " +
                                       std::to_string(best) + " m")
                                          .c_str());
                QVERIFY2(bankErr < 1.1e-4, (original.track(t).id() + " s = " + std::to_string(s) +
                                            ": bank off by " + std::to_string(bankErr))
                                               .c_str());
                ++checked;
                if (s >= L) break;
            }
        }
        qInfo("demo: %d points, worst deviation %.3g m, worst bank deviation %.3g rad", checked, worst,
              worstBank);
        QVERIFY(checked > 3000);
    }

    // only a spline: an error, and the old file stays
    void nothingToExport() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "S", "curve": {"type": "spline", "points": [[0, 0, 0], [20, 5, 0], [40, 0, 0]]}}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "only.json"), "only.json");
        const fs::path out = path("only.ifc");
        filetest::writeAll(out, "old");
        IfcExportOptions o;
        o.layoutFile = "only.json";
        o.fit = false; // (fitted by default)
        try {
            writeIfcAlignments(original, out, o);
            QFAIL("expected LayoutError");
        } catch (const LayoutError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("only.json") != std::string::npos &&
                         what.find("nothing to export") != std::string::npos &&
                         what.find("'S'") != std::string::npos,
                     what.c_str());
        }
        QCOMPARE(filetest::readAll(out), std::string("old"));
    }

    // Station equations: "G" (line 100 m, arc R 200 m over 100 m, line 150 m; with geometry) from station
    // 500 m with equations at 60 m (700 m) and 180 m (650 m); "N" (a cosine transition, no geometry) from 0 m
    // with one at 30 m (1000 m). Written as referents with IncomingStation = the counted station (560 m,
    // 820 m, 30 m), read back to the same equations (1e-9 m) and the same stations along the tracks.
    void stationEquationsRoundTrip() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "L1", "curve": {"type": "line", "length": 100}},
          {"id": "A1", "curve": {"type": "arc", "radius": 200, "angle": 0.5}, "placement": {"after": ["L1", "end"]}},
          {"id": "L2", "curve": {"type": "line", "length": 150}, "placement": {"after": ["A1", "end"]}},
          {"id": "C", "curve": {"type": "cosine", "length": 50, "radiusStart": 0, "radiusEnd": 300},
           "placement": {"position": [0, 500, 0]}}],
         "connections": [{"a": ["L1", "end"], "b": ["A1", "start"]}, {"a": ["A1", "end"], "b": ["L2", "start"]}],
         "alignments": [
          {"id": "G", "tracks": [["L1", 1], ["A1", 1], ["L2", 1]], "startStation": 500,
           "stationEquations": [[60, 700], [180, 650]]},
          {"id": "N", "tracks": [["C", 1]], "startStation": 0, "stationEquations": [[30, 1000]]}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "st.json"), "st.json");
        IfcImport im;
        IfcExport ex;
        const Layout back = roundTrip(original, "st.ifc", &im, &ex);
        // the referents: IncomingStation 560, 820 and 30 m
        const StepFile f = StepFile::parse(ex.text, "st.ifc");
        std::vector<double> incoming;
        for (const StepInstance* p : f.ofType("IFCPROPERTYSINGLEVALUE"))
            if (p->string(0) == "IncomingStation") incoming.push_back(number(*p, 2));
        std::sort(incoming.begin(), incoming.end());
        QCOMPARE(int(incoming.size()), 3);
        QVERIFY(std::abs(incoming[0] - 30.0) < 1e-9);
        QVERIFY(std::abs(incoming[1] - 560.0) < 1e-9);
        QVERIFY(std::abs(incoming[2] - 820.0) < 1e-9);
        QCOMPARE(int(f.ofType("IFCREFERENT").size()), 5);
        // no referent skipped (N's start, without geometry, is taken to be at the start: a warning)
        for (const std::string& w : im.warnings)
            QVERIFY2(w.find("IFCREFERENT") == std::string::npos || w.find("skipped") == std::string::npos,
                     w.c_str());
        const auto& al = im.layout.alignmentSpecs;
        QCOMPARE(int(al.size()), 2);
        for (std::size_t k = 0; k < 2; ++k) {
            const AlignmentSpec& a = original.spec().alignmentSpecs[k];
            QCOMPARE(al[k].id, a.id);
            QVERIFY(std::abs(al[k].startStation - a.startStation) < 1e-9);
            QCOMPARE(al[k].equations.size(), a.equations.size());
            for (std::size_t j = 0; j < a.equations.size(); ++j) {
                QVERIFY(std::abs(al[k].equations[j].first - a.equations[j].first) < 1e-9);
                QVERIFY(std::abs(al[k].equations[j].second - a.equations[j].second) < 1e-9);
            }
        }
        // stations along the tracks: station_i + (d - d_i), d the distance along the alignment
        const struct {
            const char* track;
            double s, expected;
        } rows[] = {{"G/L1", 40, 500 + 40}, {"G/L1", 70, 700 + 10},   {"G/A1", 50, 700 + 90},
                    {"G/A1", 90, 650 + 10}, {"G/L2", 100, 650 + 120}, {"N/C", 20, 0 + 20},
                    {"N/C", 45, 1000 + 15}};
        for (const auto& r : rows) {
            const auto st = back.station(back.trackIndex(r.track), r.s);
            QVERIFY2(st.has_value(), r.track);
            QVERIFY2(std::abs(*st - r.expected) < 1e-9,
                     (std::string(r.track) + " " + std::to_string(*st) + " vs " + std::to_string(r.expected))
                         .c_str());
        }
    }

    // a non-ASCII track id: \X2\ in the file, the same UTF-8 after the import
    void nonAsciiId() {
        const std::string id = "Gleis \xC3\x84\xE2\x86\x92\xC3\xBC \xF0\x9F\x98\x80";
        // (plain escaped strings: Qt 6.4's moc loses the class after a raw string that starts with a quote)
        const std::string doc = "{\"format\": \"tracklab-layout\", \"version\": 2, \"tracks\": [{\"id\": \"" +
                                id + "\", \"curve\": {\"type\": \"arc\", \"radius\": 50, \"angle\": -1}}]}";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "u.json"), "u.json");
        IfcImport im;
        IfcExport ex;
        const Layout back = roundTrip(original, "u.ifc", &im, &ex);
        for (const char c : ex.text)
            QVERIFY(static_cast<unsigned char>(c) < 0x80);
        QVERIFY(ex.text.find("Gleis \\X2\\00C4219200FC\\X0\\ \\X2\\D83DDE00\\X0\\") != std::string::npos);
        QCOMPARE(im.layout.tracks[0].id, id + "/" + id);
        compareTrack(original, id, +1, back, id + "/" + id);
    }
};

QTEST_GUILESS_MAIN(TestIfcExport)
#include "tst_ifc_export.moc"
