#pragma once
// Line speed along a layout. A track's "lineSpeed" [m/s] (docs/layout-format.md) is a speed sign at its
// start: it holds on that track and on every track that follows it in the direction of increasing s
// (through connections and every branch of a facing switch) up to the next track with a sign of its own.
// Where two signs reach the same track (a trailing switch, a loop), the lower speed holds. Tracks no sign
// reaches have no line speed (0).
#include "core/layout/Layout.h"
#include "core/layout/LineSpeed.h" // signedLineSpeed: a track's own sign

#include <vector>

namespace tl {

struct LineSpeedOf {
    double speed = 0.0; // [m/s], 0 = none
    int sign = -1;      // index of the track whose sign sets it, -1 = none
};

// Per track (index of layout.tracks()).
std::vector<LineSpeedOf> lineSpeeds(const Layout& layout);

} // namespace tl
