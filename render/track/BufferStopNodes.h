#pragma once
// The layout's buffer stops (core/layout/BufferStop.h) drawn where their faces first stand, facing back
// along the track: a friction stop as a red beam with white ends at buffer height (1 m above the rails) on
// two posts, its sliding frame behind it along its stroke; a fixed stop as a grey block. Built in world
// coordinates (buffer stops stand on ground tracks only). Each stop is one child node named
// "buffer stop TRACK start|end", its matrix the track frame at the face (x along the track toward the end).
#include "core/layout/Layout.h"

#include <osg/Group>

namespace tl::render {

osg::ref_ptr<osg::Group> buildBufferStops(const Layout& layout);

} // namespace tl::render
