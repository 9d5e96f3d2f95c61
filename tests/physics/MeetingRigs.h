#pragma once
// The meetings of trains that tests/physics/tst_buffer_contact.cpp (the closed forms and the issue's two
// trains) and tst_train_meetings.cpp (forks, head-on, side-swipe, pile-up, ...) both run.
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarBox.h"

#include <algorithm>

namespace tl::meetings {

// The issue's two trains: a locomotive and two coaches standing braked at s = 600 m, the same make running
// at 20 m/s from s = 300 m, on a 1 km straight.
inline LayoutSpec rearEnd() {
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 1000}}],
        "trains": [
        {"id": "standing", "cars": ["locomotive", "passenger-car", "passenger-car"],
         "start": {"track": "L", "s": 600}, "schedule": [[0, 0, 1]]},
        {"id": "runner", "cars": ["locomotive", "passenger-car", "passenger-car"],
         "start": {"track": "L", "s": 300}, "speed": 20}]})",
                           "<test>");
}

// The deepest overlap of two trains' car boxes inside their buffers (CarBox.h) [m]; <= 0: apart.
inline double deepestOverlap(const Simulation& sim, int a, int b) {
    double deepest = -1e300;
    for (int i = 0; i < int(sim.engine().train(a).cars.size()); ++i)
        for (int j = 0; j < int(sim.engine().train(b).cars.size()); ++j) {
            const CarBox A{sim.view().carPose(a, i),
                           insideBuffers(sim.engine().train(a).cars[std::size_t(i)].stock)};
            const CarBox B{sim.view().carPose(b, j),
                           insideBuffers(sim.engine().train(b).cars[std::size_t(j)].stock)};
            deepest = std::max(deepest, boxOverlap(A, B));
        }
    return deepest;
}

// A line "branch" leaving the main line at x = 200 m at 5 degrees (a crossing at grade that fouls it: no
// connection); a locomotive and a coach stand braked on it with the coach's rear end 25 m in (2.18 m beside
// the main line's centre: its inner rear corner 0.74 m from it, inside a passing car's 1.45 m half width); a
// locomotive and two coaches pass on the main line at 10 m/s.
inline LayoutSpec sideSwipe() {
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "main", "curve": {"type": "line", "length": 600}},
        {"id": "branch", "curve": {"type": "line", "length": 300},
         "placement": {"position": [200, 0, 0], "rotation": [0.9990482215818578, 0, 0, 0.043619387365336]}}],
        "trains": [
        {"id": "standing", "cars": ["locomotive", "passenger-car"], "start": {"track": "branch", "s": 59},
         "schedule": [[0, 0, 1]]},
        {"id": "passing", "cars": ["locomotive", "passenger-car", "passenger-car"],
         "start": {"track": "main", "s": 100}, "speed": 10}]})",
                           "<test>");
}

} // namespace tl::meetings
