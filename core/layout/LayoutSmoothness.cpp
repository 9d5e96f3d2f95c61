#include "core/layout/LayoutSmoothness.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>

namespace tl {

namespace {

struct Rates {
    Vec3 k;      // curvature vector, world [1/m]
    double roll; // roll rate about the direction of travel [rad/m]
};

Rates rates(const Layout& L, std::size_t t, double s) {
    const TwistedFrame w = L.frameInWorld(t, s);
    return {w.F.kappa * w.F.N, w.F.tau + w.dwt};
}

// A jump is a change that does not shrink with the interval: a smooth rate changes by about as much over
// an interval as over its neighbours, a jump only over the one interval that holds it. An interval whose
// change exceeds the smaller of its neighbours' by more than tol is bisected toward the half with the
// larger change down to 1 mm (one evaluation per level; dropped as soon as both halves are within tol),
// and reported if its change still exceeds the larger of its 1 mm neighbours' by tol.
template <class V, class F, class D>
std::optional<std::tuple<double, double, double>> narrow(double a, double b, V va, V vb, double len,
                                                         const F& value, const D& change, double tol) {
    while (b - a > 1e-3) {
        const double m = 0.5 * (a + b);
        const V vm = value(m);
        const double left = change(va, vm), right = change(vm, vb);
        if (std::max(left, right) <= tol) return std::nullopt;
        if (left >= right)
            b = m, vb = vm;
        else
            a = m, va = vm;
    }
    const double w = b - a, size = change(va, vb);
    double around = 0.0; // the larger change over the neighbouring brackets of the same width: a kink of
                         // the rate (steeper on one side) is no jump
    if (a - w >= 0.0) around = std::max(around, change(value(a - w), va));
    if (b + w <= len) around = std::max(around, change(vb, value(b + w)));
    if (size - around <= tol) return std::nullopt;
    return std::tuple{a, b, size};
}

} // namespace

std::vector<RateJump> findRateJumps(const Layout& L, const SmoothnessTolerances& tol) {
    std::vector<RateJump> out;
    std::vector<Rates> r;
    for (std::size_t t = 0; t < L.trackCount(); ++t) {
        const double len = L.track(t).length();
        const int n = std::max(2, int(std::ceil(len / 0.5)));
        auto at = [&](double x) { return rates(L, t, x); };
        auto sAt = [&](int i) { return len * i / n; };
        auto dk = [](const Rates& x, const Rates& y) { return (x.k - y.k).norm(); };
        auto dr = [](const Rates& x, const Rates& y) { return std::abs(x.roll - y.roll); };
        r.resize(std::size_t(n) + 1);
        for (int i = 0; i <= n; ++i)
            r[std::size_t(i)] = at(sAt(i));
        // interval i is [s_i-1, s_i]; its change against the smaller of its neighbours'
        auto excess = [&](int i, const auto& change) {
            const double own = change(r[std::size_t(i - 1)], r[std::size_t(i)]);
            double around = INFINITY;
            if (i > 1) around = std::min(around, change(r[std::size_t(i - 2)], r[std::size_t(i - 1)]));
            if (i < n) around = std::min(around, change(r[std::size_t(i)], r[std::size_t(i + 1)]));
            return own - around;
        };
        for (int i = 1; i <= n; ++i) {
            const Rates &prev = r[std::size_t(i - 1)], &cur = r[std::size_t(i)];
            if (excess(i, dk) > tol.curvature)
                if (const auto j = narrow(sAt(i - 1), sAt(i), prev, cur, len, at, dk, tol.curvature)) {
                    const auto [x, y, size] = *j;
                    out.push_back({L.track(t).id(), 0.5 * (x + y), "", "curvature", at(x).k.norm(),
                                   at(y).k.norm(), size});
                }
            if (excess(i, dr) > tol.rollRate)
                if (const auto j = narrow(sAt(i - 1), sAt(i), prev, cur, len, at, dr, tol.rollRate)) {
                    const auto [x, y, size] = *j;
                    out.push_back(
                        {L.track(t).id(), 0.5 * (x + y), "", "roll rate", at(x).roll, at(y).roll, size});
                }
        }
    }
    // joints: connections and switch branches (a -> b in the direction of travel)
    auto joint = [&](const TrackEndIndex& a, const TrackEndIndex& b) {
        const std::size_t ta = std::size_t(a.track), tb = std::size_t(b.track);
        const double sa = a.end == TrackEnd::End ? L.track(ta).length() : 0.0;
        const double sb = b.end == TrackEnd::End ? L.track(tb).length() : 0.0;
        const Rates ra = rates(L, ta, sa), rb = rates(L, tb, sb);
        // k does not depend on the direction of travel; the roll rate about the direction of travel per
        // metre travelled does not either (both signs flip)
        const double jk = (ra.k - rb.k).norm(), jr = std::abs(ra.roll - rb.roll);
        if (jk > tol.curvature)
            out.push_back(
                {L.track(ta).id(), sa, L.track(tb).id(), "curvature", ra.k.norm(), rb.k.norm(), jk});
        if (jr > tol.rollRate)
            out.push_back({L.track(ta).id(), sa, L.track(tb).id(), "roll rate", ra.roll, rb.roll, jr});
    };
    for (const Connection& c : L.connections())
        joint(c.a, c.b);
    for (const Switch& w : L.switches())
        for (const TrackEndIndex& b : w.branches)
            joint(w.at, b);
    return out;
}

} // namespace tl
