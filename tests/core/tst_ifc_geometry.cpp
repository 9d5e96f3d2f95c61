// IFC 4.3 export geometry (core/alignment/IfcParentCurves.cpp, docs/alignments.md "Export"): the parent
// curves of the horizontal segments and the IfcGradientCurve of the vertical layout, evaluated from the
// numbers written in the file by the entities' definitions (spiralCurvature, parentPoint, segmentPoint
// below), against TransitionSpiral's and the cubic parabola's curvatures and against the given vertical
// profile.
#include "FileTestUtil.h"
#include "IfcExportCheck.h"
#include "IfcTestFile.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/curves/CubicParabola.h"
#include "core/curves/TransitionSpiral.h"
#include "core/curves/VerticalProfile.h"
#include "core/io/StepFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numbers>
#include <string>
#include <vector>

using namespace tl;
using namespace ifcexportcheck;
using ifctest::real;
namespace fs = std::filesystem;

namespace {

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

class TestIfcGeometry : public QObject {
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

    // line, clothoid, arc, bloss, helmert horizontals under a vertical layout of all four types and a cant
    // layout of all seven (the shape of tst_ifc_import's verticalAndCantProfiles): imported, exported,
    // imported again; the second import equals the first (frames every 1 m to 1e-6 m, bank to 1e-9 rad; the
    // tracks' curve and placement JSON to 1e-9, the "ifc" #ids aside; the ids are kept: "P/3" is written as
    // segment "3" of alignment "P" and read back as "P/3")
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
            const std::string id1 = "P/" + std::to_string(t + 1), id2 = id1;
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
};

QTEST_GUILESS_MAIN(TestIfcGeometry)
#include "tst_ifc_geometry.moc"
