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
#include "core/MemoryRange.h"
#include "core/geometry/Twist.h"
#include "core/twists/UpReference.h"

#include <array>
#include <cmath>
#include <vector>

namespace tl {

class SmoothBankTwist : public Twist {
public:
    enum class Mode { Ramp, Average };
    // profile: evaluated on up->levelFrame(s); width [m] > 0 (Average). Throws invalid_argument.
    SmoothBankTwist(TwistPtr profile, UpReferencePtr up, Mode mode, double width = 10.0);
    std::string type() const override { return profile_->type(); }
    TwistValue at(double s, const Frame& F) const override; // F: the level frame (ignored: tabulated)
    // The same without a frame (a function of s only), inline for Track::localFrame.
    TwistValue at(double s) const {
        if (mode_ == Mode::Ramp) return ramp(s);
        if (!closed_) s = s < 0.0 ? 0.0 : (s > length_ ? length_ : s);
        double blo, bhi;
        const double glo = G(s - 0.5 * width_, blo), ghi = G(s + 0.5 * width_, bhi);
        return {(ghi - glo) * invWidth_, (bhi - blo) * invWidth_};
    }
    Mode mode() const { return mode_; }
    double width() const { return width_; }

private:
    friend class Track; // Track::frameMemory, the one interface for the memory a frame reads
    // The table cells at(s') reads for s' from s to s + ds: the cells of both ends of the window at s and at
    // s + ds, each once (empty ranges for the rest, and for a ramp).
    std::array<MemoryRange, 4> cellMemory(double s, double ds) const {
        std::array<MemoryRange, 4> out{};
        if (mode_ == Mode::Ramp || cells_.empty()) return out;
        std::size_t k = 0;
        for (const double x : {s - 0.5 * width_, s + 0.5 * width_}) {
            const double y = closed_ ? x - length_ * std::floor(x * invLength_) : x;
            const std::size_t a = cellOf(std::min(y, y + ds)), b = cellOf(std::max(y, y + ds));
            out[k++] = {&cells_[a], sizeof(Cell)};
            if (b != a) out[k] = {&cells_[b], sizeof(Cell)}; // (a step moves ~0.1 m: mostly the same cell)
            ++k;
        }
        return out;
    }
    TwistValue ramp(double s) const;
    // The tabulated profile b (linear, periodic when closed, end-extended when open) and its exact integral
    // from 0, both at x from one cell: G(x) = prefix + d (value + d slope / 2), b(x) = value + d slope.
    std::size_t cellOf(double x) const { // the cell of x in [0, length]
        const int k = static_cast<int>(x * invH_);
        return static_cast<std::size_t>(k < 0 ? 0 : (k > last_ ? last_ : k));
    }
    double G(double x, double& b) const {
        double base = 0.0;
        if (closed_) {
            const double turns = std::floor(x * invLength_);
            base = turns * total_;
            x -= turns * length_;
        } else if (x <= 0.0) {
            b = cells_.front().value;
            return x * b;
        } else if (x >= length_) {
            b = end_;
            return total_ + (x - length_) * b;
        }
        const std::size_t k = cellOf(x);
        const Cell& c = cells_[k];
        const double d = x - double(k) * h_;
        b = c.value + d * c.slope;
        return base + c.prefix + d * (c.value + 0.5 * d * c.slope);
    }
    struct Cell {      // [k h, (k + 1) h]
        double prefix; // int_0^{k h} b
        double value;  // b(k h)
        double slope;  // (b((k + 1) h) - b(k h)) / h
    };

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
    std::vector<Cell> cells_;    // n cells (from table_ and prefix_)
    int last_ = 0;               // n - 1
    double invH_ = 5.0, invWidth_ = 0.1, invLength_ = 0.0;
    double total_ = 0.0, end_ = 0.0; // prefix_.back(), table_.back()
};

} // namespace tl
