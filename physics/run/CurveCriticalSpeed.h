#pragma once
// Critical speed per curve by simulation, for the check table (core/checks/CheckEngine.h): the chosen
// train of the layout, alone, starts `lead` metres before the curve with its head car facing along it at
// an entry speed and coasts (no throttle, no brake) until its tail has left the curve; a bisection on the
// entry speed finds the lowest speed at which it derails on that curve, to `tolerance`. Each run is a fresh
// Simulation (telemetry off) like the speed sweep (SpeedSweep.h); runs stop at the first derailment.
// A derailment counts only on the curve's own places: its tracks, from its start to a train length past its
// end (the train is on the curve until its tail has left it). One further on, after the tail has left the
// curve, counts as a railed pass; one elsewhere before that (e.g. in the lead, on an earlier curve) says
// nothing about this curve: no faster run can be tried; the search is then made again with the head car
// at the curve's start, and if such a derailment still decides the bracket the speed stays NaN with a note
// naming it. Running off an open end (a dead-end siding) is no derailment of the curve. Switches with a
// branch onto the curve are set to it for these runs.
#include "core/checks/CheckEngine.h"
#include "core/checks/PlaceSamples.h"
#include "core/layout/LayoutSpec.h"
#include "physics/sim/Simulation.h"

#include <functional>
#include <string>
#include <vector>

namespace tl {

struct CriticalSpeedOptions {
    double lead = 150.0;     // head car starts this far before the curve [m]
    double maxSpeed = 80.0;  // highest entry speed tried [m/s]
    double tolerance = 0.25; // bisection stops when the bracket is this narrow [m/s]
    int jobs = 1; // fillCriticalSpeeds: curves at once (RunJobs.h); the result does not depend on it
    SimulationOptions simulation;
    // polled between runs and every second of simulated time (from the jobs' threads when jobs > 1)
    std::function<bool()> cancelled;
};

struct CriticalSpeed {
    double speed = NAN;  // lowest entry speed that derailed on the curve [m/s] (NaN: none found, see note)
    double railed = 0.0; // highest entry speed tried that stayed railed [m/s]
    int runs = 0;        //
    std::string
        note; // "overturn on c3 at s = 12.3 m (railed at 27.9, derailed at 28.1 m/s; 9 runs)" or why not
};

// The index in spec.trains of the train the runs use. Throws LayoutError for an unknown train (path /trains).
std::size_t criticalSpeedTrain(const LayoutSpec& spec, const std::string& file, const std::string& trainId);

// Throws LayoutError for an unknown train (path /trains); a start that does not fit is a note.
CriticalSpeed curveCriticalSpeed(const LayoutSpec& spec, const Layout& layout, const std::string& file,
                                 const std::string& trainId, const CurveRow& curve,
                                 const CriticalSpeedOptions& options = {});

// Fill `critical` and `criticalNote` of every curve of the report.
void fillCriticalSpeeds(CheckReport& report, const LayoutSpec& spec, const Layout& layout,
                        const std::string& file, const std::string& trainId,
                        const CriticalSpeedOptions& options = {});

// The layout's drive sections for the energy speed model (physics/vehicle/TrackDrives.h as plain data).
std::vector<DriveSection> checkDriveSections(const Layout& layout, const std::string& file);

} // namespace tl
