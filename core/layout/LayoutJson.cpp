#include "core/layout/LayoutJson.h"

#include "core/io/JsonReader.h"
#include "core/io/SpecReader.h"
#include "core/layout/AlignmentCurveSpec.h"
#include "core/layout/FormatVersion.h"
#include "core/layout/LayoutCheck.h"
#include "core/layout/LayoutError.h"

#include <array>
#include <initializer_list>
#include <set>

namespace tl {

namespace {

// Structural reader of the layout file: the typed values and their wording are core/io/JsonReader.h's;
// this adds the file's version rules and its sections. Every accessor names the path of what it reads.
struct Reader : JsonReader {
    int version; // of the file: what an absent "frame" means, which keys exist

    explicit Reader(const std::string& file, int version = LayoutSpec::currentVersion)
        : JsonReader(file), version(version) {}

    // A key (or curve type) that came with version 2, found in an older file.
    void requireVersionOf(KeyPlace place, const std::string& key, const std::string& path) const {
        if (version < 2 && keyVersion(place, key) >= 2)
            fail(path, (place == KeyPlace::CurveType ? "curve type \"" : "\"") + key +
                           "\" needs version 2 (this file is version " + std::to_string(version) +
                           "; set \"version\": 2)");
    }
    void requireVersionOfKeys(const Json& obj, KeyPlace place, const std::string& path) const {
        for (auto it = obj.begin(); it != obj.end(); ++it)
            requireVersionOf(place, it.key(), jsonPath(path, it.key()));
    }

    // Keys of `obj` not in `known`, kept verbatim.
    Json extra(const Json& obj, std::initializer_list<const char*> known) const {
        Json e = Json::object();
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            bool isKnown = false;
            for (const char* k : known)
                isKnown = isKnown || it.key() == k;
            if (!isKnown) e[it.key()] = it.value();
        }
        return e;
    }
    // Numeric parameters: required ones must be present; optional ones are read when present.
    void params(const Json& obj, const std::string& path, std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional, std::map<std::string, double>& out) const {
        for (const char* k : required)
            out[k] = number(require(obj, path, k), jsonPath(path, k));
        for (const char* k : optional)
            if (const Json* v = find(obj, k)) out[k] = number(*v, jsonPath(path, k));
    }

    EndRef endRef(const Json& v, const std::string& path) const {
        if (!v.is_array() || v.size() != 2)
            wrongType(v, path, "a track end [\"TRACK_ID\", \"start\"|\"end\"]");
        EndRef r;
        r.track = string(v[0], jsonPath(path, std::size_t(0)));
        const std::string e = string(v[1], jsonPath(path, std::size_t(1)));
        if (e == "start")
            r.end = TrackEnd::Start;
        else if (e == "end")
            r.end = TrackEnd::End;
        else
            fail(jsonPath(path, std::size_t(1)),
                 "bad end name \"" + e + "\" (expected \"start\" or \"end\")");
        return r;
    }

    PoseSpec poseSpec(const Json& v, const std::string& path) const {
        object(v, path);
        PoseSpec p;
        if (const Json* x = find(v, "position")) p.position = vec<3>(*x, jsonPath(path, "position"));
        if (const Json* x = find(v, "rotation")) {
            const Eigen::Vector4d q = vec<4>(*x, jsonPath(path, "rotation"));
            p.rotation = Quat(q[0], q[1], q[2], q[3]);
        }
        p.extra = extra(v, {"position", "rotation"});
        return p;
    }

    PlacementSpec placement(const Json& v, const std::string& path) const {
        object(v, path);
        PlacementSpec p;
        p.pose = poseSpec(v, path);
        if (const Json* x = find(v, "after")) p.after = endRef(*x, jsonPath(path, "after"));
        if (const Json* x = find(v, "offset")) p.offset = poseSpec(*x, jsonPath(path, "offset"));
        p.pose.extra = Json::object();
        p.extra = extra(v, {"position", "rotation", "after", "offset"});
        return p;
    }

    SplinePointSpec splinePoint(const Json& v, const std::string& path) const {
        SplinePointSpec p;
        if (v.is_array()) {
            p.position = vec<3>(v, path);
            return p;
        }
        if (!v.is_object())
            wrongType(v, path, "a point [x, y, z] or {\"position\": [x, y, z], \"tangent\": [...]}");
        p.position = vec<3>(require(v, path, "position"), jsonPath(path, "position"));
        if (const Json* t = find(v, "tangent")) p.tangent = vec<3>(*t, jsonPath(path, "tangent"));
        p.extra = extra(v, {"position", "tangent"});
        return p;
    }

    CurveSpec curve(const Json& v, const std::string& path) const {
        object(v, path);
        CurveSpec c;
        c.type = string(require(v, path, "type"), jsonPath(path, "type"));
        requireVersionOf(KeyPlace::CurveType, c.type, jsonPath(path, "type"));
        if (c.type == "line") {
            params(v, path, {"length"}, {}, c.params);
            c.extra = extra(v, {"type", "length"});
        } else if (c.type == "arc") {
            params(v, path, {"radius", "angle"}, {}, c.params);
            c.extra = extra(v, {"type", "radius", "angle"});
        } else if (c.type == "helix") {
            params(v, path, {"radius", "pitch"}, {"length", "turns"}, c.params);
            if (!c.params.count("length") && !c.params.count("turns"))
                missing(path, "length", "(or \"turns\")");
            c.extra = extra(v, {"type", "radius", "pitch", "length", "turns"});
        } else if (c.type == "clothoid") {
            params(v, path, {"length"}, {"curvatureStart", "curvatureEnd"}, c.params);
            c.extra = extra(v, {"type", "length", "curvatureStart", "curvatureEnd"});
        } else if (c.type == "bloss" || c.type == "helmert" || c.type == "cosine" || c.type == "sine" ||
                   c.type == "cubic") {
            params(v, path, {"length"}, {"radiusStart", "radiusEnd"}, c.params);
            c.extra = extra(v, {"type", "length", "radiusStart", "radiusEnd"});
        } else if (c.type == "vienneseBend") {
            params(v, path, {"length"},
                   {"radiusStart", "radiusEnd", "cantStart", "cantEnd", "gravityCentreHeight",
                    "railHeadDistance"},
                   c.params);
            c.extra = extra(v, {"type", "length", "radiusStart", "radiusEnd", "cantStart", "cantEnd",
                                "gravityCentreHeight", "railHeadDistance"});
        } else if (c.type == "spline") {
            const std::string pp = jsonPath(path, "points");
            const Json& pts = array(require(v, path, "points"), pp);
            for (std::size_t i = 0; i < pts.size(); ++i)
                c.points.push_back(splinePoint(pts[i], jsonPath(pp, i)));
            if (const Json* x = find(v, "closed")) c.closed = boolean(*x, jsonPath(path, "closed"));
            c.extra = extra(v, {"type", "points", "closed"});
        } else if (c.type == "quintic") {
            params(v, path, {"endX", "endY", "endHeading"},
                   {"curvatureStart", "curvatureEnd", "weightStart", "weightEnd"}, c.params);
            c.extra = extra(v, {"type", "endX", "endY", "endHeading", "curvatureStart", "curvatureEnd",
                                "weightStart", "weightEnd"});
        } else if (c.type == "force" || c.type == "geometric") {
            const bool geometric = c.type == "geometric";
            params(v, path, {}, {"length", "duration", "speed", "step"}, c.params);
            static constexpr std::array<const char*, 3> kForce{"normalG", "lateralG", "rollRate"},
                kGeometric{"pitchRate", "yawRate", "rollRate"};
            const auto& laws = geometric ? kGeometric : kForce;
            for (const char* k : laws) {
                const Json* x = find(v, k);
                if (!x) continue;
                const std::string kp = jsonPath(path, k);
                if (x->is_number()) {
                    c.params[k] = number(*x, kp);
                    continue;
                }
                if (!x->is_array()) wrongType(*x, kp, "a number or keys [[x, value], ...]");
                auto& keys = c.keys[k];
                for (std::size_t i = 0; i < x->size(); ++i) {
                    const std::string p = jsonPath(kp, i);
                    if (!(*x)[i].is_array() || (*x)[i].size() != 2) wrongType((*x)[i], p, "a key [x, value]");
                    keys.emplace_back(number((*x)[i][0], jsonPath(p, std::size_t(0))),
                                      number((*x)[i][1], jsonPath(p, std::size_t(1))));
                }
            }
            c.extra = extra(v, {"type", "length", "duration", "speed", "step", "normalG", "lateralG",
                                "rollRate", "pitchRate", "yawRate"});
        } else if (c.type == "alignment") {
            // "horizontal", "vertical", "cant" stay JSON (exact round trip), checked here
            readAlignmentCurveSpec(v, path, file());
            c.extra = extra(v, {"type"});
        } else {
            fail(jsonPath(path, "type"),
                 "unknown curve type \"" + c.type +
                     "\" (expected line, arc, helix, clothoid, spline, quintic, "
                     "bloss, helmert, cosine, sine, vienneseBend, cubic, force, geometric or alignment)");
        }
        return c;
    }

    TwistSpec twist(const Json& v, const std::string& path) const {
        object(v, path);
        TwistSpec t;
        t.type = string(require(v, path, "type"), jsonPath(path, "type"));
        if (t.type == "constant") {
            params(v, path, {"angle"}, {}, t.params);
            t.extra = extra(v, {"type", "angle"});
        } else if (t.type == "linear") {
            params(v, path, {"start", "end"}, {}, t.params);
            t.extra = extra(v, {"type", "start", "end"});
        } else if (t.type == "keys") {
            const std::string kp = jsonPath(path, "keys");
            const Json& keys = array(require(v, path, "keys"), kp);
            for (std::size_t i = 0; i < keys.size(); ++i) {
                const std::string p = jsonPath(kp, i);
                if (!keys[i].is_array() || keys[i].size() != 2) wrongType(keys[i], p, "a key [s, angle]");
                t.keys.emplace_back(number(keys[i][0], jsonPath(p, std::size_t(0))),
                                    number(keys[i][1], jsonPath(p, std::size_t(1))));
            }
            t.extra = extra(v, {"type", "keys"});
        } else if (t.type == "directional") {
            if (const Json* u = find(v, "up")) t.up = vec<3>(*u, jsonPath(path, "up"));
            t.extra = extra(v, {"type", "up"});
        } else if (t.type == "cant") {
            params(v, path, {"designSpeed", "maxAngle"}, {"g", "smoothing"}, t.params);
            t.extra = extra(v, {"type", "designSpeed", "maxAngle", "g", "smoothing"});
        } else if (t.type == "sum") {
            const std::string op = jsonPath(path, "of");
            const Json& of = array(require(v, path, "of"), op);
            for (std::size_t i = 0; i < of.size(); ++i)
                t.of.push_back(twist(of[i], jsonPath(op, i)));
            t.extra = extra(v, {"type", "of"});
        } else {
            fail(jsonPath(path, "type"),
                 "unknown twist type \"" + t.type +
                     "\" (expected constant, linear, keys, directional, cant or sum)");
        }
        return t;
    }

    TrackSpec track(const Json& v, const std::string& path) const {
        object(v, path);
        TrackSpec t;
        t.id = string(require(v, path, "id"), jsonPath(path, "id"));
        t.curve = curve(require(v, path, "curve"), jsonPath(path, "curve"));
        if (const Json* x = find(v, "twist")) t.twist = twist(*x, jsonPath(path, "twist"));
        if (const Json* x = find(v, "placement")) t.placement = placement(*x, jsonPath(path, "placement"));
        if (const Json* x = find(v, "body")) t.body = string(*x, jsonPath(path, "body"));
        t.frame = defaultTrackFrame(version);
        if (const Json* x = find(v, "frame")) {
            const std::string f = string(*x, jsonPath(path, "frame"));
            if (f == "up")
                t.frame = TrackFrame::Up;
            else if (f == "frenet")
                t.frame = TrackFrame::Frenet;
            else
                fail(jsonPath(path, "frame"), "unknown frame \"" + f + "\" (expected up or frenet)");
        }
        if (const Json* x = find(v, "lineSpeed")) {
            const std::string lp = jsonPath(path, "lineSpeed");
            if (!x->is_number()) wrongType(*x, lp, "a number [m/s]");
            t.lineSpeed = number(*x, lp);
        }
        if (const Json* x = find(v, "heartline")) t.heartline = number(*x, jsonPath(path, "heartline"));
        requireVersionOfKeys(v, KeyPlace::Track, path);
        t.extra = extra(v, {"id", "curve", "twist", "placement", "body", "frame", "lineSpeed", "heartline"});
        return t;
    }

    ConnectionSpec connection(const Json& v, const std::string& path) const {
        object(v, path);
        ConnectionSpec c;
        c.a = endRef(require(v, path, "a"), jsonPath(path, "a"));
        c.b = endRef(require(v, path, "b"), jsonPath(path, "b"));
        c.extra = extra(v, {"a", "b"});
        return c;
    }

    SwitchSpec switchSpec(const Json& v, const std::string& path) const {
        object(v, path);
        SwitchSpec s;
        s.id = string(require(v, path, "id"), jsonPath(path, "id"));
        s.at = endRef(require(v, path, "at"), jsonPath(path, "at"));
        const std::string bp = jsonPath(path, "branches");
        const Json& br = array(require(v, path, "branches"), bp);
        for (std::size_t i = 0; i < br.size(); ++i)
            s.branches.push_back(endRef(br[i], jsonPath(bp, i)));
        if (const Json* x = find(v, "state")) s.state = integer(*x, jsonPath(path, "state"));
        s.extra = extra(v, {"id", "at", "branches", "state"});
        return s;
    }

    // "drives": what the values mean is docs/layout-format.md's "Drive sections"; that the track exists is
    // checked by checkLayoutSpec, that [from, to] lies on it by Layout::compile.
    std::vector<DriveSpec> drives(const Json& list) const {
        std::vector<DriveSpec> out;
        if (!list.is_array()) wrongType(list, "/drives", "an array of drive sections");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = jsonPath("/drives", i);
            if (!list[i].is_object()) wrongType(list[i], path, "a drive section object");
            const SpecReader r(list[i], file(), path);
            DriveSpec d;
            d.id = r.string("id", "drive " + std::to_string(i));
            const std::string kind = r.string("kind", "chain");
            if (kind != "chain" && kind != "booster" && kind != "brake")
                r.fail("kind", "unknown drive kind \"" + kind + "\" (expected chain, booster or brake)");
            d.kind = kind == "chain"     ? DriveKind::Chain
                     : kind == "booster" ? DriveKind::Booster
                                         : DriveKind::Brake;
            if (r.has("dispatchInterval")) {
                if (d.kind != DriveKind::Brake)
                    r.fail("dispatchInterval", "only a brake (a station's) has a dispatch interval");
                d.dispatchInterval = r.number("dispatchInterval");
                if (!(*d.dispatchInterval > 0))
                    r.fail("dispatchInterval", "dispatchInterval must be > 0 [s]");
            }
            d.track = r.string("track");
            d.from = r.number("from", 0.0);
            if (r.has("to")) d.to = r.number("to");
            const double dir = r.number("direction", 1.0);
            if (dir != 1.0 && dir != -1.0) r.fail("direction", "direction must be 1 or -1");
            d.direction = int(dir);
            d.speed = r.number("speed");
            if (d.speed < 0) r.fail("speed", "speed must be >= 0");
            r.require("maxForce");
            d.maxForce = r.positive("maxForce", 1.0);
            d.extra = extra(list[i], {"id", "kind", "track", "from", "to", "direction", "speed", "maxForce",
                                      "dispatchInterval"});
            out.push_back(std::move(d));
        }
        return out;
    }

    // "bufferStops": the values' meaning is docs/layout-format.md's "Buffer stops"; where they may stand is
    // Layout::compile's to check.
    std::vector<BufferStopSpec> bufferStops(const Json& list) const {
        std::vector<BufferStopSpec> out;
        if (!list.is_array()) wrongType(list, "/bufferStops", "an array of buffer stops");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = jsonPath("/bufferStops", i);
            if (!list[i].is_object()) wrongType(list[i], path, "a buffer stop object");
            const SpecReader r(list[i], file(), path);
            BufferStopSpec b;
            b.end = endRef(require(list[i], path, "end"), jsonPath(path, "end"));
            const std::string kind = r.string("kind", "friction");
            if (kind != "friction" && kind != "fixed")
                r.fail("kind", "unknown buffer stop kind \"" + kind + "\" (expected friction or fixed)");
            b.friction = kind == "friction";
            for (const char* key : {"force", "stroke"})
                if (r.has(key)) {
                    if (!b.friction)
                        r.fail(key, std::string("a fixed buffer stop has no ") + key +
                                        " (it is a spring of 5e7 N/m over 0.05 m)");
                    (std::string(key) == "force" ? b.force : b.stroke) = r.positive(key, 1.0);
                }
            b.extra = extra(list[i], {"end", "kind", "force", "stroke"});
            out.push_back(std::move(b));
        }
        return out;
    }

    // "signals": the values' meaning is docs/layout-format.md's "Signals"; where they stand and what their
    // blocks hold is Layout::compile's to check.
    std::vector<SignalSpec> signals(const Json& list) const {
        std::vector<SignalSpec> out;
        if (!list.is_array()) wrongType(list, "/signals", "an array of signals");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = jsonPath("/signals", i);
            if (!list[i].is_object()) wrongType(list[i], path, "a signal object");
            const SpecReader r(list[i], file(), path);
            SignalSpec g;
            g.id = r.string("id");
            g.track = r.string("track");
            g.s = r.number("s");
            const double dir = r.number("direction", 1.0);
            if (dir != 1.0 && dir != -1.0) r.fail("direction", "direction must be 1 or -1");
            g.direction = int(dir);
            const std::string kind = r.string("kind", "block");
            if (kind == "block")
                g.kind = SignalKind::Block;
            else if (kind == "home")
                g.kind = SignalKind::Home;
            else if (kind == "distant")
                g.kind = SignalKind::Distant;
            else
                r.fail("kind", "unknown signal kind \"" + kind + "\" (expected block, home or distant)");
            if (r.has("overlap")) {
                if (g.kind == SignalKind::Distant)
                    r.fail("overlap", "a distant signal has no overlap (it never shows stop)");
                g.overlap = r.number("overlap");
                if (*g.overlap < 0) r.fail("overlap", "overlap must be >= 0 [m]");
            }
            g.extra = extra(list[i], {"id", "track", "s", "direction", "kind", "overlap"});
            out.push_back(std::move(g));
        }
        return out;
    }

    // "routes": docs/layout-format.md's "Routes"; what they name and where they lead is Layout::compile's to
    // check.
    std::vector<RouteSpec> routes(const Json& list) const {
        std::vector<RouteSpec> out;
        if (!list.is_array()) wrongType(list, "/routes", "an array of routes");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = jsonPath("/routes", i);
            if (!list[i].is_object()) wrongType(list[i], path, "a route object");
            const SpecReader r(list[i], file(), path);
            RouteSpec q;
            q.id = r.string("id");
            q.from = r.string("from");
            q.to = r.string("to");
            if (r.has("switches")) {
                const Json& sw = r.at("switches");
                const std::string sp = jsonPath(path, "switches");
                if (!sw.is_array()) wrongType(sw, sp, "[[SWITCH, state], ...]");
                for (std::size_t k = 0; k < sw.size(); ++k) {
                    const Json& e = sw[k];
                    if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_number_integer())
                        wrongType(e, jsonPath(sp, k), "[SWITCH, state] (a switch id and a branch index)");
                    q.switches.emplace_back(e[0].get<std::string>(), int(e[1].get<long long>()));
                }
            }
            if (r.has("overlap")) {
                q.overlap = r.number("overlap");
                if (*q.overlap < 0) r.fail("overlap", "overlap must be >= 0 [m]");
            }
            q.extra = extra(list[i], {"id", "from", "to", "switches", "overlap"});
            out.push_back(std::move(q));
        }
        return out;
    }

    // "alignments": docs/layout-format.md's "Alignments"; what the chains name, how they connect and where
    // the equations fall is Layout::compile's to check (core/layout/Alignment.h).
    std::vector<AlignmentSpec> alignments(const Json& list) const {
        std::vector<AlignmentSpec> out;
        if (!list.is_array()) wrongType(list, "/alignments", "an array of alignments");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = jsonPath("/alignments", i);
            if (!list[i].is_object()) wrongType(list[i], path, "an alignment object");
            const SpecReader r(list[i], file(), path);
            AlignmentSpec a;
            a.id = r.string("id");
            const Json& tracks = r.require("tracks");
            const std::string tp = jsonPath(path, "tracks");
            if (!tracks.is_array() || tracks.empty())
                wrongType(tracks, tp, "a non-empty array [[TRACK, direction], ...]");
            for (std::size_t k = 0; k < tracks.size(); ++k) {
                const Json& e = tracks[k];
                const std::string ep = jsonPath(tp, k);
                if (!e.is_array() || e.size() != 2)
                    wrongType(e, ep, "[TRACK, direction] (a track id and 1 or -1)");
                const std::string track = nonEmptyString(e[0], jsonPath(ep, std::size_t(0)));
                const double dir = number(e[1], jsonPath(ep, std::size_t(1)));
                if (dir != 1.0 && dir != -1.0)
                    fail(jsonPath(ep, std::size_t(1)), "direction must be 1 or -1, got " + shown(e[1]));
                a.tracks.emplace_back(track, int(dir));
            }
            a.startStation = r.number("startStation");
            if (r.has("stationEquations")) {
                const Json& eq = r.at("stationEquations");
                const std::string qp = jsonPath(path, "stationEquations");
                if (!eq.is_array()) wrongType(eq, qp, "[[distance, station], ...] [m]");
                for (std::size_t k = 0; k < eq.size(); ++k) {
                    const Json& e = eq[k];
                    const std::string ep = jsonPath(qp, k);
                    if (!e.is_array() || e.size() != 2)
                        wrongType(e, ep, "[distance, station] (two numbers [m])");
                    a.equations.emplace_back(number(e[0], jsonPath(ep, std::size_t(0))),
                                             number(e[1], jsonPath(ep, std::size_t(1))));
                }
            }
            a.extra = extra(list[i], {"id", "tracks", "startStation", "stationEquations"});
            out.push_back(std::move(a));
        }
        return out;
    }
};

Json vec3Json(const Vec3& v) {
    return Json::array({v.x(), v.y(), v.z()});
}
Json endJson(const EndRef& e) {
    return Json::array({e.track, endName(e.end)});
}

Json poseJson(const PoseSpec& p) {
    Json j = p.extra;
    if (!p.position.isZero(0.0)) j["position"] = vec3Json(p.position);
    if (p.rotation.coeffs() != Quat::Identity().coeffs())
        j["rotation"] = Json::array({p.rotation.w(), p.rotation.x(), p.rotation.y(), p.rotation.z()});
    return j;
}

Json curveJson(const CurveSpec& c) {
    Json j = c.extra;
    j["type"] = c.type;
    for (const auto& [k, v] : c.params)
        j[k] = v;
    if (c.type == "spline") {
        Json pts = Json::array();
        for (const auto& p : c.points) {
            if (!p.tangent && p.extra.empty()) {
                pts.push_back(vec3Json(p.position));
            } else {
                Json o = p.extra;
                o["position"] = vec3Json(p.position);
                if (p.tangent) o["tangent"] = vec3Json(*p.tangent);
                pts.push_back(o);
            }
        }
        j["points"] = pts;
        if (c.closed) j["closed"] = true;
    }
    for (const auto& [k, keys] : c.keys) {
        Json a = Json::array();
        for (const auto& [x, value] : keys)
            a.push_back(Json::array({x, value}));
        j[k] = a;
    }
    return j;
}

} // namespace

CurveSpec curveSpecFromJson(const Json& j, const std::string& path, const std::string& file) {
    return Reader{file}.curve(j, path);
}

TwistSpec twistSpecFromJson(const Json& j, const std::string& path, const std::string& file) {
    return Reader{file}.twist(j, path);
}

TrackSpec trackSpecFromJson(const Json& j, const std::string& path, const std::string& file, int version) {
    return Reader{file, version}.track(j, path);
}

Json twistSpecToJson(const TwistSpec& t) {
    Json j = t.extra;
    j["type"] = t.type;
    for (const auto& [k, v] : t.params)
        j[k] = v;
    if (t.type == "keys") {
        Json keys = Json::array();
        for (const auto& [s, a] : t.keys)
            keys.push_back(Json::array({s, a}));
        j["keys"] = keys;
    }
    if (t.up) j["up"] = vec3Json(*t.up);
    if (t.type == "sum") {
        Json of = Json::array();
        for (const auto& o : t.of)
            of.push_back(twistSpecToJson(o));
        j["of"] = of;
    }
    return j;
}

Json trackSpecToJson(const TrackSpec& t, int version) {
    Json j = t.extra;
    j["id"] = t.id;
    j["curve"] = curveJson(t.curve);
    if (t.twist) j["twist"] = twistSpecToJson(*t.twist);
    // version 2 always names the frame (an unchanged track without it keeps its text: core/io/JsonMerge.h);
    // version 1 names only "up"
    if (version >= 2 || t.frame != defaultTrackFrame(version)) j["frame"] = trackFrameName(t.frame);
    if (t.lineSpeed) j["lineSpeed"] = *t.lineSpeed;
    if (t.heartline) j["heartline"] = *t.heartline;
    const PlacementSpec& p = t.placement;
    Json pj = p.extra;
    if (p.after) {
        pj["after"] = endJson(*p.after);
        Json off = poseJson(p.offset);
        if (!off.empty()) pj["offset"] = off;
    } else {
        pj.update(poseJson(p.pose));
    }
    if (!pj.empty()) j["placement"] = pj;
    if (t.body != "ground") j["body"] = t.body;
    return j;
}

LayoutSpec layoutSpecFromJson(const Json& doc, const std::string& file) {
    Reader r{file};
    r.object(doc, "");
    LayoutSpec spec;
    const std::string format = r.string(r.require(doc, "", "format"), "/format");
    if (format != LayoutSpec::formatName)
        r.fail("/format", "wrong format \"" + format + "\" (expected \"" + LayoutSpec::formatName + "\")");
    spec.version = r.integer(r.require(doc, "", "version"), "/version");
    if (spec.version < kOldestLayoutVersion || spec.version > LayoutSpec::currentVersion)
        r.fail("/version", "unsupported version " + std::to_string(spec.version) +
                               " (this build reads versions " + std::to_string(kOldestLayoutVersion) +
                               " to " + std::to_string(LayoutSpec::currentVersion) + ")");
    r.version = spec.version;
    r.requireVersionOfKeys(doc, KeyPlace::TopLevel, "");

    const Json& tracks = r.array(r.require(doc, "", "tracks"), "/tracks");
    for (std::size_t i = 0; i < tracks.size(); ++i)
        spec.tracks.push_back(r.track(tracks[i], jsonPath("/tracks", i)));
    if (const Json* c = r.find(doc, "connections")) {
        r.array(*c, "/connections");
        for (std::size_t i = 0; i < c->size(); ++i)
            spec.connections.push_back(r.connection((*c)[i], jsonPath("/connections", i)));
    }
    if (const Json* s = r.find(doc, "switches")) {
        r.array(*s, "/switches");
        for (std::size_t i = 0; i < s->size(); ++i)
            spec.switches.push_back(r.switchSpec((*s)[i], jsonPath("/switches", i)));
    }
    if (const Json* b = r.find(doc, "bodies")) spec.bodies = r.array(*b, "/bodies");
    if (const Json* v = r.find(doc, "vehicles")) spec.vehicles = *v;
    if (const Json* t = r.find(doc, "trains")) spec.trains = *t;
    if (const Json* l = r.find(doc, "look")) {
        if (!l->is_string() || (*l != "railway" && *l != "coaster"))
            r.fail("/look", "look must be \"railway\" or \"coaster\", got " + l->dump());
        spec.look = *l == "coaster" ? LayoutLook::Coaster : LayoutLook::Railway;
    }
    if (const Json* b = r.find(doc, "railCentreDistance")) {
        if (!b->is_number()) r.wrongType(*b, "/railCentreDistance", "a number [m]");
        spec.railCentreDistance = r.number(*b, "/railCentreDistance");
    }
    // the coaster energy model's resistance (core/curves/CoasterEnergy.h); values checked by checkLayoutSpec
    auto resistance = [&](const char* key, const char* what, std::optional<double>& out) {
        if (const Json* m = r.find(doc, key)) {
            const std::string path = jsonPath("", key);
            if (!m->is_number()) r.wrongType(*m, path, what);
            out = r.number(*m, path);
        }
    };
    resistance("coasterFriction", "a number (mu >= 0)", spec.coasterFriction);
    resistance("coasterDrag", "a number [1/m] >= 0", spec.coasterDrag);
    if (const Json* d = r.find(doc, "drives")) spec.drives = r.drives(*d);
    if (const Json* b = r.find(doc, "bufferStops")) spec.bufferStops = r.bufferStops(*b);
    if (const Json* g = r.find(doc, "signals")) spec.signalSpecs = r.signals(*g);
    if (const Json* q = r.find(doc, "routes")) spec.routeSpecs = r.routes(*q);
    if (const Json* a = r.find(doc, "alignments")) spec.alignmentSpecs = r.alignments(*a);
    spec.extra = r.extra(doc, {"format", "version", "tracks", "connections", "switches", "bodies", "vehicles",
                               "trains", "look", "railCentreDistance", "coasterFriction", "coasterDrag",
                               "drives", "bufferStops", "signals", "routes", "alignments"});
    checkLayoutSpec(spec, file);
    return spec;
}

Json layoutSpecToJson(const LayoutSpec& spec) {
    Json j = spec.extra;
    j["format"] = LayoutSpec::formatName;
    j["version"] = spec.version;
    Json tracks = Json::array();
    for (const auto& t : spec.tracks)
        tracks.push_back(trackSpecToJson(t, spec.version));
    j["tracks"] = tracks;
    if (!spec.connections.empty()) {
        Json cs = Json::array();
        for (const auto& c : spec.connections) {
            Json o = c.extra;
            o["a"] = endJson(c.a);
            o["b"] = endJson(c.b);
            cs.push_back(o);
        }
        j["connections"] = cs;
    }
    if (!spec.switches.empty()) {
        Json ss = Json::array();
        for (const auto& s : spec.switches) {
            Json o = s.extra;
            o["id"] = s.id;
            o["at"] = endJson(s.at);
            Json br = Json::array();
            for (const auto& b : s.branches)
                br.push_back(endJson(b));
            o["branches"] = br;
            o["state"] = s.state;
            ss.push_back(o);
        }
        j["switches"] = ss;
    }
    if (!spec.bodies.is_null()) j["bodies"] = spec.bodies;
    if (!spec.vehicles.is_null()) j["vehicles"] = spec.vehicles;
    if (!spec.trains.is_null()) j["trains"] = spec.trains;
    if (spec.look) j["look"] = layoutLookName(*spec.look);
    if (spec.railCentreDistance) j["railCentreDistance"] = *spec.railCentreDistance;
    if (spec.coasterFriction) j["coasterFriction"] = *spec.coasterFriction;
    if (spec.coasterDrag) j["coasterDrag"] = *spec.coasterDrag;
    if (!spec.drives.empty()) {
        Json ds = Json::array();
        for (const DriveSpec& d : spec.drives) {
            Json o = d.extra;
            o["id"] = d.id;
            o["kind"] = driveKindName(d.kind);
            if (d.dispatchInterval) o["dispatchInterval"] = *d.dispatchInterval;
            o["track"] = d.track;
            o["from"] = d.from;
            if (d.to) o["to"] = *d.to;
            o["direction"] = d.direction;
            o["speed"] = d.speed;
            o["maxForce"] = d.maxForce;
            ds.push_back(o);
        }
        j["drives"] = ds;
    }
    if (!spec.bufferStops.empty()) {
        Json bs = Json::array();
        for (const BufferStopSpec& b : spec.bufferStops) {
            Json o = b.extra;
            o["end"] = endJson(b.end);
            o["kind"] = b.friction ? "friction" : "fixed";
            if (b.force) o["force"] = *b.force;
            if (b.stroke) o["stroke"] = *b.stroke;
            bs.push_back(o);
        }
        j["bufferStops"] = bs;
    }
    if (!spec.signalSpecs.empty()) {
        Json gs = Json::array();
        for (const SignalSpec& g : spec.signalSpecs) {
            Json o = g.extra;
            o["id"] = g.id;
            o["track"] = g.track;
            o["s"] = g.s;
            o["direction"] = g.direction;
            o["kind"] = signalKindName(g.kind);
            if (g.overlap) o["overlap"] = *g.overlap;
            gs.push_back(o);
        }
        j["signals"] = gs;
    }
    if (!spec.routeSpecs.empty()) {
        Json qs = Json::array();
        for (const RouteSpec& q : spec.routeSpecs) {
            Json o = q.extra;
            o["id"] = q.id;
            o["from"] = q.from;
            o["to"] = q.to;
            Json sw = Json::array();
            for (const auto& [id, state] : q.switches)
                sw.push_back(Json::array({id, state}));
            o["switches"] = sw;
            if (q.overlap) o["overlap"] = *q.overlap;
            qs.push_back(o);
        }
        j["routes"] = qs;
    }
    if (!spec.alignmentSpecs.empty()) {
        Json as = Json::array();
        for (const AlignmentSpec& a : spec.alignmentSpecs) {
            Json o = a.extra;
            o["id"] = a.id;
            Json ts = Json::array();
            for (const auto& [track, direction] : a.tracks)
                ts.push_back(Json::array({track, direction}));
            o["tracks"] = ts;
            o["startStation"] = a.startStation;
            if (!a.equations.empty()) {
                Json eq = Json::array();
                for (const auto& [distance, station] : a.equations)
                    eq.push_back(Json::array({distance, station}));
                o["stationEquations"] = eq;
            }
            as.push_back(o);
        }
        j["alignments"] = as;
    }
    return j;
}

} // namespace tl
