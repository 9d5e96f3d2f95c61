#pragma once
// Clothoid (Euler spiral) in the local xy-plane: heading +x at the origin, signed curvature linear in s,
//   kappa(s) = kappaStart + (kappaEnd - kappaStart) s / length,  heading theta(s) = integral of kappa.
// Positive kappa turns toward +y. N stays the left normal (no flip where kappa crosses 0), B = +z, tau = 0.
// Position: composite Gauss-Legendre quadrature of (cos theta, sin theta) from precomputed nodes
// (sub-intervals with |delta theta| <= 0.25 rad), exact to ~1e-12 m over 100 m.
#include "core/geometry/Curve.h"

#include <vector>

namespace tl {

class Clothoid : public Curve {
public:
    // Throws std::invalid_argument unless length > 0 and all arguments are finite.
    Clothoid(double length, double kappaStart, double kappaEnd);

    std::string type() const override { return "clothoid"; }
    double length() const override { return length_; }
    Frame frame(double s) const override;

    double kappaStart() const { return kappa0_; }
    double kappaEnd() const { return kappa1_; }
    double heading(double s) const; // theta(s) [rad]

private:
    Vec3 displacement(double a, double b) const; // P(b) - P(a) by Gauss-Legendre, b - a <= one node step [m]
    double length_;                              // [m]
    double kappa0_;                              // curvature at s = 0 [1/m]
    double kappa1_;                              // curvature at s = length [1/m]
    double dkappa_;                              // d kappa / ds [1/m^2]
    double nodeStep_;                            // arc length between position nodes [m]
    std::vector<Vec3> nodes_;                    // P at s = i * nodeStep_ [m]
};

} // namespace tl
