#pragma once
#include "core/geometry/Twist.h"
#include "core/twists/UpReference.h"

namespace tl {

// The up-referenced track frame as a twist (type "up"): wt = a(s) + bank(s), where a is the angle from
// F.B to the continued level up U (UpReference) and bank is a profile evaluated on the level frame
// (UpReference::levelFrame: there "kappa" is the lateral curvature, so a "cant" profile banks from the
// vertical). dwt = da/ds + dbank/ds, so the trackjoint's tau + dwt/ds is the true roll rate of wF.
// bank may be null (level rails: bank 0 on grades and vertical curves too).
class UpFrameTwist : public Twist {
public:
    UpFrameTwist(UpReferencePtr up, TwistPtr bank); // throws invalid_argument for a null reference
    std::string type() const override { return "up"; }
    TwistValue at(double s, const Frame& F) const override;
    // The bank alone (angle from U to wB about T) and its rate at s; F = the curve's frame at s.
    TwistValue bankAt(double s, const Frame& F) const;
    const UpReferencePtr& reference() const { return up_; }
    const TwistPtr& bank() const { return bank_; }

private:
    UpReferencePtr up_;
    TwistPtr bank_; // may be null
};

} // namespace tl
