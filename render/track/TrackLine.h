#pragma once
// The far view of a track: its centre line as an unlit line a fixed number of pixels wide, drawn just above
// the rails. Rails and ballast shrink below a pixel a few hundred metres away; this line keeps a layout
// kilometres across readable at any zoom (the track mesh's chunks show it beyond TrackStyle::lineDistance).
#include "core/geometry/Frame.h"
#include "render/track/TrackStyle.h"

#include <osg/Geode>
#include <osg/Vec4>

#include <vector>

namespace tl::render {

// The line's colour when no overlay colours the track: dark for rails on a light ground, red for a coaster.
osg::Vec4 trackLineColour(TrackLook look);

// A line strip through `points` (body coordinates), coloured per point (colours.size() == points.size()),
// `widthPixels` wide on screen whatever the distance.
osg::ref_ptr<osg::Geode> buildTrackLine(const std::vector<Vec3>& points,
                                        const std::vector<osg::Vec4>& colours, float widthPixels);

} // namespace tl::render
