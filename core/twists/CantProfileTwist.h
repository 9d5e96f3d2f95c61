#pragma once
// The bank of an alignment track (curve type "alignment", core/curves/AlignmentCurve.h) from its cant
// profile (core/curves/CantProfile.h), as the bank profile of its up frame (UpFrameTwist):
//   wt(s) = phi(u(s)) = -psi(u),  psi = asin(D / b) (IFC's bank, > 0 toward +y),
//   dwt/ds = -(dpsi/du) (du/ds),  dpsi/du = (dD/du) / sqrt(b^2 - D^2),  du/ds = 1 / sqrt(1 + z'(u)^2)
// exactly (u(s) from the curve's table). The minus: TrackLab's positive bank turns the track's up toward
// the right (docs/layout-format.md, "The up frame").
#include "core/curves/AlignmentCurve.h"
#include "core/geometry/Twist.h"

#include <memory>

namespace tl {

class CantProfileTwist : public Twist {
public:
    explicit CantProfileTwist(std::shared_ptr<const AlignmentCurve> curve); // throws for a null curve
    std::string type() const override { return "cantProfile"; }
    TwistValue at(double s, const Frame& F) const override; // F is not used

private:
    std::shared_ptr<const AlignmentCurve> curve_;
};

} // namespace tl
