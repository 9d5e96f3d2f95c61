#pragma once
// Reading the JSON files a user hands to TrackLab (layouts, rolling stock) with bounded work: only
// regular files up to kMaxInputBytes are read (not /dev/zero, not a FIFO), and JSON nested deeper than
// kMaxJsonDepth is rejected by a scan of the raw text before the (recursive) JSON parser sees it.
// Every problem is a LayoutError naming the file (JSON path "" = the document) and what is wrong.
#include "core/layout/LayoutError.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace tl {

constexpr std::size_t kMaxInputBytes = std::size_t(64) << 20; // 64 MiB: ~100x the largest shipped layout
constexpr int kMaxJsonDepth = 64; // arrays/objects inside each other (a layout needs about 8)

// The whole file. Throws LayoutError: missing, unreadable, a directory, not a regular file, larger than
// maxBytes (other formats than JSON have their own cap, e.g. kMaxStepFileBytes in core/io/StepFile.h).
std::string readInputFile(const std::filesystem::path& path, std::size_t maxBytes = kMaxInputBytes);

// Throws LayoutError "nested deeper than 64 levels at line L, column C" when an array or object opens at
// depth kMaxJsonDepth + 1 (brackets inside strings do not count).
void checkJsonNesting(std::string_view text, const std::string& file);

// The message of a nlohmann parse or out-of-range error, located by line and column in `text`, without
// the library's "[json.exception...]" prefix: "not JSON: line 3, column 7: syntax error ...".
std::string jsonErrorMessage(std::string_view text, const nlohmann::json::exception& e);

// checkJsonNesting + parse; parse errors become LayoutError(file, "", jsonErrorMessage(...)).
template <class JsonType> JsonType parseJsonText(std::string_view text, const std::string& file) {
    checkJsonNesting(text, file);
    try {
        return JsonType::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {
        throw LayoutError(file, "", jsonErrorMessage(text, e));
    }
}

} // namespace tl
