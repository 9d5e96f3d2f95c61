#pragma once
// Drive sections of a layout ("drives" at the top of the layout file): a stretch of one track where the
// track itself moves the bogies on it - a lift-hill chain or a booster / brake run. Each railed bogie
// whose anchor is on the stretch gets the section's row-6 motor (seed 000 equation (11)) instead of its
// car's: target speed `speed` in the section's direction, with per-bogie force limits
//   "chain":   0 <= f6 <= maxForce along the direction (it pulls up to the speed and never holds back: a
//              faster train runs free; a train rolling back is caught, the chain's anti-rollback dogs);
//   "booster": -maxForce <= f6 <= maxForce (accelerates and brakes to the speed).
// File form (docs/layout-format.md):
//   "drives": [{"id": "lift", "kind": "chain", "track": "loop", "from": 20, "to": 180, "direction": 1,
//               "speed": 4, "maxForce": 6000}]
#include "core/layout/Layout.h"
#include "physics/Traction.h"

#include <optional>
#include <string>
#include <vector>

namespace tl {

struct TrackDrive {
    std::string id;        // name
    bool chain = true;     // "chain" (pull only) or "booster" (both ways)
    int track = -1;        // track index
    double from = 0.0;     // section start s [m]
    double to = 0.0;       // section end s [m] (> from)
    int direction = +1;    // +1: drives toward increasing s, -1 toward decreasing s
    double speed = 0.0;    // target speed [m/s] >= 0
    double maxForce = 0.0; // per bogie [N] > 0
};

// The layout's "drives" (absent: none). Throws LayoutError naming `file`, the JSON path and the problem.
std::vector<TrackDrive> readTrackDrives(const Layout& layout, const std::string& file);

// The motor command of a bogie at `p` if a drive section holds it (the first that does), else nullopt.
std::optional<MotorCommand> trackDriveCommand(const std::vector<TrackDrive>& drives, const TrackPosition& p);

} // namespace tl
