#pragma once
// Picking by distance on screen (not by hitting thin meshes): a track (sampled along its arc length, the
// samples projected into the view and the nearest screen segment within a few pixels winning, at any zoom), a
// switch's points, a drawn signal.
#include "core/layout/Layout.h"

#include <QPointF>

#include <optional>

namespace tl::render {
class SignalNodes;
}

namespace tl::ui {

class OsgViewWidget;

struct ScreenPickHit {
    int track = -1;    // track index
    double s = 0.0;    // arc length of the nearest point [m]
    double pixels = 0; // its distance from the mouse on screen [px]
};

// The track nearest to widget position `pos` within `maxPixels`, or nothing. `onlyTrack` >= 0: that track
// alone (a signal dragged along its track).
std::optional<ScreenPickHit> pickTrackOnScreen(const Layout& layout, const OsgViewWidget& view,
                                               const QPointF& pos, double maxPixels = 6.0,
                                               int onlyTrack = -1);

// The switch whose points (its `at` end, where the branches leave) are nearest to `pos` within `maxPixels`:
// its index in layout.switches(), or -1.
int pickSwitchOnScreen(const Layout& layout, const OsgViewWidget& view, const QPointF& pos,
                       double maxPixels = 8.0);

// The drawn signal (render/track/SignalNodes.h: its post, from the foot to above the head) nearest to `pos`
// within `maxPixels`: its index in the drawn layout's signalList(), or -1.
int pickSignalOnScreen(const render::SignalNodes& drawn, const OsgViewWidget& view, const QPointF& pos,
                       double maxPixels = 8.0);

} // namespace tl::ui
