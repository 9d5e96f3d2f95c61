#pragma once
// Picking a track by its distance on screen (not by hitting its thin mesh): every track is sampled along
// its arc length, the samples are projected into the view and the nearest screen segment within a few
// pixels wins, at any zoom.
#include "core/layout/Layout.h"

#include <QPointF>

#include <optional>

namespace tl::ui {

class OsgViewWidget;

struct ScreenPickHit {
    int track = -1;    // track index
    double s = 0.0;    // arc length of the nearest point [m]
    double pixels = 0; // its distance from the mouse on screen [px]
};

// The track nearest to widget position `pos` within `maxPixels`, or nothing.
std::optional<ScreenPickHit> pickTrackOnScreen(const Layout& layout, const OsgViewWidget& view,
                                               const QPointF& pos, double maxPixels = 6.0);

} // namespace tl::ui
