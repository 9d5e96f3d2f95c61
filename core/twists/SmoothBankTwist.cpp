#include "core/twists/SmoothBankTwist.h"

#include "core/curves/CurveArguments.h"

#include <algorithm>
#include <cmath>

namespace tl {

SmoothBankTwist::SmoothBankTwist(TwistPtr profile, UpReferencePtr up, Mode mode, double width)
    : profile_(std::move(profile)), up_(std::move(up)), mode_(mode), width_(width) {
    if (!profile_ || !up_) throw std::invalid_argument("smooth bank: null profile or up reference");
    length_ = up_->curve().length();
    closed_ = up_->curve().closed();
    auto value = [&](double s) { return profile_->at(s, up_->levelFrame(s)).wt; };
    if (mode_ == Mode::Ramp) {
        b0_ = value(0.0);
        b1_ = value(length_);
        return;
    }
    args::requirePositive(width, "bank smoothing width");
    const int n = std::clamp(int(std::ceil(length_ / 0.2)), 8, 200000);
    h_ = length_ / n;
    table_.resize(n + 1);
    prefix_.assign(n + 1, 0.0);
    for (int k = 0; k <= n; ++k)
        table_[k] = value(k * h_);
    if (closed_) table_[n] = table_[0];
    for (int k = 1; k <= n; ++k)
        prefix_[k] = prefix_[k - 1] + 0.5 * h_ * (table_[k - 1] + table_[k]);
    cells_.resize(n);
    for (int k = 0; k < n; ++k)
        cells_[k] = {prefix_[k], table_[k], (table_[k + 1] - table_[k]) / h_};
    last_ = n - 1;
    invH_ = 1.0 / h_;
    invWidth_ = 1.0 / width_;
    invLength_ = 1.0 / length_;
    total_ = prefix_.back();
    end_ = table_.back();
}

TwistValue SmoothBankTwist::ramp(double s) const {
    const double x = std::clamp(s / length_, 0.0, 1.0);
    return {b0_ + (b1_ - b0_) * x * x * (3.0 - 2.0 * x), (b1_ - b0_) * 6.0 * x * (1.0 - x) / length_};
}

TwistValue SmoothBankTwist::at(double s, const Frame&) const {
    return at(s);
}

} // namespace tl
