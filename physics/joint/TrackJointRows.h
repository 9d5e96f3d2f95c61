#pragma once
// The six constraint rows of the trackjoint (docs/trackjoint.md, "The six rows": equations (6)-(11)
// and their limits), computed from plain data with Eigen only. The Bullet adapter (TrackJointConstraint)
// copies these rows into btConstraintInfo2; tests check them without Bullet.
#include "core/geometry/Frame.h"

#include <array>
#include <limits>

namespace tl {

// Which of the six constraints a row implements (1-based, as docs/trackjoint.md numbers them).
enum class TrackJointRowId : int { Lateral = 1, Vertical = 2, Roll = 3, Pitch = 4, Yaw = 5, Motor = 6 };

// The anchor A of the moving body, in world coordinates: supposed to coincide with wF(s).
struct AnchorFrame {
    Vec3 P = Vec3::Zero();  // anchor point [m, world]
    Vec3 T = Vec3::UnitX(); // anchor axis meant to align with wF.T [world, unit]
    Vec3 N = Vec3::UnitY(); // anchor axis meant to align with wF.N [world, unit]
    Vec3 B = Vec3::UnitZ(); // anchor axis meant to align with wF.B [world, unit]
};

// Everything the rows depend on. All vectors in world coordinates.
// The rows' force limits [N] (rows 1, 2, 6) or [N m] (rows 3, 4, 5) and the motor: one value the
// constraint keeps (TrackJointConstraint) and hands to the rows whole. docs/trackjoint.md: all infinite
// except f2min = 0 (the track only pushes) and the motor limits.
struct TrackJointLimits {
    double lateralMax = std::numeric_limits<double>::infinity();  // |f1| <= lateralMax [N]
    double verticalMax = std::numeric_limits<double>::infinity(); // verticalMin <= f2 <= verticalMax [N]
    double verticalMin = 0.0; // 0: wheels can only push (lift-off possible); -inf: clamped (up-stop wheels)
    double rollMax = std::numeric_limits<double>::infinity(); // |t3| <= rollMax [N m]
    bool motorOn = false;                                     // row 6 present
    double vTarget = 0.0;                                     // motor target wF.T.(va - vp) [m/s]
    double motorForceMin = 0.0;                               // f6min [N] (usually -maxForce)
    double motorForceMax = 0.0;                               // f6max [N]
};

struct TrackJointState {
    AnchorFrame A;           // anchor of the moving body
    Vec3 FmP = Vec3::Zero(); // COM of the moving body Bm [m, world]
    Vec3 FtP = Vec3::Zero(); // COM of the track body Bt (any point if the track is on the ground) [m]
    TwistedFrame wF;         // track frame at s, already placed in the world: wF.F is F(s,t)
    double erp = 0.2;        // error reduction parameter [-], 0..1
    double dt = 1.0 / 240.0; // time step [s]
    TrackJointLimits limits; // force limits and motor
};

// One row: Jm.vm + Rm.wm + Jt.vt + Rt.wt = rhs, lo <= f <= hi.
struct TrackJointRow {
    TrackJointRowId id = TrackJointRowId::Lateral;
    Vec3 Jm = Vec3::Zero(); // coefficient of vm [-]
    Vec3 Rm = Vec3::Zero(); // coefficient of wm [m] (rows 1,2,6) or [-]
    Vec3 Jt = Vec3::Zero(); // coefficient of vt
    Vec3 Rt = Vec3::Zero(); // coefficient of wt
    double e = 0.0;         // position/orientation error [m] or [rad] (row 6: dt/erp * vTarget)
    double rhs = 0.0;       // velocity target erp/dt * e [m/s] or [rad/s] (row 6: vTarget)
    double lo = 0.0;        // lower force limit [N] or [N m]
    double hi = 0.0;        // upper force limit [N] or [N m]
    // J.v for given body velocities (the left side of docs/trackjoint.md, equation (4)).
    double apply(const Vec3& vm, const Vec3& wm, const Vec3& vt, const Vec3& wt) const {
        return Jm.dot(vm) + Rm.dot(wm) + Jt.dot(vt) + Rt.dot(wt);
    }
};

struct TrackJointRows {
    std::array<TrackJointRow, 6> row; // rows 0..count-1 are valid, in the order of docs/trackjoint.md
    int count = 0;                    // 5 without the motor, 6 with it
};

// Paper equations (6)-(11) for the given state.
TrackJointRows computeTrackJointRows(const TrackJointState& state);

// The errors e1..e5 of rows (6)-(10) alone [m, m, rad, rad, rad] (the monitor's and telemetry's channels).
std::array<double, 5> trackJointErrors(const AnchorFrame& A, const TwistedFrame& wF);

// The orientation mismatch vector m = 1/2 (A.T x wF.T + A.N x wF.N + A.B x wF.B). For a small rotation
// delta taking wF to A, m = -delta (so e = m . axis has the sign of the position errors e1, e2).
Vec3 trackJointOrientationMismatch(const AnchorFrame& A, const TwistedFrame& wF);

} // namespace tl
