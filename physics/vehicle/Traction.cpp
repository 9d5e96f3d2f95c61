#include "physics/vehicle/Traction.h"

#include <algorithm>
#include <cmath>

namespace tl {

MotorCommand bogieMotorCommand(const DriveInputs& in, const RollingStockSpec& car, int bogies, int sigma,
                               double speed) {
    MotorCommand m;
    const double n = std::max(1, bogies);
    const double throttle = std::clamp(in.throttle, 0.0, 1.0);
    const double brake = std::clamp(in.brake, 0.0, 1.0);
    const double resist = car.resistance.force(speed) / n; // [N]
    if (car.traction && throttle > 0 && brake == 0) {
        const double pull = std::max(0.0, car.traction->force(speed) / n - resist); // forward [N]
        m.on = true;
        m.vTarget = sigma * throttle * car.traction->maxSpeed;
        m.forceMin = sigma > 0 ? -resist : -pull;
        m.forceMax = sigma > 0 ? pull : resist;
        return m;
    }
    const double hold = brake * car.brakeForce / n + resist; // toward zero speed [N]
    if (hold <= 0) return m;
    m.on = true;
    m.vTarget = 0.0;
    m.forceMin = -hold;
    m.forceMax = hold;
    return m;
}

} // namespace tl
