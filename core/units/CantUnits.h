#pragma once
// Cant as railway people state it: the height E of the outer rail over the inner one, over the layout's
// rail-centre distance b (1500 mm for standard gauge): E = b sin(phi), phi the bank from the vertical
// (docs/validation.md; EN 13803 states cant and cant deficiency in mm over 1500 mm). Coasters state bank in
// degrees. The layout says which with its top-level "look" ("railway", the default, or "coaster") and may
// set "railCentreDistance" [m] (default 1.5).
#include "core/layout/LayoutSpec.h"

#include <cmath>

namespace tl {

inline constexpr double defaultRailCentreDistance = 1.5; // [m] standard gauge 1435 mm + a 65 mm rail head
// The range a layout's "railCentreDistance" must lie in (the layout check rejects anything else): from a
// 7 1/4 in miniature line (~0.2 m) to any broad gauge (1676 mm + head ~ 1.75 m), with room to spare.
inline constexpr double minRailCentreDistance = 0.05; // [m]
inline constexpr double maxRailCentreDistance = 5.0;  // [m]

// Cant [m] over the rail-centre distance b [m] for a bank phi [rad] from the vertical.
inline double cantFromBank(double phi, double b = defaultRailCentreDistance) {
    return b * std::sin(phi);
}

// Bank [rad] for a cant E [m] over b [m]; |E| is limited to b.
inline double bankFromCant(double cant, double b = defaultRailCentreDistance) {
    const double r = cant / b;
    return std::asin(r > 1.0 ? 1.0 : (r < -1.0 ? -1.0 : r));
}

// Equilibrium bank [rad] for speed v [m/s] on horizontal curvature kappa [1/m]: tan phi = v^2 kappa / g.
inline double equilibriumBank(double v, double kappa, double g = 9.81) {
    return std::atan(v * v * kappa / g);
}

// Cant deficiency [m] at speed v: the equilibrium cant minus the actual cant, both over b.
inline double cantDeficiency(double v, double kappa, double phi, double b = defaultRailCentreDistance,
                             double g = 9.81) {
    return cantFromBank(equilibriumBank(v, kappa, g), b) - cantFromBank(phi, b);
}

// The bank phi [rad] from the vertical as it leans into a curve of level (lateral) curvature kappaL [1/m]:
// leaning into the curve is a negative bank where kappaL > 0 (the equilibrium bank there is
// -atan(v^2 kappaL / g)). On a straight (|kappaL| < 1e-9 1/m) any bank leans away: -|phi|.
inline double bankIntoCurve(double phi, double kappaL) {
    if (std::abs(kappaL) < 1e-9) return -std::abs(phi);
    return kappaL > 0 ? -phi : phi;
}

// How a layout states bank: railway layouts in mm of cant, coasters in degrees.
enum class BankUnit { CantMm, Degrees };

inline BankUnit bankUnit(const LayoutSpec& spec) {
    return spec.lookOrDefault() == LayoutLook::Coaster ? BankUnit::Degrees : BankUnit::CantMm;
}

// The layout's rail-centre distance [m]: its "railCentreDistance" when within [minRailCentreDistance,
// maxRailCentreDistance] (the layout check rejects anything else), else the default.
inline double railCentreDistance(const LayoutSpec& spec) {
    const double b = spec.railCentreDistance.value_or(defaultRailCentreDistance);
    return b >= minRailCentreDistance && b <= maxRailCentreDistance ? b : defaultRailCentreDistance;
}

} // namespace tl
