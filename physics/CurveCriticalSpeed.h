#pragma once
// Critical speed per curve by simulation, for the check table (core/checks/CheckEngine.h): the chosen
// train of the layout, alone, starts `lead` metres before the curve with its head car facing along it at
// an entry speed and coasts (no throttle, no brake) until its tail has left the curve; a bisection on the
// entry speed finds the lowest speed at which it derails, to `tolerance`. Each run is a fresh Simulation
// (telemetry off) like the speed sweep (SpeedSweep.h); runs stop at the first derailment.
#include "core/checks/CheckEngine.h"
#include "core/checks/PlaceSamples.h"
#include "core/layout/LayoutSpec.h"
#include "physics/Simulation.h"

#include <functional>
#include <string>
#include <vector>

namespace tl {

struct CriticalSpeedOptions {
    double lead = 150.0;     // head car starts this far before the curve [m]
    double maxSpeed = 80.0;  // highest entry speed tried [m/s]
    double tolerance = 0.25; // bisection stops when the bracket is this narrow [m/s]
    SimulationOptions simulation;
    std::function<bool()> cancelled; // polled between runs and every second of simulated time
};

struct CriticalSpeed {
    double speed = NAN;  // lowest entry speed that derailed [m/s] (NaN: none up to maxSpeed / no run)
    double railed = 0.0; // highest entry speed tried that stayed railed [m/s]
    int runs = 0;        //
    std::string note;    // "overturn on c3 at s = 12.3 m (bracket 27.9-28.1 m/s, 9 runs)" or why not
};

// Throws LayoutError for an unknown train (path /trains); a start that does not fit is a note.
CriticalSpeed curveCriticalSpeed(const LayoutSpec& spec, const Layout& layout, const std::string& file,
                                 const std::string& trainId, const CurveRow& curve,
                                 const CriticalSpeedOptions& options = {});

// Fill `critical` and `criticalNote` of every curve of the report.
void fillCriticalSpeeds(CheckReport& report, const LayoutSpec& spec, const Layout& layout,
                        const std::string& file, const std::string& trainId,
                        const CriticalSpeedOptions& options = {});

// The layout's drive sections for the energy speed model (physics/TrackDrives.h as plain data).
std::vector<DriveSection> checkDriveSections(const Layout& layout, const std::string& file);

} // namespace tl
