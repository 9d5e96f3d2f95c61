#include "core/layout/LineSpeed.h"

#include <cmath>

namespace tl {

double signedLineSpeed(const TrackSpec& track) {
    const double v = track.lineSpeed.value_or(0.0);
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

std::optional<double> trackLineSpeed(const Layout& layout, int track) {
    const auto& tracks = layout.spec().tracks;
    if (track < 0 || std::size_t(track) >= tracks.size()) return std::nullopt;
    const double v = signedLineSpeed(tracks[std::size_t(track)]);
    if (v <= 0) return std::nullopt;
    return v;
}

LineSpeedAhead lineSpeedAhead(const Layout& layout, const SwitchStates& states, const TrackPosition& here,
                              double reach) {
    LineSpeedAhead r;
    const int n = int(layout.trackCount());
    if (here.track < 0 || here.track >= n) return r;
    const int maxHops = 2 * n + 2; // a loop is walked once at most

    // ahead: the first track entered that states a line speed
    {
        int t = here.track, dir = here.direction >= 0 ? +1 : -1;
        const double len = layout.track(std::size_t(t)).length();
        double d = dir > 0 ? len - here.s : here.s;
        for (int hop = 0; hop < maxHops && d <= reach; ++hop) {
            const Transition x = layout.next(t, dir > 0 ? TrackEnd::End : TrackEnd::Start, states);
            if (x.open) break;
            t = x.track;
            dir = x.direction;
            if (const auto v = trackLineSpeed(layout, t)) {
                r.next = v;
                r.distance = d;
                r.nextTrack = t;
                break;
            }
            d += layout.track(std::size_t(t)).length();
        }
    }
    // in force: this track's, else the nearest track behind that states one
    r.current = trackLineSpeed(layout, here.track);
    if (!r.current) {
        int t = here.track, dir = here.direction >= 0 ? -1 : +1; // walking backwards
        double d = dir > 0 ? layout.track(std::size_t(t)).length() - here.s : here.s;
        for (int hop = 0; hop < maxHops && d <= reach; ++hop) {
            const Transition x = layout.next(t, dir > 0 ? TrackEnd::End : TrackEnd::Start, states);
            if (x.open) break;
            t = x.track;
            dir = x.direction;
            if ((r.current = trackLineSpeed(layout, t))) break;
            d += layout.track(std::size_t(t)).length();
        }
    }
    return r;
}

} // namespace tl
