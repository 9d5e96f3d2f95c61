// IFC 4.3 export (core/alignment/IfcAlignmentWriter.h, docs/alignments.md "Export"): layouts written here
// as JSON, exported, read back by the importer (core/alignment/IfcAlignmentReader.h), compiled, and every
// track's ends compared with the original's; the STEP values (core/io/StepWriter.h) against their Part 21
// spellings; the parent curves of the geometry against their closed forms.
#include "FileTestUtil.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/io/StepFile.h"
#include "core/io/StepWriter.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>
#include <vector>

using namespace tl;
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

double heading(const Vec3& T) {
    return std::atan2(T.y(), T.x());
}

double angleDiff(double a, double b) {
    return std::abs(std::remainder(a - b, 2 * std::numbers::pi));
}

// A number argument, plain or typed (IFCLENGTHMEASURE(5.)).
double number(const StepInstance& e, std::size_t i) {
    const StepValue& v = e.arg(i);
    if (v.is(StepValue::Kind::Typed)) return e.real(v.inner(), "inner");
    return e.real(i);
}

bool contains(const std::vector<std::string>& list, const std::string& a, const std::string& b = {}) {
    for (const std::string& s : list)
        if (s.find(a) != std::string::npos && s.find(b) != std::string::npos) return true;
    return false;
}

} // namespace

class TestIfcExport : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    fs::path path(const std::string& name) const { return fs::path(dir_.path().toStdString()) / name; }

    // export -> file -> import -> layout text -> compiled layout
    Layout roundTrip(const Layout& original, const std::string& name, IfcImport* imported = nullptr,
                     IfcExport* exported = nullptr) {
        IfcExportOptions o;
        o.guidSeed = 42;
        const IfcExport ex = writeIfcAlignments(original, path(name), o);
        IfcImport im = importIfcAlignments(path(name));
        const Layout back = Layout::compile(parseLayoutSpec(layoutSpecText(im.layout), "imported.json"));
        if (imported) *imported = std::move(im);
        if (exported) *exported = ex;
        return back;
    }

    // the original track t travelled in direction dir equals the imported track `id` (travelled +1)
    static void compareTrack(const Layout& a, const std::string& t, int dir, const Layout& b,
                             const std::string& id) {
        const int i = a.trackIndex(t), j = b.trackIndex(id);
        QVERIFY2(i >= 0 && j >= 0, (t + " / " + id).c_str());
        const Track& ta = a.track(std::size_t(i));
        const Track& tb = b.track(std::size_t(j));
        const double la = ta.length();
        const TwistedFrame a0 = a.frameInWorld(std::size_t(i), dir > 0 ? 0.0 : la);
        const TwistedFrame a1 = a.frameInWorld(std::size_t(i), dir > 0 ? la : 0.0);
        const TwistedFrame b0 = b.frameInWorld(std::size_t(j), 0.0);
        const TwistedFrame b1 = b.frameInWorld(std::size_t(j), tb.length());
        const double flip = dir > 0 ? 0.0 : std::numbers::pi;
        QVERIFY2((a0.F.P - b0.F.P).norm() < 1e-6,
                 (id + " start " + std::to_string((a0.F.P - b0.F.P).norm())).c_str());
        QVERIFY2((a1.F.P - b1.F.P).norm() < 1e-6,
                 (id + " end " + std::to_string((a1.F.P - b1.F.P).norm())).c_str());
        QVERIFY2(angleDiff(heading(a0.F.T) + flip, heading(b0.F.T)) < 1e-9, (id + " start heading").c_str());
        QVERIFY2(angleDiff(heading(a1.F.T) + flip, heading(b1.F.T)) < 1e-9, (id + " end heading").c_str());
        QVERIFY(std::abs(ta.length() - tb.length()) < 1e-9);
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
        const auto station = back.station(back.trackIndex("Main/L2"), 30.0);
        QVERIFY(station.has_value());
        QVERIFY2(std::abs(*station - (1234.5 + total)) < 1e-6, std::to_string(*station).c_str());
        // the level profile at z = 5 m is applied without a warning
        QVERIFY(!contains(im.warnings, "NOT applied"));
        QCOMPARE(back.frameInWorld(0, 0.0).F.P.z(), 5.0);
        // only lines, arcs and clothoids get geometry
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

    // a spline in the middle: refused by name, the lines on each side exported as alignments of their own
    void splineRefused() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "L1", "curve": {"type": "line", "length": 50}},
          {"id": "S", "curve": {"type": "spline", "points": [[0, 0, 0], [20, 5, 0], [40, 0, 0]]},
           "placement": {"after": ["L1", "end"]}},
          {"id": "L2", "curve": {"type": "line", "length": 25}, "placement": {"after": ["S", "end"]}}],
         "connections": [{"a": ["L1", "end"], "b": ["S", "start"]}, {"a": ["S", "end"], "b": ["L2", "start"]}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "spline.json"), "spline.json");
        IfcExportOptions o;
        o.layoutFile = "spline.json";
        const IfcExport ex = exportIfcAlignments(original, o);
        QVERIFY(contains(ex.warnings, "spline.json: track 'S' is not exported", "curve type 'spline'"));
        QVERIFY((ex.alignments == std::vector<std::string>{"L1", "L2"}));
        IfcImport im;
        const Layout back = roundTrip(original, "spline.ifc", &im);
        QCOMPARE(int(back.trackCount()), 2);
        compareTrack(original, "L1", +1, back, "L1/L1");
        compareTrack(original, "L2", +1, back, "L2/L2");
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
