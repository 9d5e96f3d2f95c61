#pragma once
// The coaster energy model (docs/layout-format.md, "Coaster energy model"): along the track, per metre,
//   d(v^2)/ds = -2 g dz/ds - 2 mu |n| g - 2 c v^2
// with dz/ds the climb rate, n the normal specific force the riders feel [g] (along the track's up wB:
// cos(theta) on a straight of gradient theta, 1 on the level), mu the rolling friction ("coasterFriction")
// and c the air drag per metre ("coasterDrag" [1/m]; the drag deceleration is c v^2). The one home of the
// model: the force-section integrator (core/curves/ForceSection.cpp) takes its rate, Layout::compile's end
// speeds (core/layout/Layout.cpp) and the checks' speed estimate (core/checks/PlaceSamples.cpp) its step.
#include "core/geometry/Frame.h"

#include <cmath>

namespace tl {

// The top-level "coasterFriction" and "coasterDrag" of a layout; both 0 (the default): frictionless.
struct CoasterResistance {
    double friction = 0.0; // mu, dimensionless, >= 0
    double drag = 0.0;     // c [1/m], >= 0
    bool none() const { return friction == 0.0 && drag == 0.0; }
};

// d(v^2)/ds [m/s^2] at v^2 [m^2/s^2], climb rate dz/ds, normal specific force n [g].
inline double speedSquaredRate(double v2, double dzds, double n, const CoasterResistance& r, double g) {
    return -2.0 * g * dzds - 2.0 * r.friction * (n < 0 ? -n : n) * g - 2.0 * r.drag * v2;
}

// v^2 after a step of ds [m] (> 0) that climbs dz [m] at a constant gradient and a constant n: the exact
// solution of the rate above, v2 e^(-2 c ds) + a (1 - e^(-2 c ds)) / (2 c), a = -2 g dz/ds - 2 mu |n| g
// (c = 0: v2 + a ds). Frictionless (mu = c = 0) it is v2 - 2 g dz, whatever ds and n (so the step over
// any stretch is energy conservation, bit for bit as before the model had resistance). The result may be
// negative: the train cannot get there.
inline double energyStep(double v2, double dz, double ds, double n, const CoasterResistance& r, double g) {
    if (r.none()) return v2 - 2.0 * g * dz;
    const double a = -2.0 * g * dz - 2.0 * r.friction * (n < 0 ? -n : n) * g * ds; // a ds
    const double b = 2.0 * r.drag * ds;
    if (b == 0.0) return v2 + a;
    const double decay = -std::expm1(-b); // 1 - e^(-2 c ds)
    return v2 - v2 * decay + a * decay / b;
}

// The normal specific force [g] of a rider at speed^2 v2 on a path with the curvature vector k [1/m] and the
// up wB (world): (v^2 k + g up) . wB / g, up = +z.
inline double normalG(double v2, const Vec3& curvature, const Vec3& wB, double g) {
    return (v2 * curvature.dot(wB) + g * wB.z()) / g;
}

} // namespace tl
