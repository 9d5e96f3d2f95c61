// Signals (Signal.h): resolving them with their blocks, and finding the signals ahead along the route as set.
// docs/layout-format.md, "Signals".
#include "core/layout/Signal.h"

#include "core/io/JsonReader.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/units/NumberText.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tl {

namespace {

constexpr double kOnTrack = 1e-9; // [m] how far past a track's end a signal may stand (rounding)

// Is signal g ahead of s on its track for travel along dir (at s itself counts when inclusive)?
bool aheadOf(const Signal& g, int dir, double s, bool inclusive) {
    return dir > 0 ? (inclusive ? g.s >= s : g.s > s) : (inclusive ? g.s <= s : g.s < s);
}

TrackSpan span(int track, double a, double b) {
    return TrackSpan{track, std::min(a, b), std::max(a, b)};
}

// The track from s along dir for `room` metres (every branch beyond its end): a signal's overlap.
void spansAhead(const Layout& L, const SwitchStates& states, int track, double s, int dir, double room,
                std::vector<TrackSpan>& out, int depth = 0) {
    if (room <= 0 || depth > 64) return;
    const double length = L.track(std::size_t(track)).length();
    const double left = dir > 0 ? length - s : s;
    if (left >= room) {
        out.push_back(span(track, s, s + dir * room));
        return;
    }
    out.push_back(span(track, s, dir > 0 ? length : 0.0));
    for (const Transition& t : L.branchesAcross(track, dir > 0 ? TrackEnd::End : TrackEnd::Start, states))
        spansAhead(L, states, t.track,
                   t.entry == TrackEnd::Start ? 0.0 : L.track(std::size_t(t.track)).length(), t.direction,
                   room - left, out, depth + 1);
}

// The block of stop signal `self` (index k): walk every branch until the next stop signal in the same
// direction or an open end.
class BlockWalk {
public:
    BlockWalk(const Layout& L, const std::vector<Signal>& signals, std::size_t k, const std::string& file)
        : L_(L), signals_(signals), k_(k), file_(file), states_(L.initialSwitchStates()) {}

    void run(Signal& self) {
        walk(self.track, self.s, self.direction, false, self);
        std::sort(self.exits.begin(), self.exits.end());
        self.exits.erase(std::unique(self.exits.begin(), self.exits.end()), self.exits.end());
    }

private:
    void walk(int track, double s, int dir, bool inclusive, Signal& self) {
        if (!visited_.insert({track, dir}).second && inclusive) return; // been along this track this way
        // the nearest stop signal ahead on this track, same direction
        int next = -1;
        for (std::size_t i = 0; i < signals_.size(); ++i) {
            const Signal& g = signals_[i];
            if (g.track != track || g.direction != dir || !g.stops() || !aheadOf(g, dir, s, inclusive))
                continue;
            if (next < 0 ||
                (dir > 0 ? g.s < signals_[std::size_t(next)].s : g.s > signals_[std::size_t(next)].s))
                next = int(i);
        }
        if (next >= 0) {
            const Signal& n = signals_[std::size_t(next)];
            if (std::size_t(next) == k_)
                throw LayoutError(
                    file_, jsonPath("/signals", k_),
                    "signal \"" + self.id +
                        "\" is the only stop signal on its circuit in its direction: its block runs "
                        "round to itself (a circuit needs at least two signals)");
            self.block.push_back(span(track, s, n.s));
            spansAhead(L_, states_, track, n.s, dir, n.overlap, self.block);
            self.exits.push_back(next);
            return;
        }
        const double length = L_.track(std::size_t(track)).length();
        self.block.push_back(span(track, s, dir > 0 ? length : 0.0));
        for (const Transition& t :
             L_.branchesAcross(track, dir > 0 ? TrackEnd::End : TrackEnd::Start, states_)) {
            const double entry = t.entry == TrackEnd::Start ? 0.0 : L_.track(std::size_t(t.track)).length();
            if (visited_.count({t.track, t.direction})) {
                if (t.track == self.track && t.direction == self.direction)
                    throw LayoutError(
                        file_, jsonPath("/signals", k_),
                        "signal \"" + self.id +
                            "\" is the only stop signal on its circuit in its direction: its block "
                            "runs round to itself (a circuit needs at least two signals)");
                continue;
            }
            walk(t.track, entry, t.direction, true, self);
        }
    }

    const Layout& L_;
    const std::vector<Signal>& signals_;
    std::size_t k_;
    const std::string& file_;
    SwitchStates states_;
    std::set<std::pair<int, int>> visited_; // (track, direction) walked
};

} // namespace

std::vector<Signal> compileSignals(const Layout& L, const std::string& file) {
    std::vector<Signal> out;
    const std::vector<SignalSpec>& specs = L.spec().signalSpecs;
    for (std::size_t k = 0; k < specs.size(); ++k) {
        const SignalSpec& g = specs[k];
        const std::string path = jsonPath("/signals", k);
        Signal c;
        c.id = g.id;
        c.track = L.trackIndex(g.track);
        if (c.track < 0)
            throw LayoutError(file, jsonPath(path, "track"), "unknown track \"" + g.track + "\"");
        c.s = g.s;
        c.direction = g.direction;
        c.kind = g.kind;
        c.overlap = g.kind == SignalKind::Distant ? 0.0 : g.overlap.value_or(Signal::kDefaultOverlap);
        const Track& t = L.track(std::size_t(c.track));
        if (!(g.s >= -kOnTrack && g.s <= t.length() + kOnTrack))
            throw LayoutError(file, jsonPath(path, "s"),
                              "s = " + numberText(g.s) + " m is off track \"" + g.track + "\" (0 .. " +
                                  numberText(t.length()) + " m)");
        if (!t.onGround())
            throw LayoutError(file, jsonPath(path, "track"),
                              "track \"" + g.track +
                                  "\" lies on a moving body: a signal stands on the ground");
        c.s = std::clamp(g.s, 0.0, t.length());
        out.push_back(std::move(c));
    }
    for (std::size_t k = 0; k < out.size(); ++k)
        if (out[k].stops()) BlockWalk(L, out, k, file).run(out[k]);
    return out;
}

std::vector<SignalAhead> signalsAhead(const Layout& L, const TrackPosition& from, const SwitchStates& states,
                                      double reach) {
    std::vector<SignalAhead> out;
    const std::vector<Signal>& signals = L.signalList();
    if (signals.empty()) return out;
    const int dir = from.direction >= 0 ? +1 : -1;
    auto onTrack = [&](int track, double s, int d, double base, bool inclusive) {
        for (std::size_t i = 0; i < signals.size(); ++i) {
            const Signal& g = signals[i];
            if (g.track != track || g.direction != d || !aheadOf(g, d, s, inclusive)) continue;
            const double distance = base + std::abs(g.s - s);
            if (distance <= reach) out.push_back(SignalAhead{int(i), distance});
        }
    };
    onTrack(from.track, from.s, dir, 0.0, true);
    L.walkRoute(TrackPosition{from.track, from.s, dir}, states, [&](const RouteHop& h) {
        if (h.distance > reach) return false;
        const double entry =
            h.via.entry == TrackEnd::Start ? 0.0 : L.track(std::size_t(h.via.track)).length();
        // a track entered again (a loop) lists its signals once more, farther: the walk ends within reach
        onTrack(h.via.track, entry, h.via.direction, h.distance, true);
        return true;
    });
    std::stable_sort(out.begin(), out.end(),
                     [](const SignalAhead& a, const SignalAhead& b) { return a.distance < b.distance; });
    return out;
}

int Layout::signalIndex(std::string_view id) const {
    for (std::size_t i = 0; i < signals_.size(); ++i)
        if (signals_[i].id == id) return int(i);
    return -1;
}

} // namespace tl
