// Spline arc length and inversion against closed forms (../shared/VALIDATION.md "Geometry": cubic Bezier
// of length exactly 2; a parabola reproduced exactly by one Hermite segment), and the interpolation
// conditions (C2 through the points, handles, closed wrap).
//
// Method under test: per sub-interval Gauss-Legendre quadrature of |dP/du| (adaptive subdivision checked
// at construction) and s -> u by a cubic Hermite seed plus one Newton step with 4-point Gauss-Legendre.
#include "core/curves/Spline.h"

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
        // VALIDATION.md: cubic Bezier (0,0),(0,1),(1,1),(1,0) has length exactly 2 (|B'| = 3(1-2t+2t^2)).
        // As a 2-point spline: chord 1 so dP/du = dP/dt; handles 3 (P1 - P0) = (0,3), 3 (P3 - P2) = (0,-3).
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
};

QTEST_APPLESS_MAIN(TestCurveSpline)
#include "tst_curve_spline.moc"
