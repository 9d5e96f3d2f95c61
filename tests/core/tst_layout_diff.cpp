// Files that diff well (docs/user-guide.md, "Editing a layout"): saving a layout read from a file keeps the
// bytes of whatever was not edited (core/io/JsonMerge.h via layoutSpecTextLike): key order, spacing, number
// text. An unchanged file saves to the same bytes; moving one control point changes only that point's lines.
#include "FileTestUtil.h"
#include "core/design/AppendPiece.h"
#include "core/design/TrackOps.h"
#include "core/io/JsonMerge.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace tl;

namespace {

std::vector<std::string> lines(const std::string& t) {
    std::vector<std::string> r;
    std::istringstream in(t);
    for (std::string l; std::getline(in, l);)
        r.push_back(l);
    return r;
}

// A line diff of two texts with the same line count: the indices of the lines that differ.
std::vector<std::size_t> changedLines(const std::string& a, const std::string& b) {
    const auto la = lines(a), lb = lines(b);
    if (la.size() != lb.size()) return {std::size_t(-1)};
    std::vector<std::size_t> r;
    for (std::size_t i = 0; i < la.size(); ++i)
        if (la[i] != lb[i]) r.push_back(i);
    return r;
}

const std::string demoPath = TRACKLAB_SOURCE_DIR "/resources/layouts/demo.json";
const std::string coasterPath = TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json";

} // namespace

class TstLayoutDiff : public QObject {
    Q_OBJECT
private slots:
    void unchangedFileSavesSameBytes_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("demo") << QString::fromStdString(demoPath);
        QTest::newRow("coaster") << QString::fromStdString(coasterPath);
    }
    void unchangedFileSavesSameBytes() {
        QFETCH(QString, path);
        const std::string original = filetest::readAll(path.toStdString());
        QVERIFY(original.size() > 1000);
        const LayoutSpec spec = parseLayoutSpec(original, path.toStdString());
        QCOMPARE(layoutSpecTextLike(spec, original), original);
        // the canonical writer does not: it sorts keys and rewrites numbers (why the merge exists)
        QVERIFY(layoutSpecText(spec) != original);
        // and the file the canonical writer made also comes back byte for byte
        const std::string pretty = layoutSpecText(spec);
        QCOMPARE(layoutSpecTextLike(parseLayoutSpec(pretty), pretty), pretty);
    }

    // The demo keeps one track per line: moving a point of "hill" changes that line only, and in it only
    // the point's number.
    void movePointChangesOnlyThatPoint() {
        const std::string original = filetest::readAll(demoPath);
        LayoutSpec spec = parseLayoutSpec(original);
        const int hill = spec.trackIndex("hill");
        QVERIFY(hill >= 0);
        spec.tracks[std::size_t(hill)].curve.points[3].position.z() = 2.25; // was 1.73
        const std::string saved = layoutSpecTextLike(spec, original);
        const auto changed = changedLines(original, saved);
        QCOMPARE(changed.size(), std::size_t(1));
        const std::string before = lines(original)[changed[0]], after = lines(saved)[changed[0]];
        QVERIFY(before.find("\"id\": \"hill\"") != std::string::npos);
        QCOMPARE(before.size() - std::string("1.73").size(), after.size() - std::string("2.25").size());
        QVERIFY(before.find("[72, 0, 1.73]") != std::string::npos);
        std::string expected = before;
        expected.replace(expected.find("[72, 0, 1.73]"), 13, "[72, 0, 2.25]");
        QCOMPARE(after, expected);
        // the saved text reads back as the edited spec
        QVERIFY(parseLayoutSpec(saved) == spec);
    }

    // An indented file (one number per line): moving one point in x and z changes exactly those 2 lines.
    void movePointInIndentedFile() {
        const std::string pretty = layoutSpecText(parseLayoutSpec(filetest::readAll(demoPath)));
        LayoutSpec spec = parseLayoutSpec(pretty);
        auto& p = spec.tracks[std::size_t(spec.trackIndex("hill"))].curve.points[5].position;
        p.x() += 0.5;
        p.z() -= 1.0;
        const std::string saved = layoutSpecTextLike(spec, pretty);
        const auto changed = changedLines(pretty, saved);
        QCOMPARE(changed.size(), std::size_t(2));
        QCOMPARE(changed[1], changed[0] + 2); // x and z of the same point, y between them unchanged
        QCOMPARE(lines(saved)[changed[0]].find_first_not_of(' '),
                 lines(pretty)[changed[0]].find_first_not_of(' '));
        QVERIFY(parseLayoutSpec(saved) == spec);
    }

    // Key order and number text of a hand-written file, and keys the canonical form leaves out.
    void keyOrderAndNumberTextKept() {
        const std::string original = R"({"version": 1, "format": "tracklab-layout",
  "tracks": [
    {"curve": {"angle": 1.50, "radius": 3e2, "type": "arc"}, "id": "A", "lineSpeed": 2.50E1},
    {"id": "B", "placement": {"after": ["A", "end"]}, "curve": {"type": "line", "length": 0.0033333333333333335, "closed": false}}
  ],
  "connections": [ ]
}
)";
        LayoutSpec spec = parseLayoutSpec(original);
        QCOMPARE(layoutSpecTextLike(spec, original), original);
        spec.tracks[0].curve.params["angle"] = 1.25; // edit one number
        const std::string saved = layoutSpecTextLike(spec, original);
        std::string expected = original;
        expected.replace(expected.find("1.50"), 4, "1.25");
        QCOMPARE(saved, expected);
    }

    // Appending a track to the demo adds one line in the demo's style (keys in the order of the other
    // tracks, one line) and leaves every other line alone; deleting it gives the original bytes back.
    void newTrackLooksLikeItsNeighbours() {
        const std::string original = filetest::readAll(demoPath);
        const LayoutSpec spec = parseLayoutSpec(original);
        const Layout L = Layout::compile(spec);
        const auto ends = design::freeEnds(spec);
        QVERIFY(!ends.empty());
        design::PieceSpec piece;
        piece.kind = design::PieceKind::Straight;
        piece.length = 40;
        const design::DesignEdit e = design::appendPiece(L, ends.front(), piece);
        const std::string saved = layoutSpecTextLike(e.spec, original);
        const auto la = lines(original), lb = lines(saved);
        QVERIFY(lb.size() > la.size());
        // every old line is still there, except a list's last line that gains its comma (JSON's way)
        for (const auto& l : la)
            if (std::count(lb.begin(), lb.end(), l) == 0)
                QVERIFY2(std::count(lb.begin(), lb.end(), l + ",") == 1, l.c_str());
        const auto isNew = [&](const std::string& l) {
            return l.find("\"id\": \"" + e.newTracks.front() + "\"") != std::string::npos;
        };
        const std::string newLine = *std::find_if(lb.begin(), lb.end(), isNew);
        QVERIFY2(newLine.rfind("    {\"id\": ", 0) == 0, newLine.c_str());
        QVERIFY(parseLayoutSpec(saved) == e.spec);
        // deleting it again restores the file byte for byte
        const design::DesignEdit d = design::deleteTrack(Layout::compile(e.spec), e.newTracks.front());
        QCOMPARE(layoutSpecTextLike(d.spec, saved), original);
    }

    void notJsonThrows() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, mergeJsonText("{\"a\": ", nlohmann::json::object(),
                                                                      nlohmann::json::object()));
        // a layout spec with unreadable original text is written fresh
        const LayoutSpec spec = parseLayoutSpec(filetest::readAll(demoPath));
        QCOMPARE(layoutSpecTextLike(spec, "{garbage"), layoutSpecText(spec));
    }
};

QTEST_APPLESS_MAIN(TstLayoutDiff)
#include "tst_layout_diff.moc"
