#include "core/curves/Arc.h"

#include "core/curves/CurveArguments.h"

namespace tl {

Arc::Arc(double radius, double angle) : radius_(radius), angle_(angle) {
    args::requirePositive(radius, "arc radius");
    args::requireFinite(angle, "arc angle");
    if (angle == 0.0) throw std::invalid_argument("arc angle must be non-zero");
}

Frame Arc::frame(double s) const {
    const double sg = angle_ > 0.0 ? 1.0 : -1.0;
    const double u = args::clampArc(s, length()) / radius_; // |heading change| [rad]
    const double th = sg * u;
    const double c = std::cos(th), sn = std::sin(th);
    const double half = std::sin(0.5 * u);
    Frame f;
    f.P = Vec3(radius_ * std::sin(u), sg * 2.0 * radius_ * half * half, 0.0); // 1 - cos u = 2 sin^2(u/2)
    f.T = Vec3(c, sn, 0.0);
    f.N = Vec3(-sn, c, 0.0); // left normal; kappa signed
    f.B = Vec3::UnitZ();
    f.kappa = sg / radius_;
    return f;
}

} // namespace tl
