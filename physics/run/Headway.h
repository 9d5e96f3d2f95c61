#pragma once
// The minimum headway of a train along a route of signals (tracklab-cli headway; docs/trains-format.md,
// "Headway"), by blocking times. Train A runs alone from its start in the layout, driven by the autopilot
// (it runs at the line speed and obeys the signals): for each signal S_k of the route from `from` to `to`,
// when its head passes S_k and when its last bogie leaves S_k's block (the block with its exit signal's
// overlap: what the axle counters see). A second train B behind it at headway h runs unhindered if every
// signal S_k shows clear as B's head passes it, h after A's: with three aspects S_k shows clear once blocks
// k and k+1 are clear, so h = max_k (clear(k + 1) - head(S_k)) (and clear(k); for `to`, its own block
// only: the block past it is not the route's). Then B, a copy of A, is put
// on A's start h after A and both run: the follower's lowest speed on the route says whether it was hindered.
#include "core/layout/Layout.h"
#include "physics/sim/SimulationOptions.h"
#include "physics/spec/Scenario.h"

#include <string>
#include <vector>

namespace tl {

struct HeadwayOptions {
    SimulationOptions simulation;
    double maxTime = 7200.0; // [s] simulated at most per run
};

struct HeadwaySignal {
    std::string id;
    double head = 0.0;   // A's head passes it [s]
    double clear = 0.0;  // A's last bogie leaves its block [s]
    double needed = 0.0; // the headway this signal asks for [s]
};

struct HeadwayResult {
    double headway = 0.0;              // [s]
    double trainsPerHour = 0.0;        // 3600 / headway
    std::vector<HeadwaySignal> passes; // the route's signals, from `from` to `to`
    int critical = -1;                 // the signal asking for the headway
    double speedAtFrom = 0.0;          // A's speed passing `from` [m/s]
    double trainLength = 0.0;          // first to last bogie [m]
    double followerMinSpeed = 0.0;     // B between `from` and `to` [m/s]
    double leaderMinSpeed = 0.0;       // A between `from` and `to` [m/s]
};

// Throws SimulationError with the reason (an unknown train or signal, `to` not ahead of `from` along the
// route as set, the train never reaching a signal within maxTime).
HeadwayResult measureHeadway(const Layout& layout, const Scenario& scenario, const std::string& train,
                             const std::string& from, const std::string& to, const HeadwayOptions& options);

} // namespace tl
