#pragma once
#include "core/geometry/Twist.h"

namespace tl {

// Equilibrium cant for a design speed from the local signed curvature (docs/validation.md: tan phi = v^2/(g
// R)):
//   wt = clamp(-atan(v^2 kappa / g), -maxAngle, maxAngle),  dwt = -(v^2/g) dkappa / (1 + (v^2 kappa/g)^2)
// (0 where clamped). The minus sign leans the track into the curve (wB tilts toward N when kappa > 0).
// Ramps over transitions come from the curvature varying (clothoids, splines): an arc entered directly
// from a line gets a cant step, as in the geometry.
class CantTwist : public Twist {
public:
    // designSpeed [m/s] >= 0, maxAngle [rad] >= 0, g [m/s^2] > 0; throws invalid_argument otherwise.
    CantTwist(double designSpeed, double maxAngle, double g = 9.81);
    std::string type() const override { return "cant"; }
    TwistValue at(double s, const Frame& F) const override;
    double designSpeed() const { return v_; }
    double maxAngle() const { return maxAngle_; }
    double gravity() const { return g_; }

private:
    double v_;        // design speed [m/s]
    double maxAngle_; // clamp [rad]
    double g_;        // gravity [m/s^2]
};

} // namespace tl
