#pragma once
// Value and reference checks of a LayoutSpec, with exact JSON pointer paths: finite numbers, ranges
// (radius <= 0, angle 0, spline < 2 points, ...), duplicate ids, unknown tracks/bodies, an end used twice.
// Run by layoutSpecFromJson after parsing and by Layout::compile (the GUI edits specs directly).
#include "core/layout/LayoutSpec.h"

#include <string>

namespace tl {

// Throws LayoutError (file, path, problem) for the first problem found.
void checkLayoutSpec(const LayoutSpec& spec, const std::string& file = {});

// Names of the bodies declared in spec.bodies ("ground" is implicit): each entry's "name" (or "id").
std::vector<std::string> bodyNames(const LayoutSpec& spec);

} // namespace tl
