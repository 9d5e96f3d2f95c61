// The transition curves of IFC 4.3 (core/curves/TransitionSpiral.h: bloss, helmert, cosine, sine,
// vienneseBend; core/curves/CubicParabola.h: cubic) against their defining laws written out here again:
// curvature at many s, dkappa against finite differences, positions against an RK4 integration of
// (theta, x, y)' = (kappa, cos theta, sin theta) in tiny steps (independent of the classes' closed-form
// heading and quadrature), the end heading, T = dP/ds and the frame; the cubic against y = x^3 / (6 R L) and
// its arc length by Simpson's rule. A version-2 layout with every type compiles; bad input is refused.
#include "CaughtError.h"
#include "core/curves/CubicParabola.h"
#include "core/curves/FrameChecks.h"
#include "core/curves/TransitionSpiral.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"
#include "core/layout/TrackBuilder.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <stdexcept>

using namespace tl;

namespace {

constexpr double kPi = std::numbers::pi;

// One case: a law, its length, end curvatures and (Viennese bend) h and the bank angles.
struct Case {
    const char* type;
    double L, k0, k1, h = 0.0, psi0 = 0.0, psi1 = 0.0;
};

// The IFC 4.3 base formulas, in xi = s / L, written independently of core/curves/TransitionSpiral.cpp.
double lawKappa(const Case& c, double s) {
    const double x = s / c.L, dk = c.k1 - c.k0;
    const std::string t = c.type;
    if (t == "bloss") return c.k0 + dk * (3 - 2 * x) * x * x;
    if (t == "helmert") return x <= 0.5 ? c.k0 + dk * 2 * x * x : c.k0 + dk * (1 - 2 * (1 - x) * (1 - x));
    if (t == "cosine") return c.k0 + dk * 0.5 * (1 - std::cos(kPi * x));
    if (t == "sine") return c.k0 + dk * (x - std::sin(2 * kPi * x) / (2 * kPi));
    // vienneseBend
    const double p = 35 - 84 * x + 70 * x * x - 20 * x * x * x;
    return c.k0 + dk * std::pow(x, 4) * p -
           420 * c.h * (c.psi1 - c.psi0) / (c.L * c.L) * x * x * (1 - 4 * x + 5 * x * x - 2 * x * x * x);
}

TransitionSpiral make(const Case& c) {
    return TransitionSpiral(*TransitionSpiral::lawNamed(c.type), c.L, c.k0, c.k1, {c.h, c.psi0, c.psi1});
}

// RK4 of (theta, x, y) from s = 0 in n steps; the positions every n / m steps (m + 1 of them).
std::vector<Vec3> rk4Positions(const Case& c, int n, int m) {
    struct St {
        double th, x, y;
    };
    auto rate = [&](double s, const St& q) { return St{lawKappa(c, s), std::cos(q.th), std::sin(q.th)}; };
    St q{0, 0, 0};
    const double h = c.L / n;
    std::vector<Vec3> out{Vec3::Zero()};
    for (int i = 0; i < n; ++i) {
        const double s = i * h;
        const St a = rate(s, q);
        const St b = rate(s + h / 2, {q.th + h / 2 * a.th, q.x + h / 2 * a.x, q.y + h / 2 * a.y});
        const St d = rate(s + h / 2, {q.th + h / 2 * b.th, q.x + h / 2 * b.x, q.y + h / 2 * b.y});
        const St e = rate(s + h, {q.th + h * d.th, q.x + h * d.x, q.y + h * d.y});
        q.th += h / 6 * (a.th + 2 * b.th + 2 * d.th + e.th);
        q.x += h / 6 * (a.x + 2 * b.x + 2 * d.x + e.x);
        q.y += h / 6 * (a.y + 2 * b.y + 2 * d.y + e.y);
        if ((i + 1) % (n / m) == 0) out.emplace_back(q.x, q.y, 0.0);
    }
    return out;
}

const Case kCases[] = {
    {"bloss", 100, 0.0, 1 / 300.0},
    {"bloss", 80, 1 / 500.0, -1 / 200.0},
    {"helmert", 100, 0.0, 1 / 300.0},
    {"helmert", 120, -1 / 400.0, -1 / 150.0},
    {"cosine", 100, 0.0, 1 / 300.0},
    {"cosine", 60, 1 / 90.0, 0.0},
    {"sine", 100, 0.0, 1 / 300.0},
    {"sine", 150, -1 / 1000.0, 1 / 250.0},
    {"vienneseBend", 100, 0.0, 1 / 300.0},
    // h = 1.8 m, cant 0 -> 160 mm over b = 1.5 m
    {"vienneseBend", 100, 0.0, 1 / 300.0, 1.8, 0.0, std::asin(0.16 / 1.5)},
    {"vienneseBend", 40, 1 / 50.0, 1 / 20.0, 2.0, 0.05, 0.1},
};

} // namespace

class TestTransitionCurves : public QObject {
    Q_OBJECT
private slots:
    void spirals() {
        for (const Case& c : kCases) {
            const TransitionSpiral sp = make(c);
            QCOMPARE(sp.type(), std::string(c.type));
            QCOMPARE(sp.length(), c.L);
            const int m = 200;
            const std::vector<Vec3> ref = rk4Positions(c, 200000, m);
            double eK = 0, eDK = 0, maxDK = 0, eP = 0, eT = 0, eO = 0, eD = 0;
            for (int i = 0; i <= m; ++i) {
                const double s = c.L * i / m;
                const Frame f = sp.frame(s);
                eK = std::max(eK, std::abs(f.kappa - lawKappa(c, s)));
                QVERIFY(std::abs(sp.curvature(s) - f.kappa) < 1e-15);
                const double h = 1e-4 * c.L;
                // (the Helmert curve's d2kappa/ds2 jumps at xi = 1/2: a central difference there is off by
                // O(h); its dkappa is checked against the closed form 2 dk / L below)
                const bool kink = std::string(c.type) == "helmert" && 2 * i == m;
                if (i > 0 && i < m && !kink) {
                    const double fd = (lawKappa(c, s + h) - lawKappa(c, s - h)) / (2 * h);
                    eDK = std::max(eDK, std::abs(f.dkappa - fd));
                    eT = std::max(eT, tangentResidual(sp, s, 1e-3));
                    eD = std::max(eD, darbouxResidual(sp, s, 1e-4));
                }
                maxDK = std::max(maxDK, std::abs(f.dkappa));
                eP = std::max(eP, (f.P - ref[i]).norm());
                eO = std::max(eO, orthonormalityError(f));
                QCOMPARE(f.tau, 0.0);
                QVERIFY((f.B - Vec3::UnitZ()).norm() == 0.0);
            }
            // every law's shape integrates to 1/2; the Viennese cant term's heading h dpsi p'(xi) / L is 0
            // at both ends
            const double endHeading = c.L * (c.k0 + 0.5 * (c.k1 - c.k0));
            const Frame e = sp.frame(c.L);
            qInfo("%-12s L %5.0f: |kappa - law| %.1e, |dkappa - fd| %.1e (max %.1e), |P - rk4| %.1e m, "
                  "|T - dP/ds| %.1e, darboux %.1e, heading err %.1e",
                  c.type, c.L, eK, eDK, maxDK, eP, eT, eD, std::abs(sp.heading(c.L) - endHeading));
            QVERIFY(eK < 1e-9);
            QVERIFY(eDK < 1e-6 * maxDK + 1e-12);
            QVERIFY(eP < 1e-6 * c.L / 100);
            QVERIFY(eT < 1e-8);
            QVERIFY(eO < 1e-14);
            QVERIFY(eD < 1e-6);
            QVERIFY(std::abs(sp.heading(c.L) - endHeading) < 1e-13);
            QVERIFY(std::abs(std::atan2(e.T.y(), e.T.x()) - endHeading) < 1e-12);
            QVERIFY(std::abs(e.kappa - c.k1) < 1e-15);
            QVERIFY(std::abs(sp.frame(0).kappa - c.k0) < 1e-15);
            if (std::string(c.type) == "helmert")
                QVERIFY(std::abs(sp.frame(c.L / 2).dkappa - 2 * (c.k1 - c.k0) / c.L) < 1e-18);
            QVERIFY((sp.frame(-5).P - Vec3::Zero()).norm() == 0.0); // clamped
            QVERIFY((sp.frame(c.L + 5).P - e.P).norm() == 0.0);
        }
    }

    void vienneseCounterMovement() {
        // a cant growing with a left turn moves the track right first (IFC: "a small movement contrary to the
        // main direction"): the curvature at xi = 0.1 is below the base law's
        const Case c{"vienneseBend", 100, 0.0, 1 / 300.0, 1.8, 0.0, std::asin(0.16 / 1.5)};
        const Case base{"vienneseBend", 100, 0.0, 1 / 300.0};
        QVERIFY(make(c).curvature(10) < 0.0);
        QVERIFY(make(base).curvature(10) > 0.0);
        QCOMPARE(TransitionSpiral::bankOfCant(0.16, 1.5), std::asin(0.16 / 1.5));
    }

    void cubic() {
        for (const auto& [L, R] : {std::pair{100.0, 300.0}, {60.0, -150.0}, {100.0, 60.0}, {50.0, 0.0}}) {
            const double k1 = R == 0.0 ? 0.0 : 1 / R;
            const CubicParabola cu(L, k1);
            QCOMPARE(cu.type(), std::string("cubic"));
            QCOMPARE(cu.length(), L);
            const double a = R == 0.0 ? 0.0 : 1 / (6 * R * L);
            auto speed = [&](double x) { return std::sqrt(1 + 9 * a * a * x * x * x * x); };
            // Simpson's rule for s(x) on a fine grid (independent of the class's Gauss-Legendre table)
            auto simpson = [&](double x) {
                const int n = 20000;
                const double h = x / n;
                double sum = speed(0) + speed(x);
                for (int i = 1; i < n; ++i)
                    sum += (i % 2 ? 4 : 2) * speed(i * h);
                return sum * h / 3;
            };
            double eS = 0, eY = 0, eK = 0, eDK = 0, eT = 0, eO = 0;
            const int m = 100;
            for (int i = 0; i <= m; ++i) {
                const double s = L * i / m;
                const Frame f = cu.frame(s);
                const double x = f.P.x();
                eS = std::max(eS, std::abs(simpson(x) - s));
                eY = std::max(eY, std::abs(f.P.y() - x * x * x / (R == 0.0 ? 1e300 : 6 * R * L)));
                const double d1 = 3 * a * x * x, d2 = 6 * a * x;
                eK = std::max(eK, std::abs(f.kappa - d2 / std::pow(1 + d1 * d1, 1.5)));
                if (i > 0 && i < m) {
                    const double h = 1e-3;
                    eDK = std::max(
                        eDK, std::abs(f.dkappa - (cu.frame(s + h).kappa - cu.frame(s - h).kappa) / (2 * h)));
                    eT = std::max(eT, tangentResidual(cu, s, 1e-3));
                }
                eO = std::max(eO, orthonormalityError(f));
            }
            qInfo("cubic L %5.0f R %6.0f: x end %.6f, kappa end %.6e (1/R %.6e), |s - simpson| %.1e m, "
                  "|y - x^3/6RL| %.1e m, |kappa - y''/v^3| %.1e, |dkappa - fd| %.1e, |T - dP/ds| %.1e",
                  L, R, cu.endX(), cu.frame(L).kappa, k1, eS, eY, eK, eDK, eT);
            QVERIFY(eS < CubicParabola::kTolerance);
            QVERIFY(eY < 1e-12);
            QVERIFY(eK < 1e-15);
            QVERIFY(eDK < 1e-7);
            QVERIFY(eT < 1e-8);
            QVERIFY(eO < 1e-14);
            QVERIFY(cu.endX() <= L);
            QVERIFY(std::abs(cu.xAt(L) - cu.endX()) == 0.0);
        }
    }

    void badInput() {
        using Law = TransitionSpiral::Law;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral(Law::Bloss, 0.0, 0.0, 0.01));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral(Law::Sine, -1.0, 0.0, 0.01));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral(Law::Cosine, NAN, 0.0, 0.01));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral(Law::Helmert, 10.0, 0.0, INFINITY));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral(Law::Helmert, 10.0, 0.0, 2000.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral(Law::Bloss, 1e5, 0.0, 999.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 TransitionSpiral(Law::VienneseBend, 1e-3, 0.0, 0.0, {100.0, 0.0, 1.0}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral::bankOfCant(1.6, 1.5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransitionSpiral::bankOfCant(0.1, 0.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CubicParabola(0.0, 0.01));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CubicParabola(10.0, NAN));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CubicParabola(10.0, -1e4));
        CurveSpec cubic;
        cubic.type = "cubic";
        cubic.params = {{"length", 50.0}, {"radiusStart", 1000.0}, {"radiusEnd", 200.0}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildCurve(cubic));
        try {
            buildCurve(cubic);
        } catch (const std::invalid_argument& e) {
            QVERIFY(std::string(e.what()).find("radiusStart must be 0") != std::string::npos);
        }
    }

    void layoutCompiles() {
        const char* doc = R"({"format": "tracklab-layout", "version": 2, "tracks": [
          {"id": "a", "curve": {"type": "bloss", "length": 100, "radiusStart": 0, "radiusEnd": 300}},
          {"id": "b", "curve": {"type": "helmert", "length": 100, "radiusStart": 300, "radiusEnd": -300},
           "placement": {"after": ["a", "end"]}},
          {"id": "c", "curve": {"type": "cosine", "length": 50, "radiusEnd": -300}},
          {"id": "d", "curve": {"type": "sine", "length": 50, "radiusStart": -300}},
          {"id": "e", "curve": {"type": "vienneseBend", "length": 100, "radiusEnd": 300, "cantEnd": 0.16,
                                "gravityCentreHeight": 1.8, "railHeadDistance": 1.5}},
          {"id": "f", "curve": {"type": "cubic", "length": 100, "radiusEnd": 300}}]})";
        const LayoutSpec spec = parseLayoutSpec(doc, "t.json");
        const Layout layout = Layout::compile(spec, "t.json");
        QCOMPARE(layout.tracks().size(), std::size_t(6));
        const Track& a = layout.trackById("a");
        QCOMPARE(a.curve().type(), std::string("bloss"));
        QCOMPARE(a.length(), 100.0);
        QVERIFY(std::abs(a.curve().frame(100).kappa - 1 / 300.0) < 1e-15);
        QCOMPARE(layout.trackById("e").curve().type(), std::string("vienneseBend"));
        QCOMPARE(layout.trackById("f").curve().type(), std::string("cubic"));
        // b continues a: the same position and heading at the joint
        const Vec3 pa = layout.trackById("a").frameInWorld(100, Pose::Identity()).F.P;
        const Vec3 pb = layout.trackById("b").frameInWorld(0, Pose::Identity()).F.P;
        QVERIFY((pa - pb).norm() < 1e-9);
        // saved and read again: the same keys
        const LayoutSpec again = parseLayoutSpec(layoutSpecToJson(spec).dump(), "t.json");
        QCOMPARE(again.tracks[4].curve.params, spec.tracks[4].curve.params);

        using caughttest::caught;
        auto bad = [](const char* curve) {
            return caught([&] {
                Layout::compile(
                    parseLayoutSpec(
                        std::string(
                            R"({"format": "tracklab-layout", "version": 2, "tracks": [{"id": "a", "curve": )") +
                            curve + "}]}",
                        "x.json"),
                    "x.json");
            });
        };
        QCOMPARE(bad(R"({"type": "bloss", "length": 0})").what,
                 "x.json: /tracks/0/curve/length: length must be > 0, got 0");
        QCOMPARE(bad(R"({"type": "sine", "length": 10, "radiusEnd": 0.0001})").path,
                 "/tracks/0/curve/radiusEnd");
        QCOMPARE(bad(R"({"type": "cubic", "length": 10, "radiusStart": 50})").path,
                 "/tracks/0/curve/radiusStart");
        QCOMPARE(bad(R"({"type": "vienneseBend", "length": 10, "cantEnd": 2})").path,
                 "/tracks/0/curve/cantEnd");
        QCOMPARE(bad(R"({"type": "helmert", "radiusEnd": 100})").path, "/tracks/0/curve/length");
    }
};

QTEST_APPLESS_MAIN(TestTransitionCurves)
#include "tst_transition_curves.moc"
