#pragma once
// Fly the 3D view's orbit camera to a place: keep the viewing direction, move the centre there and come
// at most `maxDistance` close, eased over `ms` milliseconds (the derailment list and the checks dock).
#include <osg/Vec3d>

namespace tl::ui {

class OsgViewWidget;

void flyCameraTo(OsgViewWidget* view, const osg::Vec3d& centre, double maxDistance, int ms = 600);

} // namespace tl::ui
