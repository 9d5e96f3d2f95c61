#pragma once
// The cubic parabola of IFC 4.3 (IfcAlignmentHorizontalSegmentTypeEnum CUBIC) in the local xy-plane:
//   y = x^3 / (6 R L),  x >= 0,
// starting at the origin heading +x with curvature 0 (IFC's cubic for alignments has no other start). R is
// the signed end radius (> 0 turns toward +y; kappaEnd = 1 / R, 0 = a straight line) and L the length.
// IFC states the segment's length as "the length along the curve", and writes the same L in the formula:
// the curve is cut where its arc length reaches L, at x = endX() < L. Its curvature there is
// y'' / (1 + y'^2)^(3/2) = (endX / (R L)) / (1 + y'^2)^(3/2), a little less than 1 / R: the cubic parabola
// only approximates the clothoid (IFC calls it "good enough").
// Arc length s(x) = integral of sqrt(1 + y'^2) dx: a table of x intervals refined until the 8-point and the
// two-half 8-point Gauss-Legendre rules agree (sum of the differences <= ~1e-11 m), s -> x by Newton from the
// interval's start; positions are exact to kTolerance. Frame from the exact x-derivatives:
// T = (1, y') / v, v = sqrt(1 + y'^2), kappa = y'' / v^3, dkappa/ds = (y''' / v^3 - 3 y' y''^2 / v^5) / v,
// N = left normal, B = +z, tau = 0.
#include "core/geometry/Curve.h"

#include <vector>

namespace tl {

class CubicParabola : public Curve {
public:
    static constexpr double kTolerance = 1e-9; // bound on the position error [m]

    // Throws std::invalid_argument unless length > 0, both are finite and |kappaEnd| <=
    // limits::kMaxCurvature.
    CubicParabola(double length, double kappaEnd);

    std::string type() const override { return "cubic"; }
    double length() const override { return length_; }
    Frame frame(double s) const override;

    double kappaEnd() const { return kappa1_; } // 1 / R (the nominal end curvature) [1/m]
    double coefficient() const { return a_; }   // a in y = a x^3, a = 1 / (6 R L) [1/m^2]
    double endX() const { return xEnd_; }       // x at s = length [m]
    double xAt(double s) const;                 // x at arc length s (clamped) [m]

private:
    double speed(double x) const;           // ds/dx = sqrt(1 + y'^2)
    double arc(double x0, double x1) const; // s(x1) - s(x0) by 8-point Gauss-Legendre [m]
    void refine(double x0, double x1, double whole, int depth);
    double solve(std::size_t i, double ds) const; // x with s(x) - s(x_i) = ds in interval i
    double length_;                               // [m]
    double kappa1_;                               // [1/m]
    double a_;                                    // [1/m^2]
    double xEnd_ = 0.0;                           // [m]
    std::vector<double> x_;                       // interval ends in x [m]
    std::vector<double> s_;                       // arc length at x_ [m]
};

} // namespace tl
