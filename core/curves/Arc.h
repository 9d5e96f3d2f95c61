#pragma once
// Circular arc in the local xy-plane: starts at the origin heading +x and turns toward +y for angle > 0
// (toward -y for angle < 0). N stays the left normal (+y at the start), B = +z, kappa = sign(angle)/radius
// (signed), tau = 0. Length = radius * |angle|.
#include "core/geometry/Curve.h"

#include <cmath>

namespace tl {

class Arc : public Curve {
public:
    // Throws std::invalid_argument unless radius > 0, angle != 0 and both are finite.
    Arc(double radius, double angle);

    std::string type() const override { return "arc"; }
    double length() const override { return radius_ * std::abs(angle_); }
    Frame frame(double s) const override;

    double radius() const { return radius_; }
    double angle() const { return angle_; }

private:
    double radius_; // [m]
    double angle_;  // total turning angle [rad], positive toward +y
};

} // namespace tl
