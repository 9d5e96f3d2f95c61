// Route operations of the designer (RouteOps.h): the search for the ways from an entry signal, and adding,
// deleting and editing routes. docs/layout-format.md, "Routes".
#include "core/design/RouteOps.h"

#include "core/layout/FormatVersion.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace tl::design {

namespace {

constexpr double kMaxRouteLength = 1.0e6; // [m] as Layout::compile's route walk (core/layout/Routes.cpp)
constexpr long kSearchBudget = 200000;    // tracks entered over one whole search
constexpr int kMaxHops = 4096;            // tracks entered along one way (bounds the recursion)

// The search ran out of its budget (a very large network ahead).
struct SearchTooLarge {};

using Sets = std::vector<std::pair<int, int>>; // (switch index, state) in the order crossed

// Every way from a signal along its direction: each track entered (and the signal's own track) is shown to
// `visit(track, s0, dir, base, sets)` -- entered at s0 moving along dir, `base` metres from the signal,
// with the switch states the way needs so far; visit returns true when the way ends there.
class WaySearch {
public:
    using Visit = std::function<bool(int track, double s0, int dir, double base, const Sets& sets)>;

    WaySearch(const Layout& L, std::vector<int> pinned, Visit visit)
        : L_(L), pinned_(std::move(pinned)), visit_(std::move(visit)), states_(L.initialSwitchStates()) {}

    void run(const Signal& a) {
        if (visit_(a.track, a.s, a.direction, 0.0, sets_)) return;
        const double room = a.direction > 0 ? L_.track(std::size_t(a.track)).length() - a.s : a.s;
        cross(a.track, a.direction, room, 0);
    }

private:
    // Across the end ahead of `track` (moving along dir), every way; `base` [m] to that end.
    void cross(int track, int dir, double base, int hops) {
        if (base > kMaxRouteLength || hops >= kMaxHops) return;
        const TrackEnd end = dir > 0 ? TrackEnd::End : TrackEnd::Start;
        for (const Transition& t : L_.branchesAcross(track, end, states_)) {
            int had = -1; // the state this way already needs of the switch crossed, if any
            if (t.viaSwitch >= 0) {
                const int want = pinned_[std::size_t(t.viaSwitch)];
                if (want >= 0 && want != t.branch) continue;
                for (const auto& [w, state] : sets_)
                    if (w == t.viaSwitch) had = state;
                if (had >= 0 && had != t.branch) continue; // a route sets a switch one way
            }
            if (!entered_.insert({t.track, t.direction}).second) continue; // a loop
            if (++expanded_ > kSearchBudget) throw SearchTooLarge{};
            const bool added = t.viaSwitch >= 0 && had < 0;
            if (added) sets_.emplace_back(t.viaSwitch, t.branch);
            const double length = L_.track(std::size_t(t.track)).length();
            const double s0 = t.entry == TrackEnd::Start ? 0.0 : length;
            if (!visit_(t.track, s0, t.direction, base, sets_))
                cross(t.track, t.direction, base + length, hops + 1);
            if (added) sets_.pop_back();
            entered_.erase({t.track, t.direction});
        }
    }

    const Layout& L_;
    std::vector<int> pinned_; // per switch: the only state a way may cross it in, or -1
    Visit visit_;
    SwitchStates states_; // (branchesAcross lists every branch of a facing switch whatever they say)
    Sets sets_;
    std::set<std::pair<int, int>> entered_; // (track, direction) on the way being walked
    long expanded_ = 0;
};

// Does a walk entering `track` at s0 along dir meet signal g (compile's test in core/layout/Routes.cpp: on
// the track ahead, at s0 itself included, but not the entry signal's own place)?
bool meets(const Signal& a, const Signal& g, int track, double s0, int dir, double base) {
    return track == g.track && (dir > 0 ? g.s >= s0 : g.s <= s0) &&
           !(track == a.track && base == 0 && g.s == s0);
}

const Signal& requireStopSignal(const Layout& L, const std::string& id) {
    const int k = L.signalIndex(id);
    if (k < 0) throw DesignError("There is no signal \"" + id + "\".");
    const Signal& g = L.signalList()[std::size_t(k)];
    if (!g.stops())
        throw DesignError("Signal " + id + " is a distant signal: a route runs between stop signals.");
    return g;
}

SwitchChoices named(const Layout& L, const Sets& sets) {
    SwitchChoices out;
    for (const auto& [w, state] : sets)
        out.emplace_back(L.switches()[std::size_t(w)].id, state);
    return out;
}

int routeIndex(const LayoutSpec& spec, const std::string& id) {
    for (std::size_t k = 0; k < spec.routeSpecs.size(); ++k)
        if (spec.routeSpecs[k].id == id) return int(k);
    return -1;
}

int requireRoute(const LayoutSpec& spec, const std::string& id) {
    const int k = routeIndex(spec, id);
    if (k < 0) throw DesignError("There is no route \"" + id + "\".");
    return k;
}

} // namespace

std::string uniqueRouteId(const LayoutSpec& spec, const std::string& prefix) {
    for (int k = 1;; ++k) {
        std::string id = prefix; // (appending: GCC 12's false -Wrestrict, as uniqueSignalId)
        id += std::to_string(k);
        if (routeIndex(spec, id) < 0) return id;
    }
}

RouteWay findRouteWay(const Layout& L, const std::string& from, const std::string& to,
                      const SwitchChoices& choices) {
    const Signal& a = requireStopSignal(L, from);
    const Signal& b = requireStopSignal(L, to);
    if (from == to) throw DesignError("A route runs from one signal to another.");
    std::vector<int> pinned(L.switches().size(), -1);
    for (const auto& [id, state] : choices) {
        const int w = L.switchIndex(id);
        if (w < 0) throw DesignError("There is no switch \"" + id + "\".");
        const int n = int(L.switches()[std::size_t(w)].branches.size());
        if (state < 0 || state >= n)
            throw DesignError("State " + std::to_string(state) + " is no branch of switch " + id + " (0.." +
                              std::to_string(n - 1) + ").");
        pinned[std::size_t(w)] = state;
    }
    RouteWay best;
    best.to = to;
    best.ways = 0;
    Sets bestSets;
    int against = 0; // ways meeting the exit signal travelling against it
    WaySearch search(L, pinned, [&](int track, double s0, int dir, double base, const Sets& sets) {
        if (!meets(a, b, track, s0, dir, base)) return false;
        if (b.direction != dir) {
            ++against;
            return true;
        }
        const double length = base + std::abs(b.s - s0);
        if (best.ways == 0 || length < best.length) {
            best.length = length;
            bestSets = sets;
        }
        ++best.ways;
        return true;
    });
    try {
        search.run(a);
    } catch (const SearchTooLarge&) {
        throw DesignError("The network ahead of " + from + " is too large to try every way to " + to +
                          ": choose the switches the route takes.");
    }
    const std::string with = choices.empty() ? "" : " with the chosen switches";
    if (best.ways == 0 && against > 0)
        throw DesignError("Signal " + to + " faces the other way: the way from " + from + " reaches it" +
                          with + " travelling against it.");
    if (best.ways == 0)
        throw DesignError("There is no way from " + from + " to " + to + " in " + from + "'s direction" +
                          with + ".");
    for (const auto& choice : choices) {
        const int w = L.switchIndex(choice.first);
        if (std::none_of(bestSets.begin(), bestSets.end(), [w](const auto& s) { return s.first == w; }))
            throw DesignError("Switch " + choice.first + " is not on the way from " + from + " to " + to +
                              ".");
    }
    best.switches = named(L, bestSets);
    return best;
}

std::vector<RouteWay> routeExits(const Layout& L, const std::string& from) {
    std::vector<RouteWay> out;
    const int ka = L.signalIndex(from);
    if (ka < 0 || !L.signalList()[std::size_t(ka)].stops()) return out;
    const std::vector<Signal>& list = L.signalList();
    const Signal& a = list[std::size_t(ka)];
    std::vector<std::vector<int>> onTrack(L.trackCount()); // stop signals per track
    for (std::size_t k = 0; k < list.size(); ++k)
        if (int(k) != ka && list[k].stops()) onTrack[std::size_t(list[k].track)].push_back(int(k));
    std::vector<RouteWay> found(list.size()); // per signal; ways 0: not reached
    for (RouteWay& w : found)
        w.ways = 0;
    std::vector<Sets> sets(list.size());
    WaySearch search(L, std::vector<int>(L.switches().size(), -1),
                     [&](int track, double s0, int dir, double base, const Sets& now) {
                         for (int k : onTrack[std::size_t(track)]) {
                             const Signal& g = list[std::size_t(k)];
                             if (g.direction != dir || !meets(a, g, track, s0, dir, base)) continue;
                             RouteWay& w = found[std::size_t(k)];
                             const double length = base + std::abs(g.s - s0);
                             if (w.ways == 0 || length < w.length) {
                                 w.length = length;
                                 sets[std::size_t(k)] = now;
                             }
                             ++w.ways;
                         }
                         return false; // on past it: the signals beyond are exits too
                     });
    try {
        search.run(a);
    } catch (const SearchTooLarge&) {
        // what was found so far: a route to a farther signal can still be added by its id
    }
    for (std::size_t k = 0; k < list.size(); ++k)
        if (found[k].ways > 0) {
            found[k].to = list[k].id;
            found[k].switches = named(L, sets[k]);
            out.push_back(std::move(found[k]));
        }
    std::stable_sort(out.begin(), out.end(),
                     [](const RouteWay& x, const RouteWay& y) { return x.length < y.length; });
    return out;
}

DesignEdit addRoute(const Layout& L, const std::string& from, const std::string& to,
                    const SwitchChoices& choices, const std::string& id0) {
    const LayoutSpec& spec0 = L.spec();
    if (!id0.empty() && routeIndex(spec0, id0) >= 0)
        throw DesignError("A route \"" + id0 + "\" exists already.");
    const RouteWay way = findRouteWay(L, from, to, choices);
    RouteSpec r;
    r.id = id0.empty() ? uniqueRouteId(spec0) : id0;
    r.from = from;
    r.to = to;
    r.switches = way.switches;
    DesignEdit edit;
    edit.spec = spec0;
    upgradeToCurrentVersion(edit.spec); // "routes" is a version-2 key (core/layout/FormatVersion.h)
    edit.spec.routeSpecs.push_back(r);
    try { // the layout's rules for routes (core/layout/Routes.cpp)
        Layout::compile(edit.spec, "", &L);
    } catch (const LayoutError& e) {
        throw DesignError("No route from " + from + " to " + to + ": " + e.problem());
    }
    edit.description = "Add route " + r.id + " from " + from + " to " + to;
    if (way.ways > 1) edit.description += " (the shortest of " + std::to_string(way.ways) + " ways)";
    return edit;
}

DesignEdit deleteRoute(const LayoutSpec& spec0, const std::string& id) {
    const int k = requireRoute(spec0, id);
    DesignEdit edit;
    edit.spec = spec0;
    edit.spec.routeSpecs.erase(edit.spec.routeSpecs.begin() + k);
    edit.description = "Delete route " + id;
    return edit;
}

DesignEdit setRouteOverlap(const LayoutSpec& spec0, const std::string& id, std::optional<double> overlap) {
    const int k = requireRoute(spec0, id);
    if (overlap && !(std::isfinite(*overlap) && *overlap >= 0.0))
        throw DesignError("A route's overlap is a length of 0 m or more.");
    DesignEdit edit;
    edit.spec = spec0;
    edit.spec.routeSpecs[std::size_t(k)].overlap = overlap;
    edit.description = "Set route " + id + "'s overlap to " +
                       (overlap ? shortNumber(*overlap) + " m" : std::string("the exit signal's"));
    return edit;
}

} // namespace tl::design
