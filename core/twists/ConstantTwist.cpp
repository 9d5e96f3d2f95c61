#include "core/twists/ConstantTwist.h"

#include "core/curves/CurveArguments.h"

namespace tl {

ConstantTwist::ConstantTwist(double angle) : angle_(angle) {
    args::requireFinite(angle, "constant twist angle");
}

TwistValue ConstantTwist::at(double, const Frame&) const {
    return {angle_, 0.0};
}

} // namespace tl
