#include "physics/spec/VehicleSpec.h"

#include "core/geometry/Limits.h"
#include "core/io/JsonReader.h"
#include "core/io/SpecReader.h"
#include "core/layout/Layout.h"
#include "physics/spec/StartPlace.h"

#include <set>

namespace tl {

std::vector<VehicleSpec> parseVehicles(const nlohmann::json& vehicles, const Layout& layout,
                                       const std::string& file) {
    std::vector<VehicleSpec> out;
    if (vehicles.is_null()) return out;
    if (!vehicles.is_array()) JsonReader(file).wrongType(vehicles, "/vehicles", "an array of vehicles");
    if (vehicles.size() > limits::kMaxVehicles)
        throw LayoutError(file, "/vehicles",
                          "a layout may have at most " + std::to_string(limits::kMaxVehicles) +
                              " vehicles, got " + std::to_string(vehicles.size()));
    std::set<std::string> ids;
    for (std::size_t k = 0; k < vehicles.size(); ++k) {
        const SpecReader r(vehicles[k], file, jsonPath("/vehicles", k));
        VehicleSpec v;
        v.id = r.string("id");
        if (!ids.insert(v.id).second) r.fail("id", "duplicate vehicle id \"" + v.id + "\"");
        const StartPlace start = readStartPlace(r, layout);
        v.track = start.track;
        v.s = start.s;
        v.direction = start.direction;
        v.speed = r.number("speed", 0.0);
        v.mass = r.positive("mass", v.mass);
        v.box = r.vec3("box", v.box);
        if (!(v.box.minCoeff() > 0)) r.fail("box", "all three dimensions must be > 0");
        v.cgHeight = r.number("cgHeight", v.cgHeight);
        v.riderHeight = r.number("riderHeight", v.riderHeight);
        if (v.riderHeight < 0 || v.riderHeight > 20)
            r.fail("riderHeight", "must lie in [0, 20] m, got " + std::to_string(v.riderHeight));
        if (r.has("motor")) {
            const auto& m = r.at("motor");
            if (m.is_string() && m.get<std::string>() == "off") {
            } else if (m.is_null()) {
            } else {
                const SpecReader mr(m, file, r.keyPath("motor"));
                MotorSpec ms;
                ms.targetSpeed = mr.number("targetSpeed");
                mr.require("maxForce");
                ms.maxForce = mr.positive("maxForce", 1.0);
                v.motor = ms;
            }
        }
        if (r.has("joint")) {
            const SpecReader j(r.at("joint"), file, r.keyPath("joint"));
            v.erp = j.number("erp", v.erp);
            if (v.erp < 0 || v.erp > 1) j.fail("erp", "must lie in [0, 1]");
            v.cfm = j.number("cfm", v.cfm);
            if (v.cfm < 0) j.fail("cfm", "must be >= 0");
            if (j.has("stiffness") != j.has("damping"))
                j.fail(j.has("stiffness") ? "damping" : "stiffness", "stiffness and damping go together");
            if (j.has("stiffness")) {
                v.stiffness = j.positive("stiffness", 1.0);
                v.damping = j.number("damping");
                if (*v.damping < 0) j.fail("damping", "must be >= 0");
            }
        }
        out.push_back(v);
    }
    return out;
}

} // namespace tl
