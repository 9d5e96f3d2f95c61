#pragma once
// The autopilot (docs/trains-format.md, "Signals and protection"), a driver a train opts into with
// "driver": "autopilot". It aims for the lowest of: the line speed here; each lower line speed ahead, reached
// by braking at its service rate; and a stop kStopShort metres short of the first signal ahead at stop, at
// the same rate. Its service rate is kServiceShare of the train's full braking, so protection's curve (full
// braking) is never reached. Its throttle asks the motors for that speed (throttle x maxSpeed is what a
// throttle drives to: physics/vehicle/Traction.h); above the target by more than kBrakeBand it brakes, the
// brake growing with the excess to full at kSaturation.
#include "physics/vehicle/Traction.h"

#include <limits>

namespace tl {

struct AutopilotView {
    double speed = 0.0;     // the train's speed towards its travel [m/s]
    double lineSpeed = 0.0; // here [m/s] (0: no sign reaches here -- then it keeps kNoSignSpeed)
    double nextLineSpeed = std::numeric_limits<double>::infinity(); // ahead [m/s]
    double nextLineDistance = 0.0;                                  // [m]
    double stopDistance = std::numeric_limits<double>::infinity();  // to the first signal at stop [m]
    double braking = 0.0;                                           // full braking [m/s^2]
    double tractionSpeed = 0.0; // the speed throttle 1 drives to (0: no traction, it coasts) [m/s]
};

struct Autopilot {
    static constexpr double kStopShort = 10.0;   // [m] short of a signal at stop
    static constexpr double kServiceShare = 0.6; // of the full braking
    static constexpr double kBrakeBand = 0.3;    // [m/s] over the target before it brakes
    static constexpr double kSaturation = 2.0;   // [m/s] over the target for full brake
    static constexpr double kNoSignSpeed = 10.0; // where no line speed sign reaches [m/s]
    static constexpr double kStand = 0.05;       // a target below this is a stop: brake in full [m/s]
    // The speed it aims for [m/s].
    static double target(const AutopilotView& v);
    // Its inputs for that target (direction: the train's).
    static DriveInputs inputs(const AutopilotView& v, int direction);
};

} // namespace tl
