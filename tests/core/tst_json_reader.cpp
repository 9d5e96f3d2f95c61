// One error format for every JSON input file (core/io/JsonReader.h): the same bad value -- a string where a
// number is expected, a missing required key, a rotation that is not a unit quaternion -- says the same
// problem in a layout file (core/layout/LayoutJson.cpp, core/layout/Layout.cpp), in an object section read
// by SpecReader (core/io/SpecReader.h: rolling stock, trains, vehicles, bodies) and in a rule profile
// (core/checks/RuleProfile.cpp), each time with the file name and the exact JSON pointer of the value.
#include "core/checks/RuleProfile.h"
#include "core/io/JsonReader.h"
#include "core/io/SpecReader.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include "CaughtError.h"

#include <QtTest>

#include <functional>

using namespace tl;
using caughttest::Caught;
using caughttest::caught;
using nlohmann::json;

namespace {

// A layout read as the program reads a file: parsed, checked and compiled (the bodies' poses are read by
// the compile).
Caught layoutError(const std::string& text) {
    return caught([&] { Layout::compile(parseLayoutSpec(text, "bad.json"), "bad.json"); });
}

Caught profileError(const std::string& text) {
    return caught([&] { parseRuleProfile(text, "bad.json"); });
}

// One track; `curve` and `more` (after the curve) vary.
std::string layoutWith(const std::string& curve, const std::string& more = "") {
    return R"({"format": "tracklab-layout", "version": 1, "tracks": [{"id": "A", "curve": )" + curve + more +
           "}]}";
}

} // namespace

class TstJsonReader : public QObject {
    Q_OBJECT
private slots:
    void stringWhereANumberIsExpected();
    void missingRequiredKey();
    void rotationNotAUnitQuaternion();
    void positiveAbsentKeyGivesTheDefault();
    void readerAtPaths();
};

void TstJsonReader::stringWhereANumberIsExpected() {
    const std::string problem = "expected a number, got a string \"10\"";

    const Caught layout = layoutError(layoutWith(R"({"type": "line", "length": "10"})"));
    QCOMPARE(layout.what, "bad.json: /tracks/0/curve/length: " + problem);
    QCOMPARE(layout.file, std::string("bad.json"));
    QCOMPARE(layout.path, std::string("/tracks/0/curve/length"));

    // the same object as a section read by SpecReader at the same path: the same message, letter for letter
    const json curve = json::parse(R"({"type": "line", "length": "10"})");
    const SpecReader r(curve, "bad.json", "/tracks/0/curve");
    QCOMPARE(caught([&] { r.number("length"); }).what, layout.what);
    QCOMPARE(caught([&] { r.number("length", 1.0); }).what, layout.what);
    QCOMPARE(caught([&] { r.positive("length", 1.0); }).what, layout.what);

    const Caught rules = profileError(
        R"({"format": "tracklab-rules", "name": "x", "rules": [{"type": "maxCant", "limit": "10", "unit": "mm"}]})");
    QCOMPARE(rules.what, "bad.json: /rules/0/limit: " + problem);
    QCOMPARE(rules.problem, layout.problem);
}

void TstJsonReader::missingRequiredKey() {
    const Caught layout = layoutError(layoutWith(R"({"type": "arc", "angle": 0.5})"));
    QCOMPARE(layout.what, std::string("bad.json: /tracks/0/curve/radius: missing required key \"radius\""));
    QCOMPARE(layout.path, std::string("/tracks/0/curve/radius")); // the key's own path, not its object's

    const json curve = json::parse(R"({"type": "arc", "angle": 0.5})");
    const SpecReader r(curve, "bad.json", "/tracks/0/curve");
    QCOMPARE(caught([&] { r.number("radius"); }).what, layout.what);
    QCOMPARE(caught([&] { r.string("radius"); }).what, layout.what);
    QCOMPARE(caught([&] { r.require("radius"); }).what, layout.what);

    const Caught rules = profileError(R"({"format": "tracklab-rules", "rules": []})");
    QCOMPARE(rules.what, std::string("bad.json: /name: missing required key \"name\""));
    // a missing limit says its unit as well, after the same words
    const Caught limit = profileError(
        R"({"format": "tracklab-rules", "name": "x", "rules": [{"type": "maxCant", "unit": "mm"}]})");
    QCOMPARE(limit.what, std::string("bad.json: /rules/0/limit: missing required key \"limit\" (in mm)"));
}

void TstJsonReader::rotationNotAUnitQuaternion() {
    // |(1, 1, 0, 0)| = sqrt 2: beyond the 1e-3 of rounding every reader allows
    const std::string problem = "rotation must be a unit quaternion [w, x, y, z], its norm is 1.414213562";

    // a track's placement (checked after reading: core/layout/LayoutCheck.cpp)
    const Caught placement = layoutError(
        layoutWith(R"({"type": "line", "length": 10})", R"(, "placement": {"rotation": [1, 1, 0, 0]})"));
    QCOMPARE(placement.what, "bad.json: /tracks/0/placement/rotation: " + problem);

    // a body's pose in the layout (read by the compile)
    const Caught body = layoutError(R"({"format": "tracklab-layout", "version": 1,
        "tracks": [{"id": "A", "curve": {"type": "line", "length": 10}}],
        "bodies": [{"name": "deck", "pose": {"position": [0, 0, 5], "rotation": [1, 1, 0, 0]}}]})");
    QCOMPARE(body.what, "bad.json: /bodies/0/pose/rotation: " + problem);
    QCOMPARE(body.problem, placement.problem);

    // the same body read by SpecReader (physics/spec/BodySpec.cpp reads it so)
    const json b =
        json::parse(R"({"name": "deck", "pose": {"position": [0, 0, 5], "rotation": [1, 1, 0, 0]}})");
    const SpecReader r(b, "bad.json", "/bodies/0");
    QCOMPARE(caught([&] { r.pose("pose"); }).what, body.what);
}

void TstJsonReader::positiveAbsentKeyGivesTheDefault() {
    // an absent key is the caller's default, whatever it is: no error (and no nlohmann out_of_range)
    const json j = json::parse(R"({"mass": 2})");
    const SpecReader r(j, "stock.json", "/body");
    QCOMPARE(r.positive("stiffness", 5.0), 5.0);
    QCOMPARE(r.positive("stiffness", 0.0), 0.0);
    QCOMPARE(r.positive("stiffness", -3.0), -3.0);
    QCOMPARE(r.positive("mass", -3.0), 2.0);
    // a present one must be > 0, named in the problem
    const json z = json::parse(R"({"mass": 0})");
    QCOMPARE(caught([&] { SpecReader(z, "stock.json", "/body").positive("mass", 1.0); }).what,
             std::string("stock.json: /body/mass: mass must be > 0, got 0"));
}

void TstJsonReader::readerAtPaths() {
    const JsonReader r("in.json");
    const json j = json::parse(
        R"({"n": 3, "big": 3000000000, "s": "", "v": [1, 2, 3], "q": [1, 0, 0, 0], "t": true, "o": {}})");
    QCOMPARE(r.integer(j["n"], "/n"), 3);
    QCOMPARE(caught([&] { r.integer(j["big"], "/big"); }).what,
             std::string("in.json: /big: integer out of range: 3000000000"));
    QCOMPARE(caught([&] { r.integer(j["v"], "/v"); }).what,
             std::string("in.json: /v: expected an integer, got an array [1,2,3]"));
    QCOMPARE(r.string(j["s"], "/s"), std::string());
    QCOMPARE(caught([&] { r.nonEmptyString(j["s"], "/s"); }).what,
             std::string("in.json: /s: expected a non-empty string, got a string \"\""));
    QVERIFY(r.vec3(j["v"], "/v") == Vec3(1, 2, 3));
    QVERIFY(r.vec<4>(j["q"], "/q") == Eigen::Vector4d(1, 0, 0, 0));
    QCOMPARE(r.boolean(j["t"], "/t"), true);
    QCOMPARE(caught([&] { r.array(j["o"], "/o"); }).what,
             std::string("in.json: /o: expected an array, got an object {}"));
    QCOMPARE(caught([&] { r.require(j["o"], "/o", "k"); }).what,
             std::string("in.json: /o/k: missing required key \"k\""));
    QCOMPARE(caught([&] { r.missing("/o", "length", "(or \"turns\")"); }).what,
             std::string("in.json: /o/length: missing required key \"length\" (or \"turns\")"));
    QVERIFY(JsonReader::find(j, "absent") == nullptr);
    QVERIFY(JsonReader::find(j["v"], "n") == nullptr); // not an object: nothing found
    QVERIFY(r.pose(j["o"], "/o").matrix() == Pose::Identity().matrix());
    // a value longer than 60 characters is cut to 57 and "..."
    const json longText = std::string(70, 'x');
    QCOMPARE(JsonReader::shown(longText), "\"" + std::string(56, 'x') + "...");
    QCOMPARE(std::string(JsonReader::typeName(json())), std::string("null"));
    QCOMPARE(caught([&] { r.object(json(), "/p"); }).what,
             std::string("in.json: /p: expected an object, got null"));
    // an unnamed file is "<memory>"
    QCOMPARE(caught([&] { JsonReader("").number(json("x"), ""); }).what,
             std::string("<memory>: /: expected a number, got a string \"x\""));
}

QTEST_MAIN(TstJsonReader)
#include "tst_json_reader.moc"
