// SimulationEngine::permissibleLimits: the permissible speeds in curves (core/checks/PermissibleSpeeds.h,
// from the cant and the train's allowed cant deficiency) that a train on autopilot keeps to
// (physics/signal/Autopilot.h; docs/trains-format.md, "Signals and protection"): under the whole train, and
// ahead of it reached at its service braking. Along the route as the switches are set.
#include "physics/signal/Autopilot.h"
#include "physics/sim/SimulationEngine.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Calls f(v_p, x) for the places of one track from s = from towards dir (+1: increasing s) up to `length`
// metres on, x their distance from `from` plus x0 [m].
template <class F>
void scanTrack(const TrackPermissible& p, double from, int dir, double length, double x0, F&& f) {
    const int n = int(p.speed.size()) - 1;
    if (n < 1 || !(length >= 0)) return;
    const double h = p.length / n;
    if (dir > 0) {
        const double to = std::min(p.length, from + length);
        for (int i = std::max(0, int(std::ceil(from / h - 1e-9))); i <= n && i * h <= to + 1e-9; ++i)
            f(p.speed[std::size_t(i)], x0 + std::max(0.0, i * h - from));
    } else {
        const double to = std::max(0.0, from - length);
        for (int i = std::min(n, int(std::floor(from / h + 1e-9))); i >= 0 && i * h >= to - 1e-9; --i)
            f(p.speed[std::size_t(i)], x0 + std::max(0.0, from - i * h));
    }
}

// Calls f(v_p, x) for the places within `reach` [m] of `from` along its direction, the route as set.
template <class F>
void scanRoute(const Layout& layout, const std::vector<TrackPermissible>& P, const SwitchStates& states,
               const TrackPosition& from, double reach, double service, double cap, F&& f) {
    // a track whose lowest speed, even at its entry, is no lower than `cap` sets no lower limit: skipped
    auto worth = [&](int track, double x) {
        const double lo = P[std::size_t(track)].lowest;
        return std::isfinite(lo) && lo * lo + 2.0 * service * x < cap * cap;
    };
    if (worth(from.track, 0.0)) scanTrack(P[std::size_t(from.track)], from.s, from.direction, reach, 0.0, f);
    layout.walkRoute(from, states, [&](const RouteHop& h) {
        if (!(h.distance < reach)) return false;
        const int t = h.via.track;
        if (worth(t, h.distance)) {
            const bool atStart = h.via.entry == TrackEnd::Start;
            scanTrack(P[std::size_t(t)], atStart ? 0.0 : P[std::size_t(t)].length, atStart ? +1 : -1,
                      reach - h.distance, h.distance, f);
        }
        return true;
    });
}

} // namespace

SimulationEngine::PermissibleLimits
SimulationEngine::permissibleLimits(const Train& t, const TrackPosition& head, double service, double cap) {
    PermissibleLimits out{kInf, kInf};
    auto it = permissible_.find(t.spec.cantDeficiency);
    if (it == permissible_.end())
        it = permissible_
                 .emplace(t.spec.cantDeficiency,
                          permissibleSpeeds(layout_, curveSpeedProfile(t.spec.cantDeficiency)))
                 .first;
    const std::vector<TrackPermissible>& P = it->second;
    if (head.track < 0 || std::size_t(head.track) >= P.size() || !(service > 0) || !(cap > 0)) return out;
    // under the train: its cars' length back from the head (every place it stands on; cap: all of them)
    double length = 0;
    for (const Car& c : t.cars)
        length += c.stock.body.length;
    scanRoute(layout_, P, switchStates_, TrackPosition{head.track, head.s, -head.direction}, length, 0.0,
              kInf, [&](double v, double) { out.here = std::min(out.here, v); });
    // ahead: beyond cap^2 / 2a no braking curve comes under cap
    scanRoute(layout_, P, switchStates_, head, cap * cap / (2.0 * service), service, cap,
              [&](double v, double x) {
                  if (std::isfinite(v)) out.ahead = std::min(out.ahead, std::sqrt(v * v + 2.0 * service * x));
              });
    return out;
}

} // namespace tl
