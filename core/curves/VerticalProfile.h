#pragma once
// The vertical profile of an IFC 4.3 alignment (IfcAlignmentVerticalSegmentTypeEnum) as a height z(u) over
// the horizontal distance u, made of pieces (docs/layout-format.md, "Alignments"). Within a piece, with
// x = u - from, Lh its horizontal length, g0, g1 its start and end gradients, a = atan(gradient):
//   constantGradient  z = z0 + g0 x
//   parabolicArc      z = z0 + g0 x + (g1 - g0) x^2 / (2 Lh)          (constant d2z/du2; radius Lh / |g1 -
//   g0|) circularArc       a circle in the (u, z) plane: sin a(x) = sin a0 + k x, k = (sin a1 - sin a0) / Lh,
//                     radius 1 / |k| (k < 0: a crest, g1 < g0; k > 0: a sag);
//                     z = z0 + x (sin a + sin a0) / (cos a0 + cos a)
//   clothoid          the curvature of the (u, z) curve linear in its arc length sigma:
//                     k(sigma) = k0 + (k1 - k0) sigma / Sigma, a(sigma) = a0 + k0 sigma + (k1 - k0) sigma^2 /
//                     (2 Sigma); k0 = curvatureStart (default 0: out of a constant gradient), k1 and the
//                     arc length Sigma solved so that a(Sigma) = a1 and u(Sigma) = integral of cos a = Lh.
// The profile's own arc length sigma (integral of sqrt(1 + z'^2) du) is the 3D arc length of an alignment
// curve (core/curves/AlignmentCurve.h): constantGradient x sqrt(1 + g^2); circularArc (a - a0) / k, written
// asin(k x w) / k without cancellation; parabolicArc 8-point Gauss-Legendre over the piece (the integrand is
// analytic far beyond the piece: exact to rounding); clothoid the parameter itself (u and z by 8-point
// Gauss-Legendre from nodes every Sigma / 8). u from sigma: closed form (constantGradient, circularArc),
// Newton on the rule (parabolicArc, clothoid), to ~1e-12 m.
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tl {

// One piece as given (the file's units: m, ratios, 1/m).
struct VerticalPieceSpec {
    enum class Type { ConstantGradient, CircularArc, ParabolicArc, Clothoid };
    Type type = Type::ConstantGradient;
    double from = 0.0;           // horizontal distance of its start from the curve's start [m]
    double length = 0.0;         // horizontal length Lh [m] > 0
    double startHeight = 0.0;    // z0 [m] (absolute)
    double startGradient = 0.0;  // g0 = dz/du at the start [-]
    double endGradient = 0.0;    // g1 [-]
    double curvatureStart = 0.0; // clothoid only: k0 in the (u, z) plane [1/m] (> 0 concave up)
    double radius = 0.0;         // circularArc, parabolicArc: the radius as given [m] (its sign is not
                                 // read), 0 = not given; checked against the gradients
};

const char* verticalTypeName(VerticalPieceSpec::Type t); // "constantGradient", ...

// z and its u-derivatives at a horizontal distance.
struct ProfilePoint {
    double z = 0.0;  // height [m]
    double z1 = 0.0; // dz/du [-]
    double z2 = 0.0; // d2z/du2 [1/m]
    double z3 = 0.0; // d3z/du3 [1/m^2]
};

class VerticalPiece; // one law (VerticalProfile.cpp)

class VerticalProfile {
public:
    static constexpr double kJoinTolerance = 1e-3;   // [m] pieces' gaps, overlaps and height steps
    static constexpr double kGradientJump = 1e-3;    // [-] largest gradient step between pieces
    static constexpr double kRadiusTolerance = 1e-3; // relative: a given radius vs. the gradients

    // Pieces in order covering [0, horizontalLength] (each `from` within kJoinTolerance of the previous
    // end, the first at 0, the last ending at horizontalLength); piece i is evaluated on [from_i,
    // from_{i+1}). An empty list is a level profile z = 0. Throws std::invalid_argument naming the piece
    // ("vertical piece 2: ...") for a length <= 0, non-finite values, gaps, overlaps, height or gradient
    // steps, an arc with equal gradients, a clothoid that cannot be solved.
    VerticalProfile(std::vector<VerticalPieceSpec> pieces, double horizontalLength);
    ~VerticalProfile();
    VerticalProfile(VerticalProfile&&) noexcept;

    ProfilePoint at(double u) const; // u clamped to [0, horizontalLength]
    // Piece i's law at u (not clamped to its domain: its end values at a boundary the next piece owns).
    ProfilePoint atPiece(std::size_t i, double u) const;
    double arcLength(double u) const;              // sigma(u) from u = 0 [m]
    double horizontalDistance(double sigma) const; // its inverse [m]
    double length() const { return total_; }       // sigma at the end [m]
    double horizontalLength() const { return horizontalLength_; }
    const std::vector<VerticalPieceSpec>& pieces() const { return specs_; }

private:
    int pieceAtU(double u) const;
    int pieceAtSigma(double sigma) const;
    std::vector<VerticalPieceSpec> specs_;
    std::vector<std::unique_ptr<VerticalPiece>> laws_;
    std::vector<double> u0_;     // domain start of each piece [m]
    std::vector<double> sigma0_; // sigma at u0_ [m]
    double horizontalLength_ = 0.0;
    double total_ = 0.0;
};

} // namespace tl
