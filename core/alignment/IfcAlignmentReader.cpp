#include "core/alignment/IfcAlignmentReader.h"

#include "core/alignment/IfcUnits.h"
#include "core/curves/ProfileError.h"
#include "core/io/StepError.h"
#include "core/layout/AlignmentCurveSpec.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/TrackBuilder.h"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tl {

namespace {

constexpr double kZeroLength = 1e-9; // [m] a segment this short is a zero-length segment
constexpr double kProfileGap = 1e-3; // [m] vertical/cant segments: a gap or overlap larger is refused

std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

// a coordinate to 0.1 mm (large map coordinates stay readable)
std::string coord(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.4f", x);
    return buf;
}

std::string ref(const StepInstance& e) {
    return "#" + std::to_string(e.id());
}

// A number argument: a real or integer, or a typed value around one (some exporters write
// IFCLENGTHMEASURE(5.) where the schema has a plain IfcLengthMeasure).
double number(const StepInstance& e, std::size_t i) {
    const StepValue& v = e.arg(i);
    if (v.is(StepValue::Kind::Typed)) return e.real(v.inner(), StepInstance::where(i) + "(...)");
    return e.real(i);
}

std::optional<double> optionalNumber(const StepInstance& e, std::size_t i) {
    if (e.isUnset(i)) return std::nullopt;
    return number(e, i);
}

std::string optionalString(const StepInstance& e, std::size_t i) {
    return e.isUnset(i) ? std::string() : e.string(i);
}

// IfcRelNests: the related objects of each relating object, in file order.
std::map<std::uint64_t, std::vector<std::uint64_t>> readNests(const StepFile& f) {
    std::map<std::uint64_t, std::vector<std::uint64_t>> nests;
    for (const StepInstance* r : f.ofType("IFCRELNESTS")) {
        r->expectArgCount(6); // GlobalId, OwnerHistory, Name, Description, RelatingObject, RelatedObjects
        auto& list = nests[r->ref(4)];
        for (const std::uint64_t id : r->refs(5))
            list.push_back(id);
    }
    return nests;
}

std::vector<const StepInstance*> children(const StepFile& f,
                                          const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                                          const StepInstance& e, const char* type) {
    std::vector<const StepInstance*> out;
    const auto it = nests.find(e.id());
    if (it == nests.end()) return out;
    for (const std::uint64_t id : it->second) {
        const StepInstance& c = f.at(id);
        if (c.type() == type) out.push_back(&c);
    }
    return out;
}

// The one layout of a kind an alignment nests (nullptr when none; two are refused).
const StepInstance* oneLayout(const StepFile& f,
                              const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                              const StepInstance& alignment, const char* type) {
    const auto all = children(f, nests, alignment, type);
    if (all.size() > 1)
        alignment.fail(std::string("nests ") + std::to_string(all.size()) + " " + type + " (" + ref(*all[0]) +
                       ", " + ref(*all[1]) + "): at most one is read");
    return all.empty() ? nullptr : all.front();
}

// The design parameters of the IfcAlignmentSegment nested in `layout`, of `paramType`, in order.
std::vector<std::pair<const StepInstance*, const StepInstance*>>
segments(const StepFile& f, const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
         const StepInstance& layout, const char* paramType) {
    std::vector<std::pair<const StepInstance*, const StepInstance*>> out;
    const auto it = nests.find(layout.id());
    if (it == nests.end()) return out;
    for (const std::uint64_t id : it->second) {
        const StepInstance& s = f.at(id);
        if (s.type() != "IFCALIGNMENTSEGMENT")
            layout.fail("nests " + s.name() + ": a layout nests IFCALIGNMENTSEGMENT only");
        // GlobalId, OwnerHistory, Name, Description, ObjectType, ObjectPlacement, Representation,
        // DesignParameters
        s.expectArgCount(8);
        out.emplace_back(&s, &f.target(s, 7, paramType));
    }
    return out;
}

struct HorizontalSegment {
    const StepInstance* segment = nullptr; // IfcAlignmentSegment
    const StepInstance* params = nullptr;  // IfcAlignmentHorizontalSegment
    Vec3 start = Vec3::Zero();             // z = 0
    double direction = 0.0;                // [rad]
    double radiusStart = 0.0, radiusEnd = 0.0, length = 0.0;
    std::optional<double> gravityCentreHeight;
    std::string type;
};

HorizontalSegment readHorizontal(const StepFile& f, const StepInstance& seg, const StepInstance& p,
                                 const IfcUnits& u) {
    // StartTag, EndTag, StartPoint, StartDirection, StartRadiusOfCurvature, EndRadiusOfCurvature,
    // SegmentLength, GravityCenterLineHeight, PredefinedType
    p.expectArgCount(9);
    HorizontalSegment h;
    h.segment = &seg;
    h.params = &p;
    const StepInstance& point = f.target(p, 2, "IFCCARTESIANPOINT");
    point.expectArgCount(1);
    const std::vector<double> xy = point.reals(0);
    if (xy.size() < 2) point.fail(0, "a start point needs 2 coordinates, has " + std::to_string(xy.size()));
    h.start = Vec3(xy[0] * u.length, xy[1] * u.length, 0.0);
    h.direction = number(p, 3) * u.angle;
    h.radiusStart = number(p, 4) * u.length;
    h.radiusEnd = number(p, 5) * u.length;
    h.length = number(p, 6) * u.length;
    if (h.length < 0) p.fail(6, "SegmentLength must be >= 0, got " + num(number(p, 6)));
    if (const auto g = optionalNumber(p, 7)) h.gravityCentreHeight = *g * u.length;
    h.type = p.enumeration(8);
    return h;
}

double curvature(double radius) {
    return radius == 0.0 ? 0.0 : 1.0 / radius;
}

CurveSpec horizontalCurve(const HorizontalSegment& h, bool cantLinked, std::vector<std::string>& warnings) {
    CurveSpec c;
    const StepInstance& p = *h.params;
    const std::string at = p.file() + ": " + ref(p) + " (segment " + ref(*h.segment) + ")";
    if (h.type == "LINE") {
        c.type = "line";
        c.params["length"] = h.length;
        if (h.radiusStart != 0.0 || h.radiusEnd != 0.0)
            warnings.push_back(at + ": a LINE with a radius: the radius is ignored");
    } else if (h.type == "CIRCULARARC") {
        if (h.radiusStart == 0.0) p.fail(4, "a CIRCULARARC needs a radius, got 0");
        if (std::abs(h.radiusEnd - h.radiusStart) > 1e-9 * std::abs(h.radiusStart))
            warnings.push_back(at + ": CIRCULARARC with EndRadiusOfCurvature " + num(h.radiusEnd) +
                               " m != StartRadiusOfCurvature " + num(h.radiusStart) +
                               " m: the start radius is used");
        c.type = "arc";
        c.params["radius"] = std::abs(h.radiusStart);
        c.params["angle"] = h.length / h.radiusStart; // R > 0: turns left (+y), as TrackLab's angle > 0
    } else if (h.type == "CLOTHOID") {
        c.type = "clothoid";
        c.params["length"] = h.length;
        c.params["curvatureStart"] = curvature(h.radiusStart);
        c.params["curvatureEnd"] = curvature(h.radiusEnd);
    } else {
        static const std::map<std::string, std::string> kTransitions = {
            {"BLOSSCURVE", "bloss"}, {"HELMERTCURVE", "helmert"},      {"COSINECURVE", "cosine"},
            {"SINECURVE", "sine"},   {"VIENNESEBEND", "vienneseBend"}, {"CUBIC", "cubic"}};
        const auto it = kTransitions.find(h.type);
        if (it == kTransitions.end())
            p.fail(8, "unknown horizontal segment type ." + h.type +
                          ". (expected LINE, CIRCULARARC, CLOTHOID, CUBIC, HELMERTCURVE, BLOSSCURVE, "
                          "COSINECURVE, SINECURVE or VIENNESEBEND)");
        if (h.type == "CUBIC" && h.radiusStart != 0.0)
            p.fail(4, "a CUBIC starts straight (StartRadiusOfCurvature 0); got " + num(h.radiusStart) + " m");
        c.type = it->second;
        c.params["length"] = h.length;
        c.params["radiusStart"] = h.radiusStart;
        c.params["radiusEnd"] = h.radiusEnd;
        if (h.type == "VIENNESEBEND") {
            if (h.gravityCentreHeight) c.params["gravityCentreHeight"] = *h.gravityCentreHeight;
            if (!cantLinked)
                warnings.push_back(
                    at + ": VIENNESEBEND imported without its cant term (cantStart = cantEnd = 0): the "
                         "cant layout is not linked to the horizontal curve yet");
        }
    }
    return c;
}

// One segment of a vertical or cant layout, in SI, as kept in the track's extra.
struct ProfileSegment {
    const StepInstance* params = nullptr;
    double startDistAlong = 0.0, horizontalLength = 0.0;
    Json json;
};

// Reads and checks a profile (vertical or cant): segments contiguous (to kProfileGap), none negative, no
// longer than the horizontal. Zero-length segments are left out.
std::vector<ProfileSegment> readProfile(const StepFile& f,
                                        const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                                        const StepInstance& layout, bool vertical, const IfcUnits& u,
                                        double horizontalLength) {
    std::vector<ProfileSegment> out;
    const char* paramType = vertical ? "IFCALIGNMENTVERTICALSEGMENT" : "IFCALIGNMENTCANTSEGMENT";
    const StepInstance* previous = nullptr;
    double previousEnd = 0.0;
    for (const auto& [seg, p] : segments(f, nests, layout, paramType)) {
        p->expectArgCount(9);
        ProfileSegment s;
        s.params = p;
        s.startDistAlong = number(*p, 2) * u.length;
        s.horizontalLength = number(*p, 3) * u.length;
        if (s.horizontalLength < 0) p->fail(3, "HorizontalLength must be >= 0, got " + num(number(*p, 3)));
        if (previous && std::abs(s.startDistAlong - previousEnd) > kProfileGap)
            p->fail(2, "StartDistAlong " + num(s.startDistAlong) + " m: the previous segment " +
                           ref(*previous) + " ends at " + num(previousEnd) +
                           " m (segments must be contiguous to 1 mm)");
        const double end = s.startDistAlong + s.horizontalLength;
        if (end > horizontalLength + kProfileGap)
            p->fail(3, std::string(vertical ? "the vertical" : "the cant") + " layout runs to " + num(end) +
                           " m, beyond the horizontal layout's length " + num(horizontalLength) + " m");
        previous = p;
        previousEnd = end;
        if (s.horizontalLength <= kZeroLength) continue;
        s.json = Json::object();
        s.json["ifc"] = ref(*p);
        s.json["type"] = p->enumeration(8);
        s.json["startDistAlong"] = s.startDistAlong;
        s.json["horizontalLength"] = s.horizontalLength;
        if (vertical) {
            s.json["startHeight"] = number(*p, 4) * u.length;
            s.json["startGradient"] = number(*p, 5);
            s.json["endGradient"] = number(*p, 6);
            if (const auto r = optionalNumber(*p, 7)) s.json["radius"] = *r * u.length;
        } else {
            s.json["startCantLeft"] = number(*p, 4) * u.length;
            if (const auto c = optionalNumber(*p, 5)) s.json["endCantLeft"] = *c * u.length;
            s.json["startCantRight"] = number(*p, 6) * u.length;
            if (const auto c = optionalNumber(*p, 7)) s.json["endCantRight"] = *c * u.length;
        }
        out.push_back(std::move(s));
    }
    return out;
}

// The vertical and cant layouts of one alignment over the chain's horizontal distance [0, length], in the
// pieces of core/curves/VerticalProfile.h and CantProfile.h (docs/alignments.md, "Vertical and cant").
struct Profiles {
    std::vector<VerticalPieceSpec> vertical;      // covering [0, length] (padded); empty = none
    std::vector<const StepInstance*> verticalIfc; // the IfcAlignmentVerticalSegment of each (null: padding)
    std::optional<double> railHeadDistance;       // [m], when there is a cant layout
    std::vector<CantSegmentSpec> cant;            // covering [0, length] (padded); empty = none
    std::vector<const StepInstance*> cantIfc;     // the IfcAlignmentCantSegment of each (null: padding)
    bool any() const { return !vertical.empty() || !cant.empty(); }
};

double jsonNumber(const Json& j, const char* key, double fallback) {
    return j.contains(key) ? j[key].get<double>() : fallback;
}

// z(u), gradient, curvature of the (u, z) curve of the pieces read so far at the end of the last one
void verticalPieces(const std::vector<ProfileSegment>& profile, const StepInstance& layout, double length,
                    Profiles& out, std::vector<std::string>& warnings) {
    using T = VerticalPieceSpec::Type;
    const std::string file = layout.file();
    for (const ProfileSegment& seg : profile) {
        const Json& j = seg.json;
        const std::string type = j["type"].get<std::string>();
        VerticalPieceSpec p;
        if (type == "CONSTANTGRADIENT")
            p.type = T::ConstantGradient;
        else if (type == "CIRCULARARC")
            p.type = T::CircularArc;
        else if (type == "PARABOLICARC")
            p.type = T::ParabolicArc;
        else if (type == "CLOTHOID")
            p.type = T::Clothoid;
        else
            seg.params->fail(8, "unknown vertical segment type ." + type +
                                    ". (expected CONSTANTGRADIENT, CIRCULARARC, PARABOLICARC or CLOTHOID)");
        p.from = seg.startDistAlong;
        p.length = seg.horizontalLength;
        p.startHeight = j["startHeight"].get<double>();
        p.startGradient = j["startGradient"].get<double>();
        p.endGradient = j["endGradient"].get<double>();
        if (p.type == T::ConstantGradient && p.endGradient != p.startGradient) {
            warnings.push_back(file + ": " + seg.params->name() +
                               ": CONSTANTGRADIENT with EndGradient != StartGradient: StartGradient used");
            p.endGradient = p.startGradient;
        }
        if (p.type == T::CircularArc || p.type == T::ParabolicArc) p.radius = jsonNumber(j, "radius", 0.0);
        if (p.type == T::Clothoid && !out.vertical.empty()) {
            // the curvature it starts with: that of the arc before it (0 after a constant gradient)
            const VerticalPieceSpec& q = out.vertical.back();
            const double a0 = std::atan(q.startGradient), a1 = std::atan(q.endGradient);
            if (q.type == T::CircularArc) p.curvatureStart = (std::sin(a1) - std::sin(a0)) / q.length;
            if (q.type == T::ParabolicArc)
                p.curvatureStart = (q.endGradient - q.startGradient) / q.length * std::pow(std::cos(a1), 3);
        }
        out.vertical.push_back(p);
        out.verticalIfc.push_back(seg.params);
    }
    if (out.vertical.empty()) return;
    const VerticalPieceSpec first = out.vertical.front();
    if (first.from > kProfileGap) { // a constant gradient before it
        VerticalPieceSpec pad;
        pad.length = first.from;
        pad.startGradient = pad.endGradient = first.startGradient;
        pad.startHeight = first.startHeight - first.startGradient * first.from;
        out.vertical.insert(out.vertical.begin(), pad);
        out.verticalIfc.insert(out.verticalIfc.begin(), nullptr);
        warnings.push_back(file + ": the vertical layout " + layout.name() + " starts at " + num(first.from) +
                           " m: its first gradient is continued back to the start");
    }
    const VerticalPieceSpec last = out.vertical.back();
    const double end = last.from + last.length;
    if (end < length - kProfileGap) { // a constant gradient after it
        double z = last.startHeight;
        try {
            std::vector<VerticalPieceSpec> upToEnd = out.vertical;
            z = VerticalProfile(upToEnd, end).at(end).z;
        } catch (const std::invalid_argument&) {
            // reported with the whole profile below
        }
        VerticalPieceSpec pad;
        pad.from = end;
        pad.length = length - end;
        pad.startGradient = pad.endGradient = last.endGradient;
        pad.startHeight = z;
        out.vertical.push_back(pad);
        out.verticalIfc.push_back(nullptr);
        warnings.push_back(file + ": the vertical layout " + layout.name() + " ends at " + num(end) +
                           " m, before the horizontal's " + num(length) +
                           " m: its last gradient is continued");
    }
}

void cantSegments(const std::vector<ProfileSegment>& profile, const StepInstance& layout, double length,
                  Profiles& out, std::vector<std::string>& warnings) {
    using T = CantSegmentSpec::Type;
    static const std::map<std::string, T> kTypes = {
        {"CONSTANTCANT", T::Constant},    {"LINEARTRANSITION", T::Linear}, {"BLOSSCURVE", T::Bloss},
        {"COSINECURVE", T::Cosine},       {"HELMERTCURVE", T::Helmert},    {"SINECURVE", T::Sine},
        {"VIENNESEBEND", T::VienneseBend}};
    const std::string file = layout.file();
    for (const ProfileSegment& seg : profile) {
        const Json& j = seg.json;
        const std::string type = j["type"].get<std::string>();
        const auto it = kTypes.find(type);
        if (it == kTypes.end())
            seg.params->fail(8, "unknown cant segment type ." + type +
                                    ". (expected CONSTANTCANT, LINEARTRANSITION, BLOSSCURVE, COSINECURVE, "
                                    "HELMERTCURVE, SINECURVE or VIENNESEBEND)");
        CantSegmentSpec c;
        c.type = it->second;
        c.from = seg.startDistAlong;
        c.length = seg.horizontalLength;
        c.startCantLeft = j["startCantLeft"].get<double>();
        c.startCantRight = j["startCantRight"].get<double>();
        c.endCantLeft = jsonNumber(j, "endCantLeft", c.startCantLeft);
        c.endCantRight = jsonNumber(j, "endCantRight", c.startCantRight);
        if (c.type == T::Constant &&
            (c.endCantLeft != c.startCantLeft || c.endCantRight != c.startCantRight)) {
            warnings.push_back(file + ": " + seg.params->name() +
                               ": CONSTANTCANT with end cants != start cants: the start cants are used");
            c.endCantLeft = c.startCantLeft;
            c.endCantRight = c.startCantRight;
        }
        out.cant.push_back(c);
        out.cantIfc.push_back(seg.params);
    }
    if (out.cant.empty()) return;
    const CantSegmentSpec first = out.cant.front(), last = out.cant.back();
    if (first.from > kProfileGap) {
        CantSegmentSpec pad;
        pad.length = first.from;
        pad.startCantLeft = pad.endCantLeft = first.startCantLeft;
        pad.startCantRight = pad.endCantRight = first.startCantRight;
        out.cant.insert(out.cant.begin(), pad);
        out.cantIfc.insert(out.cantIfc.begin(), nullptr);
        warnings.push_back(file + ": the cant layout " + layout.name() + " starts at " + num(first.from) +
                           " m: its first cants hold before it");
    }
    const double end = last.from + last.length;
    if (end < length - kProfileGap) {
        CantSegmentSpec pad;
        pad.from = end;
        pad.length = length - end;
        pad.startCantLeft = pad.endCantLeft = last.endCantLeft;
        pad.startCantRight = pad.endCantRight = last.endCantRight;
        out.cant.push_back(pad);
        out.cantIfc.push_back(nullptr);
        warnings.push_back(file + ": the cant layout " + layout.name() + " ends at " + num(end) +
                           " m, before the horizontal's " + num(length) + " m: its last cants hold after it");
    }
}

// A profile error (core/curves/ProfileError.h) as the error of its IFC segment (argument by key).
[[noreturn]] void failProfile(const ProfileError& e, const std::vector<const StepInstance*>& ifc,
                              const StepInstance& layout) {
    static const std::map<std::string, std::size_t> kArg = {
        {"from", 2},           {"length", 3},       {"startHeight", 4},     {"startGradient", 5},
        {"endGradient", 6},    {"radius", 7},       {"startCantLeft", 4},   {"endCantLeft", 5},
        {"startCantRight", 6}, {"endCantRight", 7}, {"railHeadDistance", 7}};
    const StepInstance* at =
        e.piece() >= 0 && std::size_t(e.piece()) < ifc.size() ? ifc[std::size_t(e.piece())] : nullptr;
    if (!at) at = &layout;
    const auto it = kArg.find(e.key());
    if (it != kArg.end() && it->second < at->argCount()) at->fail(it->second, e.problem());
    at->fail(e.problem());
}

// The part [U0, U1] of the profiles as an alignment curve's pieces, re-based to U0 (each piece keeps its
// law: heights and gradients at the cut, a clothoid's curvature there, a cant law's whole extent).
void clipProfiles(const Profiles& pr, const VerticalProfile& whole, double U0, double U1,
                  AlignmentCurveSpec& a) {
    constexpr double kSliver = 1e-6; // [m] parts shorter than this are left out
    const std::size_t nv = pr.vertical.size();
    for (std::size_t i = 0; i < nv; ++i) {
        const VerticalPieceSpec& p = pr.vertical[i];
        const double end = i + 1 < nv ? pr.vertical[i + 1].from : whole.horizontalLength();
        const double u0 = std::max(i ? p.from : 0.0, U0), u1 = std::min(end, U1);
        if (u1 - u0 <= kSliver) continue;
        const ProfilePoint s = whole.atPiece(i, u0), e = whole.atPiece(i, u1);
        VerticalPieceSpec q = p;
        q.from = u0 - U0;
        q.length = u1 - u0;
        q.startHeight = s.z;
        q.startGradient = s.z1;
        q.endGradient = p.type == VerticalPieceSpec::Type::ConstantGradient ? s.z1 : e.z1;
        if (p.type == VerticalPieceSpec::Type::Clothoid)
            q.curvatureStart = s.z2 / std::pow(1.0 + s.z1 * s.z1, 1.5);
        a.vertical.push_back(q);
    }
    if (pr.railHeadDistance) {
        a.hasCant = true;
        a.railHeadDistance = *pr.railHeadDistance;
    }
    const std::size_t nc = pr.cant.size();
    for (std::size_t i = 0; i < nc; ++i) {
        const CantSegmentSpec& c = pr.cant[i];
        const double end = i + 1 < nc ? pr.cant[i + 1].from : whole.horizontalLength();
        const double u0 = std::max(i ? c.from : 0.0, U0), u1 = std::min(end, U1);
        if (u1 - u0 <= kSliver) continue;
        CantSegmentSpec q = c;
        q.from = u0 - U0;
        q.length = u1 - u0;
        if (std::abs(q.from - (c.from - U0)) > 1e-12 || std::abs(q.length - c.length) > 1e-12) {
            q.lawFrom = c.from - U0;
            q.lawLength = c.length;
        }
        a.cant.push_back(q);
    }
}

// The stationing of an alignment (docs/alignments.md, "Stationing"): the start station and the station
// equations, from the IfcReferents nested in the alignment with Pset_Stationing (Station, IncomingStation,
// HasIncreasingStation).
struct Stationing {
    std::optional<double> start;                      // [m] the station at distance 0
    std::vector<std::pair<double, double>> equations; // [[distance along, station], ...] [m], increasing
};

constexpr double kMarkerSlack = 1e-6;   // [m] a referent's station this close to the running one: a marker
constexpr double kIncomingSlack = 1e-3; // [m] IncomingStation farther off the running station: a warning
constexpr double kEquationSlack = 1e-6; // [m] distances along beyond the alignment's length by this: kept

// One referent with Pset_Stationing.Station.
struct StationReferent {
    const StepInstance* referent = nullptr;
    double station = 0.0;           // [m] Station (after an equation)
    std::optional<double> incoming; // [m] IncomingStation (before it)
    std::optional<bool> increasing; // HasIncreasingStation
    std::optional<double> along;    // [m] DistanceAlong of its IfcLinearPlacement
};

// Where a referent is: the DistanceAlong of its IfcLinearPlacement (IfcAxis2PlacementLinear,
// IfcPointByDistanceExpression), nullopt without one.
std::optional<double> distanceAlong(const StepFile& f, const StepInstance& referent, const IfcUnits& u) {
    referent.expectArgCount(8); // ..., ObjectPlacement, Representation, PredefinedType
    if (referent.isUnset(5)) return std::nullopt;
    const StepInstance& pl = f.target(referent, 5);
    if (pl.type() != "IFCLINEARPLACEMENT") return std::nullopt;
    pl.expectArgCount(3); // PlacementRelTo, RelativePlacement, CartesianPosition
    const StepInstance& ax = f.target(pl, 1, "IFCAXIS2PLACEMENTLINEAR");
    ax.expectArgCount(3); // Location, Axis, RefDirection
    const StepInstance& pt = f.target(ax, 0, "IFCPOINTBYDISTANCEEXPRESSION");
    pt.expectArgCount(5); // DistanceAlong, OffsetLateral, OffsetVertical, OffsetLongitudinal, BasisCurve
    return number(pt, 0) * u.length;
}

// The first nested IfcReferent with Pset_Stationing.Station gives the start station (its station less its
// distance along; without a linear placement it is taken to be at the start, a warning). Every later one is
// a station equation at its distance along where its Station differs from the running station there by more
// than kMarkerSlack (else a marker, skipped); without a linear placement, or with HasIncreasingStation false,
// it is skipped with a warning. `length` is the alignment's horizontal length [m].
Stationing stationing(const StepFile& f, const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                      const StepInstance& alignment, const IfcUnits& u, double length,
                      std::vector<std::string>& warnings) {
    Stationing out;
    const auto referents = children(f, nests, alignment, "IFCREFERENT");
    if (referents.empty()) return out;
    // property sets by object
    std::map<std::uint64_t, std::vector<const StepInstance*>> psets;
    for (const StepInstance* r : f.ofType("IFCRELDEFINESBYPROPERTIES")) {
        r->expectArgCount(
            6); // GlobalId, OwnerHistory, Name, Description, RelatedObjects, RelatingPropertyDefinition
        const StepInstance& def = f.target(*r, 5);
        if (def.type() != "IFCPROPERTYSET") continue;
        for (const std::uint64_t id : r->refs(4))
            psets[id].push_back(&def);
    }
    std::vector<StationReferent> found;
    for (const StepInstance* referent : referents) {
        const auto it = psets.find(referent->id());
        if (it == psets.end()) continue;
        StationReferent sr;
        sr.referent = referent;
        bool hasStation = false;
        for (const StepInstance* set : it->second) {
            set->expectArgCount(5); // GlobalId, OwnerHistory, Name, Description, HasProperties
            if (set->isUnset(2) || set->string(2) != "Pset_Stationing") continue;
            const std::vector<StepValue>& props = set->list(4);
            for (std::size_t k = 0; k < props.size(); ++k) {
                const std::string where = StepInstance::where(StepInstance::where(4), k);
                const StepInstance& prop = f.target(*set, props[k], where);
                if (prop.type() != "IFCPROPERTYSINGLEVALUE") continue;
                prop.expectArgCount(4); // Name, Specification, NominalValue, Unit
                if (prop.isUnset(2)) continue;
                const std::string& name = prop.string(0);
                if (name == "Station") {
                    sr.station = number(prop, 2) * u.length;
                    hasStation = true;
                } else if (name == "IncomingStation") {
                    sr.incoming = number(prop, 2) * u.length;
                } else if (name == "HasIncreasingStation") {
                    const StepValue& v = prop.arg(2);
                    const StepValue& b = v.is(StepValue::Kind::Typed) ? v.inner() : v;
                    const std::string& e = prop.enumeration(b, StepInstance::where(2));
                    if (e == "T" || e == "F") sr.increasing = e == "T";
                }
            }
        }
        if (!hasStation) continue;
        sr.along = distanceAlong(f, *referent, u);
        found.push_back(sr);
    }
    if (found.empty()) return out;
    // the start
    const StationReferent& first = found.front();
    if (!first.along)
        warnings.push_back(f.file() + ": " + first.referent->name() + " (station " + num(first.station) +
                           " m) has no IfcLinearPlacement: taken to be at the alignment's start");
    if (first.increasing == false)
        warnings.push_back(f.file() + ": " + first.referent->name() +
                           " has Pset_Stationing.HasIncreasingStation false: decreasing stations are not "
                           "supported, the stations are counted increasing from it");
    out.start = first.station - first.along.value_or(0.0);
    // the equations, in order of distance along
    std::vector<const StationReferent*> later;
    for (std::size_t k = 1; k < found.size(); ++k) {
        const StationReferent& r = found[k];
        const std::string what = f.file() + ": " + r.referent->name() + " (station " + num(r.station) + " m)";
        if (!r.along) {
            warnings.push_back(what +
                               " has no IfcLinearPlacement: skipped (only the first referent, the start "
                               "station, may go without one)");
        } else if (r.increasing == false) {
            warnings.push_back(what + " has Pset_Stationing.HasIncreasingStation false: decreasing stations "
                                      "are not supported, skipped");
        } else if (*r.along < -kEquationSlack || *r.along > length + kEquationSlack) {
            warnings.push_back(what + " lies " + num(*r.along) + " m along, outside the alignment (0 .. " +
                               num(length) + " m): skipped");
        } else {
            later.push_back(&r);
        }
    }
    std::stable_sort(later.begin(), later.end(), [](const StationReferent* a, const StationReferent* b) {
        return *a->along < *b->along;
    });
    double d0 = 0.0, s0 = *out.start; // the running stretch: station s0 at distance d0
    for (const StationReferent* r : later) {
        const double d = std::clamp(*r->along, 0.0, length);
        const double running = s0 + (d - d0);
        const std::string what = f.file() + ": " + r->referent->name() + " (station " + num(r->station) +
                                 " m at " + num(d) + " m)";
        if (r->incoming && std::abs(*r->incoming - running) > kIncomingSlack)
            warnings.push_back(what + ": its IncomingStation " + num(*r->incoming) +
                               " m is not the station " + num(running) +
                               " m counted to it: the counted one is used");
        if (std::abs(r->station - running) <= kMarkerSlack) continue; // a marker on the running stations
        if (!out.equations.empty() && !(d > out.equations.back().first)) {
            warnings.push_back(what + ": a second station equation at the same distance: skipped");
            continue;
        }
        out.equations.emplace_back(d, r->station);
        d0 = d;
        s0 = r->station;
    }
    return out;
}

struct Chain {
    const StepInstance* alignment = nullptr;
    std::string name;
    std::vector<HorizontalSegment> horizontal; // all, zero-length ones included
    std::vector<int> trackOf;                  // per horizontal segment: its track index, -1 = skipped
    std::vector<int> tracks;                   // track indices, in order
    double length = 0.0;                       // horizontal length [m]
};

// Nested alignments (IfcAlignment nesting IfcAlignment): walked for reference cycles (StepWalk error).
void walkNestedAlignments(const StepFile& f, const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                          const StepInstance& a, StepWalk& walk, std::set<std::uint64_t>& done) {
    const auto guard = walk.enter(a);
    for (const StepInstance* c : children(f, nests, a, "IFCALIGNMENT"))
        if (!done.count(c->id())) walkNestedAlignments(f, nests, *c, walk, done);
    done.insert(a.id());
}

} // namespace

IfcImport importIfcAlignments(const std::filesystem::path& path) {
    return importIfcAlignments(StepFile::read(path));
}

IfcImport importIfcAlignments(const StepFile& f) {
    IfcImport result;
    std::vector<std::string>& warnings = result.warnings;
    for (const std::string& s : f.schemas()) {
        std::string upper;
        for (const char c : s)
            upper += char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        if (upper.rfind("IFC4X3", 0) != 0)
            throw LayoutError(f.file(), "",
                              "schema " + s +
                                  ": only IFC 4.3 files (IFC4X3*) are imported: IFC2X3/IFC4 files have no "
                                  "IfcAlignment business logic of IFC 4.3");
    }
    const IfcUnits units = readIfcUnits(f, warnings);
    const auto nests = readNests(f);

    const auto alignments = f.ofType("IFCALIGNMENT");
    {
        std::set<std::uint64_t> done;
        for (const StepInstance* a : alignments) {
            a->expectArgCount(8); // GlobalId, OwnerHistory, Name, Description, ObjectType, ObjectPlacement,
                                  // Representation, PredefinedType
            StepWalk walk;
            if (!done.count(a->id())) walkNestedAlignments(f, nests, *a, walk, done);
            for (const StepInstance* c : children(f, nests, *a, "IFCALIGNMENT"))
                warnings.push_back(f.file() + ": " + a->name() + " nests the alignment " + c->name() +
                                   ": imported as a separate chain, the parent-child relation is not kept");
        }
    }

    LayoutSpec& spec = result.layout;
    spec.version = LayoutSpec::currentVersion;
    std::vector<Chain> chains;
    std::set<std::string> names, trackIds; // (a set: no quadratic look-up over many segments)
    for (const StepInstance* a : alignments) {
        Chain chain;
        chain.alignment = a;
        chain.name = optionalString(*a, 2);
        if (chain.name.empty() || names.count(chain.name)) chain.name += ref(*a);
        names.insert(chain.name);
        const StepInstance* horizontal = oneLayout(f, nests, *a, "IFCALIGNMENTHORIZONTAL");
        if (!horizontal) {
            warnings.push_back(f.file() + ": " + a->name() + " '" + chain.name +
                               "' has no IfcAlignmentHorizontal: not imported");
            continue;
        }
        for (const auto& [seg, p] : segments(f, nests, *horizontal, "IFCALIGNMENTHORIZONTALSEGMENT"))
            chain.horizontal.push_back(readHorizontal(f, *seg, *p, units));
        if (chain.horizontal.empty()) {
            warnings.push_back(f.file() + ": " + horizontal->name() + " of '" + chain.name +
                               "' has no segments: not imported");
            continue;
        }
        // the vertical and cant layouts: when either has a segment, the tracks are "alignment" curves
        double chainLength = 0.0;
        for (const HorizontalSegment& h : chain.horizontal)
            chainLength += h.length;
        Profiles profiles;
        const StepInstance* verticalLayout = oneLayout(f, nests, *a, "IFCALIGNMENTVERTICAL");
        const StepInstance* cantLayout = oneLayout(f, nests, *a, "IFCALIGNMENTCANT");
        if (verticalLayout)
            verticalPieces(readProfile(f, nests, *verticalLayout, true, units, chainLength), *verticalLayout,
                           chainLength, profiles, warnings);
        if (cantLayout) {
            cantLayout->expectArgCount(8); // ..., Representation, RailHeadDistance
            const double b = number(*cantLayout, 7) * units.length;
            if (!(b > 0.0)) cantLayout->fail(7, "RailHeadDistance must be > 0, got " + num(b));
            if (spec.railCentreDistance && std::abs(*spec.railCentreDistance - b) > 1e-9)
                cantLayout->fail(
                    7, "RailHeadDistance " + num(b) + " m differs from the " + num(*spec.railCentreDistance) +
                           " m of an alignment before it (a layout has one rail-centre distance)");
            spec.railCentreDistance = b;
            profiles.railHeadDistance = b;
            cantSegments(readProfile(f, nests, *cantLayout, false, units, chainLength), *cantLayout,
                         chainLength, profiles, warnings);
        }
        // a level vertical layout without cant (gradient 0 at one height throughout, as the export writes a
        // level chain) is exact on plain tracks: they stay plain curves at that height
        std::optional<double> levelHeight;
        if (profiles.cant.empty() && !profiles.vertical.empty()) {
            const double z = profiles.vertical.front().startHeight;
            bool level = true;
            for (const VerticalPieceSpec& p : profiles.vertical)
                level = level && p.type == VerticalPieceSpec::Type::ConstantGradient &&
                        p.startGradient == 0.0 && p.endGradient == 0.0 && p.startHeight == z;
            if (level) levelHeight = z;
        }
        const bool profiled = profiles.any() && !levelHeight && chainLength > kZeroLength;
        std::optional<VerticalProfile> whole;
        if (profiled) {
            try {
                whole.emplace(profiles.vertical, chainLength);
            } catch (const ProfileError& e) {
                failProfile(e, profiles.verticalIfc, *verticalLayout);
            }
            try {
                const CantProfile check(profiles.cant, profiles.railHeadDistance.value_or(1.5), chainLength);
            } catch (const ProfileError& e) {
                failProfile(e, profiles.cantIfc, *cantLayout);
            }
        }
        double U0 = 0.0;         // horizontal distance of the segment's start [m]
        Vec3 chainEnd;           // profiled: the end of the chain so far (x, y) [m]
        double chainHeading = 0; // ... and its heading [rad]
        // segment names, used as track labels where present and unique
        std::map<std::string, int> nameCount;
        for (const HorizontalSegment& h : chain.horizontal)
            ++nameCount[optionalString(*h.segment, 2)];
        for (std::size_t k = 0; k < chain.horizontal.size(); ++k) {
            const HorizontalSegment& h = chain.horizontal[k];
            const double segmentStart = U0;
            U0 += h.length;
            if (h.length <= kZeroLength) {
                chain.trackOf.push_back(-1);
                const bool last = k + 1 == chain.horizontal.size();
                warnings.push_back(f.file() + ": " + h.params->name() + " (segment " + ref(*h.segment) +
                                   ") of '" + chain.name + "' has zero length: skipped" +
                                   (last ? " (IFC ends a layout with one by convention)" : ""));
                continue;
            }
            TrackSpec t;
            const std::string segName = optionalString(*h.segment, 2);
            std::string label = !segName.empty() && nameCount[segName] == 1 ? segName : std::to_string(k + 1);
            t.id = chain.name + "/" + label;
            if (trackIds.count(t.id)) t.id += ref(*h.segment);
            trackIds.insert(t.id);
            t.frame = TrackFrame::Up;
            if (profiled) {
                // an alignment curve with the profiles' part over this segment, placed level (yaw only) where
                // the chain so far ends, at the profile's height there, and joined to the previous track
                AlignmentCurveSpec as;
                as.horizontal = horizontalCurve(h, !profiles.cant.empty(), warnings);
                clipProfiles(profiles, *whole, segmentStart, segmentStart + h.length, as);
                t.curve = alignmentCurveSpec(as);
                std::shared_ptr<const AlignmentCurve> built;
                try {
                    built = buildAlignmentCurve(t.curve);
                } catch (const std::exception& e) {
                    h.params->fail(std::string("TrackLab cannot build this segment with its profiles: ") +
                                   e.what());
                }
                const Vec3 start = chain.tracks.empty() ? h.start : chainEnd;
                const double yaw = chain.tracks.empty() ? h.direction : chainHeading;
                t.placement.pose.position = Vec3(start.x(), start.y(), built->startHeight());
                t.placement.pose.rotation = Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ()));
                const Frame end = built->frame(built->length());
                const Vec3 e = Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * end.P;
                chainEnd = Vec3(start.x() + e.x(), start.y() + e.y(), 0.0);
                chainHeading = yaw + std::atan2(end.T.y(), end.T.x());
                if (!chain.tracks.empty()) {
                    const std::string& previousId =
                        std::as_const(spec.tracks)[std::size_t(chain.tracks.back())].id;
                    ConnectionSpec join;
                    join.a = EndRef{previousId, TrackEnd::End};
                    join.b = EndRef{t.id, TrackEnd::Start};
                    spec.connections.push_back(std::move(join));
                }
            } else if (chain.tracks.empty()) {
                t.curve = horizontalCurve(h, false, warnings);
                t.placement.pose.position = h.start;
                if (levelHeight) t.placement.pose.position.z() = *levelHeight;
                t.placement.pose.rotation = Quat(Eigen::AngleAxisd(h.direction, Vec3::UnitZ()));
            } else {
                t.curve = horizontalCurve(h, false, warnings);
                // placed on the previous end and joined to it (a train runs through)
                const std::string& previousId =
                    std::as_const(spec.tracks)[std::size_t(chain.tracks.back())].id;
                t.placement.after = EndRef{previousId, TrackEnd::End};
                ConnectionSpec join;
                join.a = EndRef{previousId, TrackEnd::End};
                join.b = EndRef{t.id, TrackEnd::Start};
                spec.connections.push_back(std::move(join));
            }
            t.extra["ifcSegment"] = ref(*h.segment);
            chain.trackOf.push_back(int(spec.tracks.size()));
            chain.tracks.push_back(int(spec.tracks.size()));
            chain.length += h.length;
            spec.tracks.push_back(std::move(t));
        }
        if (chain.tracks.empty()) {
            warnings.push_back(f.file() + ": '" + chain.name +
                               "' has only zero-length segments: not imported");
            continue;
        }
        chains.push_back(std::move(chain));
    }
    if (chains.empty())
        throw LayoutError(f.file(), "", "no IfcAlignment with a horizontal layout of non-zero length");

    // the horizontal geometry as TrackLab builds it: compile, then check every start point against it
    Layout layout;
    try {
        layout = Layout::compile(spec, f.file());
    } catch (const LayoutError& e) {
        // "/tracks/N/...": name the IFC segment of track N
        const std::string& path = e.path();
        if (path.rfind("/tracks/", 0) == 0) {
            const std::size_t n = std::size_t(std::stoul(path.substr(8)));
            for (const Chain& c : chains)
                for (std::size_t k = 0; k < c.horizontal.size(); ++k)
                    if (c.trackOf[k] == int(n))
                        c.horizontal[k].params->fail("TrackLab cannot build this segment: " + e.problem());
        }
        throw;
    }
    for (const Chain& c : chains) {
        const HorizontalSegment* previous = nullptr;
        int previousTrack = -1;
        for (std::size_t k = 0; k < c.horizontal.size(); ++k) {
            const HorizontalSegment& h = c.horizontal[k];
            if (previousTrack >= 0) {
                const std::size_t t = std::size_t(previousTrack);
                const Frame end = layout.frameInWorld(t, layout.track(t).length()).F;
                const double gap = std::hypot(h.start.x() - end.P.x(), h.start.y() - end.P.y());
                const std::string where = "starts at (" + coord(h.start.x()) + ", " + coord(h.start.y()) +
                                          ") m, " + num(gap) + " m from the end (" + coord(end.P.x()) + ", " +
                                          coord(end.P.y()) + ") of the previous segment " +
                                          ref(*previous->params) + " (segment " + ref(*previous->segment) +
                                          ")";
                if (gap > kIfcJoinRefuse)
                    h.params->fail(2, where + ": more than " + num(kIfcJoinRefuse) + " m apart, refused");
                if (gap > kIfcJoinWarn)
                    warnings.push_back(f.file() + ": " + h.params->name() + " " + where +
                                       ": the track continues from that end");
                const double kink =
                    std::remainder(h.direction - std::atan2(end.T.y(), end.T.x()), 2 * std::numbers::pi);
                if (h.length > kZeroLength && std::abs(kink) > kIfcHeadingWarn)
                    warnings.push_back(f.file() + ": " + h.params->name() + " starts with a heading " +
                                       num(kink) + " rad off the end of " + ref(*previous->params) +
                                       ": the track continues tangentially");
            }
            if (c.trackOf[k] >= 0) {
                previous = &h;
                previousTrack = c.trackOf[k];
            }
        }
    }

    // stationing, the "alignments" list
    for (const Chain& c : chains) {
        const StepInstance& a = *c.alignment;
        const Stationing st = stationing(f, nests, a, units, c.length, warnings);
        std::optional<double> station = st.start;
        if (!station) {
            const StepInstance* h = oneLayout(f, nests, a, "IFCALIGNMENTHORIZONTAL");
            // StartDistAlong: an attribute of IfcAlignmentHorizontal in drafts of IFC 4.3 (8 arguments)
            if (h->argCount() == 8 && !h->isUnset(7)) station = number(*h, 7) * units.length;
        }
        AlignmentSpec entry;
        entry.id = c.name;
        entry.extra["ifc"] = ref(a); // informative: the IfcAlignment it came from
        for (const int t : c.tracks)
            entry.tracks.emplace_back(spec.tracks[std::size_t(t)].id, 1);
        entry.startStation = station.value_or(0.0);
        entry.equations = st.equations;
        spec.alignmentSpecs.push_back(std::move(entry));
    }
    return result;
}

} // namespace tl
