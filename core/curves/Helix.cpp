#include "core/curves/Helix.h"

#include "core/curves/CurveArguments.h"

#include <numbers>

namespace tl {

Helix::Helix(double radius, double pitch, double length) : radius_(radius), pitch_(pitch), length_(length) {
    args::requirePositive(radius, "helix radius");
    args::requireFinite(pitch, "helix pitch");
    args::requirePositive(length, "helix length");
}

double Helix::turnLength() const {
    const double h = pitch_ / (2.0 * std::numbers::pi);
    return 2.0 * std::numbers::pi * std::sqrt(radius_ * radius_ + h * h);
}

Frame Helix::frame(double s) const {
    const double r = radius_;
    const double h = pitch_ / (2.0 * std::numbers::pi); // rise per radian [m]
    const double c2 = r * r + h * h;
    const double c = std::sqrt(c2);
    const double t = args::clampArc(s, length_) / c; // helix angle parameter [rad]
    const double ct = std::cos(t), st = std::sin(t), half = std::sin(0.5 * t);
    Frame f;
    f.P = Vec3(r * st, 2.0 * r * half * half, h * t);
    f.T = Vec3(r * ct, r * st, h) / c;
    f.N = Vec3(-st, ct, 0.0); // toward the axis
    f.B = Vec3(-h * ct, -h * st, r) / c;
    f.kappa = r / c2;
    f.tau = h / c2;
    return f;
}

} // namespace tl
