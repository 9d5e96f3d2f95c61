#include "core/curves/CubicParabola.h"

#include "core/geometry/GaussLegendre.h"

#include "core/curves/CurveArguments.h"
#include "core/geometry/Limits.h"

#include <algorithm>
#include <cmath>

namespace tl {

namespace {
constexpr int kStartIntervals = 16;            // equal x intervals the refinement starts from
constexpr int kMaxDepth = 40;                  // halvings of one of them at most
constexpr std::size_t kMaxIntervals = 1 << 20; // table size bound (bounded time and memory for any input)
} // namespace

CubicParabola::CubicParabola(double length, double kappaEnd) : length_(length), kappa1_(kappaEnd) {
    args::requirePositive(length, "cubic length");
    args::requireFinite(kappaEnd, "cubic curvature at the end");
    if (!(std::abs(kappaEnd) <= limits::kMaxCurvature))
        throw std::invalid_argument("cubic curvature " + std::to_string(kappaEnd) +
                                    " 1/m is beyond the limit of " + std::to_string(limits::kMaxCurvature) +
                                    " 1/m (radius >= 1 mm)");
    a_ = kappa1_ / (6.0 * length_);
    // s(x) >= x, so the curve ends at some x <= L: tabulate s over [0, L] and cut it there
    x_.push_back(0.0);
    s_.push_back(0.0);
    const double step = length_ / kStartIntervals;
    for (int i = 0; i < kStartIntervals && s_.back() < length_; ++i) {
        const double x0 = i * step, x1 = i + 1 == kStartIntervals ? length_ : (i + 1) * step;
        refine(x0, x1, arc(x0, x1), 0);
    }
    const std::size_t last =
        std::min(s_.size() - 1,
                 static_cast<std::size_t>(std::lower_bound(s_.begin(), s_.end(), length_) - s_.begin()));
    // s_[last] >= L (or the table ends at x = L, s = L exactly for a line): cut the table at s = L
    if (last == 0 || s_[last] <= length_) {
        xEnd_ = x_[last];
    } else {
        xEnd_ = solve(last - 1, length_ - s_[last - 1]);
        x_.resize(last + 1);
        s_.resize(last + 1);
        x_[last] = xEnd_;
        s_[last] = length_;
    }
}

double CubicParabola::speed(double x) const {
    const double d = 3.0 * a_ * x * x;
    return std::sqrt(1.0 + d * d);
}

double CubicParabola::arc(double x0, double x1) const {
    const double hw = 0.5 * (x1 - x0), mid = x0 + hw; // (core/geometry/GaussLegendre.h)
    return gauss::accumulate8(
               0.0, [this](double x) { return speed(x); }, mid, hw) *
           hw;
}

void CubicParabola::refine(double x0, double x1, double whole, int depth) {
    const double xm = 0.5 * (x0 + x1), left = arc(x0, xm), right = arc(xm, x1);
    // accept where the halves agree with the whole to 1e-13 m per metre of x: the halves' own error is far
    // smaller still (the rule's error falls as the 17th power of the width)
    if (depth >= kMaxDepth || std::abs(left + right - whole) <= 1e-13 * (x1 - x0)) {
        if (x_.size() >= kMaxIntervals)
            throw std::invalid_argument("cubic too sharply curved for its arc-length table (more than " +
                                        std::to_string(kMaxIntervals) + " intervals)");
        x_.push_back(xm);
        s_.push_back(s_.back() + left);
        x_.push_back(x1);
        s_.push_back(s_.back() + right);
        return;
    }
    refine(x0, xm, left, depth + 1);
    refine(xm, x1, right, depth + 1);
}

double CubicParabola::solve(std::size_t i, double ds) const {
    const double x0 = x_[i], x1 = x_[i + 1];
    const double span = std::max(s_[i + 1] - s_[i], 1e-300);
    double x = x0 + (x1 - x0) * std::clamp(ds / span, 0.0, 1.0);
    for (int it = 0; it < 20; ++it) {
        const double f = arc(x0, x) - ds;
        x = std::clamp(x - f / speed(x), x0, x1);
        if (std::abs(f) < 1e-14 * std::max(1.0, length_)) break;
    }
    return x;
}

double CubicParabola::xAt(double s) const {
    s = args::clampArc(s, length_);
    if (s >= length_) return xEnd_;
    const auto it = std::upper_bound(s_.begin(), s_.end(), s);
    const std::size_t i =
        std::min<std::size_t>(std::max<std::ptrdiff_t>(it - s_.begin() - 1, 0), s_.size() - 2);
    return solve(i, s - s_[i]);
}

Frame CubicParabola::frame(double s) const {
    const double x = xAt(s);
    const double d1 = 3.0 * a_ * x * x, d2 = 6.0 * a_ * x, d3 = 6.0 * a_; // y', y'', y'''
    const double v = std::sqrt(1.0 + d1 * d1), v3 = v * v * v;
    Frame f;
    f.P = Vec3(x, a_ * x * x * x, 0.0);
    f.T = Vec3(1.0 / v, d1 / v, 0.0);
    f.N = Vec3(-f.T.y(), f.T.x(), 0.0);
    f.B = Vec3::UnitZ();
    f.kappa = d2 / v3;
    f.dkappa = (d3 / v3 - 3.0 * d1 * d2 * d2 / (v3 * v * v)) / v;
    return f;
}

} // namespace tl
