#include "core/alignment/IfcAlignmentWriter.h"

#include "core/alignment/AlignmentFit.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/curves/CantProfile.h"
#include "core/curves/TransitionSpiral.h"
#include "core/io/SaveFile.h"
#include "core/io/StepWriter.h"
#include "core/layout/AlignmentCurveSpec.h"
#include "core/layout/LayoutError.h"
#include "core/units/CantUnits.h"

#include <Eigen/Geometry>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <numbers>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
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
    double bankChange = 0.0; // [rad] Viennese bend on an alignment track: psi(end) - psi(start) of its cant
};

struct Chain {
    std::string id;
    double startStation = 0.0;                        // [m]
    std::vector<std::pair<double, double>> equations; // [[distance along the chain, station], ...] [m]
    std::vector<Piece> pieces;
};

// The station at horizontal distance d along a list of tracks with a start station and station equations
// (core/layout/Alignment.h: the later equation wins at its own distance).
double stationAt(double startStation, const std::vector<std::pair<double, double>>& equations, double d) {
    double d0 = 0.0, s0 = startStation;
    for (const auto& [di, si] : equations)
        if (di <= d + 1e-9) {
            d0 = di;
            s0 = si;
        }
    return s0 + (d - d0);
}

// The sign of the turn of the track's curve seen from above: +1 when the curve's local +z is world +z.
double sideOf(const Track& t) {
    return (t.placement().linear() * Vec3::UnitZ()).z();
}

// The export's state: the layout, the options, the fitted tracks and the tracks found not exact late (a
// profile that does not continue into its neighbours in the chain).
struct Context {
    const Layout& layout;
    std::string file;
    const IfcExportOptions& options;
    double railHeadDistance = 1.5;                       // [m] the layout's railCentreDistance
    std::map<std::pair<int, int>, AlignmentFit> fits;    // (track, dir) -> its fitted form
    std::map<std::pair<int, int>, std::string> inexact;  // (track, dir) -> why its exact form does not do
    std::map<std::pair<int, int>, std::string> unfitted; // (track, dir) -> why it cannot be fitted
};

bool isAlignment(const Layout& layout, std::size_t t) {
    return layout.spec().tracks[t].curve.type == "alignment";
}

// The horizontal curve of a track: its curve, or an alignment curve's "horizontal".
CurveSpec horizontalSpec(const Layout& layout, std::size_t t) {
    const CurveSpec& c = layout.spec().tracks[t].curve;
    return c.type == "alignment" ? alignmentSpecOf(c).horizontal : c;
}

// Why a track has no exact IFC form travelled in direction dir, or nullopt.
std::optional<std::string> exactRefusal(const Context& ctx, std::size_t t, int dir) {
    const Layout& layout = ctx.layout;
    const Track& track = layout.track(t);
    const TrackSpec& spec = layout.spec().tracks[t];
    if (!track.onGround()) return "it is on the moving body '" + track.body() + "'";
    if (const auto it = ctx.inexact.find({int(t), dir}); it != ctx.inexact.end()) return it->second;
    const CurveSpec hc = horizontalSpec(layout, t);
    if (!segmentTypes().count(hc.type))
        return "its curve type '" + hc.type +
               "' has no IFC 4.3 horizontal segment (exported: line, arc, clothoid, bloss, helmert, cosine, "
               "sine, vienneseBend, cubic and alignment)";
    if (hc.type == "vienneseBend" && (param(hc, "cantStart") != 0.0 || param(hc, "cantEnd") != 0.0))
        return "its Viennese bend has a cant term (cantStart/cantEnd), which the IFC horizontal segment does "
               "not carry";
    if (hc.type == "cubic" && dir < 0 && param(hc, "radiusEnd") != 0.0)
        return "it is a cubic travelled backwards, which ends straight: IFC's CUBIC must start straight";
    if (spec.curve.type == "alignment") {
        if (dir < 0)
            return "it is an alignment track travelled backwards: its vertical and cant profiles are not "
                   "reversed by this export";
        if ((track.placement().linear() * Vec3::UnitZ()).z() < 1.0 - kLevel)
            return "its placement is tilted: an alignment track is exported placed level (yaw only)";
        const AlignmentCurveSpec a = alignmentSpecOf(spec.curve);
        if (!a.cant.empty() && std::abs(a.railHeadDistance - ctx.railHeadDistance) > 1e-9)
            return "its cant's railHeadDistance " + num(a.railHeadDistance) +
                   " m differs from the layout's railCentreDistance " + num(ctx.railHeadDistance) +
                   " m (the IFC cant layout's RailHeadDistance)";
        return std::nullopt;
    }
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
                   " m) by its twist: only an alignment curve's cant profile is exact";
    }
    return std::nullopt;
}

// The fitted form of a track without an exact one (computed once), or nullptr with the reason in why.
const AlignmentFit* fitOf(Context& ctx, std::size_t t, int dir, std::string& why) {
    const std::pair<int, int> key{int(t), dir};
    if (const auto it = ctx.fits.find(key); it != ctx.fits.end()) return &it->second;
    if (const auto it = ctx.unfitted.find(key); it != ctx.unfitted.end()) {
        why = it->second;
        return nullptr;
    }
    try {
        AlignmentFitOptions o;
        o.railHeadDistance = ctx.railHeadDistance;
        return &ctx.fits.emplace(key, fitAlignment(ctx.layout, t, dir, o)).first->second;
    } catch (const std::invalid_argument& e) {
        why = ctx.unfitted[key] = e.what();
        return nullptr;
    }
}

// Why a track cannot be exported travelled in direction dir (neither exact nor, with options.fit, fitted),
// or nullopt.
std::optional<std::string> refusal(Context& ctx, std::size_t t, int dir) {
    const auto why = exactRefusal(ctx, t, dir);
    if (!why) return std::nullopt;
    if (!ctx.options.fit || !ctx.layout.track(t).onGround()) return why;
    std::string fitWhy;
    if (fitOf(ctx, t, dir, fitWhy)) return std::nullopt;
    return *why + ", and it cannot be fitted: " + fitWhy;
}

HorizontalSegment horizontal(const Layout& layout, const Piece& p) {
    const std::size_t t = std::size_t(p.track);
    const Track& track = layout.track(t);
    const CurveSpec c = horizontalSpec(layout, t);
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
    if (c.type == "vienneseBend" && isAlignment(layout, t)) {
        // its cant term comes from the cant profile at its ends (core/layout/TrackBuilder.cpp)
        const AlignmentCurveSpec a = alignmentSpecOf(layout.spec().tracks[t].curve);
        if (a.hasCant) {
            const CantProfile cant(a.cant, a.railHeadDistance, h.length);
            h.bankChange = TransitionSpiral::bankOfCant(cant.at(h.length).cant, a.railHeadDistance) -
                           TransitionSpiral::bankOfCant(cant.at(0.0).cant, a.railHeadDistance);
        }
    }
    if (p.dir < 0) std::swap(r0, r1);
    h.radiusStart = sign * r0 + 0.0; // (+0.0: no "-0.")
    h.radiusEnd = sign * r1 + 0.0;
    return h;
}

// A fitted segment as a horizontal segment named `name`.
HorizontalSegment horizontal(const FittedHorizontal& f, const std::string& name) {
    HorizontalSegment h;
    h.name = name;
    h.type = f.type;
    h.start = f.start;
    h.direction = f.direction;
    h.radiusStart = f.radiusStart + 0.0;
    h.radiusEnd = f.radiusEnd + 0.0;
    h.length = f.length;
    return h;
}

// The fitted form of an exportable track that has no exact one, else nullptr.
const AlignmentFit* fitted(Context& ctx, const Piece& p) {
    if (!exactRefusal(ctx, std::size_t(p.track), p.dir)) return nullptr;
    std::string why;
    return fitOf(ctx, std::size_t(p.track), p.dir, why);
}

// The first horizontal segment of an exportable track (exact or fitted).
HorizontalSegment firstSegment(Context& ctx, const Piece& p) {
    if (const AlignmentFit* f = fitted(ctx, p))
        return horizontal(f->horizontal.front(), ctx.layout.track(std::size_t(p.track)).id());
    return horizontal(ctx.layout, p);
}

// The horizontal distance a track spans [m] (its length when level).
double travelledLength(Context& ctx, const Piece& p) {
    const std::size_t t = std::size_t(p.track);
    if (!refusal(ctx, t, p.dir)) {
        if (const AlignmentFit* f = fitted(ctx, p)) return f->horizontalLength;
        if (isAlignment(ctx.layout, t)) return horizontalLengthOf(horizontalSpec(ctx.layout, t));
    }
    return ctx.layout.track(t).length();
}

// Splits a list of pieces into chains that the importer rebuilds: refused tracks are left out (a warning
// each), and a chain ends where the next track does not start on the previous end, tangentially.
// The station equations (distance along the list, station) go to the part they fall in, shifted to its start.
void splitInto(Context& ctx, const std::string& id, double startStation,
               const std::vector<std::pair<double, double>>& equations, const std::vector<Piece>& pieces,
               std::vector<Chain>& out, std::vector<std::string>& warnings, std::set<int>& warned) {
    const Layout& layout = ctx.layout;
    const std::string& file = ctx.file;
    double along = 0.0;     // distance along the list [m]
    double partStart = 0.0; // ... where the current part starts [m]
    int part = 0;
    Chain current;
    const auto close = [&] {
        if (current.pieces.empty()) return;
        for (const auto& [d, station] : equations)
            if (d > partStart + 1e-9 && d <= along + 1e-9)
                current.equations.emplace_back(std::min(d, along) - partStart, station);
        current.id = part == 0 ? id : id + " (" + std::to_string(part + 1) + ")";
        ++part;
        out.push_back(std::move(current));
        current = Chain{};
    };
    for (const Piece& p : pieces) {
        const std::size_t t = std::size_t(p.track);
        if (const auto why = refusal(ctx, t, p.dir)) {
            if (warned.insert(p.track).second)
                warnings.push_back(file + ": track '" + layout.track(t).id() + "' is not exported: " + *why);
            close();
        } else {
            if (!current.pieces.empty()) {
                const HorizontalSegment prev = firstSegment(ctx, current.pieces.back());
                const Piece& q = current.pieces.back();
                const std::size_t u = std::size_t(q.track);
                const TwistedFrame e = layout.frameInWorld(u, q.dir > 0 ? layout.track(u).length() : 0.0);
                const Vec3 T = q.dir > 0 ? e.F.T : Vec3(-e.F.T);
                const HorizontalSegment h = firstSegment(ctx, p);
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
            if (current.pieces.empty()) {
                current.startStation = stationAt(startStation, equations, along);
                partStart = along;
            }
            current.pieces.push_back(p);
        }
        along += travelledLength(ctx, p);
    }
    close();
}

// The chains of the layout's "alignments" list (docs/alignments.md; checked when the layout compiled:
// core/layout/Alignment.h).
std::vector<Chain> listedChains(Context& ctx, const std::vector<AlignmentSpec>& list,
                                std::vector<std::string>& warnings) {
    const Layout& layout = ctx.layout;
    std::vector<Chain> out;
    std::set<int> warned;
    for (const AlignmentSpec& a : list) {
        std::vector<Piece> pieces;
        for (const auto& [track, direction] : a.tracks)
            pieces.push_back({layout.trackIndex(track), direction});
        splitInto(ctx, a.id, a.startStation, a.equations, pieces, out, warnings, warned);
    }
    return out;
}

// Every maximal chain of exportable tracks joined by connections, seeded in layout order.
std::vector<Chain> connectedChains(Context& ctx, std::vector<std::string>& warnings) {
    const Layout& layout = ctx.layout;
    const std::string& file = ctx.file;
    const std::size_t n = layout.trackCount();
    std::vector<std::optional<std::string>> why(n);
    for (std::size_t t = 0; t < n; ++t) {
        why[t] = refusal(ctx, t, +1);
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
            if (used[std::size_t(u)] || inChain.count(u) || refusal(ctx, std::size_t(u), dir)) break;
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
            if (used[std::size_t(u)] || inChain.count(u) || refusal(ctx, std::size_t(u), dir)) break;
            pieces.push_back({u, dir});
            inChain.insert(u);
            from = {u, otherEnd(o->second)};
        }
        for (const Piece& p : pieces)
            used[std::size_t(p.track)] = true;
        splitInto(ctx, layout.track(std::size_t(pieces.front().track)).id(), 0.0, {}, pieces, out, warnings,
                  warned);
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

// The constants A_n of an IFC 4.3 polynomial spiral (IfcSecondOrderPolynomialSpiral,
// IfcThirdOrderPolynomialSpiral, IfcSeventhOrderPolynomialSpiral) whose curvature is the polynomial
// kappa(s) = sum c_n s^n: IFC's curvature formula has the terms A_n s^n / |A_n^(n+2)| (n odd),
// s^n / A_n^(n+1) (n even > 0) and 1 / A_0, each n >= 1 being sign(A_n) s^n / |A_n|^(n+1), so
// A_n = sign(c_n) |c_n|^(-1 / (n + 1)) and A_0 = 1 / c_0; a zero coefficient is an unset term ($).
std::vector<std::string> spiralTerms(const std::vector<double>& c) {
    std::vector<std::string> terms(c.size(), "$");
    for (std::size_t n = 0; n < c.size(); ++n) {
        if (c[n] == 0.0) continue;
        const double A =
            n == 0 ? 1.0 / c[0] : std::copysign(std::pow(std::abs(c[n]), -1.0 / double(n + 1)), c[n]);
        terms[n] = stepReal(A);
    }
    return terms;
}

// The curvature polynomial kappa(s) = sum c_n s^n [1/m^(n+1)] of a transition over its length L, s from the
// segment's start (core/curves/TransitionSpiral.h): k0 = 1 / radiusStart, dk = 1 / radiusEnd - k0; a_n the
// coefficients in xi = s / L, c_n = a_n / L^n. Helmert: `half` 1 the first half, 2 the second (in s from the
// whole segment's start). Viennese bend: the cant term -420 (h dpsi / L^2) xi^2 (1 - 4 xi + 5 xi^2 - 2 xi^3).
std::vector<double> curvaturePolynomial(const HorizontalSegment& h, int half = 1) {
    const double L = h.length;
    const double k0 = h.radiusStart == 0.0 ? 0.0 : 1.0 / h.radiusStart;
    const double dk = (h.radiusEnd == 0.0 ? 0.0 : 1.0 / h.radiusEnd) - k0;
    std::vector<double> a;
    if (h.type == "BLOSSCURVE") {
        a = {k0, 0.0, 3.0 * dk, -2.0 * dk};
    } else if (h.type == "HELMERTCURVE") {
        a = half == 1 ? std::vector<double>{k0, 0.0, 2.0 * dk}
                      : std::vector<double>{k0 - dk, 4.0 * dk, -2.0 * dk};
    } else if (h.type == "VIENNESEBEND") {
        const double C = h.gravityCentreHeight.value_or(0.0) * h.bankChange / (L * L);
        a = {k0,        0.0,       -420.0 * C, 1680.0 * C, 35.0 * dk - 2100.0 * C, -84.0 * dk + 840.0 * C,
             70.0 * dk, -20.0 * dk};
    }
    double Ln = 1.0;
    for (double& x : a) {
        x /= Ln;
        Ln *= L;
    }
    return a;
}

// The geometry of a horizontal segment: IfcCurveSegments placed at its start (a Helmert curve: two, the
// second at its half-way point), on parent curves at the origin (the parent curve is normalized to its point
// at SegmentStart heading +x, as IFC 4.3 places curve segments; docs/alignments.md "Export"):
//   LINE -> IfcLine; CIRCULARARC -> IfcCircle |R| (SegmentLength < 0 clockwise); CLOTHOID -> IfcClothoid;
//   BLOSSCURVE -> IfcThirdOrderPolynomialSpiral; HELMERTCURVE -> IfcSecondOrderPolynomialSpiral (two halves);
//   VIENNESEBEND -> IfcSeventhOrderPolynomialSpiral; CUBIC -> IfcPolynomialCurve (0, 1), (0, 0, 0, a);
//   a transition without a change of curvature -> IfcLine / IfcCircle.
// Empty when this type's parent curve is not written (COSINECURVE, SINECURVE: docs/alignments.md says why).
std::vector<std::uint64_t> curveSegments(Writer& out, const Common& c, const HorizontalSegment& h,
                                         bool last) {
    const std::uint64_t at = out.placement2(h.start.x(), h.start.y(), h.direction);
    const std::string transition = last ? ".DISCONTINUOUS." : ".CONTSAMEGRADIENT.";
    const auto segment = [&](std::uint64_t placement, const std::string& how, double start, double length,
                             std::uint64_t parent) {
        return out.w.add("IFCCURVESEGMENT", how + "," + stepRef(placement) + "," + out.length(start) + "," +
                                                out.length(length) + "," + stepRef(parent));
    };
    const bool spiral = h.type != "LINE" && h.type != "CIRCULARARC" && h.type != "CLOTHOID";
    if (h.type == "COSINECURVE" || h.type == "SINECURVE") return {};
    const bool noChange = h.radiusStart == h.radiusEnd && (h.type != "VIENNESEBEND" || h.bankChange == 0.0 ||
                                                           h.gravityCentreHeight.value_or(0.0) == 0.0);
    if (h.type == "LINE" || h.length == 0.0 ||
        ((h.type == "CLOTHOID" || spiral) && noChange && h.radiusStart == 0.0) ||
        (h.type == "CUBIC" && h.radiusEnd == 0.0))
        return {segment(at, transition, 0.0, h.length, c.line)};
    if (h.type == "CIRCULARARC" || ((h.type == "CLOTHOID" || spiral) && noChange)) {
        const std::uint64_t circle =
            out.w.add("IFCCIRCLE", stepRef(c.placement2) + "," + stepReal(std::abs(h.radiusStart)));
        // clockwise: against the circle's parametrization
        return {segment(at, transition, 0.0, h.radiusStart < 0 ? -h.length : h.length, circle)};
    }
    if (h.type == "CLOTHOID") {
        // curvature k(u) = u / (A |A|) along the parent clothoid; the segment runs from k0 to k1 over L
        const double k0 = h.radiusStart == 0.0 ? 0.0 : 1.0 / h.radiusStart;
        const double k1 = h.radiusEnd == 0.0 ? 0.0 : 1.0 / h.radiusEnd;
        const double aa = h.length / (k1 - k0); // A |A|
        const double A = std::copysign(std::sqrt(std::abs(aa)), aa);
        const std::uint64_t parent = out.w.add("IFCCLOTHOID", stepRef(c.placement2) + "," + stepReal(A));
        return {segment(at, transition, k0 * aa, h.length, parent)};
    }
    if (h.type == "CUBIC") {
        // y = a x^3, a = 1 / (6 R L) (core/curves/CubicParabola.h); SegmentLength the arc length L
        const double a = 1.0 / (6.0 * h.radiusEnd * h.length);
        const std::uint64_t parent = out.w.add(
            "IFCPOLYNOMIALCURVE", stepRef(c.placement2) + ",(0.,1.),(0.,0.,0.," + stepReal(a) + "),$");
        return {segment(at, transition, 0.0, h.length, parent)};
    }
    const auto spiralCurve = [&](const char* entity, std::vector<double> poly,
                                 std::size_t order) -> std::uint64_t {
        poly.resize(order + 1, 0.0);
        if (poly[order] == 0.0) return 0; // the leading term is mandatory (and would be infinite)
        const std::vector<std::string> t = spiralTerms(poly);
        std::string args = stepRef(c.placement2);
        for (std::size_t n = order + 1; n-- > 0;)
            args += "," + t[n];
        return out.w.add(entity, args);
    };
    if (h.type == "BLOSSCURVE") {
        const std::uint64_t parent = spiralCurve("IFCTHIRDORDERPOLYNOMIALSPIRAL", curvaturePolynomial(h), 3);
        if (!parent) return {};
        return {segment(at, transition, 0.0, h.length, parent)};
    }
    if (h.type == "VIENNESEBEND") {
        const std::uint64_t parent =
            spiralCurve("IFCSEVENTHORDERPOLYNOMIALSPIRAL", curvaturePolynomial(h), 7);
        if (!parent) return {};
        return {segment(at, transition, 0.0, h.length, parent)};
    }
    if (h.type == "HELMERTCURVE") {
        // two halves (IFC 4.3: "the assembly of two parts of same length"): the first from the segment's
        // start, the second placed at the half-way point of the curve, its parent's s counted from the whole
        // segment's start (SegmentStart L/2)
        const std::uint64_t first =
            spiralCurve("IFCSECONDORDERPOLYNOMIALSPIRAL", curvaturePolynomial(h, 1), 2);
        const std::uint64_t second =
            spiralCurve("IFCSECONDORDERPOLYNOMIALSPIRAL", curvaturePolynomial(h, 2), 2);
        if (!first || !second) return {};
        const auto curvature = [](double r) { return r == 0.0 ? 0.0 : 1.0 / r; };
        const TransitionSpiral whole(TransitionSpiral::Law::Helmert, h.length, curvature(h.radiusStart),
                                     curvature(h.radiusEnd));
        const Frame mid = whole.frame(0.5 * h.length);
        const Eigen::Rotation2Dd turn(h.direction);
        const Eigen::Vector2d P = Eigen::Vector2d(h.start.x(), h.start.y()) + turn * mid.P.head<2>();
        const std::uint64_t atMid =
            out.placement2(P.x(), P.y(), h.direction + std::atan2(mid.T.y(), mid.T.x()));
        return {segment(at, ".CONTSAMEGRADIENTSAMECURVATURE.", 0.0, 0.5 * h.length, first),
                segment(atMid, transition, 0.5 * h.length, 0.5 * h.length, second)};
    }
    return {};
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

// What one chain writes: its horizontal segments and its vertical and cant layouts over the chain's
// horizontal distance (heights absolute), each profile piece with the track it came from.
struct ChainContent {
    std::vector<HorizontalSegment> horizontal; // without the closing segment
    std::vector<VerticalPieceSpec> vertical;
    std::vector<int> verticalTrack;
    std::vector<CantSegmentSpec> cant; // empty: no cant layout
    std::vector<int> cantTrack;
    double length = 0.0; // [m] horizontal
};

VerticalPieceSpec levelPiece(double from, double length, double z) {
    VerticalPieceSpec v;
    v.from = from;
    v.length = length;
    v.startHeight = z;
    return v;
}

CantSegmentSpec noCant(double from, double length) {
    CantSegmentSpec c;
    c.from = from;
    c.length = length;
    return c;
}

bool near(double a, double b, double relative, double absolute) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b)) + absolute;
}

// The curvature of a vertical piece's (u, z) curve at its end, and its rate per metre of its arc length
// (a clothoid's law).
std::pair<double, double> clothoidEnd(const VerticalPieceSpec& p) {
    VerticalPieceSpec q = p;
    q.from = 0.0;
    const VerticalProfile v({q}, q.length);
    const ProfilePoint e = v.atPiece(0, q.length);
    const double k1 = e.z2 / std::pow(1.0 + e.z1 * e.z1, 1.5);
    return {k1, (k1 - q.curvatureStart) / v.length()};
}

// B continues the law of A (a piece cut in two where a track ends).
bool sameLaw(const VerticalPieceSpec& a, const VerticalPieceSpec& b) {
    using T = VerticalPieceSpec::Type;
    if (a.type != b.type || !near(a.endGradient, b.startGradient, 0.0, 1e-9)) return false;
    switch (a.type) {
    case T::ConstantGradient:
        return near(a.startGradient, b.startGradient, 0.0, 1e-12);
    case T::ParabolicArc:
        return near((a.endGradient - a.startGradient) / a.length,
                    (b.endGradient - b.startGradient) / b.length, 1e-9, 1e-15);
    case T::CircularArc: {
        const auto k = [](const VerticalPieceSpec& p) {
            return (std::sin(std::atan(p.endGradient)) - std::sin(std::atan(p.startGradient))) / p.length;
        };
        return near(k(a), k(b), 1e-9, 1e-15);
    }
    case T::Clothoid: {
        try {
            const auto [k1a, ra] = clothoidEnd(a);
            const auto [k1b, rb] = clothoidEnd(b);
            (void)k1b;
            return near(k1a, b.curvatureStart, 1e-6, 1e-12) && near(ra, rb, 1e-6, 1e-15);
        } catch (const std::invalid_argument&) {
            return false;
        }
    }
    }
    return false;
}

// The curvature the importer gives a vertical clothoid after the piece p
// (core/alignment/IfcAlignmentReader.cpp: an arc's, 0 after a constant gradient or a clothoid).
double impliedCurvature(const VerticalPieceSpec* p) {
    using T = VerticalPieceSpec::Type;
    if (!p) return 0.0;
    const double a0 = std::atan(p->startGradient), a1 = std::atan(p->endGradient);
    if (p->type == T::CircularArc) return (std::sin(a1) - std::sin(a0)) / p->length;
    if (p->type == T::ParabolicArc)
        return (p->endGradient - p->startGradient) / p->length * std::pow(std::cos(a1), 3);
    return 0.0;
}

// The content of a chain; nullopt when a track's exact profiles cannot be written with its neighbours (then
// ctx.inexact names it and why).
std::optional<ChainContent> chainContent(Context& ctx, const Chain& chain) {
    const Layout& layout = ctx.layout;
    ChainContent out;
    bool anyCant = false;
    std::vector<CantSegmentSpec> cant;
    for (const Piece& p : chain.pieces) {
        const std::size_t t = std::size_t(p.track);
        const double U = out.length;
        const std::size_t c0 = cant.size();
        if (const AlignmentFit* f = fitted(ctx, p)) {
            const std::string id = layout.track(t).id();
            for (std::size_t k = 0; k < f->horizontal.size(); ++k)
                out.horizontal.push_back(
                    horizontal(f->horizontal[k],
                               f->horizontal.size() == 1 ? id : id + " (" + std::to_string(k + 1) + ")"));
            for (VerticalPieceSpec v : f->vertical) {
                v.from += U;
                out.vertical.push_back(v);
            }
            for (CantSegmentSpec c : f->cant) {
                c.from += U;
                anyCant = anyCant || c.startCantRight != 0.0 || c.endCantRight != 0.0;
                cant.push_back(c);
            }
            out.length += f->horizontalLength;
        } else if (isAlignment(layout, t)) {
            const HorizontalSegment h = horizontal(layout, p);
            out.horizontal.push_back(h);
            const AlignmentCurveSpec a = alignmentSpecOf(layout.spec().tracks[t].curve);
            const double z = layout.frameInWorld(t, 0.0).F.P.z(); // the placement's height
            if (a.vertical.empty()) out.vertical.push_back(levelPiece(U, h.length, z));
            const double shift = a.vertical.empty() ? 0.0 : z - a.vertical.front().startHeight;
            for (VerticalPieceSpec v : a.vertical) {
                v.from += U;
                v.startHeight += shift;
                out.vertical.push_back(v);
            }
            if (a.cant.empty()) cant.push_back(noCant(U, h.length));
            for (CantSegmentSpec c : a.cant) {
                c.from += U;
                if (c.lawFrom) *c.lawFrom += U;
                anyCant = true;
                cant.push_back(c);
            }
            out.length += h.length;
        } else {
            const HorizontalSegment h = horizontal(layout, p);
            out.horizontal.push_back(h);
            out.vertical.push_back(levelPiece(U, h.length, h.start.z()));
            cant.push_back(noCant(U, h.length));
            out.length += h.length;
        }
        out.verticalTrack.resize(out.vertical.size(), p.track);
        for (std::size_t k = c0; k < cant.size(); ++k)
            out.cantTrack.push_back(p.track);
    }
    // the vertical pieces cut where tracks end, joined again where they continue one law
    {
        std::vector<VerticalPieceSpec> merged;
        std::vector<int> tracks;
        for (std::size_t i = 0; i < out.vertical.size(); ++i) {
            const VerticalPieceSpec& v = out.vertical[i];
            if (!merged.empty() && tracks.back() != out.verticalTrack[i] && sameLaw(merged.back(), v)) {
                merged.back().length = v.from + v.length - merged.back().from;
                merged.back().endGradient = v.endGradient;
                tracks.back() = out.verticalTrack[i];
                continue;
            }
            merged.push_back(v);
            tracks.push_back(out.verticalTrack[i]);
        }
        out.vertical = std::move(merged);
        out.verticalTrack = std::move(tracks);
    }
    for (std::size_t i = 0; i < out.vertical.size(); ++i) {
        const VerticalPieceSpec& v = out.vertical[i];
        if (v.type != VerticalPieceSpec::Type::Clothoid) continue;
        const double implied = impliedCurvature(i ? &out.vertical[i - 1] : nullptr);
        if (!near(implied, v.curvatureStart, 1e-9, 1e-12)) {
            ctx.inexact[{out.verticalTrack[i], +1}] =
                "its vertical clothoid starts with the curvature " + num(v.curvatureStart) +
                " 1/m, which the piece before it in the IFC vertical layout does not end with (" +
                num(implied) + " 1/m)";
            return std::nullopt;
        }
    }
    if (!anyCant) return out;
    // the cant: parts of one law joined again; a part left alone rewritten as a segment of its own
    std::vector<CantSegmentSpec> merged;
    std::vector<int> tracks;
    for (std::size_t i = 0; i < cant.size(); ++i) {
        const CantSegmentSpec& c = cant[i];
        if (!merged.empty() && tracks.back() != out.cantTrack[i]) {
            CantSegmentSpec& m = merged.back();
            const bool sameCants = m.type == c.type && m.startCantLeft == c.startCantLeft &&
                                   m.endCantLeft == c.endCantLeft && m.startCantRight == c.startCantRight &&
                                   m.endCantRight == c.endCantRight;
            const bool oneLaw = sameCants && m.lawFrom && c.lawFrom &&
                                near(*m.lawFrom, *c.lawFrom, 0.0, 1e-6) &&
                                near(*m.lawLength, *c.lawLength, 1e-12, 1e-9);
            const bool constant = sameCants && c.type == CantSegmentSpec::Type::Constant;
            if (oneLaw || constant) {
                m.length = c.from + c.length - m.from;
                tracks.back() = out.cantTrack[i];
                continue;
            }
        }
        merged.push_back(c);
        tracks.push_back(out.cantTrack[i]);
    }
    for (std::size_t i = 0; i < merged.size(); ++i) {
        CantSegmentSpec& c = merged[i];
        if (!c.lawFrom) continue;
        const double lf = *c.lawFrom, ll = c.lawLength.value_or(c.length);
        const bool whole = near(c.from, lf, 0.0, 1e-6) && near(c.from + c.length, lf + ll, 0.0, 1e-6);
        if (!whole && c.type == CantSegmentSpec::Type::Linear) {
            // a part of a linear transition is one: its cants at its own ends
            const auto at = [&](double a, double b, double u) { return a + (b - a) * (u - lf) / ll; };
            const double u0 = c.from, u1 = c.from + c.length;
            const CantSegmentSpec o = c;
            c.startCantLeft = at(o.startCantLeft, o.endCantLeft, u0);
            c.endCantLeft = at(o.startCantLeft, o.endCantLeft, u1);
            c.startCantRight = at(o.startCantRight, o.endCantRight, u0);
            c.endCantRight = at(o.startCantRight, o.endCantRight, u1);
        } else if (!whole && c.type != CantSegmentSpec::Type::Constant) {
            ctx.inexact[{tracks[i], +1}] = std::string("its cant segment is a part of a ") +
                                           cantTypeName(c.type) +
                                           " law that runs on into a track not beside it in this alignment "
                                           "(an IFC cant segment is a whole "
                                           "law)";
            return std::nullopt;
        }
        c.lawFrom.reset();
        c.lawLength.reset();
    }
    out.cant = std::move(merged);
    out.cantTrack = std::move(tracks);
    return out;
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
                                 out.guid.next() + ",$," + (last ? std::string("$") : stepString(h.name)) +
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

// The parent curve of a vertical piece in the (distance along, height) plane and the trimming on it: one
// IfcCurveSegment placed at (from, startHeight) heading (1, startGradient) normalised, its parent curve at
// the origin (normalised to its point at SegmentStart, as the horizontal's: docs/alignments.md "Export").
// SegmentStart and SegmentLength are lengths along the parent curve, SegmentLength the piece's arc length in
// the (u, z) plane (not its horizontal length):
//   CONSTANTGRADIENT -> IfcLine; CIRCULARARC -> IfcCircle 1 / |k| (a sag turns counter-clockwise:
//   SegmentLength > 0; a crest clockwise: < 0); PARABOLICARC -> IfcPolynomialCurve (0, 1), (0, g0, a) with
//   a = (g1 - g0) / (2 Lh), its tangent at 0 the placement's direction; CLOTHOID -> IfcClothoid with
//   A |A| = Sigma / (k1 - k0), SegmentStart k0 A |A| (k > 0 concave up). nullopt when the piece cannot be
//   evaluated (then no IfcGradientCurve is written).
struct VerticalCurve {
    std::uint64_t parent = 0;
    double start = 0.0;  // SegmentStart [m]
    double length = 0.0; // SegmentLength [m], signed
};

std::optional<VerticalCurve> verticalCurve(Writer& out, const Common& c, const VerticalPieceSpec& p) {
    using T = VerticalPieceSpec::Type;
    StepWriter& w = out.w;
    const double g0 = p.startGradient, g1 = p.endGradient, Lh = p.length;
    if (p.type == T::ConstantGradient || Lh == 0.0)
        return VerticalCurve{c.line, 0.0, std::hypot(Lh, Lh * g0)};
    double sigma = 0.0, k1 = 0.0;
    try {
        VerticalPieceSpec q = p;
        q.from = 0.0;
        sigma = VerticalProfile({q}, Lh).length();
        if (p.type == T::Clothoid) k1 = clothoidEnd(p).first;
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
    if (p.type == T::ParabolicArc) {
        if (g1 == g0) return VerticalCurve{c.line, 0.0, sigma};
        const double a = (g1 - g0) / (2.0 * Lh);
        const std::uint64_t parent =
            w.add("IFCPOLYNOMIALCURVE",
                  stepRef(c.placement2) + ",(0.,1.),(0.," + stepReal(g0) + "," + stepReal(a) + "),$");
        return VerticalCurve{parent, 0.0, sigma};
    }
    const auto circle = [&](double k) -> VerticalCurve {
        if (k == 0.0) return VerticalCurve{c.line, 0.0, sigma};
        const std::uint64_t parent =
            w.add("IFCCIRCLE", stepRef(c.placement2) + "," + stepReal(1.0 / std::abs(k)));
        return VerticalCurve{parent, 0.0, k < 0 ? -sigma : sigma};
    };
    if (p.type == T::CircularArc) return circle((std::sin(std::atan(g1)) - std::sin(std::atan(g0))) / Lh);
    // the clothoid: k(s) = k0 + (k1 - k0) s / Sigma = t / (A |A|) with t = SegmentStart + s
    const double k0 = p.curvatureStart;
    if (std::abs(k1 - k0) * sigma < 1e-12) return circle(k0);
    const double aa = sigma / (k1 - k0);
    const double A = std::copysign(std::sqrt(std::abs(aa)), aa);
    const std::uint64_t parent = w.add("IFCCLOTHOID", stepRef(c.placement2) + "," + stepReal(A));
    return VerticalCurve{parent, k0 * aa, sigma};
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
                                          " horizontal segment(s), worst deviation " + num(f->worstPosition) +
                                          " m in position and " + num(f->worstBank) + " rad in bank");
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
