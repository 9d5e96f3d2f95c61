#pragma once
// The autopilot (docs/trains-format.md, "Signals and protection"), a driver a train opts into with
// "driver": "autopilot". It aims for the lowest of: the line speed here; the permissible speed in curves
// (from the cant and the train's allowed cant deficiency, as the checks compute it:
// core/checks/PermissibleSpeeds.h) over the length of the train; each lower line speed and permissible speed
// ahead, reached by braking at its service rate; and a stop kStopShort metres short of the first signal ahead
// at stop, at the same rate. Its service rate is kServiceShare of the train's full braking, so protection's
// curve (full braking) is never reached. Its throttle asks the motors for that speed (throttle x maxSpeed is
// what a throttle drives to: physics/vehicle/Traction.h). Above a steady target by more than kBrakeBand it
// brakes, the brake growing with the excess to full at kSaturation. On a braking curve (a lower limit ahead
// sets the target) it brakes at its service share and more the further it is over the curve, less the
// further under it (kFollow per m/s), so that it reaches each lower limit at or below it.
#include "physics/vehicle/Traction.h"

#include <limits>

namespace tl {

struct AutopilotView {
    static constexpr double kNone = std::numeric_limits<double>::infinity();
    double speed = 0.0;            // the train's speed towards its travel [m/s]
    double lineSpeed = 0.0;        // here [m/s] (0: no sign reaches here -- then it keeps kNoSignSpeed)
    double nextLineSpeed = kNone;  // ahead [m/s]
    double nextLineDistance = 0.0; // [m]
    double stopDistance = kNone;   // to the first signal at stop [m]
    double permissible = kNone;    // the lowest permissible speed under the train [m/s]
    // the permissible speeds ahead: the lowest of sqrt(v_p^2 + 2 a x) over the places ahead, v_p the
    // permissible speed at distance x, a the service rate [m/s]
    double permissibleAhead = kNone;
    double braking = 0.0;       // full braking [m/s^2]
    double tractionSpeed = 0.0; // the speed throttle 1 drives to (0: no traction, it coasts) [m/s]
};

struct AutopilotAim {
    double speed = 0.0; // [m/s]
    bool curve = false; // set by a braking curve to a lower limit ahead (the target falls as it runs on)
};

struct Autopilot {
    static constexpr double kStopShort = 10.0;   // [m] short of a signal at stop
    static constexpr double kServiceShare = 0.6; // of the full braking
    static constexpr double kBrakeBand = 0.3;    // [m/s] over a steady target before it brakes
    static constexpr double kSaturation = 2.0;   // [m/s] over a steady target for full brake
    static constexpr double kFollow = 1.7;       // [m/s] on a braking curve: brake share change per this
    static constexpr double kNoSignSpeed = 10.0; // where no line speed sign reaches [m/s]
    static constexpr double kStand = 0.05;       // a target below this is a stop: brake in full [m/s]
    // The speed it aims for [m/s], and whether a braking curve sets it.
    static AutopilotAim aim(const AutopilotView& v);
    static double target(const AutopilotView& v) { return aim(v).speed; }
    // Its inputs for that target (direction: the train's).
    static DriveInputs inputs(const AutopilotView& v, int direction);
};

} // namespace tl
