#include "physics/spec/Scenario.h"

namespace tl {

Scenario parseScenario(const Layout& layout, const std::string& file,
                       const std::vector<std::filesystem::path>& dirs, RollingStockFiles* files) {
    Scenario s;
    s.bodies = parseBodies(layout.spec().bodies, file);
    s.vehicles = parseVehicles(layout.spec().vehicles, layout, file);
    s.trains = parseTrains(layout.spec().trains, layout, file, dirs, files);
    return s;
}

} // namespace tl
