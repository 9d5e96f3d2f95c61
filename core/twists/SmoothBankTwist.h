#pragma once
// A bank profile with a continuous rate d bank/ds (no one-step roll impulses on the trackjoint's row 3),
// made from a profile that follows the curvature (the "cant" twist) on the level frame of UpReference:
//  - Ramp (a transition curve, e.g. a clothoid): Bloss ramp between the profile's values at the two ends,
//      bank = b0 + (b1 - b0) (3 x^2 - 2 x^3),  x = s / length,  d bank/ds = (b1 - b0) 6 x (1 - x) / length,
//    so the rate is 0 at both ends (where the straight or the arc continues with rate 0) and the bank
//    approaches its end value - also a clamped maximum cant - with zero slope (a rounded approach).
//  - Average (splines): the profile's moving average over a window of `width` metres,
//      bank(s) = 1/w int_{s-w/2}^{s+w/2} b(x) dx,  d bank/ds = (b(s + w/2) - b(s - w/2)) / w,
//    with b tabulated every <= 0.2 m and linearly interpolated (so the rate is exactly the derivative and
//    continuous, even where b has kinks: a clamp at the maximum cant or a jump of dkappa at a spline's
//    control point). Closed curves wrap; open ones extend b by its end values (so the value at an open end
//    is the average over half a window: a mismatch with a neighbour shows in `validate`).
#include "core/geometry/Twist.h"
#include "core/twists/UpReference.h"

#include <vector>

namespace tl {

class SmoothBankTwist : public Twist {
public:
    enum class Mode { Ramp, Average };
    // profile: evaluated on up->levelFrame(s); width [m] > 0 (Average). Throws invalid_argument.
    SmoothBankTwist(TwistPtr profile, UpReferencePtr up, Mode mode, double width = 10.0);
    std::string type() const override { return profile_->type(); }
    TwistValue at(double s, const Frame& F) const override; // F: the level frame (ignored: tabulated)
    Mode mode() const { return mode_; }
    double width() const { return width_; }

private:
    double b(double x) const; // tabulated profile, linear, periodic (closed) or end-extended (open)
    double G(double x) const; // its exact integral from 0

    TwistPtr profile_;
    UpReferencePtr up_;
    Mode mode_;
    double width_;               // [m]
    double length_ = 0;          // [m]
    bool closed_ = false;        //
    double b0_ = 0, b1_ = 0;     // Ramp: end values [rad]
    double h_ = 0.2;             // Average: table spacing [m]
    std::vector<double> table_;  // b at k h_, k = 0..n
    std::vector<double> prefix_; // int_0^{k h_} b
};

} // namespace tl
