#pragma once
// Argument checks shared by the curve and twist constructors (throw std::invalid_argument with a message).
#include "core/geometry/Frame.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace tl::args {

inline void requireFinite(double v, const char* what) {
    if (!std::isfinite(v)) throw std::invalid_argument(std::string(what) + " must be finite");
}

inline void requirePositive(double v, const char* what) {
    requireFinite(v, what);
    if (!(v > 0.0))
        throw std::invalid_argument(std::string(what) + " must be > 0 (got " + std::to_string(v) + ")");
}

inline void requireFinite(const Vec3& v, const std::string& what) {
    if (!v.allFinite()) throw std::invalid_argument(what + " must be finite");
}

inline double clampArc(double s, double length) {
    return s < 0.0 ? 0.0 : (s > length ? length : s);
}

} // namespace tl::args
