#pragma once
// A route as the interlocking uses it (physics/sim/SimulationRoutes.cpp): a RouteSpec
// (core/layout/LayoutSpec.h) with its signals and switches resolved and its path found
// (core/layout/Routes.cpp). docs/layout-format.md, "Routes": a route runs from its entry signal to its exit
// signal with its switches set as it says, and on past the exit by its overlap. Setting it sets and locks its
// switches and the flank switches that could lead a train onto it; a train entering it releases it switch by
// switch behind its tail.
#include "core/layout/LayoutSpec.h"
#include "core/layout/Signal.h"
#include <string>
#include <utility>
#include <vector>

namespace tl {

struct Route {
    std::string id;
    int from = -1, to = -1;                // entry and exit signals (indices into Layout::signalList())
    std::vector<std::pair<int, int>> sets; // (switch index, state) as the route says
    // flank protection: (switch index, state) -- a switch off the route whose set branch would lead onto it,
    // set to a branch that leads away
    std::vector<std::pair<int, int>> flank;
    double overlap = 0.0;        // [m] past the exit signal
    std::vector<TrackSpan> path; // entry to exit, then the overlap, along the route as set
    // per entry of `sets`: how far along the path the switch is [m] (a train's tail past it releases it)
    std::vector<double> at;
    double length = 0.0; // entry to exit signal [m]
};

// The layout's routes resolved (Layout::compile, after the signals). Throws LayoutError (file,
// /routes/k/..., problem): an unknown signal or switch, a state that is no branch, signals facing
// different ways, an exit signal the route as set does not reach, a distant signal at either end.
std::vector<Route> compileRoutes(const Layout& layout, const std::string& file);

} // namespace tl
