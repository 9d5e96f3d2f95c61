#include "core/alignment/IfcExportContext.h"

#include "core/alignment/AlignmentFit.h"
#include "core/alignment/IfcAlignmentReader.h"
#include "core/curves/CantProfile.h"
#include "core/curves/TransitionSpiral.h"
#include "core/layout/AlignmentCurveSpec.h"

#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcexport {

namespace {

constexpr double kLevel = 1e-9;       // [rad] / [-]: a start tangent or plane tilted more is not level
constexpr double kLevelHeight = 1e-6; // [m] ends whose heights differ more: not level
constexpr double kBank = 1e-9;        // [rad] a bank larger than this somewhere: banked

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

} // namespace

bool isAlignment(const Layout& layout, std::size_t t) {
    return layout.spec().tracks[t].curve.type == "alignment";
}

namespace {

// The horizontal curve of a track: its curve, or an alignment curve's "horizontal".
CurveSpec horizontalSpec(const Layout& layout, std::size_t t) {
    const CurveSpec& c = layout.spec().tracks[t].curve;
    return c.type == "alignment" ? alignmentSpecOf(c).horizontal : c;
}

} // namespace

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
            return "its cant's railHeadDistance " + numberText(a.railHeadDistance) +
                   " m differs from the layout's railCentreDistance " + numberText(ctx.railHeadDistance) +
                   " m (the IFC cant layout's RailHeadDistance)";
        return std::nullopt;
    }
    const double L = track.length();
    const TwistedFrame a = layout.frameInWorld(t, 0.0), b = layout.frameInWorld(t, L);
    if (std::abs(a.F.T.z()) > kLevel)
        return "it is not level: its start tangent rises by " + numberText(std::asin(a.F.T.z())) + " rad";
    if (spec.curve.type != "line" && std::abs(std::abs(sideOf(track)) - 1.0) > kLevel)
        return "it is not level: its curve's plane is tilted";
    if (std::abs(b.F.P.z() - a.F.P.z()) > kLevelHeight)
        return "it is not level: its ends differ in height by " + numberText(b.F.P.z() - a.F.P.z()) + " m";
    for (int k = 0; k <= 8; ++k) {
        const double s = L * k / 8.0;
        const double bank = track.bank(s).wt;
        if (std::abs(bank) > kBank || track.upsideDown(s))
            return "it is banked (" + numberText(bank) + " rad at s = " + numberText(s) +
                   " m) by its twist: only an alignment curve's cant profile is exact";
    }
    return std::nullopt;
}

namespace {

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

} // namespace

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

namespace {

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
                                       "' (" + numberText(gap) + " m apart, heading " + numberText(kink) +
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

} // namespace

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

} // namespace tl::ifcexport
