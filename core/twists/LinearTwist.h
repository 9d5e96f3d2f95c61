#pragma once
#include "core/geometry/Twist.h"

namespace tl {

// wt linear in s from start (s = 0) to end (s = length); constant (dwt = 0) outside [0, length].
class LinearTwist : public Twist {
public:
    LinearTwist(double start, double end, double length); // [rad], [rad], [m] > 0; throws invalid_argument
    std::string type() const override { return "linear"; }
    TwistValue at(double s, const Frame& F) const override;
    double start() const { return start_; }
    double end() const { return end_; }
    double length() const { return length_; }

private:
    double start_;  // wt at s = 0 [rad]
    double end_;    // wt at s = length [rad]
    double length_; // [m]
};

} // namespace tl
