#pragma once
// What every train event starts with: when, which train, car and bogie, where on the track and how fast.
// Derailments (monitor/Derailment.h), coupler overloads and wheel-rail episodes (telemetry/Telemetry.h)
// derive from it; the simulation fills it in one place (Simulation::eventPlace).
#include <string>

namespace tl {

struct EventPlace {
    double t = 0.0;                       // [s] (an episode's onset)
    int train = -1, car = -1, bogie = -1; // indices (car head first, bogie front first; -1: not one)
    std::string trainId;                  //
    int track = -1;                       // track index
    std::string trackId;                  //
    double s = 0.0;                       // arc length on the track [m]
    double speed = 0.0;                   // [m/s] (the bogie's along its direction, or the train's)
};

} // namespace tl
