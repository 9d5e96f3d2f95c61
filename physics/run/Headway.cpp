#include "physics/run/Headway.h"

#include "physics/sim/Simulation.h"
#include "physics/state/SimulationError.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace tl {

namespace {

// The train's bogies as an axle counter sees them: on any span of the block?
bool onBlock(const SimulationView& v, int train, const Signal& g) {
    const TrainInfo info = v.trainInfo(train);
    for (std::size_t c = 0; c < info.cars.size(); ++c)
        for (int b = 0; b < info.cars[c].bogies; ++b) {
            const TrackPosition p = v.bogieState(train, int(c), b).position;
            for (const TrackSpan& s : g.block)
                if (s.holds(p.track, p.s)) return true;
        }
    return false;
}

} // namespace

HeadwayResult measureHeadway(const Layout& layout, const Scenario& scenario, const std::string& trainId,
                             const std::string& from, const std::string& to, const HeadwayOptions& options) {
    auto spec = std::find_if(scenario.trains.begin(), scenario.trains.end(),
                             [&](const TrainSpec& t) { return t.id == trainId; });
    if (spec == scenario.trains.end()) throw SimulationError("no train \"" + trainId + "\" in the layout");
    const int a = layout.signalIndex(from), b = layout.signalIndex(to);
    if (a < 0) throw SimulationError("no signal \"" + from + "\" in the layout");
    if (b < 0) throw SimulationError("no signal \"" + to + "\" in the layout");
    const std::vector<Signal>& signals = layout.signalList();
    // the route's stop signals, from `from` to `to`, along the route as the switches are set at the start
    std::vector<int> route{a};
    for (const SignalAhead& s :
         signalsAhead(layout,
                      TrackPosition{signals[std::size_t(a)].track, signals[std::size_t(a)].s,
                                    signals[std::size_t(a)].direction},
                      layout.initialSwitchStates(), 1.0e6)) {
        if (s.signal == a || !signals[std::size_t(s.signal)].stops()) continue;
        route.push_back(s.signal);
        if (s.signal == b) break;
    }
    if (route.back() != b)
        throw SimulationError("signal \"" + to + "\" is not ahead of \"" + from +
                              "\" along the route as the switches are set");
    // (the block past `to` is not the route's: `to` itself asks only for its own block)
    const std::vector<int>& watched = route;
    TrainSpec A = *spec;
    A.autopilot = true;
    Scenario alone{scenario.bodies, scenario.vehicles, {}};
    HeadwayResult r;
    {
        Simulation sim(layout, alone, options.simulation);
        sim.addTrain(A);
        const SimulationView& v = sim.view();
        const int n = int(watched.size());
        std::vector<double> head(std::size_t(n), -1.0), clear(std::size_t(n), -1.0);
        std::vector<char> entered(std::size_t(n), 0);
        r.leaderMinSpeed = std::numeric_limits<double>::infinity();
        int next = 0; // the next signal of `watched` the head has to pass
        while (sim.time() < options.maxTime && (clear[std::size_t(n - 1)] < 0 || next < n)) {
            sim.step();
            const TrainSignalView ts = v.trainSignal(0);
            // passed: the signal the head was heading for is behind it now
            if (next < n && ts.signal != watched[std::size_t(next)] && entered[std::size_t(next)]) {
                head[std::size_t(next)] = sim.time();
                if (next == 0) r.speedAtFrom = v.trainSpeed(0);
                ++next;
            }
            if (next < n && ts.signal == watched[std::size_t(next)]) entered[std::size_t(next)] = 1;
            if (head.front() >= 0 && head[route.size() - 1] < 0) // between `from` and `to`
                r.leaderMinSpeed = std::min(r.leaderMinSpeed, v.trainSpeed(0));
            for (int k = 0; k < n; ++k) {
                if (head[std::size_t(k)] < 0 || clear[std::size_t(k)] >= 0) continue;
                if (!onBlock(v, 0, signals[std::size_t(watched[std::size_t(k)])]))
                    clear[std::size_t(k)] = sim.time();
            }
        }
        if (head.front() < 0)
            throw SimulationError("train \"" + trainId + "\" did not pass signal \"" + from + "\" within " +
                                  std::to_string(int(options.maxTime)) + " s");
        for (int k = 0; k < n; ++k)
            if (clear[std::size_t(k)] < 0)
                throw SimulationError("train \"" + trainId + "\" did not clear the block of signal \"" +
                                      signals[std::size_t(watched[std::size_t(k)])].id + "\" within " +
                                      std::to_string(int(options.maxTime)) + " s");
        const TrainInfo info = v.trainInfo(0);
        const TrackPosition first = v.bogieState(0, 0, 0).position;
        const TrackPosition last =
            v.bogieState(0, int(info.cars.size()) - 1, info.cars.back().bogies - 1).position;
        r.trainLength = first.track == last.track ? std::abs(first.s - last.s) : 0.0;
        for (std::size_t k = 0; k < route.size(); ++k) {
            HeadwaySignal s;
            s.id = signals[std::size_t(route[k])].id;
            s.head = head[k];
            s.clear = clear[k];
            s.needed = clear[k] - head[k];
            if (k + 1 < watched.size()) s.needed = std::max(s.needed, clear[k + 1] - head[k]);
            if (s.needed > r.headway) {
                r.headway = s.needed;
                r.critical = int(k);
            }
            r.passes.push_back(s);
        }
    }
    r.trainsPerHour = r.headway > 0 ? 3600.0 / r.headway : 0.0;
    // the check: B, a copy of A on A's start, r.headway after it
    {
        Simulation sim(layout, alone, options.simulation);
        sim.addTrain(A);
        while (sim.time() < r.headway)
            sim.step();
        TrainSpec B = A;
        B.id = A.id + "-follower";
        sim.addTrain(B);
        const SimulationView& v = sim.view();
        r.followerMinSpeed = std::numeric_limits<double>::infinity();
        bool on = false;
        while (sim.time() < options.maxTime) {
            sim.step();
            const TrainSignalView ts = v.trainSignal(1);
            if (ts.signal == a) on = true; // heading for `from`: measured from here
            if (on) r.followerMinSpeed = std::min(r.followerMinSpeed, v.trainSpeed(1));
            if (on && ts.signal != a && ts.signal != -1) {
                // past `to`: done once it heads for the signal after `to`
                bool pastTo = true;
                for (int s : route)
                    if (ts.signal == s) pastTo = false;
                if (pastTo) break;
            }
        }
    }
    return r;
}

} // namespace tl
