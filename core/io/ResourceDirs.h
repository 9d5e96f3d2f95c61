#pragma once
// Where TrackLab finds a kind of shipped file (rolling stock, rule profiles): the one search order for every
// kind -- the environment variable (a user's own folder), then the installed copy beside the program
// (PREFIX/bin/PROGRAM finds PREFIX/share/tracklab/NAME: the Debian package), then the source tree's folder
// the build was made from.
#include <filesystem>
#include <vector>

namespace tl {

// envVariable: e.g. "TRACKLAB_RULES"; name: the folder under share/tracklab; sourceDir: the build's own.
std::vector<std::filesystem::path> resourceDirs(const char* envVariable, const char* name,
                                                const std::filesystem::path& sourceDir);

} // namespace tl
