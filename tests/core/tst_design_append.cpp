// Appending pieces at free ends and joining two ends (core/design): continuity of position, direction
// and curvature at every joint to 1e-9, the pieces' own geometry against closed forms, validation with
// no error, and the file round trip.
#include "DesignTestUtil.h"
#include "core/design/AppendPiece.h"
#include "core/design/JoinEnds.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace tl;
using namespace tl::design;

namespace {
const double pi = std::numbers::pi;

LayoutSpec startLine(double length = 100.0) {
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": )" +
                           std::to_string(length) + "}}]}");
}

// Append and recompile; returns the new layout.
Layout append(const Layout& L, const EndRef& at, const PieceSpec& p, DesignEdit* out = nullptr) {
    DesignEdit e = appendPiece(L, at, p);
    if (out) *out = e;
    return Layout::compile(e.spec, "design");
}

PieceSpec piece(PieceKind k) {
    PieceSpec p;
    p.kind = k;
    return p;
}

TwistedFrame worldEnd(const Layout& L, const std::string& id) {
    const int i = L.trackIndex(id);
    return L.frameInWorld(std::size_t(i), L.track(std::size_t(i)).length());
}
} // namespace

class TestDesignAppend : public QObject {
    Q_OBJECT
private slots:
    void chainIsG2();
    void arcEndsWhereClosedFormSays();
    void leadInMakesArcG2();
    void appendAtAStart();
    void slopeReachesGrade();
    void helixNeedsItsGrade();
    void splineIsTangent();
    void badRequestsSayWhy();
    void joinIsG2AtBothEnds();
    void joinClosesALoop();
    void noFairConnector();
    void forceSectionSetsTheRidersHeight();
};

void TestDesignAppend::chainIsG2() {
    Layout L = Layout::compile(startLine());
    EndRef end{"A", TrackEnd::End};
    std::vector<PieceSpec> pieces;
    PieceSpec t = piece(PieceKind::Transition);
    t.length = 60;
    t.radius = 300;
    pieces.push_back(t);
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = 300;
    a.angle = 0.6;
    pieces.push_back(a);
    PieceSpec t2 = piece(PieceKind::Transition);
    t2.radius = 0;
    t2.length = 0;
    t2.rate = 1.0 / (300 * 60); // 60 m back to straight
    pieces.push_back(t2);
    pieces.push_back(piece(PieceKind::Straight));
    PieceSpec t3 = piece(PieceKind::Transition);
    t3.length = 40;
    t3.radius = 150;
    t3.left = false;
    pieces.push_back(t3);
    PieceSpec a2 = piece(PieceKind::Arc);
    a2.radius = 150;
    a2.left = false;
    pieces.push_back(a2);
    for (const PieceSpec& p : pieces) {
        DesignEdit e;
        L = append(L, end, p, &e);
        end = *e.newFreeEnd;
    }
    QCOMPARE(int(L.trackCount()), 7);
    const auto w = test::worstJoint(L);
    QVERIFY2(w.gap < 1e-9, qPrintable(QString::number(w.gap)));
    QVERIFY2(w.angle < 1e-9, qPrintable(QString::number(w.angle)));
    QVERIFY2(w.curvature < 1e-9, qPrintable(QString::number(w.curvature)));
    test::checkedLayout(L.spec());
    // the rate gave 60 m (length = delta kappa / rate)
    QCOMPARE(L.track(3).length(), 60.0);
    // the heading after all of it: transitions turn by L k / 2 each (closed form), arcs by their angle
    const double heading = 60 / 300.0 / 2 + 0.6 + 60 / 300.0 / 2 - 40 / 150.0 / 2 - 0.5;
    const Vec3 T = worldEnd(L, end.track).F.T;
    QVERIFY(std::abs(std::atan2(T.y(), T.x()) - heading) < 1e-12);
}

void TestDesignAppend::arcEndsWhereClosedFormSays() {
    const Layout L0 = Layout::compile(startLine());
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = 100; // with no lead-in: G1 only, curvature jump 1/100 reported by jointMismatch
    a.angle = pi / 2;
    DesignEdit e;
    const Layout L = append(L0, {"A", TrackEnd::End}, a, &e);
    QCOMPARE(QString::fromStdString(e.description), QString("Append arc R 100 m to A"));
    const Vec3 P = worldEnd(L, e.newTracks[0]).F.P;
    QVERIFY((P - Vec3(200, 100, 0)).norm() < 1e-9);
    const auto m = jointMismatch(L, {"A", TrackEnd::End}, {e.newTracks[0], TrackEnd::Start});
    QVERIFY(m.gap < 1e-12 && m.angle < 1e-12);
    QVERIFY(std::abs(m.curvature - 0.01) < 1e-15);
}

void TestDesignAppend::leadInMakesArcG2() {
    const Layout L0 = Layout::compile(startLine());
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = 300;
    a.angle = 0.4;
    a.left = false;
    a.leadIn = 50;
    DesignEdit e;
    const Layout L = append(L0, {"A", TrackEnd::End}, a, &e);
    QCOMPARE(int(e.newTracks.size()), 2);
    QCOMPARE(QString::fromStdString(e.description),
             QString("Append arc R 300 m to A with a 50 m transition"));
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9 && w.curvature < 1e-9);
    test::checkedLayout(L.spec());
}

void TestDesignAppend::appendAtAStart() {
    // an arc left of a curve run backwards: at A's start, leaving in -x, "left" is -y
    const Layout L0 = Layout::compile(startLine());
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = 50;
    a.angle = pi - 0.2; // + the lead-in's 20 m / 50 m / 2 = a half turn
    a.leadIn = 20;
    DesignEdit e;
    const Layout L = append(L0, {"A", TrackEnd::Start}, a, &e);
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9 && w.curvature < 1e-9);
    const TwistedFrame f = worldEnd(L, e.newTracks.back());
    QVERIFY(f.F.P.y() < -99.0); // turned to the left of -x: toward -y
    QVERIFY(std::abs(f.F.T.x() - 1.0) < 1e-12);
    test::checkedLayout(L.spec());
}

void TestDesignAppend::slopeReachesGrade() {
    const Layout L0 = Layout::compile(startLine());
    PieceSpec s = piece(PieceKind::Slope);
    s.grade = 0.025;
    s.verticalRadius = 2000;
    DesignEdit e;
    Layout L = append(L0, {"A", TrackEnd::End}, s, &e);
    QCOMPARE(int(e.newTracks.size()), 2);
    const double th = std::atan(0.025);
    // two clothoids of Rv th each (closed form: peak curvature 1/Rv)
    QVERIFY(std::abs(L.track(1).length() - 2000 * th) < 1e-12);
    const Vec3 T = worldEnd(L, e.newTracks.back()).F.T;
    QVERIFY(std::abs(T.z() / std::hypot(T.x(), T.y()) - 0.025) < 1e-12);
    const TwistedFrame mid = worldEnd(L, e.newTracks[0]);
    QVERIFY(std::abs(mid.F.kappa - 1.0 / 2000) < 1e-15);
    QVERIFY(mid.wB.z() > 0.999); // no bank: wB up on the vertical curve
    // every new track names its frame (docs/layout-format.md, "Versions"): the slope's clothoids are
    // up-frame tracks without a twist (level rails); a flat piece continues the frame of its end
    for (const std::string& id : e.newTracks) {
        const TrackSpec& t = e.spec.tracks[std::size_t(e.spec.trackIndex(id))];
        QVERIFY(t.frame == TrackFrame::Up && !t.twist);
    }
    DesignEdit arc;
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = 300;
    a.angle = 0.3;
    append(L0, {"A", TrackEnd::End}, a, &arc);
    QVERIFY(arc.spec.tracks.back().frame == TrackFrame::Frenet); // "A" is a version-1 track without "frame"
    // and back to level, then a straight
    PieceSpec down = s;
    down.grade = 0.0;
    L = append(L, *e.newFreeEnd, down, &e);
    L = append(L, *e.newFreeEnd, piece(PieceKind::Straight), &e);
    QVERIFY(e.spec.tracks.back().frame == TrackFrame::Up); // continues the slope's frame
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9 && w.curvature < 1e-9);
    QVERIFY(std::abs(worldEnd(L, e.newTracks.back()).F.T.z()) < 1e-12);
    // height gained: vertical symmetric curve, the level at the end equals the height of the plateau
    test::checkedLayout(L.spec());
}

void TestDesignAppend::helixNeedsItsGrade() {
    Layout L = Layout::compile(startLine());
    PieceSpec h = piece(PieceKind::Helix);
    h.radius = 30;
    h.pitch = 5;
    h.turns = 1;
    QVERIFY_THROWS_EXCEPTION(DesignError, appendPiece(L, {"A", TrackEnd::End}, h));
    try {
        appendPiece(L, {"A", TrackEnd::End}, h);
    } catch (const DesignError& e) {
        QVERIFY2(QString(e.what()).contains("add a slope to 2.653 %"), e.what());
    }
    PieceSpec s = piece(PieceKind::Slope);
    s.grade = 5 / (2 * pi * 30);
    DesignEdit e;
    L = append(L, {"A", TrackEnd::End}, s, &e);
    L = append(L, *e.newFreeEnd, h, &e);
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9);
    // G1 into the helix: the curvature steps from 0 to r / (r^2 + h^2) (docs/validation.md helix)
    const double hh = 5 / (2 * pi), kappa = 30 / (30 * 30 + hh * hh);
    QVERIFY(std::abs(w.curvature - kappa) < 1e-12);
    // one turn later: 5 m higher, straight above the start of the helix
    const int hi = L.trackIndex(e.newTracks[0]);
    const Vec3 p0 = L.frameInWorld(std::size_t(hi), 0).F.P, p1 = worldEnd(L, e.newTracks[0]).F.P;
    QVERIFY((p1 - p0 - Vec3(0, 0, 5)).norm() < 1e-9);
    test::checkedLayout(L.spec());
}

void TestDesignAppend::splineIsTangent() {
    const Layout L0 = Layout::compile(startLine());
    PieceSpec s = piece(PieceKind::Spline);
    s.points = {Vec3(40, 5, 0), Vec3(80, 20, 0), Vec3(120, 30, 0)};
    DesignEdit e;
    const Layout L = append(L0, {"A", TrackEnd::End}, s, &e);
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9);
    QVERIFY((worldEnd(L, e.newTracks[0]).F.P - Vec3(220, 30, 0)).norm() < 1e-9);
    test::checkedLayout(L.spec());
}

void TestDesignAppend::badRequestsSayWhy() {
    const Layout L = Layout::compile(startLine());
    auto message = [&](const EndRef& at, const PieceSpec& p) -> QString {
        try {
            appendPiece(L, at, p);
        } catch (const DesignError& e) {
            return e.what();
        }
        return {};
    };
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = -5;
    QVERIFY(message({"A", TrackEnd::End}, a).contains("radius must be a positive number"));
    QVERIFY(message({"Z", TrackEnd::End}, a).contains("no track \"Z\""));
    DesignEdit e = appendPiece(L, {"A", TrackEnd::End}, piece(PieceKind::Straight));
    const Layout L2 = Layout::compile(e.spec);
    QVERIFY_THROWS_EXCEPTION(DesignError, appendPiece(L2, {"A", TrackEnd::End}, piece(PieceKind::Straight)));
    // a slope on a curve
    PieceSpec arc = piece(PieceKind::Arc);
    DesignEdit e2 = appendPiece(L, {"A", TrackEnd::End}, arc);
    const Layout L3 = Layout::compile(e2.spec);
    try {
        appendPiece(L3, *e2.newFreeEnd, piece(PieceKind::Slope));
        QFAIL("no error");
    } catch (const DesignError& err) {
        QVERIFY2(QString(err.what()).contains("add a transition to straight first"), err.what());
    }
}

void TestDesignAppend::joinIsG2AtBothEnds() {
    // A: line to (100, 0) heading +x; B: arc R 200 starting at (260, 70) heading 30 deg
    const Quat q(Eigen::AngleAxisd(pi / 6, Vec3::UnitZ()));
    const LayoutSpec spec = parseLayoutSpec(
        R"({"format": "tracklab-layout", "version": 1, "tracks": [
            {"id": "A", "curve": {"type": "line", "length": 100}},
            {"id": "B", "curve": {"type": "arc", "radius": 200, "angle": 0.8},
             "placement": {"position": [260, 70, 0], "rotation": [)" +
        std::to_string(q.w()) + ", 0, 0, " + std::to_string(q.z()) + "]}}]}");
    const Layout L0 = Layout::compile(spec);
    JoinOptions quintic; // the quintic connector (tst_design_join: the clothoid-arc-clothoid)
    quintic.connector = JoinConnector::Quintic;
    const JoinResult r = joinEnds(L0, {"A", TrackEnd::End}, {"B", TrackEnd::Start}, quintic);
    const Layout L = Layout::compile(r.edit.spec);
    const auto m0 = jointMismatch(L, {"A", TrackEnd::End}, {r.edit.newTracks.front(), TrackEnd::Start});
    const auto m1 = jointMismatch(L, {r.edit.newTracks.back(), TrackEnd::End}, {"B", TrackEnd::Start});
    for (const auto& m : {m0, m1}) {
        QVERIFY2(m.gap < 1e-9, qPrintable(QString::number(m.gap)));
        QVERIFY2(m.angle < 1e-9, qPrintable(QString::number(m.angle)));
        QVERIFY2(m.curvature < 1e-9, qPrintable(QString::number(m.curvature)));
    }
    QVERIFY(r.smallestRadius >= 25.0);
    QVERIFY(r.length > 170 && r.length < 260);
    QVERIFY2(QString::fromStdString(r.edit.description).startsWith("Join A end to B start ("),
             r.edit.description.c_str());
    test::checkedLayout(r.edit.spec);
}

void TestDesignAppend::joinClosesALoop() {
    // an oval missing its last half turn: straight, transition, arc of pi - 2 transitions' turn,
    // transition, straight; the join closes the remaining half turn
    Layout L = Layout::compile(startLine(200));
    EndRef end{"A", TrackEnd::End};
    DesignEdit e;
    PieceSpec t = piece(PieceKind::Transition);
    t.length = 40;
    t.radius = 100;
    L = append(L, end, t, &e);
    PieceSpec a = piece(PieceKind::Arc);
    a.radius = 100;
    a.angle = pi - 0.4;
    L = append(L, *e.newFreeEnd, a, &e);
    PieceSpec t2 = piece(PieceKind::Transition);
    t2.length = 40;
    t2.radius = 0;
    L = append(L, *e.newFreeEnd, t2, &e);
    L = append(L, *e.newFreeEnd, piece(PieceKind::Straight), &e);
    const JoinResult r = joinEnds(L, *e.newFreeEnd, {"A", TrackEnd::Start});
    L = test::checkedLayout(r.edit.spec);
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9 && w.curvature < 1e-9);
    QVERIFY(freeEnds(L.spec()).empty());
    // a vehicle runs round it and comes back where it started: advance one loop length
    double loop = 0;
    for (const auto& tr : L.tracks())
        loop += tr.length();
    const AdvanceResult adv = L.advance({0, 10.0, +1}, loop, L.initialSwitchStates());
    QVERIFY(!adv.stoppedAtOpenEnd);
    QCOMPARE(adv.position.track, 0);
    QVERIFY(std::abs(adv.position.s - 10.0) < 1e-6);
}

void TestDesignAppend::noFairConnector() {
    // a U-turn in 10 m with a 25 m minimum radius cannot be fair
    const LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 100}},
        {"id": "B", "curve": {"type": "line", "length": 100},
         "placement": {"position": [100, 10, 0], "rotation": [0, 0, 0, 1]}}]})");
    const Layout L = Layout::compile(spec);
    try {
        joinEnds(L, {"A", TrackEnd::End}, {"B", TrackEnd::Start});
        QFAIL("joined");
    } catch (const DesignError& e) {
        QVERIFY2(QString(e.what()).startsWith("No fair connector from A end to B start"), e.what());
    }
    // different heights
    const LayoutSpec up = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 100}},
        {"id": "B", "curve": {"type": "line", "length": 100}, "placement": {"position": [300, 50, 4]}}]})");
    try {
        joinEnds(Layout::compile(up), {"A", TrackEnd::End}, {"B", TrackEnd::Start});
        QFAIL("joined");
    } catch (const DesignError& e) {
        QVERIFY2(QString(e.what()).contains("lies 4 m above"), e.what());
    }
}

void TestDesignAppend::forceSectionSetsTheRidersHeight() {
    // On a coaster layout a force section with a 1.3 m heartline gives the trains' cars that name no
    // riderHeight theirs (a car by name becomes {"base": name, "body": {"riderHeight": 1.3}}); a car with its
    // own keeps it. A railway layout's trains are left alone.
    const std::string trains = R"("trains": [{"id": "c", "cars": ["coaster-car",
        {"base": "coaster-car", "body": {"riderHeight": 0.9}}, {"base": "coaster-car", "body": {"mass": 400}}],
        "start": {"track": "A", "s": 20, "direction": 1}, "speed": 10}],
        "drives": [{"kind": "booster", "track": "A", "from": 0, "to": 40, "speed": 12, "maxForce": 5000}], )";
    auto layout = [&](const std::string& look) {
        return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, )" + look +
                                               trains + R"("tracks": [{"id": "A", "curve": {"type": "line",
                                               "length": 50}}]})"),
                               "design");
    };
    PieceSpec p = piece(PieceKind::Force);
    p.length = 20;
    p.heartline = 1.3;
    const DesignEdit e = appendPiece(layout(R"("look": "coaster", )"), EndRef{"A", TrackEnd::End}, p);
    const Json& cars = e.spec.trains[0]["cars"];
    QCOMPARE(cars[0]["base"].get<std::string>(), std::string("coaster-car"));
    QCOMPARE(cars[0]["body"]["riderHeight"].get<double>(), 1.3);
    QCOMPARE(cars[1]["body"]["riderHeight"].get<double>(), 0.9);
    QCOMPARE(cars[2]["body"]["riderHeight"].get<double>(), 1.3);
    QCOMPARE(cars[2]["body"]["mass"].get<double>(), 400.0);
    QVERIFY2(e.description.find("riders at 1.3 m on c") != std::string::npos, e.description.c_str());
    Layout::compile(e.spec, "design"); // still a valid layout
    // railway: untouched
    const DesignEdit r = appendPiece(layout(""), EndRef{"A", TrackEnd::End}, p);
    QVERIFY(r.spec.trains[0]["cars"][0].is_string());
}

QTEST_APPLESS_MAIN(TestDesignAppend)
#include "tst_design_append.moc"
