#include "core/curves/Clothoid.h"

#include "core/geometry/GaussLegendre.h"

#include "core/curves/CurveArguments.h"
#include "core/geometry/Limits.h"

#include <algorithm>

namespace tl {

namespace {

constexpr double kMaxHeadingStep = 0.25; // max heading change per position node interval [rad]

} // namespace

Clothoid::Clothoid(double length, double kappaStart, double kappaEnd)
    : length_(length), kappa0_(kappaStart), kappa1_(kappaEnd) {
    args::requirePositive(length, "clothoid length");
    args::requireFinite(kappaStart, "clothoid curvatureStart");
    args::requireFinite(kappaEnd, "clothoid curvatureEnd");
    dkappa_ = (kappa1_ - kappa0_) / length_;
    const double kmax = std::max(std::abs(kappa0_), std::abs(kappa1_));
    const double turning = length_ * kmax; // bounds the node count (and keeps the int conversion defined)
    if (!(turning <= limits::kMaxTurning))
        throw std::invalid_argument(
            "clothoid turns too far: length x max |curvature| = " + std::to_string(turning) +
            " rad, the limit is " + std::to_string(limits::kMaxTurning) + " rad");
    const int n = std::max(1, static_cast<int>(std::ceil(turning / kMaxHeadingStep)));
    nodeStep_ = length_ / n;
    nodes_.resize(n + 1);
    nodes_[0] = Vec3::Zero();
    for (int i = 0; i < n; ++i)
        nodes_[i + 1] = nodes_[i] + displacement(i * nodeStep_, (i + 1) * nodeStep_);
}

Vec3 Clothoid::displacement(double a, double b) const {
    return gauss::planarDisplacement([this](double s) { return heading(s); }, a, b);
}

double Clothoid::heading(double s) const {
    return s * (kappa0_ + 0.5 * dkappa_ * s);
}

Frame Clothoid::frame(double s) const {
    s = args::clampArc(s, length_);
    const int n = static_cast<int>(nodes_.size()) - 1;
    const int j = std::clamp(static_cast<int>(std::floor(s / nodeStep_)), 0, n - 1);
    const Vec3 d = displacement(j * nodeStep_, s);
    const double th = heading(s), c = std::cos(th), sn = std::sin(th);
    Frame f;
    f.P = nodes_[j] + d;
    f.T = Vec3(c, sn, 0.0);
    f.N = Vec3(-sn, c, 0.0); // left normal, kappa signed: continuous through kappa = 0
    f.B = Vec3::UnitZ();
    f.kappa = kappa0_ + dkappa_ * s;
    f.dkappa = dkappa_;
    return f;
}

} // namespace tl
