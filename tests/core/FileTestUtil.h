#pragma once
// Whole files for tests: read a file's bytes, (over)write a file with a text.
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

} // namespace filetest
