#pragma once
// Quintic Hermite curve in the local xy-plane (the join tool's G2 connector): starts at the origin heading
// +x with signed curvature curvatureStart and ends at (endX, endY) heading endHeading with curvature
// curvatureEnd. With u in [0, 1]:
//   P(0) = 0, P'(0) = a (1, 0), P''(0) = a^2 k0 (0, 1),
//   P(1) = p1, P'(1) = b t1,    P''(1) = b^2 k1 n1     (t1 = (cos th1, sin th1), n1 = its left normal)
// so position, tangent and curvature match at both ends (G2); a, b = weightStart, weightEnd [m] (the
// speeds |dP/du| at the ends; default: the chord). Arc length: per sub-interval 8-point Gauss-Legendre,
// s -> u by Newton from the sub-interval's start. Frame: T = P'/|P'|, N = left normal, B = +z, tau = 0,
// kappa = (P' x P'')_z / |P'|^3 (signed, positive turning toward +y).
#include "core/geometry/Curve.h"

#include <Eigen/Core>

#include <vector>

namespace tl {

class Quintic : public Curve {
public:
    // Throws std::invalid_argument for non-finite arguments, weights <= 0 or a curve whose speed |dP/du|
    // vanishes (a cusp).
    Quintic(double endX, double endY, double endHeading, double curvatureStart, double curvatureEnd,
            double weightStart, double weightEnd);

    std::string type() const override { return "quintic"; }
    double length() const override { return length_; }
    Frame frame(double s) const override;

    double parameterAt(double s) const;                     // u in [0, 1] at arc length s
    double minSpeedRatio() const { return minSpeedRatio_; } // min |dP/du| / chord over samples

private:
    using V2 = Eigen::Vector2d;
    V2 d1(double u) const;
    V2 d2(double u) const;
    V2 d3(double u) const;
    V2 pos(double u) const;
    double speed(double u) const { return d1(u).norm(); }
    double integrate(double ua, double ub) const; // |P'| over [ua, ub] by 8-point Gauss-Legendre

    V2 c_[6];               // P(u) = sum c_k u^k [m]
    std::vector<double> s_; // arc length at u = i / n [m]
    double length_ = 0.0;   // [m]
    double minSpeedRatio_ = 1.0;
};

} // namespace tl
