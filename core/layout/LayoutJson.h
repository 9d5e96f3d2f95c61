#pragma once
// LayoutSpec <-> JSON (the "tracklab-layout" format, docs/layout-format.md). Parsing checks the structure
// (required keys, types, end names, format and version) and then the values (checkLayoutSpec); every
// problem is a LayoutError naming `file` and the JSON pointer path. Unknown keys land in `extra`.
#include "core/layout/LayoutSpec.h"

#include <string>

namespace tl {

// Parse a document. `file` only labels errors. Throws LayoutError.
LayoutSpec layoutSpecFromJson(const Json& doc, const std::string& file = {});

// Serialize (inverse of layoutSpecFromJson: layoutSpecFromJson(layoutSpecToJson(x)) == x for a valid x).
Json layoutSpecToJson(const LayoutSpec& spec);

// Pieces, for the GUI's clipboard / undo commands (paths in errors are relative to `path`). `version` is
// the layout's: it says what a track without "frame" means (core/layout/FormatVersion.h).
TrackSpec trackSpecFromJson(const Json& j, const std::string& path, const std::string& file = {},
                            int version = LayoutSpec::currentVersion);
Json trackSpecToJson(const TrackSpec& t, int version = LayoutSpec::currentVersion);
// A curve object (also the horizontal of an "alignment" curve: core/layout/AlignmentCurveSpec.h).
CurveSpec curveSpecFromJson(const Json& j, const std::string& path, const std::string& file = {});
TwistSpec twistSpecFromJson(const Json& j, const std::string& path, const std::string& file = {});
Json twistSpecToJson(const TwistSpec& t);

} // namespace tl
