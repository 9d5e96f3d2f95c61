#include "core/twists/KeysTwist.h"

#include "core/curves/CurveArguments.h"

#include <algorithm>

namespace tl {

KeysTwist::KeysTwist(std::vector<std::pair<double, double>> keys, std::vector<double> after,
                     std::vector<double> before)
    : keys_(std::move(keys)) {
    if (keys_.empty()) throw std::invalid_argument("keys twist needs at least one key");
    if (after.size() != keys_.size() || before.size() != keys_.size())
        throw std::invalid_argument("keys twist: " + std::to_string(after.size()) + " and " +
                                    std::to_string(before.size()) + " slopes for " +
                                    std::to_string(keys_.size()) + " keys");
    for (size_t i = 0; i < keys_.size(); ++i) {
        args::requireFinite(keys_[i].first, "keys twist key s");
        args::requireFinite(keys_[i].second, "keys twist key angle");
        args::requireFinite(after[i], "keys twist key slope");
        args::requireFinite(before[i], "keys twist key slope");
        if (i > 0 && !(keys_[i].first > keys_[i - 1].first))
            throw std::invalid_argument("keys twist: key " + std::to_string(i) +
                                        " s must be strictly greater than the previous key's s");
    }
    slopes_ = std::move(after);
    arriving_ = std::move(before);
}

KeysTwist::KeysTwist(std::vector<std::pair<double, double>> keys) : keys_(std::move(keys)) {
    if (keys_.empty()) throw std::invalid_argument("keys twist needs at least one key");
    for (size_t i = 0; i < keys_.size(); ++i) {
        args::requireFinite(keys_[i].first, "keys twist key s");
        args::requireFinite(keys_[i].second, "keys twist key angle");
        if (i > 0 && !(keys_[i].first > keys_[i - 1].first))
            throw std::invalid_argument("keys twist: key " + std::to_string(i) +
                                        " s must be strictly greater than the previous key's s");
    }
    // Fritsch-Butland monotone slopes (C1, no overshoot); zero slope at the ends so that the constant
    // extension outside the keys keeps dwt continuous.
    const size_t n = keys_.size();
    slopes_.assign(n, 0.0);
    for (size_t i = 1; i + 1 < n; ++i) {
        const double h0 = keys_[i].first - keys_[i - 1].first, h1 = keys_[i + 1].first - keys_[i].first;
        const double d0 = (keys_[i].second - keys_[i - 1].second) / h0;
        const double d1 = (keys_[i + 1].second - keys_[i].second) / h1;
        if (d0 * d1 <= 0.0) continue;
        const double w0 = 2.0 * h1 + h0, w1 = h1 + 2.0 * h0;
        slopes_[i] = (w0 + w1) / (w0 / d0 + w1 / d1);
    }
}

TwistValue KeysTwist::at(double s, const Frame&) const {
    // held beyond the first and last keys; at the keys themselves the rate is the interpolant's
    if (keys_.size() < 2 || s < keys_.front().first) return {keys_.front().second, 0.0};
    if (s > keys_.back().first) return {keys_.back().second, 0.0};
    const auto it =
        std::upper_bound(keys_.begin(), keys_.end(), s,
                         [](double v, const std::pair<double, double>& k) { return v < k.first; });
    const size_t i = std::min(static_cast<size_t>(it - keys_.begin()) - 1, keys_.size() - 2);
    const double s0 = keys_[i].first, h = keys_[i + 1].first - s0;
    const double y0 = keys_[i].second, y1 = keys_[i + 1].second;
    const double m0 = slopes_[i] * h, m1 = (arriving_.empty() ? slopes_[i + 1] : arriving_[i + 1]) * h;
    const double t = (s - s0) / h, t2 = t * t, t3 = t2 * t;
    // cubic Hermite basis and its derivative
    const double wt =
        (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * m1;
    const double dwt =
        ((6 * t2 - 6 * t) * y0 + (3 * t2 - 4 * t + 1) * m0 + (-6 * t2 + 6 * t) * y1 + (3 * t2 - 2 * t) * m1) /
        h;
    return {wt, dwt};
}

} // namespace tl
