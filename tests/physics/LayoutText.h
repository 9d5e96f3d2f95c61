#pragma once
// A layout written into a test as JSON text, compiled (errors name "<test>"): the physics tests' rigs.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <string>

namespace tl {

inline Layout layoutFrom(const std::string& json) {
    return Layout::compile(parseLayoutSpec(json, "<test>"), "<test>");
}

} // namespace tl
