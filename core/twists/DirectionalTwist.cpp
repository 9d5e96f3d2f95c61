#include "core/twists/DirectionalTwist.h"

#include "core/curves/CurveArguments.h"

#include <numbers>

namespace tl {

DirectionalTwist::DirectionalTwist(Vec3 up, double reference) : reference_(reference) {
    args::requireFinite(up, "directional twist up");
    args::requireFinite(reference, "directional twist reference");
    if (!(up.norm() > 1e-12)) throw std::invalid_argument("directional twist up must be a non-zero vector");
    up_ = up.normalized();
}

TwistValue DirectionalTwist::at(double, const Frame& F) const {
    const double uT = up_.dot(F.T), uN = up_.dot(F.N), uB = up_.dot(F.B);
    const double r2 = uN * uN + uB * uB; // |up x T|^2
    if (r2 < 1e-24) return {reference_, 0.0};
    double wt = std::atan2(-uN, uB);
    // bring into (reference - pi, reference + pi]
    wt = reference_ + std::remainder(wt - reference_, 2.0 * std::numbers::pi);
    // d/ds of atan2(y, x) with y = -up.N, x = up.B, dy = kappa up.T - tau up.B, dx = -tau up.N
    const double dwt = F.kappa * uT * uB / r2 - F.tau;
    return {wt, dwt};
}

} // namespace tl
