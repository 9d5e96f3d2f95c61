#pragma once
// Reading and writing layout files. Loading never returns a half-built spec (it throws LayoutError) and
// has bounded cost (core/io/InputFile.h: regular files up to 64 MiB, JSON nesting up to 64 levels);
// saving goes through core/io/SaveFile.h: temp file + fsync + rename, so a failed save leaves the old
// file byte-identical (and a device or FIFO target is written in place).
#include "core/layout/LayoutSpec.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace tl {

// Parse layout text; `file` labels errors. "not JSON" errors carry the line and column.
LayoutSpec parseLayoutSpec(std::string_view text, const std::string& file = {});

// Read and parse a file. Throws LayoutError (unreadable or refused file: path "" and the reason).
LayoutSpec loadLayoutSpec(const std::filesystem::path& path);

// The text saveLayoutSpec writes (2-space indented JSON, trailing newline).
std::string layoutSpecText(const LayoutSpec& spec);

// The text to save `spec` in a file that held `original` (core/io/JsonMerge.h): whatever was not edited
// keeps the bytes of `original` (key order, spacing, number text), so an unchanged layout gives
// `original` back and moving one point changes only that point's text. An empty or unreadable
// `original` gives layoutSpecText(spec).
std::string layoutSpecTextLike(const LayoutSpec& spec, std::string_view original);

// Write atomically (temp file + fsync + rename). Throws LayoutError (path "") when it cannot.
void saveLayoutSpec(const LayoutSpec& spec, const std::filesystem::path& path);

} // namespace tl
