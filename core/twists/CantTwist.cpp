#include "core/twists/CantTwist.h"

#include "core/curves/CurveArguments.h"

namespace tl {

CantTwist::CantTwist(double designSpeed, double maxAngle, double g)
    : v_(designSpeed), maxAngle_(maxAngle), g_(g) {
    args::requireFinite(designSpeed, "cant designSpeed");
    args::requireFinite(maxAngle, "cant maxAngle");
    args::requirePositive(g, "cant gravity");
    if (designSpeed < 0.0) throw std::invalid_argument("cant designSpeed must be >= 0");
    if (maxAngle < 0.0) throw std::invalid_argument("cant maxAngle must be >= 0");
}

TwistValue CantTwist::at(double, const Frame& F) const {
    const double k = v_ * v_ / g_;   // [m]
    const double x = k * F.kappa;    // tan of the equilibrium cant
    const double wt = -std::atan(x); // lean into the curve: wB tilts toward N when kappa > 0
    if (wt > maxAngle_) return {maxAngle_, 0.0};
    if (wt < -maxAngle_) return {-maxAngle_, 0.0};
    return {wt, -k * F.dkappa / (1.0 + x * x)};
}

} // namespace tl
