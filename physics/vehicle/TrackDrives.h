#pragma once
// The row-6 motor of a drive section (core/layout/TrackDrive.h: a lift-hill chain or a booster / brake
// run, read from the layout's "drives" by core and resolved by Layout::compile).
#include "core/layout/Layout.h"
#include "core/layout/TrackDrive.h"
#include "physics/vehicle/Traction.h"

#include <optional>
#include <vector>

namespace tl {

// The motor command of a bogie at `p` if a drive section holds it (the first that does), else nullopt.
std::optional<MotorCommand> trackDriveCommand(const std::vector<TrackDrive>& drives, const TrackPosition& p);

} // namespace tl
