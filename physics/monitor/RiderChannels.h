#pragma once
// What a rider feels at a point riding with a car body (the heartline of a coaster seat, the floor of a
// railway coach): the specific force f = a - g (a car at rest reads +1 g up), in g, along the car body's
// forward / left / up axes, its jerk, the body's roll rate, and for railway vehicles the cant deficiency at
// the current speed (docs/validation.md, "Bank, cant and ride").
//
// Filtering (honest and documented, docs/vehicles-format.md "Rider channels"): the acceleration of the
// rider point is its Bullet velocity differenced over a moving window of N steps,
//     a = (vP(t) - vP(t - N dt)) / (N dt),   vP = v_COM + w x (R r),
// which is exactly the moving average of the per-step accelerations over the last N steps (N dt = 50 ms,
// at most kRiderMaxWindow steps): no noise blow-up from solver jitter, a constant acceleration passes
// unchanged, the reading lags by N dt / 2 (25 ms). Jerk is the filtered specific force (body components)
// differenced over the same window: |f(t) - f(t - N dt)| / (N dt). Until N steps exist the window is
// what has been seen so far; the first sample of a run reads the static +1 g along the body's up axis.
#include "core/geometry/Frame.h"

#include <array>

namespace tl {

inline constexpr int kRiderMaxWindow = 12;         // steps kept (0.05 s at the default 240 Hz)
inline constexpr double kRiderWindowTime = 0.05;   // moving-average window [s]
inline constexpr double kCoasterRiderHeight = 1.1; // heartline above the rails [m]
inline constexpr double kRailwayRiderHeight = 1.2; // coach floor above the rails [m]

// One reading. Directions are the car body's axes, turned so that forward is the direction of travel.
struct RiderChannels {
    double vertical = 1.0;          // specific force along the body's up axis [g] (+1 at rest)
    double lateral = 0.0;           // ... along its left axis [g] (> 0: the seat pushes the rider left)
    double longitudinal = 0.0;      // ... along its forward axis [g] (> 0: speeding up)
    double jerk = 0.0;              // |d f / dt| of the filtered specific force [g/s]
    double rollRate = 0.0;          // body angular velocity about its forward axis [rad/s]
    bool hasCantDeficiency = false; // railway vehicle on its track
    double cantDeficiency = 0.0;    // equilibrium cant - actual cant at the current speed [m]
};

// The filter's memory: plain data, part of a car's / vehicle's run-time state (snapshots copy it).
struct RiderState {
    std::array<Vec3, kRiderMaxWindow + 1> v{}; // rider point velocity, newest at `head` [m/s, world]
    std::array<Vec3, kRiderMaxWindow + 1> f{}; // filtered specific force, body components [m/s^2]
    int head = -1;                             // index of the newest entry; -1 = nothing seen yet
    int count = 0;                             // entries held (<= kRiderMaxWindow + 1)
    RiderChannels last;                        // the latest reading
};

// The state of the car body after a step, and where the rider sits in it.
struct RiderInput {
    Pose body = Pose::Identity(); // body COM frame -> world (x forward along the car, z up)
    Vec3 v = Vec3::Zero();        // COM velocity [m/s, world]
    Vec3 w = Vec3::Zero();        // angular velocity [rad/s, world]
    Vec3 rider = Vec3::Zero();    // rider point in the COM frame [m]
    int direction = +1;           // +1: travelling along the body's +x; -1: along -x
    double dt = 1.0 / 240.0;      // step [s]
    double g = 9.81;              // gravity along world -z [m/s^2]
};

// Window length in steps for a step dt: round(kRiderWindowTime / dt), in [1, kRiderMaxWindow].
int riderWindowSteps(double dt);

// Take one step's state into the filter and return (and keep in state.last) the reading; the cant
// deficiency fields are left to the caller (riderCantDeficiency).
RiderChannels updateRider(RiderState& state, const RiderInput& in);

// Cant deficiency [m] of a railed vehicle at speed v [m/s] on the track frame w (world): the horizontal
// curvature and the bank towards the curve's centre, through CantUnits' cantDeficiency over the rail-centre
// distance b [m]. On a straight: minus the cant (a cant excess).
double riderCantDeficiency(const TwistedFrame& w, double v, double b, double g = 9.81);

} // namespace tl
