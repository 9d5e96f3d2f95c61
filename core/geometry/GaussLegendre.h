#pragma once
// The 8-point Gauss-Legendre rule on [-1, 1] (exact for polynomials of degree 15): the curves' one
// quadrature -- the arc lengths of Spline and Quintic, the positions of Clothoid and TransitionSpiral.
#include <Eigen/Core>

#include <cmath>

namespace tl::gauss {

inline constexpr double kX8[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                                  0.9602898564975363}; // abscissae +-x
inline constexpr double kW8[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                                  0.1012285362903763}; // their weights

// sum + sum_k w_k (f(mid - hw x_k) + f(mid + hw x_k)). The rule over [mid - hw, mid + hw] is hw times the
// result; a composite rule accumulates several intervals before scaling once (the order of the additions
// is part of the result: the reference outputs depend on it to the last bit).
template <class F> double accumulate8(double sum, const F& f, double mid, double hw) {
    for (int k = 0; k < 4; ++k)
        sum += kW8[k] * (f(mid - hw * kX8[k]) + f(mid + hw * kX8[k]));
    return sum;
}

// The displacement (x, y) of a planar curve of heading th(s) over [a, b]: the rule applied to
// (cos th, sin th), x and y summed point by point (Clothoid, TransitionSpiral).
template <class Heading> Eigen::Vector3d planarDisplacement(const Heading& th, double a, double b) {
    const double hw = 0.5 * (b - a), mid = a + hw;
    double x = 0.0, y = 0.0;
    for (int k = 0; k < 4; ++k)
        for (double sg : {-1.0, 1.0}) {
            const double h = th(mid + sg * hw * kX8[k]);
            x += kW8[k] * std::cos(h);
            y += kW8[k] * std::sin(h);
        }
    return Eigen::Vector3d(hw * x, hw * y, 0.0);
}

} // namespace tl::gauss
