#pragma once
// Validation of a compiled layout: at every connection and every switch branch, how well the two track
// ends meet, in world coordinates with every body at its initial pose:
//   gap   = |P_a - P_b| [m]
//   angle = angle between the direction of travel leaving a and the one entering b [rad]
//           (T at an "end", -T at a "start"; so tangents must be continuous in the traversal sense)
//   twist = angle between the twisted up vectors wB_a and wB_b [rad]
// Thresholds (docs/layout-format.md): error if gap > 0.05 m, angle > 2 deg or twist > 5 deg;
// warning if gap > 1 mm, angle > 0.05 deg or twist > 0.5 deg.
// Also every jump of curvature or roll rate (tau + dwt/ds) along the tracks and across joints
// (LayoutSmoothness.h): each one is a warning.
#include "core/layout/Layout.h"
#include "core/layout/LayoutSmoothness.h"
#include "core/units/CantUnits.h"

#include <string>
#include <vector>

namespace tl {

enum class Severity { Ok = 0, Warning = 1, Error = 2 };
const char* severityName(Severity s); // "ok", "warning", "error"

struct ValidationThresholds {
    double gapWarning = 1e-3;                                  // [m]
    double gapError = 0.05;                                    // [m]
    double angleWarning = 0.05 * 3.14159265358979323846 / 180; // [rad]
    double angleError = 2.0 * 3.14159265358979323846 / 180;    // [rad]
    double twistWarning = 0.5 * 3.14159265358979323846 / 180;  // [rad]
    double twistError = 5.0 * 3.14159265358979323846 / 180;    // [rad]
};

struct JointCheck {
    std::string kind;   // "connection" or "switch"
    int index = -1;     // connection or switch index
    int branch = -1;    // switch branch, -1 for a connection
    std::string name;   // "connection 3" or "switch S1 branch 1"
    EndRef from, to;    // the end left and the end entered (a -> b; switch: at -> branch)
    double gap = 0.0;   // [m]
    double angle = 0.0; // [rad]
    double twist = 0.0; // [rad]
    Severity severity = Severity::Ok;
    std::string problems; // which thresholds were passed, e.g. "gap > 0.05 m"; empty if ok
};

struct ValidationReport {
    std::vector<JointCheck> joints;
    std::vector<EndRef> openEnds; // track ends with nothing attached (information only)
    std::vector<RateJump> jumps;  // curvature / roll-rate jumps (warnings)
    // signals that protect nothing (warnings): a stop signal whose block is shorter than 1 m, a distant with
    // no home signal ahead (docs/layout-format.md, "Signals")
    std::vector<std::string> idleSignals;
    // How text() states bank (the layout's "look"): railway cant in mm over railCentre, else degrees.
    BankUnit bankUnit = BankUnit::Degrees;
    double railCentre = defaultRailCentreDistance; // [m]

    Severity worst() const;      // over joints and jumps
    int count(Severity s) const; // joints of that severity
    // One line per joint + summary, for the CLI. A railway layout's twist mismatch reads as a cant step
    // [mm] and its roll-rate jumps also as cant gradients [mm/m].
    std::string text() const;
};

ValidationReport validateLayout(const Layout& layout, const ValidationThresholds& limits = {});

} // namespace tl
