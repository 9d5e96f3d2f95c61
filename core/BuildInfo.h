#pragma once
#include <string>

namespace tl {
std::string eigenVersion(); // e.g. "3.4.0"
std::string tracklabVersion();
} // namespace tl
