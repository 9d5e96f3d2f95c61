#pragma once
#include <string>

namespace tl {
std::string osgVersion(); // e.g. "3.6.5"
// "Eigen 3.4.0, Bullet 3.24 (double precision), OpenSceneGraph 3.6.5" — one library a line.
std::string libraryVersionLines();
} // namespace tl
