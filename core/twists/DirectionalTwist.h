#pragma once
#include "core/geometry/Twist.h"

namespace tl {

// wt chosen so that wF.B is as close as possible to `up` (curve-local coordinates, like F):
//   wt = atan2(-up.N, up.B),  dwt = kappa (up.T)(up.B) / ((up.N)^2 + (up.B)^2) - tau   (exact, from
//   dN/ds = -kappa T + tau B, dB/ds = -tau N). The "no bank" track; continuous through hills and sags.
// wt is returned in (reference - pi, reference + pi]; a 2 pi wrap does not move wF. Undefined where the
// tangent is parallel to `up` (a vertical track): there wt is held at the reference and dwt = 0.
class DirectionalTwist : public Twist {
public:
    explicit DirectionalTwist(Vec3 up, double reference = 0.0); // throws invalid_argument if up ~ 0
    std::string type() const override { return "directional"; }
    TwistValue at(double s, const Frame& F) const override;
    const Vec3& up() const { return up_; }

private:
    Vec3 up_;          // unit up direction, curve-local
    double reference_; // centre of the returned wt range [rad]
};

} // namespace tl
