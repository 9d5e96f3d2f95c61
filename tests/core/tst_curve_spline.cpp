// Spline arc length and inversion against closed forms (docs/validation.md "Geometry": cubic Bezier
// of length exactly 2; a parabola reproduced exactly by one Hermite segment), and the interpolation
// conditions (C2 through the points, handles, closed wrap).
//
// Method under test: per sub-interval Gauss-Legendre quadrature of |dP/du| (adaptive subdivision checked
// at construction) and s -> u by a per-piece Chebyshev polynomial of t(s) (verified at construction against
// the accurate integral; the Hermite seed plus one Newton step where no polynomial fits).
#include "core/curves/Spline.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace tl;

namespace {

using CP = Spline::ControlPoint;

// Arc length of y = a x^2 from 0 to x [closed form]: (x sqrt(1 + 4a^2x^2))/2 + asinh(2ax)/(4a)
double parabolaLength(double a, double x) {
    const long double q = 2.0L * a * x;
    return double(x * std::sqrt(1.0L + q * q) / 2.0L + std::asinh(q) / (4.0L * a));
}

// A 3D test spline through n pseudo-random points (deterministic), roughly 20 m apart.
std::vector<CP> wigglyPoints(int n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> d(-8.0, 8.0);
    std::vector<CP> pts;
    for (int i = 0; i < n; ++i)
        pts.push_back({Vec3(20.0 * i + d(rng), 2.0 * d(rng), 0.5 * d(rng)), {}});
    return pts;
}

} // namespace

class TestCurveSpline : public QObject {
    Q_OBJECT
private slots:
    void bezierLengthTwo() {
        // docs/validation.md: cubic Bezier (0,0),(0,1),(1,1),(1,0) has length exactly 2 (|B'| =
        // 3(1-2t+2t^2)). As a 2-point spline: chord 1 so dP/du = dP/dt; handles 3 (P1 - P0) = (0,3), 3 (P3 -
        // P2) = (0,-3).
        Spline sp({{Vec3(0, 0, 0), Vec3(0, 3, 0)}, {Vec3(1, 0, 0), Vec3(0, -3, 0)}}, false);
        const double err = std::abs(sp.length() - 2.0);
        qInfo("Bezier: spline length %.17g, error %.3g m", sp.length(), err);
        QVERIFY(err < 1e-13);
        // the curve is the Bezier: mid point B(1/2) = (0.5, 0.75)
        QVERIFY((sp.position(1.0) - Vec3(0.5, 0.75, 0)).norm() < 1e-13);
        // inversion: s(t) = 3 (t - t^2 + 2t^3/3) [closed form]; check t recovered from parameterAt
        double worst = 0;
        for (int i = 0; i <= 1000; ++i) {
            const double s = 2.0 * i / 1000, t = sp.parameterAt(s);
            worst = std::max(worst, std::abs(3 * (t - t * t + 2 * t * t * t / 3) - s));
        }
        qInfo("Bezier: max |s(u(s)) - s| = %.3g m over 1001 samples", worst);
        QVERIFY(worst < 2e-11); // requirement 1e-9 m per 100 m
    }

    void parabolaArcLength_data() {
        QTest::addColumn<double>("X");
        QTest::addColumn<double>("Y");
        QTest::newRow("100 x 30") << 100.0 << 30.0;
        QTest::newRow("100 x 100") << 100.0 << 100.0;
        QTest::newRow("1000 x 50") << 1000.0 << 50.0;
    }
    void parabolaArcLength() {
        // One Hermite segment reproduces P(t) = (tX, t^2 Y) exactly: endpoints (0,0), (X,Y), dP/dt = (X,0)
        // and (X,2Y); with chord h = |(X,Y)| the handles are dP/du = dP/dt / h.
        QFETCH(double, X);
        QFETCH(double, Y);
        const double h = std::hypot(X, Y), a = Y / (X * X);
        Spline sp({{Vec3(0, 0, 0), Vec3(X, 0, 0) / h}, {Vec3(X, Y, 0), Vec3(X, 2 * Y, 0) / h}}, false);
        const double L = parabolaLength(a, X);
        const double errL = std::abs(sp.length() - L);
        // s -> u inversion at many s: the point reached must lie at closed-form arc length s
        double worst = 0, offCurve = 0;
        const int n = 5000;
        for (int i = 0; i <= n; ++i) {
            const double s = sp.length() * i / n;
            const Vec3 p = sp.position(s);
            worst = std::max(worst, std::abs(parabolaLength(a, p.x()) - s));
            offCurve = std::max(offCurve, std::abs(p.y() - a * p.x() * p.x()));
        }
        qInfo("parabola %s: L = %.12f m, |L - closed form| = %.3g m, max |s(P(s)) - s| = %.3g m (%d samples)",
              QTest::currentDataTag(), L, errL, worst, n + 1);
        const double tol = 1e-9 * L / 100; // requirement: 1e-9 m per 100 m
        QVERIFY(errL < tol);
        QVERIFY(worst < tol);
        QVERIFY(offCurve < 1e-12 * Y);
        // arcLengthAt (forward map, 8-point GL) agrees with the closed form at u = t h
        for (double t : {0.1, 0.37, 0.5, 0.93})
            QVERIFY(std::abs(sp.arcLengthAt(t * h) - parabolaLength(a, t * X)) < tol);
    }

    void straightNonUniformSpeed() {
        // Points on a straight line with handles of very different size: the curve stays on the line with
        // a strongly varying speed; length = the distance [closed form].
        const Vec3 dir = Vec3(1, 2, 2) / 3.0;
        Spline sp({{Vec3::Zero(), 0.2 * dir}, {60 * dir, 2.5 * dir}, {100 * dir, 0.3 * dir}}, false);
        QVERIFY(std::abs(sp.length() - 100.0) < 1e-11);
        double worst = 0;
        for (int i = 0; i <= 1000; ++i) {
            const double s = 0.1 * i;
            worst = std::max(worst, (sp.position(s) - s * dir).norm());
        }
        qInfo("straight, non-uniform speed: max |P(s) - s dir| = %.3g m", worst);
        QVERIFY(worst < 1e-11);
    }

    void consistencyOnWigglySpline() {
        // 50-point 3D spline: forward map (8-point GL) vs. inverse (seed + Newton with 4-point GL).
        Spline sp(wigglyPoints(50, 7), false);
        double worst = 0;
        const int n = 20000;
        for (int i = 0; i <= n; ++i) {
            const double s = sp.length() * i / n;
            worst = std::max(worst, std::abs(sp.arcLengthAt(sp.parameterAt(s)) - s));
        }
        qInfo("50-point spline, L = %.3f m: max |s(u(s)) - s| = %.3g m", sp.length(), worst);
        QVERIFY(worst < 1e-9 * sp.length() / 100);
    }

    void interpolatesPoints() {
        auto pts = wigglyPoints(12, 3);
        pts[5].tangent = Vec3(1, 0.5, 0);
        for (bool closed : {false, true}) {
            Spline sp(pts, closed);
            for (int i = 0; i < static_cast<int>(pts.size()); ++i) {
                QVERIFY((sp.position(sp.pointArcLength(i)) - pts[i].position).norm() < 1e-9);
                QCOMPARE(sp.arcLengthAt(sp.knot(i)), sp.pointArcLength(i));
            }
            QVERIFY((sp.derivativeAtPoint(5) - Vec3(1, 0.5, 0)).norm() <
                    1e-12); // handle honoured (LU round-off)
            // C2 at a point without handle: curvature (and dkappa finite) continuous across point 3
            const double s3 = sp.pointArcLength(3), e = 1e-7;
            const Frame a = sp.frame(s3 - e), b = sp.frame(s3 + e);
            QVERIFY(std::abs(a.kappa - b.kappa) < 1e-6 * (std::abs(a.kappa) + 1e-3));
            QVERIFY((a.N - b.N).norm() < 1e-5);
        }
    }

    void naturalEnds() {
        Spline sp(wigglyPoints(6, 11), false); // natural: P'' = 0 -> kappa = 0 at both ends
        QVERIFY(std::abs(sp.frame(0).kappa) < 1e-12);
        QVERIFY(std::abs(sp.frame(sp.length()).kappa) < 1e-12);
    }

    void closedWraps() {
        std::vector<CP> pts;
        for (int i = 0; i < 8; ++i) {
            const double a = 2 * M_PI * i / 8;
            pts.push_back({Vec3(50 * std::cos(a), 50 * std::sin(a), 3 * std::sin(2 * a)), {}});
        }
        Spline sp(pts, true);
        QVERIFY(sp.closed());
        QVERIFY(std::abs(sp.length() - 2 * M_PI * 50) < 0.02 * 2 * M_PI * 50); // near a circle
        for (double s : {0.0, 10.0, 123.4}) {
            const Frame a = sp.frame(s), b = sp.frame(s + sp.length()), c = sp.frame(s - 2 * sp.length());
            QVERIFY((a.P - b.P).norm() < 1e-9 && (a.P - c.P).norm() < 1e-9);
            QVERIFY((a.N - b.N).norm() < 1e-9);
        }
        // seam: frame continuous from s = L - e to s = e (curvature C2 through the periodic join)
        const Frame l = sp.frame(sp.length() - 1e-6), r = sp.frame(1e-6);
        QVERIFY((l.P - r.P).norm() < 3e-6);
        QVERIFY((l.N - r.N).norm() < 1e-5 && (l.T - r.T).norm() < 1e-5);
        QVERIFY(std::abs(l.kappa - r.kappa) < 1e-6);
    }

    void openClamps() {
        Spline sp(wigglyPoints(5, 5), false);
        QVERIFY((sp.frame(-5).P - sp.frame(0).P).norm() == 0.0);
        QVERIFY((sp.frame(sp.length() + 5).P - sp.frame(sp.length()).P).norm() == 0.0);
    }

    void inversionOnRandomSplines() {
        // Many random dense 3D splines (3 to 40 points, 0.5 to 60 m apart, some with handles, some closed):
        // the point reached at s lies at arc length s (forward map: 8-point Gauss-Legendre from the
        // sub-interval's start) within 1e-9 m, at every sample.
        std::mt19937 rng(14);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        double worst = 0, worstRel = 0;
        int samples = 0;
        for (int k = 0; k < 60; ++k) {
            const int n = 3 + int(rng() % 38);
            const double step = 0.5 + 60.0 * (0.5 + 0.5 * u(rng));
            std::vector<CP> pts;
            Vec3 p = Vec3::Zero(), dir = Vec3::UnitX();
            for (int i = 0; i < n; ++i) {
                dir = (dir + 0.8 * Vec3(u(rng), u(rng), 0.3 * u(rng))).normalized();
                p += step * (0.5 + 0.5 * std::abs(u(rng)) + 0.1) * dir;
                std::optional<Vec3> handle;
                if (k % 5 == 0 && i % 3 == 1) handle = (0.7 + 0.6 * std::abs(u(rng))) * dir;
                pts.push_back({p, handle});
            }
            const Spline sp(pts, k % 7 == 3 && n >= 4);
            const int m = 4000;
            for (int i = 0; i <= m; ++i) {
                const double s = sp.length() * (i + 0.5 * (1.0 + u(rng))) / (m + 1);
                const double e = std::abs(sp.arcLengthAt(sp.parameterAt(s)) - s);
                worst = std::max(worst, e);
                worstRel = std::max(worstRel, e / sp.length());
                ++samples;
            }
        }
        qInfo("60 random splines, %d samples: max |s(u(s)) - s| = %.3g m (%.3g of the length)", samples,
              worst, worstRel);
        QVERIFY(worst <= 1e-9);
    }

    void movedSplineAndTrackLocalFrame() {
        // Spline::transformed(X).frame(s) = X frame(s), and Track::localFrame (the spline moved into the
        // body, the up angle from components, one sincos) = the composition transformed(placement,
        // curveFrame), on the product's railway track (spline, "frame": "up", cant) with a rotated and moved
        // placement.
        std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [)"
                           R"({"id": "a", "curve": {"type": "spline", "points": [)";
        for (int i = 0; i <= 30; ++i)
            json += (i ? "," : "") + std::string("[") + std::to_string(40.0 * i) + ", " +
                    std::to_string(5.0 * std::sin(2 * 3.14159265358979 * 40.0 * i / 400.0)) + ", " +
                    std::to_string(i % 4 == 0 ? 0.0 : 0.2 * (i % 3)) + "]";
        json += R"(]}, "frame": "up", "twist": {"type": "cant", "designSpeed": 20, "maxAngle": 0.1}, )"
                R"("placement": {"position": [12, -4, 3], "rotation": [0.9659258262890683, 0.02, 0.01, )"
                R"(0.2588190451025207]}}, {"id": "b", "curve": {"type": "spline", "points": [[0,0,0], )"
                R"([40,3,0], [80,-2,0], [120,0,0]]}, "frame": "up", "twist": {"type": "cant", )"
                R"("designSpeed": 20, "maxAngle": 0.1}, "placement": {"position": [1, 2, 0], )"
                R"("rotation": [0.9238795325112867, 0, 0, 0.3826834323650898]}}]})";
        const Layout L = Layout::compile(parseLayoutSpec(json, "<test>"), "<test>");
        double dv = 0, dwt = 0, dk = 0;
        for (const Track& t : L.tracks()) {
            const auto& sp = dynamic_cast<const Spline&>(t.curve());
            const Spline moved = sp.transformed(t.placement());
            for (int i = 0; i <= 3000; ++i) {
                const double s = t.length() * i / 3000.0;
                const Frame a = moved.frame(s), b = transformed(t.placement(), sp.frame(s));
                dv = std::max(
                    {dv, (a.P - b.P).norm(), (a.T - b.T).norm(), (a.N - b.N).norm(), (a.B - b.B).norm()});
                const TwistedFrame f = t.localFrame(s), g = t.localFrameComposed(s);
                dv = std::max({dv, (f.F.P - g.F.P).norm(), (f.F.T - g.F.T).norm(), (f.F.N - g.F.N).norm(),
                               (f.F.B - g.F.B).norm(), (f.wN - g.wN).norm(), (f.wB - g.wB).norm()});
                dwt = std::max({dwt, std::abs(f.wt - g.wt), std::abs(f.dwt - g.dwt)});
                dk = std::max({dk, std::abs(f.F.kappa - g.F.kappa) / (1e-3 + std::abs(g.F.kappa)),
                               std::abs(f.F.tau - g.F.tau), std::abs(f.F.dkappa - g.F.dkappa) / 1e-5});
            }
        }
        qInfo("localFrame vs. composed: max |dP|, |dT|, ..., |dwB| = %.3g (m or -), |dwt|, |ddwt| = %.3g, "
              "curvature rel %.3g",
              dv, dwt, dk);
        QVERIFY(dv < 1e-9);
        QVERIFY(dwt < 1e-12);
        QVERIFY(dk < 1e-9);
    }

    // An s given at the points (the rails under a heartline, core/layout/HeartlineRails.h): points on a
    // circle of radius R at uneven angles, s = r theta as for a concentric circle of radius r (the riders'
    // heartline inside the rails' circle) and the speed R / r at every point. Exact at the points (s, P,
    // speed); between them on the circle, speed and curvature within the cubic's interpolation error, and
    // s increasing with theta at the rate 1 / r; no arc-length table (length() is the last s).
    void givenParameter() {
        const double R = 20.0, r = 18.9;
        std::vector<CP> pts;
        std::vector<double> sv, speed;
        double theta = 0.0;
        for (int i = 0; i <= 40; ++i) {
            pts.push_back({Vec3(R * std::sin(theta), R * (1 - std::cos(theta)), 0.0), {}});
            sv.push_back(r * theta);
            speed.push_back(R / r);
            theta += 0.02 + 0.01 * (i % 3); // 0.4 .. 0.8 m apart along the rails
        }
        pts.front().tangent = Vec3(1, 0, 0);
        const double last = theta - (0.02 + 0.01 * (40 % 3));
        pts.back().tangent = Vec3(std::cos(last), std::sin(last), 0.0);
        const Spline sp(pts, sv, speed);
        QCOMPARE(sp.length(), sv.back());
        double worstP = 0, worstSpeed = 0, worstKappa = 0, worstCircle = 0, worstTheta = 0;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            const Frame f = sp.frame(sv[i]);
            worstP = std::max(worstP, (f.P - pts[i].position).norm());
            worstSpeed = std::max(worstSpeed, std::abs(f.speed - R / r));
        }
        QVERIFY2(worstP < 1e-9, qPrintable(QString("point off by %1 m").arg(worstP)));
        QVERIFY2(worstSpeed < 1e-9, qPrintable(QString("speed at a point off by %1").arg(worstSpeed)));
        worstSpeed = 0;
        const Vec3 centre(0, R, 0);
        for (double x = 0.0; x <= sp.length(); x += 0.01) {
            const Frame f = sp.frame(x);
            worstSpeed = std::max(worstSpeed, std::abs(f.speed / (R / r) - 1));
            worstKappa = std::max(worstKappa, std::abs(f.kappa * R - 1));
            worstCircle = std::max(worstCircle, std::abs((f.P - centre).norm() - R));
            const double th = std::atan2(f.P.x(), R - f.P.y());
            worstTheta = std::max(worstTheta, std::abs(th - x / r));
        }
        qInfo("given s on a circle: points %.1e m, speed %.1e, kappa %.1e (relative), radius %.1e m, theta "
              "%.1e rad off",
              worstP, worstSpeed, worstKappa, worstCircle, worstTheta);
        QVERIFY(worstSpeed < 1e-4);
        QVERIFY(worstKappa < 1e-3);
        QVERIFY(worstCircle < 1e-5);
        QVERIFY(worstTheta < 1e-5);
        // bad input: s not increasing, a speed of 0, sizes that differ
        std::vector<double> back = sv;
        back[5] = back[4];
        auto refused = [](const auto& make) {
            try {
                make();
            } catch (const std::invalid_argument&) {
                return true;
            }
            return false;
        };
        QVERIFY(refused([&] { Spline(pts, back, speed); }));
        std::vector<double> still = speed;
        still[3] = 0.0;
        QVERIFY(refused([&] { Spline(pts, sv, still); }));
        QVERIFY(refused([&] { Spline(pts, std::vector<double>(sv.begin(), sv.end() - 1), speed); }));
    }
};

QTEST_APPLESS_MAIN(TestCurveSpline)
#include "tst_curve_spline.moc"
