#include "core/twists/UpReference.h"

#include "core/curves/CurveArguments.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tl {

namespace {
constexpr double kPi = std::numbers::pi;
constexpr double kMaxUTurn = 0.5; // [rad] U turning more than this between samples: treat as a gap
} // namespace

double UpReference::raw(const Frame& F, double& da, double& r2) const {
    const double uT = up_.dot(F.T), uN = up_.dot(F.N), uB = up_.dot(F.B);
    r2 = uN * uN + uB * uB;
    da = r2 > 1e-300 ? (F.kappa * uT * uB / r2 - F.tau) * F.speed : 0.0;
    return std::atan2(-uN, uB);
}

UpReference::UpReference(CurvePtr curve, const Vec3& up) : curve_(std::move(curve)) {
    if (!curve_) throw std::invalid_argument("up reference: null curve");
    args::requireFinite(up, "up direction");
    if (!(up.norm() > 1e-12)) throw std::invalid_argument("up direction must be a non-zero vector");
    up_ = up.normalized();
    const double L = curve_->length();
    const int n = std::clamp(int(std::ceil(L / 0.25)), 32, 40000);
    h_ = L / n;
    invH_ = 1.0 / h_;
    length_ = L;
    closed_ = curve_->closed();
    const double cone2 = std::pow(std::sin(kSingularAngle), 2);
    std::vector<double> A(n + 1), D(n + 1), tau(n + 1);
    std::vector<Vec3> U(n + 1);
    std::vector<char> regular(n + 1);
    for (int k = 0; k <= n; ++k) {
        const Frame F = curve_->frame(k * h_);
        double r2 = 0;
        A[k] = raw(F, D[k], r2);
        tau[k] = F.tau * F.speed; // per unit of s
        regular[k] = r2 > cone2;
        U[k] = (up_ - up_.dot(F.T) * F.T).normalized();
    }
    intervals_.assign(n, Interval{});
    int k0 = 0;
    while (k0 <= n && !regular[k0])
        ++k0;
    if (k0 > n) { // vertical everywhere: a = 0 (wB = F.B)
        zones_.push_back({0.0, L, 0.0, 0.0, 0.0, 0.0, true});
        for (auto& iv : intervals_)
            iv.zone = 0;
        return;
    }
    if (k0 > 0) { // leading gap: hold the first regular value
        zones_.push_back({0.0, k0 * h_, A[k0], A[k0], 0.0, 0.0, true});
        for (int k = 0; k < k0; ++k)
            intervals_[k].zone = int(zones_.size()) - 1;
    }
    int parity = 0;
    int k = k0;
    while (k < n) {
        if (regular[k + 1] && U[k].dot(U[k + 1]) > std::cos(kMaxUTurn)) {
            intervals_[k].parity = parity;
            ++k;
            continue;
        }
        int j = k + 1;
        while (j <= n && !regular[j])
            ++j;
        const double a0 = A[k] + parity * kPi;
        if (j > n) { // trailing gap: hold
            zones_.push_back({k * h_, L, a0, a0, 0.0, 0.0, true});
            for (int i = k; i < n; ++i)
                intervals_[i].zone = int(zones_.size()) - 1;
            break;
        }
        // parallel transport (zero roll of U about T: da/ds = -tau) predicts the value at j
        double pred = a0;
        for (int i = k; i < j; ++i)
            pred -= 0.5 * (tau[i] + tau[i + 1]) * h_;
        const double m = std::round((pred - A[j]) / kPi);
        const double a1 = A[j] + m * kPi;
        parity = int(std::fmod(std::abs(m), 2.0));
        zones_.push_back({k * h_, j * h_, a0, a1, D[k], D[j], false});
        for (int i = k; i < j; ++i)
            intervals_[i].zone = int(zones_.size()) - 1;
        k = j;
    }
}

UpReference::Angle UpReference::inZone(double s, const Frame& F, const Vec3& up, int zone) const {
    Angle r;
    const Zone& z = zones_[std::size_t(zone)];
    if (z.hold) {
        r.a = z.a0;
    } else {
        const double w = z.s1 - z.s0, t = std::clamp((s - z.s0) / w, 0.0, 1.0), t2 = t * t, t3 = t2 * t;
        const double m0 = z.d0 * w, m1 = z.d1 * w;
        r.a = (2 * t3 - 3 * t2 + 1) * z.a0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * z.a1 +
              (t3 - t2) * m1;
        r.da = ((6 * t2 - 6 * t) * z.a0 + (3 * t2 - 4 * t + 1) * m0 + (-6 * t2 + 6 * t) * z.a1 +
                (3 * t2 - 2 * t) * m1) /
               w;
    }
    r.c = std::cos(r.a);
    r.sn = std::sin(r.a);
    const Vec3 wB = -r.sn * F.N + r.c * F.B;
    r.upsideDown = wB.dot(up) < 0.0;
    return r;
}

UpReference::Angle UpReference::tilted(const Frame& F, double uT, double uN, double uB, int parity) {
    Angle r;
    const double r2 = uN * uN + uB * uB;
    r.a = std::atan2(-uN, uB) + parity * kPi;
    r.da = r2 > 1e-300 ? (F.kappa * uT * uB / r2 - F.tau) * F.speed : 0.0;
    if (r2 > 0.0) {
        const double ir = 1.0 / std::sqrt(r2);
        r.c = uB * ir;
        r.sn = -uN * ir;
    }
    if (parity) {
        r.c = -r.c;
        r.sn = -r.sn;
    }
    r.upsideDown = parity != 0;
    return r;
}

Frame UpReference::level(const Frame& F, const Angle& u) {
    const double c = std::cos(u.a), sn = std::sin(u.a);
    Frame l = F;
    l.N = c * F.N + sn * F.B;
    l.B = -sn * F.N + c * F.B;
    l.kappa = F.kappa * c;
    l.dkappa = F.dkappa * c - F.kappa * sn * (u.da / F.speed); // per metre along the curve
    l.tau = F.tau + u.da / F.speed;
    return l;
}

} // namespace tl
