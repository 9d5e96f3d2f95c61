// LayoutCheck (core/layout/LayoutCheck.h): checkLayoutSpec on a LayoutSpec edited in code (as the GUI edits
// one), not through the parser. A valid layout passes; each bad value or reference then throws a LayoutError
// naming the file, the exact JSON pointer of the value (docs/layout-format.md, "Errors") and the problem with
// the value printed to 10 significant digits: curve parameters (> 0, finite, present, within the limits of
// core/geometry/Limits.h), twists (keys increasing, cant's maxAngle, nested sums), placements (unit
// quaternion, coordinates, "after" itself), ids (empty, duplicate), references (unknown track or body, an end
// used twice, a switch's state), lineSpeed and railCentreDistance; the first problem in file order wins.
#include "core/layout/LayoutCheck.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace tl;

namespace {

// A line A (100 m), an arc B (R = 50 m, 1 rad) after A's end, a line C (10 m) and a line D (10 m) on the
// switch at B's end; a clothoid E and a twisted line F unconnected.
LayoutSpec valid() {
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
      {"id": "A", "curve": {"type": "line", "length": 100}},
      {"id": "B", "curve": {"type": "arc", "radius": 50, "angle": 1}, "placement": {"after": ["A", "end"]}},
      {"id": "C", "curve": {"type": "line", "length": 10}, "placement": {"after": ["B", "end"]}},
      {"id": "D", "curve": {"type": "line", "length": 10}, "placement": {"after": ["B", "end"]}},
      {"id": "E", "curve": {"type": "clothoid", "length": 40, "curvatureStart": 0, "curvatureEnd": 0.01},
       "placement": {"position": [0, 100, 0]}},
      {"id": "F", "curve": {"type": "line", "length": 30}, "placement": {"position": [0, -100, 0]},
       "twist": {"type": "keys", "keys": [[0, 0], [10, 0.05], [30, 0.05]]}}],
      "connections": [{"a": ["A", "end"], "b": ["B", "start"]}],
      "switches": [{"id": "S", "at": ["B", "end"], "branches": [["C", "start"], ["D", "start"]],
                    "state": 0}]})",
                           "valid.json");
}

CurveSpec curveOf(const std::string& type, const std::map<std::string, double>& params) {
    CurveSpec c;
    c.type = type;
    c.params = params;
    return c;
}
TwistSpec twistOf(const std::string& type, const std::map<std::string, double>& params = {}) {
    TwistSpec t;
    t.type = type;
    t.params = params;
    return t;
}

// The error checkLayoutSpec throws for `spec` as "path: problem" (file checked separately), or "no error".
std::string errorOf(const LayoutSpec& spec) {
    try {
        checkLayoutSpec(spec, "bad.json");
    } catch (const LayoutError& e) {
        if (e.file() != "bad.json") return "wrong file " + e.file();
        if (std::string(e.what()) != "bad.json: " + e.path() + ": " + e.problem()) return "bad what()";
        return e.path() + ": " + e.problem();
    }
    return "no error";
}

// The error after `edit` applied to the valid layout.
std::string errorAfter(const std::function<void(LayoutSpec&)>& edit) {
    LayoutSpec s = valid();
    edit(s);
    return errorOf(s);
}

} // namespace

class TstLayoutCheck : public QObject {
    Q_OBJECT
private slots:
    void validLayoutPasses();
    void curveValues();
    void curveLimits();
    void splinePoints();
    void twistValues();
    void placements();
    void idsAndReferences();
    void switchesAndEnds();
    void speedsAndRailCentre();
    void firstProblemWins();
};

void TstLayoutCheck::validLayoutPasses() {
    QCOMPARE(errorOf(valid()), std::string("no error"));
    // the unnamed file is "<memory>"
    LayoutSpec s = valid();
    s.tracks[1].curve.params["radius"] = -5;
    try {
        checkLayoutSpec(s);
        QFAIL("no error");
    } catch (const LayoutError& e) {
        QCOMPARE(std::string(e.what()),
                 std::string("<memory>: /tracks/1/curve/radius: radius must be > 0, got -5"));
    }
}

void TstLayoutCheck::curveValues() {
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].curve.params["radius"] = -5; }),
             std::string("/tracks/1/curve/radius: radius must be > 0, got -5"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].curve.params["angle"] = 0; }),
             std::string("/tracks/1/curve/angle: angle must not be 0"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].curve.params.erase("angle"); }),
             std::string("/tracks/1/curve/angle: missing required key \"angle\""));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[0].curve.params["length"] = std::nan(""); }),
             std::string("/tracks/0/curve/length: not a finite number"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[2].curve.params.erase("length"); }),
             std::string("/tracks/2/curve/length: missing required key \"length\""));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[3].curve.type = "parabola"; }),
             std::string("/tracks/3/curve/type: unknown curve type \"parabola\""));
    QCOMPARE(
        errorAfter([](LayoutSpec& s) {
            s.tracks[3].curve = curveOf("helix", {{"radius", 10}, {"pitch", 2}, {"length", 5}, {"turns", 1}});
        }),
        std::string("/tracks/3/curve/turns: give \"length\" or \"turns\", not both"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[3].curve = curveOf("helix", {{"radius", 10}, {"pitch", 2}});
             }),
             std::string("/tracks/3/curve/length: missing required key \"length\""));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[3].curve = curveOf("quintic", {{"endX", 0}, {"endY", 0}, {"endHeading", 1}});
             }),
             std::string("/tracks/3/curve/endX: a quintic's end must differ from its start"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[3].curve =
                     curveOf("quintic", {{"endX", 10}, {"endY", 1}, {"endHeading", 0}, {"weightEnd", -1}});
             }),
             std::string("/tracks/3/curve/weightEnd: weightEnd must be > 0, got -1"));
}

void TstLayoutCheck::curveLimits() {
    // core/geometry/Limits.h: radius >= 1 mm (|kappa| <= 1000 1/m), a track at most 100 km, a clothoid
    // turning at most 10^4 rad
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].curve.params["radius"] = 0.0005; }),
             std::string("/tracks/1/curve/radius: radius 0.0005 m is below the limit of 0.001 m"));
    // 100 km x 2 rad = 200 km of arc, named at its angle
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[1].curve.params["radius"] = 1e5, s.tracks[1].curve.params["angle"] = -2;
             }),
             std::string("/tracks/1/curve/angle: track length 200000 m is beyond the limit of 100000 m"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[0].curve.params["length"] = 100000.5; }),
             std::string("/tracks/0/curve/length: track length 100000.5 m is beyond the limit of 100000 m"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[0].curve.params["length"] = 100000; }),
             std::string("no error")); // the limit itself is allowed
    QCOMPARE(
        errorAfter([](LayoutSpec& s) { s.tracks[4].curve.params["curvatureEnd"] = -1500; }),
        std::string("/tracks/4/curve/curvatureEnd: curvatureEnd -1500 1/m is beyond the limit of 1000 1/m"));
    // 40 m x 300 1/m = 12000 rad of turning, named at the length
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[4].curve.params["curvatureStart"] = 300; }),
             std::string("/tracks/4/curve/length: turning (length x max |curvature|) 12000 rad is beyond the "
                         "limit of 10000 rad"));
    // a helix's length from its turns: 1000 turns of hypot(2 pi 20, 1) = 125.667 m is 125 667 m
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[3].curve = curveOf("helix", {{"radius", 20}, {"pitch", 1}, {"turns", 1000}});
             }),
             "/tracks/3/curve/turns: track length " +
                 QString::number(1000 * std::hypot(2 * M_PI * 20, 1.0), 'g', 10).toStdString() +
                 " m is beyond the limit of 100000 m");
}

void TstLayoutCheck::splinePoints() {
    const auto spline = [](std::vector<Vec3> ps, bool closed = false) {
        CurveSpec c;
        c.type = "spline";
        c.closed = closed;
        for (const Vec3& p : ps)
            c.points.push_back({p, std::nullopt, Json::object()});
        return c;
    };
    QCOMPARE(errorAfter([&](LayoutSpec& s) {
                 s.tracks[5].curve = spline({{0, 0, 0}});
             }),
             std::string("/tracks/5/curve/points: a spline needs at least 2 points, got 1"));
    QCOMPARE(errorAfter([&](LayoutSpec& s) {
                 s.tracks[5].curve = spline({{0, 0, 0}, {10, 0, 0}}, true);
             }),
             std::string("/tracks/5/curve/points: a closed spline needs at least 3 points, got 2"));
    QCOMPARE(errorAfter([&](LayoutSpec& s) {
                 s.tracks[5].curve = spline({{0, 0, 0}, {10, 0, 0}, {10, 0, 0}});
             }),
             std::string("/tracks/5/curve/points/2: point coincides with the previous point"));
    QCOMPARE(errorAfter([&](LayoutSpec& s) {
                 s.tracks[5].curve = spline({{0, 0, 0}, {2e7, 0, 0}});
             }),
             std::string("/tracks/5/curve/points/1: coordinates beyond the limit of 10000000 m"));
    QCOMPARE(
        errorAfter([&](LayoutSpec& s) {
            s.tracks[5].curve = spline({{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 0, 0}}, true);
        }),
        std::string("/tracks/5/curve/points/3: a closed spline must not repeat its first point (it closes by "
                    "itself)"));
    // a point with a tangent is an object: its position and tangent are named inside it
    QCOMPARE(errorAfter([&](LayoutSpec& s) {
                 s.tracks[5].curve = spline({{0, 0, 0}, {10, 0, 0}});
                 s.tracks[5].curve.points[1].tangent = Vec3::Zero();
             }),
             std::string("/tracks/5/curve/points/1/tangent: tangent must not be zero"));
    QCOMPARE(errorAfter([&](LayoutSpec& s) {
                 s.tracks[5].curve = spline({{0, 0, 0}, {10, 0, 0}});
                 s.tracks[5].curve.points[1].tangent = Vec3(1, 0, 0);
                 s.tracks[5].curve.points[1].position.y() = INFINITY;
             }),
             std::string("/tracks/5/curve/points/1/position: not a finite vector"));
}

void TstLayoutCheck::twistValues() {
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[5].twist->keys[2].first = 5; }),
             std::string("/tracks/5/twist/keys/2/0: key positions s must increase, got 5 after 10"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[5].twist->keys[1].second = std::nan(""); }),
             std::string("/tracks/5/twist/keys/1/1: not a finite number"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[5].twist->keys.clear(); }),
             std::string("/tracks/5/twist/keys: at least one key [s, angle] is needed"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[5].twist = twistOf("cant", {{"designSpeed", 20}, {"maxAngle", 2}});
             }),
             std::string("/tracks/5/twist/maxAngle: maxAngle must be in [0, pi/2), got 2"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[5].twist = twistOf("cant", {{"designSpeed", -1}, {"maxAngle", 0.1}});
             }),
             std::string("/tracks/5/twist/designSpeed: designSpeed must be >= 0, got -1"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[5].twist = twistOf("cant", {{"designSpeed", 20}, {"maxAngle", 0.1}, {"g", 0}});
             }),
             std::string("/tracks/5/twist/g: g must be > 0, got 0"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[5].twist = twistOf("wobble"); }),
             std::string("/tracks/5/twist/type: unknown twist type \"wobble\""));
    // a sum names the summed profile by its index, recursively
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 TwistSpec inner = twistOf("sum");
                 inner.of = {twistOf("constant", {{"angle", 0.1}}), twistOf("linear", {{"start", 0}})};
                 TwistSpec outer = twistOf("sum");
                 outer.of = {twistOf("constant", {{"angle", 0.0}}), inner};
                 s.tracks[5].twist = outer;
             }),
             std::string("/tracks/5/twist/of/1/of/1/end: missing required key \"end\""));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[5].twist = twistOf("sum"); }),
             std::string("/tracks/5/twist/of: a sum needs at least one twist"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[5].twist = twistOf("directional");
                 s.tracks[5].twist->up = Vec3::Zero();
             }),
             std::string("/tracks/5/twist/up: up must not be zero"));
}

void TstLayoutCheck::placements() {
    // |(1, 1, 0, 0)| = sqrt 2, printed to 10 significant digits
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[0].placement.pose.rotation = Quat(1, 1, 0, 0); }),
             std::string(
                 "/tracks/0/placement/rotation: rotation must be a unit quaternion [w, x, y, z], its norm is "
                 "1.414213562"));
    // within 1e-3 of unit length is accepted (normalized when compiled)
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[0].placement.pose.rotation = Quat(1.0009, 0, 0, 0); }),
             std::string("no error"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[4].placement.pose.position.z() = -1.5e7; }),
             std::string("/tracks/4/placement/position: coordinates beyond the limit of 10000000 m"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].placement.after->track = "B"; }),
             std::string("/tracks/1/placement/after/0: a track cannot be placed after itself"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].placement.pose.position.x() = 1; }),
             std::string(
                 "/tracks/1/placement/position: \"position\"/\"rotation\" cannot be combined with \"after\" "
                 "(use \"offset\")"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[2].placement.offset.rotation = Quat(0.5, 0, 0, 0); }),
             std::string(
                 "/tracks/2/placement/offset/rotation: rotation must be a unit quaternion [w, x, y, z], its "
                 "norm is 0.5"));
}

void TstLayoutCheck::idsAndReferences() {
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[3].id = "A"; }),
             std::string("/tracks/3/id: duplicate track id \"A\" (also /tracks/0)"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[2].id.clear(); }),
             std::string("/tracks/2/id: track id must not be empty"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[2].placement.after->track = "Z"; }),
             std::string("/tracks/2/placement/after/0: unknown track \"Z\""));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.connections[0].b.track = "Z"; }),
             std::string("/connections/0/b/0: unknown track \"Z\""));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[0].body = "turntable"; }),
             std::string("/tracks/0/body: unknown body \"turntable\" (not \"ground\" nor in /bodies)"));
    // a body declared by "name" (or "id") in /bodies is known
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[0].body = "turntable";
                 s.bodies = Json::parse(R"([{"id": "other"}, {"name": "turntable"}])");
             }),
             std::string("no error"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 DriveSpec d;
                 d.track = "Q";
                 s.drives = {DriveSpec{}, d};
                 s.drives[0].track = "A";
             }),
             std::string("/drives/1/track: unknown track \"Q\""));
}

void TstLayoutCheck::switchesAndEnds() {
    // each end once: B's end is the switch's trunk, so a connection to it is refused at the switch (checked
    // after the connections)
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.connections.push_back({{"B", TrackEnd::End}, {"E", TrackEnd::Start}});
             }),
             std::string("/switches/0/at: end [\"B\", \"end\"] is already used by /connections/1/a"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.switches[0].branches[1] = {"C", TrackEnd::Start};
             }),
             std::string(
                 "/switches/0/branches/1: end [\"C\", \"start\"] is already used by /switches/0/branches/0"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.switches[0].state = 2; }),
             std::string("/switches/0/state: state 2 is not a branch index (0..1)"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.switches[0].branches.pop_back(); }),
             std::string("/switches/0/branches: a switch needs at least 2 branches, got 1"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.switches.push_back(s.switches[0]);
                 s.switches[1].at = {"E", TrackEnd::End};
             }),
             std::string("/switches/1/id: duplicate switch id \"S\" (also /switches/0)"));
}

void TstLayoutCheck::speedsAndRailCentre() {
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].lineSpeed = 0.0; }),
             std::string("/tracks/1/lineSpeed: lineSpeed must be > 0 [m/s], got 0"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.tracks[1].lineSpeed = 27.5; }), std::string("no error"));
    // core/units/CantUnits.h: the rail-centre distance in [0.05, 5] m
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.railCentreDistance = 10.0; }),
             std::string(
                 "/railCentreDistance: railCentreDistance must be in [0.05, 5] m, got 10 (1.5 for standard "
                 "gauge)"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.railCentreDistance = 0.05; }), std::string("no error"));
    QCOMPARE(errorAfter([](LayoutSpec& s) { s.railCentreDistance = 5.0; }), std::string("no error"));
}

void TstLayoutCheck::firstProblemWins() {
    // the rail-centre distance is checked first, then each track in order (curve, twist, placement, body),
    // then connections, switches, line speeds and drives
    QCOMPARE(
        errorAfter([](LayoutSpec& s) {
            s.railCentreDistance = 0.0;
            s.tracks[0].curve.params["length"] = -1;
        }),
        std::string("/railCentreDistance: railCentreDistance must be in [0.05, 5] m, got 0 (1.5 for standard "
                    "gauge)"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[4].curve.params["length"] = -1;
                 s.tracks[1].lineSpeed = -3.0;
                 s.connections[0].a.track = "Z";
             }),
             std::string("/tracks/4/curve/length: length must be > 0, got -1"));
    QCOMPARE(errorAfter([](LayoutSpec& s) {
                 s.tracks[1].lineSpeed = -3.0;
                 s.connections[0].a.track = "Z";
             }),
             std::string("/connections/0/a/0: unknown track \"Z\""));
}

QTEST_MAIN(TstLayoutCheck)
#include "tst_layout_check.moc"
