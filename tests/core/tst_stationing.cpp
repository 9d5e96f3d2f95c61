// Stationing of alignments (core/layout/Alignment.h, core/units/Station.h, docs/alignments.md "Stationing"):
// stations against closed forms on a level line + arc + line chain with a station equation
// (tests/data/alignment/stationing.json), a reversed track, horizontal distance on a pitched line and a
// helix, the inverse position(station), every error with its JSON path, the "alignments" key round trip, the
// design operations that keep an alignment whole, and the "km K+MMM.mmm" text both ways.
#include "CaughtError.h"
#include "core/design/TrackOps.h"
#include "core/layout/Alignment.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"
#include "core/units/Station.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <stdexcept>

using namespace tl;
using caughttest::caught;

namespace {

const std::string kStationing = TRACKLAB_SOURCE_DIR "/tests/data/alignment/stationing.json";

// The chain of tests/data/alignment/stationing.json: A 100 m, B = 200 pi / 4 m, C 150 m, all level.
constexpr double kA = 100.0, kB = 200.0 * std::numbers::pi / 4, kC = 150.0;

std::string readText(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

LayoutSpec stationingSpec() {
    return loadLayoutSpec(kStationing);
}

// The stationing layout's spec with its "alignments" replaced (JSON text of the list).
std::string withAlignments(const std::string& alignments) {
    Json doc = Json::parse(readText(kStationing));
    doc["alignments"] = Json::parse(alignments);
    return doc.dump();
}

caughttest::Caught compileError(const std::string& alignments) {
    return caught([&] { Layout::compile(parseLayoutSpec(withAlignments(alignments), "x.json"), "x.json"); });
}

// Line A (100 m, from the origin along +x) and line R (100 m) placed at (200, 0, 0) heading -x, so that R's
// end meets A's end at (100, 0, 0); the alignment runs A forward then R backward from km 0+500.
const char* kReverse = R"({"format": "tracklab-layout", "version": 2, "tracks": [
    {"id": "A", "curve": {"type": "line", "length": 100}},
    {"id": "R", "curve": {"type": "line", "length": 100},
     "placement": {"position": [200, 0, 0], "rotation": [0, 0, 0, 1]}}],
  "connections": [{"a": ["A", "end"], "b": ["R", "end"]}],
  "alignments": [{"id": "Back", "tracks": [["A", 1], ["R", -1]], "startStation": 500}]})";

} // namespace

class TestStationing : public QObject {
    Q_OBJECT
private slots:
    // Station = start + the sum of the (level) lengths before the place, restarted by the equation [200,
    // 12300]: closed forms within 1e-9 m.
    void levelChainStations_data() {
        QTest::addColumn<QString>("track");
        QTest::addColumn<double>("s");
        QTest::addColumn<double>("station");
        QTest::newRow("A start") << "A" << 0.0 << 12000.0;
        QTest::newRow("A 73.25") << "A" << 73.25 << 12073.25;
        QTest::newRow("A end") << "A" << kA << 12100.0;
        QTest::newRow("B 50") << "B" << 50.0 << 12150.0;
        QTest::newRow("B 99.5 (before the equation)") << "B" << 99.5 << 12199.5;
        QTest::newRow("B 100 (the equation wins)") << "B" << 100.0 << 12300.0;
        QTest::newRow("B 150") << "B" << 150.0 << 12350.0;
        QTest::newRow("B end") << "B" << kB << 12300.0 + kA + kB - 200.0;
        QTest::newRow("C start") << "C" << 0.0 << 12300.0 + kA + kB - 200.0;
        QTest::newRow("C 42.5") << "C" << 42.5 << 12300.0 + kA + kB - 200.0 + 42.5;
        QTest::newRow("C end") << "C" << kC << 12300.0 + kA + kB + kC - 200.0;
    }
    void levelChainStations() {
        QFETCH(QString, track);
        QFETCH(double, s);
        QFETCH(double, station);
        const Layout L = Layout::load(kStationing);
        const int t = L.trackIndex(track.toStdString());
        QVERIFY(t >= 0);
        const std::optional<double> got = L.station(t, s);
        QVERIFY(got.has_value());
        QVERIFY2(std::abs(*got - station) < 1e-9, qPrintable(QString::number(*got, 'g', 17)));
        // the inverse: the same point (a track's end is the next one's start)
        const TrackPosition p = L.alignmentList()[0].position(station);
        const Vec3 d = L.frameInWorld(std::size_t(p.track), p.s).F.P - L.frameInWorld(std::size_t(t), s).F.P;
        QVERIFY2(d.norm() < 1e-6, qPrintable(QString("track %1 s %2").arg(p.track).arg(p.s, 0, 'g', 17)));
    }

    void alignmentFigures() {
        const Layout L = Layout::load(kStationing);
        QCOMPARE(int(L.alignmentList().size()), 1);
        const Alignment& a = L.alignmentList()[0];
        QCOMPARE(a.id(), std::string("Main"));
        QCOMPARE(L.alignmentIndex("Main"), 0);
        QCOMPARE(L.alignmentIndex("Nope"), -1);
        QVERIFY(std::abs(a.horizontalLength() - (kA + kB + kC)) < 1e-9);
        QVERIFY(std::abs(a.firstStation() - 12000.0) < 1e-12);
        QVERIFY(std::abs(a.lastStation() - (12300.0 + kA + kB + kC - 200.0)) < 1e-9);
        QCOMPARE(stationLabel(L, L.trackIndex("B"), 150.0), std::string("km 12+350.000"));
        QCOMPARE(stationRange(L, L.trackIndex("A"), 10.0, 20.0),
                 std::string("km 12+010.000 to km 12+020.000"));
        QCOMPARE(stationRange(L, L.trackIndex("A"), 10.0, 10.0), std::string("km 12+010.000"));
    }

    // A track on no alignment has no station (nothing shown for it anywhere).
    void trackOffTheAlignment() {
        LayoutSpec spec = stationingSpec();
        TrackSpec d;
        d.id = "D";
        d.frame = TrackFrame::Up;
        d.curve.params["length"] = 50.0;
        d.placement.pose.position = Vec3(0, 100, 0);
        spec.tracks.push_back(d);
        const Layout L = Layout::compile(spec, "x.json");
        QVERIFY(!L.station(L.trackIndex("D"), 10.0).has_value());
        QCOMPARE(stationLabel(L, L.trackIndex("D"), 10.0), std::string());
        const Layout none = Layout::compile(parseLayoutSpec(
            R"({"format": "tracklab-layout", "version": 2, "tracks": [{"id": "A", "curve": {"type": "line", "length": 10}}]})"));
        QVERIFY(!none.station(0, 5.0).has_value());
    }

    // A track travelled backwards: its station counts down its s. R at s is 500 + 100 + (100 - s).
    void reversedTrack() {
        const Layout L = Layout::compile(parseLayoutSpec(kReverse, "reverse.json"), "reverse.json");
        const int r = L.trackIndex("R");
        for (const double s : {0.0, 30.0, 100.0}) {
            const std::optional<double> st = L.station(r, s);
            QVERIFY(st.has_value());
            QVERIFY(std::abs(*st - (700.0 - s)) < 1e-9);
        }
        const TrackPosition p = L.alignmentList()[0].position(670.0);
        QCOMPARE(p.track, r);
        QCOMPARE(p.direction, -1);
        QVERIFY(std::abs(p.s - 30.0) < 1e-6);
    }

    // A line pitched by theta: the horizontal distance is s cos(theta) (within 1e-6 m), and the inverse finds
    // s.
    void pitchedLine() {
        const double theta = 0.1;
        LayoutSpec spec;
        TrackSpec t;
        t.id = "P";
        t.frame = TrackFrame::Up;
        t.curve.params["length"] = 1000.0;
        t.placement.pose.rotation = Quat(Eigen::AngleAxisd(-theta, Vec3::UnitY()));
        spec.tracks.push_back(t);
        spec.alignmentSpecs.push_back(AlignmentSpec{"Grade", {{"P", 1}}, 0.0, {}, Json::object()});
        const Layout L = Layout::compile(spec);
        const Alignment& a = L.alignmentList()[0];
        for (const double s : {0.0, 1.0, 37.0, 499.5, 1000.0}) {
            QVERIFY2(std::abs(*a.distance(0, s) - s * std::cos(theta)) < 1e-6,
                     qPrintable(QString::number(s)));
            const TrackPosition p = a.position(s * std::cos(theta));
            QVERIFY(std::abs(p.s - s) < 1e-6);
        }
        QVERIFY(std::abs(a.horizontalLength() - 1000.0 * std::cos(theta)) < 1e-6);
    }

    // A helix (radius r, rise h per radian): |T_xy| = r / sqrt(r^2 + h^2) all along (core/curves/Helix.h), so
    // the horizontal distance is s r / sqrt(r^2 + h^2): a curve with gradient that is not a line.
    void helix() {
        const double r = 50.0, pitch = 20.0, h = pitch / (2 * std::numbers::pi);
        LayoutSpec spec;
        TrackSpec t;
        t.id = "H";
        t.frame = TrackFrame::Up;
        t.curve.type = "helix";
        t.curve.params = {{"radius", r}, {"pitch", pitch}, {"turns", 1.5}};
        spec.tracks.push_back(t);
        spec.alignmentSpecs.push_back(AlignmentSpec{"Spiral", {{"H", 1}}, 100.0, {}, Json::object()});
        const Layout L = Layout::compile(spec);
        const double k = r / std::hypot(r, h);
        for (const double s : {12.5, 200.0, L.track(0).length()}) {
            QVERIFY(std::abs(*L.station(0, s) - (100.0 + s * k)) < 1e-6);
            QVERIFY(std::abs(L.alignmentList()[0].position(100.0 + s * k).s - s) < 1e-6);
        }
    }

    // The inverse of station() over the whole level chain, 1 m apart (outside the equation's gap).
    void positionInvertsStation() {
        const Layout L = Layout::load(kStationing);
        const Alignment& a = L.alignmentList()[0];
        for (double st = 12000.0; st <= a.lastStation(); st += 1.0) {
            if (st >= 12200.0 && st < 12300.0) continue;
            const TrackPosition p = a.position(st);
            QVERIFY2(std::abs(*L.station(p.track, p.s) - st) < 1e-6, qPrintable(QString::number(st)));
        }
    }

    void stationOutsideOrInTheGap() {
        const Layout L = Layout::load(kStationing);
        const Alignment& a = L.alignmentList()[0];
        auto message = [&](double st) -> std::string {
            try {
                a.position(st);
            } catch (const std::out_of_range& e) {
                return e.what();
            }
            return "no error";
        };
        QCOMPARE(message(12250.0),
                 std::string("station km 12+250.000 (12250.000 m) is not on alignment \"Main\": "
                             "station equation 0 (at horizontal distance 200.000 m) jumps from "
                             "km 12+200.000 to km 12+300.000"));
        QCOMPARE(
            message(11999.5),
            std::string("station km 11+999.500 (11999.500 m) is outside alignment \"Main\" (km 12+000.000 "
                        "to km 12+507.080)"));
        QCOMPARE(
            message(12508.0),
            std::string("station km 12+508.000 (12508.000 m) is outside alignment \"Main\" (km 12+000.000 "
                        "to km 12+507.080)"));
    }

    // Each mistake names its JSON path (and the file).
    void errors_data() {
        QTest::addColumn<QString>("alignments");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        QTest::newRow("unknown track")
            << R"([{"id": "M", "tracks": [["A", 1], ["X", 1]], "startStation": 0}])"
            << "/alignments/0/tracks/1/0"
            << "unknown track \"X\"";
        QTest::newRow("direction") << R"([{"id": "M", "tracks": [["A", 2]], "startStation": 0}])"
                                   << "/alignments/0/tracks/0/1"
                                   << "direction must be 1 or -1, got 2";
        QTest::newRow("not joined") << R"([{"id": "M", "tracks": [["A", 1], ["C", 1]], "startStation": 0}])"
                                    << "/alignments/0/tracks/1"
                                    << "track \"C\" (direction 1) does not continue track \"A\": the end of "
                                       "\"A\" is not joined to the "
                                       "start of \"C\" (docs/layout-format.md, \"Alignments\")";
        QTest::newRow("wrong direction")
            << R"([{"id": "M", "tracks": [["A", 1], ["B", -1]], "startStation": 0}])"
            << "/alignments/0/tracks/1"
            << "track \"B\" (direction -1) does not continue track \"A\": the end of \"A\" is not joined to "
               "the "
               "end of \"B\" (docs/layout-format.md, \"Alignments\")";
        QTest::newRow("duplicate id") << R"([{"id": "M", "tracks": [["A", 1]], "startStation": 0},
                                             {"id": "M", "tracks": [["B", 1]], "startStation": 0}])"
                                      << "/alignments/1/id"
                                      << "alignment id \"M\" is used twice";
        QTest::newRow("track twice")
            << R"([{"id": "M", "tracks": [["A", 1], ["B", 1], ["A", 1]], "startStation": 0}])"
            << "/alignments/0/tracks/2/0"
            << "track \"A\" is on alignment \"M\" twice";
        QTest::newRow("equations not increasing")
            << R"([{"id": "M", "tracks": [["A", 1], ["B", 1]], "startStation": 0,
                    "stationEquations": [[150, 1000], [150, 2000]]}])"
            << "/alignments/0/stationEquations/1/0"
            << "distance 150 m does not increase (the equation before is at 150 m)";
        QTest::newRow("equation beyond the end")
            << R"([{"id": "M", "tracks": [["A", 1]], "startStation": 0, "stationEquations": [[100.5, 1000]]}])"
            << "/alignments/0/stationEquations/0/0"
            << "distance 100.5 m is outside alignment \"M\" (0 .. its horizontal length 100 m)";
        QTest::newRow("equation before the start")
            << R"([{"id": "M", "tracks": [["A", 1]], "startStation": 0, "stationEquations": [[-1, 1000]]}])"
            << "/alignments/0/stationEquations/0/0"
            << "distance -1 m is outside alignment \"M\" (0 .. its horizontal length 100 m)";
        QTest::newRow("no tracks") << R"([{"id": "M", "tracks": [], "startStation": 0}])"
                                   << "/alignments/0/tracks"
                                   << "expected a non-empty array [[TRACK, direction], ...], got an array []";
        QTest::newRow("no start station") << R"([{"id": "M", "tracks": [["A", 1]]}])"
                                          << "/alignments/0/startStation"
                                          << "missing required key \"startStation\"";
        QTest::newRow("bad equation") << R"([{"id": "M", "tracks": [["A", 1]], "startStation": 0,
                                              "stationEquations": [[10]]}])"
                                      << "/alignments/0/stationEquations/0"
                                      << "expected [distance, station] (two numbers [m]), got an array [10]";
    }
    void errors() {
        QFETCH(QString, alignments);
        QFETCH(QString, path);
        QFETCH(QString, problem);
        const caughttest::Caught c = compileError(alignments.toStdString());
        QCOMPARE(QString::fromStdString(c.file), QString("x.json"));
        QCOMPARE(QString::fromStdString(c.path), path);
        QCOMPARE(QString::fromStdString(c.problem), problem);
    }

    // What a spec built in code may hold and a file cannot: a direction other than +-1, non-finite numbers.
    void errorsOfSpecsInCode() {
        auto compileWith = [](const std::function<void(AlignmentSpec&)>& change) {
            LayoutSpec spec = stationingSpec();
            change(spec.alignmentSpecs[0]);
            return caught([&] { Layout::compile(spec, "x.json"); });
        };
        caughttest::Caught c = compileWith([](AlignmentSpec& a) { a.tracks[1].second = 0; });
        QCOMPARE(c.path, std::string("/alignments/0/tracks/1/1"));
        QCOMPARE(c.problem, std::string("direction must be 1 or -1, got 0"));
        c = compileWith([](AlignmentSpec& a) { a.startStation = std::nan(""); });
        QCOMPARE(c.path, std::string("/alignments/0/startStation"));
        QCOMPARE(c.problem, std::string("not a finite number"));
        c = compileWith([](AlignmentSpec& a) { a.equations[0].second = INFINITY; });
        QCOMPARE(c.path, std::string("/alignments/0/stationEquations/0/1"));
        QCOMPARE(c.problem, std::string("not a finite number"));
        c = compileWith([](AlignmentSpec& a) { a.equations[0].first = std::nan(""); });
        QCOMPARE(c.path, std::string("/alignments/0/stationEquations/0/0"));
        c = compileWith([](AlignmentSpec& a) { a.id.clear(); });
        QCOMPARE(c.path, std::string("/alignments/0/id"));
    }

    // "alignments" is read into LayoutSpec and written back as it was ("ifc" kept as an unknown key).
    void roundTrip() {
        const Json doc = Json::parse(readText(kStationing));
        const LayoutSpec spec = layoutSpecFromJson(doc, "x.json");
        QCOMPARE(int(spec.alignmentSpecs.size()), 1);
        const AlignmentSpec& a = spec.alignmentSpecs[0];
        QCOMPARE(a.id, std::string("Main"));
        QCOMPARE(int(a.tracks.size()), 3);
        QCOMPARE(a.tracks[2].first, std::string("C"));
        QCOMPARE(a.tracks[2].second, 1);
        QCOMPARE(a.startStation, 12000.0);
        QCOMPARE(int(a.equations.size()), 1);
        QCOMPARE(a.equations[0].first, 200.0);
        QCOMPARE(a.equations[0].second, 12300.0);
        QCOMPARE(a.extra["ifc"].get<std::string>(), std::string("#12"));
        QVERIFY(!spec.extra.contains("alignments"));
        const Json back = layoutSpecToJson(spec);
        QCOMPARE(back["alignments"].dump(), doc["alignments"].dump());
        QVERIFY(parseLayoutSpec(layoutSpecText(spec), "x.json") == spec);
    }

    // Renaming a track renames it in the alignment; splitting one puts both halves on it in its direction
    // (the stations stay: B at 60 m is the second half at 10 m after a split at 50 m, km 12+160); deleting
    // one deletes the alignments through it.
    void designOperations() {
        const Layout L = Layout::load(kStationing);
        const LayoutSpec renamed = design::renameTrack(L.spec(), "B", "Bend").spec;
        QCOMPARE(renamed.alignmentSpecs[0].tracks[1].first, std::string("Bend"));
        const Layout split = Layout::compile(design::splitTrack(L, "B", 50.0, "B2").spec);
        const auto& tracks = split.spec().alignmentSpecs[0].tracks;
        QCOMPARE(int(tracks.size()), 4);
        QCOMPARE(tracks[2].first, std::string("B2"));
        QVERIFY(std::abs(*split.station(split.trackIndex("B2"), 10.0) - 12160.0) < 1e-6);
        const Layout back = Layout::compile(parseLayoutSpec(kReverse));
        const Layout splitBack = Layout::compile(design::splitTrack(back, "R", 40.0, "R2").spec);
        const auto& tb = splitBack.spec().alignmentSpecs[0].tracks;
        QCOMPARE(int(tb.size()), 3);
        QCOMPARE(tb[1].first, std::string("R2"));
        QCOMPARE(tb[1].second, -1);
        QVERIFY(std::abs(*splitBack.station(splitBack.trackIndex("R2"), 10.0) - (700.0 - 50.0)) < 1e-6);
        QVERIFY(design::deleteTrack(L, "C").spec.alignmentSpecs.empty());
    }

    // formatStation: millimetres first (halves away from zero), then km + metres; the sign on the km.
    void format_data() {
        QTest::addColumn<double>("metres");
        QTest::addColumn<QString>("text");
        QTest::newRow("12345.678") << 12345.678 << "km 12+345.678";
        QTest::newRow("0") << 0.0 << "km 0+000.000";
        QTest::newRow("-12.345") << -12.345 << "km -0+012.345";
        QTest::newRow("-1234.5") << -1234.5 << "km -1+234.500";
        QTest::newRow("-0.0004 (rounds to 0: no sign)") << -0.0004 << "km 0+000.000";
        QTest::newRow("999.9994") << 999.9994 << "km 0+999.999";
        QTest::newRow("999.9995 (a half: away from zero)") << 999.9995 << "km 1+000.000";
        QTest::newRow("999.9996") << 999.9996 << "km 1+000.000";
        QTest::newRow("-999.9995") << -999.9995 << "km -1+000.000";
        QTest::newRow("1000") << 1000.0 << "km 1+000.000";
        QTest::newRow("1e6") << 1e6 << "km 1000+000.000";
        QTest::newRow("0.5") << 0.5 << "km 0+000.500";
    }
    void format() {
        QFETCH(double, metres);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatStation(metres)), text);
    }

    void parse_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("metres");
        QTest::newRow("K+M") << "12+345.678" << 12345.678;
        QTest::newRow("km K+M") << "km 12+345.678" << 12345.678;
        QTest::newRow("metres") << "12345.678" << 12345.678;
        QTest::newRow("no fraction") << "12+345" << 12345.0;
        QTest::newRow("negative km") << "  km  -0+012.345 " << -12.345;
        QTest::newRow("negative K+M") << "-1+234.5" << -1234.5;
        QTest::newRow("negative metres") << "-12.345" << -12.345;
        QTest::newRow("zero") << "0+000" << 0.0;
        QTest::newRow("km without space") << "km12+000" << 12000.0;
    }
    void parse() {
        QFETCH(QString, text);
        QFETCH(double, metres);
        QVERIFY(std::abs(parseStation(text.toStdString()) - metres) < 1e-9);
    }

    void parseRejects_data() {
        QTest::addColumn<QString>("text");
        for (const char* t :
             {"", "   ", "km", "12+34", "12+3456", "12+345.", "1e3", "12+345.678x", "km 12345", "+12",
              "12++345", "--1", "12.3.4", "km -", "12 345", "12,5", "nan", "inf"})
            QTest::newRow(("'" + std::string(t) + "'").c_str()) << QString(t);
        QTest::newRow("401 digits (too large)") << QString("1") + QString(400, '0');
    }
    void parseRejects() {
        QFETCH(QString, text);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseStation(text.toStdString()));
    }

    // format then parse gives the value back (values in whole millimetres), the km boundary and negatives too
    void formatParseRoundTrip() {
        for (const double x :
             {12345.678, -12.345, 999.999, 1000.0, 0.0, 1234567.891, -1000.0, -0.001, 12507.08})
            QVERIFY2(std::abs(parseStation(formatStation(x)) - x) < 1e-9, formatStation(x).c_str());
        QCOMPARE(parseStation(formatStation(999.9995)), 1000.0);
    }
};

QTEST_GUILESS_MAIN(TestStationing)
#include "tst_stationing.moc"
