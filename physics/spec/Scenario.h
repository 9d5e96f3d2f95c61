#pragma once
// What a layout's "bodies", "vehicles" and "trains" sections say, typed, with every train's rolling stock
// resolved: the input a simulation is built from (SimulationEngine), with no Bullet in it. The GUI parses
// it once per change of the document and builds every run of that document from it; the CLI parses it once
// per run. Formats: docs/vehicles-format.md, docs/trains-format.md.
#include "core/layout/Layout.h"
#include "physics/spec/BodySpec.h"
#include "physics/spec/TrainSpec.h"
#include "physics/spec/VehicleSpec.h"

#include <filesystem>
#include <string>
#include <vector>

namespace tl {

class RollingStockFiles;

struct Scenario {
    std::vector<BodySpec> bodies;
    std::vector<VehicleSpec> vehicles;
    std::vector<TrainSpec> trains; // their cars' rolling stock resolved
};

// Throws LayoutError naming `file`, the JSON path and the problem. Rolling-stock names are looked up in
// `dirs` (and "rolling-stock" beside `file`), through `files` when given.
Scenario parseScenario(const Layout& layout, const std::string& file,
                       const std::vector<std::filesystem::path>& dirs, RollingStockFiles* files = nullptr);

} // namespace tl
