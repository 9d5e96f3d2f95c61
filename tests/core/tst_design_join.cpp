// The join tool's connectors (core/design/JoinEnds, ClothoidArcJoin): the clothoid-arc-clothoid where the
// geometry allows it, the quintic otherwise. Each connector is G2 at both ends and at its inner joints to
// 1e-9 (gap [m], angle [rad], curvature jump [1/m]); the clothoid-arc-clothoid's pieces have the closed-form
// lengths' heading balance; an S-bend between parallel straights has none (it needs an inflection) and
// falls back to the quintic.
#include "DesignTestUtil.h"
#include "core/design/ClothoidArcJoin.h"
#include "core/design/JoinEnds.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace tl;
using namespace tl::design;

namespace {
constexpr double pi = std::numbers::pi;

// A: a line ending at (100, 0) heading +x (curvature kA at its end: an arc when kA != 0); B: a track
// starting at (x, y) heading `deg` degrees (an arc of curvature kB when kB != 0, else a line).
Layout twoEnds(double x, double y, double deg, double kA = 0.0, double kB = 0.0) {
    const Quat q(Eigen::AngleAxisd(deg * pi / 180, Vec3::UnitZ()));
    auto curve = [](double k) {
        if (k == 0.0) return std::string(R"({"type": "line", "length": 100})");
        return R"({"type": "arc", "radius": )" + std::to_string(1.0 / std::abs(k)) + R"(, "angle": )" +
               std::to_string(k > 0 ? 0.3 : -0.3) + "}";
    };
    const std::string a =
        kA == 0.0 ? curve(0.0)
                  : R"({"type": "clothoid", "length": 100, "curvatureEnd": )" + std::to_string(kA) + "}";
    char pose[200];
    std::snprintf(pose, sizeof pose, R"("position": [%.17g, %.17g, 0], "rotation": [%.17g, 0, 0, %.17g])", x,
                  y, q.w(), q.z());
    return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": )" + a + R"(},
        {"id": "B", "curve": )" + curve(kB) +
                                           R"(, "placement": {)" + pose + "}}]}"));
}

void checkG2(const JoinResult& r) {
    const Layout L = test::checkedLayout(r.edit.spec);
    const auto m0 = jointMismatch(L, {"A", TrackEnd::End}, {r.edit.newTracks.front(), TrackEnd::Start});
    const auto m1 = jointMismatch(L, {r.edit.newTracks.back(), TrackEnd::End}, {"B", TrackEnd::Start});
    const auto w = test::worstJoint(L); // every connection, the connector's inner joints too
    qInfo("%s: ends gap %.2e / %.2e m, angle %.2e / %.2e rad, curvature %.2e / %.2e 1/m; worst joint %.2e m "
          "%.2e rad %.2e 1/m",
          r.edit.description.c_str(), m0.gap, m1.gap, m0.angle, m1.angle, m0.curvature, m1.curvature, w.gap,
          w.angle, w.curvature);
    for (const auto& m : {m0, m1, w}) {
        QVERIFY(m.gap < 1e-9);
        QVERIFY(m.angle < 1e-9);
        QVERIFY(m.curvature < 1e-9);
    }
}
} // namespace

class TstDesignJoin : public QObject {
    Q_OBJECT
private slots:
    void clothoidArcClothoid_data();
    void clothoidArcClothoid();
    void sBendFallsBackToQuintic();
    void quinticOnRequest();
    void endOfFitMatchesClosedFormTurn();
};

void TstDesignJoin::clothoidArcClothoid_data() {
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("y");
    QTest::addColumn<double>("deg");
    QTest::addColumn<double>("kA");
    QTest::addColumn<double>("kB");
    QTest::addColumn<bool>("exists"); // a clothoid-arc-clothoid must be found (else: Auto, whichever)
    QTest::newRow("quarter turn, symmetric") << 300.0 << 200.0 << 90.0 << 0.0 << 0.0 << true;
    QTest::newRow("quarter turn, asymmetric") << 350.0 << 180.0 << 90.0 << 0.0 << 0.0 << true;
    QTest::newRow("half turn (closing a loop)") << 100.0 << 300.0 << 180.0 << 0.0 << 0.0 << true;
    QTest::newRow("right turn") << 300.0 << -200.0 << -90.0 << 0.0 << 0.0 << true;
    QTest::newRow("30 deg into an arc") << 260.0 << 70.0 << 30.0 << 0.0 << 1.0 / 200 << false;
    QTest::newRow("from a transition end") << 320.0 << 260.0 << 120.0 << 1.0 / 400 << 0.0 << false;
}

void TstDesignJoin::clothoidArcClothoid() {
    QFETCH(double, x);
    QFETCH(double, y);
    QFETCH(double, deg);
    QFETCH(double, kA);
    QFETCH(double, kB);
    QFETCH(bool, exists);
    const Layout L0 = twoEnds(x, y, deg, kA, kB);
    if (!exists) { // whichever connector Auto finds is G2 at both ends
        const JoinResult a = joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start});
        checkG2(a);
        return;
    }
    JoinOptions o;
    o.connector = JoinConnector::ClothoidArc;
    const JoinResult r = joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start}, o);
    QCOMPARE(int(r.connector), int(JoinConnector::ClothoidArc));
    QVERIFY(r.edit.newTracks.size() == 3 || r.edit.newTracks.size() == 2);
    const auto& s = r.edit.spec;
    QCOMPARE(QString::fromStdString(s.tracks[std::size_t(s.trackIndex(r.edit.newTracks.front()))].curve.type),
             QString("clothoid"));
    QCOMPARE(QString::fromStdString(s.tracks[std::size_t(s.trackIndex(r.edit.newTracks.back()))].curve.type),
             QString("clothoid"));
    if (r.edit.newTracks.size() == 3)
        QCOMPARE(QString::fromStdString(s.tracks[std::size_t(s.trackIndex(r.edit.newTracks[1]))].curve.type),
                 QString("arc"));
    QVERIFY(r.smallestRadius >= 25.0);
    QVERIFY2(QString::fromStdString(r.edit.description).startsWith("Join A end to B start ("),
             r.edit.description.c_str());
    checkG2(r);
    // Auto picks it too
    const JoinResult a = joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start});
    QCOMPARE(int(a.connector), int(JoinConnector::ClothoidArc));
    QVERIFY(a.edit.spec == r.edit.spec);
}

void TstDesignJoin::sBendFallsBackToQuintic() {
    // parallel straights 40 m apart sideways: every connector has an inflection
    const Layout L0 = twoEnds(300, 40, 0);
    JoinOptions o;
    o.connector = JoinConnector::ClothoidArc;
    try {
        joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start}, o);
        QFAIL("an S-bend got a clothoid-arc-clothoid");
    } catch (const DesignError& e) {
        QVERIFY2(QString(e.what()).startsWith("No clothoid-arc-clothoid connector from A end to B start"),
                 e.what());
    }
    const JoinResult r = joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start});
    QCOMPARE(int(r.connector), int(JoinConnector::Quintic));
    QCOMPARE(r.edit.newTracks.size(), std::size_t(1));
    checkG2(r);
}

void TstDesignJoin::quinticOnRequest() {
    const Layout L0 = twoEnds(300, 200, 90);
    JoinOptions o;
    o.connector = JoinConnector::Quintic;
    const JoinResult r = joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start}, o);
    QCOMPARE(int(r.connector), int(JoinConnector::Quintic));
    QCOMPARE(QString::fromStdString(r.edit.spec.tracks.back().curve.type), QString("quintic"));
    checkG2(r);
}

// The fit alone: its end is where asked, its heading balance is the closed form
// (k0 + kc) L1 / 2 + kc La + (kc + k1) L2 / 2 = turn, and its curvature stays within 1 / minRadius.
void TstDesignJoin::endOfFitMatchesClosedFormTurn() {
    const auto c = fitClothoidArcClothoid(200, 200, pi / 2, 0, 0, 25);
    QVERIFY(c);
    const PlanarPose e = clothoidArcClothoidEnd(*c);
    QVERIFY(std::hypot(e.x - 200, e.y - 200) < 1e-10);
    QVERIFY(std::abs(e.heading - pi / 2) < 1e-12);
    QVERIFY(std::abs(0.5 * c->kc * c->L1 + c->kc * c->La + 0.5 * c->kc * c->L2 - pi / 2) < 1e-12);
    QVERIFY(std::abs(c->kc) <= 1.0 / 25);
    // symmetric ends: the best fit is symmetric (equal transitions)
    QVERIFY2(std::abs(c->L1 - c->L2) < 1e-6 * c->L1, qPrintable(QString("%1 %2").arg(c->L1).arg(c->L2)));
    // a tight minimum radius no fit can keep
    QVERIFY(!fitClothoidArcClothoid(200, 200, pi / 2, 0, 0, 1000));
}

QTEST_APPLESS_MAIN(TstDesignJoin)
#include "tst_design_join.moc"
