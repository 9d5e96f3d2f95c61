#include "app/info/LibraryVersions.h"

#include "core/BuildInfo.h"
#include "physics/world/BulletInfo.h"

#include <osg/Version>

namespace tl {

std::string osgVersion() {
    return osgGetVersion();
}

std::string libraryVersionLines() {
    const std::string precision = bulletScalarBytes() == 8 ? "double" : "single";
    return "OpenSceneGraph " + osgVersion() + "\n" + "Bullet " + bulletVersion() + " (" + precision +
           " precision, " + bulletLibraryPath() + ")\n" + "Eigen " + eigenVersion() + "\n";
}

} // namespace tl
