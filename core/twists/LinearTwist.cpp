#include "core/twists/LinearTwist.h"

#include "core/curves/CurveArguments.h"

namespace tl {

LinearTwist::LinearTwist(double start, double end, double length)
    : start_(start), end_(end), length_(length) {
    args::requireFinite(start, "linear twist start");
    args::requireFinite(end, "linear twist end");
    args::requirePositive(length, "linear twist length");
}

TwistValue LinearTwist::at(double s, const Frame&) const {
    // held beyond the ends; at the ends themselves the rate is the track's own (validate compares it there)
    if (s < 0.0) return {start_, 0.0};
    if (s > length_) return {end_, 0.0};
    const double rate = (end_ - start_) / length_;
    return {start_ + rate * s, rate};
}

} // namespace tl
