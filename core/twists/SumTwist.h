#pragma once
#include "core/geometry/Twist.h"

#include <vector>

namespace tl {

// Sum of profiles (e.g. manual keys on top of cant): wt and dwt add.
class SumTwist : public Twist {
public:
    explicit SumTwist(std::vector<TwistPtr> terms); // throws invalid_argument on a null term
    std::string type() const override { return "sum"; }
    TwistValue at(double s, const Frame& F) const override;
    const std::vector<TwistPtr>& terms() const { return terms_; }

private:
    std::vector<TwistPtr> terms_;
};

} // namespace tl
