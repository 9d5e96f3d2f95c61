#pragma once
// The up-referenced ("level") frame of a curve: U = `up` made perpendicular to T, continued through
// vertical tangents; bank is measured from it (docs/validation.md "Bank from the vertical").
//
// Expressed with the twist of docs/trackjoint.md (a directional twist): the level frame is the curve's frame
// F rotated about T by the angle a(s) from F.B to U,
//   raw a = atan2(-up.N, up.B),  da/ds = kappa (up.T)(up.B) / ((up.N)^2 + (up.B)^2) - tau      (exact)
// (times F.speed where s is not the curve's arc length: rates over s, as twists give theirs)
// so its true turning rate per metre is omega(F) + da/ds T, and a trackjoint following it uses
// tau + da/ds (+ d bank/ds) and kappa unchanged.
//
// Vertical tangents (a loop, a vertical lift): U is undefined where T is parallel to `up` and turns by
// half a turn when T passes close to it (at a rate ~ kappa / sin(angle to the vertical)). Within a cone of
// kSingularAngle (10 deg) around `up`, and wherever the raw
// angle turns by more than 0.3 rad between two table samples, a(s) is a cubic Hermite between the
// neighbouring regular samples (value and slope: C1), taking the branch a + m pi nearest to parallel
// transport (zero roll about T) across the gap. So U is continued - not flipped - through the vertical
// tangent of a loop: on the top half of a loop the continued U points down (toward the loop's centre)
// and a bank of 0 keeps the riders on the inside; upsideDown() tells where U is the flipped "+up".
// A gap at an open end holds a constant (wB turns with F there); a curve entirely within the cone uses
// a = 0. A closed curve that passes an odd number of vertical tangents (never a loop-the-loop, which has
// two) cannot return to its start with the same U; it then flips at s = 0.
#include "core/geometry/Curve.h"

#include <cmath>
#include <memory>
#include <vector>

namespace tl {

class UpReference {
public:
    static constexpr double kSingularAngle = 0.1745; // 10 deg: cone around `up` treated as vertical [rad]

    // up: curve-local unit up (non-zero). Samples the curve every <= 0.25 m (at least 32, at most 40000
    // samples). Throws invalid_argument for a zero up.
    UpReference(CurvePtr curve, const Vec3& up);

    struct Angle {
        double a = 0.0;           // angle from F.B to the continued U about T [rad]
        double da = 0.0;          // d a / ds per unit of the curve's s (F.speed x the rate per metre) [rad/m]
        bool upsideDown = false;  // continued U is -(up made perpendicular to T)
        double c = 1.0, sn = 0.0; // cos a, sin a (from the components of up where a is atan2 of them)
    };
    // F must be curve().frame(s) (the caller usually has it already).
    Angle at(double s, const Frame& F) const { return at(s, F, up_); }
    // The same with F given in other coordinates (rotated by R): up = R up() (the angle and its rate are
    // invariant under rotations; a track's localFrame evaluates its curve in its body's coordinates).
    Angle at(double s, const Frame& F, const Vec3& up) const {
        s = closed_ ? s - length_ * std::floor(s / length_) : (s < 0.0 ? 0.0 : (s > length_ ? length_ : s));
        Interval iv; // raw, parity 0 everywhere when there are no zones (the parity only changes across one)
        if (!zones_.empty()) {
            const int n = int(intervals_.size());
            int k = int(s * invH_);
            k = k < 0 ? 0 : (k > n - 1 ? n - 1 : k);
            iv = intervals_[std::size_t(k)];
            if (iv.zone >= 0) [[unlikely]]
                return inZone(s, F, up, iv.zone);
        }
        // raw: a = atan2(-uN, uB) (as raw()), cos a = uB / r, sin a = -uN / r
        const double uT = up.dot(F.T), uN = up.dot(F.N), uB = up.dot(F.B), r2 = uN * uN + uB * uB;
        if (!(uN == 0.0 && r2 > 1e-300)) [[unlikely]]
            return tilted(F, uT, uN, uB, iv.parity);
        // level rails on a level curve (uN = 0): atan2(-0, uB) or atan2(+0, uB) exactly, without the call;
        // r = |uB| (sqrt(uB^2) = |uB| in IEEE arithmetic), so cos a = +-1, sin a = -uN
        Angle r;
        r.a = std::copysign(kPi_ * double(uB < 0.0), -uN) + iv.parity * kPi_; // selects without branches
        r.c = std::copysign(1.0, uB);
        r.sn = -uN;
        r.da = (F.kappa * uT / uB - F.tau) * F.speed; // uB / r2 = 1 / uB up to rounding; per unit of s
        if (iv.parity) {
            r.c = -r.c;
            r.sn = -r.sn;
        }
        r.upsideDown = iv.parity != 0;
        return r;
    }
    // The level frame as a Frame: T, N = level left (U x T), B = U, kappa = lateral curvature
    // (dT/ds . N, the "horizontal" curvature; positive turning left), dkappa its derivative,
    // tau = the level frame's roll rate tau(F) + da/ds. Its Darboux vector is not tau T + kappa B (it also
    // turns about N on vertical curves): use it for the values, the rows use F and the summed twist.
    Frame levelFrame(double s, const Frame& F) const { return level(F, at(s, F)); }
    static Frame level(const Frame& F, const Angle& u); // F turned by u.a about T, with the rates above
    Frame levelFrame(double s) const { return levelFrame(s, curve_->frame(s)); }

    const Vec3& up() const { return up_; }
    const Curve& curve() const { return *curve_; }

private:
    struct Interval {   // [k h, (k + 1) h]
        int parity = 0; // outside zones: 0 = U is +(up made perpendicular to T), 1 = flipped
        int zone = -1;  // index into zones_, or -1 (raw formula)
    };
    struct Zone {      // a(s) on [s0, s1]: Hermite (hold = false) or constant a0 (hold = true, open ends)
        double s0, s1; // [m]
        double a0, a1; // values at the ends [rad] (a1 on the branch chosen by parallel transport)
        double d0, d1; // slopes [rad/m]
        bool hold = false;
    };
    // raw a = atan2(-up.N, up.B) with its exact slope; r2 = |up x T|^2
    double raw(const Frame& F, double& da, double& r2) const;
    Angle inZone(double s, const Frame& F, const Vec3& up, int zone) const;           // at() in a zone
    static Angle tilted(const Frame& F, double uT, double uN, double uB, int parity); // at(): uN != 0
    static constexpr double kPi_ = 3.141592653589793238462643383279502884;

    CurvePtr curve_;
    Vec3 up_;
    double h_ = 0.25;                 // sample spacing [m]
    double invH_ = 4.0;               // 1 / h_
    double length_ = 0.0;             // curve_->length()
    bool closed_ = false;             // curve_->closed()
    std::vector<Interval> intervals_; // n intervals of length h_
    std::vector<Zone> zones_;
};

using UpReferencePtr = std::shared_ptr<const UpReference>;

} // namespace tl
