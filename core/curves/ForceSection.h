#pragma once
// A force section (curve type "force"; "geometric" is its second mode, see ForceSectionInput::geometric):
// the riders' heartline path built from the specific force they feel
// (force-vector design), integrated at the speed the train has there by energy (docs/layout-format.md,
// "Force sections").
//
// State along the heartline arc length s: the heartline point H, its frame (T forward, L left, U the riders'
// up = the track's wB) and v^2. With n, l the normal and lateral specific force [g] the riders are to feel
// and r the roll rate [rad/s] (each a number or keys over x, x = s when the section has a `length`, x = t
// when it has a `duration`):
//   f = v^2 dT/ds + g up  (up: the body's +z; the specific force without the along-track part)
//   dT/ds = kU U + kL L,   kU = (n g - g U.up) / v^2,   kL = (l g - g L.up) / v^2
//   dU/ds = -kU T - a L,   dL/ds = a U - kL T,   a = r / v
//     (the frame turns with omega = a T - kU L + kL U)
//   dv^2/ds = -2 g (T.up) - 2 mu |n| g - 2 c v^2   (core/curves/CoasterEnergy.h; a geometric section's n
//     is the normal specific force that follows from its pitch rate, (v^2 kU + g U.up) / g)
//   dt/ds = 1 / v
// integrated with classical RK4 at steps of at most step/4, the frame re-orthonormalized after each step.
// Samples come out every `step` metres of heartline (and at the end), and between them wherever the rails
// under the heartline have turned by 0.07 rad since the last sample (ForceSection.cpp). Errors
// (ForceSectionError) carry the heartline s where the section fails: the speed reaching 0 (a stall), a
// curvature beyond 1000 /m, or a heartline that curves toward the rails by 1/h or more (the rails would fold
// back on themselves).
#include "core/curves/CoasterEnergy.h"
#include "core/geometry/Frame.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tl {

// A number, or keys [(x, value)] interpolated like the keys twist (monotone C1, constant outside).
struct ForceLaw {
    double value = 0.0;
    std::vector<std::pair<double, double>> keys; // non-empty: used instead of value
};

struct ForceSectionInput {
    // a geometric section (curve type "geometric"): normalG, lateralG and rollRate stand for the pitch rate
    // kU (toward the riders' up), the yaw rate kL (toward their left) and the roll rate, all in rad/m over
    // the heartline's length; the speed only follows by energy (no stall: a geometric section needs none)
    bool geometric = false;
    double length = 0.0;   // heartline length [m] (> 0), or
    double duration = 0.0; // time [s] (> 0); exactly one of them
    double speed = 0.0;    // start speed at the heartline [m/s] > 0
    ForceLaw normalG{1.0, {}}, lateralG{0.0, {}}, rollRate{0.0, {}};
    double heartline = 0.0;       // h: heartline above the rails [m] >= 0
    Vec3 up = Vec3::UnitZ();      // the body's +z in curve-local coordinates (the section starts heading +x)
    double startBank = 0.0;       // bank of the start from the vertical [rad] (rotation of up about +x)
    double step = 0.25;           // output sample spacing along the heartline [m]
    CoasterResistance resistance; // the layout's coasterFriction and coasterDrag (default: none)
    double g = 9.81;              // [m/s^2]
};

struct ForceSample {
    double s = 0.0; // heartline arc length [m]
    double t = 0.0; // time from the start [s]
    double v = 0.0; // speed [m/s]
    Vec3 H;         // heartline point (curve-local)
    Vec3 T, L, U;   // forward, left, up (U = the track's wB)
    Vec3 dU;        // dU/ds [1/m]
};

class ForceSectionError : public std::runtime_error {
public:
    ForceSectionError(double s, const std::string& what) : std::runtime_error(what), s_(s) {}
    double s() const { return s_; } // heartline arc length where it fails [m]

private:
    double s_;
};

// Integrates the section. Throws std::invalid_argument for bad input (no length or duration or both,
// speed <= 0, h < 0, non-finite values, more than kMaxForceSamples samples) and ForceSectionError where the
// path itself fails.
std::vector<ForceSample> integrateForceSection(const ForceSectionInput& in);

constexpr std::size_t kMaxForceSamples = 400000; // 100 km at 0.25 m

} // namespace tl
