// The line-speed rule (LineSpeed.h): signs spread along increasing s, the lower where they meet.
#include "core/layout/LineSpeed.h"

#include <cmath>

namespace tl {

double signedLineSpeed(const TrackSpec& track) {
    const double v = track.lineSpeed.value_or(0.0);
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

namespace {

// The tracks entered at their start when leaving `track` through its end (every branch of a facing switch).
std::vector<int> followers(const Layout& layout, int track, const SwitchStates& initial) {
    std::vector<int> out;
    Transition t;
    try {
        t = layout.next(track, TrackEnd::End, initial);
    } catch (const std::exception&) {
        return out;
    }
    if (t.open) return out;
    if (t.viaSwitch >= 0 && !t.trailing) {
        const auto& sw = layout.switches()[std::size_t(t.viaSwitch)];
        for (std::size_t k = 0; k < sw.branches.size(); ++k) {
            SwitchStates states = initial;
            states[std::size_t(t.viaSwitch)] = int(k);
            const Transition b = layout.next(track, TrackEnd::End, states);
            if (!b.open && b.entry == TrackEnd::Start) out.push_back(b.track);
        }
    } else if (t.entry == TrackEnd::Start) {
        out.push_back(t.track);
    }
    return out;
}

} // namespace

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
            for (int f : followers(layout, t, initial)) {
                if (own[std::size_t(f)] > 0 || seen[std::size_t(f)] == sign) continue;
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
    const int maxHops = 2 * n + 2; // a loop is walked once at most
    int t = here.track, dir = here.direction >= 0 ? +1 : -1;
    double d = dir > 0 ? layout.track(std::size_t(t)).length() - here.s : here.s;
    for (int hop = 0; hop < maxHops && d <= reach; ++hop) {
        const Transition x = layout.next(t, dir > 0 ? TrackEnd::End : TrackEnd::Start, states);
        if (x.open) break;
        t = x.track;
        dir = x.direction;
        const double v = speeds[std::size_t(t)].speed;
        if (v > 0 && (v != now || speeds[std::size_t(t)].sign == t)) { // another speed, or a sign board
            r.next = v;
            r.distance = d;
            r.nextTrack = t;
            break;
        }
        d += layout.track(std::size_t(t)).length();
    }
    return r;
}

} // namespace tl
