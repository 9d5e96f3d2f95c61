#pragma once
// Two car ends in contact through their buffers (docs/trains-format.md, "Buffers and collisions"): each end
// one spring along the track (BufferSpec), the two in series. Under a force F end i compresses F / k_i up to
// its stroke s_i and then (F - k_i s_i) / (100 k_i) more (solid): the total compression delta is piecewise
// linear in F, and the force is its inverse. Before either stroke F = k_eff delta, k_eff = k1 k2 / (k1 + k2).
// Release: once delta falls below the largest delta of the contact, the force is (1 - a) times the loading
// force at delta, so the ends give back (1 - a) of the energy they stored (a: the ends' absorptions weighted
// by their share of the compression, a = (a1/k1 + a2/k2) / (1/k1 + 1/k2)). The dampers in series act as one,
// c_eff = (c1 k2^2 + c2 k1^2) / (k1 + k2)^2 (each end's damper weighted by the square of its share of the
// deflection: c/2 for two equal ends); while the ends overlap the damper may pull (the contact force may be
// negative for the last moments of a release), so a damped contact rebounds with the linear oscillator's
// restitution exp(-pi zeta / sqrt(1 - zeta^2)).
#include "physics/spec/RollingStock.h"

namespace tl {

class BufferPair {
public:
    BufferPair(const BufferSpec& a, const BufferSpec& b) : a_(a), b_(b) {}

    double stiffness() const;  // k_eff before either stroke [N/m]
    double damping() const;    // c_eff [N s/m]
    double absorption() const; // a [-]
    // The loading force at total compression delta [m] (0 for delta <= 0); solid: an end is past its stroke.
    double loadForce(double delta, bool* solid = nullptr) const;
    // The contact force [N] (> 0 pushes the ends apart) at compression delta, its rate deltaDot (> 0:
    // closing) and the largest compression of the contact so far (peak >= delta: releasing below it).
    double force(double delta, double deltaDot, double peak, bool* solid = nullptr) const;
    // The energy the springs hold at delta on the loading curve [J] (integral of loadForce).
    double loadEnergy(double delta) const;

private:
    double compliance(double F0) const; // of the two ends in series above the force F0 [m/N]
    BufferSpec a_, b_;
};

} // namespace tl
