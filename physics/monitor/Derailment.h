#pragma once
// Derailment (docs/trackjoint.md, "Derailment"): the trackjoint rows get finite limits from the wheel-rail
// physics -- lateral |f1| <= Nadal's Y/Q limit x the vertical load Q, roll |t3| <= Q b/2, vertical f2 >= 0 --
// and a monitor compares the anchor A with wF every step. A bogie derails when
//   "overturn"     the roll error |e3| exceeds the angular threshold (roll row saturated: tipping),
//   "lift-off"     the anchor rises above the rail by more than the vertical threshold (f2 = 0),
//   "flange climb" Y/Q stays above the Nadal limit for the window, or |e1| exceeds the lateral threshold,
//   "end of track" it runs off an open end.
// The thresholds sit far above the ERP bias of a railed bogie (~1e-4 m, ~1e-4 rad at 240 Hz).
#include "physics/telemetry/EventPlace.h"

#include <string>

namespace tl {

struct DerailmentThresholds {
    double lateral = 0.05;    // |e1| [m]
    double vertical = 0.05;   // anchor above the rail, -e2 [m]
    double angular = 0.10;    // |e3| [rad]
    double saturated = 0.995; // |f| >= this x limit counts as "at the limit" [-]
    double climb = 1e-3;      // flange climb also needs |e1| to grow by this much while over Nadal [m]
                              // (a saturated row whose error stays put is ERP bias, not a climbing wheel)
    double memory = 0.5;      // a row that hit its limit within this time counts as saturated [s]
    // Channels and episodes (not verdicts):
    double loadedFraction = 0.1; // Q above this fraction of the static load: loaded, Y/Q defined [-]
    double unloading = 0.6;      // wheel unloading ratio ΔQ/Q beyond which an episode is logged [-]
    double episodeGap = 0.1;     // dips under a limit shorter than this stay in the episode [s]
};

// The wheel-rail state of one bogie in one step, from its row forces and errors.
struct BogieMargins {
    double yq = 0.0;           // |f1| / Q while loaded; 0 (not defined) when unloaded [-]
    double yqLimit = 0.0;      // Nadal limit [-]
    double rollTorque = 0.0;   // |t3| [N m]
    double rollLimit = 0.0;    // Q b/2 [N m]
    double rollMargin = 1.0;   // 1 - |t3|/(Q b/2): 1 = no roll torque, 0 = at the limit [-]
    double e1 = 0.0;           // lateral error [m]
    double e2 = 0.0;           // vertical error [m] (negative: anchor above the rail)
    double e3 = 0.0;           // roll error [rad]
    double e4 = 0.0, e5 = 0.0; // errors about F.N and F.B [rad] (telemetry; not judged)
    bool lateralSaturated = false;
    bool rollSaturated = false;
    bool unloaded = false; // f2 == 0: the wheels carry nothing (lift-off memory)
    bool loaded = true;    // Q above loadedFraction x its static value: Y/Q defined
    double dqq = 0.0;      // wheel unloading ratio ΔQ/Q = (Q0 - Q) / Q0 of the lighter wheel [-]
    double yq2m = 0.0;     // Y/Q, mean over the last 2 m of travel while loaded (UIC 518; DistanceMean.h) [-]
    double dqq2m = 0.0;    // ΔQ/Q, mean over the last 2 m of travel [-]
    double speed = 0.0;    // along the bogie's facing direction, relative to the track [m/s]
};

// Per-bogie monitor memory (plain data: part of a simulation snapshot).
struct BogieMonitor {
    double overNadal = 0.0;       // time Y/Q has stayed above the Nadal limit [s]
    double e1AtOver = 0.0;        // |e1| when Y/Q went above the limit [m]
    double sinceLateralSat = 1e9; // time since the lateral row was last saturated [s]
    double sinceRollSat = 1e9;    // time since the roll row was last saturated [s]
    double sinceUnloaded = 1e9;   // time since f2 was last 0 [s]
};

struct DerailmentVerdict {
    bool derailed = false;
    std::string cause;             // "flange climb" | "overturn" | "lift-off"
    bool solverSaturated = false;  // the row behind the cause was at its force limit
    bool numericalSuspect = false; // the error grew past a threshold although no limit was reached
};

// One derailment: where (the bogie that triggered it), when, why, and the margins just before it.
struct DerailmentEvent : EventPlace {
    std::string cause;             // "flange climb" | "overturn" | "lift-off" | "end of track"
    BogieMargins before;           // the step before (Y/Q vs limit, roll torque vs limit, errors)
    bool solverSaturated = false;  // the row behind the cause was at its force limit
    bool numericalSuspect = false; // an error grew past its threshold without any row at its limit
    std::string message;           // human-readable
};

// Update the monitor with this step's margins (dt [s], window = Nadal window [s]) and decide.
DerailmentVerdict monitorBogie(BogieMonitor& m, const BogieMargins& now, const DerailmentThresholds& th,
                               double window, double dt);

} // namespace tl
