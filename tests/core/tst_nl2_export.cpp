// The NoLimits 2 track-spline CSV (core/io/Nl2CsvExport.h, docs/export.md) of the shipped coaster
// (resources/layouts/coaster.json): NL2's header line exactly, a row every 0.5 m of the circuit (the closed
// loop's first point not repeated), each row the world frame at its arc length at the riders' height in
// NL2's y-up axes, an orthonormal right-handed Front/Left/Up; a railway layout refused; a layout of many
// tracks with no point written twice where one track ends and the next begins.
#include "core/io/Nl2CsvExport.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tl;

namespace {

const std::string kLayouts = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/";

struct Row {
    long number = 0;
    Vec3 pos, front, left, up;
};

// The header line and the rows of an NL2 CSV text; fails the test on a malformed row.
std::vector<Row> parse(const std::string& text, std::string& header) {
    std::istringstream in(text);
    std::getline(in, header);
    std::vector<Row> rows;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream cells(line);
        Row r;
        double v[12];
        cells >> r.number;
        for (double& x : v)
            cells >> x;
        if (!cells) throw std::runtime_error("malformed row: " + line);
        r.pos = {v[0], v[1], v[2]};
        r.front = {v[3], v[4], v[5]};
        r.left = {v[6], v[7], v[8]};
        r.up = {v[9], v[10], v[11]};
        rows.push_back(r);
    }
    return rows;
}

Vec3 toNl2(const Vec3& v) {
    return {v.x(), v.z(), -v.y()};
}

} // namespace

class TestNl2Export : public QObject {
    Q_OBJECT

private slots:
    void coasterCircuit();
    void railwayRefused();
    void manyTracksNoPointTwice();
};

void TestNl2Export::coasterCircuit() {
    const Layout layout = Layout::load(kLayouts + "coaster.json");
    QCOMPARE(layout.trackCount(), std::size_t(1));
    const Track& track = layout.track(0);
    QCOMPARE(track.heartline(), 0.0); // so the riders' height is the default
    const double h = kNl2DefaultRiderHeight;
    QCOMPARE(h, 1.1);
    std::ostringstream out;
    writeNl2Csv(layout, out);
    std::string header;
    const std::vector<Row> rows = parse(out.str(), header);
    QCOMPARE(header, std::string("\"No.\"\t\"PosX\"\t\"PosY\"\t\"PosZ\"\t\"FrontX\"\t\"FrontY\"\t\"FrontZ\"\t"
                                 "\"LeftX\"\t\"LeftY\"\t\"LeftZ\"\t\"UpX\"\t\"UpY\"\t\"UpZ\""));
    QVERIFY(out.str().find('\r') == std::string::npos && out.str().back() == '\n');

    // a closed loop: s = 0, 0.5, ... below its length, the end (= the start) not repeated
    const double L = track.length();
    QCOMPARE(long(rows.size()), long(std::ceil(L / 0.5 - 1e-9)));
    QVERIFY(std::abs(double(rows.size()) - L / 0.5) <= 1.0);
    const TwistedFrame f0 = layout.frameInWorld(0, 0.0);
    QVERIFY((rows[0].pos - toNl2(f0.F.P + 1.1 * f0.wB)).norm() < 1e-6);

    double maxOmega = 0.0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const Row& r = rows[k];
        QCOMPARE(r.number, long(k + 1));
        // orthonormal and right-handed (the axis change is a rotation): Front x Left = Up
        QVERIFY(std::abs(r.front.norm() - 1) < 1e-9 && std::abs(r.left.norm() - 1) < 1e-9 &&
                std::abs(r.up.norm() - 1) < 1e-9);
        QVERIFY(std::abs(r.front.dot(r.left)) < 1e-9 && std::abs(r.front.dot(r.up)) < 1e-9 &&
                std::abs(r.left.dot(r.up)) < 1e-9);
        QVERIFY((r.front.cross(r.left) - r.up).norm() < 1e-9);
        // row k is the world frame at s = 0.5 k: the rows are 0.5 m of track apart
        const TwistedFrame f = layout.frameInWorld(0, 0.5 * double(k));
        QVERIFY((r.pos - toNl2(f.F.P + h * f.wB)).norm() < 1e-6);
        QVERIFY((r.front - toNl2(f.F.T)).norm() < 1e-9);
        QVERIFY((r.left - toNl2(f.wN)).norm() < 1e-9);
        QVERIFY((r.up - toNl2(f.wB)).norm() < 1e-9);
        maxOmega = std::max(maxOmega, f.omega().norm());
    }
    // Straight-line distances at the riders' height: 0.5 m of rail arc length, seen h above the rails, is
    // 0.5 |T + h dwB/ds| (1 + O(0.5^2 |omega|^2)) long, and |dwB/ds| <= |omega|: within 0.5 h |omega| of
    // 0.5 m plus the chord's second-order shortening (<< 1 mm on this coaster). Not 1e-6: a curve's heartline
    // is longer or shorter than its rails.
    const double tol = 0.5 * h * maxOmega + 0.5 * 0.25 * maxOmega * maxOmega + 1e-6;
    for (std::size_t k = 1; k < rows.size(); ++k) {
        const double d = (rows[k].pos - rows[k - 1].pos).norm();
        QVERIFY2(std::abs(d - 0.5) <= tol,
                 qPrintable(QString("rows %1, %2: %3 m apart").arg(k).arg(k + 1).arg(d)));
    }
    // round the loop: the last row is less than 0.5 m of track before the first
    QVERIFY((rows.back().pos - rows.front().pos).norm() <= 0.5 + tol);
}

void TestNl2Export::railwayRefused() {
    const Layout layout = Layout::load(kLayouts + "demo.json");
    std::ostringstream out;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeNl2Csv(layout, out));
    const Layout coaster = Layout::load(kLayouts + "coaster.json");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeNl2Csv(coaster, out, 0.0));
}

// The demo's 22 tracks as a coaster: each track's end is written only where the next track does not start
// there, so no two consecutive rows are the same point; the siding tracks' open ends are written.
void TestNl2Export::manyTracksNoPointTwice() {
    LayoutSpec spec = loadLayoutSpec(kLayouts + "demo.json");
    spec.look = LayoutLook::Coaster;
    const Layout layout = Layout::compile(spec);
    std::ostringstream out;
    writeNl2Csv(layout, out, 1.0);
    std::string header;
    const std::vector<Row> rows = parse(out.str(), header);
    double total = 0.0;
    for (const Track& t : layout.tracks())
        total += t.length();
    // per track: ceil(L) samples below its end, and perhaps its end
    QVERIFY(double(rows.size()) >= total && double(rows.size()) <= total + 2.0 * double(layout.trackCount()));
    for (std::size_t k = 1; k < rows.size(); ++k)
        QVERIFY2((rows[k].pos - rows[k - 1].pos).norm() > 1e-3,
                 qPrintable(QString("row %1 repeats").arg(k + 1)));
    // the last track's end (an open siding) is the last row
    const std::size_t last = layout.trackCount() - 1;
    const TwistedFrame e = layout.frameInWorld(last, layout.track(last).length());
    QVERIFY((rows.back().pos - toNl2(e.F.P + kNl2DefaultRiderHeight * e.wB)).norm() < 1e-6);
}

QTEST_APPLESS_MAIN(TestNl2Export)
#include "tst_nl2_export.moc"
