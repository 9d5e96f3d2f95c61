#include "core/layout/LayoutSmoothness.h"

#include <algorithm>
#include <cmath>

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

// Bisect [a, b] down to 1 mm toward the larger change of `value`; returns the final bracket.
template <class F> std::pair<double, double> narrow(double a, double b, const F& value) {
    while (b - a > 1e-3) {
        const double m = 0.5 * (a + b);
        if (value(m, a) >= value(b, m))
            b = m;
        else
            a = m;
    }
    return {a, b};
}

} // namespace

std::vector<RateJump> findRateJumps(const Layout& L, const SmoothnessTolerances& tol) {
    std::vector<RateJump> out;
    for (std::size_t t = 0; t < L.trackCount(); ++t) {
        const double len = L.track(t).length();
        const int n = std::max(2, int(std::ceil(len / 0.5)));
        auto dk = [&](double x, double y) { return (rates(L, t, x).k - rates(L, t, y).k).norm(); };
        auto dr = [&](double x, double y) { return std::abs(rates(L, t, x).roll - rates(L, t, y).roll); };
        Rates prev = rates(L, t, 0.0);
        for (int i = 1; i <= n; ++i) {
            const double a = len * (i - 1) / n, b = len * i / n;
            const Rates cur = rates(L, t, b);
            if ((cur.k - prev.k).norm() > tol.curvature) {
                const auto [x, y] = narrow(a, b, dk);
                const double j = dk(y, x);
                if (j > tol.curvature)
                    out.push_back({L.track(t).id(), 0.5 * (x + y), "", "curvature", rates(L, t, x).k.norm(),
                                   rates(L, t, y).k.norm(), j});
            }
            if (std::abs(cur.roll - prev.roll) > tol.rollRate) {
                const auto [x, y] = narrow(a, b, dr);
                const double j = dr(y, x);
                if (j > tol.rollRate)
                    out.push_back({L.track(t).id(), 0.5 * (x + y), "", "roll rate", rates(L, t, x).roll,
                                   rates(L, t, y).roll, j});
            }
            prev = cur;
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
