#include "physics/signal/Autopilot.h"

#include <algorithm>
#include <cmath>

namespace tl {

double Autopilot::target(const AutopilotView& v) {
    const double a = kServiceShare * v.braking;
    double t = v.lineSpeed > 0 ? v.lineSpeed : kNoSignSpeed;
    if (std::isfinite(v.nextLineSpeed))
        t = std::min(
            t, std::sqrt(v.nextLineSpeed * v.nextLineSpeed + 2.0 * a * std::max(0.0, v.nextLineDistance)));
    if (std::isfinite(v.stopDistance))
        t = std::min(t, std::sqrt(2.0 * a * std::max(0.0, v.stopDistance - kStopShort)));
    return t;
}

DriveInputs Autopilot::inputs(const AutopilotView& v, int direction) {
    const double t = target(v);
    DriveInputs in;
    in.direction = direction;
    if (t < kStand) {
        in.brake = 1.0;
        return in;
    }
    const double excess = v.speed - t;
    if (excess > kBrakeBand)
        in.brake = std::clamp((excess - kBrakeBand) / (kSaturation - kBrakeBand), 0.05, 1.0);
    else if (v.tractionSpeed > 0)
        in.throttle = std::clamp(t / v.tractionSpeed, 0.0, 1.0);
    return in;
}

} // namespace tl
