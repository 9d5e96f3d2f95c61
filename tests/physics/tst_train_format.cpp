// Path-named errors of the rolling-stock and "trains" parsers (docs/trains-format.md; docs/architecture.md
// "Errors: bad input gets a message that says what and where (file, JSON path, value)"): one data row per
// class of bad input -- missing key, wrong type, out of range, unknown rolling stock, unknown track, s
// outside the track, a train that does not fit -- each checked for the exact file, JSON path and problem.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/spec/TrainSpec.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace tl;

namespace {
// A 200 m straight "L" and a 100 m straight "M" whose end joins L's start.
Layout twoStraights() {
    return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 200}},
        {"id": "M", "curve": {"type": "line", "length": 100}, "placement": {"position": [-100, 0, 0]}}],
        "connections": [{"a": ["M", "end"], "b": ["L", "start"]}]})",
                                           "<test>"),
                           "<test>");
}
} // namespace

class TstTrainFormat : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void badTrains_data();
    void badTrains();
    void goodTrainsParse();
    void trainsFoulingAtACrossing();
    void rollingStockFileErrors_data();
    void rollingStockFileErrors();
    void simulationReportsLayoutError();

private:
    QTemporaryDir dir_;
    std::string layoutFile_; // <dir>/layout.json (never read: it only names the errors and the stock dir)
    std::string stockDir_;   // <dir>/rolling-stock
};

void TstTrainFormat::initTestCase() {
    QVERIFY(dir_.isValid());
    layoutFile_ = dir_.filePath("layout.json").toStdString();
    stockDir_ = dir_.filePath("rolling-stock").toStdString();
    std::filesystem::create_directories(stockDir_);
    // A definition with a bad value, found by name beside the layout: the error names THAT file.
    std::ofstream(stockDir_ + "/broken-car.json")
        << R"({"body": {"length": 20, "width": 3, "height": 3, "mass": -5, "cgHeight": 1.8}})";
    std::ofstream(stockDir_ + "/not-json.json") << R"({"body": )";
}

void TstTrainFormat::badTrains_data() {
    QTest::addColumn<QString>("trains");  // the "trains" section
    QTest::addColumn<QString>("file");    // "layout" or the rolling-stock file name in <dir>/rolling-stock
    QTest::addColumn<QString>("path");    // exact JSON pointer
    QTest::addColumn<QString>("problem"); // a substring of the problem
    const QString ok = R"("cars": ["passenger-car"], "start": {"track": "L", "s": 100})";
    // Missing keys.
    QTest::newRow("missing id") << "[{" + ok + "}]"
                                << "layout"
                                << "/trains/0/id"
                                << "missing required key \"id\"";
    QTest::newRow("missing start") << R"([{"id": "A", "cars": ["passenger-car"]}])"
                                   << "layout"
                                   << "/trains/0/start"
                                   << "missing required key \"start\"";
    QTest::newRow("missing start/s") << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L"}}])"
                                     << "layout"
                                     << "/trains/0/start/s"
                                     << "missing required key \"s\"";
    QTest::newRow("missing cars") << R"([{"id": "A", "start": {"track": "L", "s": 100}}])"
                                  << "layout"
                                  << "/trains/0/cars"
                                  << "missing required key \"cars\"";
    QTest::newRow("missing body (inline car)")
        << R"([{"id": "A", "cars": [{"name": "x"}], "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/body"
        << "missing required key \"body\"";
    QTest::newRow("missing traction/maxSpeed")
        << R"([{"id": "A", "cars": [{"base": "locomotive", "traction": {"maxSpeed": null}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/traction/maxSpeed"
        << "missing required key \"maxSpeed\"";
    // Wrong types.
    QTest::newRow("trains not an array") << R"({"id": "A"})"
                                         << "layout"
                                         << "/trains"
                                         << "expected an array";
    QTest::newRow("train not an object") << R"([42])"
                                         << "layout"
                                         << "/trains/0"
                                         << "expected an object, got a number 42";
    QTest::newRow("car entry a number")
        << R"([{"id": "A", "cars": ["passenger-car", 7], "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/1"
        << "expected a rolling-stock name or an object, got a number 7";
    QTest::newRow("body/mass a string")
        << R"([{"id": "A", "cars": [{"base": "passenger-car", "body": {"mass": "heavy"}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/body/mass"
        << "expected a number, got a string \"heavy\"";
    QTest::newRow("bogies/box two numbers")
        << R"([{"id": "A", "cars": [{"base": "passenger-car", "bogies": {"box": [3, 2]}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/bogies/box"
        << "expected an array of 3 numbers [x, y, z], got an array [3,2]";
    QTest::newRow("start/s a string")
        << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L", "s": "middle"}}])"
        << "layout"
        << "/trains/0/start/s"
        << "expected a number, got a string \"middle\"";
    QTest::newRow("schedule value a string")
        << "[{" + ok + R"(, "id": "A", "schedule": [[0, 0.5, 0], [5, "full", 0]]}])"
        << "layout"
        << "/trains/0/schedule/1/1"
        << "expected a number, got a string \"full\"";
    // Out of range.
    QTest::newRow("bogies/count 3")
        << R"([{"id": "A", "cars": [{"base": "passenger-car", "bogies": {"count": 3}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/bogies/count"
        << "expected 1 or 2";
    QTest::newRow("bogies/spacing >= body length")
        << R"([{"id": "A", "cars": [{"base": "passenger-car", "bogies": {"spacing": 30}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/bogies/spacing"
        << "must be shorter than the body length";
    QTest::newRow("wheelRail/flangeAngle in degrees")
        << R"([{"id": "A", "cars": [{"base": "passenger-car", "wheelRail": {"flangeAngle": 70}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/wheelRail/flangeAngle"
        << "below pi/2";
    QTest::newRow("coupler/limit negative")
        << R"([{"id": "A", "cars": [{"base": "passenger-car", "coupler": {"limit": -1}}],
               "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/coupler/limit"
        << "limit must be > 0, got -1";
    QTest::newRow("schedule throttle 1.5") << "[{" + ok + R"(, "id": "A", "schedule": [[0, 1.5, 0]]}])"
                                           << "layout"
                                           << "/trains/0/schedule/0/1"
                                           << "throttle must lie in [0, 1]";
    QTest::newRow("schedule times decrease")
        << "[{" + ok + R"(, "id": "A", "schedule": [[5, 0, 0], [2, 0, 0]]}])"
        << "layout"
        << "/trains/0/schedule/1/0"
        << "times must not decrease";
    QTest::newRow("direction 0") << R"([{"id": "A", "cars": ["passenger-car"],
                                        "start": {"track": "L", "s": 100, "direction": 0}}])"
                                 << "layout"
                                 << "/trains/0/start/direction"
                                 << "expected 1 or -1";
    QTest::newRow("duplicate id (second train)") << "[{" + ok + R"(, "id": "A"}, {)" + ok + R"(, "id": "A"}])"
                                                 << "layout"
                                                 << "/trains/1/id"
                                                 << "duplicate train id \"A\"";
    // Unknown names.
    QTest::newRow("unknown rolling stock")
        << R"([{"id": "A", "cars": ["passenger-car", "tram"], "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/1"
        << "no rolling stock \"tram.json\" found";
    QTest::newRow("unknown base")
        << R"([{"id": "A", "cars": [{"base": "tram"}], "start": {"track": "L", "s": 100}}])"
        << "layout"
        << "/trains/0/cars/0/base"
        << "no rolling stock \"tram.json\" found";
    QTest::newRow("unknown track")
        << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "X", "s": 100}}])"
        << "layout"
        << "/trains/0/start/track"
        << "no track with id \"X\"";
    // s outside the track.
    QTest::newRow("s < 0") << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L", "s": -1}}])"
                           << "layout"
                           << "/trains/0/start/s"
                           << "must lie on the track: 0 <= s <= 200";
    QTest::newRow("s > length")
        << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L", "s": 200.5}}])"
        << "layout"
        << "/trains/0/start/s"
        << "must lie on the track: 0 <= s <= 200";
    // Trains that do not fit: the head car's front bogie 8.75 m ahead of s = 195 is beyond L's open end;
    // the sixth coach's centre, 122.5 m behind s = 20, is beyond M's open start (20 m of L + 100 m of M).
    QTest::newRow("head bogie beyond the end")
        << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L", "s": 195}}])"
        << "layout"
        << "/trains/0/start/s"
        << "does not fit on the track: car 0 (passenger-car, 0.000000 m behind the head car's centre) "
           "reaches the open end of track \"L\"";
    QTest::newRow("tail beyond the start, through a connection")
        << R"([{"id": "A", "cars": ["passenger-car", "passenger-car", "passenger-car", "passenger-car",
               "passenger-car", "passenger-car"], "start": {"track": "L", "s": 20}}])"
        << "layout"
        << "/trains/0/start/s"
        << "car 5 (passenger-car, 122.500000 m behind the head car's centre) reaches the open start of "
           "track \"M\"";
    QTest::newRow("reversed train, tail beyond the end")
        << R"([{"id": "A", "cars": ["passenger-car", "passenger-car"], "start": {"track": "L", "s": 170,
               "direction": -1}}])"
        << "layout"
        << "/trains/0/start/s"
        << "car 1 (passenger-car, 24.500000 m behind the head car's centre) reaches the open end of track "
           "\"L\"";
    // Two trains overlapping at the start (StartOverlap.h), the later one named at its start: a passenger car
    // is 24.5 m over its buffers, so B's rear end at 124 - 12.25 lies 0.5 m beyond A's front end at
    // 100 + 12.25; head-on across the connection M-L, B's front at -100 + 96 + 12.25 = 8.25 m against A's
    // front at 20 - 12.25 = 7.75 m; B reversed inside A (a 19 m locomotive and a coach), B's rear end at
    // 120 + 12.25 against A's rear end at 150 - 9.5 - 24.5 = 116 m.
    QTest::newRow("trains overlapping along the track")
        << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L", "s": 100}},
               {"id": "B", "cars": ["passenger-car"], "start": {"track": "L", "s": 124}}])"
        << "layout"
        << "/trains/1/start"
        << "train \"B\" overlaps train \"A\": its rear end lies 0.5 m beyond that train's front end";
    QTest::newRow("trains overlapping head-on across a connection")
        << R"([{"id": "A", "cars": ["passenger-car"], "start": {"track": "L", "s": 20, "direction": -1}},
               {"id": "B", "cars": ["passenger-car"], "start": {"track": "M", "s": 96}}])"
        << "layout"
        << "/trains/1/start"
        << "train \"B\" overlaps train \"A\": its front end lies 0.5 m beyond that train's front end";
    QTest::newRow("a train standing in another")
        << R"([{"id": "A", "cars": ["locomotive", "passenger-car"], "start": {"track": "L", "s": 150}},
               {"id": "B", "cars": ["passenger-car"], "start": {"track": "L", "s": 120, "direction": -1}}])"
        << "layout"
        << "/trains/1/start"
        << "train \"B\" overlaps train \"A\": its rear end lies 16.25 m beyond that train's rear end";
    // Errors inside a rolling-stock file found by name: that file, its own path.
    QTest::newRow("bad value in a stock file")
        << R"([{"id": "A", "cars": ["passenger-car", "broken-car"], "start": {"track": "L", "s": 100}}])"
        << "broken-car.json"
        << "/body/mass"
        << "mass must be > 0, got -5";
    QTest::newRow("stock file not JSON")
        << R"([{"id": "A", "cars": ["not-json"], "start": {"track": "L", "s": 100}}])"
        << "not-json.json"
        << ""
        << "not JSON: line 1, column 10";
}

void TstTrainFormat::badTrains() {
    QFETCH(QString, trains);
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, problem);
    const Layout layout = twoStraights();
    const std::string expectedFile =
        file == "layout" ? layoutFile_ : (std::filesystem::path(stockDir_) / file.toStdString()).string();
    try {
        parseTrains(nlohmann::json::parse(trains.toStdString()), layout, layoutFile_);
        QFAIL("no LayoutError");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(expectedFile));
        QCOMPARE(QString::fromStdString(e.path()), path);
        QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
        // what() = "FILE: /path: problem" (the root printed as "/")
        const std::string shown = path.isEmpty() ? "/" : path.toStdString();
        QCOMPARE(QString(e.what()), QString::fromStdString(expectedFile + ": " + shown + ": " + e.problem()));
    }
}

void TstTrainFormat::goodTrainsParse() {
    // The control: the same keys, valid, parse -- a three-coach train that just fits behind s = 70.
    const Layout layout = twoStraights();
    const auto t = parseTrains(nlohmann::json::parse(R"([{"id": "A", "cars": ["locomotive", "passenger-car",
        {"base": "passenger-car", "body": {"mass": 50000}}], "start": {"track": "L", "s": 100, "direction": 1},
        "speed": 12, "schedule": [[0, 0.5, 0], [5, 0, 1]]}])"),
                               layout, layoutFile_);
    QCOMPARE(int(t.size()), 1);
    QCOMPARE(int(t[0].cars.size()), 3);
    QCOMPARE(t[0].cars[2].body.mass, 50000.0);
    QCOMPARE(t[0].cars[1].body.mass, 36000.0); // resources/rolling-stock/passenger-car.json
    QCOMPARE(int(t[0].schedule.size()), 2);
    QVERIFY(fitTrain(t[0], layout, layout.initialSwitchStates()).problem.empty());
    // two trains whose car ends touch (0 m apart along the track) and half a millimetre beyond are not an
    // overlap (StartOverlap.h: rounding), 2 mm are
    for (const double s : {124.5, 124.4995}) {
        const nlohmann::json two = {
            {{"id", "A"}, {"cars", {"passenger-car"}}, {"start", {{"track", "L"}, {"s", 100}}}},
            {{"id", "B"}, {"cars", {"passenger-car"}}, {"start", {{"track", "L"}, {"s", s}}}}};
        QCOMPARE(int(parseTrains(two, layout, layoutFile_).size()), 2);
    }
    const nlohmann::json closer = {
        {{"id", "A"}, {"cars", {"passenger-car"}}, {"start", {{"track", "L"}, {"s", 100}}}},
        {{"id", "B"}, {"cars", {"passenger-car"}}, {"start", {{"track", "L"}, {"s", 124.498}}}}};
    QVERIFY_THROWS_EXCEPTION(LayoutError, parseTrains(closer, layout, layoutFile_));
}

void TstTrainFormat::trainsFoulingAtACrossing() {
    // A line X crossing L at grade at x = 100 (no connection): a train standing on the crossing and a train
    // on X with its car across it overlap (bodies 2.9 m wide); moved 20 m clear along X they do not.
    const Layout layout = Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1,
        "tracks": [{"id": "L", "curve": {"type": "line", "length": 200}},
                   {"id": "X", "curve": {"type": "line", "length": 100},
                    "placement": {"position": [100, -50, 0], "rotation": [0.7071067811865476, 0, 0, 0.7071067811865476]}}]})",
                                                          "<test>"),
                                          "<test>");
    auto trains = [](double sOnX) {
        return nlohmann::json{
            {{"id", "A"}, {"cars", {"passenger-car"}}, {"start", {{"track", "L"}, {"s", 100}}}},
            {{"id", "B"}, {"cars", {"passenger-car"}}, {"start", {{"track", "X"}, {"s", sOnX}}}}};
    };
    try {
        parseTrains(trains(50), layout, layoutFile_);
        QFAIL("no LayoutError");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QCOMPARE(QString::fromStdString(e.path()), QString("/trains/1/start"));
        QVERIFY2(QString::fromStdString(e.problem())
                     .startsWith("train \"B\" overlaps train \"A\": its car 0 (track \"X\" at s = 50 m) "
                                 "and that train's car 0 (track \"L\" at s = 100 m) stand"),
                 e.what());
    }
    // clear: B's car reaches from 50 - 12.25 + 20 = 57.75 m on X, 7.75 m beyond L's centre line, 6.3 m
    // beyond A's body side
    QCOMPARE(int(parseTrains(trains(70), layout, layoutFile_).size()), 2);
}

void TstTrainFormat::rollingStockFileErrors_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("problem");
    QTest::newRow("missing body") << R"({"name": "x"})"
                                  << "/body"
                                  << "missing required key \"body\"";
    QTest::newRow("body not an object") << R"({"body": [1, 2]})"
                                        << "/body"
                                        << "expected an object, got an array [1,2]";
    QTest::newRow("zero gauge") << R"({"body": {}, "wheelRail": {"gauge": 0}})"
                                << "/wheelRail/gauge"
                                << "gauge must be > 0, got 0";
    QTest::newRow("Nadal limit <= 0") << R"({"body": {}, "wheelRail": {"flangeAngle": 0.1, "friction": 0.5}})"
                                      << "/wheelRail/friction"
                                      << "Nadal limit";
    QTest::newRow("negative resistance") << R"({"body": {}, "resistance": {"c": -1}})"
                                         << "/resistance/c"
                                         << "must be >= 0";
    QTest::newRow("box component not a number") << R"({"body": {}, "bogies": {"box": [3, "wide", 1]}})"
                                                << "/bogies/box/1"
                                                << "expected a number, got a string \"wide\"";
}

void TstTrainFormat::rollingStockFileErrors() {
    // parseRollingStock on a file's root: the paths start at the root of that file.
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, problem);
    try {
        parseRollingStock(nlohmann::json::parse(json.toStdString()), "stock/x.json", "");
        QFAIL("no LayoutError");
    } catch (const LayoutError& e) {
        QCOMPARE(QString::fromStdString(e.file()), QString("stock/x.json"));
        QCOMPARE(QString::fromStdString(e.path()), path);
        QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
    }
    // loadRollingStock: an unknown name names the directories searched.
    try {
        loadRollingStock("no-such-stock", {std::filesystem::path(stockDir_)});
        QFAIL("no LayoutError");
    } catch (const LayoutError& e) {
        QVERIFY2(
            QString::fromStdString(e.problem())
                .contains("no definition \"no-such-stock.json\" in " + QString::fromStdString(stockDir_)),
            e.what());
    }
}

void TstTrainFormat::simulationReportsLayoutError() {
    // Through the whole chain (Layout file -> Simulation): the train that does not fit (190.5 m of cars,
    // 159.5 m of track behind the head car's front) is a LayoutError with file and path, not a
    // SimulationError without them.
    LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 200}}]})",
                                      layoutFile_);
    spec.trains = nlohmann::json::parse(R"([{"id": "ok", "cars": ["passenger-car"], "start": {"track": "L",
        "s": 100}}, {"id": "long", "cars": ["locomotive", "passenger-car", "passenger-car", "passenger-car",
        "passenger-car", "passenger-car", "passenger-car", "passenger-car"], "start": {"track": "L", "s": 150}}])");
    const Layout layout = Layout::compile(spec, layoutFile_);
    SimulationOptions o;
    o.recordTelemetry = false;
    try {
        Simulation sim(layout, o, layoutFile_);
        QFAIL("no LayoutError");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(layoutFile_));
        QCOMPARE(QString::fromStdString(e.path()), QString("/trains/1/start/s"));
        QVERIFY(QString::fromStdString(e.problem()).contains("does not fit"));
    }
}

QTEST_APPLESS_MAIN(TstTrainFormat)
#include "tst_train_format.moc"
