#include "core/layout/LayoutCheck.h"

#include "core/layout/AlignmentCurveSpec.h"

#include "core/layout/HeartlineRails.h"

#include "core/geometry/Limits.h"
#include "core/io/JsonReader.h"
#include "core/layout/LayoutError.h"
#include "core/units/CantUnits.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>

namespace tl {

namespace {

std::string num(double x) {
    std::ostringstream o;
    o.precision(10);
    o << x;
    return o.str();
}

struct Checker {
    const LayoutSpec& spec;
    const std::string& file;
    std::map<std::string, std::size_t> ids = {}; // track id -> index (filled first by run())

    [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
        throw LayoutError(file, path, problem);
    }
    double param(const std::map<std::string, double>& params, const std::string& path,
                 const char* key) const {
        auto it = params.find(key);
        if (it == params.end())
            fail(jsonPath(path, key), std::string("missing required key \"") + key + "\"");
        return it->second;
    }
    void positive(const std::map<std::string, double>& params, const std::string& path,
                  const char* key) const {
        const double x = param(params, path, key);
        if (!(x > 0)) fail(jsonPath(path, key), std::string(key) + " must be > 0, got " + num(x));
    }
    void finiteParams(const std::map<std::string, double>& params, const std::string& path) const {
        for (const auto& [k, v] : params)
            if (!std::isfinite(v)) fail(jsonPath(path, k), "not a finite number");
    }
    void finiteVec(const Vec3& v, const std::string& path) const {
        if (!v.allFinite()) fail(path, "not a finite vector");
    }
    void coordinates(const Vec3& v, const std::string& path) const {
        finiteVec(v, path);
        if (!(v.cwiseAbs().maxCoeff() <= limits::kMaxCoordinate))
            fail(path, "coordinates beyond the limit of " + num(limits::kMaxCoordinate) + " m");
    }
    // the limits of core/geometry/Limits.h, against the spec values at `path`
    void atMost(double x, double limit, const std::string& path, const char* what, const char* unit) const {
        if (!(std::abs(x) <= limit))
            fail(path, std::string(what) + " " + num(x) + " " + unit + " is beyond the limit of " +
                           num(limit) + " " + unit);
    }
    void curveLength(double length, const std::string& path) const {
        atMost(length, limits::kMaxCurveLength, path, "track length", "m");
    }
    void curvature(const std::map<std::string, double>& params, const std::string& path,
                   const char* key) const {
        auto it = params.find(key);
        if (it != params.end()) atMost(it->second, limits::kMaxCurvature, jsonPath(path, key), key, "1/m");
    }
    void minRadius(const std::map<std::string, double>& params, const std::string& path) const {
        const double r = params.at("radius");
        if (r < 1.0 / limits::kMaxCurvature)
            fail(jsonPath(path, "radius"),
                 "radius " + num(r) + " m is below the limit of " + num(1.0 / limits::kMaxCurvature) + " m");
    }

    // IFC 4.3's transitions (core/curves/TransitionSpiral.h, CubicParabola.h): signed radii, 0 = straight
    void transition(const CurveSpec& c, const std::string& path) const {
        positive(c.params, path, "length");
        const double length = c.params.at("length");
        curveLength(length, jsonPath(path, "length"));
        double kmax = 0.0;
        for (const char* k : {"radiusStart", "radiusEnd"}) {
            const auto it = c.params.find(k);
            if (it == c.params.end() || it->second == 0.0) continue;
            if (std::abs(it->second) < 1.0 / limits::kMaxCurvature)
                fail(jsonPath(path, k), std::string(k) + " " + num(it->second) + " m is below the limit of " +
                                            num(1.0 / limits::kMaxCurvature) + " m in size (0 = straight)");
            kmax = std::max(kmax, 1.0 / std::abs(it->second));
        }
        atMost(length * kmax, limits::kMaxTurning, jsonPath(path, "length"),
               "turning (length x max |curvature|)", "rad");
        if (c.type == "cubic" && c.params.count("radiusStart") && c.params.at("radiusStart") != 0.0)
            fail(jsonPath(path, "radiusStart"),
                 "a cubic starts straight: radiusStart must be 0 or absent (IFC's "
                 "cubic parabola y = x^3 / (6 R L)), got " +
                     num(c.params.at("radiusStart")));
        if (c.type != "vienneseBend") return;
        double b = 1.5; // TransitionSpiral::kDefaultRailHeadDistance
        if (c.params.count("railHeadDistance")) {
            positive(c.params, path, "railHeadDistance");
            b = c.params.at("railHeadDistance");
        }
        double bank[2] = {0.0, 0.0};
        int i = 0;
        for (const char* k : {"cantStart", "cantEnd"}) {
            const auto it = c.params.find(k);
            const double cant = it == c.params.end() ? 0.0 : it->second;
            if (!(std::abs(cant) <= b))
                fail(jsonPath(path, k),
                     std::string(k) + " " + num(cant) + " m exceeds the rail head distance " + num(b) + " m");
            bank[i++] = std::asin(cant / b);
        }
        const auto h = c.params.find("gravityCentreHeight");
        if (h == c.params.end()) return;
        if (!(h->second >= 0.0))
            fail(jsonPath(path, "gravityCentreHeight"),
                 "gravityCentreHeight must be >= 0, got " + num(h->second));
        // the cant term h d^2psi/ds^2 reaches 7.507 h |dpsi| / L^2 (core/curves/TransitionSpiral.cpp)
        atMost(7.52 * h->second * std::abs(bank[1] - bank[0]) / (length * length), limits::kMaxCurvature,
               jsonPath(path, "gravityCentreHeight"), "cant term of the curvature", "1/m");
    }

    void curve(const CurveSpec& c, const std::string& path) const {
        finiteParams(c.params, path);
        if (c.type == "line") {
            positive(c.params, path, "length");
            curveLength(c.params.at("length"), jsonPath(path, "length"));
        } else if (c.type == "arc") {
            positive(c.params, path, "radius");
            minRadius(c.params, path);
            const double angle = param(c.params, path, "angle");
            if (angle == 0.0) fail(jsonPath(path, "angle"), "angle must not be 0");
            curveLength(c.params.at("radius") * std::abs(angle), jsonPath(path, "angle"));
        } else if (c.type == "helix") {
            positive(c.params, path, "radius");
            minRadius(c.params, path);
            const double pitch = param(c.params, path, "pitch");
            atMost(pitch, limits::kMaxCurveLength, jsonPath(path, "pitch"), "pitch", "m");
            const bool hasLength = c.params.count("length"), hasTurns = c.params.count("turns");
            if (hasLength && hasTurns)
                fail(jsonPath(path, "turns"), "give \"length\" or \"turns\", not both");
            positive(c.params, path, hasTurns ? "turns" : "length");
            const double r = c.params.at("radius");
            curveLength(hasTurns ? c.params.at("turns") * std::hypot(2 * std::numbers::pi * r, pitch)
                                 : c.params.at("length"),
                        jsonPath(path, hasTurns ? "turns" : "length"));
        } else if (c.type == "clothoid") {
            positive(c.params, path, "length");
            const double length = c.params.at("length");
            curveLength(length, jsonPath(path, "length"));
            curvature(c.params, path, "curvatureStart");
            curvature(c.params, path, "curvatureEnd");
            double kmax = 0.0;
            for (const char* k : {"curvatureStart", "curvatureEnd"})
                if (auto it = c.params.find(k); it != c.params.end())
                    kmax = std::max(kmax, std::abs(it->second));
            atMost(length * kmax, limits::kMaxTurning, jsonPath(path, "length"),
                   "turning (length x max |curvature|)", "rad");
        } else if (c.type == "bloss" || c.type == "helmert" || c.type == "cosine" || c.type == "sine" ||
                   c.type == "vienneseBend" || c.type == "cubic") {
            transition(c, path);
        } else if (c.type == "spline") {
            const std::string pp = jsonPath(path, "points");
            if (c.points.size() < 2)
                fail(pp, "a spline needs at least 2 points, got " + std::to_string(c.points.size()));
            if (c.points.size() > limits::kMaxSplinePoints)
                fail(pp, "a spline may have at most " + std::to_string(limits::kMaxSplinePoints) +
                             " points, got " + std::to_string(c.points.size()));
            double chord = 0.0;
            if (c.closed && c.points.size() < 3)
                fail(pp, "a closed spline needs at least 3 points, got " + std::to_string(c.points.size()));
            for (std::size_t i = 0; i < c.points.size(); ++i) {
                const auto& p = c.points[i];
                const std::string ip = jsonPath(pp, i);
                coordinates(p.position, p.tangent || !p.extra.empty() ? jsonPath(ip, "position") : ip);
                if (p.tangent) {
                    finiteVec(*p.tangent, jsonPath(ip, "tangent"));
                    if (p.tangent->norm() == 0.0) fail(jsonPath(ip, "tangent"), "tangent must not be zero");
                    atMost(p.tangent->norm(), limits::kMaxSplineTangent, jsonPath(ip, "tangent"),
                           "tangent magnitude (relative to the segment length; 1 is natural)", "");
                }
                if (i > 0 && (p.position - c.points[i - 1].position).norm() < 1e-9)
                    fail(ip, "point coincides with the previous point");
                if (i > 0) chord += (p.position - c.points[i - 1].position).norm();
                if (i > 0) curveLength(chord, ip);
            }
            if (c.closed && (c.points.front().position - c.points.back().position).norm() < 1e-9)
                fail(jsonPath(pp, c.points.size() - 1),
                     "a closed spline must not repeat its first point (it closes by itself)");
        } else if (c.type == "quintic") {
            for (const char* k : {"endX", "endY", "endHeading"})
                param(c.params, path, k);
            for (const char* k : {"weightStart", "weightEnd"})
                if (c.params.count(k)) positive(c.params, path, k);
            if (std::hypot(param(c.params, path, "endX"), param(c.params, path, "endY")) < 1e-9)
                fail(jsonPath(path, "endX"), "a quintic's end must differ from its start");
        } else if (c.type == "force" || c.type == "geometric") {
            forceSection(c, path);
        } else if (c.type == "alignment") {
            Json j = c.extra; // (its keys are kept as JSON: core/layout/AlignmentCurveSpec.h)
            j["type"] = c.type;
            const AlignmentCurveSpec a = readAlignmentCurveSpec(j, path, file);
            curve(a.horizontal, jsonPath(path, "horizontal"));
        } else {
            fail(jsonPath(path, "type"), "unknown curve type \"" + c.type + "\"");
        }
    }

    // A force section (core/curves/ForceSection.h): a length or a duration, a positive start speed if
    // given, keys strictly increasing and inside the section, finite values.
    void forceSection(const CurveSpec& c, const std::string& path) const {
        const bool hasLength = c.params.count("length"), hasDuration = c.params.count("duration");
        if (hasLength == hasDuration)
            fail(jsonPath(path, hasLength ? "duration" : "length"),
                 hasLength ? "give \"length\" [m] or \"duration\" [s], not both"
                           : "a force section needs \"length\" [m] or \"duration\" [s]");
        if (c.type == "geometric" && hasDuration)
            fail(jsonPath(path, "duration"),
                 "a geometric section needs \"length\" [m]: its rates are per metre");
        const char* extent = hasLength ? "length" : "duration";
        positive(c.params, path, extent);
        const double end = c.params.at(extent);
        if (hasLength) curveLength(end, jsonPath(path, "length"));
        if (!hasLength) atMost(end, 3600.0, jsonPath(path, "duration"), "duration", "s");
        if (c.params.count("speed")) positive(c.params, path, "speed");
        if (c.params.count("step")) {
            positive(c.params, path, "step");
            atMost(c.params.at("step"), 10.0, jsonPath(path, "step"), "step", "m");
            if (c.params.at("step") < 0.01) fail(jsonPath(path, "step"), "step must be >= 0.01 m");
        }
        for (const auto& [k, keys] : c.keys) {
            const std::string kp = jsonPath(path, k);
            if (keys.empty()) fail(kp, "keys need at least one key [x, value]");
            if (keys.size() > limits::kMaxTwistKeys)
                fail(kp, "at most " + std::to_string(limits::kMaxTwistKeys) + " keys, got " +
                             std::to_string(keys.size()));
            for (std::size_t i = 0; i < keys.size(); ++i) {
                const std::string ip = jsonPath(kp, i);
                if (!std::isfinite(keys[i].first) || !std::isfinite(keys[i].second))
                    fail(ip, "key values must be finite");
                if (keys[i].first < 0.0 || keys[i].first > end)
                    fail(jsonPath(ip, std::size_t(0)),
                         "key at " + num(keys[i].first) + (hasLength ? " m" : " s") +
                             " is outside the section (0 .. " + num(end) + (hasLength ? " m)" : " s)"));
                if (i > 0 && !(keys[i].first > keys[i - 1].first))
                    fail(jsonPath(ip, std::size_t(0)),
                         "keys must be strictly increasing in x: " + num(keys[i].first) + " after " +
                             num(keys[i - 1].first));
            }
        }
    }

    void twist(const TwistSpec& t, const std::string& path) const {
        finiteParams(t.params, path);
        if (t.type == "constant") {
            param(t.params, path, "angle");
        } else if (t.type == "linear") {
            param(t.params, path, "start");
            param(t.params, path, "end");
        } else if (t.type == "keys") {
            const std::string kp = jsonPath(path, "keys");
            if (t.keys.empty()) fail(kp, "at least one key [s, angle] is needed");
            if (t.keys.size() > limits::kMaxTwistKeys)
                fail(kp, "at most " + std::to_string(limits::kMaxTwistKeys) + " keys, got " +
                             std::to_string(t.keys.size()));
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                const std::string ip = jsonPath(kp, i);
                if (!std::isfinite(t.keys[i].first))
                    fail(jsonPath(ip, std::size_t(0)), "not a finite number");
                if (!std::isfinite(t.keys[i].second))
                    fail(jsonPath(ip, std::size_t(1)), "not a finite number");
                if (i > 0 && !(t.keys[i].first > t.keys[i - 1].first))
                    fail(jsonPath(ip, std::size_t(0)), "key positions s must increase, got " +
                                                           num(t.keys[i].first) + " after " +
                                                           num(t.keys[i - 1].first));
            }
        } else if (t.type == "directional") {
            if (t.up) {
                finiteVec(*t.up, jsonPath(path, "up"));
                if (t.up->norm() == 0.0) fail(jsonPath(path, "up"), "up must not be zero");
            }
        } else if (t.type == "cant") {
            const double v = param(t.params, path, "designSpeed");
            if (v < 0) fail(jsonPath(path, "designSpeed"), "designSpeed must be >= 0, got " + num(v));
            const double m = param(t.params, path, "maxAngle");
            if (m < 0 || m >= std::numbers::pi / 2)
                fail(jsonPath(path, "maxAngle"), "maxAngle must be in [0, pi/2), got " + num(m));
            if (t.params.count("g")) positive(t.params, path, "g");
        } else if (t.type == "sum") {
            if (t.of.empty()) fail(jsonPath(path, "of"), "a sum needs at least one twist");
            for (std::size_t i = 0; i < t.of.size(); ++i)
                twist(t.of[i], jsonPath(jsonPath(path, "of"), i));
        } else {
            fail(jsonPath(path, "type"), "unknown twist type \"" + t.type + "\"");
        }
    }

    void pose(const PoseSpec& p, const std::string& path) const {
        coordinates(p.position, jsonPath(path, "position"));
        const std::string rp = jsonPath(path, "rotation");
        if (!p.rotation.coeffs().allFinite()) fail(rp, "not a finite quaternion");
        const double n = p.rotation.norm();
        if (std::abs(n - 1.0) > JsonReader::kUnitQuaternionTolerance)
            fail(rp, JsonReader::notUnitQuaternion(n));
    }

    int track(const std::string& id, const std::string& path) const {
        const auto it = ids.find(id);
        if (it == ids.end()) fail(path, "unknown track \"" + id + "\"");
        return int(it->second);
    }

    // Top-level "railCentreDistance" [m] (core/units/CantUnits.h), a track's "lineSpeed" [m/s], the tracks
    // of the drive sections.
    void railCentre() const {
        if (spec.railCentreDistance) {
            const double b = *spec.railCentreDistance;
            if (!(b >= minRailCentreDistance && b <= maxRailCentreDistance))
                fail("/railCentreDistance", "railCentreDistance must be in [" + num(minRailCentreDistance) +
                                                ", " + num(maxRailCentreDistance) + "] m, got " + num(b) +
                                                " (1.5 for standard gauge)");
        }
    }
    // Top-level "coasterFriction" and "coasterDrag" (core/curves/CoasterEnergy.h): finite, >= 0.
    void coasterResistance() const {
        if (spec.coasterFriction && !(*spec.coasterFriction >= 0 && std::isfinite(*spec.coasterFriction)))
            fail("/coasterFriction",
                 "coasterFriction must be a finite number >= 0 (mu), got " + num(*spec.coasterFriction));
        if (spec.coasterDrag && !(*spec.coasterDrag >= 0 && std::isfinite(*spec.coasterDrag)))
            fail("/coasterDrag",
                 "coasterDrag must be a finite number >= 0 [1/m], got " + num(*spec.coasterDrag));
    }
    void lineSpeeds() const {
        for (std::size_t i = 0; i < spec.tracks.size(); ++i)
            if (const auto& v = spec.tracks[i].lineSpeed; v && !(*v > 0 && std::isfinite(*v)))
                fail(jsonPath(jsonPath("/tracks", i), "lineSpeed"),
                     "lineSpeed must be > 0 [m/s], got " + num(*v));
    }
    void drives() const {
        for (std::size_t i = 0; i < spec.drives.size(); ++i)
            track(spec.drives[i].track, jsonPath(jsonPath("/drives", i), "track"));
        for (std::size_t i = 0; i < spec.bufferStops.size(); ++i)
            track(spec.bufferStops[i].end.track,
                  jsonPath(jsonPath(jsonPath("/bufferStops", i), "end"), std::size_t(0)));
    }
    // routes: unique ids (what they name: Layout::compile)
    void routes() const {
        for (std::size_t i = 0; i < spec.routeSpecs.size(); ++i)
            for (std::size_t k = 0; k < i; ++k)
                if (spec.routeSpecs[k].id == spec.routeSpecs[i].id)
                    fail(jsonPath(jsonPath("/routes", i), "id"), "duplicate route id \"" +
                                                                     spec.routeSpecs[i].id + "\" (also " +
                                                                     jsonPath("/routes", k) + ")");
    }
    // signals: known tracks, unique ids, one signal to a place and direction (docs/layout-format.md,
    // "Signals"); whether they lie on their tracks is Layout::compile's to check
    void signals() const {
        if (spec.signalSpecs.size() > limits::kMaxSignals)
            fail("/signals", "a layout may have at most " + std::to_string(limits::kMaxSignals) + " signals");
        for (std::size_t i = 0; i < spec.signalSpecs.size(); ++i) {
            const SignalSpec& g = spec.signalSpecs[i];
            const std::string path = jsonPath("/signals", i);
            if (g.id.empty()) fail(jsonPath(path, "id"), "a signal needs an id");
            track(g.track, jsonPath(path, "track"));
            if (!std::isfinite(g.s)) fail(jsonPath(path, "s"), "s must be a finite number [m]");
            if (g.direction != 1 && g.direction != -1)
                fail(jsonPath(path, "direction"), "direction must be 1 or -1");
            if (g.overlap && !(*g.overlap >= 0 && std::isfinite(*g.overlap)))
                fail(jsonPath(path, "overlap"), "overlap must be >= 0 [m], got " + num(*g.overlap));
            for (std::size_t k = 0; k < i; ++k) {
                const SignalSpec& o = spec.signalSpecs[k];
                if (o.id == g.id)
                    fail(jsonPath(path, "id"),
                         "duplicate signal id \"" + g.id + "\" (also " + jsonPath("/signals", k) + ")");
                if (o.track == g.track && std::abs(o.s - g.s) < 1e-6 && o.direction == g.direction)
                    fail(path, "signals \"" + o.id + "\" and \"" + g.id +
                                   "\" stand at the same place facing the same way (track \"" + g.track +
                                   "\", s = " + num(g.s) + " m)");
            }
        }
    }

    void run() {
        railCentre();
        coasterResistance();
        if (spec.tracks.size() > limits::kMaxTracks)
            fail("/tracks", "a layout may have at most " + std::to_string(limits::kMaxTracks) +
                                " tracks, got " + std::to_string(spec.tracks.size()));
        for (std::size_t i = 0; i < spec.tracks.size(); ++i) {
            const std::string idp = jsonPath(jsonPath("/tracks", i), "id");
            if (spec.tracks[i].id.empty()) fail(idp, "track id must not be empty");
            auto [it, inserted] = ids.emplace(spec.tracks[i].id, i);
            if (!inserted)
                fail(idp, "duplicate track id \"" + spec.tracks[i].id + "\" (also /tracks/" +
                              std::to_string(it->second) + ")");
        }
        const std::vector<std::string> bodies = bodyNames(spec);
        for (std::size_t i = 0; i < spec.tracks.size(); ++i) {
            const TrackSpec& t = spec.tracks[i];
            const std::string tp = jsonPath("/tracks", i);
            curve(t.curve, jsonPath(tp, "curve"));
            if (t.twist) twist(*t.twist, jsonPath(tp, "twist"));
            if (t.heartline && !(*t.heartline >= 0.0 && *t.heartline <= 100.0))
                fail(jsonPath(tp, "heartline"),
                     "heartline must be >= 0 and <= 100 m, got " + num(*t.heartline));
            if ((t.curve.type == "force" || t.curve.type == "geometric") && t.twist)
                fail(jsonPath(tp, "twist"), "a force section rolls by its \"rollRate\": give it no twist");
            if (hasHeartlineRails(t) && t.frame != TrackFrame::Up)
                fail(jsonPath(tp, "frame"),
                     "a force section or a track with a heartline has its bank from the "
                     "vertical: \"frame\" must be \"up\"");
            if (t.curve.type == "alignment") {
                if (t.frame != TrackFrame::Up)
                    fail(jsonPath(tp, "frame"),
                         "an alignment track banks by its cant profile from the vertical: "
                         "\"frame\" must be \"up\"");
                if (t.twist)
                    fail(jsonPath(tp, "twist"), "an alignment track banks by its cant profile: give it no "
                                                "twist (\"cant\" in the curve)");
                if (t.heartline && *t.heartline != 0.0)
                    fail(jsonPath(tp, "heartline"), "an alignment track has no heartline");
            }
            if (hasHeartlineRails(t) && t.curve.closed)
                fail(jsonPath(tp, "heartline"), "a heartline on a closed spline is not supported: split it");
            const std::string pp = jsonPath(tp, "placement");
            pose(t.placement.pose, pp);
            if (t.placement.after) {
                if (!t.placement.pose.isIdentity())
                    fail(jsonPath(pp, "position"),
                         "\"position\"/\"rotation\" cannot be combined with \"after\" (use \"offset\")");
                const std::string ap = jsonPath(pp, "after");
                if (track(t.placement.after->track, jsonPath(ap, std::size_t(0))) == int(i))
                    fail(jsonPath(ap, std::size_t(0)), "a track cannot be placed after itself");
                pose(t.placement.offset, jsonPath(pp, "offset"));
            }
            if (t.body != "ground" && std::find(bodies.begin(), bodies.end(), t.body) == bodies.end())
                fail(jsonPath(tp, "body"), "unknown body \"" + t.body + "\" (not \"ground\" nor in /bodies)");
        }

        // Each track end may be used once: by one connection end, a switch's "at" or a switch branch.
        std::map<std::pair<int, TrackEnd>, std::string> used;
        auto use = [&](const EndRef& e, const std::string& path) {
            const int ti = track(e.track, jsonPath(path, std::size_t(0)));
            auto [it, inserted] = used.emplace(std::make_pair(ti, e.end), path);
            if (!inserted)
                fail(path, "end [\"" + e.track + "\", \"" + endName(e.end) + "\"] is already used by " +
                               it->second);
        };
        for (std::size_t i = 0; i < spec.connections.size(); ++i) {
            const std::string cp = jsonPath("/connections", i);
            use(spec.connections[i].a, jsonPath(cp, "a"));
            use(spec.connections[i].b, jsonPath(cp, "b"));
        }
        std::map<std::string, std::size_t> switchIds;
        for (std::size_t i = 0; i < spec.switches.size(); ++i) {
            const SwitchSpec& s = spec.switches[i];
            const std::string sp = jsonPath("/switches", i);
            if (s.id.empty()) fail(jsonPath(sp, "id"), "switch id must not be empty");
            auto [it, inserted] = switchIds.emplace(s.id, i);
            if (!inserted)
                fail(jsonPath(sp, "id"), "duplicate switch id \"" + s.id + "\" (also /switches/" +
                                             std::to_string(it->second) + ")");
            use(s.at, jsonPath(sp, "at"));
            const std::string bp = jsonPath(sp, "branches");
            if (s.branches.size() < 2)
                fail(bp, "a switch needs at least 2 branches, got " + std::to_string(s.branches.size()));
            for (std::size_t b = 0; b < s.branches.size(); ++b)
                use(s.branches[b], jsonPath(bp, b));
            if (s.state < 0 || s.state >= int(s.branches.size()))
                fail(jsonPath(sp, "state"), "state " + std::to_string(s.state) +
                                                " is not a branch index (0.." +
                                                std::to_string(s.branches.size() - 1) + ")");
        }
        lineSpeeds();
        drives();
        signals();
        routes();
    }
};

} // namespace

std::vector<std::string> bodyNames(const LayoutSpec& spec) {
    std::vector<std::string> names;
    if (!spec.bodies.is_array()) return names;
    for (const Json& b : spec.bodies) {
        if (!b.is_object()) continue;
        for (const char* key : {"name", "id"}) {
            auto it = b.find(key);
            if (it != b.end() && it->is_string()) {
                names.push_back(it->get<std::string>());
                break;
            }
        }
    }
    return names;
}

void checkLayoutSpec(const LayoutSpec& spec, const std::string& file) {
    Checker c{spec, file};
    c.run();
}

} // namespace tl
