#include "core/layout/TrackBuilder.h"

#include "core/curves/AlignmentCurve.h"
#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"
#include "core/curves/CubicParabola.h"
#include "core/curves/Helix.h"
#include "core/curves/Line.h"
#include "core/curves/Quintic.h"
#include "core/curves/Spline.h"
#include "core/curves/TransitionSpiral.h"
#include "core/layout/AlignmentCurveSpec.h"
#include "core/layout/LayoutError.h"
#include "core/twists/CantProfileTwist.h"
#include "core/twists/CantTwist.h"
#include "core/twists/ConstantTwist.h"
#include "core/twists/DirectionalTwist.h"
#include "core/twists/KeysTwist.h"
#include "core/twists/LinearTwist.h"
#include "core/twists/SmoothBankTwist.h"
#include "core/twists/SumTwist.h"
#include "core/twists/UpFrameTwist.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tl {

namespace {
double get(const std::map<std::string, double>& params, const char* key, double fallback) {
    auto it = params.find(key);
    return it == params.end() ? fallback : it->second;
}
double need(const std::map<std::string, double>& params, const char* key) {
    auto it = params.find(key);
    if (it == params.end()) throw std::invalid_argument(std::string("missing \"") + key + "\"");
    return it->second;
}
// IFC's radius: signed (> 0 turns toward +y), 0 or absent = straight
double curvatureOfRadius(const std::map<std::string, double>& params, const char* key) {
    const double r = get(params, key, 0.0);
    return r == 0.0 ? 0.0 : 1.0 / r;
}
} // namespace

CurvePtr buildCurve(const CurveSpec& c) {
    const auto& p = c.params;
    if (c.type == "line") return std::make_shared<Line>(need(p, "length"));
    if (c.type == "arc") return std::make_shared<Arc>(need(p, "radius"), need(p, "angle"));
    if (c.type == "helix") {
        const double r = need(p, "radius"), pitch = need(p, "pitch");
        const double length = p.count("turns")
                                  ? need(p, "turns") * std::hypot(2 * std::numbers::pi * r, pitch)
                                  : need(p, "length");
        return std::make_shared<Helix>(r, pitch, length);
    }
    if (c.type == "clothoid")
        return std::make_shared<Clothoid>(need(p, "length"), get(p, "curvatureStart", 0.0),
                                          get(p, "curvatureEnd", 0.0));
    if (const auto law = TransitionSpiral::lawNamed(c.type)) {
        TransitionSpiral::Cant cant;
        if (*law == TransitionSpiral::Law::VienneseBend) {
            const double b = get(p, "railHeadDistance", TransitionSpiral::kDefaultRailHeadDistance);
            cant.gravityCentreHeight = get(p, "gravityCentreHeight", 0.0);
            cant.bankStart = TransitionSpiral::bankOfCant(get(p, "cantStart", 0.0), b);
            cant.bankEnd = TransitionSpiral::bankOfCant(get(p, "cantEnd", 0.0), b);
        }
        return std::make_shared<TransitionSpiral>(*law, need(p, "length"),
                                                  curvatureOfRadius(p, "radiusStart"),
                                                  curvatureOfRadius(p, "radiusEnd"), cant);
    }
    if (c.type == "cubic") {
        if (get(p, "radiusStart", 0.0) != 0.0)
            throw std::invalid_argument(
                "a cubic starts straight: radiusStart must be 0 or absent (IFC's cubic "
                "parabola y = x^3 / (6 R L)), got " +
                std::to_string(p.at("radiusStart")));
        return std::make_shared<CubicParabola>(need(p, "length"), curvatureOfRadius(p, "radiusEnd"));
    }
    if (c.type == "spline") {
        std::vector<Spline::ControlPoint> points;
        for (const auto& q : c.points)
            points.push_back({q.position, q.tangent});
        return std::make_shared<Spline>(std::move(points), c.closed);
    }
    if (c.type == "quintic") {
        const double x = need(p, "endX"), y = need(p, "endY"), chord = std::hypot(x, y);
        return std::make_shared<Quintic>(x, y, need(p, "endHeading"), get(p, "curvatureStart", 0.0),
                                         get(p, "curvatureEnd", 0.0), get(p, "weightStart", chord),
                                         get(p, "weightEnd", chord));
    }
    if (c.type == "alignment") return buildAlignmentCurve(c);
    throw std::invalid_argument("unknown curve type \"" + c.type + "\"");
}

std::shared_ptr<const AlignmentCurve> buildAlignmentCurve(const CurveSpec& c) {
    AlignmentCurveSpec a;
    try {
        a = alignmentSpecOf(c);
    } catch (const LayoutError& e) { // paths relative to the curve
        throw std::invalid_argument(e.path() + ": " + e.problem());
    }
    const double L = horizontalLengthOf(a.horizontal);
    VerticalProfile vertical(a.vertical, L);
    CantProfile cant(a.cant, a.railHeadDistance, L);
    CurveSpec h = a.horizontal;
    if (h.type == "vienneseBend" && a.hasCant) { // its cant term from the cant profile at its ends
        h.params["railHeadDistance"] = a.railHeadDistance;
        h.params["cantStart"] = cant.at(0.0).cant;
        h.params["cantEnd"] = cant.at(L).cant;
    }
    return std::make_shared<AlignmentCurve>(buildCurve(h), std::move(vertical), std::move(cant));
}

TwistPtr buildTwist(const TwistSpec& t, const Quat& bodyToCurve, double curveLength,
                    const UpReferencePtr& bankOn) {
    const auto& p = t.params;
    if (t.type == "constant") return std::make_shared<ConstantTwist>(need(p, "angle"));
    if (t.type == "linear")
        return std::make_shared<LinearTwist>(need(p, "start"), need(p, "end"), curveLength);
    if (t.type == "keys") return std::make_shared<KeysTwist>(t.keys);
    if (t.type == "directional" && bankOn)
        throw std::invalid_argument("a directional twist needs \"frame\": \"frenet\" (an up-frame track is "
                                    "already level: give it no twist for bank 0)");
    if (t.type == "directional")
        return std::make_shared<DirectionalTwist>(bodyToCurve * t.up.value_or(Vec3::UnitZ()));
    if (t.type == "cant") {
        auto cant =
            std::make_shared<CantTwist>(need(p, "designSpeed"), need(p, "maxAngle"), get(p, "g", 9.81));
        if (!bankOn) return cant;
        const std::string curve = bankOn->curve().type();
        if (curve == "clothoid")
            return std::make_shared<SmoothBankTwist>(cant, bankOn, SmoothBankTwist::Mode::Ramp);
        if (curve == "spline")
            return std::make_shared<SmoothBankTwist>(cant, bankOn, SmoothBankTwist::Mode::Average,
                                                     get(p, "smoothing", 10.0));
        return cant; // line, arc, helix: constant lateral curvature
    }
    if (t.type == "sum") {
        std::vector<TwistPtr> terms;
        for (const auto& o : t.of)
            terms.push_back(buildTwist(o, bodyToCurve, curveLength, bankOn));
        return std::make_shared<SumTwist>(std::move(terms));
    }
    throw std::invalid_argument("unknown twist type \"" + t.type + "\"");
}

TwistPtr buildTrackTwist(const TrackSpec& spec, const Quat& bodyToCurve, double curveLength,
                         const UpReferencePtr& up) {
    if (spec.curve.type == "alignment") { // banked by its cant profile (checkLayoutSpec: up, no twist)
        if (spec.frame != TrackFrame::Up || spec.twist)
            throw std::invalid_argument("an alignment track is \"frame\": \"up\" without a twist");
        const auto* curve = up ? dynamic_cast<const AlignmentCurve*>(&up->curve()) : nullptr;
        if (!curve) throw std::invalid_argument("an alignment track needs its alignment curve");
        // (the up reference owns the curve: share its ownership)
        return std::make_shared<UpFrameTwist>(
            up, std::make_shared<CantProfileTwist>(std::shared_ptr<const AlignmentCurve>(up, curve)));
    }
    if (spec.frame == TrackFrame::Frenet)
        return spec.twist ? buildTwist(*spec.twist, bodyToCurve, curveLength) : nullptr;
    TwistPtr bank = spec.twist ? buildTwist(*spec.twist, bodyToCurve, curveLength, up) : nullptr;
    return std::make_shared<UpFrameTwist>(up, std::move(bank));
}

} // namespace tl
