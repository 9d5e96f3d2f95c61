// Continued-frame properties for every curve type (docs/layout-format.md, "Units and conventions"):
//  - Darboux relation d(T,N,B)/ds = omega x (T,N,B), omega = tau T + kappa B, by central differences
//    (residual O(h^2 |omega|^3) + round-off eps/h), and dkappa vs. central differences of kappa;
//  - orthonormality;
//  - continuity: no sign flips, max angle between adjacent samples bounded by |omega| ds, on a spline with
//    inflections, on straight -> vertical curve (C2 and with an exactly straight segment), in 3D.
#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"
#include "core/curves/FrameChecks.h"
#include "core/curves/Helix.h"
#include "core/curves/Line.h"
#include "core/curves/Spline.h"

#include <QTest>

#include <numbers>
#include <random>

using namespace tl;

namespace {

using CP = Spline::ControlPoint;

CurvePtr sCurveSpline() { // planar S through the xy plane: inflections between the points
    return std::make_shared<Spline>(std::vector<CP>{{Vec3(0, 0, 0), {}},
                                                    {Vec3(20, 5, 0), {}},
                                                    {Vec3(40, 0, 0), {}},
                                                    {Vec3(60, -5, 0), {}},
                                                    {Vec3(80, 0, 0), {}},
                                                    {Vec3(100, 6, 0), {}}},
                                    false);
}

CurvePtr straightToVerticalC2() { // collinear on x, then rising in the xz plane (C2 everywhere)
    return std::make_shared<Spline>(std::vector<CP>{{Vec3(0, 0, 0), {}},
                                                    {Vec3(25, 0, 0), {}},
                                                    {Vec3(50, 0, 0), {}},
                                                    {Vec3(75, 0, 0), {}},
                                                    {Vec3(100, 0, 2), {}},
                                                    {Vec3(125, 0, 8), {}},
                                                    {Vec3(150, 0, 18), {}}},
                                    false);
}

CurvePtr leftCurveStraightHill() { // horizontal left curve, exactly straight segment (handles), crest/sag
    const Vec3 x = Vec3::UnitX();
    return std::make_shared<Spline>(std::vector<CP>{{Vec3(0, -20, 0), {}},
                                                    {Vec3(30, 0, 0), x},
                                                    {Vec3(80, 0, 0), x},
                                                    {Vec3(130, 0, 6), {}},
                                                    {Vec3(180, 0, 20), {}},
                                                    {Vec3(230, 0, 24), {}}},
                                    false);
}

CurvePtr wiggly3D() {
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> d(-8.0, 8.0);
    std::vector<CP> pts;
    for (int i = 0; i < 30; ++i)
        pts.push_back({Vec3(20.0 * i + d(rng), 2.0 * d(rng), 0.5 * d(rng)), {}});
    return std::make_shared<Spline>(pts, false);
}

CurvePtr closedLoop3D() {
    std::vector<CP> pts;
    for (int i = 0; i < 10; ++i) {
        const double a = 2 * std::numbers::pi * i / 10;
        pts.push_back({Vec3(60 * std::cos(a), 40 * std::sin(a), 5 * std::sin(3 * a)), {}});
    }
    return std::make_shared<Spline>(pts, true);
}

double richardsonDarboux(const Curve& c, double s, double h) {
    const Frame f = c.frame(s), p1 = c.frame(s + h), m1 = c.frame(s - h), p2 = c.frame(s + h / 2),
                m2 = c.frame(s - h / 2);
    const Vec3 w = f.omega();
    auto d = [&](const Vec3& a1, const Vec3& b1, const Vec3& a2, const Vec3& b2) {
        return (4.0 * (a2 - b2) / h - (a1 - b1) / (2 * h)) / 3.0;
    };
    return std::max({(d(p1.T, m1.T, p2.T, m2.T) - w.cross(f.T)).norm(),
                     (d(p1.N, m1.N, p2.N, m2.N) - w.cross(f.N)).norm(),
                     (d(p1.B, m1.B, p2.B, m2.B) - w.cross(f.B)).norm()});
}

double angleBetween(const Vec3& a, const Vec3& b) {
    return std::atan2(a.cross(b).norm(), a.dot(b));
}

} // namespace

Q_DECLARE_METATYPE(tl::CurvePtr)

class TestCurveFrames : public QObject {
    Q_OBJECT
private slots:
    void darboux_data() {
        QTest::addColumn<CurvePtr>("curve");
        QTest::addColumn<double>("tol");         // residual bound [1/m]
        QTest::addColumn<QList<double>>("skip"); // s where derivatives jump: skip +-3h
        QTest::newRow("line") << CurvePtr(std::make_shared<Line>(50)) << 1e-10 << QList<double>{};
        QTest::newRow("arc R30") << CurvePtr(std::make_shared<Arc>(30, 2.0)) << 1e-8 << QList<double>{};
        QTest::newRow("arc right") << CurvePtr(std::make_shared<Arc>(30, -2.0)) << 1e-8 << QList<double>{};
        QTest::newRow("helix") << CurvePtr(std::make_shared<Helix>(10, 12.566, 64)) << 1e-8
                               << QList<double>{};
        QTest::newRow("clothoid S") << CurvePtr(std::make_shared<Clothoid>(100, -0.02, 0.02)) << 1e-8
                                    << QList<double>{};
        QTest::newRow("spline S") << sCurveSpline() << 1e-6 << QList<double>{};
        QTest::newRow("spline straight->vertical") << straightToVerticalC2() << 1e-6 << QList<double>{};
        const CurvePtr lh = leftCurveStraightHill();
        const auto* sp = static_cast<const Spline*>(lh.get());
        QTest::newRow("spline curve|straight|hill")
            << lh << 1e-6 << QList<double>{sp->pointArcLength(1), sp->pointArcLength(2)};
        QTest::newRow("spline collinear (no curvature)")
            << CurvePtr(std::make_shared<Spline>(
                   std::vector<CP>{{Vec3(0, 0, 0), {}}, {Vec3(10, 10, 0), {}}, {Vec3(25, 25, 0), {}}}, false))
            << 1e-10 << QList<double>{};
        QTest::newRow("spline vertical straight")
            << CurvePtr(std::make_shared<Spline>(std::vector<CP>{{Vec3(0, 0, 0), {}}, {Vec3(0, 0, 10), {}}},
                                                 false))
            << 1e-10 << QList<double>{};
        QTest::newRow("spline 3D 30 points") << wiggly3D() << 1e-6 << QList<double>{};
        QTest::newRow("spline closed 3D") << closedLoop3D() << 1e-6 << QList<double>{};
    }
    void darboux() {
        QFETCH(CurvePtr, curve);
        QFETCH(double, tol);
        QFETCH(QList<double>, skip);
        const double h = 1e-4, L = curve->length();
        const int n = 2000;
        // A C2 cubic spline has a discontinuous third derivative at its points: tau and dkappa jump there,
        // so central differences straddling a point are skipped.
        if (const auto* sp = dynamic_cast<const Spline*>(curve.get()))
            for (int i = 0; i < static_cast<int>(sp->points().size()); ++i)
                skip.append(sp->pointArcLength(i));
        double worst = 0, worstK = 0, worstO = 0, worstP = 0;
        for (int i = 1; i < n; ++i) {
            const double s = L * i / n;
            bool near = false;
            for (double k : skip)
                near = near || std::abs(s - k) < 3 * h;
            worstO = std::max(worstO, orthonormalityError(curve->frame(s)));
            if (near) continue;
            // Richardson extrapolation of the central differences: O(h^4), so torsion spikes (tau ~ 50 /m
            // near 3D near-inflections) are resolved; an inconsistent rate would not shrink.
            worst = std::max(worst, richardsonDarboux(*curve, s, h));
            worstP = std::max(worstP, tangentResidual(*curve, s, h));
            const Frame f = curve->frame(s);
            const double dk = (curve->frame(s + h).kappa - curve->frame(s - h).kappa) / (2 * h);
            worstK = std::max(worstK, std::abs(dk - f.dkappa));
        }
        qInfo("%s: L = %.2f m, max |dF/ds - omega x F| = %.3g /m, max |dP/ds - T| = %.3g, max |dkappa - FD| "
              "= %.3g /m^2, max orthonormality error %.3g (%d samples, h = %g m)",
              QTest::currentDataTag(), L, worst, worstP, worstK, worstO, n - 1, h);
        QVERIFY(worst < tol);
        QVERIFY(worstP < 1e-7);
        QVERIFY(worstK < 1e-6);
        QVERIFY(worstO < 1e-13);
    }

    void continuity_data() {
        QTest::addColumn<CurvePtr>("curve");
        QTest::addColumn<double>("maxAngle"); // bound on the turn between samples [rad]
        QTest::newRow("spline S (inflections)") << sCurveSpline() << 0.01;
        QTest::newRow("spline straight->vertical C2") << straightToVerticalC2() << 0.01;
        QTest::newRow("spline curve|straight|hill") << leftCurveStraightHill() << 0.01;
        // random 3D: the curvature vector passes near zero, tau peaks near 60 /m (a true Frenet half turn)
        QTest::newRow("spline 3D 30 points") << wiggly3D() << 1.0;
        QTest::newRow("spline closed 3D") << closedLoop3D() << 0.01;
        QTest::newRow("clothoid through 0") << CurvePtr(std::make_shared<Clothoid>(100, -0.02, 0.02)) << 0.01;
    }
    void continuity() {
        // Adjacent samples ds apart: the frame may turn by at most |omega| ds (+ slack); a sign flip of N
        // would show as an angle near pi.
        QFETCH(CurvePtr, curve);
        QFETCH(double, maxAngle);
        const double L = curve->length(), ds = 0.01;
        Frame prev = curve->frame(0);
        double worstN = 0, worstExcess = 0;
        const double end = curve->closed() ? L + 1.0 : L; // closed: continue across the seam
        for (double s = ds; s <= end; s += ds) {
            const Frame f = curve->frame(s);
            const double a = std::max({angleBetween(prev.N, f.N), angleBetween(prev.B, f.B)});
            double wmax =
                0; // max |omega| over the step (5 samples; rates jump at knots, spike near 3D inflections)
            for (int k = 0; k <= 4; ++k)
                wmax = std::max(wmax, curve->frame(s - ds + 0.25 * k * ds).omega().norm());
            const double bound = 1.1 * wmax * ds;
            worstN = std::max(worstN, a);
            worstExcess = std::max(worstExcess, a - bound);
            prev = f;
        }
        qInfo("%s: max angle of N/B between samples %g m apart = %.3g rad, max excess over |omega| ds = %.3g "
              "rad",
              QTest::currentDataTag(), ds, worstN, worstExcess);
        QVERIFY(worstN < maxAngle);
        QVERIFY(worstExcess < 1e-4);
    }

    void planarStaysPlanar() {
        // xy-plane spline: B stays +z (no flip at the inflections); xz-plane: B stays along -y or +y.
        const CurvePtr s = sCurveSpline();
        for (int i = 0; i <= 1000; ++i)
            QVERIFY(s->frame(s->length() * i / 1000).B.z() > 1 - 1e-12);
        const CurvePtr v = straightToVerticalC2();
        const double by = v->frame(0).B.y();
        QVERIFY(std::abs(std::abs(by) - 1) < 1e-12);
        for (int i = 0; i <= 1000; ++i)
            QVERIFY(std::abs(v->frame(v->length() * i / 1000).B.y() - by) < 1e-12);
    }

    void straightSplineFrame() {
        // all points collinear: kappa = tau = 0, N = the horizontal left normal (z x T), B up-ish
        Spline sp({{Vec3(0, 0, 0), {}}, {Vec3(10, 10, 0), {}}, {Vec3(25, 25, 0), {}}}, false);
        const Frame f = sp.frame(12.0);
        QVERIFY((f.N - Vec3(-1, 1, 0).normalized()).norm() < 1e-14);
        QVERIFY((f.B - Vec3::UnitZ()).norm() < 1e-14);
        QCOMPARE(f.kappa, 0.0);
        QCOMPARE(f.tau, 0.0);
    }

    void straightSegmentRolls() {
        // Exactly straight segment between a horizontal curve and a hill: kappa = 0 there and N rolls
        // uniformly (tau constant) from the curve's normal (+y) to the hill's (z), continuous at both ends.
        const CurvePtr c = leftCurveStraightHill();
        const auto* sp = static_cast<const Spline*>(c.get());
        const double s1 = sp->pointArcLength(1), s2 = sp->pointArcLength(2);
        QVERIFY(std::abs(s2 - s1 - 50.0) < 1e-9);
        const Frame a = c->frame(s1 + 1), b = c->frame(0.5 * (s1 + s2)), e = c->frame(s2 - 1);
        QCOMPARE(a.kappa, 0.0);
        QVERIFY(std::abs(a.tau - b.tau) < 1e-12 && std::abs(b.tau - e.tau) < 1e-12);
        const double roll = angleBetween(c->frame(s1).N, c->frame(s2).N);
        QVERIFY(std::abs(std::abs(b.tau) * (s2 - s1) - roll) < 1e-9);
        QVERIFY(angleBetween(c->frame(s1 - 1e-7).N, c->frame(s1 + 1e-7).N) < 1e-6);
        QVERIFY(angleBetween(c->frame(s2 - 1e-7).N, c->frame(s2 + 1e-7).N) < 1e-6);
    }
};

QTEST_APPLESS_MAIN(TestCurveFrames)
#include "tst_curve_frames.moc"
