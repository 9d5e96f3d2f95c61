#pragma once
// An IFC 4.3 alignment piece as one 3D curve (curve type "alignment", docs/layout-format.md "Alignments"):
// a planar horizontal curve H(u) (u = horizontal distance 0..L: line, arc, clothoid, bloss, helmert,
// cosine, sine, vienneseBend, cubic; their arc length is u), a vertical profile z(u)
// (core/curves/VerticalProfile.h) and a cant profile (core/curves/CantProfile.h, used by the track's bank:
// core/twists/CantProfileTwist.h).
//   P(u) = (Hx(u), Hy(u), z(u) - z(0))     (local coordinates; the track is placed at the height z(0))
// Its parameter is the 3D arc length s; since |dP/du|^2 = 1 + z'^2, s(u) is the arc length of the profile
// in the (u, z) plane (VerticalProfile::arcLength: closed forms and Gauss-Legendre, ~1e-12 m).
// Frame, with t, n the horizontal tangent and left normal, kh the horizontal curvature, v = sqrt(1 + z'^2):
//   T = (t, z') / v,  U = (e_z - z' t) / v (the level up),  (T, n, U) right-handed,
//   dT/ds = kn n + kv U,  kn = kh / v^2,  kv = z'' / v^3;  (T, n, U) rolls about T at tau_L = kh z' / v^2.
//   N = cos(beta) n + sin(beta) U, B = cos(beta) U - sin(beta) n, beta = the direction of (kn, kv) modulo pi,
//   kappa = kn cos(beta) + kv sin(beta) (signed), tau = tau_L + dbeta/ds,
//   dbeta/ds = (kn kv' - kv kn') / (kn^2 + kv^2), dkappa/ds = kn' cos(beta) + kv' sin(beta) (analytic).
// beta is continued: the branch modulo pi nearest to a table of beta sampled every <= 0.5 m (unwrapped);
// where the curve is straight (kn = kv = 0) beta is interpolated between its neighbouring curved samples
// (kappa = 0 there, tau = the interpolation's rate), 0 (N = left) on a curve straight throughout; on a
// horizontal line beta = pi/2 (N = the level up) wherever the profile is curved.
// Not handled: a point where kn and kv both vanish while the direction of (kn, kv) jumps (a vertical curve
// starting exactly where a horizontal transition passes zero curvature) turns N abruptly there.
#include "core/curves/CantProfile.h"
#include "core/curves/VerticalProfile.h"
#include "core/geometry/Curve.h"

#include <vector>

namespace tl {

class AlignmentCurve : public Curve {
public:
    // horizontal: a planar curve in the local xy-plane from the origin heading +x (N the left normal, B =
    // +z). Throws std::invalid_argument when the profiles do not fit its length (their constructors).
    AlignmentCurve(CurvePtr horizontal, VerticalProfile vertical, CantProfile cant);

    std::string type() const override { return "alignment"; }
    double length() const override { return vertical_.length(); }
    Frame frame(double s) const override;

    double horizontalDistance(double s) const { return vertical_.horizontalDistance(s); } // u(s) [m]
    double arcLength(double u) const { return vertical_.arcLength(u); }                   // s(u) [m]
    Frame frameAtU(double u) const; // frame(arcLength(u)) without the inversion

    const Curve& horizontal() const { return *horizontal_; }
    const VerticalProfile& vertical() const { return vertical_; }
    const CantProfile& cant() const { return cant_; }
    double startHeight() const { return z0_; } // z(0) (absolute) [m]

private:
    // The curvature components at u: kn, kv and their derivatives per metre of s (NaN-free).
    struct Curvatures {
        double kn = 0.0, kv = 0.0, dkn = 0.0, dkv = 0.0;
    };
    Curvatures curvatures(const Frame& h, const ProfilePoint& p) const;
    double tableBeta(double u, double& slope) const; // interpolated table value and its du-rate

    CurvePtr horizontal_;
    VerticalProfile vertical_;
    CantProfile cant_;
    double z0_ = 0.0;
    double du_ = 0.5;           // beta table spacing in u [m]
    std::vector<double> betas_; // unwrapped beta at u = i du_ [rad]
};

} // namespace tl
