// The layout file: JSON round trip with unknown keys kept at every level, one row per class of bad input
// (checking the exact JSON pointer path of the message), and atomic saving (a failed save leaves the old
// file byte-identical). Reference: docs/layout-format.md.
#include "FileTestUtil.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutJson.h"
#include "core/layout/LayoutValidation.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

using namespace tl;
namespace fs = std::filesystem;

namespace {

using filetest::entryCount;
using filetest::readAll;
using filetest::writeAll;

// A document using every construct, with an unknown key at every level that is parsed.
const char* fullDocument = R"({
  "format": "tracklab-layout", "version": 1,
  "description": "round trip fixture", "notes": ["kept", {"deep": true}],
  "tracks": [
    {"id": "A", "lineSpeed": 25, "curve": {"type": "line", "length": 100, "color": "red"},
     "twist": {"type": "sum", "label": "s", "of": [{"type": "cant", "designSpeed": 25, "maxAngle": 0.1, "g": 9.8, "x": 1},
                                                   {"type": "keys", "keys": [[0, 0], [50, 0.05], [100, 0]], "y": 2}]},
     "placement": {"position": [1, 2, 3], "rotation": [0.7071067811865476, 0, 0, 0.7071067811865476], "locked": true}},
    {"id": "B", "curve": {"type": "arc", "radius": 100, "angle": 1.5707963267948966},
     "twist": {"type": "linear", "start": 0, "end": 0.2, "z": null},
     "placement": {"after": ["A", "end"], "offset": {"position": [0, 0, 0.5], "comment": "lift"}, "note": 1}},
    {"id": "C", "curve": {"type": "helix", "radius": 10, "pitch": 12.566, "turns": 1.5}, "body": "deck",
     "twist": {"type": "directional", "up": [0, 0, 1], "w": "up"}},
    {"id": "D", "curve": {"type": "clothoid", "length": 50, "curvatureEnd": 0.01},
     "twist": {"type": "constant", "angle": -0.05}, "placement": {"after": ["B", "start"]}},
    {"id": "E", "curve": {"type": "spline", "closed": false, "extraKey": [1, 2],
                          "points": [[0, 0, 0], {"position": [10, 0, 1], "tangent": [1, 0, 0], "handleMode": "aligned"},
                                     [20, 5, 0]]}}
  ],
  "connections": [{"a": ["A", "end"], "b": ["B", "start"], "label": "joint 1"}],
  "switches": [{"id": "S1", "at": ["B", "end"], "branches": [["D", "end"], ["E", "start"]], "state": 1, "motor": "left"}],
  "bodies": [{"name": "deck", "mass": 1000, "pose": {"position": [0, 0, 5]}}],
  "vehicles": [{"id": "car", "mass": 20000}],
  "trains": [{"cars": ["car"]}]
})";

const char* baseDocument = R"({"format": "tracklab-layout", "version": 1, "tracks": [
  {"id": "A", "curve": {"type": "line", "length": 10}},
  {"id": "B", "curve": {"type": "arc", "radius": 50, "angle": 0.5}}]})";

} // namespace

class TestLayoutJson : public QObject {
    Q_OBJECT
private slots:
    void roundTrip();
    void roundTripKeepsUnknownKeys();
    void badInput_data();
    void badInput();
    void nonFiniteSpecValue();
    void mutatedInputNeverEscapes();
    void loadMissingFile();
    void saveOverDirectoryFails();
    void saveIntoMissingDirectoryFails();
    void saveFailingWriteKeepsOldFile();
    void saveReadOnlyDirectoryKeepsOldFile();
};

void TestLayoutJson::roundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path path = fs::path(dir.path().toStdString()) / "full.json";
    const LayoutSpec first = parseLayoutSpec(fullDocument, "full.json");
    saveLayoutSpec(first, path);
    const LayoutSpec second = loadLayoutSpec(path);
    QVERIFY(first == second); // load -> save -> load equal
    // Saving again writes the same bytes (serialization is deterministic).
    const std::string text1 = readAll(path);
    saveLayoutSpec(second, path);
    QCOMPARE(readAll(path), text1);
    QCOMPARE(entryCount(path.parent_path()), std::size_t(1)); // no temp files left
    // The spec compiles: 5 tracks, 1 connection, 1 switch.
    const Layout layout = Layout::compile(second);
    QCOMPARE(layout.trackCount(), std::size_t(5));
    QCOMPARE(layout.switches().size(), std::size_t(1));
    // helix by turns: 1.5 * sqrt((2 pi 10)^2 + 12.566^2) = 1.5 * 64.0762 = 96.1143 m (docs/validation.md
    // helix)
    QVERIFY(std::abs(layout.trackById("C").length() - 96.1143) < 1e-3);
}

void TestLayoutJson::roundTripKeepsUnknownKeys() {
    const LayoutSpec spec = parseLayoutSpec(fullDocument);
    const Json out = Json::parse(layoutSpecText(spec));
    QCOMPARE(out["description"].get<std::string>(), std::string("round trip fixture"));
    QCOMPARE(out["notes"][1]["deep"].get<bool>(), true);
    QCOMPARE(out["tracks"][0]["lineSpeed"].get<double>(), 25.0);
    QCOMPARE(out["tracks"][0]["curve"]["color"].get<std::string>(), std::string("red"));
    QCOMPARE(out["tracks"][0]["twist"]["label"].get<std::string>(), std::string("s"));
    QCOMPARE(out["tracks"][0]["twist"]["of"][0]["x"].get<double>(), 1.0);
    QCOMPARE(out["tracks"][0]["twist"]["of"][1]["y"].get<double>(), 2.0);
    QCOMPARE(out["tracks"][0]["placement"]["locked"].get<bool>(), true);
    QVERIFY(out["tracks"][1]["twist"].contains("z") && out["tracks"][1]["twist"]["z"].is_null());
    QCOMPARE(out["tracks"][1]["placement"]["note"].get<double>(), 1.0);
    QCOMPARE(out["tracks"][1]["placement"]["offset"]["comment"].get<std::string>(), std::string("lift"));
    QCOMPARE(out["tracks"][2]["twist"]["w"].get<std::string>(), std::string("up"));
    QCOMPARE(out["tracks"][2]["curve"]["turns"].get<double>(), 1.5);
    QVERIFY(!out["tracks"][2]["curve"].contains("length"));
    QCOMPARE(out["tracks"][4]["curve"]["extraKey"], Json::array({1, 2}));
    QCOMPARE(out["tracks"][4]["curve"]["points"][1]["handleMode"].get<std::string>(), std::string("aligned"));
    QVERIFY(out["tracks"][4]["curve"]["points"][0].is_array());
    QCOMPARE(out["connections"][0]["label"].get<std::string>(), std::string("joint 1"));
    QCOMPARE(out["switches"][0]["motor"].get<std::string>(), std::string("left"));
    QCOMPARE(out["switches"][0]["state"].get<int>(), 1);
    QCOMPARE(out["bodies"][0]["mass"].get<double>(), 1000.0);
    QCOMPARE(out["vehicles"][0]["id"].get<std::string>(), std::string("car"));
    QCOMPARE(out["trains"][0]["cars"][0].get<std::string>(), std::string("car"));
}

void TestLayoutJson::badInput_data() {
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("problem");
    // Most rows edit the base document: replace `from` by `to` in it.
    auto edit = [](const char* from, const char* to) {
        QString d = QString::fromUtf8(baseDocument);
        if (!d.contains(QString::fromUtf8(from))) qFatal("test data: \"%s\" not in the base document", from);
        return d.replace(QString::fromUtf8(from), QString::fromUtf8(to));
    };
    auto withSections = [&](const char* sections) {
        QString d = QString::fromUtf8(baseDocument);
        d.chop(1); // drop the final '}'
        return d + ", " + QString::fromUtf8(sections) + "}";
    };

    QTest::newRow("not JSON") << QString::fromUtf8("{\"format\": \"tracklab-layout\",\n \"version\": 1,,}")
                              << ""
                              << "not JSON: line 2, column 15";
    QTest::newRow("number overflow") << edit("\"length\": 10", "\"length\": 1e999") << ""
                                     << "not JSON: line 2, column 51: number overflow";
    QTest::newRow("not an object") << "[1, 2]"
                                   << ""
                                   << "expected an object, got an array";
    QTest::newRow("wrong format") << edit("tracklab-layout", "tracklab-scene") << "/format"
                                  << "wrong format \"tracklab-scene\"";
    QTest::newRow("wrong version") << edit("\"version\": 1", "\"version\": 3") << "/version"
                                   << "unsupported version 3 (this build reads versions 1 to 2)";
    QTest::newRow("version not integer") << edit("\"version\": 1", "\"version\": \"1\"") << "/version"
                                         << "expected an integer, got a string";
    QTest::newRow("missing format") << edit("\"format\": \"tracklab-layout\", ", "") << "/format"
                                    << "missing required key \"format\"";
    QTest::newRow("tracks not array") << R"({"format": "tracklab-layout", "version": 1, "tracks": {}})"
                                      << "/tracks"
                                      << "expected an array, got an object";
    QTest::newRow("missing curve") << edit(R"(, "curve": {"type": "line", "length": 10})", "")
                                   << "/tracks/0/curve"
                                   << "missing required key \"curve\"";
    QTest::newRow("missing radius") << edit("\"radius\": 50, ", "") << "/tracks/1/curve/radius"
                                    << "missing required key \"radius\"";
    QTest::newRow("length wrong type")
        << edit("\"length\": 10", "\"length\": \"10\"") << "/tracks/0/curve/length"
        << "expected a number, got a string \"10\"";
    QTest::newRow("id wrong type") << edit("\"id\": \"A\"", "\"id\": 5") << "/tracks/0/id"
                                   << "expected a string, got a number 5";
    QTest::newRow("radius <= 0") << edit("\"radius\": 50", "\"radius\": -5") << "/tracks/1/curve/radius"
                                 << "radius must be > 0, got -5";
    QTest::newRow("angle 0") << edit("\"angle\": 0.5", "\"angle\": 0") << "/tracks/1/curve/angle"
                             << "angle must not be 0";
    QTest::newRow("spline < 2 points")
        << edit(R"({"type": "line", "length": 10})", R"({"type": "spline", "points": [[0, 0, 0]]})")
        << "/tracks/0/curve/points"
        << "at least 2 points, got 1";
    QTest::newRow("spline point wrong type")
        << edit(R"({"type": "line", "length": 10})", R"({"type": "spline", "points": [[0, 0, 0], [1, 2]]})")
        << "/tracks/0/curve/points/1"
        << "expected an array of 3 numbers [x, y, z], got an array [1,2]";
    QTest::newRow("unknown curve type")
        << edit("\"type\": \"line\"", "\"type\": \"parabola\"") << "/tracks/0/curve/type"
        << "unknown curve type \"parabola\"";
    QTest::newRow("unknown twist type")
        << edit("\"length\": 10}", R"("length": 10}, "twist": {"type": "wobble"})") << "/tracks/0/twist/type"
        << "unknown twist type \"wobble\"";
    QTest::newRow("sum term missing key")
        << edit(
               "\"length\": 10}",
               R"("length": 10}, "twist": {"type": "sum", "of": [{"type": "constant", "angle": 0}, {"type": "constant"}]})")
        << "/tracks/0/twist/of/1/angle"
        << "missing required key \"angle\"";
    QTest::newRow("keys not increasing")
        << edit("\"length\": 10}", R"("length": 10}, "twist": {"type": "keys", "keys": [[0, 0], [0, 0.1]]})")
        << "/tracks/0/twist/keys/1/0"
        << "key positions s must increase";
    QTest::newRow("rotation not unit")
        << edit("\"length\": 10}", R"("length": 10}, "placement": {"rotation": [1, 1, 0, 0]})")
        << "/tracks/0/placement/rotation"
        << "unit quaternion";
    QTest::newRow("unknown body") << edit("\"length\": 10}", R"("length": 10}, "body": "deck")")
                                  << "/tracks/0/body"
                                  << "unknown body \"deck\"";
    QTest::newRow("duplicate track id") << edit("\"id\": \"B\"", "\"id\": \"A\"") << "/tracks/1/id"
                                        << "duplicate track id \"A\" (also /tracks/0)";
    QTest::newRow("connection to unknown track")
        << withSections(R"("connections": [{"a": ["A", "end"], "b": ["Z", "start"]}])")
        << "/connections/0/b/0"
        << "unknown track \"Z\"";
    QTest::newRow("bad end name") << withSections(
                                         R"("connections": [{"a": ["A", "middle"], "b": ["B", "start"]}])")
                                  << "/connections/0/a/1"
                                  << "bad end name \"middle\"";
    QTest::newRow("end used twice") << withSections(
                                           R"("connections": [{"a": ["A", "end"], "b": ["B", "start"]},
                                           {"a": ["A", "end"], "b": ["B", "end"]}])")
                                    << "/connections/1/a"
                                    << "end [\"A\", \"end\"] is already used by /connections/0/a";
    QTest::newRow("switch to unknown track")
        << withSections(
               R"("switches": [{"id": "S", "at": ["A", "end"], "branches": [["B", "start"], ["Q", "start"]]}])")
        << "/switches/0/branches/1/0"
        << "unknown track \"Q\"";
    QTest::newRow("switch state out of range")
        << withSections(
               R"("switches": [{"id": "S", "at": ["A", "end"], "branches": [["B", "start"], ["B", "end"]], "state": 2}])")
        << "/switches/0/state"
        << "state 2 is not a branch index";
    QTest::newRow("switch end used by connection")
        << withSections(R"("connections": [{"a": ["A", "end"], "b": ["B", "start"]}],
              "switches": [{"id": "S", "at": ["A", "start"], "branches": [["B", "start"], ["B", "end"]]}])")
        << "/switches/0/branches/0"
        << "already used by /connections/0/b";
    QTest::newRow("placement cycle") << R"({"format": "tracklab-layout", "version": 1, "tracks": [
              {"id": "A", "curve": {"type": "line", "length": 10}, "placement": {"after": ["C", "end"]}},
              {"id": "B", "curve": {"type": "line", "length": 10}, "placement": {"after": ["A", "end"]}},
              {"id": "C", "curve": {"type": "line", "length": 10}, "placement": {"after": ["B", "start"]}}]})"
                                     << "/tracks/0/placement/after"
                                     << "placement cycle through track \"A\"";
    // the rail-centre distance that cant in mm is measured over (core/units/CantUnits.h), and the look
    QTest::newRow("railCentreDistance 0")
        << withSections(R"("railCentreDistance": 0)") << "/railCentreDistance"
        << "railCentreDistance must be in [0.05, 5] m, got 0";
    QTest::newRow("railCentreDistance negative")
        << withSections(R"("railCentreDistance": -1.5)") << "/railCentreDistance"
        << "got -1.5";
    QTest::newRow("railCentreDistance in mm")
        << withSections(R"("railCentreDistance": 1500)") << "/railCentreDistance"
        << "got 1500 (1.5 for standard gauge)";
    QTest::newRow("railCentreDistance not a number")
        << withSections(R"("railCentreDistance": "1.5")") << "/railCentreDistance"
        << "expected a number [m]";
    QTest::newRow("unknown look") << withSections(R"("look": "tram")") << "/look"
                                  << "look must be \"railway\" or \"coaster\", got \"tram\"";
    QTest::newRow("after unknown track")
        << edit("\"length\": 10}", R"("length": 10}, "placement": {"after": ["X", "end"]})")
        << "/tracks/0/placement/after/0"
        << "unknown track \"X\"";
}

void TestLayoutJson::badInput() {
    QFETCH(QString, document);
    QFETCH(QString, path);
    QFETCH(QString, problem);
    try {
        // Parse and compile: every error must be a LayoutError, nothing half-built is returned.
        const Layout layout =
            Layout::compile(parseLayoutSpec(document.toStdString(), "bad.json"), "bad.json");
        QFAIL(qPrintable("no error for: " + document));
    } catch (const LayoutError& e) {
        QCOMPARE(QString::fromStdString(e.file()), QString("bad.json"));
        QCOMPARE(QString::fromStdString(e.path()), path);
        if (!QString::fromStdString(e.problem()).contains(problem))
            QFAIL(qPrintable("problem \"" + QString::fromStdString(e.problem()) + "\" lacks \"" + problem +
                             "\""));
        const QString expectedPrefix = "bad.json: " + (path.isEmpty() ? QString("/") : path) + ": ";
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(expectedPrefix), e.what());
    }
}

void TestLayoutJson::nonFiniteSpecValue() {
    // A spec edited in code (the GUI) with a NaN: checked with the exact path by compile.
    LayoutSpec spec = parseLayoutSpec(baseDocument);
    spec.tracks[1].curve.params["radius"] = std::nan("");
    try {
        Layout::compile(spec, "gui");
        QFAIL("NaN radius accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(QString::fromUtf8(e.what()), QString("gui: /tracks/1/curve/radius: not a finite number"));
    }
}

void TestLayoutJson::mutatedInputNeverEscapes() {
    // 3000 deterministic single-character mutations of the full document (delete, duplicate, replace by a
    // JSON-significant character): each either loads and compiles, or throws LayoutError -- never
    // anything else (and under the sanitizer build, no memory error).
    const std::string base = fullDocument;
    const std::string alphabet = "{}[]\",:-0123456789.eE \ntfn\\x";
    std::mt19937 rng(12345);
    int ok = 0, rejected = 0;
    for (int i = 0; i < 3000; ++i) {
        std::string text = base;
        const std::size_t at = rng() % text.size();
        switch (rng() % 3) {
        case 0:
            text.erase(at, 1);
            break;
        case 1:
            text.insert(at, 1, text[at]);
            break;
        default:
            text[at] = alphabet[rng() % alphabet.size()];
            break;
        }
        try {
            const Layout layout = Layout::compile(parseLayoutSpec(text, "m.json"), "m.json");
            validateLayout(layout);
            ++ok;
        } catch (const LayoutError&) {
            ++rejected;
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QString("mutation %1 escaped as a non-LayoutError: %2").arg(i).arg(e.what())));
        }
    }
    qInfo("mutations: %d loaded, %d rejected with a LayoutError", ok, rejected);
    QVERIFY(rejected > 1000); // most mutations break the document
}

void TestLayoutJson::loadMissingFile() {
    QVERIFY_THROWS_EXCEPTION(LayoutError, loadLayoutSpec("/nonexistent/dir/layout.json"));
    QTemporaryDir dir;
    QVERIFY_THROWS_EXCEPTION(LayoutError, loadLayoutSpec(dir.path().toStdString()));
}

void TestLayoutJson::saveOverDirectoryFails() {
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "layout.json";
    fs::create_directory(target);
    writeAll(target / "inside.txt", "keep me");
    const LayoutSpec spec = parseLayoutSpec(fullDocument);
    QVERIFY_THROWS_EXCEPTION(LayoutError, saveLayoutSpec(spec, target));
    QVERIFY(fs::is_directory(target));
    QCOMPARE(readAll(target / "inside.txt"), std::string("keep me"));
    QCOMPARE(entryCount(target.parent_path()), std::size_t(1)); // no temp file left
}

void TestLayoutJson::saveIntoMissingDirectoryFails() {
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "missing" / "layout.json";
    try {
        saveLayoutSpec(parseLayoutSpec(baseDocument), target);
        QFAIL("saved into a missing directory");
    } catch (const LayoutError& e) {
        QCOMPARE(e.file(), target.string());
        QCOMPARE(e.path(), std::string());
    }
    QCOMPARE(entryCount(dir.path().toStdString()), std::size_t(0));
}

void TestLayoutJson::saveFailingWriteKeepsOldFile() {
    // Make the write itself fail half way: a file size limit (RLIMIT_FSIZE) below the new text's size.
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "layout.json";
    const std::string old = std::string(baseDocument) + "\n";
    writeAll(target, old);
    LayoutSpec big = parseLayoutSpec(fullDocument);
    big.extra["padding"] = std::string(8000, 'x');
    QVERIFY(layoutSpecText(big).size() > 8000);

    rlimit saved{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
    auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = saved;
    small.rlim_cur = 4096;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    bool threw = false;
    std::string message;
    try {
        saveLayoutSpec(big, target);
    } catch (const LayoutError& e) {
        threw = true;
        message = e.what();
    }
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    QVERIFY(threw);
    QVERIFY2(message.find("cannot write") != std::string::npos, message.c_str());
    QCOMPARE(readAll(target), old);                             // byte-identical
    QCOMPARE(entryCount(target.parent_path()), std::size_t(1)); // temp file removed
    // And a save that can succeed replaces it.
    saveLayoutSpec(big, target);
    QVERIFY(loadLayoutSpec(target) == big);
}

void TestLayoutJson::saveReadOnlyDirectoryKeepsOldFile() {
    if (geteuid() == 0) QSKIP("running as root: directory permissions do not stop root");
    QTemporaryDir dir;
    const fs::path target = fs::path(dir.path().toStdString()) / "layout.json";
    const std::string old = std::string(baseDocument) + "\n";
    writeAll(target, old);
    fs::permissions(target.parent_path(), fs::perms::owner_read | fs::perms::owner_exec);
    QVERIFY_THROWS_EXCEPTION(LayoutError, saveLayoutSpec(parseLayoutSpec(fullDocument), target));
    fs::permissions(target.parent_path(), fs::perms::owner_all);
    QCOMPARE(readAll(target), old);
}

QTEST_APPLESS_MAIN(TestLayoutJson)
#include "tst_layout_json.moc"
