// Layout::compile(spec, file, previous) shares the unchanged curves of a previous compile (the editor's
// fast path) and must give exactly the frames a fresh compile gives.
#include "core/layout/Layout.h"

#include <QtTest>

using namespace tl;

class TstLayoutReuse : public QObject {
    Q_OBJECT
private slots:
    void reuseMatchesFreshCompile() {
        LayoutSpec spec;
        for (int i = 0; i < 3; ++i) {
            TrackSpec t;
            t.id = "S" + std::to_string(i);
            t.curve.type = "spline";
            for (int k = 0; k < 5; ++k) {
                SplinePointSpec p;
                p.position =
                    Vec3(20.0 * k, 3.0 * (std::sin(k + i) - std::sin(i)), 0.5 * k); // P0 at the origin
                t.curve.points.push_back(p);
            }
            if (i > 0) t.placement.after = EndRef{"S" + std::to_string(i - 1), TrackEnd::End};
            spec.tracks.push_back(t);
        }
        const Layout first = Layout::compile(spec);
        LayoutSpec edited = spec;
        edited.tracks[0].curve.points[2].position.y() += 4.0; // moves S0's shape and so S1, S2's placement
        const Layout reused = Layout::compile(edited, {}, &first);
        const Layout fresh = Layout::compile(edited);
        QVERIFY(reused.track(0).curvePtr() != first.track(0).curvePtr()); // rebuilt
        QVERIFY(reused.track(1).curvePtr() == first.track(1).curvePtr()); // shared
        QVERIFY(reused.track(2).curvePtr() == first.track(2).curvePtr());
        double worst = 0;
        for (std::size_t t = 0; t < 3; ++t)
            for (int i = 0; i <= 50; ++i) {
                const double s = fresh.track(t).length() * i / 50;
                const TwistedFrame a = reused.frameInWorld(t, s), b = fresh.frameInWorld(t, s);
                worst =
                    std::max({worst, (a.F.P - b.F.P).norm(), (a.F.T - b.F.T).norm(), (a.wB - b.wB).norm()});
            }
        qInfo("largest difference reused vs fresh compile: %.3g", worst);
        QCOMPARE(worst, 0.0); // the same arithmetic on the same inputs: bit-identical
        // S1 follows the edited end of S0
        QVERIFY(
            (reused.frameInWorld(1, 0).F.P - reused.frameInWorld(0, reused.track(0).length()).F.P).norm() <
            1e-9);
    }
};

QTEST_APPLESS_MAIN(TstLayoutReuse)
#include "tst_layout_reuse.moc"
