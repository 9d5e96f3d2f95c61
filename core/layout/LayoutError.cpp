#include "core/layout/LayoutError.h"

namespace tl {

namespace {
std::string describe(const std::string& file, const std::string& path, const std::string& problem) {
    return (file.empty() ? std::string("<memory>") : file) + ": " + (path.empty() ? std::string("/") : path) +
           ": " + problem;
}
} // namespace

LayoutError::LayoutError(std::string file, std::string path, std::string problem)
    : std::runtime_error(describe(file, path, problem)), file_(file.empty() ? "<memory>" : std::move(file)),
      path_(std::move(path)), problem_(std::move(problem)) {}

std::string jsonPath(const std::string& base, std::string_view key) {
    std::string out = base;
    out += '/';
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string jsonPath(const std::string& base, std::size_t index) {
    return base + "/" + std::to_string(index);
}

} // namespace tl
