// Layout traversal: where a vehicle goes after crossing a track end (end->start, end->end with a direction
// flip, start->start, a switch's states 0/1, a trailing move back through a switch, an open end) and
// advance() over many ends. Reference: docs/layout-format.md, "Connections" and "Switches" (the rules are
// exact: integer results and lengths that are sums of track lengths, compared to 1e-9 m).
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

const double eps = 1e-9; // [m] sums of exact lengths
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

QTEST_APPLESS_MAIN(TestLayoutTraversal)
#include "tst_layout_traversal.moc"
