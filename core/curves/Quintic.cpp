#include "core/curves/Quintic.h"

#include "core/geometry/GaussLegendre.h"

#include "core/curves/CurveArguments.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

namespace {
constexpr int kIntervals = 256; // arc-length table sub-intervals (equal steps of u)
} // namespace

Quintic::Quintic(double endX, double endY, double endHeading, double k0, double k1, double a, double b) {
    args::requireFinite(endX, "quintic endX");
    args::requireFinite(endY, "quintic endY");
    args::requireFinite(endHeading, "quintic endHeading");
    args::requireFinite(k0, "quintic curvatureStart");
    args::requireFinite(k1, "quintic curvatureEnd");
    args::requirePositive(a, "quintic weightStart");
    args::requirePositive(b, "quintic weightEnd");
    const V2 p0(0, 0), v0(a, 0), a0(0, a * a * k0), p1(endX, endY);
    const V2 t1(std::cos(endHeading), std::sin(endHeading)), n1(-t1.y(), t1.x());
    const V2 v1 = b * t1, a1 = b * b * k1 * n1;
    // quintic Hermite basis in monomial form
    c_[0] = p0;
    c_[1] = v0;
    c_[2] = 0.5 * a0;
    c_[3] = -10 * p0 - 6 * v0 - 1.5 * a0 + 0.5 * a1 - 4 * v1 + 10 * p1;
    c_[4] = 15 * p0 + 8 * v0 + 1.5 * a0 - a1 + 7 * v1 - 15 * p1;
    c_[5] = -6 * p0 - 3 * v0 - 0.5 * a0 + 0.5 * a1 - 3 * v1 + 6 * p1;
    const double chord = std::max(p1.norm(), 1e-9);
    double vmin = std::numeric_limits<double>::infinity();
    for (int i = 0; i <= 4 * kIntervals; ++i)
        vmin = std::min(vmin, speed(double(i) / (4 * kIntervals)));
    minSpeedRatio_ = vmin / chord;
    if (!(vmin > 1e-6 * chord)) throw std::invalid_argument("quintic has a cusp (zero speed)");
    s_.resize(kIntervals + 1);
    s_[0] = 0.0;
    for (int i = 0; i < kIntervals; ++i)
        s_[i + 1] = s_[i] + integrate(double(i) / kIntervals, double(i + 1) / kIntervals);
    length_ = s_.back();
}

Quintic::V2 Quintic::pos(double u) const {
    return c_[0] + u * (c_[1] + u * (c_[2] + u * (c_[3] + u * (c_[4] + u * c_[5]))));
}
Quintic::V2 Quintic::d1(double u) const {
    return c_[1] + u * (2 * c_[2] + u * (3 * c_[3] + u * (4 * c_[4] + u * 5 * c_[5])));
}
Quintic::V2 Quintic::d2(double u) const {
    return 2 * c_[2] + u * (6 * c_[3] + u * (12 * c_[4] + u * 20 * c_[5]));
}
Quintic::V2 Quintic::d3(double u) const {
    return 6 * c_[3] + u * (24 * c_[4] + u * 60 * c_[5]);
}

double Quintic::integrate(double ua, double ub) const {
    const double hw = 0.5 * (ub - ua), mid = ua + hw; // (core/geometry/GaussLegendre.h)
    return gauss::accumulate8(
               0.0, [this](double u) { return speed(u); }, mid, hw) *
           hw;
}

double Quintic::parameterAt(double s) const {
    s = args::clampArc(s, length_);
    const auto it = std::upper_bound(s_.begin(), s_.end(), s);
    const int i = std::clamp(int(it - s_.begin()) - 1, 0, kIntervals - 1);
    const double u0 = double(i) / kIntervals, du = 1.0 / kIntervals;
    double u = u0 + du * (s - s_[i]) / std::max(s_[i + 1] - s_[i], 1e-300);
    for (int it2 = 0; it2 < 8; ++it2) {
        const double f = integrate(u0, u) - (s - s_[i]);
        const double step = f / speed(u);
        u = std::clamp(u - step, u0, u0 + du);
        if (std::abs(f) < 1e-13 * std::max(1.0, length_)) break;
    }
    return u;
}

Frame Quintic::frame(double s) const {
    const double u = s <= 0.0 ? 0.0 : (s >= length_ ? 1.0 : parameterAt(s));
    const V2 p = pos(u), q1 = d1(u), q2 = d2(u), q3 = d3(u);
    const double v = q1.norm(), v2 = v * v;
    const double cr = q1.x() * q2.y() - q1.y() * q2.x();
    const double cr3 = q1.x() * q3.y() - q1.y() * q3.x();
    Frame f;
    f.P = Vec3(p.x(), p.y(), 0.0);
    f.T = Vec3(q1.x() / v, q1.y() / v, 0.0);
    f.N = Vec3(-f.T.y(), f.T.x(), 0.0);
    f.B = Vec3::UnitZ();
    f.kappa = cr / (v2 * v);
    // d kappa / du = (P' x P''') / |P'|^3 - 3 (P' x P'') (P'.P'') / |P'|^5; d/ds = (d/du) / |P'|
    f.dkappa = (cr3 / (v2 * v) - 3.0 * cr * q1.dot(q2) / (v2 * v2 * v)) / v;
    return f;
}

} // namespace tl
