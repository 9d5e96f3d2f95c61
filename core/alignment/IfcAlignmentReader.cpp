#include "core/alignment/IfcAlignmentReader.h"

#include "core/alignment/IfcImportContext.h"
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

namespace tl::ifcimport {

namespace {

// a coordinate to 0.1 mm (large map coordinates stay readable)
std::string coord(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.4f", x);
    return buf;
}

} // namespace

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

namespace {

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

} // namespace

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

namespace {

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

} // namespace

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

namespace {

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
    if (h.length < 0) p.fail(6, "SegmentLength must be >= 0, got " + numberText(number(p, 6)));
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
            warnings.push_back(at + ": CIRCULARARC with EndRadiusOfCurvature " + numberText(h.radiusEnd) +
                               " m != StartRadiusOfCurvature " + numberText(h.radiusStart) +
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
            p.fail(4, "a CUBIC starts straight (StartRadiusOfCurvature 0); got " + numberText(h.radiusStart) +
                          " m");
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

} // namespace tl::ifcimport

namespace tl {

using namespace ifcimport;

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
            if (!(b > 0.0)) cantLayout->fail(7, "RailHeadDistance must be > 0, got " + numberText(b));
            if (spec.railCentreDistance && std::abs(*spec.railCentreDistance - b) > 1e-9)
                cantLayout->fail(7,
                                 "RailHeadDistance " + numberText(b) + " m differs from the " +
                                     numberText(*spec.railCentreDistance) +
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
                                          ") m, " + numberText(gap) + " m from the end (" + coord(end.P.x()) +
                                          ", " + coord(end.P.y()) + ") of the previous segment " +
                                          ref(*previous->params) + " (segment " + ref(*previous->segment) +
                                          ")";
                if (gap > kIfcJoinRefuse)
                    h.params->fail(2,
                                   where + ": more than " + numberText(kIfcJoinRefuse) + " m apart, refused");
                if (gap > kIfcJoinWarn)
                    warnings.push_back(f.file() + ": " + h.params->name() + " " + where +
                                       ": the track continues from that end");
                const double kink =
                    std::remainder(h.direction - std::atan2(end.T.y(), end.T.x()), 2 * std::numbers::pi);
                if (h.length > kZeroLength && std::abs(kink) > kIfcHeadingWarn)
                    warnings.push_back(f.file() + ": " + h.params->name() + " starts with a heading " +
                                       numberText(kink) + " rad off the end of " + ref(*previous->params) +
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
