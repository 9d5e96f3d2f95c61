#pragma once
// Numerical checks of a curve's frame (used by tests and validation):
//  - darbouxResidual: max over T, N, B of |(F(s+h) - F(s-h)) / 2h - omega(s) x F(s)|  [1/m]
//  - orthonormalityError: max |F^T F - I| and |T x N - B|
#include "core/geometry/Curve.h"

#include <algorithm>

namespace tl {

inline double orthonormalityError(const Frame& f) {
    const Eigen::Matrix3d R = f.basis();
    const double e1 = (R.transpose() * R - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
    const double e2 = (f.T.cross(f.N) - f.B).cwiseAbs().maxCoeff();
    return std::max(e1, e2);
}

inline double darbouxResidual(const Curve& c, double s, double h) {
    const Frame f = c.frame(s), fp = c.frame(s + h), fm = c.frame(s - h);
    const Vec3 w = f.omega();
    const double eT = ((fp.T - fm.T) / (2 * h) - w.cross(f.T)).norm();
    const double eN = ((fp.N - fm.N) / (2 * h) - w.cross(f.N)).norm();
    const double eB = ((fp.B - fm.B) / (2 * h) - w.cross(f.B)).norm();
    return std::max({eT, eN, eB});
}

// Same check on the dP/ds = T relation: |(P(s+h) - P(s-h)) / 2h - T(s)| [-]
inline double tangentResidual(const Curve& c, double s, double h) {
    return ((c.position(s + h) - c.position(s - h)) / (2 * h) - c.frame(s).T).norm();
}

} // namespace tl
