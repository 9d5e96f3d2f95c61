// What an edit changed (core/design/LayoutChange.h) and the shared track list behind it
// (core/layout/SharedList.h), on the demo layout:
// - a copy of the spec shares every track; writing one track of the copy copies that track only, and the
//   original keeps its own; const reads copy nothing;
// - changeOf classifies a patch: a moved control point is TrackGeometry of that track alone, a new twist
//   TrackTwist, a line speed TrackDetails, a track's notes TrackDetails that no run depends on, a deleted
//   track TrackList (indices shift: no track list), a train's speed Trains, the layout's notes Notes (no run
//   depends on them); backward (undo) says the same tracks;
// - a gesture's changes merge into one: the union of parts and tracks.
#include "core/design/LayoutChange.h"
#include "core/design/SpecPatch.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/SharedList.h"

#include <QtTest>

using tl::design::LayoutChange;

class TstLayoutChange : public QObject {
    Q_OBJECT
private slots:
    void copiesShareTracksUntilWritten();
    void listOperations();
    void changeOfClassifiesEdits();
    void gestureMerge();

private:
    tl::LayoutSpec demo() const {
        return tl::loadLayoutSpec(TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json");
    }
};

void TstLayoutChange::copiesShareTracksUntilWritten() {
    const tl::LayoutSpec a = demo();
    QVERIFY(a.tracks.size() > 20);
    const long long before = tl::sharedListItemCopies().load();
    tl::LayoutSpec b = a;
    for (std::size_t i = 0; i < b.tracks.size(); ++i)
        QVERIFY(b.tracks.sharesItem(i, a.tracks, i));
    (void)std::as_const(b).tracks[3].id; // const reads copy nothing
    QCOMPARE(tl::sharedListItemCopies().load(), before);
    const int hill = a.trackIndex("hill");
    b.tracks[std::size_t(hill)].curve.points[2].position.z() += 1.0; // one write: one track copied
    QCOMPARE(tl::sharedListItemCopies().load(), before + 1);
    b.tracks[std::size_t(hill)].curve.points[3].position.z() += 1.0; // its own now: no more copies
    QCOMPARE(tl::sharedListItemCopies().load(), before + 1);
    QVERIFY(!b.tracks.sharesItem(std::size_t(hill), a.tracks, std::size_t(hill)));
    for (std::size_t i = 0; i < b.tracks.size(); ++i)
        if (int(i) != hill) QVERIFY(b.tracks.sharesItem(i, a.tracks, i));
    QCOMPARE(a.tracks[std::size_t(hill)].curve.points[2].position.z(), 0.69); // the original is untouched
    QCOMPARE(b.tracks[std::size_t(hill)].curve.points[2].position.z(), 1.69);
    QVERIFY(!(a == b));
    b.tracks[std::size_t(hill)].curve.points[2].position.z() -= 1.0;
    b.tracks[std::size_t(hill)].curve.points[3].position.z() -= 1.0;
    QVERIFY(a == b); // equal by value, not only by sharing
}

void TstLayoutChange::listOperations() {
    tl::SharedList<std::string> l{"a", "b", "c"};
    tl::SharedList<std::string> m = l;
    m.insert(m.begin() + 1, std::string("x"));
    m.erase(m.begin() + 2);
    m.push_back("d");
    const auto& cm = std::as_const(m); // (reading through a non-const list makes its items its own)
    QCOMPARE(std::vector<std::string>(cm.begin(), cm.end()), (std::vector<std::string>{"a", "x", "c", "d"}));
    QCOMPARE(std::vector<std::string>(std::as_const(l).begin(), std::as_const(l).end()),
             (std::vector<std::string>{"a", "b", "c"}));
    QVERIFY(m.sharesItem(0, l, 0) && m.sharesItem(2, l, 2));
    m.set(0, "z");
    QCOMPARE(l.front(), std::string("a"));
    QCOMPARE(m.front(), std::string("z"));
    for (std::string& s : m) // writing through iterators makes each item the list's own
        s += "!";
    QCOMPARE(m.back(), std::string("d!"));
    QCOMPARE(l[2], std::string("c"));
    m.resize(1);
    QCOMPARE(m.size(), std::size_t(1));
}

void TstLayoutChange::changeOfClassifiesEdits() {
    const tl::LayoutSpec a = demo();
    const int hill = a.trackIndex("hill"), c1 = a.trackIndex("c1");
    auto change = [&](auto edit) {
        tl::LayoutSpec b = a;
        edit(b);
        return tl::design::changeOf(tl::design::diffSpecs(a, b));
    };
    LayoutChange c =
        change([&](tl::LayoutSpec& b) { b.tracks[std::size_t(hill)].curve.points[2].position.z() = 2; });
    QCOMPARE(c.parts, unsigned(LayoutChange::TrackGeometry));
    QCOMPARE(c.tracks, std::vector<int>{hill});
    QVERIFY(c.affectsRuns());
    QVERIFY(c.touchesTrack(hill) && !c.touchesTrack(c1));

    c = change([&](tl::LayoutSpec& b) { b.tracks[std::size_t(c1)].twist->params["maxAngle"] = 0.05; });
    QCOMPARE(c.parts, unsigned(LayoutChange::TrackTwist));
    QCOMPARE(c.tracks, std::vector<int>{c1});

    c = change([&](tl::LayoutSpec& b) { b.tracks[std::size_t(c1)].lineSpeed = 20.0; });
    QCOMPARE(c.parts, unsigned(LayoutChange::TrackDetails));
    QVERIFY(c.affectsRuns());

    c = change([&](tl::LayoutSpec& b) { b.tracks[std::size_t(c1)].extra["notes"] = "tight"; });
    QCOMPARE(c.parts, unsigned(LayoutChange::TrackDetails));
    QVERIFY(c.onlyTrackNotes);
    QVERIFY(!c.affectsRuns());

    c = change([&](tl::LayoutSpec& b) { b.extra["notes"] = "edited"; });
    QCOMPARE(c.parts, unsigned(LayoutChange::Notes));
    QVERIFY(!c.affectsRuns());

    c = change([&](tl::LayoutSpec& b) { b.trains[0]["speed"] = 10.0; });
    QCOMPARE(c.parts, unsigned(LayoutChange::Trains));
    QVERIFY(c.affectsRuns());

    const tl::LayoutSpec fewer = [&] {
        tl::LayoutSpec b = a;
        b.tracks.erase(b.tracks.begin() + a.trackIndex("siding"));
        return b;
    }();
    const tl::design::SpecPatch p = tl::design::diffSpecs(a, fewer);
    c = tl::design::changeOf(p);
    QVERIFY(c.has(LayoutChange::TrackList));
    QVERIFY(c.tracks.empty());
    QVERIFY(c.touchesTrack(0));
    // undo says the same
    const LayoutChange back = tl::design::changeOf(p, false);
    QCOMPARE(back.parts, c.parts);

    c = LayoutChange::everything();
    QVERIFY(c.has(LayoutChange::Look) && c.has(LayoutChange::Trains) && c.affectsRuns());
}

void TstLayoutChange::gestureMerge() {
    LayoutChange a = tl::design::changeOfTrack(7, tl::TrackSpec{}, [] {
        tl::TrackSpec t;
        t.curve.points.resize(2);
        return t;
    }());
    QCOMPARE(a.parts, unsigned(LayoutChange::TrackGeometry));
    LayoutChange b;
    b.parts = LayoutChange::TrackTwist;
    b.tracks = {3};
    a.merge(b);
    QCOMPARE(a.parts, unsigned(LayoutChange::TrackGeometry | LayoutChange::TrackTwist));
    QCOMPARE(a.tracks, (std::vector<int>{3, 7}));
    LayoutChange notes;
    notes.parts = LayoutChange::TrackDetails;
    notes.tracks = {1};
    notes.onlyTrackNotes = true;
    LayoutChange more = notes;
    more.merge(notes);
    QVERIFY(more.onlyTrackNotes && !more.affectsRuns());
    more.merge(b);
    QVERIFY(!more.onlyTrackNotes && more.affectsRuns());
}

QTEST_APPLESS_MAIN(TstLayoutChange)
#include "tst_layout_change.moc"
