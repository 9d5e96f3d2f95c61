#include "core/curves/AlignmentCurve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace tl {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kStraight = 1e-30; // kn^2 + kv^2 below this: straight, beta undefined [1/m^2]
constexpr double kTableStep = 0.5;  // largest beta table spacing [m]

} // namespace

AlignmentCurve::AlignmentCurve(CurvePtr horizontal, VerticalProfile vertical, CantProfile cant)
    : horizontal_(std::move(horizontal)), vertical_(std::move(vertical)), cant_(std::move(cant)) {
    if (!horizontal_) throw std::invalid_argument("an alignment needs a horizontal curve");
    const double L = horizontal_->length();
    if (std::abs(L - vertical_.horizontalLength()) > 1e-9 * std::max(1.0, L))
        throw std::invalid_argument("the vertical profile is built for a horizontal length of " +
                                    std::to_string(vertical_.horizontalLength()) + " m, the curve has " +
                                    std::to_string(L) + " m");
    z0_ = vertical_.at(0.0).z;
    const int n = std::max(1, int(std::ceil(L / kTableStep)));
    du_ = L / n;
    betas_.assign(std::size_t(n) + 1, std::numeric_limits<double>::quiet_NaN());
    double previous = std::numeric_limits<double>::quiet_NaN();
    for (int i = 0; i <= n; ++i) {
        const double u = i * du_;
        const Curvatures k = curvatures(horizontal_->frame(u), vertical_.at(u));
        if (k.kn * k.kn + k.kv * k.kv <= kStraight) continue;
        double b = std::atan(k.kv / k.kn); // (-pi/2, pi/2]; +-pi/2 for kn = 0
        if (std::isfinite(previous)) b += kPi * std::round((previous - b) / kPi);
        betas_[std::size_t(i)] = previous = b;
    }
    // straight stretches: interpolated between the curved neighbours, held at the ends, 0 throughout
    int last = -1;
    for (int i = 0; i <= n; ++i) {
        if (!std::isfinite(betas_[std::size_t(i)])) continue;
        const double bi = betas_[std::size_t(i)];
        for (int j = last + 1; j < i; ++j)
            betas_[std::size_t(j)] = last < 0 ? bi
                                              : betas_[std::size_t(last)] + (bi - betas_[std::size_t(last)]) *
                                                                                (j - last) / (i - last);
        last = i;
    }
    for (int j = last + 1; j <= n; ++j)
        betas_[std::size_t(j)] = last < 0 ? 0.0 : betas_[std::size_t(last)];
}

AlignmentCurve::Curvatures AlignmentCurve::curvatures(const Frame& h, const ProfilePoint& p) const {
    const double v2 = 1.0 + p.z1 * p.z1, v = std::sqrt(v2);
    Curvatures c;
    c.kn = h.kappa / v2;
    c.kv = p.z2 / (v2 * v);
    // d/ds = (1 / v) d/du; d(v^2)/du = 2 z' z''
    c.dkn = (h.dkappa / v2 - 2.0 * h.kappa * p.z1 * p.z2 / (v2 * v2)) / v;
    c.dkv = (p.z3 / (v2 * v) - 3.0 * p.z2 * p.z2 * p.z1 / (v2 * v2 * v)) / v;
    return c;
}

double AlignmentCurve::tableBeta(double u, double& slope) const {
    const int n = int(betas_.size()) - 1;
    const int j = std::clamp(int(std::floor(u / du_)), 0, n - 1);
    slope = (betas_[std::size_t(j) + 1] - betas_[std::size_t(j)]) / du_;
    return betas_[std::size_t(j)] + slope * (u - j * du_);
}

Frame AlignmentCurve::frameAtU(double u) const {
    const double L = vertical_.horizontalLength();
    u = std::clamp(u, 0.0, L);
    const Frame h = horizontal_->frame(u);
    const ProfilePoint p = vertical_.at(u);
    const double v2 = 1.0 + p.z1 * p.z1, v = std::sqrt(v2);
    const Vec3 t(h.T.x(), h.T.y(), 0.0), n(h.N.x(), h.N.y(), 0.0), ez = Vec3::UnitZ();
    const Curvatures k = curvatures(h, p);
    double slope = 0.0;
    const double ref = tableBeta(u, slope);
    double beta = ref, dbeta = slope / v; // per metre of s
    const double k2 = k.kn * k.kn + k.kv * k.kv;
    if (k2 > kStraight) {
        beta = std::atan(k.kv / k.kn);
        beta += kPi * std::round((ref - beta) / kPi);
        dbeta = (k.kn * k.dkv - k.kv * k.dkn) / k2;
    }
    const double cb = std::cos(beta), sb = std::sin(beta);
    const Vec3 T = (t + p.z1 * ez) / v, U = (ez - p.z1 * t) / v;
    Frame f;
    f.P = Vec3(h.P.x(), h.P.y(), p.z - z0_);
    f.T = T;
    f.N = cb * n + sb * U;
    f.B = cb * U - sb * n;
    f.kappa = k.kn * cb + k.kv * sb;
    f.dkappa = k.dkn * cb + k.dkv * sb;
    f.tau = h.kappa * p.z1 / v2 + dbeta;
    return f;
}

Frame AlignmentCurve::frame(double s) const {
    return frameAtU(vertical_.horizontalDistance(s));
}

} // namespace tl
