#include "core/design/JoinEnds.h"

#include "core/curves/Quintic.h"
#include "core/design/ClothoidArcJoin.h"
#include "core/design/EndState.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace tl::design {

namespace {

std::string endText(const EndRef& e) {
    return e.track + " " + endName(e.end);
}

struct Candidate {
    double wa = 0, wb = 0;
    double maxKappa = std::numeric_limits<double>::infinity();
    double length = 0;
};

std::string joinText(const EndRef& a, const EndRef& b, const JoinResult& r, const std::string& kind) {
    return "Join " + endText(a) + " to " + endText(b) + " (" + kind + shortNumber(r.length) + " m, " +
           (std::isfinite(r.smallestRadius) ? "R min " + shortNumber(r.smallestRadius) + " m"
                                            : std::string("straight")) +
           ")";
}

// Append the connector's tracks (curves in order) after `a`, connected in a chain and to `b`.
void addChain(DesignEdit& edit, const LayoutSpec& spec0, const EndRef& a, const EndRef& b,
              const std::vector<CurveSpec>& curves, const std::vector<std::string>& ids) {
    const TrackSpec& from = spec0.tracks[std::size_t(spec0.trackIndex(a.track))];
    edit.spec = spec0;
    dropBufferStop(edit.spec, a); // both ends are connected now
    dropBufferStop(edit.spec, b);
    EndRef prev = a;
    for (std::size_t k = 0; k < curves.size(); ++k) {
        TrackSpec t;
        t.id = ids[k];
        if (edit.spec.trackIndex(t.id) >= 0) throw DesignError("A track \"" + t.id + "\" exists already.");
        t.curve = curves[k];
        t.frame = from.frame; // the connector continues the frame (and cant) of the end it leaves from
        t.body = from.body;
        if (from.twist && from.twist->type == "cant") t.twist = from.twist;
        t.placement.after = prev;
        edit.spec.tracks.push_back(t);
        edit.spec.connections.push_back(ConnectionSpec{prev, EndRef{t.id, TrackEnd::Start}, Json::object()});
        edit.newTracks.push_back(t.id);
        prev = EndRef{t.id, TrackEnd::End};
    }
    edit.spec.connections.push_back(ConnectionSpec{prev, b, Json::object()});
}

CurveSpec clothoidCurve(double length, double k0, double k1) {
    CurveSpec c;
    c.type = "clothoid";
    c.params["length"] = length;
    if (k0 != 0.0) c.params["curvatureStart"] = k0;
    if (k1 != 0.0) c.params["curvatureEnd"] = k1;
    return c;
}

} // namespace

JoinResult joinEnds(const Layout& layout, const EndRef& a, const EndRef& b, const JoinOptions& opt) {
    const LayoutSpec& spec0 = layout.spec();
    for (const EndRef& e : {a, b}) {
        if (spec0.trackIndex(e.track) < 0) throw DesignError("There is no track \"" + e.track + "\".");
        if (endInUse(spec0, e)) throw DesignError("The " + endText(e) + " is already connected.");
    }
    if (a == b) throw DesignError("Pick two different free ends to join.");
    const EndState ea = endState(layout, a), eb = endState(layout, b);
    if (ea.body != eb.body)
        throw DesignError("The ends lie on different bodies (" + ea.body + ", " + eb.body + ").");

    // everything in the first end's level frame: start at 0 heading +x
    const Pose toA = ea.level.inverse(Eigen::Isometry);
    const Vec3 p1 = toA * eb.position();
    const Vec3 d1 = toA.linear() * (-eb.direction()); // direction of travel arriving at b
    if (std::abs(p1.z()) > 1e-6 || std::abs(d1.z()) > 1e-9 || std::abs(ea.kv) > 1e-9 ||
        std::abs(eb.kv) > 1e-9)
        throw DesignError("The join tool connects ends in one plane, but " + endText(b) + " lies " +
                          shortNumber(p1.z()) + " m above " + endText(a) +
                          (std::abs(d1.z()) > 1e-9 ? " and at another grade" : "") +
                          ": add slopes so both ends meet at one height and grade.");
    const double chord = std::hypot(p1.x(), p1.y());
    if (chord < 1e-3) throw DesignError("The two ends already meet: connect them instead of joining.");
    const double th1 = std::atan2(d1.y(), d1.x());
    const double k0 = ea.kh;
    const Vec3 leftB = ea.level.linear().col(2).cross(-eb.direction());
    const double k1 = eb.curvature.dot(leftB);

    if (opt.connector != JoinConnector::Quintic) {
        if (const auto c = fitClothoidArcClothoid(p1.x(), p1.y(), th1, k0, k1, opt.minRadius)) {
            JoinResult r;
            r.connector = JoinConnector::ClothoidArc;
            r.length = c->length();
            r.smallestRadius = 1.0 / std::max({std::abs(c->kc), std::abs(k0), std::abs(k1)});
            std::vector<CurveSpec> curves{clothoidCurve(c->L1, k0, c->kc)};
            if (c->La > 0.0) {
                CurveSpec arc;
                arc.type = "arc";
                arc.params = {{"radius", 1.0 / std::abs(c->kc)}, {"angle", c->kc * c->La}};
                curves.push_back(arc);
            }
            curves.push_back(clothoidCurve(c->L2, c->kc, k1));
            std::vector<std::string> ids;
            if (!opt.id.empty()) {
                ids = {opt.id + "-in", opt.id, opt.id + "-out"};
                if (c->La == 0.0) ids.erase(ids.begin() + 1);
            } else {
                for (std::size_t k = 0; k < curves.size(); ++k)
                    ids.push_back(uniqueTrackId(spec0, "T", ids));
            }
            addChain(r.edit, spec0, a, b, curves, ids);
            r.edit.description = joinText(a, b, r, c->La > 0.0 ? "clothoid-arc-clothoid " : "two clothoids ");
            return r;
        }
        if (opt.connector == JoinConnector::ClothoidArc)
            throw DesignError("No clothoid-arc-clothoid connector from " + endText(a) + " to " + endText(b) +
                              " with radii of at least " + shortNumber(opt.minRadius) +
                              " m (an S-bend needs an inflection): use the quintic connector.");
    }

    Candidate best;
    double bestRadiusSeen = 0.0;
    for (double fa : {0.5, 0.7, 0.85, 1.0, 1.2, 1.5})
        for (double fb : {0.5, 0.7, 0.85, 1.0, 1.2, 1.5}) {
            try {
                const Quintic q(p1.x(), p1.y(), th1, k0, k1, fa * chord, fb * chord);
                if (q.minSpeedRatio() < 0.1) continue;
                double kmax = 0, turn = 0, prevHeading = 0;
                const int n = 400;
                for (int i = 0; i <= n; ++i) {
                    const Frame f = q.frame(q.length() * i / n);
                    kmax = std::max(kmax, std::abs(f.kappa));
                    const double h = std::atan2(f.T.y(), f.T.x());
                    if (i > 0) turn += std::abs(std::remainder(h - prevHeading, 2 * std::numbers::pi));
                    prevHeading = h;
                }
                bestRadiusSeen = std::max(bestRadiusSeen, kmax > 0 ? 1.0 / kmax : 1e300);
                if (turn > std::abs(th1) + std::numbers::pi) continue;
                if (kmax > 1.0 / opt.minRadius) continue;
                if (kmax < best.maxKappa) best = {fa * chord, fb * chord, kmax, q.length()};
            } catch (const std::invalid_argument&) {
            }
        }
    if (!std::isfinite(best.maxKappa))
        throw DesignError("No fair connector from " + endText(a) + " to " + endText(b) + ": " +
                          (bestRadiusSeen > 0
                               ? "the best one would curve at R " + shortNumber(bestRadiusSeen) +
                                     " m, below the minimum of " + shortNumber(opt.minRadius) + " m"
                               : std::string("every candidate loops or has a cusp")) +
                          ". Move an end or lower the minimum radius.");

    JoinResult r;
    r.connector = JoinConnector::Quintic;
    r.length = best.length;
    r.smallestRadius = best.maxKappa > 0 ? 1.0 / best.maxKappa : std::numeric_limits<double>::infinity();
    CurveSpec q;
    q.type = "quintic";
    q.params = {{"endX", p1.x()},
                {"endY", p1.y()},
                {"endHeading", th1},
                {"weightStart", best.wa},
                {"weightEnd", best.wb}};
    if (k0 != 0.0) q.params["curvatureStart"] = k0;
    if (k1 != 0.0) q.params["curvatureEnd"] = k1;
    addChain(r.edit, spec0, a, b, {q}, {opt.id.empty() ? uniqueTrackId(spec0) : opt.id});
    r.edit.description = joinText(a, b, r, "");
    return r;
}

} // namespace tl::design
