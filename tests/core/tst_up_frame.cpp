// The up-referenced track frame (docs/layout-format.md, "The up frame"; docs/validation.md "Bank from the
// vertical"): bank = angle from U (+z made perpendicular to T) to wB about T. Level rails give bank 0 on
// grades and vertical curves; the frame's rates are its true turning rates (dwF/ds = omega x wF,
// docs/trackjoint.md's row 3 takes tau + dwt/ds); vertical tangents (a loop) are crossed without flips;
// closed 3D splines come back unflipped; random control-point edits never make the bank jump; cant banks from
// the vertical with a continuous rate.
#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"
#include "core/curves/Helix.h"
#include "core/curves/Spline.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/TrackBuilder.h"
#include "core/twists/CantTwist.h"
#include "core/twists/KeysTwist.h"
#include "core/twists/SmoothBankTwist.h"
#include "core/twists/UpFrameTwist.h"

#include <QTest>

#include <numbers>
#include <random>

using namespace tl;

namespace {

using CP = Spline::ControlPoint;
constexpr double kPi = std::numbers::pi;

CurvePtr demoHill() { // resources/layouts/demo.json "hill": a 5 m hump in the xz-plane
    const Vec3 x = Vec3::UnitX();
    return std::make_shared<Spline>(std::vector<CP>{{Vec3(0, 0, 0), x},
                                                    {Vec3(60, 0, 2), {}},
                                                    {Vec3(120, 0, 5), {}},
                                                    {Vec3(180, 0, 2), {}},
                                                    {Vec3(240, 0, 0), x}},
                                    false);
}

CurvePtr spline3d(bool closed) { // climbs, banks round, crosses itself in plan, 3D inflections
    return std::make_shared<Spline>(std::vector<CP>{{Vec3(0, 0, 2), {}},
                                                    {Vec3(40, 10, 8), {}},
                                                    {Vec3(70, 50, 20), {}},
                                                    {Vec3(40, 80, 12), {}},
                                                    {Vec3(0, 60, 25), {}},
                                                    {Vec3(-30, 30, 6), {}},
                                                    {Vec3(-20, -10, 3), {}}},
                                    closed);
}

// A track from a curve: up frame with an optional bank profile (as Layout::compile builds it).
Track upTrack(const CurvePtr& c, const TwistPtr& bank = nullptr, const Vec3& up = Vec3::UnitZ()) {
    auto ref = std::make_shared<UpReference>(c, up);
    return Track("t", c, std::make_shared<UpFrameTwist>(ref, bank), Pose::Identity(), "ground", ref);
}

// max over s of |dwF/ds - omega x wF| (central differences), skipping s within 3h of `skip` points
double frameRateResidual(const Track& t, double h, const std::vector<double>& skip = {}) {
    double worst = 0;
    const int n = 4000;
    for (int i = 1; i < n; ++i) {
        const double s = t.length() * i / n;
        bool near = false;
        for (double k : skip)
            near = near || std::abs(s - k) < 3 * h;
        if (near) continue;
        const TwistedFrame w = t.curveFrame(s), wp = t.curveFrame(s + h), wm = t.curveFrame(s - h);
        const Vec3 om = w.omega();
        worst = std::max(worst, ((wp.wN - wm.wN) / (2 * h) - om.cross(w.wN)).norm());
        worst = std::max(worst, ((wp.wB - wm.wB) / (2 * h) - om.cross(w.wB)).norm());
        worst = std::max(worst, ((wp.F.T - wm.F.T) / (2 * h) - om.cross(w.F.T)).norm());
    }
    return worst;
}

} // namespace

Q_DECLARE_METATYPE(tl::CurvePtr)
Q_DECLARE_METATYPE(tl::TwistPtr)

class TestUpFrame : public QObject {
    Q_OBJECT
private slots:
    void levelOnHillAndGrades_data() {
        QTest::addColumn<CurvePtr>("curve");
        QTest::newRow("demo hill") << demoHill();
        QTest::newRow("helix r10 h2") << CurvePtr(std::make_shared<Helix>(10, 2 * 2 * kPi, 64.0762 * 2));
        QTest::newRow("3D spline") << spline3d(false);
        QTest::newRow("closed 3D spline") << spline3d(true);
    }
    void levelOnHillAndGrades() {
        // docs/validation.md "Bank from the vertical": level rails -> bank 0, wN horizontal, wB . z = |z x T|
        QFETCH(CurvePtr, curve);
        const Track t = upTrack(curve);
        double bank = 0, horiz = 0, up = 0;
        for (double s = 0; s <= t.length(); s += 0.05) {
            const TwistedFrame w = t.curveFrame(s);
            bank = std::max(bank, std::abs(t.bank(s).wt));
            horiz = std::max(horiz, std::abs(w.wN.z()));
            up = std::max(up, std::abs(w.wB.z() - Vec3::UnitZ().cross(w.F.T).norm()));
        }
        qInfo("%s: max |bank| %.3g rad, max |wN.z| %.3g, max |wB.z - |z x T|| %.3g", QTest::currentDataTag(),
              bank, horiz, up);
        QVERIFY(bank < 1e-9);
        QVERIFY(horiz < 1e-9);
        QVERIFY(up < 1e-9);
    }

    void frameRates_data() {
        QTest::addColumn<CurvePtr>("curve");
        QTest::addColumn<TwistPtr>("bank");
        QTest::newRow("hill, level") << demoHill() << TwistPtr();
        QTest::newRow("helix, level") << CurvePtr(std::make_shared<Helix>(10, 4 * kPi, 100.0)) << TwistPtr();
        QTest::newRow("3D spline, level") << spline3d(false) << TwistPtr();
        QTest::newRow("closed 3D spline, level") << spline3d(true) << TwistPtr();
        QTest::newRow("3D spline, keys bank")
            << spline3d(false)
            << TwistPtr(std::make_shared<KeysTwist>(
                   std::vector<std::pair<double, double>>{{10, 0.0}, {60, 0.5}, {120, -0.3}, {200, 0.2}}));
    }
    void frameRates() {
        // docs/trackjoint.md, row 3: the rows' tau + dwt/ds and kappa are the true rates: dwF/ds = omega x wF
        QFETCH(CurvePtr, curve);
        QFETCH(TwistPtr, bank);
        const Track t = upTrack(curve, bank);
        const double r = frameRateResidual(t, 1e-4);
        qInfo("%s: max |dwF/ds - omega x wF| = %.3g /m", QTest::currentDataTag(), r);
        QVERIFY(r < 1e-6);
    }

    void verticalLoop() {
        // A vertical loop: a full circle R = 10 m in the plane of T and up (curve-local up = +y: the arc
        // turns toward it). T is vertical at s = pi R / 2 and 3 pi R / 2. U is continued through both:
        // with bank 0, wB points to the loop's centre all the way round (riders on the inside), no flip,
        // and the upper half is reported upside down.
        const double R = 10;
        const CurvePtr loop = std::make_shared<Arc>(R, 2 * kPi);
        const Track t = upTrack(loop, nullptr, Vec3::UnitY());
        double inward = 0, step = 0, bank = 0;
        Vec3 prev = t.curveFrame(0).wB;
        for (double s = 0; s <= t.length(); s += 0.01) {
            const TwistedFrame w = t.curveFrame(s);
            const Vec3 centre(0, R, 0);
            inward = std::max(inward, (w.wB - (centre - w.F.P).normalized()).norm());
            step = std::max(step, (w.wB - prev).norm());
            bank = std::max(bank, std::abs(t.bank(s).wt));
            prev = w.wB;
            const double phase = s / R; // 0 at the bottom, pi at the top
            if (std::abs(phase - kPi) < 1.4) QVERIFY(t.upsideDown(s));
            if (phase < 1.4 || phase > 2 * kPi - 1.4) QVERIFY(!t.upsideDown(s));
        }
        qInfo("loop: max |wB - inward| %.3g, max |wB step| per cm %.3g, max |bank| %.3g", inward, step, bank);
        QVERIFY(inward < 1e-9);
        QVERIFY(step < 0.011); // 1 cm of a 10 m circle turns wB by 1 mrad
        QVERIFY(bank < 1e-9);
        QVERIFY(frameRateResidual(t, 1e-4) < 1e-6);

        // A loop that drifts sideways (a helix on its side, 3 m per turn): T passes 3.1 deg from the
        // vertical, not through it; (+y made perpendicular to T) turns half a turn within 3 m there. The
        // continued U must not roll the riders round: wB stays within 20 deg of the loop's inward normal
        // (the C1 cubic across the 10 deg cone matches the raw U's turning rate at its edges), and the
        // rates stay the true rates.
        const CurvePtr helix = std::make_shared<Helix>(R, 3.0, 2 * kPi * std::hypot(R, 3.0 / (2 * kPi)));
        // helix axis = local z; "up" across it (local -y: the helix rises toward -y from its start... any
        // direction perpendicular to the axis makes it a loop)
        const Track h = upTrack(helix, nullptr, Vec3::UnitY());
        double hstep = 0, hdev = 0;
        prev = h.curveFrame(0).wB;
        for (double s = 0; s <= h.length(); s += 0.01) {
            const TwistedFrame w = h.curveFrame(s);
            hstep = std::max(hstep, (w.wB - prev).norm());
            hdev = std::max(hdev, std::acos(std::clamp(w.wB.dot(w.F.N), -1.0, 1.0))); // N -> axis
            prev = w.wB;
        }
        const double hres = frameRateResidual(h, 1e-4);
        qInfo("sideways loop: max |wB step| per cm %.3g, max angle wB to inward %.3g rad, rate residual %.3g",
              hstep, hdev, hres);
        QVERIFY(hstep < 0.005); // 0.5 rad/m: no roll-over at the top
        QVERIFY(hdev < 0.35);   // measured 0.287 rad (16 deg) mid-pass; (+y made perpendicular) turns by pi
        QVERIFY(hres < 1e-5);
    }

    void closedSplineUnflipped() {
        // wB continuous across s = 0 of a closed 3D spline (level and with a bank profile)
        for (bool banked : {false, true}) {
            const CurvePtr c = spline3d(true);
            auto ref = std::make_shared<UpReference>(c, Vec3::UnitZ());
            TwistPtr bank;
            if (banked)
                bank = std::make_shared<SmoothBankTwist>(std::make_shared<CantTwist>(15.0, 1.0), ref,
                                                         SmoothBankTwist::Mode::Average, 10.0);
            const Track t("t", c, std::make_shared<UpFrameTwist>(ref, bank), Pose::Identity(), "ground", ref);
            const double e = 1e-6;
            const TwistedFrame a = t.curveFrame(t.length() - e), b = t.curveFrame(e);
            qInfo("closed, %s: |wB(L-) - wB(0+)| = %.3g, |wN(L-) - wN(0+)| = %.3g",
                  banked ? "cant bank" : "level", (a.wB - b.wB).norm(), (a.wN - b.wN).norm());
            QVERIFY((a.wB - b.wB).norm() < 1e-5);
            QVERIFY((a.wN - b.wN).norm() < 1e-5);
            QVERIFY(std::abs(t.bank(t.length() - e).dwt - t.bank(e).dwt) < 1e-4);
        }
    }

    void randomEditsNeverFlip() {
        // 200 random control-point moves of a 3D spline (up frame, cant bank): the shown bank stays
        // continuous along s (no +-pi jumps) and so does wB.
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> d(-12, 12);
        LayoutSpec spec;
        TrackSpec t;
        t.id = "s";
        t.frame = TrackFrame::Up;
        t.curve.type = "spline";
        for (const Vec3& p : {Vec3(0, 0, 2), Vec3(40, 10, 8), Vec3(70, 50, 20), Vec3(40, 80, 12),
                              Vec3(0, 60, 25), Vec3(-30, 30, 6)})
            t.curve.points.push_back({p, {}, Json::object()});
        TwistSpec cant;
        cant.type = "cant";
        cant.params = {{"designSpeed", 15.0}, {"maxAngle", 1.0}};
        t.twist = cant;
        spec.tracks.push_back(t);
        Layout L = Layout::compile(spec);
        double worstBank = 0, worstWB = 0;
        int tried = 0;
        for (int edit = 0; edit < 200; ++edit) {
            LayoutSpec next = spec;
            auto& pts = next.tracks[0].curve.points;
            pts[rng() % pts.size()].position += Vec3(d(rng), d(rng), 0.5 * d(rng));
            try {
                L = Layout::compile(next, "", &L);
            } catch (const std::exception&) {
                continue; // e.g. two points moved onto each other
            }
            spec = next;
            ++tried;
            const Track& tr = L.track(0);
            double prevBank = tr.bank(0).wt;
            Vec3 prevWB = tr.curveFrame(0).wB;
            for (double s = 0.1; s <= tr.length(); s += 0.1) {
                const double b = tr.bank(s).wt;
                const Vec3 wB = tr.curveFrame(s).wB;
                worstBank = std::max(worstBank, std::abs(b - prevBank));
                worstWB = std::max(worstWB, (wB - prevWB).norm());
                prevBank = b;
                prevWB = wB;
            }
        }
        qInfo("%d edits: max bank change per 0.1 m %.3g rad, max |wB change| per 0.1 m %.3g", tried,
              worstBank, worstWB);
        QVERIFY(tried > 150);
        QVERIFY(worstBank < 0.1);
        QVERIFY(worstWB < 0.5); // a flip of wB would be a step of ~2
    }

    void cantFromTheVertical() {
        // On a helix r = 10 m, 2 m per radian (docs/validation.md: kappa = 0.0961538/m): the cant banks from
        // the vertical by atan(v^2 kappa_lateral / g); the lateral (level) curvature of a helix is its
        // curvature (the normal is horizontal).
        const double v = 10, g = 9.81;
        const CurvePtr helix = std::make_shared<Helix>(10, 2 * 2 * kPi, 64.0762);
        auto ref = std::make_shared<UpReference>(helix, Vec3::UnitZ());
        const Track t = upTrack(helix, std::make_shared<CantTwist>(v, 1.0, g));
        const double kappa = 10.0 / 104.0;
        for (double s : {1.0, 30.0, 60.0}) {
            const Frame lf = ref->levelFrame(s);
            QVERIFY(std::abs(lf.kappa - kappa) < 1e-12);
            QVERIFY(std::abs(t.bank(s).wt + std::atan(v * v * kappa / g)) < 1e-12);
            // the angle of wB from the vertical plane through T is that bank
            const TwistedFrame w = t.curveFrame(s);
            const Vec3 U = (Vec3::UnitZ() - w.F.T.z() * w.F.T).normalized();
            QVERIFY(std::abs(std::atan2(U.cross(w.wB).dot(w.F.T), U.dot(w.wB)) - t.bank(s).wt) < 1e-12);
        }
        // On a straight grade and over a hill, cant with any design speed gives bank 0.
        const Track hill = upTrack(demoHill(), std::make_shared<CantTwist>(30, 0.2, g));
        for (double s = 0; s <= hill.length(); s += 1)
            QVERIFY(std::abs(hill.bank(s).wt) < 1e-9);
    }

    void smoothRamps() {
        // Bloss ramp on a clothoid 0 -> 1/300 m: rate 0 at both ends, end value = equilibrium cant
        // clamped, monotone; the moving average's rate is the derivative of its value.
        const double v = 25, g = 9.81, R = 300;
        const CurvePtr clothoid = std::make_shared<Clothoid>(60, 0, 1 / R);
        auto ref = std::make_shared<UpReference>(clothoid, Vec3::UnitZ());
        const SmoothBankTwist ramp(std::make_shared<CantTwist>(v, 0.5, g), ref, SmoothBankTwist::Mode::Ramp);
        const Frame F;
        QCOMPARE(ramp.at(0, F).wt, 0.0);
        QCOMPARE(ramp.at(0, F).dwt, 0.0);
        QVERIFY(std::abs(ramp.at(60, F).wt + std::atan(v * v / (g * R))) < 1e-12);
        QVERIFY(std::abs(ramp.at(60, F).dwt) < 1e-15);
        const SmoothBankTwist capped(std::make_shared<CantTwist>(40, 0.1, g), ref,
                                     SmoothBankTwist::Mode::Ramp);
        QVERIFY(std::abs(capped.at(60, F).wt + 0.1) < 1e-15);
        for (double s = 0.5; s < 60; s += 0.5) {
            QVERIFY(capped.at(s, F).wt < capped.at(s - 0.5, F).wt);
            const double fd = (capped.at(s + 1e-5, F).wt - capped.at(s - 1e-5, F).wt) / 2e-5;
            QVERIFY(std::abs(fd - capped.at(s, F).dwt) < 1e-8);
        }
        const CurvePtr c = spline3d(true);
        auto r3 = std::make_shared<UpReference>(c, Vec3::UnitZ());
        const SmoothBankTwist avg(std::make_shared<CantTwist>(15, 0.6, g), r3, SmoothBankTwist::Mode::Average,
                                  8);
        double worstFd = 0, worstJump = 0;
        for (double s = 0.013; s < c->length(); s += 0.37) {
            const double fd = (avg.at(s + 1e-4, F).wt - avg.at(s - 1e-4, F).wt) / 2e-4;
            worstFd = std::max(worstFd, std::abs(fd - avg.at(s, F).dwt));
            worstJump = std::max(worstJump, std::abs(avg.at(s + 1e-6, F).dwt - avg.at(s - 1e-6, F).dwt));
        }
        qInfo("moving average: max |dwt - FD| %.3g rad/m, max dwt change over 2 um %.3g rad/m", worstFd,
              worstJump);
        QVERIFY(worstFd < 1e-6);
        QVERIFY(worstJump < 1e-6);
    }

    void demosBankFromTheVertical() {
        // The demo's hill: bank 0 (to 1e-9 rad) everywhere. The coaster: the angle of wB from the vertical
        // plane through T (measured in the world) equals the designed bank everywhere (issue: 0.5 deg),
        // and the designed (smoothed) bank stays near the equilibrium bank -atan(v^2 kappa_L / g).
        const Layout demo = Layout::load(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json");
        const std::size_t hill = std::size_t(demo.trackIndex("hill"));
        double worst = 0;
        for (double s = 0; s <= demo.track(hill).length(); s += 0.05) {
            worst = std::max(worst, std::abs(demo.track(hill).bank(s).wt));
            const TwistedFrame w = demo.frameInWorld(hill, s);
            const Vec3 U = (Vec3::UnitZ() - w.F.T.z() * w.F.T).normalized();
            worst = std::max(worst, std::abs(std::atan2(U.cross(w.wB).dot(w.F.T), U.dot(w.wB))));
        }
        qInfo("demo hill: max |bank| %.3g rad", worst);
        QVERIFY(worst < 1e-9);
        const Layout coaster = Layout::load(TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json");
        const Track& loop = coaster.track(0);
        double diff = 0, fromEq = 0, maxBank = 0;
        for (double s = 0; s < loop.length(); s += 0.25) {
            const TwistedFrame w = coaster.frameInWorld(0, s);
            const Vec3 U = (Vec3::UnitZ() - w.F.T.z() * w.F.T).normalized();
            const double measured = std::atan2(U.cross(w.wB).dot(w.F.T), U.dot(w.wB));
            const double designed = loop.bank(s).wt;
            diff = std::max(diff, std::abs(measured - designed));
            maxBank = std::max(maxBank, std::abs(designed));
            const double eq = std::clamp(
                -std::atan(18.0 * 18.0 * loop.upReference()->levelFrame(s).kappa / 9.81), -1.0, 1.0);
            fromEq = std::max(fromEq, std::abs(designed - eq));
        }
        qInfo("coaster: max |wB from the vertical - designed bank| %.3g deg; designed bank up to %.1f deg, "
              "at most "
              "%.2f deg from the unsmoothed equilibrium bank",
              diff * 180 / kPi, maxBank * 180 / kPi, fromEq * 180 / kPi);
        QVERIFY(diff < 0.5 * kPi / 180);
        QVERIFY(fromEq < 5 * kPi / 180);
    }

    void fileFieldAndOldFiles() {
        // "frame": "up" is read, written and compiled; files without it keep their Frenet meaning.
        const std::string text = R"({"format": "tracklab-layout", "version": 1, "tracks": [
            {"id": "a", "curve": {"type": "spline", "points": [[0,0,0],[50,0,4],[100,20,0]]},
             "twist": {"type": "constant", "angle": 0.1}},
            {"id": "b", "curve": {"type": "spline", "points": [[0,0,0],[50,0,4],[100,20,0]]},
             "twist": {"type": "constant", "angle": 0.1}, "frame": "up"}]})";
        const LayoutSpec spec = parseLayoutSpec(text);
        QVERIFY(spec.tracks[0].frame == TrackFrame::Frenet);
        QVERIFY(spec.tracks[1].frame == TrackFrame::Up);
        QVERIFY(parseLayoutSpec(layoutSpecText(spec)) == spec);
        const Layout L = Layout::compile(spec);
        QVERIFY(!L.track(0).upFramed());
        QVERIFY(L.track(1).upFramed());
        for (double s : {5.0, 50.0, 90.0}) {
            QCOMPARE(L.track(0).curveFrame(s).wt, 0.1); // the Frenet twist, as before
            QVERIFY(std::abs(L.track(1).bank(s).wt - 0.1) < 1e-12);
        }
        try {
            parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
                {"id": "a", "curve": {"type": "line", "length": 5}, "frame": "sideways"}]})",
                            "x.json");
            QFAIL("no error");
        } catch (const std::exception& e) {
            QVERIFY2(std::string(e.what()).find("x.json: /tracks/0/frame: unknown frame \"sideways\"") !=
                         std::string::npos,
                     e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestUpFrame)
#include "tst_up_frame.moc"
