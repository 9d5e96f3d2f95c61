// TrackFeeder (physics/rail/TrackFeeder.h): the ds rule of docs/trackjoint.md, ds = (A.P(t+dt) - F.P(s,t+dt))
// . F.T(s,t), and the carry across track ends. Checked against exact values: only the component of the
// anchor's offset along F.T moves s (sideways and vertical offsets do not), on a line and on an arc; ds is
// along increasing s whichever way the vehicle faces; a connection end -> start continues with s = overshoot,
// two like ends (end -> end) flip the direction and count s back from the length; a switch leads to the
// branch its state selects; an open end stops the position at that end and reports which end.
#include "LayoutText.h"
#include "physics/rail/TrackFeeder.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {

// A (100 m along +x from the origin) -> B (arc R = 50 m, 1 rad) joined end to start; A's start is open.
const char* kChain = R"({"format": "tracklab-layout", "version": 2, "tracks": [
  {"id": "A", "curve": {"type": "line", "length": 100}},
  {"id": "B", "curve": {"type": "arc", "radius": 50, "angle": 1}, "placement": {"after": ["A", "end"]}}],
  "connections": [{"a": ["A", "end"], "b": ["B", "start"]}]})";

// A's end meets C's end: C (50 m) runs from x = 150 back to x = 100 (turned half a turn about z).
const char* kLikeEnds = R"({"format": "tracklab-layout", "version": 2, "tracks": [
  {"id": "A", "curve": {"type": "line", "length": 100}},
  {"id": "C", "curve": {"type": "line", "length": 50},
   "placement": {"position": [150, 0, 0], "rotation": [0, 0, 0, 1]}}],
  "connections": [{"a": ["A", "end"], "b": ["C", "end"]}]})";

// A's end is a switch's trunk: branch 0 is B (a left arc), branch 1 is C (a straight).
const char* kSwitch = R"({"format": "tracklab-layout", "version": 2, "tracks": [
  {"id": "A", "curve": {"type": "line", "length": 100}},
  {"id": "B", "curve": {"type": "arc", "radius": 300, "angle": 0.1}, "placement": {"after": ["A", "end"]}},
  {"id": "C", "curve": {"type": "line", "length": 30}, "placement": {"after": ["A", "end"]}}],
  "switches": [{"id": "S", "at": ["A", "end"], "branches": [["B", "start"], ["C", "start"]], "state": 0}]})";

TrackPosition at(int track, double s, int direction) {
    TrackPosition p;
    p.track = track;
    p.s = s;
    p.direction = direction;
    return p;
}

// Feed with the anchor at F.P(s) + along F.T + side F.wN + up F.wB (the track at rest: F.P(s, t+dt) = F.P(s,
// t)).
FeedResult feedBy(const Layout& L, const SwitchStates& st, const TrackPosition& p, double along,
                  double side = 0, double up = 0) {
    const TwistedFrame f = L.frameInWorld(std::size_t(p.track), p.s);
    const Vec3 AP = f.F.P + along * f.F.T + side * f.wN + up * f.wB;
    return feedTrack(L, st, p, AP, f.F.P, f.F.T);
}

} // namespace

class TstTrackFeeder : public QObject {
    Q_OBJECT
private slots:
    void dsIsTheTangentComponent();
    void dsOnAnArcIsAlongTheTangent();
    void directionDoesNotChangeDs();
    void crossesAConnection();
    void likeEndsFlipTheDirection();
    void switchStateSelectsTheBranch();
    void openEndsStop();
};

void TstTrackFeeder::dsIsTheTangentComponent() {
    const Layout L = layoutFrom(kChain);
    const SwitchStates none = L.initialSwitchStates();
    // on A (F.T = +x): the anchor 2.5 m ahead, 0.3 m to the side and 0.2 m up moves s by 2.5 exactly
    const FeedResult f =
        feedTrack(L, none, at(0, 10, +1), Vec3(12.5, 0.3, 0.2), Vec3(10, 0, 0), Vec3(1, 0, 0));
    QCOMPARE(f.ds, 2.5);
    QCOMPARE(f.position.track, 0);
    QCOMPARE(f.position.s, 12.5);
    QCOMPARE(f.position.direction, +1);
    QCOMPARE(f.crossings, 0);
    QVERIFY(!f.openEnd);
    // F.T given at an angle (the track turned during the step): ds = (1, 1, 0) . (0.6, 0.8, 0) = 1.4
    const FeedResult g = feedTrack(L, none, at(0, 10, +1), Vec3(11, 1, 0), Vec3(10, 0, 0), Vec3(0.6, 0.8, 0));
    QVERIFY(std::abs(g.ds - 1.4) < 1e-15);
    QVERIFY(std::abs(g.position.s - 11.4) < 1e-14);
    // where s is not the track's arc length (a heartline track: Frame::speed metres of rails per unit of
    // s), ds is the tangent component over the speed: 2.5 m of rails at 1.25 m per unit of s is 2.0
    const FeedResult q =
        feedTrack(L, none, at(0, 10, +1), Vec3(12.5, 0.3, 0.2), Vec3(10, 0, 0), Vec3(1, 0, 0), 1.25);
    QCOMPARE(q.ds, 2.0);
    QCOMPARE(q.position.s, 12.0);
    // a purely sideways or vertical offset does not move s
    const FeedResult h = feedBy(L, none, at(0, 40, +1), 0.0, 0.7, -0.4);
    QVERIFY(std::abs(h.ds) < 1e-15);
    QVERIFY(std::abs(h.position.s - 40) < 1e-13);
    // backwards along the track: negative ds
    const FeedResult b = feedBy(L, none, at(0, 40, +1), -1.25);
    QVERIFY(std::abs(b.ds + 1.25) < 1e-14);
    QVERIFY(std::abs(b.position.s - 38.75) < 1e-13);
}

void TstTrackFeeder::dsOnAnArcIsAlongTheTangent() {
    // on the arc B (R = 50 m) the anchor 1 m along F.T and 0.5 m along wN: s moves by 1 m exactly -- the
    // tangent projection of docs/trackjoint.md, not the arc length to the nearest point (50 atan(1/49.5) =
    // 1.0101 m, or 50 atan(1/50.5) = 0.9900 m on the other side)
    const Layout L = layoutFrom(kChain);
    const SwitchStates none = L.initialSwitchStates();
    for (double side : {0.5, -0.5, 0.0}) {
        const FeedResult f = feedBy(L, none, at(1, 10, +1), 1.0, side, 0.3);
        QVERIFY2(std::abs(f.ds - 1.0) < 1e-13, qPrintable(QString::number(f.ds, 'g', 17)));
        QVERIFY(std::abs(f.position.s - 11.0) < 1e-13);
        QCOMPARE(f.position.track, 1);
    }
}

void TstTrackFeeder::directionDoesNotChangeDs() {
    // a vehicle facing decreasing s (direction -1): ds is still along increasing s and moves s the same way;
    // the orientation is kept
    const Layout L = layoutFrom(kChain);
    const SwitchStates none = L.initialSwitchStates();
    const FeedResult f = feedTrack(L, none, at(0, 10, -1), Vec3(12.5, 0, 0), Vec3(10, 0, 0), Vec3(1, 0, 0));
    QCOMPARE(f.ds, 2.5);
    QCOMPARE(f.position.s, 12.5);
    QCOMPARE(f.position.direction, -1);
    const FeedResult g = feedTrack(L, none, at(0, 10, -1), Vec3(7, 0, 0), Vec3(10, 0, 0), Vec3(1, 0, 0));
    QCOMPARE(g.ds, -3.0);
    QCOMPARE(g.position.s, 7.0);
}

void TstTrackFeeder::crossesAConnection() {
    // from s = 99 on A, 3 m forward: 1 m to A's end, 2 m onto B from its start
    const Layout L = layoutFrom(kChain);
    const SwitchStates none = L.initialSwitchStates();
    const FeedResult f = feedTrack(L, none, at(0, 99, +1), Vec3(102, 0, 0), Vec3(99, 0, 0), Vec3(1, 0, 0));
    QCOMPARE(f.ds, 3.0);
    QCOMPARE(f.crossings, 1);
    QVERIFY(!f.openEnd);
    QCOMPARE(f.position.track, 1);
    QVERIFY(std::abs(f.position.s - 2.0) < 1e-12);
    QCOMPARE(f.position.direction, +1);
    // and back: from s = 1 on B, 4 m backward: 3 m before A's end
    const FeedResult g = feedBy(L, none, at(1, 1, +1), -4.0);
    QCOMPARE(g.crossings, 1);
    QCOMPARE(g.position.track, 0);
    QVERIFY(std::abs(g.position.s - 97.0) < 1e-12);
    QCOMPARE(g.position.direction, +1);
}

void TstTrackFeeder::likeEndsFlipTheDirection() {
    // A's end meets C's end: 3 m past A's end is s = 50 - 2 = 48 on C, now travelling against C's s, the
    // vehicle facing decreasing s (direction -1: its x axis still points where it travels)
    const Layout L = layoutFrom(kLikeEnds);
    const SwitchStates none = L.initialSwitchStates();
    const FeedResult f = feedTrack(L, none, at(0, 99, +1), Vec3(102, 0, 0), Vec3(99, 0, 0), Vec3(1, 0, 0));
    QCOMPARE(f.crossings, 1);
    QCOMPARE(f.position.track, 1);
    QVERIFY(std::abs(f.position.s - 48.0) < 1e-12);
    QCOMPARE(f.position.direction, -1);
    // on C, going on the same way (away from the joint) is ds < 0 along C's s: from s = 48, ds = -3 is s = 45
    const FeedResult g = feedBy(L, none, f.position, -3.0);
    QCOMPARE(g.position.track, 1);
    QVERIFY(std::abs(g.position.s - 45.0) < 1e-12);
    const FeedResult h = feedBy(L, none, f.position, +3.0); // back toward the joint: 2 m to it, 1 m onto A
    QCOMPARE(h.crossings, 1);
    QCOMPARE(h.position.track, 0);
    QVERIFY(std::abs(h.position.s - 99.0) < 1e-12);
    QCOMPARE(h.position.direction, +1);
}

void TstTrackFeeder::switchStateSelectsTheBranch() {
    const Layout L = layoutFrom(kSwitch);
    QCOMPARE(L.initialSwitchStates(), SwitchStates{0});
    for (int state : {0, 1}) {
        const FeedResult f = feedBy(L, SwitchStates{state}, at(0, 98, +1), 5.0);
        QCOMPARE(f.crossings, 1);
        QCOMPARE(f.position.track, 1 + state); // branch 0 -> B, branch 1 -> C
        QVERIFY(std::abs(f.position.s - 3.0) < 1e-12);
    }
    // trailing back from either branch leads to the trunk, whatever the state
    for (int state : {0, 1}) {
        const FeedResult f = feedBy(L, SwitchStates{state}, at(2, 1, +1), -2.0);
        QCOMPARE(f.position.track, 0);
        QVERIFY(std::abs(f.position.s - 99.0) < 1e-12);
    }
}

void TstTrackFeeder::openEndsStop() {
    const Layout L = layoutFrom(kChain);
    const SwitchStates none = L.initialSwitchStates();
    // A's start is open: 3 m back from s = 1 stops at s = 0, the start
    const FeedResult f = feedBy(L, none, at(0, 1, +1), -3.0);
    QVERIFY(f.openEnd);
    QVERIFY(f.end == TrackEnd::Start);
    QCOMPARE(f.position.track, 0);
    QCOMPARE(f.position.s, 0.0);
    QVERIFY(std::abs(f.ds + 3.0) < 1e-13);
    // B's end (50 m of arc) is open: 2 m past it from s = 49.5 stops at s = 50, the end
    const FeedResult g = feedBy(L, none, at(1, 49.5, -1), 2.0);
    QVERIFY(g.openEnd);
    QVERIFY(g.end == TrackEnd::End);
    QCOMPARE(g.position.track, 1);
    QVERIFY(std::abs(g.position.s - 50.0) < 1e-12);
}

QTEST_MAIN(TstTrackFeeder)
#include "tst_track_feeder.moc"
