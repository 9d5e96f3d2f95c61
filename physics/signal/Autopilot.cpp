#include "physics/signal/Autopilot.h"

#include <algorithm>
#include <cmath>

namespace tl {

AutopilotAim Autopilot::aim(const AutopilotView& v) {
    const double a = kServiceShare * v.braking;
    double here = v.lineSpeed > 0 ? v.lineSpeed : kNoSignSpeed;
    here = std::min(here, v.permissible);
    double t = here;
    if (std::isfinite(v.nextLineSpeed))
        t = std::min(
            t, std::sqrt(v.nextLineSpeed * v.nextLineSpeed + 2.0 * a * std::max(0.0, v.nextLineDistance)));
    t = std::min(t, v.permissibleAhead);
    if (std::isfinite(v.stopDistance))
        t = std::min(t, std::sqrt(2.0 * a * std::max(0.0, v.stopDistance - kStopShort)));
    return AutopilotAim{t, t < here};
}

DriveInputs Autopilot::inputs(const AutopilotView& v, int direction) {
    const AutopilotAim aimed = aim(v);
    const double t = aimed.speed;
    DriveInputs in;
    in.direction = direction;
    if (t < kStand) {
        in.brake = 1.0;
        return in;
    }
    const double excess = v.speed - t;
    if (aimed.curve) {
        // follow the curve down: the service share holds it at the curve's deceleration on the level
        const double brake = kServiceShare + excess / kFollow;
        if (brake > 0) {
            in.brake = std::min(brake, 1.0);
            return in;
        }
    } else if (excess > kBrakeBand) {
        in.brake = std::clamp((excess - kBrakeBand) / (kSaturation - kBrakeBand), 0.05, 1.0);
        return in;
    }
    if (v.tractionSpeed > 0) in.throttle = std::clamp(t / v.tractionSpeed, 0.0, 1.0);
    return in;
}

} // namespace tl
