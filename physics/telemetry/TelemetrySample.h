#pragma once
// One telemetry sample: the state of one vehicle, or of one bogie of a train, after a step. Its channels
// (what the CSV writes, the hash mixes and the GUI plots) are listed once, in TelemetryChannels.h.
#include "physics/monitor/RiderChannels.h"

#include <array>

namespace tl {

struct TelemetrySample {
    double t = 0.0;             // simulation time after the step [s]
    int vehicle = 0;            // vehicle index
    int track = -1;             // track index (-1 once released)
    double s = 0.0;             // arc length on the track [m]
    double speed = 0.0;         // along the vehicle's direction, relative to the track [m/s]
    double x = 0, y = 0, z = 0; // anchor position [m, world]
    std::array<double, 5> e{};  // row errors e1..e5 after the step [m, m, rad, rad, rad]
    std::array<double, 6> f{};  // row forces f1..f6 of the step [N, N, N m, N m, N m, N]
    bool railed = true;         // false once the joint is released
    int train = -1;             // train index (-1: a vehicle row)
    int car = -1;               // car index in the train, head = 0
    int origin = -1;      // the car's place in the build order, which coupling and uncoupling do not change
    int bogie = -1;       // bogie index in the car, front = 0
    double yq = 0.0;      // Y/Q = |f1| / f2 [-]
    double yqLimit = 0.0; // Nadal limit [-]
    double rollMargin = 1.0; // 1 - |t3| / (f2 b/2) [-]
    RiderChannels rider;     // at the rider point of the vehicle / the bogie's car
    double dqq = 0.0;        // wheel unloading ratio ΔQ/Q of the lighter wheel [-] (BogieMargins::dqq)
    double yq2m = 0.0;       // Y/Q, mean over the last 2 m of travel (UIC 518) [-]; like yq, 0 if unloaded
    double dqq2m = 0.0;      // ΔQ/Q, mean over the last 2 m of travel [-]
    bool unloaded = false;   // Q at or under its loaded fraction: yq is not defined (0 here, empty in CSV)
};

} // namespace tl
