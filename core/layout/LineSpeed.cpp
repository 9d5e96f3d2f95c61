// The line-speed rule (LineSpeed.h): signs spread along increasing s, the lower where they meet.
#include "core/layout/LineSpeed.h"

#include <cmath>

namespace tl {

double signedLineSpeed(const TrackSpec& track) {
    const double v = track.lineSpeed.value_or(0.0);
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

std::vector<LineSpeedOf> lineSpeeds(const Layout& layout) {
    const int n = int(layout.trackCount());
    std::vector<LineSpeedOf> out(static_cast<std::size_t>(n));
    std::vector<double> own(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        own[std::size_t(i)] = signedLineSpeed(layout.spec().tracks[std::size_t(i)]);
        if (own[std::size_t(i)] > 0) out[std::size_t(i)] = {own[std::size_t(i)], i};
    }
    const SwitchStates initial = layout.initialSwitchStates();
    std::vector<int> seen(static_cast<std::size_t>(n), -1); // last sign whose walk visited the track
    for (int sign = 0; sign < n; ++sign) {
        const double v = own[std::size_t(sign)];
        if (!(v > 0)) continue;
        std::vector<int> stack = {sign};
        seen[std::size_t(sign)] = sign;
        while (!stack.empty()) {
            const int t = stack.back();
            stack.pop_back();
            // every track entered at its start across t's end (each branch of a facing switch)
            for (const Transition& x : layout.branchesAcross(t, TrackEnd::End, initial)) {
                const int f = x.track;
                if (x.entry != TrackEnd::Start || own[std::size_t(f)] > 0 || seen[std::size_t(f)] == sign)
                    continue;
                seen[std::size_t(f)] = sign;
                LineSpeedOf& o = out[std::size_t(f)];
                if (o.sign < 0 || v < o.speed) o = {v, sign};
                stack.push_back(f);
            }
        }
    }
    return out;
}

LineSpeedAhead lineSpeedAhead(const Layout& layout, const std::vector<LineSpeedOf>& speeds,
                              const SwitchStates& states, const TrackPosition& here, double reach) {
    LineSpeedAhead r;
    const int n = int(layout.trackCount());
    if (here.track < 0 || here.track >= n || speeds.size() != std::size_t(n)) return r;
    const double now = speeds[std::size_t(here.track)].speed;
    if (now > 0) r.current = now;
    // ahead along the route as set: the first track entered that has a sign of its own (even one repeating
    // the speed) or whose line speed is another (where a lower sign's reach begins at a merge)
    // (Layout::walkRoute stops after 2 x track count + 2 ends: any loop has come round by then, and a further
    // lap finds nothing new; the visitor stops beyond `reach`)
    layout.walkRoute(here, states, [&](const RouteHop& h) {
        if (!(h.distance <= reach)) return false; // (a NaN reach or s: nothing ahead)
        const int t = h.via.track;
        const double v = speeds[std::size_t(t)].speed;
        if (v > 0 && (v != now || speeds[std::size_t(t)].sign == t)) { // another speed, or a sign board
            r.next = v;
            r.distance = h.distance;
            r.nextTrack = t;
            return false;
        }
        return true;
    });
    return r;
}

} // namespace tl
