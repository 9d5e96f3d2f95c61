// IFC 4.3 alignment import (core/alignment/IfcAlignmentReader.h, docs/alignments.md): small IFC4X3 files
// written here, imported, saved and read back as a layout, compiled, and the chain's end compared with
// hand-computed coordinates (closed forms for lines and arcs, Simpson quadrature of the heading for the
// clothoid and the Bloss curve).
#include "FileTestUtil.h"
#include "IfcTestFile.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/curves/AlignmentCurve.h"
#include "core/io/StepError.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

using namespace tl;
using ifctest::real;
namespace fs = std::filesystem;

namespace {

// Writes the DATA section of an IFC file, numbering the instances.
struct Ifc {
    std::string data;
    int next = 1;
    int add(const std::string& entity) {
        const int id = next++;
        data += "#" + std::to_string(id) + "=" + entity + ";\n";
        return id;
    }
    static std::string r(int id) { return "#" + std::to_string(id); }
    std::string refs(const std::vector<int>& ids) {
        std::string s = "(";
        for (std::size_t k = 0; k < ids.size(); ++k)
            s += (k ? "," : "") + r(ids[k]);
        return s + ")";
    }
    int nest(int parent, const std::vector<int>& children) {
        return add("IFCRELNESTS('" + std::to_string(next) + "',$,$,$," + r(parent) + "," + refs(children) +
                   ")");
    }
    // an IfcAlignmentSegment with its IfcAlignmentHorizontalSegment; `params` gets the latter's id
    int horizontal(double x, double y, double dir, double r0, double r1, double length,
                   const std::string& type, int* params = nullptr) {
        const int p = add("IFCCARTESIANPOINT((" + real(x) + "," + real(y) + "))");
        const int h = add("IFCALIGNMENTHORIZONTALSEGMENT($,$," + r(p) + "," + real(dir) + "," + real(r0) +
                          "," + real(r1) + "," + real(length) + ",$,." + type + ".)");
        if (params) *params = h;
        return add("IFCALIGNMENTSEGMENT('s" + std::to_string(next) + "',$,$,$,$,$,$," + r(h) + ")");
    }
    int vertical(double start, double length, double height, double g0, double g1, const std::string& type) {
        const int v = add("IFCALIGNMENTVERTICALSEGMENT($,$," + real(start) + "," + real(length) + "," +
                          real(height) + "," + real(g0) + "," + real(g1) + ",$,." + type + ".)");
        return add("IFCALIGNMENTSEGMENT('v" + std::to_string(next) + "',$,$,$,$,$,$," + r(v) + ")");
    }
    // a vertical segment with a RadiusOfCurvature (0 = unset)
    int verticalR(double start, double length, double height, double g0, double g1, double radius,
                  const std::string& type) {
        const int v = add("IFCALIGNMENTVERTICALSEGMENT($,$," + real(start) + "," + real(length) + "," +
                          real(height) + "," + real(g0) + "," + real(g1) + "," +
                          (radius == 0 ? std::string("$") : real(radius)) + ",." + type + ".)");
        return add("IFCALIGNMENTSEGMENT('v" + std::to_string(next) + "',$,$,$,$,$,$," + r(v) + ")");
    }
    int cant(double start, double length, double l0, double l1, double r0, double r1,
             const std::string& type) {
        const int c = add("IFCALIGNMENTCANTSEGMENT($,$," + real(start) + "," + real(length) + "," + real(l0) +
                          "," + real(l1) + "," + real(r0) + "," + real(r1) + ",." + type + ".)");
        return add("IFCALIGNMENTSEGMENT('c" + std::to_string(next) + "',$,$,$,$,$,$," + r(c) + ")");
    }
    // an IfcAlignment named `name` nesting a horizontal layout of `segments`; returns the alignment
    int alignment(const std::string& name, const std::vector<int>& segments, int* horizontalOut = nullptr) {
        const int a = add("IFCALIGNMENT('a" + std::to_string(next) + "',$,'" + name + "',$,$,$,$,$)");
        const int h = add("IFCALIGNMENTHORIZONTAL('h" + std::to_string(next) + "',$,$,$,$,$,$)");
        nest(a, {h});
        nest(h, segments);
        if (horizontalOut) *horizontalOut = h;
        return a;
    }
    // an IfcReferent (.STATION.) with Pset_Stationing: Station and, when given, IncomingStation and
    // HasIncreasingStation; at `along` by an IfcLinearPlacement (along < 0: without a placement)
    int station(double along, double station, const std::string& incoming = "$",
                const std::string& increasing = "") {
        std::string placement = "$";
        if (along >= 0) {
            const int d = add("IFCPOINTBYDISTANCEEXPRESSION(IFCLENGTHMEASURE(" + real(along) + "),$,$,$,#1)");
            const int ax = add("IFCAXIS2PLACEMENTLINEAR(" + r(d) + ",$,$)");
            placement = r(add("IFCLINEARPLACEMENT($," + r(ax) + ",$)"));
        }
        const int ref =
            add("IFCREFERENT('r" + std::to_string(next) + "',$,$,$,$," + placement + ",$,.STATION.)");
        std::vector<int> props = {
            add("IFCPROPERTYSINGLEVALUE('Station',$,IFCLENGTHMEASURE(" + real(station) + "),$)")};
        if (incoming != "$")
            props.push_back(
                add("IFCPROPERTYSINGLEVALUE('IncomingStation',$,IFCLENGTHMEASURE(" + incoming + "),$)"));
        if (!increasing.empty())
            props.push_back(
                add("IFCPROPERTYSINGLEVALUE('HasIncreasingStation',$,IFCBOOLEAN(." + increasing + ".),$)"));
        const int pset =
            add("IFCPROPERTYSET('ps" + std::to_string(next) + "',$,'Pset_Stationing',$," + refs(props) + ")");
        add("IFCRELDEFINESBYPROPERTIES('rp" + std::to_string(next) + "',$,$,$,(" + r(ref) + ")," + r(pset) +
            ")");
        return ref;
    }
    std::string file(const std::string& schema = "IFC4X3_ADD2") const {
        return ifctest::file(data, "t.ifc", schema);
    }
};

struct Pos {
    double x, y, heading;
};

// The end of a curve from (x, y, heading) with heading(s) - heading0 = turn(s), by composite Simpson.
Pos integrate(Pos p, double length, const std::function<double(double)>& turn) {
    const int n = 4000;
    const double h = length / n;
    double sx = 0, sy = 0;
    for (int i = 0; i <= n; ++i) {
        const double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
        const double th = p.heading + turn(i * h);
        sx += w * std::cos(th);
        sy += w * std::sin(th);
    }
    return {p.x + sx * h / 3, p.y + sy * h / 3, p.heading + turn(length)};
}

Pos lineEnd(Pos p, double length) {
    return {p.x + length * std::cos(p.heading), p.y + length * std::sin(p.heading), p.heading};
}

// Closed form: an arc of signed radius R (> 0 left) and length L.
Pos arcEnd(Pos p, double R, double L) {
    const double th1 = p.heading + L / R;
    return {p.x + R * (std::sin(th1) - std::sin(p.heading)), p.y - R * (std::cos(th1) - std::cos(p.heading)),
            th1};
}

// An independent vertical clothoid (docs/layout-format.md, "Alignments"): a(sigma) = a0 + k0 sigma +
// c sigma^2 / 2 with a(S) = a1 and the integral of cos a over [0, S] = Lh; S by bisection, u and z by
// Simpson's rule, sigma at u by bisection.
struct ClothoidRef {
    double z0, a0, k0, c = 0.0, S = 0.0;
    ClothoidRef(double z, double g0, double g1, double k, double Lh) : z0(z), a0(std::atan(g0)), k0(k) {
        const double da = std::atan(g1) - a0;
        double lo = Lh, hi = 2.0 * Lh;
        for (int it = 0; it < 200; ++it) {
            const double mid = 0.5 * (lo + hi);
            set(mid, da);
            (along(mid, false) < Lh ? lo : hi) = mid;
        }
        set(0.5 * (lo + hi), da);
    }
    void set(double s, double da) {
        S = s;
        c = 2.0 * (da - k0 * s) / (s * s);
    }
    double angle(double sg) const { return a0 + k0 * sg + 0.5 * c * sg * sg; }
    double along(double sg, bool sine) const { // Simpson, 2000 intervals
        const int n = 2000;
        const double h = sg / n;
        double sum = 0;
        for (int i = 0; i <= n; ++i) {
            const double a = angle(i * h);
            sum += (i == 0 || i == n ? 1 : (i % 2 ? 4 : 2)) * (sine ? std::sin(a) : std::cos(a));
        }
        return sum * h / 3;
    }
    double zAtU(double u) const {
        double lo = 0.0, hi = 1.01 * S;
        for (int it = 0; it < 200; ++it) {
            const double mid = 0.5 * (lo + hi);
            (along(mid, false) < u ? lo : hi) = mid;
        }
        return z0 + along(0.5 * (lo + hi), true);
    }
};

bool contains(const std::vector<std::string>& warnings, const std::string& a, const std::string& b = {}) {
    for (const std::string& w : warnings)
        if (w.find(a) != std::string::npos && w.find(b) != std::string::npos) return true;
    return false;
}

} // namespace

class TestIfcImport : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    fs::path write(const std::string& name, const std::string& text) {
        const fs::path p = fs::path(dir_.path().toStdString()) / name;
        filetest::writeAll(p, text);
        return p;
    }

    // import, save as text, read back (the "alignments" key kept), compile
    Layout roundTrip(const IfcImport& imported) {
        const LayoutSpec spec = parseLayoutSpec(layoutSpecText(imported.layout), "imported.json");
        if (spec.extra != imported.layout.extra) qWarning("top-level extra changed on the round trip");
        return Layout::compile(spec, "imported.json");
    }

    static Vec3 endOf(const Layout& L, const std::string& track) {
        const int t = L.trackIndex(track);
        if (t < 0) return Vec3::Constant(std::nan(""));
        return L.frameInWorld(std::size_t(t), L.track(std::size_t(t)).length()).F.P;
    }

private slots:
    // line 100 m east from (1000, 2000), arc R = 200 m left over 50 m, a zero-length final line; a station
    // referent at 10 m with station 1010 m; a two-segment vertical layout (applied: alignment tracks)
    void lineArcZeroLengthStationAndVertical() {
        Ifc f;
        const Pos p0{1000, 2000, 0};
        const Pos p1 = lineEnd(p0, 100);
        const Pos p2 = arcEnd(p1, 200, 50);
        const int s1 = f.horizontal(p0.x, p0.y, p0.heading, 0, 0, 100, "LINE");
        const int s2 = f.horizontal(p1.x, p1.y, p1.heading, 200, 200, 50, "CIRCULARARC");
        int zero = 0;
        const int s3 = f.horizontal(p2.x, p2.y, p2.heading, 0, 0, 0, "LINE", &zero);
        const int a = f.alignment("Main", {s1, s2, s3});
        const int vl = f.add("IFCALIGNMENTVERTICAL('vl',$,$,$,$,$,$)");
        f.nest(a, {vl});
        f.nest(vl, {f.vertical(0, 60, 50, 0.01, 0.01, "CONSTANTGRADIENT"),
                    f.vertical(60, 90, 50.6, 0.01, -0.01, "PARABOLICARC")});
        // station 1010 m at 10 m along: the start station is 1000 m
        const int d = f.add("IFCPOINTBYDISTANCEEXPRESSION(IFCLENGTHMEASURE(10.),$,$,$,#1)");
        const int ax = f.add("IFCAXIS2PLACEMENTLINEAR(" + Ifc::r(d) + ",$,$)");
        const int lp = f.add("IFCLINEARPLACEMENT($," + Ifc::r(ax) + ",$)");
        const int ref = f.add("IFCREFERENT('r',$,'10+10',$,$," + Ifc::r(lp) + ",$,.STATION.)");
        f.nest(a, {ref});
        const int prop = f.add("IFCPROPERTYSINGLEVALUE('Station',$,IFCLENGTHMEASURE(1010.),$)");
        const int pset = f.add("IFCPROPERTYSET('ps',$,'Pset_Stationing',$,(" + Ifc::r(prop) + "))");
        f.add("IFCRELDEFINESBYPROPERTIES('rp',$,$,$,(" + Ifc::r(ref) + ")," + Ifc::r(pset) + ")");

        const IfcImport im = importIfcAlignments(write("a.ifc", f.file()));
        QCOMPARE(int(im.layout.tracks.size()), 2);
        const TrackSpec& t0 = im.layout.tracks[0];
        const TrackSpec& t1 = std::as_const(im.layout.tracks)[1];
        QCOMPARE(t0.id, std::string("Main/1"));
        // with a vertical layout: alignment curves around the horizontal segments, placed level
        QCOMPARE(t0.curve.type, std::string("alignment"));
        QCOMPARE(t0.curve.extra["horizontal"]["type"].get<std::string>(), std::string("line"));
        QCOMPARE(t1.curve.type, std::string("alignment"));
        QCOMPARE(t1.curve.extra["horizontal"]["type"].get<std::string>(), std::string("arc"));
        QCOMPARE(t1.curve.extra["horizontal"]["radius"].get<double>(), 200.0);
        QCOMPARE(t1.curve.extra["horizontal"]["angle"].get<double>(), 0.25);
        QVERIFY(!t1.placement.after);
        QCOMPARE(int(im.layout.connections.size()), 1);
        QCOMPARE(im.layout.connections[0].a.track, std::string("Main/1"));
        QVERIFY(im.layout.connections[0].a.end == TrackEnd::End);
        QCOMPARE(im.layout.connections[0].b.track, std::string("Main/2"));
        QVERIFY(im.layout.connections[0].b.end == TrackEnd::Start);
        QVERIFY(contains(im.warnings, "#" + std::to_string(zero), "zero length"));
        QVERIFY(!contains(im.warnings, "vertical layout"));
        QVERIFY(!t0.extra.contains("ifcVertical"));
        QCOMPARE(t0.placement.pose.position.z(), 50.0);
        // the second track starts on the parabolic arc, 40 m into it: 50.6 + 0.01 x 40 - 0.02 x 40^2 / 180
        QVERIFY(std::abs(t1.placement.pose.position.z() - (50.6 + 0.4 - 0.02 * 1600 / 180)) < 1e-9);
        QCOMPARE(t1.curve.extra["vertical"].size(), std::size_t(1));
        QCOMPARE(t1.curve.extra["vertical"][0]["type"].get<std::string>(), std::string("parabolicArc"));
        const auto& al = im.layout.alignmentSpecs;
        QCOMPARE(int(al.size()), 1);
        QCOMPARE(al[0].id, std::string("Main"));
        QCOMPARE(al[0].startStation, 1000.0);
        QCOMPARE(al[0].tracks[1].first, std::string("Main/2"));
        QCOMPARE(al[0].tracks[1].second, 1);
        QVERIFY(al[0].extra.contains("ifc"));

        const Layout L = roundTrip(im);
        const Vec3 end = endOf(L, "Main/2");
        QVERIFY2(std::abs(end.x() - p2.x) < 1e-6 && std::abs(end.y() - p2.y) < 1e-6,
                 (std::to_string(end.x()) + " " + std::to_string(end.y())).c_str());
    }

    // Two level lines, 100 m and 200 m east: the start station 1000 m (a referent at 0), equations at 80 m
    // (station 1100 m) and 250 m (1200 m, back from the 1270 m counted there), nested out of order; a marker
    // at 120 m on the running stations (1140 m), a referent without a placement and one with
    // HasIncreasingStation false, both skipped with a warning. Stations against station_i + (d - d_i).
    void stationEquations() {
        Ifc f;
        const int a = f.alignment("S", {f.horizontal(0, 0, 0, 0, 0, 100, "LINE"),
                                        f.horizontal(100, 0, 0, 0, 0, 200, "LINE"),
                                        f.horizontal(300, 0, 0, 0, 0, 0, "LINE")});
        const int start = f.station(0, 1000);
        const int eq2 = f.station(250, 1200, real(1270.0));
        const int marker = f.station(120, 1140);
        const int eq1 = f.station(80, 1100, real(1080.0), "T");
        const int unplaced = f.station(-1, 5000);
        const int decreasing = f.station(200, 900, "$", "F");
        f.nest(a, {start, eq2, marker, eq1, unplaced, decreasing});
        const IfcImport im = importIfcAlignments(write("stations.ifc", f.file()));
        QVERIFY(contains(im.warnings, "#" + std::to_string(unplaced), "no IfcLinearPlacement: skipped"));
        QVERIFY(
            contains(im.warnings, "#" + std::to_string(decreasing), "decreasing stations are not supported"));
        QVERIFY(!contains(im.warnings, "#" + std::to_string(marker)));
        QVERIFY(!contains(im.warnings, "IncomingStation"));
        const auto& al = im.layout.alignmentSpecs;
        QCOMPARE(int(al.size()), 1);
        QCOMPARE(al[0].startStation, 1000.0);
        QCOMPARE(int(al[0].equations.size()), 2);
        QVERIFY(std::abs(al[0].equations[0].first - 80.0) < 1e-9);
        QVERIFY(std::abs(al[0].equations[0].second - 1100.0) < 1e-9);
        QVERIFY(std::abs(al[0].equations[1].first - 250.0) < 1e-9);
        QVERIFY(std::abs(al[0].equations[1].second - 1200.0) < 1e-9);
        const Layout L = roundTrip(im);
        const int t1 = L.trackIndex("S/1"), t2 = L.trackIndex("S/2");
        QVERIFY(t1 >= 0 && t2 >= 0);
        // (track, s, horizontal distance d, expected station)
        const struct {
            int track;
            double s, expected;
        } rows[] = {{t1, 50, 1000 + 50},           {t1, 90, 1100 + (90 - 80)},
                    {t2, 30, 1100 + (130 - 80)},   {t2, 140, 1100 + (240 - 80)},
                    {t2, 170, 1200 + (270 - 250)}, {t2, 200, 1200 + (300 - 250)}};
        for (const auto& r : rows) {
            const auto st = L.station(r.track, r.s);
            QVERIFY(st.has_value());
            QVERIFY2(std::abs(*st - r.expected) < 1e-9,
                     (std::to_string(*st) + " vs " + std::to_string(r.expected)).c_str());
        }
        // an IncomingStation off the counted station: a warning, the equation kept
        Ifc g;
        const int b = g.alignment("S", {g.horizontal(0, 0, 0, 0, 0, 100, "LINE")});
        g.nest(b, {g.station(0, 0), g.station(60, 500, real(70.0))});
        const IfcImport im2 = importIfcAlignments(write("incoming.ifc", g.file()));
        QVERIFY(contains(im2.warnings, "IncomingStation 70 m is not the station 60 m"));
        QCOMPARE(int(im2.layout.alignmentSpecs[0].equations.size()), 1);
    }

    // A line (100 m), a clothoid (110 m, straight -> R = 400 m left) and an arc (R = 400 m, 90 m); a vertical
    // layout of all four types (a constant gradient, a parabolic crest across the line's end, a circular sag,
    // a clothoid out of the sag across the clothoid's end) and a cant layout of all seven types (Bloss and
    // sine across the segments' ends). Imported, written, read back, compiled: heights z and bank angles at
    // horizontal distances against the formulas, z to 1e-9 m, bank to 1e-12 rad.
    void verticalAndCantProfiles() {
        Ifc f;
        const int m = f.add("IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)");
        const int rad = f.add("IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)");
        f.add("IFCUNITASSIGNMENT((" + Ifc::r(m) + "," + Ifc::r(rad) + "))");
        const double k = 1.0 / 400;
        const Pos p0{500, 300, 0.2};
        const Pos p1 = lineEnd(p0, 100);
        const Pos p2 = integrate(p1, 110, [&](double s) { return k * s * s / (2 * 110); });
        const Pos p3 = arcEnd(p2, 400, 90);
        const int a = f.alignment("P", {f.horizontal(p0.x, p0.y, p0.heading, 0, 0, 100, "LINE"),
                                        f.horizontal(p1.x, p1.y, p1.heading, 0, 400, 110, "CLOTHOID"),
                                        f.horizontal(p2.x, p2.y, p2.heading, 400, 400, 90, "CIRCULARARC")});
        // vertical: heights by the laws (z0 = 20 m)
        const double zA = 20, zB = zA + 0.01 * 60;                // constant gradient 0.01 over 60 m
        const double zC = zB + 0.01 * 80 - 0.03 * 80 / 2;         // parabolic 0.01 -> -0.02 over 80 m
        const double a0 = std::atan(-0.02), a1 = std::atan(0.01); // circular sag over 60 m
        const double R = 60 / (std::sin(a1) - std::sin(a0)), kSag = 1 / R; // its radius and curvature
        auto circleZ = [&](double x) {                                     // a sag: the centre (uc, zc) above
            const double uc = -R * std::sin(a0), zc = zC + R * std::cos(a0);
            return zc - std::sqrt(R * R - (x - uc) * (x - uc));
        };
        const double zD = circleZ(60);
        const ClothoidRef clothoid(zD, 0.01, 0.035, kSag, 100);
        const int vl = f.add("IFCALIGNMENTVERTICAL('vl',$,$,$,$,$,$)");
        f.nest(a, {vl});
        f.nest(vl, {f.verticalR(0, 60, zA, 0.01, 0.01, 0, "CONSTANTGRADIENT"),
                    f.verticalR(60, 80, zB, 0.01, -0.02, 80 / 0.03, "PARABOLICARC"),
                    f.verticalR(140, 60, zC, -0.02, 0.01, R, "CIRCULARARC"),
                    f.verticalR(200, 100, zD, 0.01, 0.035, 0, "CLOTHOID")});
        auto zOf = [&](double u) {
            if (u <= 60) return zA + 0.01 * u;
            if (u <= 140) return zB + 0.01 * (u - 60) - 0.03 * (u - 60) * (u - 60) / 160;
            if (u <= 200) return circleZ(u - 140);
            return clothoid.zAtU(u - 200);
        };
        // cant: (start, length, left0, left1, right0, right1, law)
        struct Cant {
            double from, length, l0, l1, r0, r1;
            std::function<double(double)> law;
            const char* type;
        };
        const double pi = std::numbers::pi;
        const std::vector<Cant> cants = {
            {0, 30, 0, 0, 0, 0, [](double) { return 0.0; }, "CONSTANTCANT"},
            {30, 40, 0, 0, 0, 0.04, [](double x) { return x; }, "LINEARTRANSITION"},
            {70, 40, 0, 0, 0.04, 0.08, [](double x) { return 3 * x * x - 2 * x * x * x; }, "BLOSSCURVE"},
            {110, 40, 0, 0, 0.08, 0.1, [pi](double x) { return (1 - std::cos(pi * x)) / 2; }, "COSINECURVE"},
            {150, 40, 0, 0.02, 0.1, 0.1,
             [](double x) { return x <= 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x); }, "HELMERTCURVE"},
            {190, 50, 0.02, 0, 0.1, 0.12, [pi](double x) { return x - std::sin(2 * pi * x) / (2 * pi); },
             "SINECURVE"},
            {240, 60, 0, 0, 0.12, 0.15,
             [](double x) { return std::pow(x, 4) * (35 - 84 * x + 70 * x * x - 20 * x * x * x); },
             "VIENNESEBEND"}};
        const int cl = f.add("IFCALIGNMENTCANT('cl',$,$,$,$,$,$," + real(1.5) + ")");
        f.nest(a, {cl});
        std::vector<int> cantSegs;
        for (const Cant& c : cants)
            cantSegs.push_back(f.cant(c.from, c.length, c.l0, c.l1, c.r0, c.r1, c.type));
        f.nest(cl, cantSegs);
        auto cantOf = [&](double u) { // D = right - left
            for (const Cant& c : cants)
                if (u <= c.from + c.length) {
                    const double w = c.law((u - c.from) / c.length);
                    return (c.r0 + (c.r1 - c.r0) * w) - (c.l0 + (c.l1 - c.l0) * w);
                }
            return 0.0;
        };

        const IfcImport im = importIfcAlignments(write("profiles.ifc", f.file()));
        for (const std::string& w : im.warnings)
            qWarning("%s", w.c_str());
        QVERIFY(im.warnings.empty());
        QVERIFY(im.layout.railCentreDistance && *im.layout.railCentreDistance == 1.5);
        const auto& tr = std::as_const(im.layout.tracks);
        QCOMPARE(int(tr.size()), 3);
        for (const TrackSpec& t : tr) {
            QCOMPARE(t.curve.type, std::string("alignment"));
            QVERIFY(!t.extra.contains("ifcVertical") && !t.extra.contains("ifcCant"));
        }
        QCOMPARE(int(im.layout.connections.size()), 2);
        QVERIFY(std::abs(tr[0].placement.pose.position.z() - zA) < 1e-12);

        const Layout L = roundTrip(im);
        const double U0[3] = {0, 100, 210};
        int checked = 0;
        for (double u = 0; u <= 300; u += 7.5) {
            const std::size_t i = u < 100 ? 0 : (u < 210 ? 1 : 2);
            const auto* curve = dynamic_cast<const AlignmentCurve*>(&L.track(i).curve());
            QVERIFY(curve);
            const double s = curve->arcLength(u - U0[i]);
            const Vec3 P = L.frameInWorld(i, s).F.P;
            QVERIFY2(std::abs(P.z() - zOf(u)) < 1e-9,
                     ("u = " + std::to_string(u) + ": z off by " + std::to_string(P.z() - zOf(u))).c_str());
            if (u <= 100) {
                QVERIFY(std::abs(P.x() - (p0.x + u * std::cos(p0.heading))) < 1e-9);
                QVERIFY(std::abs(P.y() - (p0.y + u * std::sin(p0.heading))) < 1e-9);
            }
            const double bank = L.track(i).bank(s).wt;
            const double expected = -std::asin(cantOf(u) / 1.5);
            QVERIFY2(
                std::abs(bank - expected) < 1e-12,
                ("u = " + std::to_string(u) + ": bank off by " + std::to_string(bank - expected)).c_str());
            ++checked;
        }
        QCOMPARE(checked, 41);
        const Vec3 end = endOf(L, "P/3");
        QVERIFY2(std::abs(end.x() - p3.x) < 1e-6 && std::abs(end.y() - p3.y) < 1e-6,
                 (std::to_string(end.x() - p3.x) + " " + std::to_string(end.y() - p3.y)).c_str());
    }

    // alignments with different RailHeadDistance in one file: refused (one railCentreDistance per layout)
    void railHeadDistancesDiffer() {
        Ifc f;
        for (const double b : {1.5, 1.0}) {
            const int a = f.alignment(b > 1.2 ? "A" : "B", {f.horizontal(0, b * 100, 0, 0, 0, 50, "LINE")});
            const int cl = f.add("IFCALIGNMENTCANT('cl',$,$,$,$,$,$," + real(b) + ")");
            f.nest(a, {cl});
            f.nest(cl, {f.cant(0, 50, 0, 0, 0, 0, "CONSTANTCANT")});
        }
        try {
            importIfcAlignments(write("b.ifc", f.file()));
            QFAIL("two rail head distances accepted");
        } catch (const StepError& e) {
            QVERIFY2(std::string(e.what()).find("RailHeadDistance") != std::string::npos, e.what());
        }
    }

    // line, clothoid (straight -> R = -300 m, right), Bloss (-300 m -> straight), cubic (0 -> 500 m)
    void transitions() {
        Ifc f;
        const int m = f.add("IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)");
        const int rad = f.add("IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)");
        f.add("IFCUNITASSIGNMENT((" + Ifc::r(m) + "," + Ifc::r(rad) + "))");
        const Pos p0{10, -20, 0.3};
        const Pos p1 = lineEnd(p0, 20);
        const double k = -1.0 / 300;
        const Pos p2 = integrate(p1, 60, [&](double s) { return k * s * s / (2 * 60); });
        const Pos p3 = integrate(p2, 50, [&](double s) {
            const double x = s / 50;
            return k * s + (0 - k) * 50 * (x * x * x - x * x * x * x / 2);
        });
        const int a = f.alignment("T", {f.horizontal(p0.x, p0.y, p0.heading, 0, 0, 20, "LINE"),
                                        f.horizontal(p1.x, p1.y, p1.heading, 0, -300, 60, "CLOTHOID"),
                                        f.horizontal(p2.x, p2.y, p2.heading, -300, 0, 50, "BLOSSCURVE"),
                                        f.horizontal(p3.x, p3.y, p3.heading, 0, 500, 30, "CUBIC")});
        (void)a;
        const IfcImport im = importIfcAlignments(write("t.ifc", f.file()));
        for (const std::string& w : im.warnings)
            qWarning("%s", w.c_str());
        QVERIFY(im.warnings.empty());
        const auto& tr = std::as_const(im.layout.tracks);
        QCOMPARE(int(tr.size()), 4);
        QCOMPARE(tr[1].curve.type, std::string("clothoid"));
        QCOMPARE(tr[1].curve.params.at("curvatureStart"), 0.0);
        QCOMPARE(tr[1].curve.params.at("curvatureEnd"), k);
        QCOMPARE(tr[2].curve.type, std::string("bloss"));
        QCOMPARE(tr[2].curve.params.at("radiusStart"), -300.0);
        QCOMPARE(tr[2].curve.params.at("radiusEnd"), 0.0);
        QCOMPARE(tr[3].curve.type, std::string("cubic"));
        QCOMPARE(tr[3].curve.params.at("radiusEnd"), 500.0);
        const Layout L = roundTrip(im);
        const Vec3 end = endOf(L, "T/3");
        QVERIFY2(std::abs(end.x() - p3.x) < 1e-6 && std::abs(end.y() - p3.y) < 1e-6,
                 (std::to_string(end.x() - p3.x) + " " + std::to_string(end.y() - p3.y)).c_str());
    }

    // the first file's geometry in feet and degrees, heading north: positions scale by exactly 0.3048
    void feetAndDegrees() {
        Ifc f;
        const int si = f.add("IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)");
        const int dims = f.add("IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0)");
        const int ftm = f.add("IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048)," + Ifc::r(si) + ")");
        const int ft =
            f.add("IFCCONVERSIONBASEDUNIT(" + Ifc::r(dims) + ",.LENGTHUNIT.,'FOOT'," + Ifc::r(ftm) + ")");
        const int rad = f.add("IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)");
        const int degm =
            f.add("IFCMEASUREWITHUNIT(IFCPLANEANGLEMEASURE(0.0174532925199433)," + Ifc::r(rad) + ")");
        const int deg = f.add("IFCCONVERSIONBASEDUNIT(" + Ifc::r(dims) + ",.PLANEANGLEUNIT.,'DEGREE'," +
                              Ifc::r(degm) + ")");
        const int ua = f.add("IFCUNITASSIGNMENT((" + Ifc::r(ft) + "," + Ifc::r(deg) + "))");
        f.add("IFCPROJECT('p',$,'P',$,$,$,$,$," + Ifc::r(ua) + ")");
        const double ftm_ = 0.3048;
        const double north = std::numbers::pi / 2;
        const Pos p0{1000 * ftm_, 2000 * ftm_, north};
        const Pos p1 = lineEnd(p0, 100 * ftm_);
        const Pos p2 = arcEnd(p1, 200 * ftm_, 50 * ftm_);
        f.alignment("Ft", {f.horizontal(1000, 2000, 90, 0, 0, 100, "LINE"),
                           f.horizontal(p1.x / ftm_, p1.y / ftm_, 90, 200, 200, 50, "CIRCULARARC")});
        const IfcImport im = importIfcAlignments(write("ft.ifc", f.file()));
        QVERIFY(im.warnings.empty());
        const auto& tr = std::as_const(im.layout.tracks);
        QCOMPARE(tr[0].curve.params.at("length"), 100 * ftm_);
        QCOMPARE(tr[0].placement.pose.position.x(), 1000 * ftm_);
        QCOMPARE(tr[1].curve.params.at("radius"), 200 * ftm_);
        QCOMPARE(tr[1].curve.params.at("angle"), 0.25);
        const Vec3 end = endOf(roundTrip(im), "Ft/2");
        QVERIFY(std::abs(end.x() - p2.x) < 1e-6 && std::abs(end.y() - p2.y) < 1e-6);
    }

    // a start point at 2.6e6 m written in millimetres; a single constant gradient over a straight: pitched
    void largeCoordinatesMillimetresAndGradient() {
        Ifc f;
        const int mm = f.add("IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)");
        f.add("IFCUNITASSIGNMENT((" + Ifc::r(mm) + "))");
        const int a = f.alignment("Big", {f.horizontal(2.6e9, 1.2e9, 0.5, 0, 0, 100000, "LINE")});
        const int vl = f.add("IFCALIGNMENTVERTICAL('vl',$,$,$,$,$,$)");
        f.nest(a, {vl});
        f.nest(vl, {f.vertical(0, 100000, 50000, 0.02, 0.02, "CONSTANTGRADIENT")});
        const IfcImport im = importIfcAlignments(write("big.ifc", f.file()));
        QVERIFY(im.warnings.empty());
        const Vec3 end = endOf(roundTrip(im), "Big/1");
        QVERIFY(std::abs(end.x() - (2.6e6 + 100 * std::cos(0.5))) < 1e-6);
        QVERIFY(std::abs(end.y() - (1.2e6 + 100 * std::sin(0.5))) < 1e-6);
        QVERIFY(std::abs(end.z() - 52.0) < 1e-6);
    }

    // the second segment starts 5 mm off: a warning naming both; 5 m off: refused naming both
    void startPointOff() {
        for (const double off : {0.005, 5.0}) {
            Ifc f;
            int first = 0, second = 0;
            f.alignment("Off", {f.horizontal(0, 0, 0, 0, 0, 100, "LINE", &first),
                                f.horizontal(100 + off, 0, 0, 0, 0, 50, "LINE", &second)});
            const fs::path p = write("off.ifc", f.file());
            const std::string a = "#" + std::to_string(first), b = "#" + std::to_string(second);
            if (off < 1) {
                const IfcImport im = importIfcAlignments(p);
                QVERIFY(contains(im.warnings, a, b));
                continue;
            }
            try {
                importIfcAlignments(p);
                QFAIL("a 5 m gap was accepted");
            } catch (const StepError& e) {
                const std::string w = e.what();
                QVERIFY2(w.find(a) != std::string::npos && w.find(b) != std::string::npos, w.c_str());
                QVERIFY(w.find("off.ifc") != std::string::npos);
            }
        }
    }

    // the fuzz corpus' valid alignment seed: a line, then an arc of R = -300 m (turning right) over a quarter
    // of pi, in a file with a project, units and comments
    void corpusSeed() {
        const IfcImport im = importIfcAlignments(fs::path(TRACKLAB_SOURCE_DIR) /
                                                 "tests/fuzz/corpus/step/alignment-line-arc.ifc");
        QVERIFY(im.warnings.empty());
        const auto& tr = std::as_const(im.layout.tracks);
        QCOMPARE(int(tr.size()), 2);
        QCOMPARE(tr[1].id, std::string("Main line/2"));
        QCOMPARE(tr[1].curve.params.at("radius"), 300.0);
        QVERIFY(std::abs(tr[1].curve.params.at("angle") + std::numbers::pi / 12) < 1e-15);
        const Pos e = arcEnd(lineEnd({0, 0, 0}, 100), -300, 78.53981633974483);
        const Vec3 end = endOf(roundTrip(im), "Main line/2");
        QVERIFY(std::abs(end.x() - e.x) < 1e-6 && std::abs(end.y() - e.y) < 1e-6);
    }

    void refusedFiles() {
        Ifc f;
        f.alignment("A", {f.horizontal(0, 0, 0, 0, 0, 100, "LINE")});
        try {
            importIfcAlignments(write("old.ifc", f.file("IFC2X3")));
            QFAIL("IFC2X3 accepted");
        } catch (const LayoutError& e) {
            QVERIFY2(std::string(e.what()).find("IFC2X3") != std::string::npos, e.what());
        }
        const std::string whole = f.file();
        try {
            importIfcAlignments(write("cut.ifc", whole.substr(0, whole.size() / 2)));
            QFAIL("a truncated file accepted");
        } catch (const StepError& e) {
            QVERIFY(std::string(e.what()).find("cut.ifc") != std::string::npos);
        }
        // an alignment nesting itself: a reference cycle
        Ifc c;
        const int a = c.alignment("C", {c.horizontal(0, 0, 0, 0, 0, 10, "LINE")});
        c.nest(a, {a});
        try {
            importIfcAlignments(write("cycle.ifc", c.file()));
            QFAIL("a nesting cycle accepted");
        } catch (const StepError& e) {
            QVERIFY2(std::string(e.what()).find("cycle") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestIfcImport)
#include "tst_ifc_import.moc"
