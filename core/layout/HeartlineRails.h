#pragma once
// The rails under a heartline (docs/layout-format.md, "Heartline"). A track with "heartline": h > 0 (and
// every force section) describes the riders' heartline H(s) with its up wB(s); the rails' centre line runs at
//   P(s) = H(s) - h wB(s),
// whose tangent (1 + h kU) T + h a L stays perpendicular to wB, so wB is the rails' up too. TrackLab builds
// that line as a C2 spline through P at the heartline samples (at most 0.25 m apart; the end tangents given
// exactly) whose parameter is the heartline's arc length (Spline's constructor with s and speed: exact at
// the samples, a cubic Hermite between them), and the bank as keys over s (the angle to wB from a level
// reference at each sample: twistReference). The track's s, its length and every position along it are the
// heartline's; the frame's speed is the rails' metres per heartline metre, |dP/ds| = |(1 + h kU) T + h a L|,
// and the trackjoint follows the rails with their own rates (per metre of rails: kappa, tau, dwt) and
// advances s by the rails' metres / speed (physics/rail/TrackFeeder).
#include "core/curves/CoasterEnergy.h"
#include "core/curves/Spline.h"
#include "core/geometry/Twist.h"
#include "core/twists/UpReference.h"

#include <memory>
#include <vector>

namespace tl {

class Track;

struct HeartlineSample {
    double s; // heartline arc length [m]
    Vec3 H;   // heartline point (curve-local)
    Vec3 T;   // heartline tangent
    Vec3 U;   // up (the track's wB)
    Vec3 dU;  // dU/ds along the heartline [1/m]
};

struct HeartlineRails {
    std::shared_ptr<const Spline> curve; // the rails' centre line, parameterized by the heartline's s
    std::vector<double> s;               // the heartline's s at each sample [m]
    std::vector<Vec3> up;                // wB at each sample
    std::vector<Vec3> dUp;               // d wB / ds along the heartline at each sample [1/m]
};

// The heartline of a track built as usual (curve + twist, placement ignored), every <= 0.25 m.
std::vector<HeartlineSample> sampleHeartline(const Track& heartlineTrack);

// Throws std::invalid_argument for fewer than 2 samples, h < 0, s not increasing from 0 or coinciding rail
// points.
HeartlineRails railsUnder(const std::vector<HeartlineSample>& samples, double h);

// The bank of the rails from a level reference `up` (UpReference) at each sample, as keys over s (continuous:
// no jump of 2 pi) with their exact rates, for an UpFrameTwist on `up`: over s,
// bank' = wB's roll rate about T - tau |dP/ds| - da/ds (UpReference), wB's roll rate = -(d wB / ds) . wN, on
// either side of each key: the spline's torsion jumps at its points (the keys), the bank's rate jumps with
// it, so that the roll rate the trackjoint follows, tau + dwt, stays continuous.
struct BankKeys {
    std::vector<std::pair<double, double>> keys; // (s, bank) [m, rad]
    std::vector<double> after, before;           // d bank / ds leaving and arriving at each key [rad/m]
};
BankKeys railBankKeys(const HeartlineRails& rails, const UpReference& up);

// The direction the rails' twist is measured from (the `up` of its level reference): `up` itself where every
// tangent of the rails stays kTwistReferenceClearance or more away from it (either way), else the direction
// of 400 on the sphere that stays farthest from them (a vertical loop's: across its plane). A level reference
// is undefined where the tangent meets its up and only interpolated within 10 degrees of it
// (core/twists/UpReference.h): between the bank keys wB would then be off the riders' up by up to a few
// hundredths of a radian, which their g shows (0.1 g at the vertical of a loop).
inline constexpr double kTwistReferenceClearance = 0.35; // [rad] (20 deg)
Vec3 twistReference(const HeartlineRails& rails, const Vec3& up);

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
