#pragma once
// The libraries this build runs with, one a line, for `tracklab-cli --version` and Help > About:
// "OpenSceneGraph 3.6.5", "Bullet 3.24 (double precision, /usr/lib/...)", "Eigen 3.4.0". A leaf library
// (tracklab_info) above physics and OpenSceneGraph, so that render need not link physics to name Bullet.
#include <string>

namespace tl {
std::string osgVersion(); // e.g. "3.6.5"
std::string libraryVersionLines();
} // namespace tl
