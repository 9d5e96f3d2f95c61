#pragma once
// The permissible speed along every track of a layout, as the checks compute it (core/checks/CheckEngine.h,
// permissibleSpeed): at each place samplePlaces takes (PlaceSamples.h, the profile's sampling), the lowest
// speed any of the profile's speed rules allows there. The autopilot keeps to it
// (physics/signal/Autopilot.h).
#include "core/checks/RuleProfile.h"
#include "core/layout/Layout.h"

#include <limits>
#include <vector>

namespace tl {

struct TrackPermissible {
    double length = 0.0;       // the track's length [m]
    std::vector<double> speed; // at s = length * i / (size - 1) [m/s] (+inf where no rule limits)
    double lowest = std::numeric_limits<double>::infinity(); // the lowest of them [m/s]
};

// Per track (index of layout.tracks()).
std::vector<TrackPermissible> permissibleSpeeds(const Layout& layout, const RuleProfile& profile);

// A profile of one rule: speed <= the permissible speed for a cant deficiency of `deficiency` [m] with the
// actual cant (a "curveSpeed" rule, exact equilibrium over the layout's rail-centre distance), sampled every
// `sampling` [m].
RuleProfile curveSpeedProfile(double deficiency, double sampling = 1.0);

} // namespace tl
