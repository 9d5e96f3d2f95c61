// The "alignment" curve (core/curves/AlignmentCurve.h, docs/layout-format.md "Alignments"): heights and
// gradients of each vertical piece against its defining formula (the vertical clothoid against an
// independent Simpson integration of its curvature law), the 3D arc length against a Simpson integral of
// sqrt(1 + z'^2), the frame against numerical derivatives, each cant law's bank against asin(D / b), and
// the file format (round trip, path-named errors).
#include "core/curves/AlignmentCurve.h"
#include "core/curves/Clothoid.h"
#include "core/curves/FrameChecks.h"
#include "core/curves/Line.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/twists/CantProfileTwist.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <numbers>
#include <string>

using namespace tl;
using VT = VerticalPieceSpec::Type;
using CT = CantSegmentSpec::Type;

namespace {

constexpr double kPi = std::numbers::pi;

VerticalPieceSpec piece(VT type, double from, double length, double z0, double g0, double g1,
                        double k0 = 0.0) {
    VerticalPieceSpec p;
    p.type = type;
    p.from = from;
    p.length = length;
    p.startHeight = z0;
    p.startGradient = g0;
    p.endGradient = g1;
    p.curvatureStart = k0;
    return p;
}

// Simpson's rule of f over [a, b] with n (even) intervals
double simpson(const std::function<double(double)>& f, double a, double b, int n) {
    const double h = (b - a) / n;
    double sum = f(a) + f(b);
    for (int i = 1; i < n; ++i)
        sum += (i % 2 ? 4.0 : 2.0) * f(a + i * h);
    return sum * h / 3.0;
}

// A circular arc in the (u, z) plane from (0, z0) with gradient g0 to gradient g1 over Lh, by its centre:
// R = Lh / |sin a1 - sin a0|, points (uc - R sin th, zc + R cos th) for a crest (th the tangent angle),
// (uc + R sin th, zc - R cos th) for a sag.
struct Circle {
    double R, uc, zc, sign; // sign +1 crest, -1 sag
    Circle(double z0, double g0, double g1, double Lh) {
        const double a0 = std::atan(g0), a1 = std::atan(g1);
        R = Lh / std::abs(std::sin(a1) - std::sin(a0));
        sign = g1 < g0 ? 1.0 : -1.0;
        uc = sign * R * std::sin(a0);
        zc = z0 - sign * R * std::cos(a0);
    }
    double z(double u) const { return zc + sign * std::sqrt(R * R - (u - uc) * (u - uc)); }
    double g(double u) const { return -sign * (u - uc) / std::sqrt(R * R - (u - uc) * (u - uc)); }
};

// An independent vertical clothoid: a(sigma) = a0 + k0 sigma + c sigma^2 / 2 with a(S) = a1 and
// integral of cos a = Lh, S by bisection, u and z by Simpson; z and gradient at u by bisection on sigma.
struct ClothoidRef {
    double z0, a0, k0, c = 0.0, S = 0.0;
    ClothoidRef(double z0_, double g0, double g1, double k0_, double Lh)
        : z0(z0_), a0(std::atan(g0)), k0(k0_) {
        const double da = std::atan(g1) - a0;
        double lo = Lh, hi = 2.0 * Lh;
        for (int it = 0; it < 200; ++it) {
            const double mid = 0.5 * (lo + hi);
            set(mid, da);
            (u(mid) < Lh ? lo : hi) = mid;
        }
        set(0.5 * (lo + hi), da);
    }
    void set(double s, double da) {
        S = s;
        c = 2.0 * (da - k0 * s) / (s * s);
    }
    double angle(double sg) const { return a0 + k0 * sg + 0.5 * c * sg * sg; }
    double u(double sg) const {
        return simpson([&](double t) { return std::cos(angle(t)); }, 0.0, sg, 2000);
    }
    double zAt(double sg) const {
        return z0 + simpson([&](double t) { return std::sin(angle(t)); }, 0.0, sg, 2000);
    }
    double sigmaAt(double uu) const {
        double lo = 0.0, hi = S * 1.01;
        for (int it = 0; it < 200; ++it) {
            const double mid = 0.5 * (lo + hi);
            (u(mid) < uu ? lo : hi) = mid;
        }
        return 0.5 * (lo + hi);
    }
};

AlignmentCurve lineWith(std::vector<VerticalPieceSpec> v, double L, std::vector<CantSegmentSpec> cant = {},
                        double b = 1.5) {
    return AlignmentCurve(std::make_shared<Line>(L), VerticalProfile(std::move(v), L),
                          CantProfile(std::move(cant), b, L));
}

// the cant laws written out (docs/layout-format.md, "Alignments")
double cantShape(CT t, double x) {
    switch (t) {
    case CT::Constant:
        return 0.0;
    case CT::Linear:
        return x;
    case CT::Bloss:
        return 3 * x * x - 2 * x * x * x;
    case CT::Helmert:
        return x <= 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x);
    case CT::Cosine:
        return (1 - std::cos(kPi * x)) / 2;
    case CT::Sine:
        return x - std::sin(2 * kPi * x) / (2 * kPi);
    case CT::VienneseBend:
        return std::pow(x, 4) * (35 - 84 * x + 70 * x * x - 20 * x * x * x);
    }
    return 0.0;
}

const char* kLayoutHead =
    R"({"format": "tracklab-layout", "version": 2, "tracks": [{"id": "A", "frame": "up", "curve": )";
const char* kLayoutTail = R"(}]})";

std::string alignmentJson(const std::string& vertical, const std::string& cant) {
    return std::string(
               R"({"type": "alignment", "horizontal": {"type": "clothoid", "length": 120, "curvatureStart": 0, "curvatureEnd": 0.002})") +
           (vertical.empty() ? "" : ", \"vertical\": " + vertical) +
           (cant.empty() ? "" : ", \"cant\": " + cant) + "}";
}

} // namespace

class TestAlignmentCurve : public QObject {
    Q_OBJECT

private slots:
    // z(u) and dz/du of each vertical type against its defining formula, to 1e-9 m (gradients 1e-9)
    void verticalPieces_data() {
        QTest::addColumn<int>("type");
        QTest::newRow("constantGradient") << int(VT::ConstantGradient);
        QTest::newRow("parabolicArc") << int(VT::ParabolicArc);
        QTest::newRow("circularArc crest") << int(VT::CircularArc);
        QTest::newRow("clothoid") << int(VT::Clothoid);
    }
    void verticalPieces() {
        QFETCH(int, type);
        const VT t = VT(type);
        const double L = 200, z0 = 52, g0 = 0.02;
        const double g1 = t == VT::ConstantGradient ? g0 : -0.03;
        const AlignmentCurve c = lineWith({piece(t, 0, L, z0, g0, g1)}, L);
        const Circle circle(z0, g0, g1, L);
        const ClothoidRef cl(z0, g0, g1, 0.0, L);
        for (double u : {0.0, 13.7, 50.0, 100.0, 161.3, 200.0}) {
            double z = 0, g = 0;
            switch (t) {
            case VT::ConstantGradient:
                z = z0 + g0 * u;
                g = g0;
                break;
            case VT::ParabolicArc: // 52.6875 at 50 m, 52.75 at 100 m, 51 at 200 m
                z = z0 + g0 * u + (g1 - g0) * u * u / (2 * L);
                g = g0 + (g1 - g0) * u / L;
                break;
            case VT::CircularArc:
                z = circle.z(u);
                g = circle.g(u);
                break;
            case VT::Clothoid: {
                const double sg = cl.sigmaAt(u);
                z = cl.zAt(sg);
                g = std::tan(cl.angle(sg));
                break;
            }
            }
            const ProfilePoint p = c.vertical().at(u);
            QVERIFY2(std::abs(p.z - z) < 1e-9, (std::to_string(u) + ": " + std::to_string(p.z - z)).c_str());
            QVERIFY2(std::abs(p.z1 - g) < 1e-9,
                     (std::to_string(u) + ": " + std::to_string(p.z1 - g)).c_str());
            // the curve's local height is relative to z(0)
            const Vec3 P = c.frameAtU(u).P;
            QVERIFY(std::abs(P.z() - (z - z0)) < 1e-9);
            QVERIFY(std::abs(P.x() - u) < 1e-12);
        }
        if (t == VT::ParabolicArc) {
            QVERIFY(std::abs(c.vertical().at(50).z - 52.6875) < 1e-12);
            QVERIFY(std::abs(c.vertical().at(100).z - 52.75) < 1e-12);
            QVERIFY(std::abs(c.vertical().at(200).z - 51.0) < 1e-12);
        }
    }

    // a sag circular arc and a clothoid continuing it (curvatureStart = the arc's curvature)
    void sagAndClothoidWithStartCurvature() {
        const double k = (std::sin(std::atan(0.015)) - std::sin(std::atan(-0.01))) / 100; // the sag's
        const VerticalProfile v(
            {piece(VT::CircularArc, 0, 100, 10, -0.01, 0.015),
             piece(VT::Clothoid, 100, 80, Circle(10, -0.01, 0.015, 100).z(100), 0.015, 0.03, k)},
            180);
        const Circle circle(10, -0.01, 0.015, 100);
        QVERIFY(circle.sign < 0);
        for (double u : {0.0, 30.0, 77.0})
            QVERIFY(std::abs(v.at(u).z - circle.z(u)) < 1e-9);
        const ClothoidRef cl(circle.z(100), 0.015, 0.03, k, 80);
        for (double u : {100.0, 120.0, 150.0, 180.0}) {
            const double sg = cl.sigmaAt(u - 100);
            QVERIFY2(std::abs(v.at(u).z - cl.zAt(sg)) < 1e-9, std::to_string(v.at(u).z - cl.zAt(sg)).c_str());
            QVERIFY(std::abs(v.at(u).z1 - std::tan(cl.angle(sg))) < 1e-9);
        }
        // its curvature starts at the arc's: d2z/du2 / (1 + z'^2)^(3/2) = k
        const ProfilePoint p = v.atPiece(1, 100);
        QVERIFY(std::abs(p.z2 / std::pow(1 + p.z1 * p.z1, 1.5) - k) < 1e-12);
    }

    // the four types in a row under a clothoid horizontal: 3D arc length against Simpson's integral of
    // sqrt(1 + z'^2) with the test's own gradients (1e-6 m per 100 m), u(s(u)) = u, T = dP/ds, Frenet-Serret
    void composite() {
        const double zA = 10, zB = zA + 0.02 * 100, zC = zB + 0.02 * 120 - 0.03 * 120 / 2;
        const Circle circle(zC, -0.01, 0.015, 100);
        const double zD = circle.z(100);
        const double k = (std::sin(std::atan(0.015)) - std::sin(std::atan(-0.01))) / 100;
        std::vector<VerticalPieceSpec> v = {piece(VT::ConstantGradient, 0, 100, zA, 0.02, 0.02),
                                            piece(VT::ParabolicArc, 100, 120, zB, 0.02, -0.01),
                                            piece(VT::CircularArc, 220, 100, zC, -0.01, 0.015),
                                            piece(VT::Clothoid, 320, 80, zD, 0.015, 0.03, k)};
        const double L = 400;
        const AlignmentCurve c(std::make_shared<Clothoid>(L, 0.0, 0.002), VerticalProfile(v, L),
                               CantProfile({}, 1.5, L));
        const ClothoidRef cl(zD, 0.015, 0.03, k, 80);
        auto grad = [&](double u) {
            if (u < 100) return 0.02;
            if (u < 220) return 0.02 - 0.03 * (u - 100) / 120;
            if (u < 320) return circle.g(u - 220);
            return std::tan(cl.angle(cl.sigmaAt(u - 320)));
        };
        double s = 0;
        for (const auto& [a, b] : std::vector<std::pair<double, double>>{{0, 100}, {100, 220}, {220, 320}}) {
            s += simpson([&](double u) { return std::sqrt(1 + grad(u) * grad(u)); }, a, b, 2000);
            QVERIFY2(std::abs(c.arcLength(b) - s) < 1e-6 * b / 100,
                     (std::to_string(b) + ": " + std::to_string(c.arcLength(b) - s)).c_str());
        }
        // the clothoid's arc length is its parameter
        QVERIFY(std::abs(c.length() - (s + cl.sigmaAt(80))) < 1e-6 * 4);
        for (double u : {0.0, 55.5, 100.0, 180.0, 250.0, 333.3, 399.0})
            QVERIFY(std::abs(c.horizontalDistance(c.arcLength(u)) - u) < 1e-9);
        const double h = 1e-3;
        for (double s0 : {20.0, 120.0, 200.0, 260.0, 340.0, 390.0}) {
            const Frame f = c.frame(s0);
            QVERIFY2(tangentResidual(c, s0, h) < 1e-6, std::to_string(tangentResidual(c, s0, h)).c_str());
            QVERIFY2(darbouxResidual(c, s0, h) < 1e-6, std::to_string(darbouxResidual(c, s0, h)).c_str());
            QVERIFY(orthonormalityError(f) < 1e-12);
            const double dk = (c.frame(s0 + h).kappa - c.frame(s0 - h).kappa) / (2 * h);
            QVERIFY2(std::abs(dk - f.dkappa) < 1e-7, std::to_string(dk - f.dkappa).c_str());
        }
    }

    // on a horizontal line with a crest and a sag the frame's N is the level up (beta = pi/2), continued
    void lineWithVerticalCurves() {
        const double z1 = 0.02 * 50, z2 = z1 + 0.02 * 100 - 0.04 * 100 / 2;
        const AlignmentCurve c = lineWith({piece(VT::ConstantGradient, 0, 50, 0, 0.02, 0.02),
                                           piece(VT::ParabolicArc, 50, 100, z1, 0.02, -0.02),
                                           piece(VT::ParabolicArc, 150, 100, z2, -0.02, 0.02)},
                                          250);
        Vec3 previousN = c.frame(0).N;
        for (double s = 0.5; s < c.length(); s += 0.5) {
            const Frame f = c.frame(s);
            QVERIFY2((f.N - previousN).norm() < 0.01, std::to_string(s).c_str());
            QVERIFY(std::abs(f.N.y()) < 1e-12); // in the vertical plane of the line
            previousN = f.N;
        }
        QVERIFY(darbouxResidual(c, 100, 1e-3) < 1e-6);
        QVERIFY(darbouxResidual(c, 200, 1e-3) < 1e-6);
    }

    // each cant law: the bank wt = -asin(D(u) / b) at several u (1e-12), dwt/ds against a central difference
    void cantLaws_data() {
        QTest::addColumn<int>("type");
        for (CT t :
             {CT::Constant, CT::Linear, CT::Bloss, CT::Helmert, CT::Cosine, CT::Sine, CT::VienneseBend})
            QTest::newRow(cantTypeName(t)) << int(t);
    }
    void cantLaws() {
        QFETCH(int, type);
        const CT t = CT(type);
        const double L = 90, b = 1.5;
        CantSegmentSpec seg;
        seg.type = t;
        seg.from = 10;
        seg.length = 80;
        seg.startCantLeft = 0.01;
        seg.startCantRight = 0.03;
        seg.endCantLeft = t == CT::Constant ? 0.01 : -0.02;
        seg.endCantRight = t == CT::Constant ? 0.03 : 0.13;
        CantSegmentSpec lead;
        lead.type = CT::Constant;
        lead.length = 10;
        lead.startCantLeft = lead.endCantLeft = 0.01;
        lead.startCantRight = lead.endCantRight = 0.03;
        auto curve = std::make_shared<AlignmentCurve>(
            lineWith({piece(VT::ParabolicArc, 0, L, 0, 0.03, -0.02)}, L, {lead, seg}, b));
        const CantProfileTwist twist(curve);
        for (double u : {0.0, 5.0, 10.0, 17.3, 30.0, 50.0, 61.1, 80.0, 90.0}) {
            const double x = std::clamp((u - 10) / 80, 0.0, 1.0);
            const double D0 = 0.02, D1 = seg.endCantRight - seg.endCantLeft;
            const double D = D0 + (D1 - D0) * cantShape(t, x);
            const double s = curve->arcLength(u);
            const TwistValue w = twist.at(s, curve->frame(s));
            QVERIFY2(std::abs(w.wt + std::asin(D / b)) < 1e-12,
                     (std::to_string(u) + ": " + std::to_string(w.wt + std::asin(D / b))).c_str());
            if (u > 0.5 && u < 89.5 && u != 10.0) { // (a linear ramp's rate jumps at its ends)
                const double h = 1e-4;
                const double d = (twist.at(s + h, Frame()).wt - twist.at(s - h, Frame()).wt) / (2 * h);
                QVERIFY2(std::abs(d - w.dwt) < 1e-8,
                         (std::to_string(u) + ": " + std::to_string(d - w.dwt)).c_str());
            }
        }
    }

    // the file: an alignment curve round-trips exactly and compiles into a track banked by its cant
    void fileRoundTrip() {
        const std::string curve = alignmentJson(
            R"([{"type": "constantGradient", "from": 0, "length": 50, "startHeight": 100, "startGradient": 0.01},
                {"type": "parabolicArc", "from": 50, "length": 70, "startHeight": 100.5, "startGradient": 0.01, "endGradient": -0.004, "radius": 5000}])",
            R"({"railHeadDistance": 1.5, "segments": [{"type": "constant", "from": 0, "length": 20, "startCantLeft": 0, "startCantRight": 0},
                {"type": "bloss", "from": 20, "length": 100, "startCantLeft": 0, "startCantRight": 0, "endCantLeft": 0, "endCantRight": 0.1}]})");
        const std::string text = std::string(kLayoutHead) + curve + kLayoutTail;
        const LayoutSpec spec = parseLayoutSpec(text, "a.json");
        const LayoutSpec again = parseLayoutSpec(layoutSpecText(spec), "b.json");
        QVERIFY(again == spec);
        QCOMPARE(layoutSpecText(again), layoutSpecText(spec));
        QVERIFY(Json::parse(layoutSpecText(spec))["tracks"][0]["curve"] == Json::parse(curve));
        // compiled: the track's bank is -asin(D / b) (0 m, then 0.1 m at the end), its end 0.5 + 70 x
        // (0.01 - 0.004) / 2 = 0.71 m above its start
        const Layout L = Layout::compile(spec, "a.json");
        const Track& t = L.track(0);
        QVERIFY(std::abs(t.bank(0.0).wt) < 1e-15);
        QVERIFY(std::abs(t.bank(t.length()).wt + std::asin(0.1 / 1.5)) < 1e-12);
        QVERIFY(std::abs(L.frameInWorld(0, t.length()).F.P.z() - 0.71) < 1e-9);
    }

    void fileErrors_data() {
        QTest::addColumn<QString>("vertical");
        QTest::addColumn<QString>("cant");
        QTest::addColumn<QString>("path");
        const QString v0 =
            R"([{"type": "constantGradient", "from": 0, "length": 120, "startHeight": 1, "startGradient": 0}])";
        const QString c0 =
            R"({"railHeadDistance": 1.5, "segments": [{"type": "linear", "from": 0, "length": 120, "startCantLeft": 0, "startCantRight": 0, "endCantLeft": 0, "endCantRight": 0.1}]})";
        QTest::newRow("unknown vertical type")
            << QString(v0).replace("constantGradient", "sCurve") << c0 << "/tracks/0/curve/vertical/0/type";
        QTest::newRow("zero length") << QString(v0).replace("120", "0") << c0
                                     << "/tracks/0/curve/vertical/0/length";
        QTest::newRow("gap")
            << R"([{"type": "constantGradient", "from": 0, "length": 60, "startHeight": 1, "startGradient": 0},
                   {"type": "constantGradient", "from": 60.5, "length": 59.5, "startHeight": 1, "startGradient": 0}])"
            << c0 << "/tracks/0/curve/vertical/1/from";
        QTest::newRow("beyond the horizontal")
            << QString(v0).replace("120", "121") << c0 << "/tracks/0/curve/vertical/0/length";
        QTest::newRow("radius")
            << R"([{"type": "parabolicArc", "from": 0, "length": 120, "startHeight": 1, "startGradient": 0.01, "endGradient": -0.01, "radius": 5000}])"
            << c0 << "/tracks/0/curve/vertical/0/radius";
        QTest::newRow("not a number") << QString(v0).replace("\"startHeight\": 1", "\"startHeight\": \"1\"")
                                      << c0 << "/tracks/0/curve/vertical/0/startHeight";
        QTest::newRow("unknown cant type")
            << v0 << QString(c0).replace("linear", "spiral") << "/tracks/0/curve/cant/segments/0/type";
        QTest::newRow("cant beyond b")
            << v0 << QString(c0).replace("0.1}", "1.6}") << "/tracks/0/curve/cant/segments/0";
        QTest::newRow("b 0") << v0 << QString(c0).replace("1.5", "0")
                             << "/tracks/0/curve/cant/railHeadDistance";
        QTest::newRow("cant short") << v0 << QString(c0).replace("\"length\": 120", "\"length\": 100")
                                    << "/tracks/0/curve/cant/segments/0/length";
    }
    void fileErrors() {
        QFETCH(QString, vertical);
        QFETCH(QString, cant);
        QFETCH(QString, path);
        const std::string text = std::string(kLayoutHead) +
                                 alignmentJson(vertical.toStdString(), cant.toStdString()) + kLayoutTail;
        try {
            parseLayoutSpec(text, "x.json");
            QFAIL("accepted");
        } catch (const LayoutError& e) {
            QVERIFY2(e.path() == path.toStdString(), e.what());
            QCOMPARE(e.file(), std::string("x.json"));
        }
    }
};

QTEST_APPLESS_MAIN(TestAlignmentCurve)
#include "tst_alignment_curve.moc"
