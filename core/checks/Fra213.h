#pragma once
// The US Track Safety Standards' curve-speed formula (49 CFR 213.57(b), docs/validation.md):
//   Vmax = sqrt((Ea + Eu) / (0.0007 D)),  Vmax [mph], Ea actual elevation and Eu unbalance [in],
//   D degree of curvature [deg] (R = 5729.58 / D feet), so the unbalance at speed V is 0.0007 D V^2 - Ea.
#include <cmath>

namespace tl::fra213 {

inline constexpr double kFootPerDegree = 5729.58; // R [ft] = 5729.58 / D [deg]
inline constexpr double kMetre = 1.0 / 0.3048;    // [ft/m]
inline constexpr double kInch = 0.0254;           // [m/in]
inline constexpr double kMph = 0.44704;           // [(m/s)/mph]

// Degree of curvature [deg] of a radius [m].
inline double degreeOfCurvature(double radius) {
    return kFootPerDegree / (radius * kMetre);
}

// Vmax [mph] for elevation ea and unbalance eu [in] on D [deg]; 0 when ea + eu <= 0, infinite for D = 0.
inline double vmaxMph(double ea, double eu, double D) {
    if (ea + eu <= 0) return 0.0;
    if (!(D > 0)) return INFINITY;
    return std::sqrt((ea + eu) / (0.0007 * D));
}

// Unbalance [in] at speed v [mph] with elevation ea [in] on D [deg].
inline double unbalanceIn(double vMph, double ea, double D) {
    return 0.0007 * D * vMph * vMph - ea;
}

// The same in SI: permissible speed [m/s] for cant and unbalance [m] on a radius [m].
inline double vmax(double cant, double unbalance, double radius) {
    return vmaxMph(cant / kInch, unbalance / kInch, degreeOfCurvature(radius)) * kMph;
}
inline double unbalance(double v, double cant, double radius) {
    return unbalanceIn(v / kMph, cant / kInch, degreeOfCurvature(radius)) * kInch;
}

} // namespace tl::fra213
