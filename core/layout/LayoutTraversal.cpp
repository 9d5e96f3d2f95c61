// Layout traversal queries (Layout.h): next() across one end as set, branchesAcross() every way across one
// end, walkRoute() hop by hop along the route as set, advance() over any distance.
#include "core/layout/Layout.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tl {

namespace {
int directionEntering(TrackEnd entry) {
    return entry == TrackEnd::Start ? +1 : -1;
}

Transition entering(const TrackEndIndex& e) {
    Transition t;
    t.open = false;
    t.track = e.track;
    t.entry = e.end;
    t.direction = directionEntering(e.end);
    return t;
}

// Facing move through switch `index` onto `branch` (a valid branch index).
Transition facing(const Switch& w, int index, int branch) {
    Transition t = entering(w.branches[std::size_t(branch)]);
    t.viaSwitch = index;
    t.branch = branch;
    return t;
}

int stateOf(const Switch& w, int index, const SwitchStates& states) {
    return std::size_t(index) < states.size() ? states[std::size_t(index)] : w.initialState;
}
} // namespace

Transition Layout::crossing(int track, TrackEnd end, const SwitchStates& states, bool& noBranch) const {
    noBranch = false;
    const Attachment& a = attachment(track, end);
    Transition t;
    switch (a.kind) {
    case AttachKind::None:
        if (tracks_[std::size_t(track)].curve().closed()) t = entering(TrackEndIndex{track, otherEnd(end)});
        break;
    case AttachKind::Connection:
        t = entering(a.other);
        t.viaConnection = a.index;
        break;
    case AttachKind::SwitchAt: {
        const Switch& w = switches_[std::size_t(a.index)];
        const int state = stateOf(w, a.index, states);
        if (state < 0 || std::size_t(state) >= w.branches.size())
            noBranch = true;
        else
            t = facing(w, a.index, state);
        break;
    }
    case AttachKind::SwitchBranch: {
        const Switch& w = switches_[std::size_t(a.index)];
        t = entering(w.at);
        t.viaSwitch = a.index;
        t.branch = a.branch;
        t.trailing = true;
        t.trailedAgainst = stateOf(w, a.index, states) != a.branch;
        break;
    }
    }
    return t;
}

Transition Layout::next(int track, TrackEnd end, const SwitchStates& states) const {
    bool noBranch = false;
    const Transition t = crossing(track, end, states, noBranch);
    if (noBranch) {
        const int index = attachment(track, end).index;
        const Switch& w = switches_[std::size_t(index)];
        throw std::out_of_range("Layout: switch \"" + w.id + "\" state " +
                                std::to_string(stateOf(w, index, states)) + " is not a branch index");
    }
    return t;
}

std::vector<Transition> Layout::branchesAcross(int track, TrackEnd end, const SwitchStates& states) const {
    std::vector<Transition> out;
    const Attachment& a = attachment(track, end);
    if (a.kind == AttachKind::SwitchAt) { // every branch, whatever the state
        const Switch& w = switches_[std::size_t(a.index)];
        for (std::size_t k = 0; k < w.branches.size(); ++k)
            out.push_back(facing(w, a.index, int(k)));
        return out;
    }
    bool noBranch = false; // (only a facing switch has a state that can be no branch)
    const Transition t = crossing(track, end, states, noBranch);
    if (!t.open) out.push_back(t);
    return out;
}

WalkStop Layout::walkRoute(const TrackPosition& from, const SwitchStates& states,
                           const std::function<bool(const RouteHop&)>& visit) const {
    RouteHop h;
    h.left.track = from.track;
    int dir = from.direction >= 0 ? +1 : -1;
    h.distance = dir > 0 ? track(std::size_t(from.track)).length() - from.s : from.s;
    const int maxHops = 2 * int(tracks_.size()) + 2; // > the 2 entries per track: any loop comes round
    for (h.hop = 0; h.hop < maxHops; ++h.hop) {
        h.left.end = dir > 0 ? TrackEnd::End : TrackEnd::Start;
        bool noBranch = false;
        h.via = crossing(h.left.track, h.left.end, states, noBranch);
        if (noBranch) return WalkStop::NoBranch;
        if (h.via.open) return WalkStop::OpenEnd;
        if (!visit(h)) return WalkStop::Visitor;
        h.left.track = h.via.track;
        dir = h.via.direction;
        h.distance += tracks_[std::size_t(h.via.track)].length();
    }
    return WalkStop::HopLimit;
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
