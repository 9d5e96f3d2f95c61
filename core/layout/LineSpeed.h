#pragma once
// Speed limits along a route from the tracks' "lineSpeed" [m/s] (TrackSpec::lineSpeed,
// docs/layout-format.md): a line speed holds from the start of the track that states it onwards, along the
// route as the switches are set, until the next track that states one (a speed sign at its entry). Used by
// the driver's HUD: the limit in force at the head of a train and the next sign ahead with its distance.
#include "core/layout/Layout.h"

#include <optional>

namespace tl {

// The track's own "lineSpeed" [m/s]: a finite number > 0, else 0 (none).
double signedLineSpeed(const TrackSpec& track);

// The "lineSpeed" of track `track` [m/s] if it states a positive finite one.
std::optional<double> trackLineSpeed(const Layout& layout, int track);

struct LineSpeedAhead {
    std::optional<double> current; // the limit in force here [m/s] (none: no sign behind within reach)
    std::optional<double> next;    // the next sign ahead [m/s] (none: no sign within reach / an open end)
    double distance = 0.0;         // from here to that sign [m]
    int nextTrack = -1;            // the track it stands at the entry of
};

// At `here` travelling along its direction (+1: increasing s). Looks at most `reach` metres ahead and
// behind (and never round a loop more than once).
LineSpeedAhead lineSpeedAhead(const Layout& layout, const SwitchStates& states, const TrackPosition& here,
                              double reach = 20000.0);

} // namespace tl
