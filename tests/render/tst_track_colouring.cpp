// The track colour overlays in the unit users expect (docs/layout-format.md, "The up frame"): on the railway
// demo cant and cant deficiency in mm over the rail-centre distance (1500 mm), checked by hand on corner c3
// (R = 120 m, cant 1500 sin 0.1 = 149.75 mm, design speed 15 m/s) and against the rider channel's own
// deficiency from the world geometry on every track (physics/RiderChannels); on the coaster demo in degrees;
// legends with round ticks, colours at the ends of their scales, and the mesh coloured with these values.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/monitor/RiderChannels.h"
#include "render/scene/LayoutScene.h"

#include <osg/Array>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/LOD>
#include <osg/MatrixTransform>

#include <QtTest>

using namespace tl;
using namespace tl::render;

namespace {
constexpr double kG = 9.81;

Layout demo(const char* name) {
    const std::string path = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/" + name;
    return Layout::compile(loadLayoutSpec(path), name);
}

OverlayOptions options(const Layout& L, TrackOverlay kind, double speed) {
    OverlayOptions o;
    o.overlay = kind;
    o.speed = speed;
    o.bankUnit = bankUnit(L.spec());
    o.railCentre = railCentreDistance(L.spec());
    return o;
}

bool near(const osg::Vec4& a, const osg::Vec4& b, float tol = 1e-6f) {
    return std::abs(a.r() - b.r()) < tol && std::abs(a.g() - b.g()) < tol && std::abs(a.b() - b.b()) < tol;
}

// The mesh node of a track (named by its id, under its body's transform).
osg::Node* findTrackMesh(osg::Node* n, const std::string& id) {
    if (n->getName() == id && n->getNumParents() && dynamic_cast<osg::MatrixTransform*>(n->getParent(0)))
        return n;
    if (auto* g = n->asGroup())
        for (unsigned c = 0; c < g->getNumChildren(); ++c)
            if (osg::Node* found = findTrackMesh(g->getChild(c), id)) return found;
    return nullptr;
}

// Every colour of every geometry under a node.
std::vector<osg::Vec4> meshColours(osg::Node* n) {
    std::vector<osg::Vec4> out;
    if (auto* geode = dynamic_cast<osg::Geode*>(n)) {
        for (unsigned d = 0; d < geode->getNumDrawables(); ++d)
            if (auto* g = geode->getDrawable(d)->asGeometry())
                if (auto* c = dynamic_cast<osg::Vec4Array*>(g->getColorArray()))
                    out.insert(out.end(), c->begin(), c->end());
    } else if (auto* group = n->asGroup()) {
        for (unsigned c = 0; c < group->getNumChildren(); ++c) {
            const auto more = meshColours(group->getChild(c));
            out.insert(out.end(), more.begin(), more.end());
        }
    }
    return out;
}
} // namespace

class TstTrackColouring : public QObject {
    Q_OBJECT
private slots:
    void railwayDeficiencyInMillimetres() {
        const Layout L = demo("demo.json");
        QCOMPARE(bankUnit(L.spec()), BankUnit::CantMm);
        const int c3 = L.trackIndex("c3");
        QVERIFY(c3 >= 0);
        const Track& t = L.track(std::size_t(c3));
        const TrackSpec& spec = L.spec().tracks[std::size_t(c3)];
        const double R = spec.curve.params.at("radius"), v = spec.twist->params.at("designSpeed");
        const double maxAngle = spec.twist->params.at("maxAngle");
        QCOMPARE(R, 120.0);
        QCOMPARE(v, 15.0);
        // by hand: equilibrium cant 1500 sin(atan(v^2 / (g R))) = 281.60 mm (the small-angle
        // b v^2 / (g R) = 286.70 mm is 1.8 % high at this bank); the cant is capped at 0.1 rad: 149.75 mm
        const double eq = 1500.0 * std::sin(std::atan(v * v / (kG * R)));
        const double cant = 1500.0 * std::sin(maxAngle);
        QVERIFY(std::abs(eq - 281.60) < 0.01);
        QVERIFY(std::abs(cant - 149.75) < 0.01);
        const double s = 0.5 * t.length(); // the middle of the arc: the cant ramp is done there
        const OverlayOptions o = options(L, TrackOverlay::CantDeficiency, v);
        const double shown = overlayValue(t, s, o);
        qInfo("c3 at %.1f m/s: cant deficiency %.4f mm (by hand %.4f - %.4f = %.4f mm)", v, shown, eq, cant,
              eq - cant);
        QVERIFY(std::abs(shown - (eq - cant)) < 1e-6);
        // at the line speed 30 m/s: 1500 sin(atan(900 / 1177.2)) - 149.75 = 761.2 mm
        const double fast = 1500.0 * std::sin(std::atan(30.0 * 30.0 / (kG * R))) - cant;
        QVERIFY(std::abs(cantDeficiencyShown(t, s, 30.0, o) - fast) < 1e-6);
        QVERIFY(std::abs(fast - 761.2) < 0.1);
        // the cant overlay: 149.75 mm, the sign says which rail is high
        const double bankShown = overlayValue(t, s, options(L, TrackOverlay::Bank, v));
        QVERIFY(std::abs(std::abs(bankShown) - cant) < 1e-6);
        QCOMPARE(bankShown > 0, t.bank(s).wt > 0);
        // the rider channel measures the same from the world geometry (plan-view curvature, wB towards
        // the centre) on every track, whichever way it turns: the turnout turns the other way and has no
        // cant (a deficiency of the whole equilibrium cant), straights have neither (0)
        double worst = 0;
        int curvesLeft = 0, curvesRight = 0;
        for (std::size_t i = 0; i < L.trackCount(); ++i) {
            const Track& ti = L.track(i);
            for (int k = 0; k <= 20; ++k) {
                const double si = ti.length() * k / 20;
                const double rider = 1e3 * riderCantDeficiency(L.frameInWorld(i, si), 25.0, 1.5);
                const double diff = std::abs(cantDeficiencyShown(ti, si, 25.0, o) - rider);
                if (diff > 1e-6)
                    qInfo("%s s = %.2f: overlay %.4f mm, rider %.4f mm, kappa %.6g", ti.id().c_str(), si,
                          cantDeficiencyShown(ti, si, 25.0, o), rider, ti.curveFrame(si).F.kappa);
                worst = std::max(worst, diff);
                const double kappa = ti.curveFrame(si).F.kappa;
                curvesLeft += kappa > 1e-4;
                curvesRight += kappa < -1e-4;
            }
        }
        qInfo("overlay vs rider channel deficiency over %zu tracks: largest difference %.3g mm",
              L.trackCount(), worst);
        QVERIFY(curvesLeft > 0 && curvesRight > 0);
        QVERIFY(worst < 1e-6);
        const int turnout = L.trackIndex("turnout");
        const Track& tt = L.track(std::size_t(turnout));
        const double Rt = 1.0 / std::abs(tt.curveFrame(tt.length()).F.kappa); // 190 m at its end
        QVERIFY(std::abs(Rt - 190.0) < 1e-6);
        QVERIFY(std::abs(cantDeficiencyShown(tt, tt.length(), 10.0, o) -
                         1500.0 * std::sin(std::atan(100.0 / (kG * Rt)))) < 1e-6);
        QCOMPARE(overlayValue(L.track(std::size_t(L.trackIndex("top"))), 100.0, o), 0.0);
    }

    void railwayLegendAndColours() {
        const Layout L = demo("demo.json");
        const OverlayOptions o = options(L, TrackOverlay::CantDeficiency, 15.0);
        const OverlayLegend l = overlayLegend(o);
        QCOMPARE(QString::fromStdString(l.unit), QString("mm"));
        QCOMPARE(QString::fromStdString(l.quantity), QString("cant deficiency"));
        QCOMPARE(l.ticks(), (std::vector<double>{-150, -100, -50, 0, 50, 100, 150}));
        QCOMPARE(l.decimals(), 0);
        const osg::Vec4 base(0.5f, 0.5f, 0.5f, 1.f);
        // 0 green, the scale's top red, beyond it stays red; an excess blue
        QVERIFY(near(overlayColour(0.0, o, base), osg::Vec4(0.2f, 0.75f, 0.25f, 1)));
        QVERIFY(near(overlayColour(150.0, o, base), osg::Vec4(0.9f, 0.15f, 0.1f, 1)));
        QVERIFY(near(overlayColour(761.0, o, base), osg::Vec4(0.9f, 0.15f, 0.1f, 1)));
        QVERIFY(near(overlayColour(-150.0, o, base), osg::Vec4(0.15f, 0.35f, 0.9f, 1)));
        const OverlayLegend cant = overlayLegend(options(L, TrackOverlay::Bank, 15.0));
        QCOMPARE(QString::fromStdString(cant.unit), QString("mm"));
        QCOMPARE(cant.ticks(), (std::vector<double>{-150, -100, -50, 0, 50, 100, 150}));
        const OverlayLegend curvature = overlayLegend(options(L, TrackOverlay::Curvature, 15.0));
        QCOMPARE(curvature.decimals(), 3);
        QCOMPARE(int(curvature.ticks().size()), 6); // 0, 0.002, ..., 0.01
        QVERIFY(std::abs(curvature.ticks().back() - 0.01) < 1e-15);
        QCOMPARE(overlayLegend(options(L, TrackOverlay::PeakYQ, 15.0)).decimals(), 2); // 0.25 steps

        // the scene takes the unit from its layout (whatever the options say) and colours c3 by its value
        LayoutScene scene;
        scene.setLayout(std::make_shared<Layout>(L));
        OverlayOptions wrong = o;
        wrong.bankUnit = BankUnit::Degrees;
        scene.setOverlay(wrong);
        QCOMPARE(scene.overlay().bankUnit, BankUnit::CantMm);
        const int c3 = L.trackIndex("c3");
        const Track& t = L.track(std::size_t(c3));
        const osg::Vec4 c3Colour = overlayColour(overlayValue(t, 0.5 * t.length(), o), o, base);
        osg::Node* node = findTrackMesh(scene.root(), "c3");
        QVERIFY(node);
        int hits = 0;
        for (const osg::Vec4& c : meshColours(node))
            hits += near(c, c3Colour, 1e-4f);
        qInfo("c3 middle: %.2f mm -> colour (%.3f %.3f %.3f), %d mesh vertices in it",
              overlayValue(t, 0.5 * t.length(), o), c3Colour.r(), c3Colour.g(), c3Colour.b(), hits);
        QVERIFY(hits > 10);
    }

    void coasterInDegrees() {
        const Layout L = demo("coaster.json");
        QCOMPARE(bankUnit(L.spec()), BankUnit::Degrees);
        const Track& t = L.track(0);
        const double design = L.spec().tracks[0].twist->params.at("designSpeed"); // 18 m/s
        const OverlayOptions o = options(L, TrackOverlay::CantDeficiency, design);
        const OverlayLegend l = overlayLegend(o);
        QCOMPARE(QString::fromStdString(l.unit), QString("°"));
        QCOMPARE(l.ticks(), (std::vector<double>{-6, -4, -2, 0, 2, 4, 6}));
        const OverlayLegend bank = overlayLegend(options(L, TrackOverlay::Bank, design));
        QCOMPARE(QString::fromStdString(bank.unit), QString("°"));
        QCOMPARE(bank.ticks(), (std::vector<double>{-90, -60, -30, 0, 30, 60, 90}));
        // in degrees: the bank overlay is the bank from the vertical; the deficiency at two speeds differs
        // by the equilibrium banks' difference, atan(v^2 |kappa_L| / g) in degrees, wherever the track is
        double worstBank = 0, worstDiff = 0, largestAtDesign = 0;
        for (int k = 0; k <= 200; ++k) {
            const double s = t.length() * k / 200;
            worstBank =
                std::max(worstBank, std::abs(overlayValue(t, s, options(L, TrackOverlay::Bank, design)) -
                                             t.bank(s).wt * 180 / M_PI));
            const double kL = std::abs(t.upReference()->levelFrame(s).kappa);
            const double diff = cantDeficiencyShown(t, s, 25.0, o) - cantDeficiencyShown(t, s, design, o);
            const double byHand =
                (std::atan(625.0 * kL / kG) - std::atan(design * design * kL / kG)) * 180 / M_PI;
            worstDiff = std::max(worstDiff, std::abs(diff - byHand));
            largestAtDesign = std::max(largestAtDesign, std::abs(overlayValue(t, s, o)));
        }
        qInfo("coaster: bank overlay vs bank %.3g deg, deficiency difference vs closed form %.3g deg, "
              "largest |deficiency| at the design speed %.3f deg",
              worstBank, worstDiff, largestAtDesign);
        QVERIFY(worstBank < 1e-9);
        QVERIFY(worstDiff < 1e-9);
    }
};

QTEST_MAIN(TstTrackColouring)
#include "tst_track_colouring.moc"
