#pragma once
// The places a layout is checked at: every track sampled along s (spacing <= the profile's `sampling`,
// both ends included), each with its horizontal curvature, cant, speed and what a rider feels there.
#include "core/checks/RuleProfile.h"
#include "core/layout/Layout.h"

#include <cmath>
#include <vector>

namespace tl {

// A section of track that moves the trains at its own speed (a lift chain, a booster): plain data the
// physics layer reads from the layout's "drives" (physics/vehicle/TrackDrives.h); the energy speed model
// starts from its end.
struct DriveSection {
    int track = -1;     // track index
    double from = 0.0;  // [m]
    double to = 0.0;    // [m]
    double speed = 0.0; // [m/s]
    int direction = +1; // only +1 sections feed the energy model (travel toward increasing s)
};

struct PlaceSample {
    double s = 0.0;                  // arc length [m]
    double kappa = 0.0;              // horizontal curvature, positive turning left [1/m]
    double bank = 0.0;               // bank from the vertical [rad]
    double cant = 0.0;               // cant into the curve, b sin(bank) [m] (straights: its size)
    double cantGradient = 0.0;       // |d cant / ds| [m/m]
    double speed = 0.0;              // speed here from the profile's model [m/s] (0 = unknown)
    bool stalls = false;             // energy model: the train cannot reach this place (speed^2 < 0)
    double deficiency = 0.0;         // equilibrium cant at `speed` - cant [m] (exact, CantUnits.h)
    double deficiencyGradient = 0.0; // |d deficiency / ds| at `speed` [m/m]
    double vertical = 0.0;           // rider specific force along the track's up wB [m/s^2] (rest: +g)
    double lateral = 0.0;            // ... along wN (left) [m/s^2]
    double longitudinal = 0.0;       // ... along the tangent, forward (pressed into the seat back) [m/s^2]
    double radius() const { return kappa != 0.0 ? 1.0 / std::abs(kappa) : INFINITY; }
};

struct TrackSamples {
    std::vector<PlaceSample> places; // in increasing s
    double lineSpeed = 0.0;          // [m/s] (line model), 0 = none
    int lineSpeedSign = -1;          // the track whose sign sets it
};

// withRider: compute vertical/lateral (three frame evaluations per place more).
std::vector<TrackSamples> samplePlaces(const Layout& layout, const RuleProfile& profile,
                                       const std::vector<DriveSection>& drives, bool withRider);

} // namespace tl
