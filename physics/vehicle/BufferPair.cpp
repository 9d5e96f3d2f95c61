// BufferPair: two car ends' buffers in series (BufferPair.h).
#include "physics/vehicle/BufferPair.h"

#include <algorithm>
#include <cmath>

namespace tl {

double BufferPair::stiffness() const {
    return a_.stiffness * b_.stiffness / (a_.stiffness + b_.stiffness);
}

double BufferPair::damping() const {
    const double ka = a_.stiffness, kb = b_.stiffness;
    return (a_.damping * kb * kb + b_.damping * ka * ka) / ((ka + kb) * (ka + kb));
}

double BufferPair::absorption() const {
    const double ca = 1.0 / a_.stiffness, cb = 1.0 / b_.stiffness;
    return (a_.absorption * ca + b_.absorption * cb) / (ca + cb);
}

// The compliance [m/N] of the two ends in series while the force is above F0: each end elastic below its
// stroke's force, solid above.
double BufferPair::compliance(double F0) const {
    const auto end = [F0](const BufferSpec& b) {
        return F0 < b.stiffness * b.stroke ? 1.0 / b.stiffness
                                           : 1.0 / (BufferSpec::kSolidFactor * b.stiffness);
    };
    return end(a_) + end(b_);
}

double BufferPair::loadForce(double delta, bool* solid) const {
    if (solid) *solid = false;
    if (!(delta > 0)) return 0.0;
    const double Fa = a_.stiffness * a_.stroke, Fb = b_.stiffness * b_.stroke;
    const double breaks[3] = {std::min(Fa, Fb), std::max(Fa, Fb), INFINITY};
    double F0 = 0.0, d0 = 0.0; // the segment's start
    for (int k = 0; k < 3; ++k) {
        const double c = compliance(F0);
        const double d1 = d0 + (breaks[k] - F0) * c; // +inf on the last segment
        if (delta <= d1) {
            if (solid) *solid = k > 0;
            return F0 + (delta - d0) / c;
        }
        F0 = breaks[k];
        d0 = d1;
    }
    return F0; // not reached
}

double BufferPair::force(double delta, double deltaDot, double peak, bool* solid) const {
    if (!(delta > 0)) {
        if (solid) *solid = false;
        return 0.0;
    }
    double F = loadForce(delta, solid);
    if (delta < peak) F *= 1.0 - absorption(); // releasing
    return F + damping() * deltaDot;
}

double BufferPair::loadEnergy(double delta) const {
    if (!(delta > 0)) return 0.0;
    // piecewise linear F(delta): the trapezoids up to delta
    const double Fa = a_.stiffness * a_.stroke, Fb = b_.stiffness * b_.stroke;
    double E = 0.0, dPrev = 0.0, FPrev = 0.0;
    for (const double F : {std::min(Fa, Fb), std::max(Fa, Fb)}) {
        const double d = dPrev + (F - FPrev) * compliance(FPrev);
        if (delta <= d) break;
        E += 0.5 * (FPrev + F) * (d - dPrev);
        dPrev = d;
        FPrev = F;
    }
    const double Fd = loadForce(delta);
    return E + 0.5 * (FPrev + Fd) * (delta - dPrev);
}

} // namespace tl
