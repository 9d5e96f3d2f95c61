// Closed-form checks of the analytic curves (line, arc, helix, clothoid) against docs/validation.md,
// "Geometry", plus the Darboux relation dF/ds = omega x F and orthonormality at many s.
#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"
#include "core/curves/FrameChecks.h"
#include "core/curves/Helix.h"
#include "core/curves/Line.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace tl;

namespace {

// Standard clothoid (kappa = sigma / A^2 from sigma = 0) by its power series in long double:
//   x = sum (-1)^n sigma^(4n+1) / ((2A^2)^(2n) (2n)! (4n+1)),  y = sum (-1)^n sigma^(4n+3) / ((2A^2)^(2n+1)
//   (2n+1)! (4n+3))
// (term-by-term integration of cos/sin(sigma^2 / (2 A^2))); accurate to ~1e-15 m for heading <= pi.
Vec3 standardClothoid(long double A2, long double sigma) {
    long double x = 0, y = 0, term = sigma; // term = sigma * (theta)^k / k!, theta = sigma^2/(2A^2)
    const long double th = sigma * sigma / (2 * A2);
    for (int k = 0; k < 80; ++k) {
        const long double v = term / (2 * k + 1);
        if (k % 4 == 0) x += v;
        if (k % 4 == 1) y += v;
        if (k % 4 == 2) x -= v;
        if (k % 4 == 3) y -= v;
        term *= th / (k + 1);
    }
    return Vec3(double(x), double(y), 0.0);
}

// General clothoid (kappa0 -> kappa1 over L) as a rotated piece of the standard one [closed form].
Vec3 clothoidSeries(double L, double k0, double k1, double s) {
    const long double A2 = L / (long double)(k1 - k0); // signed A^2
    const long double sa = k0 * A2;                    // standard-spiral arc length of our start
    const Vec3 d = standardClothoid(A2, sa + s) - standardClothoid(A2, sa);
    const double th0 = double(sa * sa / (2 * A2));
    return Eigen::AngleAxisd(-th0, Vec3::UnitZ()) * d;
}

double maxDarboux(const Curve& c, int n, double h) {
    double worst = 0;
    for (int i = 1; i < n; ++i)
        worst = std::max(worst, darbouxResidual(c, c.length() * i / n, h));
    return worst;
}

double maxOrtho(const Curve& c, int n) {
    double worst = 0;
    for (int i = 0; i <= n; ++i)
        worst = std::max(worst, orthonormalityError(c.frame(c.length() * i / n)));
    return worst;
}

} // namespace

class TestCurveAnalytic : public QObject {
    Q_OBJECT
private slots:
    void line() {
        Line l(12.5);
        QCOMPARE(l.length(), 12.5);
        const Frame f = l.frame(7.0);
        QVERIFY((f.P - Vec3(7, 0, 0)).norm() < 1e-15);
        QVERIFY((f.T - Vec3::UnitX()).norm() < 1e-15 && (f.N - Vec3::UnitY()).norm() < 1e-15);
        QVERIFY((l.frame(20).P - Vec3(12.5, 0, 0)).norm() < 1e-15); // clamped
        QVERIFY(maxDarboux(l, 50, 1e-3) < 1e-12);
    }

    void arc_data() {
        QTest::addColumn<double>("radius");
        QTest::addColumn<double>("angle");
        QTest::addColumn<double>("length");
        QTest::addColumn<double>("chord");
        // docs/validation.md: R = 10 quarter -> 15.708 m; chord 100 sqrt(2) on R = 100 <-> 157.080 m
        QTest::newRow("R10 quarter") << 10.0 << std::numbers::pi / 2 << 15.708 << 10 * std::sqrt(2.0);
        QTest::newRow("R100 quarter") << 100.0 << std::numbers::pi / 2 << 157.080 << 100 * std::sqrt(2.0);
        QTest::newRow("R100 quarter right")
            << 100.0 << -std::numbers::pi / 2 << 157.080 << 100 * std::sqrt(2.0);
    }
    void arc() {
        QFETCH(double, radius);
        QFETCH(double, angle);
        QFETCH(double, length);
        QFETCH(double, chord);
        Arc a(radius, angle);
        QVERIFY(std::abs(a.length() - length) < 5e-4); // reference quoted to 3 decimals
        const Frame e = a.frame(a.length());
        QVERIFY(std::abs(e.P.norm() - chord) < 1e-12 * radius);
        const double sg = angle > 0 ? 1 : -1;
        QVERIFY((e.P - Vec3(radius, sg * radius, 0)).norm() < 1e-12 * radius); // quarter ends at (R, +-R)
        QVERIFY((e.T - Vec3(0, sg, 0)).norm() < 1e-15);
        QVERIFY((e.N - Vec3(-sg, 0, 0)).norm() < 1e-15); // N stays the left normal
        QCOMPARE(e.kappa, sg / radius);
        // all points at distance R from the centre (0, sg R)
        for (int i = 0; i <= 20; ++i)
            QVERIFY(std::abs((a.position(a.length() * i / 20) - Vec3(0, sg * radius, 0)).norm() - radius) <
                    1e-12 * radius);
        QVERIFY(maxDarboux(a, 100, 1e-3) < 1e-7 / radius);
        QVERIFY(maxOrtho(a, 100) < 1e-15);
    }

    void helix() {
        // docs/validation.md: (r cos t, r sin t, h t), r = 10, h = 2 -> kappa 0.0961538, tau 0.0192308,
        // turn 64.0762 m
        const double r = 10, h = 2, pitch = 2 * std::numbers::pi * h;
        Helix hx(r, pitch, 100.0);
        QVERIFY(std::abs(hx.turnLength() - 64.0762) < 5e-5);
        const Frame f = hx.frame(33.0);
        QVERIFY(std::abs(f.kappa - 0.0961538) < 5e-8);
        QVERIFY(std::abs(f.tau - 0.0192308) < 5e-8);
        // one turn: back above the start by one pitch, same tangent
        const Frame e = hx.frame(hx.turnLength()), s0 = hx.frame(0);
        QVERIFY((e.P - Vec3(0, 0, pitch)).norm() < 1e-12);
        QVERIFY((e.T - s0.T).norm() < 1e-14);
        QVERIFY((s0.T - Vec3(r, 0, h).normalized()).norm() < 1e-15); // heading +x, rising
        QVERIFY(s0.N.y() > 0.999);                                   // turning toward +y
        // radius from the axis (x = 0, y = r) stays r
        for (int i = 0; i <= 40; ++i) {
            const Vec3 p = hx.position(100.0 * i / 40);
            QVERIFY(std::abs(std::hypot(p.x(), p.y() - r) - r) < 1e-12);
        }
        const double d = maxDarboux(hx, 200, 1e-3);
        qInfo("helix: max Darboux residual %.3g /m (h = 1e-3 m), max tangent residual %.3g", d,
              tangentResidual(hx, 50, 1e-3));
        QVERIFY(d < 1e-8);
        QVERIFY(maxOrtho(hx, 100) < 1e-15);
        Helix down(r, -pitch, 50.0); // descending: tau < 0
        QVERIFY(std::abs(down.frame(10).tau + 0.0192308) < 5e-8);
        QVERIFY(maxDarboux(down, 50, 1e-3) < 1e-8);
    }

    void clothoidReference_data() {
        QTest::addColumn<double>("length");
        QTest::addColumn<double>("k0");
        QTest::addColumn<double>("k1");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<double>("refTol");
        // docs/validation.md: A = 100, s = 100 -> (97.528769, 16.371405); A = 1, s = 1 -> (0.9752877,
        // 0.1637140)
        QTest::newRow("A100 s100") << 100.0 << 0.0 << 0.01 << 97.528769 << 16.371405 << 5e-7;
        QTest::newRow("A1 s1") << 1.0 << 0.0 << 1.0 << 0.9752877 << 0.1637140 << 5e-8;
        // no published numbers: series reference only (NaN = skip)
        QTest::newRow("S-curve through kappa 0") << 100.0 << -0.01 << 0.01 << qQNaN() << qQNaN() << 0.0;
        QTest::newRow("tightening 0.002->0.03") << 150.0 << 0.002 << 0.03 << qQNaN() << qQNaN() << 0.0;
    }
    void clothoidReference() {
        QFETCH(double, length);
        QFETCH(double, k0);
        QFETCH(double, k1);
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(double, refTol);
        Clothoid c(length, k0, k1);
        const Frame e = c.frame(length);
        if (!std::isnan(x)) QVERIFY((e.P - Vec3(x, y, 0)).cwiseAbs().maxCoeff() < refTol); // per digit quoted
        double worst = 0;
        for (int i = 0; i <= 200; ++i) {
            const double s = length * i / 200;
            worst = std::max(worst, (c.position(s) - clothoidSeries(length, k0, k1, s)).norm());
        }
        qInfo("clothoid %s: max |P - series| = %.3g m over %g m", QTest::currentDataTag(), worst, length);
        QVERIFY(worst < 1e-9 * length / 100); // requirement: < 1e-9 m per 100 m
        const double th = c.heading(length);
        QVERIFY(std::abs(th - (k0 + k1) / 2 * length) < 1e-14); // heading = integral of kappa [closed form]
        QVERIFY((e.T - Vec3(std::cos(th), std::sin(th), 0)).norm() < 1e-15);
        QVERIFY(std::abs(e.kappa - k1) < 1e-15);
        QVERIFY(std::abs(c.frame(0.3 * length).dkappa - (k1 - k0) / length) < 1e-17);
        // N is the left normal everywhere: continuous through kappa = 0, B = +z
        for (int i = 0; i <= 100; ++i)
            QVERIFY(c.frame(length * i / 100).B.z() == 1.0);
        QVERIFY(maxDarboux(c, 200, 1e-4 * length) < 1e-8); // central differences: O(h^2 kappa^3)
        QVERIFY(maxOrtho(c, 100) < 1e-15);
    }

    void clothoidHalfTurn() {
        // docs/validation.md: A^2 = 100 from kappa = 0, heading turned by pi after A sqrt(2 pi) = 25.066 m
        const double A2 = 100, L = std::sqrt(A2 * 2 * std::numbers::pi);
        QVERIFY(std::abs(L - 25.066) < 5e-4);
        Clothoid c(L, 0.0, L / A2);
        const Frame e = c.frame(L);
        QVERIFY((e.T - Vec3(-1, 0, 0)).norm() < 1e-14); // tangent reversed
        QVERIFY((e.P - clothoidSeries(L, 0.0, L / A2, L)).norm() < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestCurveAnalytic)
#include "tst_curve_analytic.moc"
