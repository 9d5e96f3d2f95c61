#include "physics/vehicle/TrackDrives.h"

namespace tl {

std::optional<MotorCommand> trackDriveCommand(const std::vector<TrackDrive>& drives, const TrackPosition& p) {
    for (const TrackDrive& d : drives) {
        if (d.track != p.track || p.s < d.from || p.s > d.to) continue;
        MotorCommand m;
        m.on = true;
        m.vTarget = d.direction * d.speed; // along +wF.T = increasing s
        const double lo = d.chain ? 0.0 : -d.maxForce;
        m.forceMin = d.direction > 0 ? lo : -d.maxForce;
        m.forceMax = d.direction > 0 ? d.maxForce : -lo;
        return m;
    }
    return std::nullopt;
}

} // namespace tl
