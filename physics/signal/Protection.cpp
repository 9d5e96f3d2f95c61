#include "physics/signal/Protection.h"

#include <algorithm>
#include <cmath>

namespace tl {

double ProtectionCurve::permitted(double distance, double speed, double dt) const {
    const double room = distance - std::abs(speed) * dt;
    return room > 0 ? std::sqrt(2.0 * deceleration * room) : 0.0;
}

double ProtectionCurve::supervised(double distance, double overlap, double release, double speed,
                                   double dt) const {
    const double curve = permitted(distance, speed, dt);
    const double creep = std::min(std::max(release, 0.0), permitted(distance + overlap, speed, dt));
    return std::max(curve, creep);
}

ProtectionCurve protectionCurve(double braking, double sinGrade, double gravity) {
    return ProtectionCurve{std::max(braking + gravity * sinGrade, 0.05 * braking)};
}

} // namespace tl
