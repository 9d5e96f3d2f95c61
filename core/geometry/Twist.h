#pragma once
// A twist (bank/cant) profile wt(s) with its exact derivative dwt/ds.
#include "core/geometry/Curve.h"

#include <memory>
#include <string>

namespace tl {

struct TwistValue {
    double wt = 0.0;  // twist angle about F.T [rad]; positive turns wB from B towards -N
    double dwt = 0.0; // d wt / ds [rad/m] over the curve's s (Frame::speed), exact (not a finite difference)
};

class Twist {
public:
    virtual ~Twist() = default;
    virtual std::string type() const = 0; // "constant", "linear", "keys", "directional", "cant", "sum"
    // F is the curve's frame at s (profiles such as "directional" and "cant" need it).
    virtual TwistValue at(double s, const Frame& F) const = 0;
};

using TwistPtr = std::shared_ptr<const Twist>;

} // namespace tl
