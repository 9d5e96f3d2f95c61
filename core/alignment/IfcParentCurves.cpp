#include "core/alignment/IfcExportContext.h"

#include "core/curves/TransitionSpiral.h"
#include "core/curves/VerticalProfile.h"

#include <Eigen/Geometry>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tl::ifcexport {

namespace {

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

} // namespace

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

} // namespace tl::ifcexport
