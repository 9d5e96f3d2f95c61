// Routes (Route.h): resolving them -- signals, switches, the path as the route sets the switches, the flank
// switches. docs/layout-format.md, "Routes".
#include "core/layout/Route.h"

#include "core/io/JsonReader.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/units/NumberText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace tl {

namespace {

constexpr double kMaxRouteLength = 1.0e6; // [m]

TrackSpan span(int track, double a, double b) {
    return TrackSpan{track, std::min(a, b), std::max(a, b)};
}

// Flank switches of switch w (taken by the route on branch `used`; the route's trunk side needs none): along
// each other branch away from w, plain connections up to the next switch; met at one of its branches b, that
// switch set to b would lead trains from its trunk onto w's side: it is set to another branch.
void flankOf(const Layout& L, int w, int used, std::vector<std::pair<int, int>>& out) {
    const Switch& sw = L.switches()[std::size_t(w)];
    const SwitchStates states = L.initialSwitchStates();
    for (std::size_t b = 0; b < sw.branches.size(); ++b) {
        if (int(b) == used) continue;
        TrackEndIndex e = sw.branches[b];
        for (int hop = 0; hop < 64; ++hop) {
            const TrackEnd far = e.end == TrackEnd::Start ? TrackEnd::End : TrackEnd::Start;
            const std::vector<Transition> next = L.branchesAcross(e.track, far, states);
            if (next.size() != 1) break; // an open end, or a switch's trunk (its branches lead away)
            const Transition& t = next.front();
            if (t.viaSwitch >= 0) {
                if (t.trailing && t.viaSwitch != w) {
                    const int n = int(L.switches()[std::size_t(t.viaSwitch)].branches.size());
                    out.emplace_back(t.viaSwitch, (t.branch + 1) % n);
                }
                break;
            }
            e = TrackEndIndex{t.track, t.entry};
        }
    }
}

} // namespace

std::vector<Route> compileRoutes(const Layout& L, const std::string& file) {
    std::vector<Route> out;
    const std::vector<RouteSpec>& specs = L.spec().routeSpecs;
    const std::vector<Signal>& signals = L.signalList();
    for (std::size_t k = 0; k < specs.size(); ++k) {
        const RouteSpec& q = specs[k];
        const std::string path = jsonPath("/routes", k);
        Route r;
        r.id = q.id;
        r.from = L.signalIndex(q.from);
        r.to = L.signalIndex(q.to);
        for (const char* key : {"from", "to"}) {
            const int g = std::string(key) == "from" ? r.from : r.to;
            const std::string& id = std::string(key) == "from" ? q.from : q.to;
            if (g < 0) throw LayoutError(file, jsonPath(path, key), "unknown signal \"" + id + "\"");
            if (!signals[std::size_t(g)].stops())
                throw LayoutError(file, jsonPath(path, key),
                                  "signal \"" + id +
                                      "\" is a distant signal: a route runs between stop signals");
        }
        if (r.from == r.to)
            throw LayoutError(file, jsonPath(path, "to"), "a route runs from one signal to another");
        SwitchStates states = L.initialSwitchStates();
        for (std::size_t i = 0; i < q.switches.size(); ++i) {
            const std::string sp = jsonPath(jsonPath(path, "switches"), i);
            const int w = L.switchIndex(q.switches[i].first);
            if (w < 0)
                throw LayoutError(file, jsonPath(sp, std::size_t(0)),
                                  "unknown switch \"" + q.switches[i].first + "\"");
            const int n = int(L.switches()[std::size_t(w)].branches.size());
            if (q.switches[i].second < 0 || q.switches[i].second >= n)
                throw LayoutError(file, jsonPath(sp, std::size_t(1)),
                                  "state " + std::to_string(q.switches[i].second) +
                                      " is no branch of switch \"" + q.switches[i].first + "\" (0.." +
                                      std::to_string(n - 1) + ")");
            for (const auto& [o, state] : r.sets)
                if (o == w)
                    throw LayoutError(file, jsonPath(sp, std::size_t(0)),
                                      "switch \"" + q.switches[i].first + "\" is listed twice");
            r.sets.emplace_back(w, q.switches[i].second);
            states[std::size_t(w)] = q.switches[i].second;
        }
        const Signal& a = signals[std::size_t(r.from)];
        const Signal& b = signals[std::size_t(r.to)];
        r.overlap = q.overlap.value_or(b.overlap);
        r.at.assign(r.sets.size(), -1.0);
        std::vector<char> crossed(r.sets.size(), 0);
        // the path: from the entry signal along its direction with the route's switch states to the exit
        bool reached = false;
        std::string problem;
        auto onTrack = [&](int track, double s0, int dir, double base) {
            if (track == b.track && (dir > 0 ? b.s >= s0 : b.s <= s0) &&
                !(track == a.track && base == 0 && b.s == s0)) {
                if (b.direction != dir) {
                    problem = "signals \"" + q.from + "\" and \"" + q.to +
                              "\" face different ways: the route reaches \"" + q.to +
                              "\" travelling against it";
                    return true;
                }
                r.path.push_back(span(track, s0, b.s));
                r.length = base + std::abs(b.s - s0);
                reached = true;
                return true;
            }
            return false;
        };
        const double firstRoom = a.direction > 0 ? L.track(std::size_t(a.track)).length() - a.s : a.s;
        if (!onTrack(a.track, a.s, a.direction, 0.0)) {
            r.path.push_back(
                span(a.track, a.s, a.direction > 0 ? L.track(std::size_t(a.track)).length() : 0.0));
            L.walkRoute(TrackPosition{a.track, a.s, a.direction}, states, [&](const RouteHop& h) {
                if (h.via.viaSwitch >= 0) {
                    bool listed = false;
                    for (std::size_t i = 0; i < r.sets.size(); ++i)
                        if (r.sets[i].first == h.via.viaSwitch) {
                            listed = true;
                            if (h.via.trailing && h.via.branch != r.sets[i].second) {
                                problem = "the route runs through switch \"" +
                                          L.switches()[std::size_t(h.via.viaSwitch)].id +
                                          "\" trailing from branch " + std::to_string(h.via.branch) +
                                          " but sets it to " + std::to_string(r.sets[i].second);
                                return false;
                            }
                            r.at[i] = h.distance;
                            crossed[i] = 1;
                        }
                    if (!listed) {
                        problem = "the route runs through switch \"" +
                                  L.switches()[std::size_t(h.via.viaSwitch)].id + "\" (" +
                                  (h.via.trailing ? "trailing" : "facing") + ") without setting it: add [\"" +
                                  L.switches()[std::size_t(h.via.viaSwitch)].id + "\", " +
                                  std::to_string(h.via.branch) + "] to its switches";
                        return false;
                    }
                }
                if (h.distance > kMaxRouteLength) return false;
                const double entry =
                    h.via.entry == TrackEnd::Start ? 0.0 : L.track(std::size_t(h.via.track)).length();
                if (onTrack(h.via.track, entry, h.via.direction, h.distance)) return false;
                r.path.push_back(span(h.via.track, 0.0, L.track(std::size_t(h.via.track)).length()));
                return true;
            });
        }
        (void)firstRoom;
        if (!problem.empty()) throw LayoutError(file, path, problem);
        if (!reached)
            throw LayoutError(file, jsonPath(path, "to"),
                              "the route from \"" + q.from +
                                  "\" with its switches set does not reach signal \"" + q.to + "\"");
        for (std::size_t i = 0; i < r.sets.size(); ++i)
            if (!crossed[i]) {
                // a switch in the overlap is fine: it is found below
                (void)i;
            }
        // the overlap past the exit signal, along the route as set (its switches in it are part of the route)
        {
            double room = r.overlap;
            int track = b.track, dir = b.direction;
            double s = b.s;
            for (int hop = 0; hop < 64 && room > 0; ++hop) {
                const double length = L.track(std::size_t(track)).length();
                const double left = dir > 0 ? length - s : s;
                if (left >= room) {
                    r.path.push_back(span(track, s, s + dir * room));
                    break;
                }
                r.path.push_back(span(track, s, dir > 0 ? length : 0.0));
                room -= left;
                const Transition t = L.next(track, dir > 0 ? TrackEnd::End : TrackEnd::Start, states);
                if (t.open) break;
                if (t.viaSwitch >= 0)
                    for (std::size_t i = 0; i < r.sets.size(); ++i)
                        if (r.sets[i].first == t.viaSwitch) {
                            r.at[i] = r.length + (r.overlap - room);
                            crossed[i] = 1;
                        }
                track = t.track;
                dir = t.direction;
                s = t.entry == TrackEnd::Start ? 0.0 : L.track(std::size_t(track)).length();
            }
        }
        for (std::size_t i = 0; i < r.sets.size(); ++i)
            if (!crossed[i])
                throw LayoutError(file, jsonPath(jsonPath(jsonPath(path, "switches"), i), std::size_t(0)),
                                  "switch \"" + L.switches()[std::size_t(r.sets[i].first)].id +
                                      "\" is not on the route from \"" + q.from + "\" to \"" + q.to + "\" (" +
                                      numberText(r.length) + " m and its " + numberText(r.overlap) +
                                      " m overlap)");
        for (const auto& [w, state] : r.sets)
            flankOf(L, w, state, r.flank);
        // a flank switch the route itself sets is not a flank switch
        std::erase_if(r.flank, [&](const std::pair<int, int>& f) {
            return std::any_of(r.sets.begin(), r.sets.end(),
                               [&](const auto& s) { return s.first == f.first; });
        });
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace tl
