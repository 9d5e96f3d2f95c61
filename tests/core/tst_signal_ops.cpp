// Signal operations of the designer (core/design/SignalOps.h) and what the track operations do to signals
// (core/design/TrackOps.h): a signal added gets the first free id "S<k>", faces increasing s and is a block
// signal; deleting a signal deletes the routes from or to it; renaming one renames them; renaming a track
// renames its signals' track, splitting it moves the signals beyond the cut onto the second half (s from the
// cut), deleting it deletes its signals and every route naming them or a switch that went. Each result
// compiles, validates and round-trips.
#include "DesignTestUtil.h"
#include "core/design/SignalOps.h"
#include "core/design/TrackOps.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

using namespace tl;
using namespace tl::design;

namespace {
// A 600 m line A, then a switch W1 at its end: B (400 m straight on) or C (a 60 m curve); H1 home signal at
// 500 m of A, X1 at 300 m of B, X2 at 50 m of C; routes R1 (H1 to X1, W1 straight) and R2 (H1 to X2, W1 to
// C).
const char* kJunction = R"({"format": "tracklab-layout", "version": 2, "tracks": [
    {"id": "A", "curve": {"type": "line", "length": 600}, "frame": "up"},
    {"id": "B", "curve": {"type": "line", "length": 400}, "frame": "up", "placement": {"after": ["A", "end"]}},
    {"id": "C", "curve": {"type": "arc", "radius": 300, "angle": 0.2}, "frame": "up",
     "placement": {"after": ["A", "end"]}}],
  "switches": [{"id": "W1", "at": ["A", "end"], "branches": [["B", "start"], ["C", "start"]]}],
  "signals": [{"id": "H1", "track": "A", "s": 500, "kind": "home"}, {"id": "X1", "track": "B", "s": 300},
              {"id": "X2", "track": "C", "s": 50}],
  "routes": [{"id": "R1", "from": "H1", "to": "X1", "switches": [["W1", 0]]},
             {"id": "R2", "from": "H1", "to": "X2", "switches": [["W1", 1]]}]})";

LayoutSpec junction() {
    return parseLayoutSpec(kJunction, "junction");
}

std::vector<std::string> signalIds(const LayoutSpec& spec) {
    std::vector<std::string> out;
    for (const SignalSpec& g : spec.signalSpecs)
        out.push_back(g.id);
    return out;
}

std::vector<std::string> routeIds(const LayoutSpec& spec) {
    std::vector<std::string> out;
    for (const RouteSpec& r : spec.routeSpecs)
        out.push_back(r.id);
    return out;
}
} // namespace

class TestSignalOps : public QObject {
    Q_OBJECT
private slots:
    void addGivesTheFirstFreeId();
    void deleteTakesItsRoutes();
    void renameRenamesItsRoutes();
    void trackOperationsKeepSignalsConsistent();
};

void TestSignalOps::addGivesTheFirstFreeId() {
    const LayoutSpec spec0 = junction();
    test::checkedLayout(spec0);
    const DesignEdit a = addSignal(spec0, "B", 120.5);
    QCOMPARE(QString::fromStdString(a.description), QString("Add signal S1 on B at 120.5 m"));
    const SignalSpec& g = a.spec.signalSpecs.back();
    QCOMPARE(g.id, std::string("S1"));
    QCOMPARE(g.track, std::string("B"));
    QCOMPARE(g.s, 120.5);
    QCOMPARE(g.direction, 1);
    QVERIFY(g.kind == SignalKind::Block);
    QVERIFY(!g.overlap);
    QCOMPARE(a.spec.signalSpecs.size(), spec0.signalSpecs.size() + 1);
    const Layout L = test::checkedLayout(a.spec);
    QCOMPARE(L.signalIndex("S1"), 3);
    // the next one: S2; a free id below a taken one is taken first
    const DesignEdit b = addSignal(a.spec, "A", 100.0, -1);
    QCOMPARE(b.spec.signalSpecs.back().id, std::string("S2"));
    QCOMPARE(b.spec.signalSpecs.back().direction, -1);
    test::checkedLayout(b.spec);
    QCOMPARE(addSignal(deleteSignal(b.spec, "S1").spec, "B", 10.0).spec.signalSpecs.back().id,
             std::string("S1"));
    // a version-1 file becomes version 2 ("signals" is a version-2 key)
    LayoutSpec old = spec0;
    old.version = 1;
    old.signalSpecs.clear();
    old.routeSpecs.clear();
    QCOMPARE(addSignal(old, "A", 10.0).spec.version, 2);
    QVERIFY_THROWS_EXCEPTION(DesignError, addSignal(spec0, "nowhere", 10.0));
    QVERIFY_THROWS_EXCEPTION(DesignError, addSignal(spec0, "A", 10.0, 0));
}

void TestSignalOps::deleteTakesItsRoutes() {
    const LayoutSpec spec0 = junction();
    const DesignEdit x1 = deleteSignal(spec0, "X1");
    QCOMPARE(QString::fromStdString(x1.description), QString("Delete signal X1 and its route"));
    QCOMPARE(signalIds(x1.spec), (std::vector<std::string>{"H1", "X2"}));
    QCOMPARE(routeIds(x1.spec), std::vector<std::string>{"R2"});
    QCOMPARE(test::checkedLayout(x1.spec).routeList().size(), std::size_t(1));
    const DesignEdit h1 = deleteSignal(spec0, "H1");
    QCOMPARE(QString::fromStdString(h1.description), QString("Delete signal H1 and its 2 routes"));
    QVERIFY(h1.spec.routeSpecs.empty());
    test::checkedLayout(h1.spec);
    const DesignEdit added = addSignal(spec0, "B", 50.0);
    QCOMPARE(QString::fromStdString(deleteSignal(added.spec, "S1").description), QString("Delete signal S1"));
    QVERIFY(deleteSignal(added.spec, "S1").spec == spec0);
    QVERIFY_THROWS_EXCEPTION(DesignError, deleteSignal(spec0, "nowhere"));
}

void TestSignalOps::renameRenamesItsRoutes() {
    const LayoutSpec spec0 = junction();
    const DesignEdit e = renameSignal(spec0, "H1", "E1");
    QCOMPARE(QString::fromStdString(e.description), QString("Rename signal H1 to E1"));
    QCOMPARE(signalIds(e.spec), (std::vector<std::string>{"E1", "X1", "X2"}));
    for (const RouteSpec& r : e.spec.routeSpecs)
        QCOMPARE(r.from, std::string("E1"));
    const Layout L = test::checkedLayout(e.spec);
    QCOMPARE(L.routeList()[0].from, L.signalIndex("E1"));
    QVERIFY(layoutSpecText(e.spec).find("\"H1\"") == std::string::npos);
    const DesignEdit x = renameSignal(spec0, "X2", "Y");
    QCOMPARE(x.spec.routeSpecs[1].to, std::string("Y"));
    QVERIFY(renameSignal(e.spec, "E1", "H1").spec == spec0); // (undo)
    QVERIFY_THROWS_EXCEPTION(DesignError, renameSignal(spec0, "H1", "X1"));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameSignal(spec0, "H1", ""));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameSignal(spec0, "H1", " E1"));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameSignal(spec0, "H1", "H1"));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameSignal(spec0, "nowhere", "E1"));
}

void TestSignalOps::trackOperationsKeepSignalsConsistent() {
    const Layout L0 = test::checkedLayout(junction());
    // rename: its signals stand on the renamed track
    const DesignEdit r = renameTrack(L0.spec(), "A", "main");
    QCOMPARE(r.spec.signalSpecs[0].track, std::string("main"));
    QVERIFY(layoutSpecText(r.spec).find("\"A\"") == std::string::npos);
    test::checkedLayout(r.spec);
    // split at 200 m: H1 (500 m) now stands at 300 m of the second half, which the switch is at
    const DesignEdit s = splitTrack(L0, "A", 200.0);
    QCOMPARE(s.newTracks[0], std::string("Ab"));
    QCOMPARE(s.spec.signalSpecs[0].track, std::string("Ab"));
    QCOMPARE(s.spec.signalSpecs[0].s, 300.0);
    const Layout LS = test::checkedLayout(s.spec);
    QVERIFY((LS.frameInWorld(std::size_t(LS.signalList()[0].track), LS.signalList()[0].s).F.P -
             L0.frameInWorld(std::size_t(L0.signalList()[0].track), L0.signalList()[0].s).F.P)
                .norm() < 1e-9);
    QCOMPARE(LS.routeList().size(), std::size_t(2));
    // a signal before the cut stays where it was
    const DesignEdit s2 = splitTrack(L0, "A", 550.0);
    QCOMPARE(s2.spec.signalSpecs[0].track, std::string("A"));
    QCOMPARE(s2.spec.signalSpecs[0].s, 500.0);
    test::checkedLayout(s2.spec);
    // delete B: X1 goes with R1 (to X1); W1 keeps one branch and becomes a connection, so R2 (setting W1)
    // goes too
    const DesignEdit d = deleteTrack(L0, "B");
    QCOMPARE(signalIds(d.spec), (std::vector<std::string>{"H1", "X2"}));
    QVERIFY(d.spec.switches.empty());
    QVERIFY(d.spec.routeSpecs.empty());
    const Layout LD = test::checkedLayout(d.spec);
    QCOMPARE(LD.signalList()[0].exits, std::vector<int>{1}); // H1's block now ends at X2
    // delete A: H1 and both routes from it go
    const DesignEdit a = deleteTrack(L0, "A");
    QCOMPARE(signalIds(a.spec), (std::vector<std::string>{"X1", "X2"}));
    QVERIFY(a.spec.routeSpecs.empty());
    test::checkedLayout(a.spec);
}

QTEST_MAIN(TestSignalOps)
#include "tst_signal_ops.moc"
