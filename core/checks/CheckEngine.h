#pragma once
// Design-rule checks of a layout against a profile (core/checks/RuleProfile.h), per place: every track is
// sampled (PlaceSamples.h), every rule evaluated at every place, and the places breaking a rule merged into
// contiguous ranges, each a Violation with its track, s range, the worst value and the limit there.
// Beside them the curve table: every curve of the layout (a contiguous stretch, across tracks, turning one
// way with a radius below the profile's curveRadius - e.g. c1-in + c1 + c1-out) with its tightest radius,
// cant, line speed and the permissible speed the profile's speed rules allow. The critical speed found by
// simulation (physics/run/CurveCriticalSpeed.h) is filled in by the caller.
#include "core/checks/PlaceSamples.h"
#include "core/checks/RuleProfile.h"
#include "core/layout/Layout.h"

#include <cmath>
#include <string>
#include <vector>

namespace tl {

struct Violation {
    int rule = -1;           // index into profile.rules
    std::string ruleId;      //
    std::string ruleName;    //
    std::string unit;        // the rule's unit for value and limit
    int track = -1;          // track index
    std::string trackId;     //
    double s0 = 0.0;         // first place breaking the rule [m]
    double s1 = 0.0;         // last place [m]
    double sWorst = 0.0;     // where the value is worst [m]
    double value = 0.0;      // worst value (SI)
    double limit = 0.0;      // the limit it breaks there (SI)
    bool belowLimit = false; // the value is under a lower limit (radius, vertical minimum)
    // accelerationEnvelope: how long the rider was at `limit` or beyond it (s0..s1) and how long the
    // envelope allows there (0: never beyond it) [s]; value is the peak. NaN for the other rules.
    double duration = NAN;
    double allowed = NAN;
    // s0..s1 as stations where the track lies on an alignment, "km 12+010.000 to km 12+020.000" (one
    // "km ..." where they agree; stationRange in core/layout/Alignment.h), else "" (docs/alignments.md)
    std::string stations;
};

struct CurvePlace {
    int track = -1; // track index
    double s = 0.0; // [m]
};

struct CurveRow {
    std::string name;                // the id of the track with the tightest place (+ its s range if shared)
    std::vector<std::string> tracks; // ids, in order of travel
    CurvePlace start, end, tightest; // where it begins and ends (direction of increasing s), tightest place
    double length = 0.0;             // [m]
    double radius = INFINITY;        // tightest horizontal radius [m]
    double cant = 0.0;               // cant there [m]
    bool turnsLeft = true;           //
    double lineSpeed = 0.0;          // highest speed of the profile's model on the curve [m/s], 0 = none
    double permissible = INFINITY;   // lowest speed any speed rule allows on it [m/s]
    std::string governing;           // the rule (id) and place setting `permissible`
    double critical = NAN;           // critical speed by simulation [m/s] (caller)
    std::string criticalNote;        // how it was found / why not
    bool overPermissible() const { return lineSpeed > 0 && lineSpeed > permissible * (1 + 1e-9); }
};

struct CheckReport {
    std::string profileName;
    std::vector<Violation> violations; // by track index, then s, then rule
    std::vector<CurveRow> curves;      // in track order of their start
    std::vector<std::string> notes;    // what could not be checked (no line speed, ...)
    std::size_t places = 0;            // places evaluated
};

// Throws nothing for a well-formed layout; rules that need a speed skip places without one (a note says).
CheckReport checkLayout(const Layout& layout, const RuleProfile& profile,
                        const std::vector<DriveSection>& drives = {});

// The speed rule `r` allows at place p [m/s] (+inf where it does not limit speed).
double permissibleSpeed(const RuleSpec& r, const PlaceSample& p, double railCentreDistance);

// Plain text for the terminal / a log: violations, then the curve table, in the profile's units.
std::string checkReportText(const CheckReport& report, const RuleProfile& profile);
// The curve table as CSV (header row; numbers in the profile's units named in the header).
std::string curveTableCsv(const CheckReport& report, const RuleProfile& profile);

} // namespace tl
