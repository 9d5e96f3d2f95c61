#pragma once
// Rolling stock as data (format: docs/trains-format.md): a car body on one or two bogies, its wheel-rail
// parameters (gauge, flange angle, friction, Nadal window), its coupler, and, if powered, its tractive
// effort curve; brakes and Davis rolling resistance. Shipped definitions: resources/rolling-stock/*.json.
#include "core/geometry/Frame.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tl {

struct CarBodySpec {
    double length = 24.0;  // box length [m] (coupler points at +/- length/2 on the car axis)
    double width = 2.9;    // box width [m]
    double height = 2.8;   // box height [m] (inertia of the solid box)
    double mass = 40000.0; // [kg]
    double cgHeight = 1.9; // centre of mass above the rail plane [m]
    // Where the rider channels are taken (RiderChannels.h): a point on the body's axis at mid-length, this
    // high above the rail plane [m]. Default: the heartline 1.1 m for clamped (coaster) wheels, the floor
    // 1.2 m otherwise.
    double riderHeight = 1.2;
    // Optional 3D model shown instead of the box (any osgDB format: .obj, .osgt, ...): metres, origin at the
    // body's centre of mass, +x forward and +z up as osgDB delivers it (an .obj file is +y up, osgDB turns
    // it). Relative paths are resolved against the definition's folder; empty = draw the box.
    std::string model;
};

struct BogieSpec {
    int count = 2;                  // 1 or 2 bogies per car
    double spacing = 17.0;          // distance between the bogie centres [m] (ignored for count 1)
    double mass = 6000.0;           // per bogie [kg]
    Vec3 box = Vec3(3.0, 2.6, 1.0); // bogie box (length, width, height) for inertia and contact [m]
    double cgHeight = 0.5;          // bogie centre of mass (and car pivot) above the rail plane [m]
};

struct WheelRailSpec {
    double gauge = 1.5;                      // distance between the rail centres b [m] (roll limit Q b/2)
    double flangeAngle = 1.2217304763960306; // flange angle delta [rad] (70 deg)
    double friction = 0.3;                   // wheel-rail friction mu [-]
    double nadalWindow = 0.05;               // Y/Q above the Nadal limit for this long = flange climb [s]
    // Clamped wheels (roller coasters: up-stop and guide wheels around the rail): the rows hold both ways
    // without limits, so the car can neither lift off, overturn nor climb the flange.
    bool clamped = false;
    // Nadal's limit (tan delta - mu) / (1 + mu tan delta) [-] (docs/validation.md: 70 deg, 0.3 -> 1.342).
    double nadalLimit() const;
};

struct CouplerSpec {
    double slack = 0.02;      // free play between the coupler points [m]
    double stiffness = 2.0e7; // beyond the slack [N/m]
    double damping = 4.0e5;   // [N s/m]
    double limit = 1.5e6;     // the coupler's rated force [N] (an overload episode is reported)
    double strength = 4.5e6;  // breaking force [N] (> limit; default 3 x limit): the coupler parts, once
    // Meeting another train's car end: two automatic couplers closing slower than both their coupling speeds
    // couple, and the two trains become one (docs/trains-format.md, "Coupling and uncoupling").
    bool automatic = true;
    double couplingSpeed = 2.0; // [m/s], > 0
};

// A car end's buffers (both side buffers together, or a coaster car's bumper) as one spring along the track
// (docs/trains-format.md, "Buffers and collisions"). Past its stroke the end is solid: a spring of
// kSolidFactor x stiffness. absorption: the fraction of the compression energy not given back on release.
// Without "buffers" a car gets these defaults: UIC side buffers of category A, 105 mm stroke and about
// 1 MN each at full stroke (two per end: 1.9e7 N/m), no damper, no absorption.
struct BufferSpec {
    static constexpr double kSolidFactor = 100.0;
    double stiffness = 1.9e7; // [N/m], > 0
    double stroke = 0.105;    // [m], > 0
    double damping = 0.0;     // [N s/m], >= 0
    double absorption = 0.0;  // [-] in [0, 1]
};

struct TractionSpec {
    double maxForce = 0.0;            // starting tractive effort [N]; F(v) = min(maxForce, maxPower/|v|)
    double maxPower = 0.0;            // [W]
    double maxSpeed = 0.0;            // throttle 1 drives to this speed [m/s]
    double force(double speed) const; // tractive effort at |speed| [N]
};

struct ResistanceSpec {               // Davis: R(v) = a + b |v| + c v^2, per car
    double a = 0.0;                   // [N]
    double b = 0.0;                   // [N s/m]
    double c = 0.0;                   // [N s^2/m^2]
    double force(double speed) const; // [N], >= 0
};

struct RollingStockSpec {
    std::string name; // e.g. "passenger-car"
    CarBodySpec body;
    BogieSpec bogies;
    WheelRailSpec wheelRail;
    CouplerSpec coupler;
    BufferSpec buffers;                   // both ends alike
    std::optional<TractionSpec> traction; // present: the car's bogies are powered
    double brakeForce = 0.0;              // full-brake retarding force of the car [N]
    ResistanceSpec resistance;

    double totalMass() const { return body.mass + bogies.count * bogies.mass; } // [kg]
    // Combined centre of mass of body and bogies above the rail [m].
    double combinedCgHeight() const;
};

// Parse one definition (an object). Errors: LayoutError(file, path + "/key", problem).
RollingStockSpec parseRollingStock(const nlohmann::json& j, const std::string& file, const std::string& path);
// A layout may only reach the bundled library and files beside it: a stock name is a plain file name
// (letters, digits, '-', '_', '.'; not starting with '.'), never a path. "" if fine, else the problem.
std::string rollingStockNameProblem(const std::string& name);
// The JSON of NAME.json from the first of `dirs` that has it (null if none has; `where` = its path).
// Read with the bounds of core/io/InputFile.h; errors (bad name, unreadable, not JSON) are LayoutErrors.
nlohmann::json loadRollingStockJson(const std::string& name, const std::vector<std::filesystem::path>& dirs,
                                    std::string& where);
// Load NAME.json from the first of `dirs` that has it (LayoutError naming the file or the search).
RollingStockSpec loadRollingStock(const std::string& name, const std::vector<std::filesystem::path>& dirs);
// Where the shipped definitions live (core/io/ResourceDirs.h): $TRACKLAB_ROLLING_STOCK, PREFIX/share/
// tracklab/rolling-stock beside the installed program, then the source tree's resources/rolling-stock.
std::vector<std::filesystem::path> defaultRollingStockDirs();

} // namespace tl
