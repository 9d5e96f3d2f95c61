// Layout traversal: where a vehicle goes after crossing a track end (end->start, end->end with a direction
// flip, start->start, a switch's states 0/1, a trailing move back through a switch, an open end) and
// advance() over many ends; walkRoute() hop by hop with its distances and stops, branchesAcross() every way
// across an end. Reference: docs/layout-format.md, "Connections" and "Switches" (the rules are exact: integer
// results and lengths that are sums of track lengths, compared to 1e-9 m).
#include "core/layout/Layout.h"
#include "core/layout/LayoutJson.h"

#include <QtTest>

using namespace tl;

namespace {
// A(100) end -> B(50) start; B end -> C(30) end (flip); A start -> D(20) start (flip);
// switch S at C start: branch 0 = E(40) start, branch 1 = F(60) start. E end, F end, D end open.
const char* network = R"({"format": "tracklab-layout", "version": 1, "tracks": [
  {"id": "A", "curve": {"type": "line", "length": 100}},
  {"id": "B", "curve": {"type": "line", "length": 50}},
  {"id": "C", "curve": {"type": "line", "length": 30}},
  {"id": "D", "curve": {"type": "line", "length": 20}},
  {"id": "E", "curve": {"type": "line", "length": 40}},
  {"id": "F", "curve": {"type": "line", "length": 60}},
  {"id": "G", "curve": {"type": "spline", "closed": true, "points": [[0, 0, 0], [10, 0, 0], [10, 10, 0], [0, 10, 0]]}}],
  "connections": [{"a": ["A", "end"], "b": ["B", "start"]}, {"a": ["B", "end"], "b": ["C", "end"]},
                  {"a": ["A", "start"], "b": ["D", "start"]}],
  "switches": [{"id": "S", "at": ["C", "start"], "branches": [["E", "start"], ["F", "start"]], "state": 0}]})";

// A closed loop of three tracks: P(10) end -> Q(20) start, Q end -> R(30) start, R end -> P start.
const char* loop = R"({"format": "tracklab-layout", "version": 1, "tracks": [
  {"id": "P", "curve": {"type": "line", "length": 10}},
  {"id": "Q", "curve": {"type": "line", "length": 20}},
  {"id": "R", "curve": {"type": "line", "length": 30}}],
  "connections": [{"a": ["P", "end"], "b": ["Q", "start"]}, {"a": ["Q", "end"], "b": ["R", "start"]},
                  {"a": ["R", "end"], "b": ["P", "start"]}]})";

const double eps = 1e-9; // [m] sums of exact lengths

// What a walk saw: per end crossed, the track entered, its entry end, direction and distance.
struct Walked {
    std::vector<RouteHop> hops;
    WalkStop stop = WalkStop::Visitor;
};

Walked walk(const Layout& L, const TrackPosition& from, const SwitchStates& states, int maxVisits = 1000) {
    Walked w;
    w.stop = L.walkRoute(from, states, [&](const RouteHop& h) {
        w.hops.push_back(h);
        return int(w.hops.size()) < maxVisits;
    });
    return w;
}
} // namespace

class TestLayoutTraversal : public QObject {
    Q_OBJECT
    Layout L;
    int A = 0, B = 0, C = 0, D = 0, E = 0, F = 0, G = 0;

private slots:
    void initTestCase();
    void next_data();
    void next();
    void trailingThroughSwitch();
    void openEndAndClosedCurve();
    void badSwitchState();
    void advance_data();
    void advance();
    void walkRouteDistances();
    void walkRouteTrailing();
    void walkRouteOpenEndAtOnce();
    void walkRouteLoop();
    void walkRouteNoBranch();
    void walkRouteVisitStops();
    void branchesAcrossFacing();
    void branchesAcrossOneWay();
};

void TestLayoutTraversal::initTestCase() {
    L = Layout::compile(layoutSpecFromJson(Json::parse(network)));
    A = L.trackIndex("A"), B = L.trackIndex("B"), C = L.trackIndex("C"), D = L.trackIndex("D");
    E = L.trackIndex("E"), F = L.trackIndex("F"), G = L.trackIndex("G");
    QCOMPARE(G, 6);
    QCOMPARE(L.trackIndex("nope"), -1);
    QCOMPARE(L.switchIndex("S"), 0);
    QCOMPARE(L.initialSwitchStates(), SwitchStates{0});
}

void TestLayoutTraversal::next_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<int>("fromEnd"); // 0 start, 1 end
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("to");
    QTest::addColumn<int>("entry");
    QTest::addColumn<int>("direction");
    QTest::newRow("end -> start") << "A" << 1 << 0 << "B" << 0 << +1;
    QTest::newRow("start <- end (reverse)") << "B" << 0 << 0 << "A" << 1 << -1;
    QTest::newRow("end -> end flips") << "B" << 1 << 0 << "C" << 1 << -1;
    QTest::newRow("end -> end flips back") << "C" << 1 << 0 << "B" << 1 << -1;
    QTest::newRow("start -> start flips") << "A" << 0 << 0 << "D" << 0 << +1;
    QTest::newRow("switch facing, state 0") << "C" << 0 << 0 << "E" << 0 << +1;
    QTest::newRow("switch facing, state 1") << "C" << 0 << 1 << "F" << 0 << +1;
}

void TestLayoutTraversal::next() {
    QFETCH(QString, from);
    QFETCH(int, fromEnd);
    QFETCH(int, state);
    QFETCH(QString, to);
    QFETCH(int, entry);
    QFETCH(int, direction);
    const Transition t = L.next(L.trackIndex(from.toStdString()), fromEnd ? TrackEnd::End : TrackEnd::Start,
                                SwitchStates{state});
    QVERIFY(!t.open);
    QCOMPARE(QString::fromStdString(L.track(std::size_t(t.track)).id()), to);
    QCOMPARE(int(t.entry == TrackEnd::End), entry);
    QCOMPARE(t.direction, direction);
}

void TestLayoutTraversal::trailingThroughSwitch() {
    // Coming back from branch F: always to the trunk C.start, entering C moving +1.
    for (int state : {0, 1}) {
        const Transition t = L.next(F, TrackEnd::Start, SwitchStates{state});
        QVERIFY(!t.open);
        QCOMPARE(t.track, C);
        QCOMPARE(t.entry, TrackEnd::Start);
        QCOMPARE(t.direction, +1);
        QVERIFY(t.trailing);
        QCOMPARE(t.viaSwitch, 0);
        QCOMPARE(t.branch, 1);
        QCOMPARE(t.trailedAgainst, state != 1); // set for E: the vehicle runs through the switch
    }
    // Facing move reports the branch taken; empty states use the file's state (0).
    const Transition f = L.next(C, TrackEnd::Start, {});
    QCOMPARE(f.track, E);
    QCOMPARE(f.branch, 0);
    QVERIFY(!f.trailing);
}

void TestLayoutTraversal::openEndAndClosedCurve() {
    QVERIFY(L.next(E, TrackEnd::End, {}).open);
    QVERIFY(L.next(D, TrackEnd::End, {}).open);
    // A closed spline with nothing attached continues onto itself.
    const Transition w = L.next(G, TrackEnd::End, {});
    QVERIFY(!w.open);
    QCOMPARE(w.track, G);
    QCOMPARE(w.entry, TrackEnd::Start);
    QCOMPARE(w.direction, +1);
    const double length = L.track(std::size_t(G)).length();
    const AdvanceResult r = L.advance(TrackPosition{G, 0.0, +1}, 2.5 * length, {});
    QVERIFY(!r.stoppedAtOpenEnd);
    QCOMPARE(r.crossings, 2);
    QVERIFY(std::abs(r.position.s - 0.5 * length) < 1e-9 * length);
}

void TestLayoutTraversal::badSwitchState() {
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, L.next(C, TrackEnd::Start, SwitchStates{2}));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, L.next(99, TrackEnd::Start, {}));
}

void TestLayoutTraversal::advance_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<double>("s");
    QTest::addColumn<int>("dir");
    QTest::addColumn<double>("ds");
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("to");
    QTest::addColumn<double>("sTo");
    QTest::addColumn<int>("dirTo");
    QTest::addColumn<bool>("stopped");
    QTest::addColumn<double>("leftover");
    QTest::addColumn<int>("crossings");
    QTest::newRow("within A") << "A" << 10.0 << +1 << 25.0 << 0 << "A" << 35.0 << +1 << false << 0.0 << 0;
    QTest::newRow("exactly to the end")
        << "A" << 10.0 << +1 << 90.0 << 0 << "A" << 100.0 << +1 << false << 0.0 << 0;
    QTest::newRow("A -> B") << "A" << 90.0 << +1 << 20.0 << 0 << "B" << 10.0 << +1 << false << 0.0 << 1;
    QTest::newRow("B -> C flips") << "B" << 45.0 << +1 << 10.0 << 0 << "C" << 25.0 << -1 << false << 0.0 << 1;
    // A(50 left) + B 50 + C 30 + 10 on the branch = 140 m
    QTest::newRow("through switch, state 0")
        << "A" << 50.0 << +1 << 140.0 << 0 << "E" << 10.0 << +1 << false << 0.0 << 3;
    QTest::newRow("through switch, state 1")
        << "A" << 50.0 << +1 << 140.0 << 1 << "F" << 10.0 << +1 << false << 0.0 << 3;
    QTest::newRow("to the open end") << "A" << 50.0 << +1 << 177.0 << 0 << "E" << 40.0 << +1 << true << 7.0
                                     << 3;
    // Trailing back from F through S, C (reversed), B to A.
    QTest::newRow("trailing back") << "F" << 10.0 << -1 << 10.0 + 30.0 + 50.0 + 5.0 << 0 << "A" << 95.0 << -1
                                   << false << 0.0 << 3;
    QTest::newRow("backwards keeps orientation")
        << "B" << 10.0 << +1 << -20.0 << 0 << "A" << 90.0 << +1 << false << 0.0 << 1;
    QTest::newRow("start -> start") << "D" << 5.0 << -1 << 10.0 << 0 << "A" << 5.0 << +1 << false << 0.0 << 1;
    QTest::newRow("open end behind") << "A" << 5.0 << -1 << 30.0 << 0 << "D" << 20.0 << +1 << true << 5.0
                                     << 1;
}

void TestLayoutTraversal::advance() {
    QFETCH(QString, from);
    QFETCH(double, s);
    QFETCH(int, dir);
    QFETCH(double, ds);
    QFETCH(int, state);
    QFETCH(QString, to);
    QFETCH(double, sTo);
    QFETCH(int, dirTo);
    QFETCH(bool, stopped);
    QFETCH(double, leftover);
    QFETCH(int, crossings);
    const AdvanceResult r =
        L.advance(TrackPosition{L.trackIndex(from.toStdString()), s, dir}, ds, SwitchStates{state});
    QCOMPARE(QString::fromStdString(L.track(std::size_t(r.position.track)).id()), to);
    QVERIFY2(std::abs(r.position.s - sTo) < eps, qPrintable(QString::number(r.position.s, 'g', 17)));
    QCOMPARE(r.position.direction, dirTo);
    QCOMPARE(r.stoppedAtOpenEnd, stopped);
    QVERIFY(std::abs(r.leftover - leftover) < eps);
    QCOMPARE(r.crossings, crossings);
}

void TestLayoutTraversal::walkRouteDistances() {
    // From A at s = 30 forwards: 70 m to B's start, + B 50 = 120 m to C's end (flip), + C 30 = 150 m through
    // the facing switch to the branch set, then the open end of E / F.
    for (int state : {0, 1}) {
        const Walked w = walk(L, TrackPosition{A, 30.0, +1}, SwitchStates{state});
        QCOMPARE(w.stop, WalkStop::OpenEnd);
        QCOMPARE(int(w.hops.size()), 3);
        const int track[3] = {B, C, state == 0 ? E : F};
        const TrackEnd entry[3] = {TrackEnd::Start, TrackEnd::End, TrackEnd::Start};
        const int direction[3] = {+1, -1, +1};
        const double distance[3] = {70.0, 120.0, 150.0};
        const TrackEndIndex left[3] = {{A, TrackEnd::End}, {B, TrackEnd::End}, {C, TrackEnd::Start}};
        for (int k = 0; k < 3; ++k) {
            const RouteHop& h = w.hops[std::size_t(k)];
            QCOMPARE(h.hop, k);
            QVERIFY(h.left == left[k]);
            QVERIFY(!h.via.open);
            QCOMPARE(h.via.track, track[k]);
            QCOMPARE(h.via.entry, entry[k]);
            QCOMPARE(h.via.direction, direction[k]);
            QVERIFY2(std::abs(h.distance - distance[k]) < eps,
                     qPrintable(QString::number(h.distance, 'g', 17)));
        }
        QCOMPARE(w.hops[0].via.viaConnection, 0);
        QCOMPARE(w.hops[1].via.viaConnection, 1);
        QCOMPARE(w.hops[2].via.viaSwitch, 0);
        QCOMPARE(w.hops[2].via.branch, state);
        QVERIFY(!w.hops[2].via.trailing);
    }
}

void TestLayoutTraversal::walkRouteTrailing() {
    // From F at s = 10 backwards: trailing through S onto C's start (10 m), C end -> B end (+30 = 40 m),
    // B start -> A end (+50 = 90 m), A start -> D start (+100 = 190 m), D's end is open.
    const Walked w = walk(L, TrackPosition{F, 10.0, -1}, SwitchStates{0});
    QCOMPARE(w.stop, WalkStop::OpenEnd);
    QCOMPARE(int(w.hops.size()), 4);
    const int track[4] = {C, B, A, D};
    const TrackEnd entry[4] = {TrackEnd::Start, TrackEnd::End, TrackEnd::End, TrackEnd::Start};
    const int direction[4] = {+1, -1, -1, +1};
    const double distance[4] = {10.0, 40.0, 90.0, 190.0};
    for (int k = 0; k < 4; ++k) {
        const RouteHop& h = w.hops[std::size_t(k)];
        QCOMPARE(h.via.track, track[k]);
        QCOMPARE(h.via.entry, entry[k]);
        QCOMPARE(h.via.direction, direction[k]);
        QVERIFY(std::abs(h.distance - distance[k]) < eps);
    }
    QVERIFY(w.hops[0].left == (TrackEndIndex{F, TrackEnd::Start}));
    QVERIFY(w.hops[0].via.trailing);
    QCOMPARE(w.hops[0].via.branch, 1);
    QVERIFY(w.hops[0].via.trailedAgainst); // S is set for E: whatever the state, the walk goes on
    QCOMPARE(w.hops[3].via.viaConnection, 2);
}

void TestLayoutTraversal::walkRouteOpenEndAtOnce() {
    // E's end and D's end are open: nothing is visited.
    Walked w = walk(L, TrackPosition{E, 5.0, +1}, {});
    QCOMPARE(w.stop, WalkStop::OpenEnd);
    QVERIFY(w.hops.empty());
    w = walk(L, TrackPosition{D, 0.0, +1}, {});
    QCOMPARE(w.stop, WalkStop::OpenEnd);
    QVERIFY(w.hops.empty());
}

void TestLayoutTraversal::walkRouteLoop() {
    const Layout M = Layout::compile(layoutSpecFromJson(Json::parse(loop)));
    const int P = M.trackIndex("P"), Q = M.trackIndex("Q"), R = M.trackIndex("R");
    QCOMPARE(M.trackCount(), std::size_t(3));
    // Round the loop from P at s = 4 (one lap = 60 m): Q at 6, R at 26, P at 56, Q at 66, ... until the
    // bound of 2 x 3 + 2 = 8 ends crossed (the last: R at 146 m).
    Walked w = walk(M, TrackPosition{P, 4.0, +1}, {});
    QCOMPARE(w.stop, WalkStop::HopLimit);
    QCOMPARE(int(w.hops.size()), 8);
    const int track[8] = {Q, R, P, Q, R, P, Q, R};
    const double distance[8] = {6.0, 26.0, 56.0, 66.0, 86.0, 116.0, 126.0, 146.0};
    for (int k = 0; k < 8; ++k) {
        QCOMPARE(w.hops[std::size_t(k)].via.track, track[k]);
        QCOMPARE(w.hops[std::size_t(k)].via.entry, TrackEnd::Start);
        QVERIFY(std::abs(w.hops[std::size_t(k)].distance - distance[k]) < eps);
    }
    // One lap: the visitor stops on coming back to P (entered 56 m ahead, after 3 crossings).
    int laps = 0;
    double back = -1.0;
    QCOMPARE(M.walkRoute(TrackPosition{P, 4.0, +1}, {},
                         [&](const RouteHop& h) {
                             ++laps;
                             if (h.via.track != P) return true;
                             back = h.distance;
                             return false;
                         }),
             WalkStop::Visitor);
    QCOMPARE(laps, 3);
    QVERIFY(std::abs(back - 56.0) < eps);
    // Backwards from P at s = 4: R's end at 4 m, Q's end at 34 m, P's end at 54 m, ...
    w = walk(M, TrackPosition{P, 4.0, -1}, {}, 3);
    QCOMPARE(w.stop, WalkStop::Visitor);
    QCOMPARE(w.hops[0].via.track, R);
    QCOMPARE(w.hops[0].via.entry, TrackEnd::End);
    QCOMPARE(w.hops[0].via.direction, -1);
    QVERIFY(std::abs(w.hops[0].distance - 4.0) < eps);
    QVERIFY(std::abs(w.hops[1].distance - 34.0) < eps);
    QCOMPARE(w.hops[2].via.track, P);
    QVERIFY(std::abs(w.hops[2].distance - 54.0) < eps);
    // A closed spline with nothing attached goes round itself: 2 x 7 + 2 = 16 crossings in the network.
    const double g = L.track(std::size_t(G)).length();
    w = walk(L, TrackPosition{G, 0.25 * g, +1}, {});
    QCOMPARE(w.stop, WalkStop::HopLimit);
    QCOMPARE(int(w.hops.size()), 16);
    QCOMPARE(w.hops.back().via.track, G);
    QVERIFY(std::abs(w.hops.front().distance - 0.75 * g) < 1e-9 * g);
    QVERIFY(std::abs(w.hops.back().distance - 15.75 * g) < 1e-9 * g);
}

void TestLayoutTraversal::walkRouteNoBranch() {
    // S set to 2 (it has branches 0 and 1): B at 70, C at 120, then the walk stops at the switch, no throw.
    for (int bad : {2, -1}) {
        Walked w;
        try {
            w = walk(L, TrackPosition{A, 30.0, +1}, SwitchStates{bad});
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QCOMPARE(w.stop, WalkStop::NoBranch);
        QCOMPARE(int(w.hops.size()), 2);
        QCOMPARE(w.hops[1].via.track, C);
        QVERIFY(std::abs(w.hops[1].distance - 120.0) < eps);
    }
    // Trailing through S does not read its state: the walk goes on.
    const Walked t = walk(L, TrackPosition{F, 10.0, -1}, SwitchStates{2});
    QCOMPARE(t.stop, WalkStop::OpenEnd);
    QCOMPARE(int(t.hops.size()), 4);
}

void TestLayoutTraversal::walkRouteVisitStops() {
    // Stop at the first track entered.
    Walked w = walk(L, TrackPosition{A, 30.0, +1}, {}, 1);
    QCOMPARE(w.stop, WalkStop::Visitor);
    QCOMPARE(int(w.hops.size()), 1);
    QCOMPARE(w.hops[0].via.track, B);
    // Stop beyond 100 m: B (70 m) is visited and C (120 m) is the last.
    int visits = 0;
    QCOMPARE(L.walkRoute(TrackPosition{A, 30.0, +1}, {},
                         [&](const RouteHop& h) {
                             ++visits;
                             return h.distance <= 100.0;
                         }),
             WalkStop::Visitor);
    QCOMPARE(visits, 2);
    QVERIFY_THROWS_EXCEPTION(
        std::out_of_range, L.walkRoute(TrackPosition{99, 0.0, +1}, {}, [](const RouteHop&) { return true; }));
}

void TestLayoutTraversal::branchesAcrossFacing() {
    // The facing switch S at C's start: both branches, in branch order, whatever the state (even no branch).
    for (const SwitchStates& states : {SwitchStates{}, SwitchStates{0}, SwitchStates{1}, SwitchStates{2}}) {
        const std::vector<Transition> b = L.branchesAcross(C, TrackEnd::Start, states);
        QCOMPARE(int(b.size()), 2);
        const int track[2] = {E, F};
        for (int k = 0; k < 2; ++k) {
            QVERIFY(!b[std::size_t(k)].open);
            QCOMPARE(b[std::size_t(k)].track, track[k]);
            QCOMPARE(b[std::size_t(k)].entry, TrackEnd::Start);
            QCOMPARE(b[std::size_t(k)].direction, +1);
            QCOMPARE(b[std::size_t(k)].viaSwitch, 0);
            QCOMPARE(b[std::size_t(k)].branch, k);
            QVERIFY(!b[std::size_t(k)].trailing);
        }
    }
}

void TestLayoutTraversal::branchesAcrossOneWay() {
    // Trailing from branch F: the one way back to C's start, run through when S is set for E.
    for (int state : {0, 1}) {
        const std::vector<Transition> b = L.branchesAcross(F, TrackEnd::Start, SwitchStates{state});
        QCOMPARE(int(b.size()), 1);
        QCOMPARE(b[0].track, C);
        QCOMPARE(b[0].entry, TrackEnd::Start);
        QCOMPARE(b[0].direction, +1);
        QVERIFY(b[0].trailing);
        QCOMPARE(b[0].branch, 1);
        QCOMPARE(b[0].trailedAgainst, state == 0);
    }
    // A connection: B's end onto C's end (flip).
    std::vector<Transition> b = L.branchesAcross(B, TrackEnd::End, {});
    QCOMPARE(int(b.size()), 1);
    QCOMPARE(b[0].track, C);
    QCOMPARE(b[0].entry, TrackEnd::End);
    QCOMPARE(b[0].direction, -1);
    QCOMPARE(b[0].viaConnection, 1);
    // Open ends: none.
    QVERIFY(L.branchesAcross(E, TrackEnd::End, {}).empty());
    QVERIFY(L.branchesAcross(D, TrackEnd::End, {}).empty());
    // A closed spline with nothing attached: onto itself.
    b = L.branchesAcross(G, TrackEnd::End, {});
    QCOMPARE(int(b.size()), 1);
    QCOMPARE(b[0].track, G);
    QCOMPARE(b[0].entry, TrackEnd::Start);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, L.branchesAcross(99, TrackEnd::End, {}));
}

QTEST_APPLESS_MAIN(TestLayoutTraversal)
#include "tst_layout_traversal.moc"
