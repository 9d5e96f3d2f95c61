// Hostile inputs (docs/layout-format.md, "Limits"), each answered with a clear error (file, JSON path, limit)
// after bounded work: spline handles of 1e12, clothoids of enormous length, JSON nested 100 000 levels,
// /dev/zero, a FIFO, a file over the size cap, 50 000 tracks (linear load), a switch state of 2^64 - 1, and
// Layout::advance over 1e300 m of a closed loop. No timing is asserted (the figures are in the notes);
// the bounds are structural: the loop counts and the limits in core/geometry/Limits.h.
#include "core/geometry/Limits.h"
#include "core/io/InputFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using namespace tl;
namespace fs = std::filesystem;

namespace {

std::string layoutWith(const std::string& tracks, const std::string& rest = {}) {
    return R"({"format": "tracklab-layout", "version": 1, "tracks": [)" + tracks + "]" + rest + "}";
}

// The LayoutError of compiling `text` (labelled "h.json"); fails the test if there is none.
LayoutError compileError(const std::string& text) {
    try {
        Layout::compile(parseLayoutSpec(text, "h.json"), "h.json");
    } catch (const LayoutError& e) {
        return e;
    }
    return LayoutError("", "", "no error");
}

} // namespace

class TstHostileInput : public QObject {
    Q_OBJECT
private slots:
    void limitsGiveClearErrors_data();
    void limitsGiveClearErrors();
    void deepNestingIsRejectedBeforeParsing_data();
    void deepNestingIsRejectedBeforeParsing();
    void shallowNestingInNotesIsKept();
    void nonRegularAndHugeFilesAreRefused();
    void manyTracksLoadLinearly();
    void longAfterChainNeedsNoRecursion();
    void hugeSwitchStateIsOutOfRange();
    void advanceOnClosedLoopIsBounded();
    void advanceOnFigureOfTracksIsBounded();
    void numberOverflowNamesTheFile();
};

void TstHostileInput::limitsGiveClearErrors_data() {
    QTest::addColumn<QString>("tracks");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("problem");
    QTest::newRow("spline tangent 1e12")
        << R"({"id": "s", "curve": {"type": "spline", "points": [{"position": [0,0,0], "tangent": [1e12,0,0]}, [10,0,0], [20,5,0]]}})"
        << "/tracks/0/curve/points/0/tangent"
        << "beyond the limit of 10";
    QTest::newRow("spline tangent 1e11")
        << R"({"id": "s", "curve": {"type": "spline", "points": [[0,0,0], {"position": [10,0,0], "tangent": [0,1e11,0]}, [20,5,0]]}})"
        << "/tracks/0/curve/points/1/tangent"
        << "beyond the limit of 10";
    QTest::newRow("clothoid length 2e7")
        << R"({"id": "c", "curve": {"type": "clothoid", "length": 2e7, "curvatureEnd": 0.005}})"
        << "/tracks/0/curve/length"
        << "beyond the limit of 100000 m";
    QTest::newRow("clothoid turning")
        << R"({"id": "c", "curve": {"type": "clothoid", "length": 90000, "curvatureEnd": 0.5}})"
        << "/tracks/0/curve/length"
        << "turning";
    QTest::newRow("clothoid int overflow 8e16")
        << R"({"id": "c", "curve": {"type": "clothoid", "length": 8e16, "curvatureStart": 1}})"
        << "/tracks/0/curve/length"
        << "beyond the limit";
    QTest::newRow("line 1000 km") << R"({"id": "l", "curve": {"type": "line", "length": 1e6}})"
                                  << "/tracks/0/curve/length"
                                  << "beyond the limit of 100000 m";
    QTest::newRow("arc length") << R"({"id": "a", "curve": {"type": "arc", "radius": 1e9, "angle": 1}})"
                                << "/tracks/0/curve/angle"
                                << "track length 1000000000 m";
    QTest::newRow("helix turns")
        << R"({"id": "h", "curve": {"type": "helix", "radius": 10, "pitch": 5, "turns": 1e9}})"
        << "/tracks/0/curve/turns"
        << "beyond the limit";
    QTest::newRow("radius 1e-9") << R"({"id": "a", "curve": {"type": "arc", "radius": 1e-9, "angle": 1}})"
                                 << "/tracks/0/curve/radius"
                                 << "below the limit";
    QTest::newRow("far away")
        << R"({"id": "l", "curve": {"type": "line", "length": 10}, "placement": {"position": [1e300, 0, 0]}})"
        << "/tracks/0/placement/position"
        << "coordinates beyond the limit";
    QTest::newRow("spline chord")
        << R"({"id": "s", "curve": {"type": "spline", "points": [[0,0,0], [60000,0,0], [120000,1,0]]}})"
        << "/tracks/0/curve/points/2"
        << "beyond the limit of 100000 m";
}

void TstHostileInput::limitsGiveClearErrors() {
    QFETCH(QString, tracks);
    QFETCH(QString, path);
    QFETCH(QString, problem);
    const LayoutError e = compileError(layoutWith(tracks.toStdString()));
    QCOMPARE(QString::fromStdString(e.file()), QString("h.json"));
    QCOMPARE(QString::fromStdString(e.path()), path);
    QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
}

void TstHostileInput::deepNestingIsRejectedBeforeParsing_data() {
    QTest::addColumn<QString>("where");
    QTest::newRow("root") << "root";
    QTest::newRow("notes") << "notes";
    QTest::newRow("objects") << "objects";
}

void TstHostileInput::deepNestingIsRejectedBeforeParsing() {
    QFETCH(QString, where);
    constexpr int kLevels = 100000; // overflowed nlohmann's recursive parser/serializer under ASan
    std::string text;
    if (where == "root") {
        text = std::string(kLevels, '[') + std::string(kLevels, ']');
    } else if (where == "notes") {
        text = layoutWith(R"({"id": "l", "curve": {"type": "line", "length": 10}})",
                          R"(, "notes": )" + std::string(kLevels, '[') + std::string(kLevels, ']'));
    } else {
        for (int i = 0; i < kLevels; ++i)
            text += "{\"a\":";
        text += "1" + std::string(kLevels, '}');
    }
    try {
        parseLayoutSpec(text, "deep.json");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(e.file(), std::string("deep.json"));
        QVERIFY2(e.problem().find("nested deeper than 64 levels at line 1, column") != std::string::npos,
                 e.what());
    }
    // a bracket inside a string does not count
    const std::string quoted = layoutWith(R"({"id": "l", "curve": {"type": "line", "length": 10}})",
                                          R"(, "notes": ")" + std::string(1000, '[') + "\"");
    QCOMPARE(parseLayoutSpec(quoted, "q.json").tracks.size(), std::size_t(1));
}

void TstHostileInput::shallowNestingInNotesIsKept() {
    std::string notes = "1";
    for (int i = 0; i < kMaxJsonDepth - 2; ++i) // the document object + the notes array chain = the limit
        notes = "[" + notes + "]";
    const LayoutSpec spec = parseLayoutSpec(
        layoutWith(R"({"id": "l", "curve": {"type": "line", "length": 10}})", ", \"notes\": " + notes));
    QVERIFY(spec.extra.contains("notes"));
    QCOMPARE(parseLayoutSpec(layoutSpecText(spec)), spec); // saved and read back
}

void TstHostileInput::nonRegularAndHugeFilesAreRefused() {
    auto problemOf = [](const fs::path& p) -> std::string {
        try {
            loadLayoutSpec(p);
        } catch (const LayoutError& e) {
            return e.file() == p.string() ? e.problem() : "wrong file name " + e.file();
        }
        return "loaded";
    };
    QVERIFY2(problemOf("/dev/zero").find("not a regular file") != std::string::npos,
             problemOf("/dev/zero").c_str());
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    const fs::path fifo = root / "pipe.json";
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QVERIFY(problemOf(fifo).find("not a regular file") != std::string::npos); // returns: no writer needed
    const fs::path big = root / "big.json";
    { std::ofstream(big) << "{}"; }
    fs::resize_file(big, kMaxInputBytes + 1); // sparse: costs no disk
    QVERIFY2(problemOf(big).find("more than the limit of 67108864 bytes") != std::string::npos,
             problemOf(big).c_str());
    QVERIFY(problemOf(root).find("is a directory") != std::string::npos);
    QVERIFY(problemOf(root / "missing.json").find("cannot open: No such file or directory") !=
            std::string::npos);
}

void TstHostileInput::manyTracksLoadLinearly() {
    // 50 000 tracks each placed after the previous one, joined by 49 999 connections: every id lookup is
    // a hash look-up now (it was a linear scan per lookup: > 60 s). The work is linear by construction.
    constexpr int n = 50000;
    std::string tracks, connections;
    tracks.reserve(std::size_t(n) * 120);
    for (int i = 0; i < n; ++i) {
        tracks += (i ? ",\n" : "") + std::string(R"({"id": "t)") + std::to_string(i) +
                  R"(", "curve": {"type": "line", "length": 1})";
        if (i > 0) tracks += R"(, "placement": {"after": ["t)" + std::to_string(i - 1) + R"(", "end"]})";
        tracks += "}";
        if (i > 0)
            connections += (i > 1 ? ",\n" : "") + std::string(R"({"a": ["t)") + std::to_string(i - 1) +
                           R"(", "end"], "b": ["t)" + std::to_string(i) + R"(", "start"]})";
    }
    const Layout L =
        Layout::compile(parseLayoutSpec(layoutWith(tracks, ", \"connections\": [" + connections + "]")));
    QCOMPARE(L.trackCount(), std::size_t(n));
    QCOMPARE(L.trackIndex("t49999"), n - 1);
    QVERIFY((L.frameInWorld(std::size_t(n - 1), 1.0).F.P - Vec3(n, 0, 0)).norm() < 1e-6);
    const AdvanceResult r = L.advance(TrackPosition{0, 0.5, 1}, 1e9, L.initialSwitchStates());
    QVERIFY(r.stoppedAtOpenEnd);
    QCOMPARE(r.position.track, n - 1);
    QCOMPARE(r.crossings, n - 1);
}

void TstHostileInput::longAfterChainNeedsNoRecursion() {
    // placed in reverse order: track i after track i + 1, so resolving track 0 walks the whole chain
    constexpr int n = 20000;
    std::string tracks;
    for (int i = 0; i < n; ++i) {
        tracks += (i ? "," : "") + std::string(R"({"id": "t)") + std::to_string(i) +
                  R"(", "curve": {"type": "line", "length": 1})";
        if (i + 1 < n) tracks += R"(, "placement": {"after": ["t)" + std::to_string(i + 1) + R"(", "end"]})";
        tracks += "}";
    }
    const Layout L = Layout::compile(parseLayoutSpec(layoutWith(tracks)));
    QVERIFY((L.frameInWorld(0, 0.0).F.P - Vec3(n - 1, 0, 0)).norm() < 1e-6);
    // and a cycle is still reported
    const LayoutError e = compileError(layoutWith(
        R"({"id": "a", "curve": {"type": "line", "length": 1}, "placement": {"after": ["b", "end"]}},
           {"id": "b", "curve": {"type": "line", "length": 1}, "placement": {"after": ["a", "end"]}})"));
    QVERIFY2(e.problem().find("placement cycle") != std::string::npos, e.what());
}

void TstHostileInput::hugeSwitchStateIsOutOfRange() {
    const std::string text = layoutWith(
        R"({"id": "a", "curve": {"type": "line", "length": 10}}, {"id": "b", "curve": {"type": "line", "length": 10}},
           {"id": "c", "curve": {"type": "line", "length": 10}})",
        R"(, "switches": [{"id": "w", "at": ["a", "end"], "branches": [["b", "start"], ["c", "start"]], "state": 18446744073709551615}])");
    try {
        parseLayoutSpec(text, "sw.json");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(e.path(), std::string("/switches/0/state"));
        QVERIFY2(e.problem().find("18446744073709551615") != std::string::npos, e.what()); // not "-1"
    }
}

void TstHostileInput::advanceOnClosedLoopIsBounded() {
    const Layout L = Layout::compile(parseLayoutSpec(layoutWith(
        R"({"id": "ring", "curve": {"type": "spline", "closed": true, "points": [[0,0,0], [100,0,0], [100,100,0], [0,100,0]]}})")));
    const double loop = L.track(0).length();
    for (double ds : {1e300, -1e300, 1e20, 12345.678 * loop}) {
        const AdvanceResult r = L.advance(TrackPosition{0, 1.0, 1}, ds, {});
        QVERIFY(!r.stoppedAtOpenEnd);
        QVERIFY2(r.crossings <= 70, qPrintable(QString::number(r.crossings))); // 64 plain + one lap
        QVERIFY(r.position.s >= 0 && r.position.s <= loop);
    }
    // the reduction is exact where the arithmetic is: 1000 laps and 10 m from s = 1 end at s = 11
    const AdvanceResult r = L.advance(TrackPosition{0, 1.0, 1}, 1000 * loop + 10.0, {});
    QVERIFY2(std::abs(r.position.s - 11.0) < 1e-6, qPrintable(QString::number(r.position.s, 'g', 17)));
}

void TstHostileInput::advanceOnFigureOfTracksIsBounded() {
    // a loop of two arcs joined end to end both ways
    const Layout L = Layout::compile(parseLayoutSpec(layoutWith(
        R"({"id": "a", "curve": {"type": "arc", "radius": 50, "angle": 3.141592653589793}},
           {"id": "b", "curve": {"type": "arc", "radius": 50, "angle": 3.141592653589793}, "placement": {"after": ["a", "end"]}})",
        R"(, "connections": [{"a": ["a", "end"], "b": ["b", "start"]}, {"a": ["b", "end"], "b": ["a", "start"]}])")));
    const double lap = L.track(0).length() + L.track(1).length();
    const AdvanceResult r = L.advance(TrackPosition{0, 0.0, 1}, 1e300, {});
    QVERIFY(r.crossings <= 70);
    const AdvanceResult q = L.advance(TrackPosition{0, 0.0, 1}, 100 * lap + 5.0, {});
    QCOMPARE(q.position.track, 0);
    QVERIFY(std::abs(q.position.s - 5.0) < 1e-6);
}

void TstHostileInput::numberOverflowNamesTheFile() {
    try {
        parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [], "x": 1e999})", "o.json");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        const std::string what = e.what();
        QVERIFY2(what.find("o.json: /: not JSON: line 1, column") == 0, e.what());
        QVERIFY2(what.find("json.exception") == std::string::npos, e.what());
    }
}

QTEST_GUILESS_MAIN(TstHostileInput)
#include "tst_hostile_input.moc"
