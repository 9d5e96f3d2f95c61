#pragma once
// A design-rule profile: the limits a layout is checked against (docs/rules-format.md), read from a JSON
// file ("format": "tracklab-rules"). Shipped profiles live in resources/rules/ (FRA 49 CFR 213.57, typical
// European EN 13803 limits, a coaster acceleration envelope); users copy and edit one. Every limit is
// stated in the file with its unit and kept here in SI; errors are LayoutError (file, JSON path, problem).
#include "core/checks/AccelerationEnvelope.h"

#include <filesystem>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

enum class RuleType {
    MaxCant,              // |cant| <= limit                                    [m]
    CantDeficiency,       // cant deficiency at the speed <= limit              [m]
    CurveSpeed,           // speed <= permissible speed for a cant deficiency   [m/s]
    CantGradient,         // |d cant / ds| <= limit                             [m/m]
    CantRate,             // |d cant / ds| * speed <= limit                     [m/s]
    CantDeficiencyRate,   // |d deficiency / ds| * speed <= limit               [m/s]
    MinRadius,            // horizontal radius >= limit                         [m]
    MinRadiusForSpeed,    // horizontal radius >= v^2 / (g tan asin((E + I)/b)) [m]
    MaxSpeed,             // speed <= limit                                     [m/s]
    VerticalAcceleration, // lower <= rider vertical specific force <= limit   [g]
    LateralAcceleration,  // |rider lateral specific force| <= limit            [g]
    AccelerationEnvelope, // rider acceleration along one axis held beyond a level no longer than an
                          // acceleration-duration envelope allows (ASTM F2291), time from the speed
};

const char* ruleTypeName(RuleType t); // the file's "type", e.g. "maxCant"

// How cant deficiency relates to speed: the exact equilibrium over the rail-centre distance
// (core/units/CantUnits.h), or the FRA's own E = 0.0007 D V^2 (inches, degrees of curvature, mph).
enum class DeficiencyMethod { Equilibrium, Fra213 };

// The rider axis an AccelerationEnvelope checks (PlaceSample: vertical, |lateral|, longitudinal).
enum class EnvelopeAxis { Vertical, Lateral, Longitudinal };
const char* envelopeAxisName(EnvelopeAxis a); // "vertical", ...

struct RuleSpec {
    RuleType type = RuleType::MaxCant;
    std::string id;        // "id", default the type name; unique in the profile
    std::string name;      // "name" shown with each violation (default: the id)
    std::string reference; // "reference": where the limit comes from
    std::string unit;      // unit the limit is stated and shown in ("mm", "in", "km/h", "g", "ratio", ...)
    double limit = 0.0;    // SI; upper limit (MinRadius*: lower limit; VerticalAcceleration: the maximum)
    double lower = -std::numeric_limits<double>::infinity(); // VerticalAcceleration: the minimum [g]
    DeficiencyMethod method = DeficiencyMethod::Equilibrium; // CantDeficiency, CurveSpeed
    double cant = 0.0;                                       // MinRadiusForSpeed: design maximum cant [m]
    double cantDeficiency = 0.0; // CurveSpeed, MinRadiusForSpeed: allowed cant deficiency [m]
    // AccelerationEnvelope: the axis, the corners [g, seconds] in SI (m/s^2, s; AccelerationEnvelope.h),
    // the standard's edition and the restraint category the figures were taken for (text, shown)
    EnvelopeAxis axis = EnvelopeAxis::Vertical;
    std::vector<EnvelopeCorner> envelope;
    std::string edition;
    std::string restraint;
    // the rule compares a lower bound (radius) rather than an upper one
    bool lowerBound() const { return type == RuleType::MinRadius || type == RuleType::MinRadiusForSpeed; }
    // the rule depends on the speed at the place
    bool needsSpeed() const;
};

// Where the speed at each place comes from.
enum class SpeedModel {
    Line,  // the layout's "lineSpeed" signs (core/layout/LineSpeed.h)
    Energy // frictionless energy from the last drive section (chain / booster) upstream, else from the
           // highest point at crestSpeed (an upper bound of a coaster's speed)
};

struct RuleProfile {
    std::string file;        // where it was read from ("<memory>" if none)
    std::string name;        // "name"
    std::string description; // "description"
    SpeedModel speed = SpeedModel::Line;
    double crestSpeed = 0.0;        // Energy: speed over the highest point when no drive is upstream [m/s]
    double riderHeight = 0.0;       // rider point above the rails for the acceleration rules [m]
    double sampling = 1.0;          // spacing of the checked places along each track [m]
    double curveRadius = 5000.0;    // places with a horizontal radius below this belong to a curve [m]
    std::string speedUnit = "km/h"; // unit of speeds in reports ("km/h", "mph", "m/s")
    std::string cantUnit = "mm";    // unit of cant in reports ("mm", "in")
    std::vector<RuleSpec> rules;
};

// Parse profile text; `file` labels errors (LayoutError: file, JSON path, problem).
RuleProfile parseRuleProfile(std::string_view text, const std::string& file = {});
// Read and parse a file (bounded like layouts: core/io/InputFile.h).
RuleProfile loadRuleProfile(const std::filesystem::path& path);

// Units: the SI value of one `unit`, or 0 for an unknown unit. "ratio" (1:N) is not a scale: see below.
double unitScale(const std::string& unit);
// A SI value shown in `unit` with its unit name, e.g. "149.8 mm", "29.6 mph", "1:400".
std::string formatValue(double si, const std::string& unit, int precision = 1);
// The SI value in `unit` as a plain number (ratio: N of 1:N).
double inUnit(double si, const std::string& unit);

// Folders holding shipped profiles: $TRACKLAB_RULES, PREFIX/share/tracklab/rules beside the installed
// program, then the source tree's resources/rules. shippedRuleProfiles(): their *.json files, sorted.
std::vector<std::filesystem::path> ruleProfileDirs();
std::vector<std::filesystem::path> shippedRuleProfiles();
// A --rules argument: an existing file, else a shipped profile by file name without ".json"
// (e.g. "fra-213-class4"); empty if neither.
std::filesystem::path findRuleProfile(const std::string& nameOrPath);

} // namespace tl
