// Layout traversal queries: next() across one end, advance() over any distance.
#include "core/layout/Layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tl {

namespace {
int directionEntering(TrackEnd entry) {
    return entry == TrackEnd::Start ? +1 : -1;
}
} // namespace

Transition Layout::next(int track, TrackEnd end, const SwitchStates& states) const {
    const Attachment& a = attachment(track, end);
    Transition t;
    auto enter = [&](const TrackEndIndex& e) {
        t.open = false;
        t.track = e.track;
        t.entry = e.end;
        t.direction = directionEntering(e.end);
    };
    switch (a.kind) {
    case AttachKind::None:
        if (tracks_[std::size_t(track)].curve().closed()) enter(TrackEndIndex{track, otherEnd(end)});
        break;
    case AttachKind::Connection:
        enter(a.other);
        t.viaConnection = a.index;
        break;
    case AttachKind::SwitchAt: {
        const Switch& w = switches_[std::size_t(a.index)];
        const int state =
            std::size_t(a.index) < states.size() ? states[std::size_t(a.index)] : w.initialState;
        if (state < 0 || std::size_t(state) >= w.branches.size())
            throw std::out_of_range("Layout: switch \"" + w.id + "\" state " + std::to_string(state) +
                                    " is not a branch index");
        enter(w.branches[std::size_t(state)]);
        t.viaSwitch = a.index;
        t.branch = state;
        break;
    }
    case AttachKind::SwitchBranch: {
        const Switch& w = switches_[std::size_t(a.index)];
        const int state =
            std::size_t(a.index) < states.size() ? states[std::size_t(a.index)] : w.initialState;
        enter(w.at);
        t.viaSwitch = a.index;
        t.branch = a.branch;
        t.trailing = true;
        t.trailedAgainst = state != a.branch;
        break;
    }
    }
    return t;
}

AdvanceResult Layout::advance(const TrackPosition& from, double ds, const SwitchStates& states) const {
    if (!std::isfinite(ds) || !std::isfinite(from.s))
        throw std::invalid_argument("Layout::advance: non-finite");
    if (from.direction != 1 && from.direction != -1)
        throw std::invalid_argument("Layout::advance: direction must be +1 or -1");
    AdvanceResult r;
    r.position = from;
    const int sense = ds < 0 ? -1 : +1;  // backwards moves run against the vehicle's orientation
    int motion = from.direction * sense; // direction of motion along s on the current track
    double remaining = std::abs(ds);
    double length = track(std::size_t(from.track)).length();
    double s = std::clamp(from.s, 0.0, length);
    int current = from.track;
    // A distance much longer than a closed loop would take ~distance/loop crossings: after kPlainCrossings
    // the entry (track, end) of each crossing is remembered with the distance travelled so far; on the first
    // repeat the path is a cycle (switch states do not change here) and the rest is reduced modulo its length
    // (so the loop runs at most ~2 x track-count + 64 times for any distance).
    constexpr int kPlainCrossings = 64;
    std::vector<double> travelledAtEntry; // per track end entered, NaN until entered [m]
    double travelled = 0.0;               // distance covered since the first remembered entry [m]
    bool reduced = false;
    for (;;) {
        const double room = motion > 0 ? length - s : s;
        if (remaining <= room) {
            s += motion * remaining;
            break;
        }
        remaining -= room;
        travelled += room;
        const TrackEnd end = motion > 0 ? TrackEnd::End : TrackEnd::Start;
        s = motion > 0 ? length : 0.0;
        const Transition t = next(current, end, states);
        if (t.open) {
            r.stoppedAtOpenEnd = true;
            r.openEnd = end;
            r.leftover = remaining;
            break;
        }
        ++r.crossings;
        current = t.track;
        length = tracks_[std::size_t(current)].length();
        s = t.entry == TrackEnd::Start ? 0.0 : length;
        motion = t.direction;
        if (r.crossings > kPlainCrossings && !reduced) {
            if (travelledAtEntry.empty()) {
                travelledAtEntry.assign(2 * tracks_.size(), std::numeric_limits<double>::quiet_NaN());
                travelled = 0.0;
            }
            double& seen = travelledAtEntry[std::size_t(2 * current + (t.entry == TrackEnd::End ? 1 : 0))];
            if (std::isnan(seen)) {
                seen = travelled;
            } else {
                remaining = std::fmod(remaining, travelled - seen); // whole laps change nothing
                reduced = true;
            }
        }
    }
    r.position.track = current;
    r.position.s = s;
    r.position.direction = motion * sense;
    return r;
}

} // namespace tl
