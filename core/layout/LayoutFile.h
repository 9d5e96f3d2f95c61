#pragma once
// Reading and writing layout files. Loading never returns a half-built spec (it throws LayoutError);
// saving is atomic: the text goes to a temporary file in the target's directory, is flushed to disk
// (fsync) and renamed over the target, so a failed save leaves the old file byte-identical.
#include "core/layout/LayoutSpec.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace tl {

// Parse layout text; `file` labels errors. "not JSON" errors carry the line and column.
LayoutSpec parseLayoutSpec(std::string_view text, const std::string& file = {});

// Read and parse a file. Throws LayoutError (unreadable file: path "" and the system's reason).
LayoutSpec loadLayoutSpec(const std::filesystem::path& path);

// The text saveLayoutSpec writes (2-space indented JSON, trailing newline).
std::string layoutSpecText(const LayoutSpec& spec);

// Write atomically (temp file + fsync + rename). Throws LayoutError (path "") when it cannot.
void saveLayoutSpec(const LayoutSpec& spec, const std::filesystem::path& path);

} // namespace tl
