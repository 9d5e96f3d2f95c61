#include "core/alignment/IfcImportContext.h"

#include "core/curves/CantProfile.h"
#include "core/curves/ProfileError.h"
#include "core/curves/VerticalProfile.h"
#include "core/layout/AlignmentCurveSpec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcimport {

namespace {

constexpr double kProfileGap = 1e-3; // [m] vertical/cant segments: a gap or overlap larger is refused

} // namespace

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
        if (s.horizontalLength < 0)
            p->fail(3, "HorizontalLength must be >= 0, got " + numberText(number(*p, 3)));
        if (previous && std::abs(s.startDistAlong - previousEnd) > kProfileGap)
            p->fail(2, "StartDistAlong " + numberText(s.startDistAlong) + " m: the previous segment " +
                           ref(*previous) + " ends at " + numberText(previousEnd) +
                           " m (segments must be contiguous to 1 mm)");
        const double end = s.startDistAlong + s.horizontalLength;
        if (end > horizontalLength + kProfileGap)
            p->fail(3, std::string(vertical ? "the vertical" : "the cant") + " layout runs to " +
                           numberText(end) + " m, beyond the horizontal layout's length " +
                           numberText(horizontalLength) + " m");
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

namespace {

double jsonNumber(const Json& j, const char* key, double fallback) {
    return j.contains(key) ? j[key].get<double>() : fallback;
}

} // namespace

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
        warnings.push_back(file + ": the vertical layout " + layout.name() + " starts at " +
                           numberText(first.from) + " m: its first gradient is continued back to the start");
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
        warnings.push_back(file + ": the vertical layout " + layout.name() + " ends at " + numberText(end) +
                           " m, before the horizontal's " + numberText(length) +
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
        warnings.push_back(file + ": the cant layout " + layout.name() + " starts at " +
                           numberText(first.from) + " m: its first cants hold before it");
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
        warnings.push_back(file + ": the cant layout " + layout.name() + " ends at " + numberText(end) +
                           " m, before the horizontal's " + numberText(length) +
                           " m: its last cants hold after it");
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

} // namespace tl::ifcimport
