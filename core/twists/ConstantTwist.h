#pragma once
#include "core/geometry/Twist.h"

namespace tl {

// wt(s) = angle, dwt = 0.
class ConstantTwist : public Twist {
public:
    explicit ConstantTwist(double angle); // [rad]; throws std::invalid_argument if not finite
    std::string type() const override { return "constant"; }
    TwistValue at(double s, const Frame& F) const override;
    double angle() const { return angle_; }

private:
    double angle_; // [rad]
};

} // namespace tl
