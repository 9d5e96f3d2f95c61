#include "core/BuildInfo.h"

#include <Eigen/Core>

namespace tl {
std::string eigenVersion() {
    return std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
           std::to_string(EIGEN_MINOR_VERSION);
}
std::string tracklabVersion() {
    return "0.1.0";
}
} // namespace tl
