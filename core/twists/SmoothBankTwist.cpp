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
}

double SmoothBankTwist::b(double x) const {
    const int n = int(table_.size()) - 1;
    if (closed_) {
        x -= length_ * std::floor(x / length_);
    } else if (x <= 0) {
        return table_.front();
    } else if (x >= length_) {
        return table_.back();
    }
    const int k = std::clamp(int(x / h_), 0, n - 1);
    const double t = x / h_ - k;
    return table_[k] + t * (table_[k + 1] - table_[k]);
}

double SmoothBankTwist::G(double x) const {
    const int n = int(table_.size()) - 1;
    double base = 0;
    if (closed_) {
        const double turns = std::floor(x / length_);
        base = turns * prefix_.back();
        x -= turns * length_;
    } else if (x <= 0) {
        return x * table_.front();
    } else if (x >= length_) {
        return prefix_.back() + (x - length_) * table_.back();
    }
    const int k = std::clamp(int(x / h_), 0, n - 1);
    const double d = x - k * h_, t = d / h_;
    return base + prefix_[k] + d * (table_[k] + 0.5 * t * (table_[k + 1] - table_[k]));
}

TwistValue SmoothBankTwist::at(double s, const Frame&) const {
    if (mode_ == Mode::Ramp) {
        const double x = std::clamp(s / length_, 0.0, 1.0);
        return {b0_ + (b1_ - b0_) * x * x * (3.0 - 2.0 * x), (b1_ - b0_) * 6.0 * x * (1.0 - x) / length_};
    }
    if (!closed_) s = args::clampArc(s, length_);
    const double lo = s - 0.5 * width_, hi = s + 0.5 * width_;
    return {(G(hi) - G(lo)) / width_, (b(hi) - b(lo)) / width_};
}

} // namespace tl
