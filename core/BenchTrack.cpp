#include "core/BenchTrack.h"

#include <cmath>
#include <iomanip>
#include <numbers>
#include <sstream>

namespace tl {

std::string weavingTrackJson(const std::string& id, double length, const std::string& placement) {
    constexpr double kWeave = 5.0;         // lateral amplitude [m]
    constexpr double kWavelength = 400.0;  // of the weave [m]
    constexpr double kPointSpacing = 40.0; // spline points [m]
    std::ostringstream json;
    json << std::setprecision(12) << R"({"id": ")" << id << R"(", "curve": {"type": "spline", "points": [)";
    const int n = int(std::ceil(length / kPointSpacing));
    for (int i = 0; i <= n; ++i) {
        const double x = i * kPointSpacing;
        json << (i ? "," : "") << "[" << x << ", "
             << kWeave * std::sin(2 * std::numbers::pi * x / kWavelength) << ", 0]";
    }
    json
        << R"(]}, "frame": "up", "twist": {"type": "cant", "designSpeed": 20, "maxAngle": 0.1}, "placement": )"
        << placement << "}";
    return json.str();
}

} // namespace tl
