#pragma once
// Whole files for tests: read a file's bytes, (over)write a file with a text, count a folder's entries.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace filetest {

inline std::string readAll(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void writeAll(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

// How many entries a folder holds (a failed save must leave no temporary file beside the target).
inline std::size_t entryCount(const std::filesystem::path& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir))
        ++n;
    return n;
}

} // namespace filetest
