#pragma once
// The font of every label drawn in the 3D view (DejaVu Sans, else OSG's built-in font).
#include <osgText/Font>

namespace tl::render {

osgText::Font* labelFont();

} // namespace tl::render
