#pragma once
// A drive section as the simulation and the scene use it: a DriveSpec (core/layout/LayoutSpec.h) with its
// track resolved to an index and its end to a number. Layout::compile builds them (Layout::drives()).
// Each railed bogie whose anchor is on the stretch gets the section's row-6 motor (docs/trackjoint.md,
// equation (11), physics/vehicle/TrackDrives.h) instead of its car's: target speed `speed` in the section's
// direction, with per-bogie force limits
//   chain:   0 <= f6 <= maxForce along the direction (it pulls up to the speed and never holds back: a
//            faster train runs free; a train rolling back is caught, the chain's anti-rollback dogs);
//   booster: -maxForce <= f6 <= maxForce (accelerates and brakes to the speed);
//   brake:   a booster that holds a train (speed 0) while the block ahead of it is occupied, then lets it go
//            to its speed; a station's brake ("dispatchInterval") also waits out the interval since it last
//            let a train go (physics/sim/SimulationSignals.cpp).
#include <string>

namespace tl {

struct TrackDrive {
    std::string id;                // name
    bool chain = true;             // "chain" (pull only) or "booster" (both ways)
    int track = -1;                // track index
    double from = 0.0;             // section start s [m]
    double to = 0.0;               // section end s [m] (> from)
    int direction = +1;            // +1: drives toward increasing s, -1 toward decreasing s
    double speed = 0.0;            // target speed [m/s] >= 0
    double maxForce = 0.0;         // per bogie [N] > 0
    bool brake = false;            // a block brake (chain false)
    double dispatchInterval = 0.0; // brakes: a station's interval [s] (0: a block brake)
};

} // namespace tl
