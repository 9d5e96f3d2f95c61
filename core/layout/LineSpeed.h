#pragma once
// Line speed along a layout: the one rule the driver's HUD and the Checks dock use (docs/layout-format.md,
// "lineSpeed"). A track's "lineSpeed" [m/s] is a speed sign at its start: it holds on that track and on
// every track that follows it in the direction of increasing s (through connections and every branch of a
// facing switch) up to the next track with a sign of its own. Where two signs reach the same track (a
// trailing switch, a loop), the lower speed holds. Tracks no sign reaches have no line speed (0). The line
// speed of a place does not depend on how the switches are set nor on the direction of travel.
#include "core/layout/Layout.h"

#include <optional>
#include <vector>

namespace tl {

// The track's own "lineSpeed" [m/s]: a finite number > 0, else 0 (none).
double signedLineSpeed(const TrackSpec& track);

struct LineSpeedOf {
    double speed = 0.0; // [m/s], 0 = none
    int sign = -1;      // index of the track whose sign sets it, -1 = none
};

// Per track (index of layout.tracks()).
std::vector<LineSpeedOf> lineSpeeds(const Layout& layout);

// What a driver sees: the line speed in force here, and the next place ahead along the route as the
// switches are set where a sign stands or the line speed changes (a lower sign's reach beginning at a
// merge), with its distance.
struct LineSpeedAhead {
    std::optional<double> current; // the line speed here [m/s] (none: no sign reaches this track)
    std::optional<double> next;    // the line speed from the next sign or change ahead [m/s] (none in reach)
    double distance = 0.0;         // from here to where it begins [m]
    int nextTrack = -1;            // the track it begins at the entry of
};

// At `here` travelling along its direction (+1: increasing s); `speeds` = lineSpeeds(layout). Looks at most
// `reach` metres ahead (and never round a loop more than once).
LineSpeedAhead lineSpeedAhead(const Layout& layout, const std::vector<LineSpeedOf>& speeds,
                              const SwitchStates& states, const TrackPosition& here, double reach = 20000.0);

} // namespace tl
