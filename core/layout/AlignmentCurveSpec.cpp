#include "core/layout/AlignmentCurveSpec.h"

#include "core/curves/ProfileError.h"
#include "core/io/JsonReader.h"
#include "core/layout/LayoutJson.h"

#include <cmath>
#include <stdexcept>

namespace tl {

namespace {

constexpr const char* kHorizontalTypes[] = {"line",   "arc",  "clothoid",     "bloss", "helmert",
                                            "cosine", "sine", "vienneseBend", "cubic"};

std::optional<VerticalPieceSpec::Type> verticalTypeNamed(const std::string& name) {
    using T = VerticalPieceSpec::Type;
    for (T t : {T::ConstantGradient, T::CircularArc, T::ParabolicArc, T::Clothoid})
        if (name == verticalTypeName(t)) return t;
    return std::nullopt;
}

Json verticalJson(const VerticalPieceSpec& p) {
    Json j = Json::object();
    j["type"] = verticalTypeName(p.type);
    j["from"] = p.from;
    j["length"] = p.length;
    j["startHeight"] = p.startHeight;
    j["startGradient"] = p.startGradient;
    j["endGradient"] = p.endGradient;
    if (p.radius != 0.0) j["radius"] = p.radius;
    if (p.type == VerticalPieceSpec::Type::Clothoid && p.curvatureStart != 0.0)
        j["curvatureStart"] = p.curvatureStart;
    return j;
}

Json cantJson(const CantSegmentSpec& c) {
    Json j = Json::object();
    j["type"] = cantTypeName(c.type);
    j["from"] = c.from;
    j["length"] = c.length;
    j["startCantLeft"] = c.startCantLeft;
    j["startCantRight"] = c.startCantRight;
    if (c.type != CantSegmentSpec::Type::Constant) {
        j["endCantLeft"] = c.endCantLeft;
        j["endCantRight"] = c.endCantRight;
    }
    if (c.lawFrom) j["lawFrom"] = *c.lawFrom;
    if (c.lawLength) j["lawLength"] = *c.lawLength;
    return j;
}

} // namespace

double horizontalLengthOf(const CurveSpec& h) {
    auto need = [&](const char* key) {
        const auto it = h.params.find(key);
        if (it == h.params.end()) throw std::invalid_argument(std::string("missing \"") + key + "\"");
        return it->second;
    };
    for (const char* t : kHorizontalTypes)
        if (h.type == t) return h.type == "arc" ? need("radius") * std::abs(need("angle")) : need("length");
    throw std::invalid_argument("curve type \"" + h.type + "\" cannot be an alignment's horizontal");
}

AlignmentCurveSpec readAlignmentCurveSpec(const Json& curve, const std::string& path,
                                          const std::string& file) {
    const JsonReader r(file);
    r.object(curve, path);
    AlignmentCurveSpec a;
    const std::string hp = jsonPath(path, "horizontal");
    const Json& hj = r.require(curve, path, "horizontal");
    r.object(hj, hp);
    const std::string htype = r.string(r.require(hj, hp, "type"), jsonPath(hp, "type"));
    bool allowed = false;
    for (const char* t : kHorizontalTypes)
        allowed = allowed || htype == t;
    if (!allowed) // (checked before reading it: no nesting of alignments)
        r.fail(jsonPath(hp, "type"),
               "an alignment's horizontal is a line, arc, clothoid, bloss, helmert, cosine, "
               "sine, vienneseBend or cubic, not \"" +
                   htype + "\"");
    a.horizontal = curveSpecFromJson(hj, hp, file);
    for (const char* k : {"cantStart", "cantEnd", "railHeadDistance"})
        if (a.horizontal.params.count(k))
            r.fail(jsonPath(hp, k), std::string("in an alignment a vienneseBend takes its cant from the cant "
                                                "profile: remove \"") +
                                        k + "\"");
    const double L = horizontalLengthOf(a.horizontal);
    if (!(L > 0.0)) r.fail(hp, "the horizontal length must be > 0");

    const std::string vp = jsonPath(path, "vertical");
    if (const Json* v = JsonReader::find(curve, "vertical")) {
        r.array(*v, vp);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const Json& o = (*v)[i];
            const std::string ip = jsonPath(vp, i);
            r.object(o, ip);
            VerticalPieceSpec p;
            const std::string type = r.string(r.require(o, ip, "type"), jsonPath(ip, "type"));
            const auto t = verticalTypeNamed(type);
            if (!t)
                r.fail(jsonPath(ip, "type"),
                       "unknown vertical piece type \"" + type +
                           "\" (expected constantGradient, circularArc, parabolicArc or "
                           "clothoid)");
            p.type = *t;
            p.from = r.number(r.require(o, ip, "from"), jsonPath(ip, "from"));
            p.length = r.number(r.require(o, ip, "length"), jsonPath(ip, "length"));
            p.startHeight = r.number(r.require(o, ip, "startHeight"), jsonPath(ip, "startHeight"));
            p.startGradient = r.number(r.require(o, ip, "startGradient"), jsonPath(ip, "startGradient"));
            if (p.type == VerticalPieceSpec::Type::ConstantGradient) {
                p.endGradient = p.startGradient;
                if (const Json* x = JsonReader::find(o, "endGradient"))
                    p.endGradient = r.number(*x, jsonPath(ip, "endGradient"));
            } else {
                p.endGradient = r.number(r.require(o, ip, "endGradient"), jsonPath(ip, "endGradient"));
            }
            if (const Json* x = JsonReader::find(o, "radius"))
                p.radius = r.number(*x, jsonPath(ip, "radius"));
            if (const Json* x = JsonReader::find(o, "curvatureStart")) {
                if (p.type != VerticalPieceSpec::Type::Clothoid)
                    r.fail(jsonPath(ip, "curvatureStart"), "only a vertical clothoid has a curvatureStart");
                p.curvatureStart = r.number(*x, jsonPath(ip, "curvatureStart"));
            }
            a.vertical.push_back(p);
        }
    }
    const std::string cp = jsonPath(path, "cant");
    if (const Json* c = JsonReader::find(curve, "cant")) {
        r.object(*c, cp);
        a.hasCant = true;
        a.railHeadDistance =
            r.number(r.require(*c, cp, "railHeadDistance"), jsonPath(cp, "railHeadDistance"));
        const std::string sp = jsonPath(cp, "segments");
        const Json& segs = r.array(r.require(*c, cp, "segments"), sp);
        for (std::size_t i = 0; i < segs.size(); ++i) {
            const Json& o = segs[i];
            const std::string ip = jsonPath(sp, i);
            r.object(o, ip);
            CantSegmentSpec s;
            const std::string type = r.string(r.require(o, ip, "type"), jsonPath(ip, "type"));
            const auto t = cantTypeNamed(type);
            if (!t)
                r.fail(jsonPath(ip, "type"),
                       "unknown cant segment type \"" + type +
                           "\" (expected constant, linear, bloss, helmert, cosine, sine or "
                           "vienneseBend)");
            s.type = *t;
            s.from = r.number(r.require(o, ip, "from"), jsonPath(ip, "from"));
            s.length = r.number(r.require(o, ip, "length"), jsonPath(ip, "length"));
            s.startCantLeft = r.number(r.require(o, ip, "startCantLeft"), jsonPath(ip, "startCantLeft"));
            s.startCantRight = r.number(r.require(o, ip, "startCantRight"), jsonPath(ip, "startCantRight"));
            s.endCantLeft = s.startCantLeft;
            s.endCantRight = s.startCantRight;
            if (const Json* x = JsonReader::find(o, "endCantLeft"))
                s.endCantLeft = r.number(*x, jsonPath(ip, "endCantLeft"));
            if (const Json* x = JsonReader::find(o, "endCantRight"))
                s.endCantRight = r.number(*x, jsonPath(ip, "endCantRight"));
            if (const Json* x = JsonReader::find(o, "lawFrom"))
                s.lawFrom = r.number(*x, jsonPath(ip, "lawFrom"));
            if (const Json* x = JsonReader::find(o, "lawLength"))
                s.lawLength = r.number(*x, jsonPath(ip, "lawLength"));
            a.cant.push_back(s);
        }
    }
    // the values: the profiles' own checks, at the path of the piece and key they name
    try {
        const VerticalProfile vertical(a.vertical, L);
    } catch (const ProfileError& e) {
        const std::string at = e.piece() < 0 ? vp : jsonPath(vp, std::size_t(e.piece()));
        r.fail(e.key().empty() ? at : jsonPath(at, e.key()), e.problem());
    }
    try {
        const CantProfile cant(a.cant, a.railHeadDistance, L);
    } catch (const ProfileError& e) {
        const std::string sp = jsonPath(cp, "segments");
        const std::string at = e.piece() < 0 ? cp : jsonPath(sp, std::size_t(e.piece()));
        r.fail(e.key().empty() ? at : jsonPath(at, e.key()), e.problem());
    }
    return a;
}

AlignmentCurveSpec alignmentSpecOf(const CurveSpec& curve) {
    Json j = curve.extra;
    j["type"] = curve.type;
    return readAlignmentCurveSpec(j, "");
}

CurveSpec alignmentCurveSpec(const AlignmentCurveSpec& a) {
    CurveSpec c;
    c.type = "alignment";
    Json h = Json::object();
    h["type"] = a.horizontal.type;
    for (const auto& [k, v] : a.horizontal.params)
        h[k] = v;
    c.extra["horizontal"] = h;
    if (!a.vertical.empty()) {
        Json v = Json::array();
        for (const VerticalPieceSpec& p : a.vertical)
            v.push_back(verticalJson(p));
        c.extra["vertical"] = v;
    }
    if (a.hasCant) {
        Json segs = Json::array();
        for (const CantSegmentSpec& s : a.cant)
            segs.push_back(cantJson(s));
        c.extra["cant"] = Json{{"railHeadDistance", a.railHeadDistance}, {"segments", segs}};
    }
    return c;
}

} // namespace tl
