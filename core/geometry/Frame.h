#pragma once
// A point and orthonormal directions on a curve at parameter s, usually its arc length (docs/trackjoint.md,
// "Frames": F(s) and wF(s)).
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace tl {

using Vec3 = Eigen::Vector3d;
using Quat = Eigen::Quaterniond;
using Pose = Eigen::Isometry3d; // rigid transform, local -> parent

// Continued Frenet frame F(s) of a curve, with the rates at which it turns per metre.
// d/ds (T, N, B) = omega x (T, N, B), omega = tau*T + kappa*B (Frenet-Serret with signed kappa).
// N and kappa may carry a sign so that the frame is continuous through inflections and straights.
struct Frame {
    Vec3 P = Vec3::Zero();  // position [m]
    Vec3 T = Vec3::UnitX(); // unit tangent, dP/ds
    Vec3 N = Vec3::UnitY(); // unit (continued) principal normal
    Vec3 B = Vec3::UnitZ(); // unit binormal, T x N
    double kappa = 0.0;     // signed curvature [1/m]
    double tau = 0.0;       // torsion [1/m]
    double dkappa = 0.0;    // d kappa / ds [1/m^2] (needed by the cant twist for dwt/ds)
    // Metres along the curve per unit of its parameter s: 1 where s is the curve's arc length (every curve
    // but the rails under a heartline, whose s is the heartline's arc length: core/layout/HeartlineRails.h).
    // kappa, tau and dkappa are per metre along the curve whatever the parameter.
    double speed = 1.0;

    Eigen::Matrix3d basis() const {
        Eigen::Matrix3d R;
        R.col(0) = T;
        R.col(1) = N;
        R.col(2) = B;
        return R;
    }
    Vec3 omega() const { return tau * T + kappa * B; } // Darboux vector [1/m]
};

// Twisted frame wF(s): F rotated about F.T by the twist angle wt(s) (docs/trackjoint.md, "Frames"):
//   wN = cos(wt) N + sin(wt) B,   wB = -sin(wt) N + cos(wt) B.
// Its rotation rate per metre is omega + dwt * T.
struct TwistedFrame {
    Frame F;                 // untwisted (continued Frenet) frame
    Vec3 wN = Vec3::UnitY(); // twisted normal (sideways, across the rails)
    Vec3 wB = Vec3::UnitZ(); // twisted binormal ("up" of the track)
    double wt = 0.0;         // twist angle [rad]
    double dwt = 0.0;        // d wt / ds per metre along the curve [rad/m] (a twist's rate over s / F.speed)

    Vec3 omega() const { return F.omega() + dwt * F.T; }
};

inline TwistedFrame twisted(const Frame& F, double wt, double dwt) {
    TwistedFrame w;
    w.F = F;
    w.wt = wt;
    w.dwt = dwt;
    const double c = std::cos(wt), s = std::sin(wt);
    w.wN = c * F.N + s * F.B;
    w.wB = -s * F.N + c * F.B;
    return w;
}

// Transform a frame by a rigid pose (placement of a curve in its body, or body in the world).
inline Frame transformed(const Pose& X, const Frame& f) {
    Frame r = f;
    r.P = X * f.P;
    r.T = X.linear() * f.T;
    r.N = X.linear() * f.N;
    r.B = X.linear() * f.B;
    return r;
}

} // namespace tl
