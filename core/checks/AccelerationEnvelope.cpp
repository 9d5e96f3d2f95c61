#include "core/checks/AccelerationEnvelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double levelTol(double g) {
    return 1e-9 * std::max(1.0, std::abs(g));
}

} // namespace

const char* envelopeProblem(const std::vector<EnvelopeCorner>& corners, int& index) {
    index = -1;
    if (corners.empty()) return "an envelope needs at least one [g, maxSeconds] pair";
    const double side = corners[0].g > 0 ? 1.0 : -1.0;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const EnvelopeCorner& c = corners[i];
        index = int(i);
        if (!std::isfinite(c.g) || !std::isfinite(c.seconds))
            return "g and maxSeconds must be finite numbers";
        if (c.g == 0) return "g must not be 0 (its sign says which side the envelope limits)";
        if (c.g * side < 0)
            return "all g of one envelope lie on one side of 0 (all positive or all negative)";
        if (c.seconds <= 0) return "maxSeconds must be > 0";
        if (i > 0) {
            const EnvelopeCorner& p = corners[i - 1];
            if (c.seconds <= p.seconds) return "maxSeconds must increase from pair to pair";
            if (std::abs(c.g) > std::abs(p.g)) return "|g| must not grow as maxSeconds increases";
        }
    }
    index = -1;
    return nullptr;
}

double envelopeAllowed(const std::vector<EnvelopeCorner>& c, double level) {
    if (c.empty()) return kInf;
    const double side = c[0].g > 0 ? 1.0 : -1.0;
    const double x = side * level, tol = levelTol(c[0].g);
    if (x > side * c[0].g + tol) return 0.0; // beyond the peak: never
    std::size_t j = 0;                       // the last corner at x or beyond
    for (std::size_t k = 0; k < c.size(); ++k)
        if (side * c[k].g >= x - tol) j = k;
    if (j + 1 == c.size()) return kInf; // within the sustained level
    const double gj = side * c[j].g, gn = side * c[j + 1].g;
    const double f = std::clamp((gj - x) / (gj - gn), 0.0, 1.0);
    return c[j].seconds + f * (c[j + 1].seconds - c[j].seconds);
}

std::vector<EnvelopeViolation> checkEnvelope(const std::vector<double>& t, const std::vector<double>& a,
                                             const std::vector<EnvelopeCorner>& corners) {
    const std::size_t n = std::min(t.size(), a.size());
    if (n == 0 || corners.empty()) return {};
    const double side = corners[0].g > 0 ? 1.0 : -1.0;
    std::vector<double> x(n); // the signal on the positive side
    for (std::size_t i = 0; i < n; ++i)
        x[i] = side * a[i];
    const double gPeak = side * corners.front().g, gLast = side * corners.back().g;
    const double tol = levelTol(gPeak);

    // the levels to try: every corner, every sample value on a ramp (between them the held time and the
    // allowed time are both linear in the level, so their difference is largest at one of these)
    std::vector<double> levels;
    for (const auto& c : corners)
        levels.push_back(side * c.g);
    for (double v : x)
        if (v > gLast + tol && v <= gPeak + tol) levels.push_back(v);
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end(),
                             [&](double p, double q) {
                                 return std::abs(p - q) <= 1e-12 * std::max(1.0, std::abs(q));
                             }),
                 levels.end());

    std::vector<EnvelopeViolation> found;
    // the stretches at `level` or beyond (strictly beyond: `strict`), each against `allowed`
    auto scan = [&](double level, bool strict, double allowed) {
        auto beyond = [&](double v) {
            return strict ? v > level + tol : v >= level - 1e-12 * std::max(1.0, level);
        };
        auto cross = [&](std::size_t p, std::size_t q) {
            if (x[q] == x[p]) return t[p];
            const double f = std::clamp((level - x[p]) / (x[q] - x[p]), 0.0, 1.0);
            return t[p] + f * (t[q] - t[p]);
        };
        std::size_t i = 0;
        while (i < n) {
            if (!beyond(x[i])) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j + 1 < n && beyond(x[j + 1]))
                ++j;
            const double t0 = i > 0 ? cross(i - 1, i) : t[0];
            const double t1 = j + 1 < n ? cross(j, j + 1) : t[n - 1];
            const double held = t1 - t0;
            if (allowed == 0.0 || held > allowed + 1e-9 * std::max(1.0, allowed)) {
                EnvelopeViolation v{t0, t1, level, held, allowed, x[i], t[i]};
                for (std::size_t k = i; k <= j; ++k)
                    if (x[k] > v.peak) v.peak = x[k], v.tPeak = t[k];
                found.push_back(v);
            }
            i = j + 1;
        }
    };
    scan(gPeak, true, 0.0); // beyond the peak level: never
    for (double level : levels)
        if (level > gLast + tol) scan(level, false, envelopeAllowed(corners, side * level));

    // overlapping violations are one: keep the one held longest relative to what it is allowed
    std::sort(found.begin(), found.end(), [](const auto& p, const auto& q) { return p.t0 < q.t0; });
    auto worse = [](const EnvelopeViolation& p, const EnvelopeViolation& q) { // p worse than q
        const double rp = p.allowed > 0 ? p.duration / p.allowed : kInf;
        const double rq = q.allowed > 0 ? q.duration / q.allowed : kInf;
        return rp != rq ? rp > rq : p.duration > q.duration;
    };
    std::vector<EnvelopeViolation> out;
    double groupEnd = -kInf;
    for (const auto& v : found) {
        if (!out.empty() && v.t0 <= groupEnd) {
            if (worse(v, out.back())) out.back() = v;
            groupEnd = std::max(groupEnd, v.t1);
            continue;
        }
        out.push_back(v);
        groupEnd = v.t1;
    }
    for (auto& v : out)
        v.level *= side, v.peak *= side;
    return out;
}

} // namespace tl
