// Track::frameMemory: the table memory a railed body's next frame reads, which the simulation gathers in one
// pass and prefetches a world ahead (docs/trains-format.md, "Scale benchmark"). On an open spline with a
// smoothed cant (window w = 10 m, table spacing h = L / ceil(L / 0.2)) the ranges must name exactly:
// - the spline piece localFrame(s, piece) settled on (pieces contiguous: neighbours one piece apart);
// - the table cells of both ends of the window, x = s -/+ w/2 -> cell floor(x / h) (clamped to the table on
// an
//   open track), and, when s + ds lies in another cell, that one too; a cell only once.
// Reference numbers: the cell index is the closed form floor(x / h); cells are three doubles (24 bytes).
#include "core/layout/Layout.h"
#include "core/layout/LayoutJson.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

using namespace tl;

namespace {

const char* kLayout = R"({
  "format": "tracklab-layout", "version": 1,
  "tracks": [{"id": "s", "frame": "up", "twist": {"type": "cant", "designSpeed": 20, "maxAngle": 0.1},
              "curve": {"type": "spline", "points": [[0, 0, 0], [40, 3, 0], [80, 4.8, 0], [120, 4.8, 0],
                                                     [160, 3, 0], [200, 0, 0], [240, -3, 0]]}}]
})";

const char* base(const MemoryRange& r) {
    return static_cast<const char*>(r.p);
}

} // namespace

class TestFrameMemory : public QObject {
    Q_OBJECT

    Layout layout_ = Layout::compile(layoutSpecFromJson(Json::parse(kLayout)));
    const Track& track() const { return layout_.track(0); }
    static constexpr double kWindow = 10.0;  // the cant's default smoothing window [m]
    static constexpr std::size_t kCell = 24; // prefix, value, slope

private slots:
    void pieceIsTheOneTheFrameUses() {
        // Walk the track in 0.5 m steps as a bogie does: the piece range follows the piece localFrame found,
        // and a change of piece moves it by whole pieces of the same size.
        int piece = -1;
        MemoryRange prev{};
        int prevPiece = -1, changes = 0;
        for (double s = 0.0; s < track().length(); s += 0.5) {
            track().localFrame(s, piece);
            const auto r = track().frameMemory(s, 0.0, piece);
            QVERIFY(r[0].p != nullptr);
            QVERIFY(r[0].bytes >= 64);
            if (prevPiece >= 0) {
                QCOMPARE(r[0].bytes, prev.bytes);
                QCOMPARE(base(r[0]) - base(prev),
                         std::ptrdiff_t(piece - prevPiece) * std::ptrdiff_t(r[0].bytes));
                changes += piece != prevPiece;
            }
            prev = r[0];
            prevPiece = piece;
        }
        QVERIFY(changes >= 6); // one piece per control interval at least
        // An index out of range names no memory.
        QVERIFY(track().frameMemory(10.0, 0.0, 1 << 20)[0].p == nullptr);
    }

    void cellsAreTheWindowEnds() {
        const double L = track().length();
        const double h = L / std::ceil(L / 0.2);
        // cell 0 is where x = 0 (s = w/2): the reference address
        const auto r0 = track().frameMemory(0.5 * kWindow, 0.0, -1);
        QVERIFY(r0[1].p != nullptr);
        QCOMPARE(r0[1].bytes, kCell);
        const char* cell0 = base(r0[1]);
        const auto cellIndex = [&](const MemoryRange& r) {
            return (base(r) - cell0) / std::ptrdiff_t(kCell);
        };
        const int last = int(std::ceil(L / 0.2)) - 1;
        for (double s : {5.0, 17.3, 60.05, 101.9, 150.0, 230.0}) {
            const auto r = track().frameMemory(s, 0.0, -1);
            const auto expected = [&](double x) {
                return std::ptrdiff_t(std::clamp(int(std::floor(x / h)), 0, last));
            };
            QCOMPARE(cellIndex(r[1]), expected(s - 0.5 * kWindow));
            QCOMPARE(cellIndex(r[3]), expected(s + 0.5 * kWindow));
            QVERIFY(r[2].p == nullptr); // ds = 0: one cell per end
            QVERIFY(r[4].p == nullptr);
            // a step of 0.3 m (> h) reaches the next cell at both ends, named once each
            const auto m = track().frameMemory(s, 0.3, -1);
            QCOMPARE(cellIndex(m[2]), expected(s + 0.3 - 0.5 * kWindow));
            QCOMPARE(cellIndex(m[4]), expected(s + 0.3 + 0.5 * kWindow));
            QVERIFY(cellIndex(m[2]) > cellIndex(m[1]) || expected(s - 0.5 * kWindow) == last);
            // backwards (ds < 0): the lower cell first
            const auto b = track().frameMemory(s, -0.3, -1);
            QCOMPARE(cellIndex(b[1]), expected(s - 0.3 - 0.5 * kWindow));
            QCOMPARE(cellIndex(b[3]), expected(s - 0.3 + 0.5 * kWindow));
        }
        // Before the window's lower end leaves the track it is clamped to cell 0 (an open track).
        QCOMPARE(cellIndex(track().frameMemory(1.0, 0.0, -1)[1]), std::ptrdiff_t(0));
    }
};

QTEST_APPLESS_MAIN(TestFrameMemory)
#include "tst_frame_memory.moc"
