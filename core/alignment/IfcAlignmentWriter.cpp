#include "core/alignment/IfcAlignmentWriter.h"

#include "core/alignment/AlignmentFit.h"
#include "core/alignment/IfcExportContext.h"
#include "core/curves/CantProfile.h"
#include "core/curves/VerticalProfile.h"
#include "core/io/SaveFile.h"
#include "core/io/StepWriter.h"
#include "core/layout/LayoutError.h"
#include "core/units/CantUnits.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcexport {

namespace {

// A segment's name: its track's id less its alignment's "<id>/" (the prefix the importer gives a track),
// so that a layout imported, exported and imported again keeps its track ids (docs/alignments.md).
std::string segmentName(const std::string& alignment, const std::string& track) {
    const std::string prefix = alignment + "/";
    return track.size() > prefix.size() && track.compare(0, prefix.size(), prefix) == 0
               ? track.substr(prefix.size())
               : track;
}

Common writeProject(Writer& out, const std::string& projectName) {
    StepWriter& w = out.w;
    Common c;
    const std::uint64_t origin3 = w.add("IFCCARTESIANPOINT", "(0.,0.,0.)");
    c.world = w.add("IFCAXIS2PLACEMENT3D", stepRef(origin3) + ",$,$");
    c.context = w.add("IFCGEOMETRICREPRESENTATIONCONTEXT",
                      "$,'Model',3," + stepReal(1e-5) + "," + stepRef(c.world) + ",$");
    c.axisContext = w.add("IFCGEOMETRICREPRESENTATIONSUBCONTEXT",
                          "'Axis','Model',*,*,*,*," + stepRef(c.context) + ",$,.MODEL_VIEW.,$");
    const std::uint64_t metre = w.add("IFCSIUNIT", "*,.LENGTHUNIT.,$,.METRE.");
    const std::uint64_t radian = w.add("IFCSIUNIT", "*,.PLANEANGLEUNIT.,$,.RADIAN.");
    const std::uint64_t units = w.add("IFCUNITASSIGNMENT", stepList({stepRef(metre), stepRef(radian)}));
    c.project = w.add("IFCPROJECT", out.guid.next() + ",$," + stepString(projectName) + ",$,$,$,$,(" +
                                        stepRef(c.context) + ")," + stepRef(units));
    const std::uint64_t sitePlacement = w.add("IFCLOCALPLACEMENT", "$," + stepRef(c.world));
    c.site = w.add("IFCSITE",
                   out.guid.next() + ",$,'Site',$,$," + stepRef(sitePlacement) + ",$,$,.ELEMENT.,$,$,$,$,$");
    w.add("IFCRELAGGREGATES",
          out.guid.next() + ",$,$,$," + stepRef(c.project) + ",(" + stepRef(c.site) + ")");
    c.origin2 = out.point2(0.0, 0.0);
    c.xAxis2 = w.add("IFCDIRECTION", "(1.,0.)");
    c.placement2 = w.add("IFCAXIS2PLACEMENT2D", stepRef(c.origin2) + "," + stepRef(c.xAxis2));
    const std::uint64_t unitX = w.add("IFCVECTOR", stepRef(c.xAxis2) + ",1.");
    c.line = w.add("IFCLINE", stepRef(c.origin2) + "," + stepRef(unitX));
    return c;
}

std::uint64_t shape(Writer& out, const Common& c, const char* identifier, const char* type,
                    const std::vector<std::uint64_t>& items) {
    std::vector<std::string> refs;
    for (const std::uint64_t i : items)
        refs.push_back(stepRef(i));
    return out.w.add("IFCSHAPEREPRESENTATION", stepRef(c.axisContext) + "," + stepString(identifier) + "," +
                                                   stepString(type) + "," + stepList(refs));
}

std::uint64_t shape(Writer& out, const Common& c, const char* identifier, const char* type,
                    std::uint64_t item) {
    return shape(out, c, identifier, type, std::vector<std::uint64_t>{item});
}

struct HorizontalLayout {
    std::uint64_t layout = 0;
    std::uint64_t curve = 0; // IfcCompositeCurve, 0 = not written
    double length = 0.0;     // [m]
    double height = 0.0;     // [m] z of the first track's start
};

// IfcAlignmentHorizontal with its segments (and the closing zero-length one) nested in order.
HorizontalLayout writeHorizontal(Writer& out, const Common& c, const Layout& layout, const Chain& chain,
                                 const ChainContent& content, std::size_t& segmentCount) {
    StepWriter& w = out.w;
    std::vector<HorizontalSegment> segs = content.horizontal;
    HorizontalLayout result;
    result.height = segs.front().start.z();
    // the closing segment: zero length at the end of the last one, in its end direction
    {
        const Piece& p = chain.pieces.back();
        const std::size_t t = std::size_t(p.track);
        const TwistedFrame e = layout.frameInWorld(t, p.dir > 0 ? layout.track(t).length() : 0.0);
        const Vec3 T = p.dir > 0 ? e.F.T : Vec3(-e.F.T);
        HorizontalSegment end;
        end.type = "LINE";
        end.start = e.F.P;
        end.direction = std::atan2(T.y(), T.x());
        segs.push_back(end);
    }
    std::vector<std::uint64_t> segments, curveSegmentIds;
    bool geometry = true;
    for (std::size_t k = 0; k < segs.size(); ++k) {
        const HorizontalSegment& h = segs[k];
        const bool last = k + 1 == segs.size();
        const std::uint64_t start = out.point2(h.start.x(), h.start.y());
        const std::uint64_t params =
            w.add("IFCALIGNMENTHORIZONTALSEGMENT",
                  "$,$," + stepRef(start) + "," + stepReal(h.direction) + "," + stepReal(h.radiusStart) +
                      "," + stepReal(h.radiusEnd) + "," + stepReal(h.length) + "," +
                      (h.gravityCentreHeight ? stepReal(*h.gravityCentreHeight) : std::string("$")) + "," +
                      stepEnum(h.type));
        std::string representation = "$";
        if (const std::vector<std::uint64_t> cs = curveSegments(out, c, h, last); !cs.empty()) {
            curveSegmentIds.insert(curveSegmentIds.end(), cs.begin(), cs.end());
            const std::uint64_t rep = shape(out, c, "Axis", "Segment", cs);
            representation = stepRef(w.add("IFCPRODUCTDEFINITIONSHAPE", "$,$,(" + stepRef(rep) + ")"));
        } else {
            geometry = false;
        }
        segments.push_back(w.add("IFCALIGNMENTSEGMENT",
                                 out.guid.next() + ",$," +
                                     (last ? std::string("$") : stepString(segmentName(chain.id, h.name))) +
                                     ",$,$,$," + representation + "," + stepRef(params)));
        result.length += h.length;
        if (!last) ++segmentCount;
    }
    result.layout = w.add("IFCALIGNMENTHORIZONTAL", out.guid.next() + ",$,$,$,$,$,$");
    out.nests(result.layout, segments, "Horizontal segments");
    if (geometry) {
        std::vector<std::string> refs;
        for (const std::uint64_t cs : curveSegmentIds)
            refs.push_back(stepRef(cs));
        result.curve = w.add("IFCCOMPOSITECURVE", stepList(refs) + ",.F.");
    }
    return result;
}

struct VerticalLayout {
    std::uint64_t layout = 0;
    std::uint64_t curve = 0; // IfcGradientCurve on the horizontal's composite curve, 0 = not written
};

const char* verticalType(VerticalPieceSpec::Type t) {
    using T = VerticalPieceSpec::Type;
    switch (t) {
    case T::ConstantGradient:
        return "CONSTANTGRADIENT";
    case T::CircularArc:
        return "CIRCULARARC";
    case T::ParabolicArc:
        return "PARABOLICARC";
    case T::Clothoid:
        return "CLOTHOID";
    }
    return "";
}

// RadiusOfCurvature of a vertical segment: an arc's radius (as given, else from its gradients), else unset.
std::string verticalRadius(const VerticalPieceSpec& p) {
    using T = VerticalPieceSpec::Type;
    const double dg = p.endGradient - p.startGradient;
    if (p.type == T::ParabolicArc)
        return stepReal(p.radius != 0.0 ? std::abs(p.radius) : p.length / std::abs(dg));
    if (p.type == T::CircularArc) {
        const double k =
            (std::sin(std::atan(p.endGradient)) - std::sin(std::atan(p.startGradient))) / p.length;
        return stepReal(p.radius != 0.0 ? std::abs(p.radius) : 1.0 / std::abs(k));
    }
    return "$";
}

// IfcAlignmentVertical: the chain's vertical pieces and the closing zero-length one. The geometry (an
// IfcGradientCurve of IfcCurveSegments in the (distance along, height) plane, verticalCurve) is written when
// the horizontal has its geometry (its IfcCompositeCurve is the BaseCurve) and every piece can be evaluated.
VerticalLayout writeVertical(Writer& out, const Common& c, const HorizontalLayout& h,
                             const ChainContent& content) {
    StepWriter& w = out.w;
    VerticalLayout result;
    std::vector<VerticalPieceSpec> pieces = content.vertical;
    {
        // the closing segment: the end height and gradient
        const VerticalPieceSpec& last = pieces.back();
        double z = last.startHeight + last.startGradient * last.length;
        try {
            z = VerticalProfile(pieces, content.length).at(content.length).z;
        } catch (const std::invalid_argument&) {
            // (a profile the importer refuses as well; the last piece's straight continuation)
        }
        VerticalPieceSpec end = levelPiece(content.length, 0.0, z);
        end.startGradient = end.endGradient = last.endGradient;
        pieces.push_back(end);
    }
    bool geometry = h.curve != 0;
    for (const VerticalPieceSpec& p : pieces) {
        if (!geometry || p.length == 0.0) continue;
        try {
            VerticalPieceSpec q = p;
            q.from = 0.0;
            (void)VerticalProfile({q}, q.length);
            if (p.type == VerticalPieceSpec::Type::Clothoid) (void)clothoidEnd(p);
        } catch (const std::invalid_argument&) {
            geometry = false; // (its warning: exportIfcAlignments)
        }
    }
    std::vector<std::uint64_t> segments, curveSegments;
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const VerticalPieceSpec& p = pieces[k];
        const bool last = k + 1 == pieces.size();
        const std::uint64_t params =
            w.add("IFCALIGNMENTVERTICALSEGMENT",
                  "$,$," + stepReal(p.from) + "," + stepReal(p.length) + "," + stepReal(p.startHeight) + "," +
                      stepReal(p.startGradient) + "," + stepReal(p.endGradient) + "," + verticalRadius(p) +
                      "," + stepEnum(verticalType(p.type)));
        std::string representation = "$";
        if (geometry) {
            if (const std::optional<VerticalCurve> vc = verticalCurve(out, c, p)) {
                // in the (distance along, height) plane, heading (1, startGradient) normalised
                const std::uint64_t at = out.placement2(p.from, p.startHeight, std::atan(p.startGradient));
                const std::uint64_t cs =
                    w.add("IFCCURVESEGMENT", std::string(last ? ".DISCONTINUOUS." : ".CONTSAMEGRADIENT.") +
                                                 "," + stepRef(at) + "," + out.length(vc->start) + "," +
                                                 out.length(vc->length) + "," + stepRef(vc->parent));
                curveSegments.push_back(cs);
                const std::uint64_t rep = shape(out, c, "Axis", "Segment", cs);
                representation = stepRef(w.add("IFCPRODUCTDEFINITIONSHAPE", "$,$,(" + stepRef(rep) + ")"));
            } else {
                geometry = false; // (checked above: not reached)
            }
        }
        segments.push_back(w.add("IFCALIGNMENTSEGMENT",
                                 out.guid.next() + ",$,$,$,$,$," + representation + "," + stepRef(params)));
    }
    result.layout = w.add("IFCALIGNMENTVERTICAL", out.guid.next() + ",$,$,$,$,$,$");
    out.nests(result.layout, segments, "Vertical segments");
    if (geometry) {
        std::vector<std::string> refs;
        for (const std::uint64_t cs : curveSegments)
            refs.push_back(stepRef(cs));
        result.curve = w.add("IFCGRADIENTCURVE", stepList(refs) + ",.F.," + stepRef(h.curve) + ",$");
    }
    return result;
}

const char* cantType(CantSegmentSpec::Type t) {
    using T = CantSegmentSpec::Type;
    switch (t) {
    case T::Constant:
        return "CONSTANTCANT";
    case T::Linear:
        return "LINEARTRANSITION";
    case T::Bloss:
        return "BLOSSCURVE";
    case T::Helmert:
        return "HELMERTCURVE";
    case T::Cosine:
        return "COSINECURVE";
    case T::Sine:
        return "SINECURVE";
    case T::VienneseBend:
        return "VIENNESEBEND";
    }
    return "";
}

// IfcAlignmentCant (RailHeadDistance b): the chain's cant segments, left and right as the tracks have them,
// and the closing zero-length one; no geometry (IfcSegmentedReferenceCurve) is written. 0 when the chain
// has no cant.
std::uint64_t writeCant(Writer& out, const ChainContent& content, double b) {
    if (content.cant.empty()) return 0;
    StepWriter& w = out.w;
    std::vector<CantSegmentSpec> segs = content.cant;
    {
        const CantSegmentSpec& last = segs.back();
        CantSegmentSpec end = noCant(content.length, 0.0);
        end.startCantLeft = end.endCantLeft = last.endCantLeft;
        end.startCantRight = end.endCantRight = last.endCantRight;
        segs.push_back(end);
    }
    std::vector<std::uint64_t> segments;
    for (const CantSegmentSpec& s : segs) {
        const std::uint64_t params =
            w.add("IFCALIGNMENTCANTSEGMENT", "$,$," + stepReal(s.from) + "," + stepReal(s.length) + "," +
                                                 stepReal(s.startCantLeft) + "," + stepReal(s.endCantLeft) +
                                                 "," + stepReal(s.startCantRight) + "," +
                                                 stepReal(s.endCantRight) + "," + stepEnum(cantType(s.type)));
        segments.push_back(w.add("IFCALIGNMENTSEGMENT", out.guid.next() + ",$,$,$,$,$,$," + stepRef(params)));
    }
    const std::uint64_t layout = w.add("IFCALIGNMENTCANT", out.guid.next() + ",$,$,$,$,$,$," + stepReal(b));
    out.nests(layout, segments, "Cant segments");
    return layout;
}

// A station referent: an IfcReferent (.STATION.) at horizontal distance `along` with Pset_Stationing.Station
// and, for a station equation, IncomingStation (the station counted to it). Placed by an IfcLinearPlacement
// on basisCurve; without a curve the start referent has no placement (the importer takes it to be at the
// start) and an equation's IfcPointByDistanceExpression has no BasisCurve ($), which the importer reads for
// its DistanceAlong (docs/alignments.md, "Export").
std::uint64_t writeStation(Writer& out, double station, std::optional<double> incoming, double along,
                           std::uint64_t basisCurve) {
    StepWriter& w = out.w;
    std::string placement = "$";
    if (basisCurve || incoming) {
        const std::uint64_t point =
            w.add("IFCPOINTBYDISTANCEEXPRESSION",
                  out.length(along) + ",$,$,$," + (basisCurve ? stepRef(basisCurve) : std::string("$")));
        const std::uint64_t axis = w.add("IFCAXIS2PLACEMENTLINEAR", stepRef(point) + ",$,$");
        placement = stepRef(w.add("IFCLINEARPLACEMENT", "$," + stepRef(axis) + ",$"));
    }
    char name[48];
    std::snprintf(name, sizeof name, "%.3f", station);
    const std::uint64_t referent = w.add("IFCREFERENT", out.guid.next() + ",$," + stepString(name) + ",$,$," +
                                                            placement + ",$,.STATION.");
    std::vector<std::string> values = {
        stepRef(w.add("IFCPROPERTYSINGLEVALUE", "'Station',$," + out.length(station) + ",$"))};
    if (incoming)
        values.push_back(
            stepRef(w.add("IFCPROPERTYSINGLEVALUE", "'IncomingStation',$," + out.length(*incoming) + ",$")));
    const std::uint64_t set =
        w.add("IFCPROPERTYSET", out.guid.next() + ",$,'Pset_Stationing',$," + stepList(values));
    w.add("IFCRELDEFINESBYPROPERTIES",
          out.guid.next() + ",$,$,$,(" + stepRef(referent) + ")," + stepRef(set));
    return referent;
}

// The referents of a chain: the start station at distance 0, then one per station equation.
std::vector<std::uint64_t> writeStations(Writer& out, const Chain& chain, std::uint64_t basisCurve) {
    std::vector<std::uint64_t> referents = {
        writeStation(out, chain.startStation, std::nullopt, 0.0, basisCurve)};
    double d0 = 0.0, s0 = chain.startStation; // the running stretch
    for (const auto& [d, station] : chain.equations) {
        referents.push_back(writeStation(out, station, s0 + (d - d0), d, basisCurve));
        d0 = d;
        s0 = station;
    }
    return referents;
}

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    return buf;
}
} // namespace

} // namespace tl::ifcexport

namespace tl {

using namespace ifcexport;

IfcExport exportIfcAlignments(const Layout& layout, const IfcExportOptions& options) {
    const std::string file = options.layoutFile.empty() ? "<memory>" : options.layoutFile;
    IfcExport result;
    const std::vector<AlignmentSpec>& listed = layout.spec().alignmentSpecs;
    Context ctx{layout, file, options, railCentreDistance(layout.spec()), {}, {}, {}};
    // the chains and what they write; again when a track's exact profiles turn out not to join its
    // neighbours (it is fitted or refused then)
    std::vector<Chain> chains;
    std::vector<ChainContent> contents;
    for (std::size_t round = 0; round <= layout.trackCount(); ++round) {
        std::vector<std::string> warnings;
        chains = !listed.empty() ? listedChains(ctx, listed, warnings) : connectedChains(ctx, warnings);
        contents.clear();
        bool again = false;
        for (const Chain& chain : chains) {
            auto content = chainContent(ctx, chain);
            if (!content) {
                again = true;
                break;
            }
            contents.push_back(std::move(*content));
        }
        if (!again) {
            result.warnings = std::move(warnings);
            break;
        }
    }
    if (contents.size() != chains.size())
        throw LayoutError(file, "",
                          "the IFC export did not settle which tracks are exact (an internal error)");
    // the fitted tracks, each by name with its deviation
    for (const Chain& chain : chains)
        for (const Piece& p : chain.pieces)
            if (const AlignmentFit* f = fitted(ctx, p)) {
                const std::string& id = layout.track(std::size_t(p.track)).id();
                const auto why = exactRefusal(ctx, std::size_t(p.track), p.dir);
                result.warnings.push_back(file + ": track '" + id + "' has no exact IFC 4.3 form (" + *why +
                                          "): exported fitted as " + std::to_string(f->horizontal.size()) +
                                          " horizontal segment(s), worst deviation " +
                                          numberText(f->worstPosition) + " m in position and " +
                                          numberText(f->worstBank) + " rad in bank");
                result.fitted.push_back({id, f->horizontal.size(), f->worstPosition, f->worstBank});
            }
    if (chains.empty()) {
        std::string why;
        for (const std::string& w : result.warnings)
            why += (why.empty() ? "" : "; ") + w.substr(file.size() + 2);
        throw LayoutError(file, !listed.empty() ? "/alignments" : "",
                          "nothing to export: no ground track with an exact or fitted IFC 4.3 form" +
                              (why.empty() ? std::string() : " (" + why + ")"));
    }
    std::uint64_t seed = 0;
    if (options.guidSeed) {
        seed = *options.guidSeed;
    } else {
        std::random_device rd;
        seed = (std::uint64_t(rd()) << 32) ^ rd();
    }
    Writer out{StepWriter{}, GuidSource(seed)};
    const Common c = writeProject(out, "TrackLab layout");
    std::vector<std::uint64_t> alignments;
    for (std::size_t k = 0; k < chains.size(); ++k) {
        const Chain& chain = chains[k];
        const HorizontalLayout h = writeHorizontal(out, c, layout, chain, contents[k], result.segments);
        const VerticalLayout v = writeVertical(out, c, h, contents[k]);
        const std::uint64_t cant = writeCant(out, contents[k], ctx.railHeadDistance);
        std::string representation = "$";
        if (h.curve) {
            const std::uint64_t foot = shape(out, c, "FootPrint", "Curve2D", h.curve);
            std::string items = stepRef(foot);
            if (v.curve) {
                items += "," + stepRef(shape(out, c, "Axis", "Curve3D", v.curve));
            } else {
                result.warnings.push_back(
                    file + ": alignment '" + chain.id +
                    "' is written without its 3D axis (IfcGradientCurve): a piece of its "
                    "vertical layout cannot be evaluated");
            }
            representation = stepRef(out.w.add("IFCPRODUCTDEFINITIONSHAPE", "$,$,(" + items + ")"));
        } else {
            result.warnings.push_back(
                file + ": alignment '" + chain.id +
                "' is written without its geometry (IfcCompositeCurve): cosine and sine transitions (and a "
                "Viennese bend whose only change of curvature is its cant term) have no parent curve in this "
                "export (docs/alignments.md, \"Export\")");
        }
        const std::uint64_t placement = out.w.add("IFCLOCALPLACEMENT", "$," + stepRef(c.world));
        const std::uint64_t a =
            out.w.add("IFCALIGNMENT", out.guid.next() + ",$," + stepString(chain.id) + ",$,$," +
                                          stepRef(placement) + "," + representation + ",.NOTDEFINED.");
        std::vector<std::uint64_t> layouts = {h.layout, v.layout};
        if (cant) layouts.push_back(cant);
        out.nests(a, layouts, "Layouts");
        out.nests(a, writeStations(out, chain, v.curve ? v.curve : h.curve), "Referents");
        alignments.push_back(a);
        result.alignments.push_back(chain.id);
    }
    std::vector<std::string> refs;
    for (const std::uint64_t a : alignments)
        refs.push_back(stepRef(a));
    out.w.add("IFCRELAGGREGATES", out.guid.next() + ",$,$,$," + stepRef(c.project) + "," + stepList(refs));
    out.w.add("IFCRELREFERENCEDINSPATIALSTRUCTURE",
              out.guid.next() + ",$,$,$," + stepList(refs) + "," + stepRef(c.site));
    const std::vector<std::string> description = {
        "ViewDefinition [Alignment-based Reference View]",
        "TrackLab layout " + file + ": " + std::to_string(result.alignments.size()) + " alignments, " +
            std::to_string(result.segments) +
            " horizontal segments; switches, trains, vehicles and drive sections are not exported"};
    result.text =
        out.w.text(description, options.name, options.timeStamp.empty() ? utcNow() : options.timeStamp,
                   "IFC4X3_ADD2", "TrackLab");
    return result;
}

IfcExport writeIfcAlignments(const Layout& layout, const std::filesystem::path& out,
                             IfcExportOptions options) {
    if (options.name.empty()) options.name = out.filename().string();
    IfcExport result = exportIfcAlignments(layout, options);
    saveFile(out, result.text);
    return result;
}

} // namespace tl
