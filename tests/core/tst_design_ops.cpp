// Track operations of the designer (core/design/TrackOps): delete, split, change type, insert a switch,
// rename, toggle. Each leaves a layout that compiles, validates without error and round-trips, keeps
// the geometry it promises (split: the halves trace the original to 1e-9) and every reference following.
#include "DesignTestUtil.h"
#include "core/design/SpecPatch.h"
#include "core/design/TrackOps.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <numbers>

using namespace tl;
using namespace tl::design;

namespace {
Layout demo() {
    return Layout::compile(loadLayoutSpec(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json"), "demo.json");
}

const char* kOneOfEach = R"({"format": "tracklab-layout", "version": 1, "tracks": [
    {"id": "L", "curve": {"type": "line", "length": 100}},
    {"id": "K", "curve": {"type": "clothoid", "length": 80, "curvatureEnd": 0.005},
     "twist": {"type": "linear", "start": 0, "end": -0.1}, "placement": {"after": ["L", "end"]}},
    {"id": "R", "curve": {"type": "arc", "radius": 200, "angle": 0.7},
     "twist": {"type": "keys", "keys": [[0, -0.1], [50, -0.12], [140, -0.1]]}, "placement": {"after": ["K", "end"]}},
    {"id": "H", "curve": {"type": "helix", "radius": 40, "pitch": 6, "turns": 1.5},
     "placement": {"position": [0, 300, 0]}},
    {"id": "P", "curve": {"type": "spline", "points": [[0, 0, 0], [40, 10, 0], [90, -5, 2], [140, 0, 0]]},
     "placement": {"position": [0, -300, 0]}},
    {"id": "N", "curve": {"type": "clothoid", "length": 50, "curvatureStart": 0.005},
     "twist": {"type": "constant", "angle": -0.1}, "placement": {"after": ["R", "end"]}}],
  "connections": [{"a": ["L", "end"], "b": ["K", "start"]}, {"a": ["K", "end"], "b": ["R", "start"]},
                  {"a": ["R", "end"], "b": ["N", "start"]}],
  "trains": [{"id": "X", "cars": ["locomotive"], "start": {"track": "R", "s": 100, "direction": 1}}]})";
} // namespace

class TestDesignOps : public QObject {
    Q_OBJECT
private slots:
    void patchesCoverEveryField();
    void splitTracesTheOriginal_data();
    void splitTracesTheOriginal();
    void splitMovesReferences();
    void deleteTakesItsJoints();
    void deleteKeepsFollowersInPlace();
    void deleteRefusesUnderATrain();
    void renameFollowsEverywhere();
    void changeTypeKeepsEnds_data();
    void changeTypeKeepsEnds();
    void insertSwitchAndToggle();
    void patchesKeepOnlyTheChange();
};

void TestDesignOps::splitTracesTheOriginal_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("s");
    QTest::newRow("line") << "L" << 37.5;
    QTest::newRow("clothoid") << "K" << 21.0;
    QTest::newRow("arc") << "R" << 60.0;
    QTest::newRow("helix") << "H" << 250.0;
}

void TestDesignOps::splitTracesTheOriginal() {
    QFETCH(QString, id);
    QFETCH(double, s);
    const Layout L0 = Layout::compile(parseLayoutSpec(kOneOfEach));
    const DesignEdit e = splitTrack(L0, id.toStdString(), s);
    const Layout L = test::checkedLayout(e.spec);
    const int i0 = L0.trackIndex(id.toStdString());
    const int a = L.trackIndex(id.toStdString()), b = L.trackIndex(e.newTracks[0]);
    const double len = L0.track(std::size_t(i0)).length();
    QVERIFY(std::abs(L.track(std::size_t(a)).length() - s) < 1e-9);
    QVERIFY(std::abs(L.track(std::size_t(b)).length() - (len - s)) < 1e-9);
    for (double x : {0.0, 0.3, 0.7, 1.0}) {
        const TwistedFrame f0 = L0.frameInWorld(std::size_t(i0), x * len);
        const TwistedFrame f = x * len <= s ? L.frameInWorld(std::size_t(a), x * len)
                                            : L.frameInWorld(std::size_t(b), x * len - s);
        QVERIFY2((f.F.P - f0.F.P).norm() < 1e-9, qPrintable(QString::number((f.F.P - f0.F.P).norm())));
        QVERIFY((f.F.T - f0.F.T).norm() < 1e-9);
        QVERIFY(std::abs(f.F.kappa - f0.F.kappa) < 1e-9);
        QVERIFY((f.wB - f0.wB).norm() < 1e-9); // the twist splits with it
    }
    const auto w = test::worstJoint(L);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9 && w.curvature < 1e-9);
    QCOMPARE(QString::fromStdString(e.description), QString("Split %1 at %2 m").arg(id).arg(s));
}

void TestDesignOps::splitMovesReferences() {
    const Layout L0 = Layout::compile(parseLayoutSpec(kOneOfEach));
    const DesignEdit e = splitTrack(L0, "R", 60.0);
    QCOMPARE(e.newTracks[0], std::string("Rb"));
    // the train at s = 100 of R is now at 40 of Rb; N follows Rb's end
    QCOMPARE(e.spec.trains[0]["start"]["track"].get<std::string>(), std::string("Rb"));
    QCOMPARE(e.spec.trains[0]["start"]["s"].get<double>(), 40.0);
    const TrackSpec& n = e.spec.tracks[std::size_t(e.spec.trackIndex("N"))];
    QVERIFY(n.placement.after == (EndRef{"Rb", TrackEnd::End}));
    const Layout L = test::checkedLayout(e.spec);
    // N did not move
    QVERIFY((L.frameInWorld(std::size_t(L.trackIndex("N")), 0).F.P -
             L0.frameInWorld(std::size_t(L0.trackIndex("N")), 0).F.P)
                .norm() < 1e-9);
    // a spline splits G1 at the cut
    const DesignEdit p = splitTrack(L0, "P", 70.0);
    const Layout LP = test::checkedLayout(p.spec);
    const auto w = test::worstJoint(LP);
    QVERIFY(w.gap < 1e-9 && w.angle < 1e-9);
    QVERIFY_THROWS_EXCEPTION(DesignError, splitTrack(L0, "L", 0.0));
    QVERIFY_THROWS_EXCEPTION(DesignError, splitTrack(L0, "L", 100.0));
}

void TestDesignOps::deleteTakesItsJoints() {
    const Layout L0 = demo();
    // the siding's middle piece: both its connections go, the rest stays
    const DesignEdit e = deleteTrack(L0, "siding-reverse");
    QCOMPARE(e.spec.tracks.size(), L0.spec().tracks.size() - 1);
    QCOMPARE(e.spec.connections.size(), L0.spec().connections.size() - 2);
    QCOMPARE(QString::fromStdString(e.description), QString("Delete track siding-reverse"));
    test::checkedLayout(e.spec);
    // a switch branch: the switch with one branch left becomes a connection
    const DesignEdit t = deleteTrack(L0, "turnout");
    QVERIFY(t.spec.switches.empty());
    QCOMPARE(t.spec.connections.size(), L0.spec().connections.size() - 1 + 1);
    QVERIFY((t.spec.connections.back().a == EndRef{"bottom1", TrackEnd::End}));
    QVERIFY((t.spec.connections.back().b == EndRef{"bottom2", TrackEnd::Start}));
    const Layout L = test::checkedLayout(t.spec);
    QVERIFY(!L.next(L.trackIndex("bottom1"), TrackEnd::End, {}).open);
}

void TestDesignOps::deleteKeepsFollowersInPlace() {
    const Layout L0 = demo();
    const DesignEdit e = deleteTrack(L0, "right1"); // "hill" was placed after it
    const Layout L = test::checkedLayout(e.spec);
    const int h0 = L0.trackIndex("hill"), h = L.trackIndex("hill");
    for (double s : {0.0, 100.0})
        QVERIFY((L.frameInWorld(std::size_t(h), s).F.P - L0.frameInWorld(std::size_t(h0), s).F.P).norm() <
                1e-9);
    QVERIFY(!e.spec.tracks[std::size_t(e.spec.trackIndex("hill"))].placement.after);
}

void TestDesignOps::deleteRefusesUnderATrain() {
    const Layout L0 = demo();
    try {
        deleteTrack(L0, "bottom2");
        QFAIL("deleted");
    } catch (const DesignError& e) {
        QVERIFY2(QString(e.what()).contains("stands on bottom2"), e.what());
    }
}

void TestDesignOps::renameFollowsEverywhere() {
    const Layout L0 = demo();
    const DesignEdit e = renameTrack(L0.spec(), "bottom2", "main");
    QCOMPARE(QString::fromStdString(e.description), QString("Rename track bottom2 to main"));
    QCOMPARE(e.spec.trains[0]["start"]["track"].get<std::string>(), std::string("main"));
    QVERIFY((e.spec.switches[0].branches[0] == EndRef{"main", TrackEnd::Start}));
    QVERIFY(e.spec.tracks[std::size_t(e.spec.trackIndex("c1-in"))].placement.after->track == "main");
    const std::string text = layoutSpecText(e.spec);
    QVERIFY(text.find("\"bottom2\"") == std::string::npos);
    const Layout L = test::checkedLayout(e.spec);
    QCOMPARE(L.track(std::size_t(L.trackIndex("main"))).length(),
             L0.track(std::size_t(L0.trackIndex("bottom2"))).length());
    // renaming back gives the original bytes (undo)
    QCOMPARE(layoutSpecText(renameTrack(e.spec, "main", "bottom2").spec), layoutSpecText(L0.spec()));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameTrack(L0.spec(), "bottom2", "top"));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameTrack(L0.spec(), "bottom2", ""));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameTrack(L0.spec(), "bottom2", " main"));
    QVERIFY_THROWS_EXCEPTION(DesignError, renameTrack(L0.spec(), "bottom2", "ma\tin"));
    // a driven track: its drive sections follow (the coaster demo's lift chain and station booster)
    const Layout C =
        test::checkedLayout(loadLayoutSpec(TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json"));
    QCOMPARE(C.spec().drives.size(), std::size_t(2));
    const DesignEdit c = renameTrack(C.spec(), "loop", "circuit");
    for (const auto& d : c.spec.drives)
        QCOMPARE(d.track, std::string("circuit"));
    QVERIFY(layoutSpecText(c.spec).find("\"loop\"") == std::string::npos);
    const Layout C2 = test::checkedLayout(c.spec);
    QCOMPARE(C2.drives().size(), std::size_t(2));
    QCOMPARE(C2.drives()[0].track, C2.trackIndex("circuit"));
}

void TestDesignOps::changeTypeKeepsEnds_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("type");
    QTest::newRow("arc -> clothoid") << "R"
                                     << "clothoid";
    QTest::newRow("arc -> spline") << "R"
                                   << "spline";
    QTest::newRow("arc -> quintic") << "R"
                                    << "quintic";
    QTest::newRow("clothoid -> arc") << "K"
                                     << "arc";
    QTest::newRow("line -> spline") << "L"
                                    << "spline";
}

void TestDesignOps::changeTypeKeepsEnds() {
    QFETCH(QString, id);
    QFETCH(QString, type);
    const Layout L0 = Layout::compile(parseLayoutSpec(kOneOfEach));
    const DesignEdit e = changeCurveType(L0, id.toStdString(), type.toStdString());
    const Layout L = Layout::compile(e.spec);
    const int i = L.trackIndex(id.toStdString());
    const Track& a = L0.track(std::size_t(i));
    const Track& b = L.track(std::size_t(i));
    // start and end direction kept (heading change preserved)
    QVERIFY((a.localFrame(0).F.P - b.localFrame(0).F.P).norm() < 1e-12);
    QVERIFY((a.localFrame(0).F.T - b.localFrame(0).F.T).norm() < 1e-12);
    QVERIFY2(
        (a.localFrame(a.length()).F.T - b.localFrame(b.length()).F.T).norm() < 1e-6,
        qPrintable(QString::number((a.localFrame(a.length()).F.T - b.localFrame(b.length()).F.T).norm())));
    if (type == "arc" || type == "clothoid") QVERIFY(std::abs(a.length() - b.length()) < 1e-9);
    QCOMPARE(QString::fromStdString(e.description), QString("Change %1 to %2").arg(id, type));
    const std::string text = layoutSpecText(e.spec);
    QVERIFY(parseLayoutSpec(text) == e.spec);
}

void TestDesignOps::insertSwitchAndToggle() {
    const Layout L0 = Layout::compile(parseLayoutSpec(kOneOfEach));
    SwitchOptions o;
    o.radius = 190;
    o.branchId = "siding";
    const DesignEdit e = insertSwitch(L0, "L", 40.0, o);
    QCOMPARE(QString::fromStdString(e.description), QString("Insert switch S1 (R 190 m left) on L at 40 m"));
    const Layout L = test::checkedLayout(e.spec);
    QCOMPARE(int(L.switches().size()), 1);
    const auto& sw = e.spec.switches[0];
    QVERIFY((sw.at == EndRef{"L", TrackEnd::End}));
    QVERIFY((sw.branches[0] == EndRef{"Lb", TrackEnd::Start}));
    QVERIFY((sw.branches[1] == EndRef{"siding", TrackEnd::Start}));
    // the diverging branch leaves tangent at the points and ends R (1 - cos a) to the left
    const int si = L.trackIndex("siding");
    const TwistedFrame f = L.frameInWorld(std::size_t(si), L.track(std::size_t(si)).length());
    QVERIFY(std::abs(f.F.P.y() - 190 * (1 - std::cos(o.angle))) < 1e-9);
    // traversal follows the state; toggling sets the siding
    QCOMPARE(L.next(L.trackIndex("L"), TrackEnd::End, {0}).track, L.trackIndex("Lb"));
    const DesignEdit t = toggleSwitch(e.spec, "S1");
    QCOMPARE(QString::fromStdString(t.description), QString("Set switch S1 to siding"));
    const Layout L2 = test::checkedLayout(t.spec);
    QCOMPARE(L2.next(L2.trackIndex("L"), TrackEnd::End, L2.initialSwitchStates()).track, si);
    // at a connected end: the connection becomes the straight branch
    const DesignEdit end = insertSwitch(L0, "K", 80.0, o);
    QVERIFY((end.spec.switches[0].branches[0] == EndRef{"R", TrackEnd::Start}));
    test::checkedLayout(end.spec);
}

// Every field of LayoutSpec survives a patch both ways: a change to each field alone, applied forward and
// backward (drives, look and railCentreDistance were once left out: renaming a driven track lost its
// drives' rename on redo).
void TestDesignOps::patchesCoverEveryField() {
    const LayoutSpec coaster = loadLayoutSpec(TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json");
    const LayoutSpec demoSpec = demo().spec();
    std::vector<std::pair<const char*, std::function<void(LayoutSpec&)>>> changes = {
        {"tracks", [](LayoutSpec& s) { s.tracks[0].lineSpeed = 12.5; }},
        {"connections", [](LayoutSpec& s) { s.connections.pop_back(); }},
        {"switches", [](LayoutSpec& s) { s.switches[0].state = 1 - s.switches[0].state; }},
        {"look", [](LayoutSpec& s) { s.look = LayoutLook::Coaster; }},
        {"railCentreDistance", [](LayoutSpec& s) { s.railCentreDistance = 1.067; }},
        {"bufferStops",
         [](LayoutSpec& s) {
             s.bufferStops.push_back(BufferStopSpec{{"siding", TrackEnd::End}});
         }},
        {"bodies",
         [](LayoutSpec& s) {
             s.bodies = Json::array({{{"id", "deck"}}});
         }},
        {"vehicles", [](LayoutSpec& s) { s.vehicles = Json::array(); }},
        {"trains", [](LayoutSpec& s) { s.trains[0]["speed"] = 3.0; }},
        {"extra", [](LayoutSpec& s) { s.extra["description"] = "changed"; }},
        {"version", [](LayoutSpec& s) { s.version = 1; }},
        {"alignmentSpecs",
         [](LayoutSpec& s) {
             s.alignmentSpecs.push_back(AlignmentSpec{"Main", {{s.tracks[0].id, 1}}, 12000.0, {}, Json::object()});
         }},
    };
    for (const auto& [name, change] : changes) {
        const LayoutSpec& a = demoSpec;
        LayoutSpec b = a;
        change(b);
        QVERIFY2(!(a == b), name);
        const SpecPatch p = diffSpecs(a, b);
        QVERIFY2(!p.empty(), name);
        LayoutSpec s = a;
        applyPatch(s, p, true);
        QVERIFY2(s == b, name);
        applyPatch(s, p, false);
        QVERIFY2(s == a, name);
    }
    LayoutSpec b = coaster; // (the demo has no drives)
    b.drives[1].speed = 3.0;
    const SpecPatch p = diffSpecs(coaster, b);
    QVERIFY(!p.empty());
    LayoutSpec s = coaster;
    applyPatch(s, p, true);
    QVERIFY(s == b);
    applyPatch(s, p, false);
    QVERIFY(s == coaster);
}

void TestDesignOps::patchesKeepOnlyTheChange() {
    // an undo step stores the change: forward gives the edited spec, backward the original, and only the
    // touched items are kept
    const Layout L0 = demo();
    struct Case {
        DesignEdit edit;
        std::size_t maxItems;
    };
    const std::vector<Case> cases = {
        {deleteTrack(L0, "siding"), 2},               // the track and its connection
        {splitTrack(L0, "top", 100.0), 8},            // top, its new half, c3-in's placement, connections
        {renameTrack(L0.spec(), "c3", "corner"), 12}, // c3, c3-out's placement, two connections
        {toggleSwitch(L0.spec(), "S1"), 2},
    };
    for (const Case& c : cases) {
        const SpecPatch p = diffSpecs(L0.spec(), c.edit.spec);
        LayoutSpec s = L0.spec();
        applyPatch(s, p, true);
        QVERIFY(s == c.edit.spec);
        applyPatch(s, p, false);
        QVERIFY(s == L0.spec());
        QVERIFY2(p.itemCount() <= c.maxItems, qPrintable(QString::fromStdString(c.edit.description) + ": " +
                                                         QString::number(p.itemCount())));
    }
}

QTEST_APPLESS_MAIN(TestDesignOps)
#include "tst_design_ops.moc"
