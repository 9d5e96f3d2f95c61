#include "core/io/ResourceDirs.h"

#include <cstdlib>

namespace tl {

std::vector<std::filesystem::path> resourceDirs(const char* envVariable, const char* name,
                                                const std::filesystem::path& sourceDir) {
    std::vector<std::filesystem::path> dirs;
    if (const char* env = std::getenv(envVariable)) dirs.emplace_back(env);
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto installed = exe.parent_path().parent_path() / "share" / "tracklab" / name;
        if (std::filesystem::is_directory(installed, ec)) dirs.push_back(installed);
    }
    dirs.push_back(sourceDir);
    return dirs;
}

} // namespace tl
