#include "core/alignment/IfcAlignmentReader.h"

#include "core/alignment/IfcUnits.h"
#include "core/io/StepError.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"

#include <Eigen/Geometry>

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

CurveSpec horizontalCurve(const HorizontalSegment& h, std::vector<std::string>& warnings) {
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
            warnings.push_back(at +
                               ": VIENNESEBEND imported without its cant term (cantStart = cantEnd = 0): the "
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

// The start station: the first nested IfcReferent with Pset_Stationing.Station, less its distance along
// (IfcLinearPlacement / IfcAxis2PlacementLinear / IfcPointByDistanceExpression) when it has one.
std::optional<double> startStation(const StepFile& f,
                                   const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                                   const StepInstance& alignment, const IfcUnits& u,
                                   std::vector<std::string>& warnings) {
    const auto referents = children(f, nests, alignment, "IFCREFERENT");
    if (referents.empty()) return std::nullopt;
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
    for (const StepInstance* referent : referents) {
        const auto it = psets.find(referent->id());
        if (it == psets.end()) continue;
        for (const StepInstance* set : it->second) {
            set->expectArgCount(5); // GlobalId, OwnerHistory, Name, Description, HasProperties
            if (set->isUnset(2) || set->string(2) != "Pset_Stationing") continue;
            const std::vector<StepValue>& props = set->list(4);
            for (std::size_t k = 0; k < props.size(); ++k) {
                const StepInstance& prop =
                    f.target(*set, props[k], StepInstance::where(StepInstance::where(4), k));
                if (prop.type() != "IFCPROPERTYSINGLEVALUE") continue;
                prop.expectArgCount(4); // Name, Specification, NominalValue, Unit
                if (prop.string(0) != "Station" || prop.isUnset(2)) continue;
                const double station = number(prop, 2) * u.length;
                // where the referent is: its distance along the alignment
                referent->expectArgCount(8); // ..., ObjectPlacement, Representation, PredefinedType
                double along = 0.0;
                bool placed = false;
                if (!referent->isUnset(5)) {
                    const StepInstance& pl = f.target(*referent, 5);
                    if (pl.type() == "IFCLINEARPLACEMENT") {
                        pl.expectArgCount(3); // PlacementRelTo, RelativePlacement, CartesianPosition
                        const StepInstance& ax = f.target(pl, 1, "IFCAXIS2PLACEMENTLINEAR");
                        ax.expectArgCount(3); // Location, Axis, RefDirection
                        const StepInstance& pt = f.target(ax, 0, "IFCPOINTBYDISTANCEEXPRESSION");
                        pt.expectArgCount(5); // DistanceAlong, OffsetLateral, OffsetVertical, ...
                        along = number(pt, 0) * u.length;
                        placed = true;
                    }
                }
                if (!placed)
                    warnings.push_back(f.file() + ": " + referent->name() + " (station " + num(station) +
                                       " m) has no IfcLinearPlacement: taken to be at the alignment's start");
                return station - along;
            }
        }
    }
    return std::nullopt;
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
        // segment names, used as track labels where present and unique
        std::map<std::string, int> nameCount;
        for (const HorizontalSegment& h : chain.horizontal)
            ++nameCount[optionalString(*h.segment, 2)];
        for (std::size_t k = 0; k < chain.horizontal.size(); ++k) {
            const HorizontalSegment& h = chain.horizontal[k];
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
            t.curve = horizontalCurve(h, warnings);
            t.frame = TrackFrame::Up;
            if (chain.tracks.empty()) {
                t.placement.pose.position = h.start;
                t.placement.pose.rotation = Quat(Eigen::AngleAxisd(h.direction, Vec3::UnitZ()));
            } else {
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

    // vertical and cant layouts, stationing, the "alignments" list
    for (const Chain& c : chains) {
        const StepInstance& a = *c.alignment;
        TrackSpec& first = spec.tracks[std::size_t(c.tracks.front())];
        if (const StepInstance* v = oneLayout(f, nests, a, "IFCALIGNMENTVERTICAL")) {
            const auto profile = readProfile(f, nests, *v, true, units, c.length);
            if (!profile.empty() && profile.front().startDistAlong <= kProfileGap)
                first.placement.pose.position.z() = profile.front().json["startHeight"].get<double>();
            bool allLines = true;
            for (const int t : c.tracks)
                allLines = allLines && spec.tracks[std::size_t(t)].curve.type == "line";
            const bool single = profile.size() == 1 && profile.front().json["type"] == "CONSTANTGRADIENT" &&
                                profile.front().startDistAlong <= kProfileGap &&
                                profile.front().horizontalLength >= c.length - kProfileGap;
            // a level profile (gradient 0) is exact on any curve: the tracks stay level at StartHeight
            const bool level = single && profile.front().json["startGradient"].get<double>() == 0.0 &&
                               profile.front().json["endGradient"].get<double>() == 0.0;
            if (single && (allLines || level)) {
                const double g = profile.front().json["startGradient"].get<double>();
                const double g1 = profile.front().json["endGradient"].get<double>();
                if (g1 != g)
                    warnings.push_back(
                        f.file() + ": " + profile.front().params->name() +
                        ": CONSTANTGRADIENT with EndGradient != StartGradient: StartGradient used");
                const double pitch = std::atan(g);
                first.placement.pose.rotation =
                    first.placement.pose.rotation * Quat(Eigen::AngleAxisd(-pitch, Vec3::UnitY()));
                for (const int t : c.tracks)
                    spec.tracks[std::size_t(t)].curve.params["length"] *= std::sqrt(1 + g * g);
            } else if (!profile.empty()) {
                Json j = Json::array();
                for (const ProfileSegment& s : profile)
                    j.push_back(s.json);
                first.extra["ifcVertical"] = j;
                warnings.push_back(f.file() + ": the vertical layout " + v->name() + " of '" + c.name +
                                   "' (" + std::to_string(profile.size()) + " segments) is kept in track '" +
                                   first.id +
                                   "' under \"ifcVertical\" but NOT applied: the tracks are level at z = " +
                                   num(first.placement.pose.position.z()) +
                                   " m (TrackLab has no track type with a vertical profile over horizontal "
                                   "distance yet)");
            }
        }
        if (const StepInstance* cant = oneLayout(f, nests, a, "IFCALIGNMENTCANT")) {
            cant->expectArgCount(8); // ..., Representation, RailHeadDistance
            const auto profile = readProfile(f, nests, *cant, false, units, c.length);
            if (!profile.empty()) {
                Json j = Json::object();
                j["railHeadDistance"] = number(*cant, 7) * units.length;
                j["segments"] = Json::array();
                for (const ProfileSegment& s : profile)
                    j["segments"].push_back(s.json);
                first.extra["ifcCant"] = j;
                warnings.push_back(f.file() + ": the cant layout " + cant->name() + " of '" + c.name + "' (" +
                                   std::to_string(profile.size()) + " segments) is kept in track '" +
                                   first.id + "' under \"ifcCant\" but NOT applied (no twist is set)");
            }
        }
        std::optional<double> station = startStation(f, nests, a, units, warnings);
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
        spec.alignmentSpecs.push_back(std::move(entry));
    }
    return result;
}

} // namespace tl
