// Twist profiles: wt against closed forms and dwt against central differences of wt (every profile),
// plus the twisted frame's rotation rate d(wN, wB)/ds = (omega + dwt T) x (wN, wB) (docs/trackjoint.md,
// "Frames").
#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"
#include "core/curves/Spline.h"
#include "core/twists/CantTwist.h"
#include "core/twists/ConstantTwist.h"
#include "core/twists/DirectionalTwist.h"
#include "core/twists/KeysTwist.h"
#include "core/twists/LinearTwist.h"
#include "core/twists/SumTwist.h"

#include <QTest>

#include <numbers>

using namespace tl;

namespace {

using CP = Spline::ControlPoint;

CurvePtr hillAndCurves() { // left curve, exact straight (handles), hill: N rolls, kappa changes sign
    const Vec3 x = Vec3::UnitX();
    return std::make_shared<Spline>(std::vector<CP>{{Vec3(0, -20, 0), {}},
                                                    {Vec3(30, 0, 0), x},
                                                    {Vec3(80, 0, 0), x},
                                                    {Vec3(130, 0, 6), {}},
                                                    {Vec3(180, 0, 20), {}},
                                                    {Vec3(230, 10, 24), {}},
                                                    {Vec3(260, 40, 22), {}}},
                                    false);
}

std::vector<double> keyPositions(const Twist& t) {
    std::vector<double> r;
    if (const auto* k = dynamic_cast<const KeysTwist*>(&t))
        for (const auto& key : k->keys())
            r.push_back(key.first);
    if (const auto* sum = dynamic_cast<const SumTwist*>(&t))
        for (const auto& term : sum->terms())
            for (double v : keyPositions(*term))
                r.push_back(v);
    return r;
}

double wrapPi(double a) {
    return std::remainder(a, 2 * std::numbers::pi);
}

} // namespace

Q_DECLARE_METATYPE(tl::TwistPtr)
Q_DECLARE_METATYPE(tl::CurvePtr)

class TestTwistProfiles : public QObject {
    Q_OBJECT
private slots:
    void derivative_data() {
        QTest::addColumn<TwistPtr>("twist");
        QTest::addColumn<CurvePtr>("curve");
        const CurvePtr hill = hillAndCurves();
        const CurvePtr transition = std::make_shared<Clothoid>(120, -0.004, 0.012);
        const TwistPtr cant = std::make_shared<CantTwist>(20.0, 0.2);
        const TwistPtr keys = std::make_shared<KeysTwist>(std::vector<std::pair<double, double>>{
            {10, 0.0}, {40, 0.1}, {45, 0.12}, {90, -0.05}, {100, -0.05}});
        QTest::newRow("constant") << TwistPtr(std::make_shared<ConstantTwist>(0.3)) << hill;
        QTest::newRow("linear") << TwistPtr(std::make_shared<LinearTwist>(-0.1, 0.25, 150)) << hill;
        QTest::newRow("keys") << keys << hill;
        QTest::newRow("directional z, spline")
            << TwistPtr(std::make_shared<DirectionalTwist>(Vec3::UnitZ())) << hill;
        QTest::newRow("directional tilted, clothoid")
            << TwistPtr(std::make_shared<DirectionalTwist>(Vec3(0.2, -0.3, 1))) << transition;
        QTest::newRow("cant, clothoid") << cant << transition;
        QTest::newRow("cant, spline") << cant << hill;
        QTest::newRow("sum cant+keys")
            << TwistPtr(std::make_shared<SumTwist>(std::vector<TwistPtr>{cant, keys})) << transition;
    }
    void derivative() {
        QFETCH(TwistPtr, twist);
        QFETCH(CurvePtr, curve);
        const double h = 1e-4, L = curve->length();
        double worst = 0, worstFrame = 0;
        const auto* sp = dynamic_cast<const Spline*>(curve.get());
        const int n = 3000;
        for (int i = 1; i < n; ++i) {
            const double s = L * i / n;
            bool nearKnot = false; // dkappa (cant) and tau (directional) jump at the points of a cubic spline
            if (sp)
                for (int k = 0; k < static_cast<int>(sp->points().size()); ++k)
                    nearKnot = nearKnot || std::abs(s - sp->pointArcLength(k)) < 3 * h;
            // keys interpolation is C1: wt'' jumps at a key, so a central difference there has an O(h) error
            for (double k : keyPositions(*twist))
                nearKnot = nearKnot || std::abs(s - k) < 3 * h;
            if (nearKnot) continue;
            const Frame f = curve->frame(s), fp = curve->frame(s + h), fm = curve->frame(s - h);
            const TwistValue v = twist->at(s, f), vp = twist->at(s + h, fp), vm = twist->at(s - h, fm);
            const double fd = wrapPi(vp.wt - vm.wt) / (2 * h);
            worst = std::max(worst, std::abs(fd - v.dwt));
            // twisted frame rate: (omega + dwt T) x wN
            const TwistedFrame w = twisted(f, v.wt, v.dwt), wp = twisted(fp, vp.wt, vp.dwt),
                               wm = twisted(fm, vm.wt, vm.dwt);
            worstFrame = std::max(worstFrame, ((wp.wN - wm.wN) / (2 * h) - w.omega().cross(w.wN)).norm());
            worstFrame = std::max(worstFrame, ((wp.wB - wm.wB) / (2 * h) - w.omega().cross(w.wB)).norm());
        }
        qInfo("%s: max |dwt - FD| = %.3g rad/m, max |dwF/ds - omega_w x wF| = %.3g /m (%d samples, h = %g m)",
              QTest::currentDataTag(), worst, worstFrame, n - 1, h);
        QVERIFY(worst < 1e-8); // FD truncation O(h^2 wt''') + round-off eps/h ~ 1e-12
        QVERIFY(worstFrame < 1e-8);
    }

    void closedForms() {
        const Frame F;
        // constant / linear [closed form]
        QCOMPARE(ConstantTwist(0.3).at(12, F).wt, 0.3);
        LinearTwist lin(-0.1, 0.3, 40);
        QVERIFY(std::abs(lin.at(10, F).wt - 0.0) < 1e-15);
        QVERIFY(std::abs(lin.at(10, F).dwt - 0.01) < 1e-15);
        QCOMPARE(lin.at(-5, F).wt, -0.1);
        QCOMPARE(lin.at(50, F).wt, 0.3);
        QCOMPARE(lin.at(50, F).dwt, 0.0);
        // keys: exact at keys, monotone between (no overshoot), constant outside, C1 at the keys
        KeysTwist keys({{0, 0.0}, {10, 0.1}, {12, 0.1}, {30, -0.2}});
        QCOMPARE(keys.at(10, F).wt, 0.1);
        QCOMPARE(keys.at(30, F).wt, -0.2);
        QCOMPARE(keys.at(40, F).wt, -0.2);
        QCOMPARE(keys.at(-1, F).dwt, 0.0);
        for (double s = 10; s <= 12; s += 0.1)
            QVERIFY(std::abs(keys.at(s, F).wt - 0.1) < 1e-15); // flat stays flat
        for (double s = 0; s < 10; s += 0.05)
            QVERIFY(keys.at(s + 0.05, F).wt >= keys.at(s, F).wt - 1e-15);
        for (double sk : {10.0, 12.0, 30.0})
            QVERIFY(std::abs(keys.at(sk - 1e-9, F).dwt - keys.at(sk + 1e-9, F).dwt) < 1e-7);
        KeysTwist one({{5, 0.2}});
        QCOMPARE(one.at(0, F).wt, 0.2);
        QCOMPARE(one.at(9, F).wt, 0.2);
    }

    void cantEquilibrium() {
        // docs/validation.md "Equilibrium cant": tan(phi) = v^2 / (g R). R = 300 m, v = 20 m/s -> phi =
        // atan(400/2943).
        const double v = 20, R = 300, g = 9.81;
        CantTwist cant(v, 0.5, g);
        const TwistValue left = cant.at(10, Arc(R, 1.0).frame(10)),
                         right = cant.at(10, Arc(R, -1.0).frame(10));
        QVERIFY(std::abs(left.wt + std::atan(v * v / (g * R))) < 1e-15);
        QVERIFY(std::abs(right.wt - std::atan(v * v / (g * R))) < 1e-15);
        QCOMPARE(left.dwt, 0.0);
        // leans into the curve: wB tilts toward the centre (N for a left arc, -N for a right one)
        const Frame fl = Arc(R, 1.0).frame(10);
        const TwistedFrame wl = twisted(fl, left.wt, left.dwt);
        QVERIFY(wl.wB.dot(fl.N) > 0.1);
        // in the tilted frame, gravity + centripetal acceleration has no lateral (wN) component:
        // a = v^2/R toward N, g down (-z): specific force f = a_c + g z; f . wN = 0 at equilibrium
        const Vec3 f = v * v / R * fl.N + g * Vec3::UnitZ();
        QVERIFY(std::abs(f.dot(wl.wN)) < 1e-12);
        // E[mm] = 11.8 V^2/R for 1500 mm between rails (rail units, docs/validation.md): E = 1500 sin(phi)
        const double E = 1500 * std::sin(-left.wt), Vkmh = v * 3.6;
        QVERIFY(std::abs(E - 11.8 * Vkmh * Vkmh / R) < 0.02 * E); // 11.8 is a rounded small-angle constant
        // clamp
        CantTwist clamped(v, 0.05, g);
        QCOMPARE(clamped.at(0, fl).wt, -0.05);
        QCOMPARE(clamped.at(0, fl).dwt, 0.0);
        // ramp over a clothoid transition 0 -> 1/R: wt = -atan(v^2 kappa(s) / g)
        Clothoid c(100, 0, 1 / R);
        for (double s : {0.0, 25.0, 50.0, 100.0})
            QVERIFY(std::abs(cant.at(s, c.frame(s)).wt + std::atan(v * v * (s / 100 / R) / g)) < 1e-15);
    }

    void directionalKeepsUp() {
        // wB as close as possible to up: wB . up = |up x T| (the maximum over wt), through curve, straight
        // (N rolls by 90 deg) and hill; wF continuous.
        const CurvePtr c = hillAndCurves();
        const Vec3 up = Vec3::UnitZ();
        DirectionalTwist dir(up);
        TwistedFrame prev = twisted(c->frame(0), dir.at(0, c->frame(0)).wt, 0);
        double worst = 0, jump = 0;
        for (double s = 0; s <= c->length(); s += 0.01) {
            const Frame f = c->frame(s);
            const TwistValue v = dir.at(s, f);
            const TwistedFrame w = twisted(f, v.wt, v.dwt);
            worst = std::max(worst, std::abs(w.wB.dot(up) - up.cross(f.T).norm()));
            jump = std::max(jump, (w.wB - prev.wB).norm());
            prev = w;
        }
        qInfo("directional: max |wB.up - |up x T|| = %.3g, max |wB step| over 0.01 m = %.3g", worst, jump);
        QVERIFY(worst < 1e-14);
        QVERIFY(jump < 1e-3);
        // on the hill of the curve (xz-plane) wN stays horizontal: wN . z = 0
        const double sHill = static_cast<const Spline*>(c.get())->pointArcLength(3);
        const Frame f = c->frame(sHill);
        QVERIFY(std::abs(twisted(f, dir.at(0, f).wt, 0).wN.z()) < 1e-12);
        // vertical tangent: defined (held at the reference), no NaN
        Frame vert;
        vert.T = Vec3::UnitZ();
        vert.N = Vec3::UnitY();
        vert.B = Vec3::UnitZ().cross(Vec3::UnitY());
        QCOMPARE(dir.at(0, vert).wt, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestTwistProfiles)
#include "tst_twist_profiles.moc"
