#include "FuzzTargets.h"

#include "core/io/InputFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutValidation.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/TrainSpec.h"
#include "physics/spec/VehicleSpec.h"

#include <string_view>

namespace tl::fuzz {

namespace {

std::string_view text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A loop (two half circles) with a siding: the trains and vehicles are placed on it.
const Layout& fixedLayout() {
    static const Layout layout =
        Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1,
        "tracks": [
          {"id": "a", "curve": {"type": "arc", "radius": 200, "angle": 3.141592653589793}},
          {"id": "b", "curve": {"type": "arc", "radius": 200, "angle": 3.141592653589793},
           "placement": {"after": ["a", "end"]}},
          {"id": "L", "curve": {"type": "line", "length": 500}, "placement": {"position": [0, -50, 0]}}],
        "connections": [{"a": ["a", "end"], "b": ["b", "start"]}, {"a": ["b", "end"], "b": ["a", "start"]}]})",
                                        "fixed.json"),
                        "fixed.json");
    return layout;
}

} // namespace

void layout(const std::uint8_t* data, std::size_t size) {
    try {
        const LayoutSpec spec = parseLayoutSpec(text(data, size), "fuzz.json");
        const Layout L = Layout::compile(spec, "fuzz.json");
        (void)validateLayout(L);
        (void)layoutSpecText(spec);
        const SwitchStates states = L.initialSwitchStates();
        for (std::size_t t = 0; t < L.trackCount() && t < 16; ++t) {
            const double len = L.track(t).length();
            for (double f : {0.0, 0.37, 1.0})
                (void)L.frameInWorld(t, f * len);
            (void)L.advance(TrackPosition{int(t), 0.5 * len, 1}, 1e12, states);
            (void)L.advance(TrackPosition{int(t), 0.5 * len, -1}, -3.5 * len, states);
        }
    } catch (const LayoutError&) {
    }
}

void trains(const std::uint8_t* data, std::size_t size) {
    try {
        const nlohmann::json j = parseJsonText<nlohmann::json>(text(data, size), "fuzz.json");
        try {
            (void)parseTrains(j, fixedLayout(), "/nonexistent/fuzz.json");
        } catch (const LayoutError&) {
        }
        (void)parseRollingStock(j, "/nonexistent/stock.json", "");
    } catch (const LayoutError&) {
    }
}

void vehicles(const std::uint8_t* data, std::size_t size) {
    try {
        const nlohmann::json j = parseJsonText<nlohmann::json>(text(data, size), "fuzz.json");
        (void)parseVehicles(j, fixedLayout(), "fuzz.json");
    } catch (const LayoutError&) {
    }
}

} // namespace tl::fuzz
