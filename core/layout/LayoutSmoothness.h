#pragma once
// Jumps of the rates a trackjoint follows, along every track and across every joint (validate):
//   curvature vector  k = kappa N = dT/ds [1/m]: a jump is a step of the rows' lateral/vertical force
//                     (m v^2 |dk|), e.g. an arc entered straight from a line;
//   roll rate         tau + dwt/ds of wF about T [rad/m] (docs/trackjoint.md, row 3): a jump asks row 3 for a
//   step of
//                     the roll rate (v |dr|), a one-step impulse - e.g. a linear cant ramp's ends.
// Inside a track the rates are sampled every <= 0.5 m. A jump is a change that does not shrink with the
// interval: an interval whose change exceeds its smaller neighbour's by more than the tolerance is bisected
// down to 1 mm and reported if its change still stands out there (a steep but smooth rate is no jump). At a
// joint the two tracks' values at their ends are compared (in the direction of travel).
#include "core/layout/Layout.h"

#include <string>
#include <vector>

namespace tl {

struct RateJump {
    std::string track;    // track id (the first track at a joint)
    double s = 0.0;       // arc length on `track` [m]
    std::string other;    // the track entered at a joint ("" inside a track)
    std::string quantity; // "curvature" or "roll rate"
    double before = 0.0;  // |k| [1/m] or roll rate [rad/m] just before
    double after = 0.0;   // ... just after
    double jump = 0.0;    // |k_after - k_before| [1/m] or |r_after - r_before| [rad/m]
};

struct SmoothnessTolerances {
    double curvature = 1e-4; // [1/m] (R = 10 km)
    double rollRate = 1e-4;  // [rad/m] (0.1 rad of cant over 1 km)
};

std::vector<RateJump> findRateJumps(const Layout& layout, const SmoothnessTolerances& tol = {});

} // namespace tl
