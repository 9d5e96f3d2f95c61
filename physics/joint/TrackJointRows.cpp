// The trackjoint rows, docs/trackjoint.md (after M. Horstmann, "Track Constraints For Rigid
// Body Dynamics"), equations (6)-(11). '%' is the cross product, '*' the dot product.
//
//   Jm * vm + Rm * wm + Jt * vt + Rt * wt = erp/dt * e                                     (4)
//   va = vm + wm % (A.P - Fm.P),  wa = wm,  vp = vt + wt % (wF.P - Ft.P),  wp = wt            (5)
//
//   (6) lateral, bilateral:   (va - vp) * wF.N == erp/dt * -(A.P - wF.P) * wF.N
//       Jm1 = wF.N;  Rm1 = (A.P - Fm.P) % wF.N;  Jt1 = -wF.N;  Rt1 = wF.N % (wF.P - Ft.P);
//       e1 = (wF.P - A.P) * wF.N;  f1min = -inf;  f1max = inf
//   (7) vertical, unilateral: (va - vp) * wF.B == erp/dt * -(A.P - wF.P) * wF.B
//       Jm2 = wF.B;  Rm2 = (A.P - Fm.P) % wF.B;  Jt2 = -wF.B;  Rt2 = wF.B % (wF.P - Ft.P);
//       e2 = (wF.P - A.P) * wF.B;  f2min = 0;  f2max = inf
//   (8) roll about wF.T following torsion and twist:
//       wF.T * (wa - wp) - (tau + dwt/ds) * wF.T * (va - vp) == erp/dt * e3
//       Jm3 = -(tau + dwt/ds) * wF.T;  Rm3 =  wF.T - (tau + dwt/ds) * (A.P - Fm.P) % wF.T;
//       Jt3 =  (tau + dwt/ds) * wF.T;  Rt3 = -wF.T + (tau + dwt/ds) * (wF.P - Ft.P) % wF.T;
//       e3 = (A.N % wF.N + A.B % wF.B) * wF.T                  (the A.T % wF.T term cancels)
//   (9) no rotation about F.N (untwisted):  F.N * (wa - wp) == erp/dt * e4
//       Jm4 = 0;  Rm4 = F.N;  Jt4 = 0;  Rt4 = -F.N;
//       e4 = (A.T % wF.T + A.N % wF.N + A.B % wF.B) * F.N
//  (10) rotation about F.B following the curvature:
//       F.B * (wa - wp) - kappa * wF.T * (va - vp) == erp/dt * e5
//       Jm5 = -kappa * wF.T;  Rm5 =  F.B - kappa * (A.P - Fm.P) % wF.T;
//       Jt5 =  kappa * wF.T;  Rt5 = -F.B + kappa * (wF.P - Ft.P) % wF.T;
//       e5 = (A.T % wF.T + A.N % wF.N + A.B % wF.B) * F.B
//  (11) motor:  wF.T * (va - vp) == vTarget
//       Jm6 = wF.T;  Rm6 = (A.P - Fm.P) % wF.T;  Jt6 = -wF.T;  Rt6 = wF.T % (wF.P - Ft.P);
//       e6 = dt/erp * vTarget;  f6min = motor_force_min;  f6max = motor_force_max
//
// One deliberate deviation, tested in tst_trackjointrows: for a small rotation delta that takes wF to A,
// A.T % wF.T + A.N % wF.N + A.B % wF.B = -2 delta (exactly -2 sin|delta| delta/|delta|), so the paper's
// e3, e4, e5 are twice the angle error and J.v would be -1/2 de/dt. We use half the sum (the "mismatch"
// m below) so that J.v = -de/dt holds for all five rows and erp means the same for positions and angles.
#include "physics/joint/TrackJointRows.h"

namespace tl {

Vec3 trackJointOrientationMismatch(const AnchorFrame& A, const TwistedFrame& wF) {
    return 0.5 * (A.T.cross(wF.F.T) + A.N.cross(wF.wN) + A.B.cross(wF.wB));
}

std::array<double, 5> trackJointErrors(const AnchorFrame& A, const TwistedFrame& wF) {
    const Vec3 m = trackJointOrientationMismatch(A, wF);
    return {(wF.F.P - A.P).dot(wF.wN), // e1
            (wF.F.P - A.P).dot(wF.wB), // e2
            m.dot(wF.F.T),             // e3
            m.dot(wF.F.N),             // e4
            m.dot(wF.F.B)};            // e5
}

TrackJointRows computeTrackJointRows(const TrackJointState& st) {
    const double inf = std::numeric_limits<double>::infinity();
    const AnchorFrame& A = st.A;
    const Frame& F = st.wF.F;              // untwisted frame F(s,t): F.P, F.T, F.N, F.B, kappa, tau
    const Vec3& wFP = F.P;                 // wF.P == F.P
    const Vec3& wFT = F.T;                 // wF.T == F.T
    const Vec3& wFN = st.wF.wN;            // twisted normal
    const Vec3& wFB = st.wF.wB;            // twisted binormal
    const Vec3 rm = A.P - st.FmP;          // A.P - Fm.P  [m]
    const Vec3 rt = wFP - st.FtP;          // wF.P - Ft.P [m]
    const double k = st.erp / st.dt;       // [1/s]
    const double tauW = F.tau + st.wF.dwt; // tau + dwt/ds [1/m]
    const double kappa = F.kappa;          // [1/m]
    const auto [e1, e2, e3, e4, e5] = trackJointErrors(A, st.wF); // m below: the orientation mismatch

    TrackJointRows out;
    auto add = [&](TrackJointRowId id, const Vec3& Jm, const Vec3& Rm, const Vec3& Jt, const Vec3& Rt,
                   double e, double lo, double hi) {
        TrackJointRow& r = out.row[out.count++];
        r.id = id;
        r.Jm = Jm;
        r.Rm = Rm;
        r.Jt = Jt;
        r.Rt = Rt;
        r.e = e;
        r.rhs = k * e;
        r.lo = lo;
        r.hi = hi;
    };

    // (6) Constraint 1: lateral, bilateral.
    add(TrackJointRowId::Lateral, wFN, rm.cross(wFN), -wFN, wFN.cross(rt), e1, -st.limits.lateralMax,
        st.limits.lateralMax);

    // (7) Constraint 2: vertical, the track only pushes (f2min = 0).
    add(TrackJointRowId::Vertical, wFB, rm.cross(wFB), -wFB, wFB.cross(rt), e2, st.limits.verticalMin,
        st.limits.verticalMax);

    // (8) Constraint 3: roll about wF.T following tau + dwt/ds.
    const Vec3 Jm3 = -tauW * wFT;
    const Vec3 Rm3 = wFT - tauW * rm.cross(wFT);
    const Vec3 Jt3 = tauW * wFT;
    const Vec3 Rt3 = -wFT + tauW * rt.cross(wFT);
    add(TrackJointRowId::Roll, Jm3, Rm3, Jt3, Rt3, e3, -st.limits.rollMax, st.limits.rollMax);

    // (9) Constraint 4: no rotation about the untwisted F.N.
    add(TrackJointRowId::Pitch, Vec3::Zero(), F.N, Vec3::Zero(), -F.N, e4, -inf, inf);

    // (10) Constraint 5: rotation about F.B following kappa.
    const Vec3 Jm5 = -kappa * wFT;
    const Vec3 Rm5 = F.B - kappa * rm.cross(wFT);
    const Vec3 Jt5 = kappa * wFT;
    const Vec3 Rt5 = -F.B + kappa * rt.cross(wFT);
    add(TrackJointRowId::Yaw, Jm5, Rm5, Jt5, Rt5, e5, -inf, inf);

    // (11) Constraint 6: the motor, wF.T * (va - vp) == vTarget within the motor force limits.
    if (st.limits.motorOn) {
        // dt/erp * vTarget, so that erp/dt * e6 == vTarget (reported as 0 when erp == 0: no NaN/inf)
        const double e6 = k > 0 ? st.limits.vTarget / k : 0.0;
        add(TrackJointRowId::Motor, wFT, rm.cross(wFT), -wFT, wFT.cross(rt), e6, st.limits.motorForceMin,
            st.limits.motorForceMax);
        out.row[out.count - 1].rhs = st.limits.vTarget; // exact, even for erp == 0
    }
    return out;
}

} // namespace tl
