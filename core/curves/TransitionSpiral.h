#pragma once
// The non-linear transition curves of IFC 4.3 (IfcAlignmentHorizontalSegmentTypeEnum BLOSSCURVE,
// HELMERTCURVE, COSINECURVE, SINECURVE, VIENNESEBEND) in the local xy-plane: start at the origin heading +x,
// signed curvature kappa(s) given by a law in xi = s / L, dk = kappaEnd - kappaStart:
//   bloss         kappa = k0 + dk (3 - 2 xi) xi^2
//   helmert       kappa = k0 + dk 2 xi^2                xi <= 1/2   (also Schramm curve)
//                 kappa = k0 + dk (1 - 2 (1 - xi)^2)    xi >  1/2
//   cosine        kappa = k0 + dk (1 - cos(pi xi)) / 2
//   sine          kappa = k0 + dk (xi - sin(2 pi xi) / (2 pi))   (also Klein curve)
//   vienneseBend  kappa = k0 + dk xi^4 (35 - 84 xi + 70 xi^2 - 20 xi^3)
//                        - 420 (h dpsi / L^2) xi^2 (1 - 4 xi + 5 xi^2 - 2 xi^3)
// These are the "base formulas (curvature)" of the IFC 4.3 enumeration's documentation, written there with
// kappa_1 for the start curvature. The Viennese bend's second term is -h d^2psi/ds^2 for the bank angle
// psi(s) = psi0 + dpsi xi^4 (35 - 84 xi + 70 xi^2 - 20 xi^3) (the same 7th-degree law; IFC defines the bank
// angle from the cant D and the rail head distance b as psi = asin(D / b)) and h the height of the gravity
// centre line above the track: the centre of gravity, not the track, follows the base law. psi > 0 banks
// the track toward +y (the cant of a left turn), so a cant that grows with a left turn first moves the track
// slightly to the right ("a small movement contrary to the main direction"). The cant is taken to change
// over the same length as this curve.
// Heading theta(s) = integral of kappa in closed form; position by 8-point Gauss-Legendre quadrature of
// (cos theta, sin theta) from precomputed nodes (|delta theta| <= 0.25 rad and at most L / 16 between nodes;
// the Helmert curve's half-way point is a node, where dkappa/ds has its kink), exact to ~1e-12 m over 100 m.
// N stays the left normal, B = +z, tau = 0, kappa signed, dkappa exact.
#include "core/geometry/Curve.h"

#include <optional>
#include <utility>
#include <vector>

namespace tl {

// The Viennese bend's cant-dependent term (ignored by the other laws).
struct TransitionCant {
    double gravityCentreHeight = 0.0; // h: height of the centre of gravity above the track [m]
    double bankStart = 0.0;           // psi at s = 0 [rad], > 0 banks toward +y
    double bankEnd = 0.0;             // psi at s = length [rad]
};

class TransitionSpiral : public Curve {
public:
    enum class Law { Bloss, Helmert, Cosine, Sine, VienneseBend };

    using Cant = TransitionCant;

    // Throws std::invalid_argument unless length > 0, all arguments are finite, |kappa| stays within
    // limits::kMaxCurvature and length x max |kappa| within limits::kMaxTurning.
    TransitionSpiral(Law law, double length, double kappaStart, double kappaEnd, const Cant& cant = {});

    static constexpr double kDefaultRailHeadDistance = 1.5; // b [m] (standard gauge)
    // psi = asin(cant / b), IFC's bank angle for a cant [m] over the rail head distance b [m]. Throws
    // std::invalid_argument unless b > 0 and |cant| <= b (both finite).
    static double bankOfCant(double cant, double railHeadDistance);

    // The law's shape f(xi) (0 at xi = 0, 1 at xi = 1, monotone) and df/dxi, xi clamped to [0, 1]: the
    // curvature laws above without the Viennese bend's cant term (also the cant laws of
    // core/curves/CantProfile.h).
    static std::pair<double, double> shapeOf(Law law, double xi);

    static const char* name(Law law);                            // "bloss", ..., "vienneseBend"
    static std::optional<Law> lawNamed(const std::string& type); // the inverse, nullopt if none

    std::string type() const override { return name(law_); }
    double length() const override { return length_; }
    Frame frame(double s) const override;

    Law law() const { return law_; }
    double kappaStart() const { return kappa0_; }
    double kappaEnd() const { return kappa0_ + dk_; }
    double curvature(double s) const; // kappa(s) [1/m], s clamped
    double heading(double s) const;   // theta(s) [rad], s clamped

private:
    Vec3 displacement(double a, double b) const; // P(b) - P(a), b - a <= one node step [m]
    Law law_;
    double length_; // [m]
    double kappa0_; // curvature at s = 0 [1/m]
    double dk_;     // kappaEnd - kappaStart [1/m]
    double hdpsi_;  // Viennese bend: h (psiEnd - psiStart) [m rad], 0 for the other laws
    double nodeStep_;
    std::vector<Vec3> nodes_; // P at s = i * nodeStep_ [m]
};

} // namespace tl
