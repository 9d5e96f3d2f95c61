#pragma once
// The "vehicles" section of a layout (format: docs/vehicles-format.md). A vehicle for now is one rigid
// box with one trackjoint; trains of cars come later.
#include "core/geometry/Frame.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tl {

class Layout;

struct MotorSpec {
    double targetSpeed = 0.0; // along the vehicle's direction [m/s]
    double maxForce = 0.0;    // |f6| limit [N]
};

struct VehicleSpec {
    std::string id;                  // unique, names the vehicle in telemetry
    std::string track;               // track id it is railed on
    double s = 0.0;                  // arc length on that track [m]
    int direction = +1;              // +1: faces increasing s, -1: decreasing
    double speed = 0.0;              // initial speed along its direction [m/s]
    double mass = 1000.0;            // [kg]
    Vec3 box = Vec3(4.0, 2.0, 2.0);  // full box dimensions (length, width, height) -> inertia [m]
    double cgHeight = 1.0;           // centre of mass above the anchor, along wF.B [m]
    double riderHeight = 1.1;        // rider point above the anchor (RiderChannels.h) [m]
    std::optional<MotorSpec> motor;  // absent: free rolling (frictionless)
    double erp = 0.2;                // trackjoint error reduction [-]
    double cfm = 0.0;                // trackjoint constraint force mixing [m/(N s)]
    std::optional<double> stiffness; // if set with damping: ERP/CFM from kp [N/m], kd [N s/m]
                                     // (docs/trackjoint.md, "ERP and CFM")
    std::optional<double> damping;
};

// Parse the raw "vehicles" section (null = none); tracks are checked against the layout.
// Throws LayoutError (file, /vehicles/k/key, problem).
std::vector<VehicleSpec> parseVehicles(const nlohmann::json& vehicles, const Layout& layout,
                                       const std::string& file);

} // namespace tl
