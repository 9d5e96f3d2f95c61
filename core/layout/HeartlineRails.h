#pragma once
// The rails under a heartline (docs/layout-format.md, "Heartline"). A track with "heartline": h > 0 (and
// every force section) describes the riders' heartline H(s) with its up wB(s); the rails' centre line runs at
//   P(s) = H(s) - h wB(s),
// whose tangent (1 + h kU) T + h a L stays perpendicular to wB, so wB is the rails' up too. TrackLab builds
// that line as a C2 spline through P at the heartline samples (at most 0.25 m apart; the end tangents
// given exactly) and the bank as keys (the angle from the level up U to wB at each sample), so the
// trackjoint follows the rails with their own arc length and rates. The track's s is the rails' arc length.
#include "core/curves/CoasterEnergy.h"
#include "core/curves/Spline.h"
#include "core/geometry/Twist.h"
#include "core/twists/UpReference.h"

#include <memory>
#include <vector>

namespace tl {

class Track;

struct HeartlineSample {
    Vec3 H;  // heartline point (curve-local)
    Vec3 T;  // heartline tangent
    Vec3 U;  // up (the track's wB)
    Vec3 dU; // dU/ds along the heartline [1/m]
};

struct HeartlineRails {
    std::shared_ptr<const Spline> curve; // the rails' centre line
    std::vector<double> s;               // the rails' arc length at each sample [m]
    std::vector<Vec3> up;                // wB at each sample
    std::vector<Vec3> dUp;               // d wB / ds along the rails at each sample [1/m]
};

// The heartline of a track built as usual (curve + twist, placement ignored), every <= 0.25 m.
std::vector<HeartlineSample> sampleHeartline(const Track& heartlineTrack);

// Throws std::invalid_argument for fewer than 2 samples, h < 0 or coinciding rail points.
HeartlineRails railsUnder(const std::vector<HeartlineSample>& samples, double h);

// The bank of the rails from the vertical at each sample, as keys over the rails' s (continuous: no jump
// of 2 pi) with their exact rates, for an UpFrameTwist on `up` (the level reference of rails.curve):
// bank' = wB's roll rate about T - tau - da/ds (UpReference), wB's roll rate = -(d wB / ds) . wN, on
// either side of each key: the spline's torsion jumps at its points (the keys), the bank's rate jumps with
// it, so that the roll rate the trackjoint follows, tau + d wt / ds, stays continuous.
struct BankKeys {
    std::vector<std::pair<double, double>> keys; // (s, bank) [m, rad]
    std::vector<double> after, before;           // d bank / ds leaving and arriving at each key [rad/m]
};
BankKeys railBankKeys(const HeartlineRails& rails, const UpReference& up);

struct TrackSpec;

// A track whose curve is a heartline, built into its rails: a force section (integrated from its start
// speed, the body's up in curve coordinates and its start bank) or any other curve with "heartline" > 0
// (its curve and twist built as usual, then sampled). Throws std::invalid_argument (bad keys) and
// ForceSectionError (core/curves/ForceSection.h; the path fails at a heartline s).
struct RailsTrack {
    CurvePtr curve;
    UpReferencePtr up;
    TwistPtr twist;
    double endSpeed = 0.0; // force sections: the speed at the end [m/s]
};
// A force section's or a heartline track's rails. startSpeed: the speed arriving at the start (NaN: none;
// the section's "speed" wins); resistance: the layout's coasterFriction and coasterDrag, which a force
// section's energy takes (core/curves/CoasterEnergy.h). twistBuilder builds the twist of a non-force
// heartline track on its curve.
RailsTrack buildRailsTrack(const TrackSpec& spec, const CurvePtr& heartlineCurve,
                           const TwistPtr& heartlineTwist, const UpReferencePtr& heartlineUp, const Vec3& up,
                           double startSpeed, double startBank, const CoasterResistance& resistance = {});

// True where the track's curve is a heartline to be built into rails (force sections, heartline > 0).
bool hasHeartlineRails(const TrackSpec& spec);

} // namespace tl
