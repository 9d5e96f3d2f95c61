#include "core/alignment/IfcAlignmentWriter.h"

#include "core/alignment/IfcAlignmentReader.h"
#include "core/io/SaveFile.h"
#include "core/io/StepWriter.h"
#include "core/layout/LayoutError.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <numbers>
#include <random>
#include <set>
#include <utility>

namespace tl {

namespace {

constexpr double kLevel = 1e-9;       // [rad] / [-]: a start tangent or plane tilted more is not level
constexpr double kLevelHeight = 1e-6; // [m] ends whose heights differ more: not level
constexpr double kBank = 1e-9;        // [rad] a bank larger than this somewhere: banked

std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

// TrackLab curve type -> IfcAlignmentHorizontalSegmentTypeEnum (docs/alignments.md)
const std::map<std::string, std::string>& segmentTypes() {
    static const std::map<std::string, std::string> kTypes = {
        {"line", "LINE"},        {"arc", "CIRCULARARC"},           {"clothoid", "CLOTHOID"},
        {"bloss", "BLOSSCURVE"}, {"helmert", "HELMERTCURVE"},      {"cosine", "COSINECURVE"},
        {"sine", "SINECURVE"},   {"vienneseBend", "VIENNESEBEND"}, {"cubic", "CUBIC"}};
    return kTypes;
}

double param(const CurveSpec& c, const char* key, double fallback = 0.0) {
    const auto it = c.params.find(key);
    return it == c.params.end() ? fallback : it->second;
}

// A track in its direction of travel along an alignment.
struct Piece {
    int track = 0;
    int dir = +1; // +1: from its start to its end; -1: from its end to its start
};

// One IfcAlignmentHorizontalSegment, in SI and world coordinates, in the direction of travel.
struct HorizontalSegment {
    std::string name;                          // the track id
    std::string type;                          // PredefinedType
    Vec3 start = Vec3::Zero();                 // [m] world (z: the track's height)
    double direction = 0.0;                    // [rad] counter-clockwise from +x
    double radiusStart = 0.0;                  // [m] signed, > 0 turns left, 0 = straight
    double radiusEnd = 0.0;                    // [m]
    double length = 0.0;                       // [m]
    std::optional<double> gravityCentreHeight; // [m] Viennese bend only
};

struct Chain {
    std::string id;
    double startStation = 0.0; // [m]
    std::vector<Piece> pieces;
};

// The sign of the turn of the track's curve seen from above: +1 when the curve's local +z is world +z.
double sideOf(const Track& t) {
    return (t.placement().linear() * Vec3::UnitZ()).z();
}

// Why a track cannot be exported travelled in direction dir, or nullopt.
std::optional<std::string> refusal(const Layout& layout, std::size_t t, int dir) {
    const Track& track = layout.track(t);
    const TrackSpec& spec = layout.spec().tracks[t];
    if (!track.onGround()) return "it is on the moving body '" + track.body() + "'";
    if (!segmentTypes().count(spec.curve.type))
        return "its curve type '" + spec.curve.type +
               "' has no IFC 4.3 horizontal segment (exported: line, arc, clothoid, bloss, helmert, cosine, "
               "sine, "
               "vienneseBend, cubic)";
    const double L = track.length();
    const TwistedFrame a = layout.frameInWorld(t, 0.0), b = layout.frameInWorld(t, L);
    if (std::abs(a.F.T.z()) > kLevel)
        return "it is not level: its start tangent rises by " + num(std::asin(a.F.T.z())) + " rad";
    if (spec.curve.type != "line" && std::abs(std::abs(sideOf(track)) - 1.0) > kLevel)
        return "it is not level: its curve's plane is tilted";
    if (std::abs(b.F.P.z() - a.F.P.z()) > kLevelHeight)
        return "it is not level: its ends differ in height by " + num(b.F.P.z() - a.F.P.z()) + " m";
    for (int k = 0; k <= 8; ++k) {
        const double s = L * k / 8.0;
        const double bank = track.bank(s).wt;
        if (std::abs(bank) > kBank || track.upsideDown(s))
            return "it is banked (" + num(bank) + " rad at s = " + num(s) +
                   " m): IFC cant layouts are not exported yet";
    }
    if (spec.curve.type == "vienneseBend" &&
        (param(spec.curve, "cantStart") != 0.0 || param(spec.curve, "cantEnd") != 0.0))
        return "its Viennese bend has a cant term (cantStart/cantEnd): IFC cant layouts are not exported yet";
    if (spec.curve.type == "cubic" && dir < 0 && param(spec.curve, "radiusEnd") != 0.0)
        return "it is a cubic travelled backwards, which ends straight: IFC's CUBIC must start straight";
    return std::nullopt;
}

HorizontalSegment horizontal(const Layout& layout, const Piece& p) {
    const std::size_t t = std::size_t(p.track);
    const Track& track = layout.track(t);
    const CurveSpec& c = layout.spec().tracks[t].curve;
    HorizontalSegment h;
    h.name = track.id();
    h.type = segmentTypes().at(c.type);
    const TwistedFrame f = layout.frameInWorld(t, p.dir > 0 ? 0.0 : track.length());
    const Vec3 T = p.dir > 0 ? f.F.T : Vec3(-f.F.T);
    h.start = f.F.P;
    h.direction = std::atan2(T.y(), T.x());
    // turning left in the direction of travel seen from above: > 0
    const double sign = (sideOf(track) < 0 ? -1.0 : 1.0) * p.dir;
    double r0 = 0.0, r1 = 0.0;
    if (c.type == "line") {
        h.length = param(c, "length");
    } else if (c.type == "arc") {
        const double r = param(c, "radius"), angle = param(c, "angle");
        h.length = r * std::abs(angle);
        r0 = r1 = (angle < 0 ? -r : r);
    } else if (c.type == "clothoid") {
        h.length = param(c, "length");
        const double k0 = param(c, "curvatureStart"), k1 = param(c, "curvatureEnd");
        r0 = k0 == 0.0 ? 0.0 : 1.0 / k0;
        r1 = k1 == 0.0 ? 0.0 : 1.0 / k1;
    } else { // the transitions and the cubic: signed radii as in IFC
        h.length = param(c, "length");
        r0 = param(c, "radiusStart");
        r1 = param(c, "radiusEnd");
        if (c.type == "vienneseBend" && c.params.count("gravityCentreHeight"))
            h.gravityCentreHeight = param(c, "gravityCentreHeight");
    }
    if (p.dir < 0) std::swap(r0, r1);
    h.radiusStart = sign * r0 + 0.0; // (+0.0: no "-0.")
    h.radiusEnd = sign * r1 + 0.0;
    return h;
}

double travelledLength(const Layout& layout, const Piece& p) {
    return layout.track(std::size_t(p.track)).length();
}

// Splits a list of pieces into chains that the importer rebuilds: refused tracks are left out (a warning
// each), and a chain ends where the next track does not start on the previous end, tangentially.
void splitInto(const Layout& layout, const std::string& file, const std::string& id, double startStation,
               const std::vector<Piece>& pieces, std::vector<Chain>& out, std::vector<std::string>& warnings,
               std::set<int>& warned) {
    double along = 0.0; // distance along the list [m]
    int part = 0;
    Chain current;
    const auto close = [&] {
        if (current.pieces.empty()) return;
        current.id = part == 0 ? id : id + " (" + std::to_string(part + 1) + ")";
        ++part;
        out.push_back(std::move(current));
        current = Chain{};
    };
    for (const Piece& p : pieces) {
        const std::size_t t = std::size_t(p.track);
        if (const auto why = refusal(layout, t, p.dir)) {
            if (warned.insert(p.track).second)
                warnings.push_back(file + ": track '" + layout.track(t).id() + "' is not exported: " + *why);
            close();
        } else {
            if (!current.pieces.empty()) {
                const HorizontalSegment prev = horizontal(layout, current.pieces.back());
                const Piece& q = current.pieces.back();
                const std::size_t u = std::size_t(q.track);
                const TwistedFrame e = layout.frameInWorld(u, q.dir > 0 ? layout.track(u).length() : 0.0);
                const Vec3 T = q.dir > 0 ? e.F.T : Vec3(-e.F.T);
                const HorizontalSegment h = horizontal(layout, p);
                const double gap = (h.start - e.F.P).norm();
                const double kink =
                    std::remainder(h.direction - std::atan2(T.y(), T.x()), 2 * std::numbers::pi);
                if (gap > kIfcJoinWarn || std::abs(kink) > kIfcHeadingWarn) {
                    warnings.push_back(file + ": track '" + h.name + "' does not continue '" + prev.name +
                                       "' (" + num(gap) + " m apart, heading " + num(kink) +
                                       " rad off): a new alignment starts there");
                    close();
                }
            }
            if (current.pieces.empty()) current.startStation = startStation + along;
            current.pieces.push_back(p);
        }
        along += travelledLength(layout, p);
    }
    close();
}

// The chains of the layout's "alignments" list (docs/alignments.md; checked when the layout compiled:
// core/layout/Alignment.h).
std::vector<Chain> listedChains(const Layout& layout, const std::string& file,
                                const std::vector<AlignmentSpec>& list, std::vector<std::string>& warnings) {
    std::vector<Chain> out;
    std::set<int> warned;
    for (const AlignmentSpec& a : list) {
        std::vector<Piece> pieces;
        for (const auto& [track, direction] : a.tracks)
            pieces.push_back({layout.trackIndex(track), direction});
        splitInto(layout, file, a.id, a.startStation, pieces, out, warnings, warned);
    }
    return out;
}

// Every maximal chain of exportable tracks joined by connections, seeded in layout order.
std::vector<Chain> connectedChains(const Layout& layout, const std::string& file,
                                   std::vector<std::string>& warnings) {
    const std::size_t n = layout.trackCount();
    std::vector<std::optional<std::string>> why(n);
    for (std::size_t t = 0; t < n; ++t) {
        why[t] = refusal(layout, t, +1);
        if (why[t])
            warnings.push_back(file + ": track '" + layout.track(t).id() + "' is not exported: " + *why[t]);
    }
    // the end each track end is joined to by a connection (switch ends stay open: a switch ends a chain)
    std::map<std::pair<int, TrackEnd>, std::pair<int, TrackEnd>> joined;
    for (const Connection& c : layout.connections()) {
        joined[{c.a.track, c.a.end}] = {c.b.track, c.b.end};
        joined[{c.b.track, c.b.end}] = {c.a.track, c.a.end};
    }
    const auto across = [&](int t, TrackEnd e) -> std::optional<std::pair<int, TrackEnd>> {
        const auto it = joined.find({t, e});
        if (it == joined.end() || it->second.first == t) return std::nullopt;
        return it->second;
    };
    std::vector<bool> used(n, false);
    std::vector<Chain> out;
    std::set<int> warned;
    for (std::size_t seed = 0; seed < n; ++seed) {
        if (used[seed] || why[seed]) continue;
        // back from the seed's start to the chain's head
        std::vector<Piece> back;
        std::set<int> inChain = {int(seed)};
        std::pair<int, TrackEnd> from = {int(seed), TrackEnd::Start};
        while (const auto o = across(from.first, from.second)) {
            const int u = o->first;
            const int dir = o->second == TrackEnd::End ? +1 : -1; // u leaves through the joined end
            if (used[std::size_t(u)] || inChain.count(u) || refusal(layout, std::size_t(u), dir)) break;
            back.push_back({u, dir});
            inChain.insert(u);
            from = {u, otherEnd(o->second)};
        }
        std::vector<Piece> pieces(back.rbegin(), back.rend());
        pieces.push_back({int(seed), +1});
        // forward from the seed's end
        from = {int(seed), TrackEnd::End};
        while (const auto o = across(from.first, from.second)) {
            const int u = o->first;
            const int dir = o->second == TrackEnd::Start ? +1 : -1; // u entered through the joined end
            if (used[std::size_t(u)] || inChain.count(u) || refusal(layout, std::size_t(u), dir)) break;
            pieces.push_back({u, dir});
            inChain.insert(u);
            from = {u, otherEnd(o->second)};
        }
        for (const Piece& p : pieces)
            used[std::size_t(p.track)] = true;
        splitInto(layout, file, layout.track(std::size_t(pieces.front().track)).id(), 0.0, pieces, out,
                  warnings, warned);
    }
    return out;
}

// IfcGloballyUniqueId: 128 bits in 22 characters of IFC's base-64 alphabet.
class GuidSource {
public:
    explicit GuidSource(std::uint64_t seed) : state_(seed) {}
    std::string next() {
        static const char* const kChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$";
        const std::uint64_t hi = mix(), lo = mix();
        std::string s(22, '0');
        s[0] = kChars[(hi >> 62) & 0x3]; // 2 bits, then 21 x 6 bits
        for (int k = 1; k < 22; ++k) {
            const int bit = 126 - 6 * k; // lowest bit of the k-th group, counted in the 128-bit number
            const std::uint64_t v = bit >= 64  ? (hi >> (bit - 64))
                                    : bit > 58 ? ((hi << (64 - bit)) | (lo >> bit))
                                               : (lo >> bit);
            s[std::size_t(k)] = kChars[v & 0x3F];
        }
        return stepString(s);
    }

private:
    std::uint64_t mix() { // splitmix64
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t state_;
};

// The entities every alignment refers to.
struct Common {
    std::uint64_t project = 0, site = 0, context = 0, axisContext = 0;
    std::uint64_t world = 0;                                         // IfcAxis2Placement3D at the origin
    std::uint64_t origin2 = 0, xAxis2 = 0, placement2 = 0, line = 0; // the parent line at the origin
};

struct Writer {
    StepWriter w;
    GuidSource guid;

    std::uint64_t point2(double x, double y) {
        return w.add("IFCCARTESIANPOINT", stepList({stepReal(x), stepReal(y)}));
    }
    std::uint64_t direction2(double angle) {
        return w.add("IFCDIRECTION", stepList({stepReal(std::cos(angle)), stepReal(std::sin(angle))}));
    }
    std::uint64_t placement2(double x, double y, double angle) {
        const std::uint64_t p = point2(x, y), d = direction2(angle);
        return w.add("IFCAXIS2PLACEMENT2D", stepRef(p) + "," + stepRef(d));
    }
    std::string length(double x) { return stepTyped("IFCLENGTHMEASURE", stepReal(x)); }
    std::uint64_t nests(std::uint64_t relating, const std::vector<std::uint64_t>& related,
                        const std::string& name) {
        std::vector<std::string> refs;
        for (const std::uint64_t r : related)
            refs.push_back(stepRef(r));
        return w.add("IFCRELNESTS", guid.next() + ",$," + stepString(name) + ",$," + stepRef(relating) + "," +
                                        stepList(refs));
    }
};

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

// The geometry of a horizontal segment: an IfcCurveSegment placed at its start, on a parent curve at the
// origin (line, circle or clothoid; the parent curve is normalized to its point at SegmentStart heading +x,
// as IFC 4.3 places curve segments). 0 when this type's parent curve is not written.
std::uint64_t curveSegment(Writer& out, const Common& c, const HorizontalSegment& h, bool last) {
    const std::uint64_t at = out.placement2(h.start.x(), h.start.y(), h.direction);
    const std::string transition = last ? ".DISCONTINUOUS." : ".CONTSAMEGRADIENT.";
    std::uint64_t parent = 0;
    double start = 0.0, length = h.length;
    if (h.type == "LINE" || h.length == 0.0 ||
        (h.type == "CLOTHOID" && h.radiusStart == 0.0 && h.radiusEnd == 0.0)) {
        parent = c.line;
    } else if (h.type == "CIRCULARARC" || (h.type == "CLOTHOID" && h.radiusStart == h.radiusEnd)) {
        parent = out.w.add("IFCCIRCLE", stepRef(c.placement2) + "," + stepReal(std::abs(h.radiusStart)));
        if (h.radiusStart < 0) length = -length; // clockwise: against the circle's parametrization
    } else if (h.type == "CLOTHOID") {
        // curvature k(u) = u / (A |A|) along the parent clothoid; the segment runs from k0 to k1 over L
        const double k0 = h.radiusStart == 0.0 ? 0.0 : 1.0 / h.radiusStart;
        const double k1 = h.radiusEnd == 0.0 ? 0.0 : 1.0 / h.radiusEnd;
        const double aa = h.length / (k1 - k0); // A |A|
        const double A = std::copysign(std::sqrt(std::abs(aa)), aa);
        parent = out.w.add("IFCCLOTHOID", stepRef(c.placement2) + "," + stepReal(A));
        start = k0 * aa;
    } else {
        return 0;
    }
    return out.w.add("IFCCURVESEGMENT", transition + "," + stepRef(at) + "," + out.length(start) + "," +
                                            out.length(length) + "," + stepRef(parent));
}

std::uint64_t shape(Writer& out, const Common& c, const char* identifier, const char* type,
                    std::uint64_t item) {
    const std::uint64_t rep =
        out.w.add("IFCSHAPEREPRESENTATION", stepRef(c.axisContext) + "," + stepString(identifier) + "," +
                                                stepString(type) + ",(" + stepRef(item) + ")");
    return rep;
}

struct HorizontalLayout {
    std::uint64_t layout = 0;
    std::uint64_t curve = 0; // IfcCompositeCurve, 0 = not written
    double length = 0.0;     // [m]
    double height = 0.0;     // [m] z of the first track's start
};

// IfcAlignmentHorizontal with its segments (and the closing zero-length one) nested in order.
HorizontalLayout writeHorizontal(Writer& out, const Common& c, const Layout& layout, const Chain& chain,
                                 std::size_t& segmentCount) {
    StepWriter& w = out.w;
    std::vector<HorizontalSegment> segs;
    for (const Piece& p : chain.pieces)
        segs.push_back(horizontal(layout, p));
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
    std::vector<std::uint64_t> segments, curveSegments;
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
        if (const std::uint64_t cs = curveSegment(out, c, h, last)) {
            curveSegments.push_back(cs);
            const std::uint64_t rep = shape(out, c, "Axis", "Segment", cs);
            representation = stepRef(w.add("IFCPRODUCTDEFINITIONSHAPE", "$,$,(" + stepRef(rep) + ")"));
        } else {
            geometry = false;
        }
        segments.push_back(w.add("IFCALIGNMENTSEGMENT",
                                 out.guid.next() + ",$," + (last ? std::string("$") : stepString(h.name)) +
                                     ",$,$,$," + representation + "," + stepRef(params)));
        result.length += h.length;
        if (!last) ++segmentCount;
    }
    result.layout = w.add("IFCALIGNMENTHORIZONTAL", out.guid.next() + ",$,$,$,$,$,$");
    out.nests(result.layout, segments, "Horizontal segments");
    if (geometry) {
        std::vector<std::string> refs;
        for (const std::uint64_t cs : curveSegments)
            refs.push_back(stepRef(cs));
        result.curve = w.add("IFCCOMPOSITECURVE", stepList(refs) + ",.F.");
    }
    return result;
}

struct VerticalLayout {
    std::uint64_t layout = 0;
    std::uint64_t curve = 0; // IfcGradientCurve on the horizontal's composite curve, 0 = not written
};

// IfcAlignmentVertical: the chain is level at the height of its first track (one CONSTANTGRADIENT segment
// of gradient 0 over the whole horizontal length, and the closing zero-length one). A track type with a
// vertical profile would write its segments here.
VerticalLayout writeVertical(Writer& out, const Common& c, const HorizontalLayout& h) {
    StepWriter& w = out.w;
    VerticalLayout result;
    std::vector<std::uint64_t> segments, curveSegments;
    const double starts[2] = {0.0, h.length}, lengths[2] = {h.length, 0.0};
    for (int k = 0; k < 2; ++k) {
        const std::uint64_t params = w.add("IFCALIGNMENTVERTICALSEGMENT",
                                           "$,$," + stepReal(starts[k]) + "," + stepReal(lengths[k]) + "," +
                                               stepReal(h.height) + ",0.,0.,$,.CONSTANTGRADIENT.");
        std::string representation = "$";
        if (h.curve) {
            // in the (distance along, height) plane
            const std::uint64_t at = out.placement2(starts[k], h.height, 0.0);
            const std::uint64_t cs =
                w.add("IFCCURVESEGMENT", std::string(k ? ".DISCONTINUOUS." : ".CONTSAMEGRADIENT.") + "," +
                                             stepRef(at) + "," + out.length(0.0) + "," +
                                             out.length(lengths[k]) + "," + stepRef(c.line));
            curveSegments.push_back(cs);
            const std::uint64_t rep = shape(out, c, "Axis", "Segment", cs);
            representation = stepRef(w.add("IFCPRODUCTDEFINITIONSHAPE", "$,$,(" + stepRef(rep) + ")"));
        }
        segments.push_back(w.add("IFCALIGNMENTSEGMENT",
                                 out.guid.next() + ",$,$,$,$,$," + representation + "," + stepRef(params)));
    }
    result.layout = w.add("IFCALIGNMENTVERTICAL", out.guid.next() + ",$,$,$,$,$,$");
    out.nests(result.layout, segments, "Vertical segments");
    if (h.curve)
        result.curve =
            w.add("IFCGRADIENTCURVE", stepList({stepRef(curveSegments[0]), stepRef(curveSegments[1])}) +
                                          ",.F.," + stepRef(h.curve) + ",$");
    return result;
}

// (An IfcAlignmentCant would be written by a writeCant beside writeVertical, once a track type carries cant.)

// The start station: an IfcReferent at distance 0 with Pset_Stationing.Station.
std::uint64_t writeStation(Writer& out, double station, std::uint64_t basisCurve) {
    StepWriter& w = out.w;
    std::string placement = "$";
    if (basisCurve) {
        const std::uint64_t point =
            w.add("IFCPOINTBYDISTANCEEXPRESSION", out.length(0.0) + ",$,$,$," + stepRef(basisCurve));
        const std::uint64_t axis = w.add("IFCAXIS2PLACEMENTLINEAR", stepRef(point) + ",$,$");
        placement = stepRef(w.add("IFCLINEARPLACEMENT", "$," + stepRef(axis) + ",$"));
    }
    char name[48];
    std::snprintf(name, sizeof name, "%.3f", station);
    const std::uint64_t referent = w.add("IFCREFERENT", out.guid.next() + ",$," + stepString(name) + ",$,$," +
                                                            placement + ",$,.STATION.");
    const std::uint64_t value = w.add("IFCPROPERTYSINGLEVALUE", "'Station',$," + out.length(station) + ",$");
    const std::uint64_t set =
        w.add("IFCPROPERTYSET", out.guid.next() + ",$,'Pset_Stationing',$,(" + stepRef(value) + ")");
    w.add("IFCRELDEFINESBYPROPERTIES",
          out.guid.next() + ",$,$,$,(" + stepRef(referent) + ")," + stepRef(set));
    return referent;
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

IfcExport exportIfcAlignments(const Layout& layout, const IfcExportOptions& options) {
    const std::string file = options.layoutFile.empty() ? "<memory>" : options.layoutFile;
    IfcExport result;
    const std::vector<AlignmentSpec>& listed = layout.spec().alignmentSpecs;
    std::vector<Chain> chains = !listed.empty() ? listedChains(layout, file, listed, result.warnings)
                                                : connectedChains(layout, file, result.warnings);
    if (chains.empty()) {
        std::string why;
        for (const std::string& w : result.warnings)
            why += (why.empty() ? "" : "; ") + w.substr(file.size() + 2);
        throw LayoutError(file, !listed.empty() ? "/alignments" : "",
                          "nothing to export: no level ground track of an IFC 4.3 segment type" +
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
    for (const Chain& chain : chains) {
        const HorizontalLayout h = writeHorizontal(out, c, layout, chain, result.segments);
        const VerticalLayout v = writeVertical(out, c, h);
        std::string representation = "$";
        if (h.curve) {
            const std::uint64_t foot = shape(out, c, "FootPrint", "Curve2D", h.curve);
            const std::uint64_t axis = shape(out, c, "Axis", "Curve3D", v.curve);
            representation = stepRef(
                out.w.add("IFCPRODUCTDEFINITIONSHAPE", "$,$,(" + stepRef(foot) + "," + stepRef(axis) + ")"));
        } else {
            result.warnings.push_back(
                file + ": alignment '" + chain.id +
                "' is written without its geometry (IfcCompositeCurve): only lines, arcs "
                "and clothoids have parent curves in this export");
        }
        const std::uint64_t placement = out.w.add("IFCLOCALPLACEMENT", "$," + stepRef(c.world));
        const std::uint64_t a =
            out.w.add("IFCALIGNMENT", out.guid.next() + ",$," + stepString(chain.id) + ",$,$," +
                                          stepRef(placement) + "," + representation + ",.NOTDEFINED.");
        out.nests(a, {h.layout, v.layout}, "Layouts");
        out.nests(a, {writeStation(out, chain.startStation, v.curve)}, "Referents");
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
