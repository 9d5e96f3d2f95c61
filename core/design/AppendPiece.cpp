#include "core/design/AppendPiece.h"

#include "core/design/EndState.h"

#include <cmath>
#include <numbers>

namespace tl::design {

namespace {

constexpr double kSame = 1e-12; // curvatures closer than this [1/m] count as equal

struct NewTrack {
    CurveSpec curve;
    Quat offset = Quat::Identity();  // rotation of the curve in the end's level frame
    std::optional<TwistSpec> twist;  // none: copy the end track's cant, if any
    bool keepLevel = false;          // a vertical piece: an up-frame track without a twist (level rails),
                                     // never a copied cant
    std::optional<double> heartline; // force: the riders' heartline [m]
};

CurveSpec curveOf(const char* type, std::map<std::string, double> params) {
    CurveSpec c;
    c.type = type;
    c.params = std::move(params);
    return c;
}

CurveSpec clothoid(double length, double k0, double k1) {
    std::map<std::string, double> p{{"length", length}};
    if (k0 != 0.0) p["curvatureStart"] = k0;
    if (k1 != 0.0) p["curvatureEnd"] = k1;
    return curveOf("clothoid", std::move(p));
}

NewTrack flat(CurveSpec c) {
    NewTrack t;
    t.curve = std::move(c);
    return t;
}

std::string radiusText(double k) {
    return std::abs(k) < kSame ? std::string("straight") : "R " + shortNumber(1.0 / std::abs(k)) + " m";
}

void requirePositive(double v, const char* what) {
    if (!(v > 0.0) || !std::isfinite(v))
        throw DesignError(std::string(what) + " must be a positive number (got " + shortNumber(v) + ").");
}

// A coaster's riders sit at its heartline (docs/trains-format.md, "Rider height"): the cars of the layout's
// trains that name no body.riderHeight get h (a car given by name becomes {"base": name, "body": {...}}).
// Returns the ids of the trains changed.
std::vector<std::string> riderHeightFromHeartline(LayoutSpec& spec, double h) {
    std::vector<std::string> changed;
    if (!spec.trains.is_array()) return changed;
    for (Json& train : spec.trains) {
        if (!train.is_object() || !train.contains("cars") || !train["cars"].is_array()) continue;
        bool any = false;
        for (Json& car : train["cars"]) {
            if (car.is_string()) car = Json{{"base", car.get<std::string>()}};
            if (!car.is_object()) continue;
            if (car.contains("body") && (!car["body"].is_object() || car["body"].contains("riderHeight")))
                continue;
            car["body"]["riderHeight"] = h;
            any = true;
        }
        if (any) changed.push_back(train.value("id", std::string("?")));
    }
    return changed;
}

} // namespace

const char* pieceName(PieceKind k) {
    switch (k) {
    case PieceKind::Straight:
        return "straight";
    case PieceKind::Arc:
        return "arc";
    case PieceKind::Transition:
        return "transition";
    case PieceKind::Helix:
        return "helix";
    case PieceKind::Slope:
        return "slope";
    case PieceKind::Spline:
        return "spline";
    case PieceKind::Force:
        return "force";
    }
    return "?";
}

DesignEdit appendPiece(const Layout& layout, const EndRef& at, const PieceSpec& p) {
    const LayoutSpec& spec0 = layout.spec();
    const int ti = spec0.trackIndex(at.track);
    if (ti < 0) throw DesignError("There is no track \"" + at.track + "\".");
    if (spec0.tracks[std::size_t(ti)].curve.closed)
        throw DesignError("Track " + at.track + " is a closed loop: it has no free end.");
    if (endInUse(spec0, at))
        throw DesignError("The " + std::string(endName(at.end)) + " of " + at.track +
                          " is already connected: pick a free end.");
    const EndState es = endState(layout, at);
    const double k0 = es.kh, side = p.left ? 1.0 : -1.0;

    std::vector<NewTrack> chain;
    std::string what, extraText;
    auto leadIn = [&](double kStart) {
        if (std::abs(kStart - k0) <= kSame || !(p.leadIn > 0.0)) return;
        if (std::abs(es.kv) > 1e-9)
            throw DesignError("The end bends vertically (a slope's curve): add the piece after the slope.");
        chain.push_back(flat(clothoid(p.leadIn, k0, kStart)));
        extraText = " with a " + shortNumber(p.leadIn) + " m transition";
    };

    switch (p.kind) {
    case PieceKind::Straight:
        requirePositive(p.length, "The length");
        leadIn(0.0);
        chain.push_back(flat(curveOf("line", {{"length", p.length}})));
        what = "straight " + shortNumber(p.length) + " m";
        break;
    case PieceKind::Arc: {
        requirePositive(p.radius, "The radius");
        requirePositive(p.angle, "The angle");
        leadIn(side / p.radius);
        chain.push_back(flat(curveOf("arc", {{"radius", p.radius}, {"angle", side * p.angle}})));
        what = "arc R " + shortNumber(p.radius) + " m";
        break;
    }
    case PieceKind::Transition: {
        if (!(p.radius >= 0.0)) throw DesignError("The target radius must be >= 0 (0: straight).");
        const double k1 = p.radius > 0.0 ? side / p.radius : 0.0;
        if (std::abs(k1 - k0) <= kSame && !(p.length > 0.0))
            throw DesignError("The end already has that curvature (" + radiusText(k0) + ").");
        double L = p.length;
        if (!(L > 0.0)) {
            requirePositive(p.rate, "The transition's rate of curvature");
            L = std::abs(k1 - k0) / p.rate;
        }
        if (std::abs(es.kv) > 1e-9)
            throw DesignError("The end bends vertically (a slope's curve): add the piece after the slope.");
        chain.push_back(flat(clothoid(L, k0, k1)));
        what = "transition " + shortNumber(L) + " m to " + radiusText(k1);
        break;
    }
    case PieceKind::Slope: {
        requirePositive(p.verticalRadius, "The vertical curve's radius");
        if (std::abs(k0) > 1e-9 || std::abs(es.kv) > 1e-9)
            throw DesignError("A slope starts on a straight, but the end of " + at.track + " curves (" +
                              radiusText(es.curvature.norm()) + "): add a transition to straight first.");
        const double dth = std::atan(p.grade) - es.pitch;
        if (std::abs(dth) < 1e-12) throw DesignError("The end already climbs at that grade.");
        const double half = p.verticalRadius * std::abs(dth), kp = (dth > 0 ? 1.0 : -1.0) / p.verticalRadius;
        const Quat up(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitX())); // local +y -> up
        chain.push_back({clothoid(half, 0.0, kp), up, std::nullopt, true, std::nullopt});
        chain.push_back({clothoid(half, kp, 0.0), up, std::nullopt, true, std::nullopt});
        what = "slope to " + shortNumber(100.0 * p.grade) + " %";
        break;
    }
    case PieceKind::Helix: {
        requirePositive(p.radius, "The radius");
        requirePositive(p.turns, "The number of turns");
        const double h = p.pitch / (2.0 * std::numbers::pi), alpha = std::atan2(h, p.radius);
        if (std::abs(alpha - es.pitch) > 1e-9)
            throw DesignError("This helix climbs at " + shortNumber(100.0 * std::tan(alpha)) +
                              " % but the end of " + at.track + " climbs at " +
                              shortNumber(100.0 * std::tan(es.pitch)) + " %: add a slope to " +
                              shortNumber(100.0 * std::tan(alpha)) + " % first.");
        if (std::abs(alpha) < 1e-12) leadIn(side * p.radius / (p.radius * p.radius + h * h));
        // the helix turns toward its local +y and rises along local z: a right-hand one is turned over
        Quat q(Eigen::AngleAxisd(es.pitch, Vec3::UnitY())); // local x horizontal, z vertical
        if (!p.left) q = q * Quat(Eigen::AngleAxisd(std::numbers::pi, Vec3::UnitX()));
        chain.push_back(
            {curveOf("helix",
                     {{"radius", p.radius}, {"pitch", p.left ? p.pitch : -p.pitch}, {"turns", p.turns}}),
             q.normalized(), std::nullopt, true, std::nullopt});
        what = "helix R " + shortNumber(p.radius) + " m, " + shortNumber(p.turns) + " turns";
        break;
    }
    case PieceKind::Force: {
        requirePositive(p.length, "The length");
        if (!(p.heartline >= 0.0)) throw DesignError("The heartline must be 0 or above the rails.");
        for (double v : {p.normalG, p.lateralG, p.rollRate})
            if (!std::isfinite(v)) throw DesignError("The forces and the roll rate must be numbers.");
        NewTrack t{curveOf("force", {{"length", p.length},
                                     {"normalG", p.normalG},
                                     {"lateralG", p.lateralG},
                                     {"rollRate", p.rollRate}}),
                   Quat::Identity(), std::nullopt, true,
                   p.heartline > 0 ? std::optional<double>(p.heartline) : std::nullopt};
        chain.push_back(t);
        what = "force section " + shortNumber(p.length) + " m at " + shortNumber(p.normalG) + " g";
        break;
    }
    case PieceKind::Spline: {
        if (p.points.empty()) throw DesignError("A spline needs at least one point after the end.");
        CurveSpec c;
        c.type = "spline";
        SplinePointSpec first;
        first.tangent = Vec3::UnitX();
        c.points.push_back(first);
        for (const Vec3& q : p.points) {
            if (!q.allFinite()) throw DesignError("A spline point is not a finite position.");
            if ((q - c.points.back().position).norm() < 1e-6)
                throw DesignError("Two consecutive spline points coincide.");
            SplinePointSpec sp;
            sp.position = q;
            c.points.push_back(sp);
        }
        chain.push_back(flat(c));
        what = "spline of " + std::to_string(c.points.size()) + " points";
        break;
    }
    }

    DesignEdit edit;
    edit.spec = spec0;
    dropBufferStop(edit.spec, at); // the end is connected now
    const TrackSpec& from = spec0.tracks[std::size_t(ti)];
    EndRef prev = at;
    for (std::size_t k = 0; k < chain.size(); ++k) {
        TrackSpec t;
        const bool last = k + 1 == chain.size();
        if (last && !p.id.empty()) {
            if (edit.spec.trackIndex(p.id) >= 0)
                throw DesignError("A track \"" + p.id + "\" exists already.");
            t.id = p.id;
        } else {
            t.id = uniqueTrackId(edit.spec, "T", {p.id});
        }
        t.curve = chain[k].curve;
        t.body = from.body;
        t.placement.after = prev;
        t.placement.offset.rotation = chain[k].offset;
        // every new track names its frame: a vertical piece is an up-frame track (level rails), any other
        // continues the frame of the track it is appended to, with its cant
        t.frame = chain[k].keepLevel ? TrackFrame::Up : from.frame;
        t.heartline = chain[k].heartline;
        if (chain[k].twist)
            t.twist = chain[k].twist;
        else if (!chain[k].keepLevel && from.twist &&
                 (from.twist->type == "cant" || from.twist->type == "directional"))
            t.twist = from.twist;
        edit.spec.tracks.push_back(t);
        edit.spec.connections.push_back(ConnectionSpec{prev, EndRef{t.id, TrackEnd::Start}, Json::object()});
        edit.newTracks.push_back(t.id);
        prev = EndRef{t.id, TrackEnd::End};
    }
    edit.newFreeEnd = prev;
    if (p.kind == PieceKind::Force && p.heartline > 0 && edit.spec.lookOrDefault() == LayoutLook::Coaster) {
        const std::vector<std::string> trains = riderHeightFromHeartline(edit.spec, p.heartline);
        for (std::size_t k = 0; k < trains.size(); ++k)
            extraText += (k == 0 ? "; riders at " + shortNumber(p.heartline) + " m on " : ", ") + trains[k];
    }
    edit.description = "Append " + what + " to " + at.track + extraText;
    return edit;
}

} // namespace tl::design
