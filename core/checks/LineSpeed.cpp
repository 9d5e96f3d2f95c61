#include "core/checks/LineSpeed.h"

#include <cmath>

namespace tl {

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

} // namespace tl
