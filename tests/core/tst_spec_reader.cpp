// SpecReader (core/io/SpecReader.h): the view of one object section of an input file. Checked: good values
// come back exactly (defaults where a key is absent, a pose's rotation as its matrix); every bad value throws
// a LayoutError whose what() is "FILE: /json/pointer: problem" (core/layout/LayoutError.h) -- the file as
// given, the pointer of the offending value (down to an array element, '~' and '/' in keys escaped as
// core/layout/LayoutError.h says) and the problem in core/io/JsonReader.h's wording, with the value's type
// and the value shown (cut to 60 characters).
#include "core/io/SpecReader.h"
#include "core/layout/LayoutError.h"

#include "CaughtError.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace tl;
using caughttest::Caught;
using caughttest::caught;
using nlohmann::json;

class TstSpecReader : public QObject {
    Q_OBJECT
private slots:
    void goodValuesAndDefaults();
    void poseIsTheQuaternionsRotation();
    void missingAndWrongTypes();
    void numbersMustBeFiniteAndPositive();
    void vectorsNameTheirElement();
    void poseErrors();
    void pathsAreEscapedPointers();
};

void TstSpecReader::goodValuesAndDefaults() {
    const json j = json::parse(
        R"({"id": "loco", "mass": 80000, "speed": 12.5, "clamped": true, "box": [20, 3, 4], "n": -3})");
    const SpecReader r(j, "stock.json", "/vehicles/2");
    QCOMPARE(r.string("id"), std::string("loco"));
    QCOMPARE(r.string("name", "fallback"), std::string("fallback"));
    QCOMPARE(r.number("mass"), 80000.0); // an integer in the file reads as the same double
    QCOMPARE(r.number("speed"), 12.5);
    QCOMPARE(r.number("n", 7.0), -3.0);
    QCOMPARE(r.number("absent", 7.0), 7.0);
    QCOMPARE(r.positive("speed", 1.0), 12.5);
    QCOMPARE(r.positive("absent", 2.5), 2.5);
    // an absent key gives the caller's default as it is, even one that is not > 0 (it is not the file's)
    QCOMPARE(r.positive("absent", 0.0), 0.0);
    QCOMPARE(r.positive("absent", -1.0), -1.0);
    QCOMPARE(r.boolean("clamped", false), true);
    QCOMPARE(r.boolean("absent", true), true);
    QVERIFY(r.vec3("box", Vec3::Zero()) == Vec3(20, 3, 4));
    QVERIFY(r.vec3("absent", Vec3(1, 2, 3)) == Vec3(1, 2, 3));
    QVERIFY(r.pose("absent").matrix() == Pose::Identity().matrix());
    QCOMPARE(r.keyPath("mass"), std::string("/vehicles/2/mass"));
    QCOMPARE(r.file(), std::string("stock.json"));
    QCOMPARE(r.path(), std::string("/vehicles/2"));
}

void TstSpecReader::poseIsTheQuaternionsRotation() {
    // 90 degrees about z: [w, x, y, z] = [cos 45, 0, 0, sin 45]; x -> y, y -> -x. The reader normalizes a
    // quaternion within 1e-3 of unit length: 1.0005 [w, x, y, z] gives the same rotation.
    const double c = std::sqrt(0.5);
    const json j = {{"pose", {{"position", {1, -2, 3}}, {"rotation", {c, 0, 0, c}}}},
                    {"near", {{"rotation", {1.0005 * c, 0, 0, 1.0005 * c}}}}};
    const SpecReader r(j, "b.json", "/bodies/0");
    const Pose X = r.pose("pose");
    Eigen::Matrix3d R;
    R << 0, -1, 0, 1, 0, 0, 0, 0, 1;
    // the quaternion of cos/sin 45 degrees rounds to 1 ulp; the product of two of them to a few 1e-16
    QVERIFY((X.linear() - R).norm() < 1e-15);
    QVERIFY(X.translation() == Vec3(1, -2, 3));
    const Pose N = r.pose("near");
    QVERIFY((N.linear() - R).norm() < 1e-15);
    QVERIFY(N.translation().isZero(0.0));
}

void TstSpecReader::missingAndWrongTypes() {
    const json j = json::parse(R"({"id": "", "mass": "heavy", "flag": 1, "name": 5})");
    const SpecReader r(j, "stock.json", "/vehicles/0");
    Caught e = caught([&] { r.string("type"); });
    QCOMPARE(e.what, std::string("stock.json: /vehicles/0/type: missing required key \"type\""));
    QCOMPARE(e.file, std::string("stock.json"));
    QCOMPARE(e.path, std::string("/vehicles/0/type"));
    QCOMPARE(e.problem, std::string("missing required key \"type\""));
    e = caught([&] { r.string("id"); });
    QCOMPARE(e.what,
             std::string("stock.json: /vehicles/0/id: expected a non-empty string, got a string \"\""));
    e = caught([&] { r.string("name", "x"); }); // optional, but present and wrong
    QCOMPARE(e.what,
             std::string("stock.json: /vehicles/0/name: expected a non-empty string, got a number 5"));
    e = caught([&] { r.number("mass"); });
    QCOMPARE(e.what, std::string("stock.json: /vehicles/0/mass: expected a number, got a string \"heavy\""));
    e = caught([&] { r.number("speed"); });
    QCOMPARE(e.what, std::string("stock.json: /vehicles/0/speed: missing required key \"speed\""));
    e = caught([&] { r.require("speed"); });
    QCOMPARE(e.what, std::string("stock.json: /vehicles/0/speed: missing required key \"speed\""));
    e = caught([&] { r.boolean("flag", false); }); // 1 is not true
    QCOMPARE(e.what, std::string("stock.json: /vehicles/0/flag: expected true or false, got a number 1"));
    // not an object at all: the reader's own path, the value shown cut to 57 characters and "..."
    const json arr =
        json::parse(R"([1234567890, 1234567890, 1234567890, 1234567890, 1234567890, 1234567890])");
    e = caught([&] { SpecReader(arr, "stock.json", "/vehicles/1"); });
    QCOMPARE(e.path, std::string("/vehicles/1"));
    QCOMPARE(e.problem, std::string("expected an object, got an array "
                                    "[1234567890,1234567890,1234567890,1234567890,1234567890,1..."));
    // the root path "" is printed as "/"; an unnamed file as "<memory>"
    e = caught([&] { SpecReader(json(3), "", ""); });
    QCOMPARE(e.what, std::string("<memory>: /: expected an object, got a number 3"));
}

void TstSpecReader::numbersMustBeFiniteAndPositive() {
    // JSON has no NaN or infinity; a value built in code can hold one (nlohmann dumps it as null)
    const json j = {{"nan", std::nan("")}, {"inf", INFINITY}, {"zero", 0}, {"neg", -1.5}, {"ok", 1e-300}};
    const SpecReader r(j, "f.json", "/drives/3");
    QCOMPARE(caught([&] { r.number("nan"); }).what,
             std::string("f.json: /drives/3/nan: not a finite number"));
    QCOMPARE(caught([&] { r.number("inf", 1.0); }).what,
             std::string("f.json: /drives/3/inf: not a finite number"));
    QCOMPARE(caught([&] { r.positive("inf", 1.0); }).what,
             std::string("f.json: /drives/3/inf: not a finite number"));
    QCOMPARE(caught([&] { r.positive("zero", 1.0); }).what,
             std::string("f.json: /drives/3/zero: zero must be > 0, got 0"));
    QCOMPARE(caught([&] { r.positive("neg", 1.0); }).what,
             std::string("f.json: /drives/3/neg: neg must be > 0, got -1.5"));
    QCOMPARE(r.positive("ok", 1.0), 1e-300); // the smallest positive values pass: > 0 is the rule
}

void TstSpecReader::vectorsNameTheirElement() {
    const json j =
        json::parse(R"({"short": [1, 2], "word": "up", "bad": [1, "two", 3], "long": [1, 2, 3, 4]})");
    const SpecReader r(j, "v.json", "/vehicles/4");
    QCOMPARE(caught([&] { r.vec3("short", Vec3::Zero()); }).what,
             std::string(
                 "v.json: /vehicles/4/short: expected an array of 3 numbers [x, y, z], got an array [1,2]"));
    QCOMPARE(
        caught([&] { r.vec3("long", Vec3::Zero()); }).what,
        std::string(
            "v.json: /vehicles/4/long: expected an array of 3 numbers [x, y, z], got an array [1,2,3,4]"));
    QCOMPARE(caught([&] { r.vec3("word", Vec3::Zero()); }).what,
             std::string(
                 "v.json: /vehicles/4/word: expected an array of 3 numbers [x, y, z], got a string \"up\""));
    // a bad element is named by its index
    const Caught e = caught([&] { r.vec3("bad", Vec3::Zero()); });
    QCOMPARE(e.path, std::string("/vehicles/4/bad/1"));
    QCOMPARE(e.problem, std::string("expected a number, got a string \"two\""));
}

void TstSpecReader::poseErrors() {
    const json j = json::parse(R"({
        "p1": {"position": [0, 0, "z"]},
        "p2": {"rotation": [1, 0, 0]},
        "p3": {"rotation": [1, 0, 0, "x"]},
        "p4": {"rotation": [1, 1, 0, 0]},
        "p5": 7})");
    const SpecReader r(j, "bodies.json", "/bodies/1");
    QCOMPARE(caught([&] { r.pose("p1"); }).what,
             std::string("bodies.json: /bodies/1/p1/position/2: expected a number, got a string \"z\""));
    QCOMPARE(
        caught([&] { r.pose("p2"); }).what,
        std::string("bodies.json: /bodies/1/p2/rotation: expected an array of 4 numbers [w, x, y, z], got "
                    "an array [1,0,0]"));
    QCOMPARE(caught([&] { r.pose("p3"); }).what,
             std::string("bodies.json: /bodies/1/p3/rotation/3: expected a number, got a string \"x\""));
    // |(1, 1, 0, 0)| = 1.414: beyond the 1e-3 the reader allows
    QCOMPARE(
        caught([&] { r.pose("p4"); }).what,
        std::string("bodies.json: /bodies/1/p4/rotation: rotation must be a unit quaternion [w, x, y, z], "
                    "its norm is 1.414213562"));
    QCOMPARE(caught([&] { r.pose("p5"); }).what,
             std::string("bodies.json: /bodies/1/p5: expected an object, got a number 7"));
}

void TstSpecReader::pathsAreEscapedPointers() {
    // a JSON pointer writes '~' as "~0" and '/' as "~1" in a reference token (core/layout/LayoutError.cpp)
    const json j = json::parse(R"({"a/b": "x", "c~d": [1, 2, "3"]})");
    const SpecReader r(j, "e.json", "/extra");
    QCOMPARE(caught([&] { r.number("a/b"); }).path, std::string("/extra/a~1b"));
    QCOMPARE(caught([&] { r.vec3("c~d", Vec3::Zero()); }).path, std::string("/extra/c~0d/2"));
    QCOMPARE(caught([&] { r.fail("k", "custom problem"); }).what,
             std::string("e.json: /extra/k: custom problem"));
}

QTEST_MAIN(TstSpecReader)
#include "tst_spec_reader.moc"
