// IFC 4.3 export (core/alignment/IfcAlignmentWriter.h, docs/alignments.md "Export"): layouts written here
// as JSON, exported, read back by the importer (core/alignment/IfcAlignmentReader.h), compiled, and every
// track's ends compared with the original's; the STEP values (core/io/StepWriter.h) against their Part 21
// spellings; the parent curves of the geometry against their closed forms.
#include "FileTestUtil.h"
#include "IfcTestFile.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/curves/AlignmentCurve.h"
#include "core/curves/CubicParabola.h"
#include "core/curves/TransitionSpiral.h"
#include "core/curves/VerticalProfile.h"
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
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <vector>

using namespace tl;
using ifctest::real;
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

// The DATA section of a small IFC file, instances numbered in order.
struct Ifc {
    std::string data;
    int next = 1;
    int add(const std::string& entity) {
        const int id = next++;
        data += "#" + std::to_string(id) + "=" + entity + ";\n";
        return id;
    }
    static std::string r(int id) { return "#" + std::to_string(id); }
    void nest(int parent, const std::vector<int>& children) {
        std::string list = "(";
        for (std::size_t k = 0; k < children.size(); ++k)
            list += (k ? "," : "") + r(children[k]);
        add("IFCRELNESTS('n" + std::to_string(next) + "',$,$,$," + r(parent) + "," + list + "))");
    }
    int segment(const std::string& params) {
        const int p = add(params);
        return add("IFCALIGNMENTSEGMENT('s" + std::to_string(next) + "',$,$,$,$,$,$," + r(p) + ")");
    }
    std::string file() const { return ifctest::file(data); }
};

// a and b equal as JSON, numbers to 1e-9 (relative above 1), keys starting with "ifc" (the #ids of the
// file read) left out; `where` names the first difference
bool sameJson(const Json& a, const Json& b, const std::string& at, std::string& where) {
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        if (std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(x))) return true;
        where = at + ": " + a.dump() + " vs " + b.dump();
        return false;
    }
    if (a.is_object() && b.is_object()) {
        std::set<std::string> keys;
        for (auto it = a.begin(); it != a.end(); ++it)
            keys.insert(it.key());
        for (auto it = b.begin(); it != b.end(); ++it)
            keys.insert(it.key());
        for (const std::string& k : keys) {
            if (k.rfind("ifc", 0) == 0) continue;
            if (!a.contains(k) || !b.contains(k)) {
                where = at + "/" + k + ": only in one";
                return false;
            }
            if (!sameJson(a[k], b[k], at + "/" + k, where)) return false;
        }
        return true;
    }
    if (a.is_array() && b.is_array()) {
        if (a.size() != b.size()) {
            where = at + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " items";
            return false;
        }
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!sameJson(a[i], b[i], at + "/" + std::to_string(i), where)) return false;
        return true;
    }
    if (a == b) return true;
    where = at + ": " + a.dump() + " vs " + b.dump();
    return false;
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

// The curvature at s of an IFC 4.3 polynomial spiral of degree `order` (IfcSecondOrderPolynomialSpiral: 2,
// IfcThirdOrderPolynomialSpiral: 3, IfcSeventhOrderPolynomialSpiral: 7) from its written constants
// (arguments 1 .. order + 1: A_order .. A_0), by the entities' curvature formulas: A_n s^n / |A_n^(n+2)| for
// odd n, s^n / A_n^(n+1) for even n > 0, 1 / A_0; an unset term adds nothing.
double spiralCurvature(const StepInstance& spiral, int order, double s) {
    double k = 0.0;
    for (int n = order; n >= 0; --n) {
        const std::size_t arg = std::size_t(1 + order - n);
        if (spiral.isUnset(arg)) continue;
        const double A = spiral.real(arg);
        if (n == 0)
            k += 1.0 / A;
        else if (n % 2 == 1)
            k += A * std::pow(s, n) / std::abs(std::pow(A, n + 2));
        else
            k += std::pow(s, n) / std::pow(A, n + 1);
    }
    return k;
}

// A point of a 2D parent curve at the length t along it from its parameter 0, and its tangent's angle, by the
// entities' definitions in the curve's Position (IFC 4.3: IfcLine Pnt + t Dir; IfcCircle C + R (cos u, sin u)
// with u = t / R; IfcClothoid angle t^2 / (2 A |A|), x and y by Simpson's rule; IfcPolynomialCurve x = sum
// cx_i p^i, y = sum cy_i p^i with p solved by Newton so that its arc length from p = 0 is t).
struct PlanePoint {
    double x = 0.0, y = 0.0, angle = 0.0;
};

PlanePoint parentPoint(const StepFile& f, const StepInstance& curve, double t) {
    const auto simpson = [](const auto& g, double a, double b, int n) {
        const double h = (b - a) / n;
        double sum = g(a) + g(b);
        for (int i = 1; i < n; ++i)
            sum += (i % 2 ? 4.0 : 2.0) * g(a + i * h);
        return sum * h / 3.0;
    };
    PlanePoint q;
    if (curve.type() == "IFCLINE") {
        const std::vector<double> pnt = f.at(curve.ref(0)).reals(0);
        const StepInstance& vec = f.at(curve.ref(1));
        const std::vector<double> d = f.at(vec.ref(0)).reals(0);
        const double n = std::hypot(d[0], d[1]) / vec.real(1);
        return {pnt[0] + t * d[0] / n, pnt[1] + t * d[1] / n, std::atan2(d[1], d[0])};
    }
    if (curve.type() == "IFCCIRCLE") {
        const double R = curve.real(1), u = t / R;
        q = {R * std::cos(u), R * std::sin(u), u + std::numbers::pi / 2};
    } else if (curve.type() == "IFCCLOTHOID") {
        const double A = curve.real(1), aa = A * std::abs(A);
        const auto th = [&](double s) { return s * s / (2.0 * aa); };
        q = {simpson([&](double s) { return std::cos(th(s)); }, 0.0, t, 4000),
             simpson([&](double s) { return std::sin(th(s)); }, 0.0, t, 4000), th(t)};
    } else if (curve.type() == "IFCPOLYNOMIALCURVE") {
        const std::vector<double> cx = curve.reals(1), cy = curve.reals(2);
        const auto poly = [](const std::vector<double>& c, double p) {
            double v = 0.0;
            for (std::size_t i = c.size(); i-- > 0;)
                v = v * p + c[i];
            return v;
        };
        const auto slope = [](const std::vector<double>& c, double p) {
            double v = 0.0;
            for (std::size_t i = c.size(); i-- > 1;)
                v = v * p + double(i) * c[i];
            return v;
        };
        const auto speed = [&](double p) { return std::hypot(slope(cx, p), slope(cy, p)); };
        double p = t / speed(0.0);
        for (int k = 0; k < 20; ++k)
            p -= (simpson(speed, 0.0, p, 2000) - t) / speed(p);
        q = {poly(cx, p), poly(cy, p), std::atan2(slope(cy, p), slope(cx, p))};
    } else {
        qFatal("unexpected parent curve %s", curve.type().c_str());
    }
    // the Position (IfcAxis2Placement2D; RefDirection unset: +x)
    const StepInstance& pos = f.at(curve.ref(0));
    const std::vector<double> o = f.at(pos.ref(0)).reals(0);
    double phi = 0.0;
    if (!pos.isUnset(1)) {
        const std::vector<double> d = f.at(pos.ref(1)).reals(0);
        phi = std::atan2(d[1], d[0]);
    }
    return {o[0] + std::cos(phi) * q.x - std::sin(phi) * q.y,
            o[1] + std::sin(phi) * q.x + std::cos(phi) * q.y, q.angle + phi};
}

// The point at tau in [0, |SegmentLength|] along an IfcCurveSegment in its curve's plane: the parent curve's
// point at SegmentStart + sign(SegmentLength) tau, moved so that its point at SegmentStart is at the
// Placement's Location heading its RefDirection (in the direction of travel).
PlanePoint segmentPoint(const StepFile& f, const StepInstance& cs, double tau) {
    const StepInstance& parent = f.at(cs.ref(4));
    const double s0 = number(cs, 2), L = number(cs, 3), sense = L < 0 ? -1.0 : 1.0;
    const PlanePoint a = parentPoint(f, parent, s0), b = parentPoint(f, parent, s0 + sense * tau);
    const StepInstance& at = f.at(cs.ref(1));
    const std::vector<double> P = f.at(at.ref(0)).reals(0), d = f.at(at.ref(1)).reals(0);
    const double rot = std::atan2(d[1], d[0]) - (a.angle + (L < 0 ? std::numbers::pi : 0.0));
    const double dx = b.x - a.x, dy = b.y - a.y;
    return {P[0] + std::cos(rot) * dx - std::sin(rot) * dy, P[1] + std::sin(rot) * dx + std::cos(rot) * dy,
            b.angle + rot + (L < 0 ? std::numbers::pi : 0.0)};
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

    // line, clothoid, arc, bloss, helmert horizontals under a vertical layout of all four types and a cant
    // layout of all seven (the shape of tst_ifc_import's verticalAndCantProfiles): imported, exported,
    // imported again; the second import equals the first (frames every 1 m to 1e-6 m, bank to 1e-9 rad; the
    // tracks' curve and placement JSON to 1e-9, the "ifc" #ids aside; the ids gain the alignment's name:
    // "P/3" -> "P/P/3")
    void profilesRoundTrip() {
        // the horizontal chain's start points and headings, from the same chain as plain tracks
        const char* plain = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "1", "curve": {"type": "line", "length": 100},
           "placement": {"position": [500, 300, 0], "rotation": [0.99500416527802582, 0, 0, 0.099833416646828155]}},
          {"id": "2", "curve": {"type": "clothoid", "length": 110, "curvatureEnd": 0.0025}, "placement": {"after": ["1", "end"]}},
          {"id": "3", "curve": {"type": "arc", "radius": 400, "angle": 0.225}, "placement": {"after": ["2", "end"]}},
          {"id": "4", "curve": {"type": "bloss", "length": 60, "radiusStart": 400, "radiusEnd": 0}, "placement": {"after": ["3", "end"]}},
          {"id": "5", "curve": {"type": "helmert", "length": 60, "radiusStart": 0, "radiusEnd": -500}, "placement": {"after": ["4", "end"]}}]})";
        const Layout chain = Layout::compile(parseLayoutSpec(plain, "plain.json"), "plain.json");
        Ifc f;
        const int m = f.add("IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)");
        const int rad = f.add("IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)");
        f.add("IFCUNITASSIGNMENT((" + Ifc::r(m) + "," + Ifc::r(rad) + "))");
        const char* types[5] = {"LINE", "CLOTHOID", "CIRCULARARC", "BLOSSCURVE", "HELMERTCURVE"};
        const double r0[5] = {0, 0, 400, 400, 0}, r1[5] = {0, 400, 400, 0, -500},
                     len[5] = {100, 110, 90, 60, 60};
        std::vector<int> hs;
        for (std::size_t k = 0; k < 5; ++k) {
            const Frame F = chain.frameInWorld(k, 0.0).F;
            const int pt = f.add("IFCCARTESIANPOINT((" + real(F.P.x()) + "," + real(F.P.y()) + "))");
            hs.push_back(f.segment("IFCALIGNMENTHORIZONTALSEGMENT($,$," + Ifc::r(pt) + "," +
                                   real(std::atan2(F.T.y(), F.T.x())) + "," + real(r0[k]) + "," +
                                   real(r1[k]) + "," + real(len[k]) + ",$,." + types[k] + ".)"));
        }
        const int a = f.add("IFCALIGNMENT('a',$,'P',$,$,$,$,$)");
        const int hl = f.add("IFCALIGNMENTHORIZONTAL('h',$,$,$,$,$,$)");
        f.nest(a, {hl});
        f.nest(hl, hs);
        // vertical (z0 = 20 m): constant 0.01 over 60 m, parabolic 0.01 -> -0.02 over 80 m, circular sag
        // -0.02 -> 0.01 over 60 m, clothoid 0.01 -> 0.035 over 100 m, constant 0.035 to the end (420 m)
        const double zA = 20, zB = zA + 0.6, zC = zB + 0.8 - 1.2;
        const double a0 = std::atan(-0.02), a1 = std::atan(0.01), R = 60 / (std::sin(a1) - std::sin(a0));
        const double zD = zC + 60 * (std::sin(a1) + std::sin(a0)) / (std::cos(a0) + std::cos(a1));
        const auto vseg = [&](double from, double L, double z, double g0, double g1, double radius,
                              const char* type) {
            return f.segment("IFCALIGNMENTVERTICALSEGMENT($,$," + real(from) + "," + real(L) + "," + real(z) +
                             "," + real(g0) + "," + real(g1) + "," +
                             (radius == 0 ? std::string("$") : real(radius)) + ",." + type + ".)");
        };
        std::vector<int> vs = {vseg(0, 60, zA, 0.01, 0.01, 0, "CONSTANTGRADIENT"),
                               vseg(60, 80, zB, 0.01, -0.02, 80 / 0.03, "PARABOLICARC"),
                               vseg(140, 60, zC, -0.02, 0.01, R, "CIRCULARARC"),
                               vseg(200, 100, zD, 0.01, 0.035, 0, "CLOTHOID")};
        // (the vertical layout ends at 300 m: the importer continues its last gradient to 420 m)
        const int vl = f.add("IFCALIGNMENTVERTICAL('v',$,$,$,$,$,$)");
        const int cl = f.add("IFCALIGNMENTCANT('c',$,$,$,$,$,$," + real(1.5) + ")");
        const auto cseg = [&](double from, double L, double l0, double l1, double q0, double q1,
                              const char* type) {
            return f.segment("IFCALIGNMENTCANTSEGMENT($,$," + real(from) + "," + real(L) + "," + real(l0) +
                             "," + real(l1) + "," + real(q0) + "," + real(q1) + ",." + type + ".)");
        };
        const std::vector<int> cs = {cseg(0, 30, 0, 0, 0, 0, "CONSTANTCANT"),
                                     cseg(30, 40, 0, 0, 0, 0.04, "LINEARTRANSITION"),
                                     cseg(70, 40, 0, 0, 0.04, 0.08, "BLOSSCURVE"),
                                     cseg(110, 40, 0, 0, 0.08, 0.1, "COSINECURVE"),
                                     cseg(150, 40, 0, 0.02, 0.1, 0.1, "HELMERTCURVE"),
                                     cseg(190, 50, 0.02, 0, 0.1, 0.12, "SINECURVE"),
                                     cseg(240, 60, 0, 0, 0.12, 0.15, "VIENNESEBEND"),
                                     cseg(300, 120, 0, 0, 0.15, 0.15, "CONSTANTCANT")};
        f.nest(a, {vl, cl});
        f.nest(vl, vs);
        f.nest(cl, cs);
        filetest::writeAll(path("profiles.ifc"), f.file());
        const IfcImport im1 = importIfcAlignments(path("profiles.ifc"));
        const Layout L1 = Layout::compile(parseLayoutSpec(layoutSpecText(im1.layout), "im1.json"));
        QCOMPARE(int(L1.trackCount()), 5);
        for (std::size_t t = 0; t < 5; ++t)
            QCOMPARE(L1.spec().tracks[t].curve.type, std::string("alignment"));
        IfcImport im2;
        IfcExport ex;
        const Layout L2 = roundTrip(L1, "profiles2.ifc", &im2, &ex);
        for (const std::string& w : ex.warnings)
            qWarning("%s", w.c_str());
        QVERIFY(ex.fitted.empty());
        QCOMPARE(int(ex.segments), 5);
        // the IFC layouts: the cut laws joined again (vertical: 4 pieces + the padding = 5; cant: 8)
        const StepFile sf = StepFile::parse(ex.text, "profiles2.ifc");
        QCOMPARE(int(sf.ofType("IFCALIGNMENTVERTICALSEGMENT").size()), 5 + 1);
        QCOMPARE(int(sf.ofType("IFCALIGNMENTCANTSEGMENT").size()), 8 + 1);
        QCOMPARE(int(L2.trackCount()), 5);
        const Json j1 = Json::parse(layoutSpecText(im1.layout)), j2 = Json::parse(layoutSpecText(im2.layout));
        for (std::size_t t = 0; t < 5; ++t) {
            const std::string id1 = "P/" + std::to_string(t + 1), id2 = "P/" + id1;
            const int i = L1.trackIndex(id1), k = L2.trackIndex(id2);
            QVERIFY2(i >= 0 && k >= 0, id2.c_str());
            const Track& a1 = L1.track(std::size_t(i));
            const Track& a2 = L2.track(std::size_t(k));
            QVERIFY(std::abs(a1.length() - a2.length()) < 1e-9);
            for (double s = 0;; s = std::min(s + 1.0, a1.length())) {
                const Vec3 p1 = L1.frameInWorld(std::size_t(i), s).F.P,
                           p2 = L2.frameInWorld(std::size_t(k), s).F.P;
                QVERIFY2(
                    (p1 - p2).norm() < 1e-6,
                    (id2 + " s = " + std::to_string(s) + ": " + std::to_string((p1 - p2).norm())).c_str());
                const double b1 = a1.bank(s).wt, b2 = a2.bank(s).wt;
                QVERIFY2(std::abs(b1 - b2) < 1e-9, (id2 + " s = " + std::to_string(s) + " bank").c_str());
                if (s >= a1.length()) break;
            }
            std::string where;
            const Json& t1 = j1["tracks"][std::size_t(i)];
            const Json& t2 = j2["tracks"][std::size_t(k)];
            QVERIFY2(sameJson(t1["curve"], t2["curve"], id2 + "/curve", where), where.c_str());
            QVERIFY2(sameJson(t1["placement"], t2["placement"], id2 + "/placement", where), where.c_str());
        }
        // the 3D axis: an IfcGradientCurve on the horizontal's IfcCompositeCurve, one IfcCurveSegment per
        // vertical piece (+ the closing one); each evaluated from its written numbers at 11 points equals the
        // profile given above, z(u) (VerticalProfile, the clothoid starting with the sag's curvature 1 / R),
        // to 1e-6 m, and ends where the next one starts
        QVERIFY(!contains(ex.warnings, "without its 3D axis"));
        const auto gradient = sf.ofType("IFCGRADIENTCURVE");
        QCOMPARE(int(gradient.size()), 1);
        QCOMPARE(sf.at(gradient[0]->ref(2)).type(), std::string("IFCCOMPOSITECURVE"));
        std::vector<VerticalPieceSpec> given(4);
        const VerticalPieceSpec::Type kinds[4] = {
            VerticalPieceSpec::Type::ConstantGradient, VerticalPieceSpec::Type::ParabolicArc,
            VerticalPieceSpec::Type::CircularArc, VerticalPieceSpec::Type::Clothoid};
        const double from[4] = {0, 60, 140, 200}, lh[4] = {60, 80, 60, 100}, z0[4] = {zA, zB, zC, zD},
                     g0[4] = {0.01, 0.01, -0.02, 0.01}, g1[4] = {0.01, -0.02, 0.01, 0.035};
        for (std::size_t k = 0; k < 4; ++k)
            given[k] = {kinds[k], from[k], lh[k], z0[k], g0[k], g1[k], 0.0, 0.0};
        given[3].curvatureStart = 1.0 / R;
        {
            const double zE = VerticalProfile(given, 300).at(300).z;
            given.push_back(
                {VerticalPieceSpec::Type::ConstantGradient, 300, 120, zE, 0.035, 0.035, 0.0, 0.0});
        }
        const VerticalProfile profile(given, 420);
        const std::vector<std::uint64_t> segs = gradient[0]->refs(0);
        QCOMPARE(int(segs.size()), 5 + 1);
        const char* parents[6] = {"IFCLINE", "IFCPOLYNOMIALCURVE", "IFCCIRCLE", "IFCCLOTHOID", "IFCLINE",
                                  "IFCLINE"};
        for (std::size_t k = 0; k < segs.size(); ++k) {
            const StepInstance& cs = sf.at(segs[k]);
            QCOMPARE(sf.at(cs.ref(4)).type(), std::string(parents[k]));
            const double L = std::abs(number(cs, 3));
            for (int i = 0; i <= 10; ++i) {
                const PlanePoint q = segmentPoint(sf, cs, L * i / 10.0);
                const double z = profile.at(q.x).z;
                QVERIFY2(std::abs(q.y - z) < 1e-6, (std::string(parents[k]) + " u = " + std::to_string(q.x) +
                                                    ": " + std::to_string(q.y - z))
                                                       .c_str());
            }
            if (k + 1 < segs.size()) {
                const PlanePoint e = segmentPoint(sf, cs, L);
                const StepInstance& at = sf.at(sf.at(segs[k + 1]).ref(1));
                const std::vector<double> P = sf.at(at.ref(0)).reals(0);
                QVERIFY2(
                    std::hypot(e.x - P[0], e.y - P[1]) < 1e-6,
                    (std::string(parents[k]) + " end: " + std::to_string(std::hypot(e.x - P[0], e.y - P[1])))
                        .c_str());
            }
        }
        // SegmentLength is the arc length in the (u, z) plane: the first line's 60 sqrt(1 + 0.01^2)
        QVERIFY(std::abs(number(sf.at(segs[0]), 3) - 60.0 * std::sqrt(1.0001)) < 1e-9);
        // the sag turns counter-clockwise (SegmentLength > 0), its radius R
        QVERIFY(number(sf.at(segs[2]), 3) > 0.0);
        QVERIFY(std::abs(sf.at(sf.at(segs[2]).ref(4)).real(1) - R) < 1e-6);
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

    // The transitions' parent curves: Bloss (0 -> R 300 m over 60 m), Helmert (R 300 m -> R -500 m over 70 m,
    // two halves), Viennese bend (R -500 m -> R 400 m over 80 m) and cubic (straight -> R -350 m over 60 m).
    // The IFC curvature of each written parent curve (the spirals' formulas from their constants; the cubic's
    // 6 a x / (1 + 9 a^2 x^4)^(3/2) of y = a x^3) at 11 points along the segment against
    // TransitionSpiral::curvature / the cubic parabola's, to 1e-9 of the largest |kappa|; the Helmert
    // curve's second half placed at the track's half-way point (1e-9 m, 1e-12 rad).
    void transitionParentCurves() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "B", "curve": {"type": "bloss", "length": 60, "radiusStart": 0, "radiusEnd": 300},
           "placement": {"position": [10, 20, 3], "rotation": [0.98877107793604224, 0, 0, 0.14943813247359922]}},
          {"id": "H", "curve": {"type": "helmert", "length": 70, "radiusStart": 300, "radiusEnd": -500},
           "placement": {"after": ["B", "end"]}},
          {"id": "V", "curve": {"type": "vienneseBend", "length": 80, "radiusStart": -500, "radiusEnd": 400},
           "placement": {"after": ["H", "end"]}},
          {"id": "Cu", "curve": {"type": "cubic", "length": 60, "radiusEnd": -350}, "placement": {"after": ["V", "end"]}}],
         "connections": [{"a": ["B", "end"], "b": ["H", "start"]}, {"a": ["H", "end"], "b": ["V", "start"]},
                         {"a": ["V", "end"], "b": ["Cu", "start"]}]})";
        const Layout original = Layout::compile(parseLayoutSpec(doc, "tr.json"), "tr.json");
        IfcExport ex;
        IfcImport im;
        const Layout back = roundTrip(original, "tr.ifc", &im, &ex);
        QVERIFY(!contains(ex.warnings, "without its geometry"));
        for (const char* t : {"B", "H", "V", "Cu"})
            compareTrack(original, t, +1, back, std::string("B/") + t);
        const StepFile f = StepFile::parse(ex.text, "tr.ifc");
        QCOMPARE(int(f.ofType("IFCCOMPOSITECURVE").size()), 1);
        // the curve segments by parent type, in order
        std::map<std::string, std::vector<const StepInstance*>> byParent;
        for (const StepInstance* cs : f.ofType("IFCCURVESEGMENT"))
            byParent[f.at(cs->ref(4)).type()].push_back(cs);
        QCOMPARE(int(byParent["IFCTHIRDORDERPOLYNOMIALSPIRAL"].size()), 1);
        QCOMPARE(int(byParent["IFCSECONDORDERPOLYNOMIALSPIRAL"].size()), 2);
        QCOMPARE(int(byParent["IFCSEVENTHORDERPOLYNOMIALSPIRAL"].size()), 1);
        QCOMPARE(int(byParent["IFCPOLYNOMIALCURVE"].size()), 1);
        // (law, length, k0, k1, its curve segments, the parent's degree)
        const struct {
            TransitionSpiral::Law law;
            double L, k0, k1;
            const char* parent;
            int order;
        } rows[] = {
            {TransitionSpiral::Law::Bloss, 60, 0.0, 1.0 / 300, "IFCTHIRDORDERPOLYNOMIALSPIRAL", 3},
            {TransitionSpiral::Law::Helmert, 70, 1.0 / 300, -1.0 / 500, "IFCSECONDORDERPOLYNOMIALSPIRAL", 2},
            {TransitionSpiral::Law::VienneseBend, 80, -1.0 / 500, 1.0 / 400,
             "IFCSEVENTHORDERPOLYNOMIALSPIRAL", 7}};
        for (const auto& r : rows) {
            const TransitionSpiral spiral(r.law, r.L, r.k0, r.k1);
            const double kMax = std::max(std::abs(r.k0), std::abs(r.k1));
            const auto& segs = byParent[r.parent];
            for (int i = 0; i <= 10; ++i) {
                const double s = r.L * i / 10.0;
                // the curve segment holding s (segments in order; s - offset along it)
                double offset = 0.0;
                const StepInstance* cs = segs.front();
                for (const StepInstance* c : segs) {
                    cs = c;
                    if (s <= offset + number(*c, 3) + 1e-12) break;
                    offset += number(*c, 3);
                }
                const double u = number(*cs, 2) + (s - offset); // on the parent curve
                const double k = spiralCurvature(f.at(cs->ref(4)), r.order, u);
                QVERIFY2(std::abs(k - spiral.curvature(s)) <= 1e-9 * kMax,
                         (std::string(r.parent) + " s = " + std::to_string(s) + ": " + std::to_string(k) +
                          " vs " + std::to_string(spiral.curvature(s)))
                             .c_str());
            }
        }
        // the Helmert curve's second half: SegmentStart 35 m, placed at the track's frame at s = 35 m
        {
            const StepInstance& second = *byParent["IFCSECONDORDERPOLYNOMIALSPIRAL"][1];
            QVERIFY(std::abs(number(second, 2) - 35.0) < 1e-12);
            QVERIFY(std::abs(number(second, 3) - 35.0) < 1e-12);
            const StepInstance& at = f.at(second.ref(1));
            const std::vector<double> xy = f.at(at.ref(0)).reals(0);
            const std::vector<double> dir = f.at(at.ref(1)).reals(0);
            const Frame mid = original.frameInWorld(std::size_t(original.trackIndex("H")), 35.0).F;
            QVERIFY(std::abs(xy[0] - mid.P.x()) < 1e-9 && std::abs(xy[1] - mid.P.y()) < 1e-9);
            QVERIFY(angleDiff(std::atan2(dir[1], dir[0]), heading(mid.T)) < 1e-12);
        }
        // the cubic: y = a x^3 with a = 1 / (6 R L), its curvature at x(s)
        {
            const StepInstance& cs = *byParent["IFCPOLYNOMIALCURVE"][0];
            const StepInstance& poly = f.at(cs.ref(4));
            const std::vector<double> cx = poly.reals(1), cy = poly.reals(2);
            QVERIFY(cx == (std::vector<double>{0.0, 1.0}));
            QCOMPARE(int(cy.size()), 4);
            QVERIFY(cy[0] == 0.0 && cy[1] == 0.0 && cy[2] == 0.0);
            const double a = cy[3];
            QVERIFY(std::abs(a - 1.0 / (6.0 * -350.0 * 60.0)) < 1e-15);
            QVERIFY(std::abs(number(cs, 3) - 60.0) < 1e-12);
            const CubicParabola cp(60, -1.0 / 350);
            for (int i = 0; i <= 10; ++i) {
                const double s = 6.0 * i, x = cp.xAt(s);
                const double k = 6 * a * x / std::pow(1 + 9 * a * a * x * x * x * x, 1.5);
                QVERIFY2(std::abs(k - cp.frame(s).kappa) <= 1e-9 / 350.0, std::to_string(s).c_str());
            }
        }
    }

    // A Viennese bend (straight -> R 400 m over 80 m, gravity centre line 1.8 m) under a Viennese-bend cant
    // (right rail 0 -> 0.15 m over the same 80 m, b = 1.5 m), imported from IFC, exported: the written
    // IfcSeventhOrderPolynomialSpiral's curvature at 11 points equals TransitionSpiral's with the cant term
    // (bank 0 -> asin(0.15 / 1.5)) to 1e-9 of the largest |kappa|.
    void vienneseBendCantParentCurve() {
        Ifc f;
        const int pt = f.add("IFCCARTESIANPOINT((0.,0.))");
        const int h = f.segment("IFCALIGNMENTHORIZONTALSEGMENT($,$," + Ifc::r(pt) +
                                ",0.,0.,400.,80.,1.8,.VIENNESEBEND.)");
        const int a = f.add("IFCALIGNMENT('a',$,'VB',$,$,$,$,$)");
        const int hl = f.add("IFCALIGNMENTHORIZONTAL('h',$,$,$,$,$,$)");
        const int cl = f.add("IFCALIGNMENTCANT('c',$,$,$,$,$,$,1.5)");
        const int c = f.segment("IFCALIGNMENTCANTSEGMENT($,$,0.,80.,0.,0.,0.,0.15,.VIENNESEBEND.)");
        f.nest(a, {hl, cl});
        f.nest(hl, {h});
        f.nest(cl, {c});
        filetest::writeAll(path("vb.ifc"), f.file());
        const IfcImport im1 = importIfcAlignments(path("vb.ifc"));
        const Layout L1 = Layout::compile(parseLayoutSpec(layoutSpecText(im1.layout), "vb.json"));
        IfcExport ex;
        const Layout L2 = roundTrip(L1, "vb2.ifc", nullptr, &ex);
        QVERIFY(ex.fitted.empty());
        QVERIFY(!contains(ex.warnings, "without its geometry"));
        const StepFile out = StepFile::parse(ex.text, "vb2.ifc");
        const auto spirals = out.ofType("IFCSEVENTHORDERPOLYNOMIALSPIRAL");
        QCOMPARE(int(spirals.size()), 1);
        TransitionSpiral::Cant cant;
        cant.gravityCentreHeight = 1.8;
        cant.bankEnd = std::asin(0.15 / 1.5);
        const TransitionSpiral spiral(TransitionSpiral::Law::VienneseBend, 80, 0.0, 1.0 / 400, cant);
        double kMax = 0.0;
        for (int i = 0; i <= 100; ++i)
            kMax = std::max(kMax, std::abs(spiral.curvature(0.8 * i)));
        for (int i = 0; i <= 10; ++i) {
            const double s = 8.0 * i;
            const double k = spiralCurvature(*spirals[0], 7, s);
            QVERIFY2(
                std::abs(k - spiral.curvature(s)) <= 1e-9 * kMax,
                (std::to_string(s) + ": " + std::to_string(k) + " vs " + std::to_string(spiral.curvature(s)))
                    .c_str());
        }
        // the cant term is there: the base law alone differs by more than 1e-6 1/m somewhere
        const TransitionSpiral base(TransitionSpiral::Law::VienneseBend, 80, 0.0, 1.0 / 400);
        double most = 0.0;
        for (int i = 0; i <= 10; ++i)
            most =
                std::max(most, std::abs(base.curvature(8.0 * i) - spiralCurvature(*spirals[0], 7, 8.0 * i)));
        QVERIFY(most > 1e-6);
        (void)L2;
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
