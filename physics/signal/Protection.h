#pragma once
// Train protection's braking curve (docs/trains-format.md, "Signals and protection"). A protected train
// supervises the first signal ahead at stop, its end of authority (EOA). Braking in full from speed v it
// stops after v^2 / (2 a), a = its braking (total brake force / total mass) + g sin(atan i) on a grade i
// (positive uphill in the direction of travel: the grade helps). The permitted speed at distance d from the
// EOA is the speed it could still stop from, reacting one step later: sqrt(2 a (d - v dt)). Above it,
// protection brakes in full until the train stands or the signal clears: the head stops at or before the EOA.
// The supervised speed adds the train's release speed v_r: max(curve to the EOA, min(v_r, curve to the end of
// the EOA signal's overlap)), so a train may creep up to the signal at up to min(v_r, sqrt(2 a overlap)); one
// that passes it at stop is tripped (braked in full until it stands) and stops within the overlap.
namespace tl {

struct ProtectionCurve {
    double deceleration = 0.0; // a [m/s^2] (> 0)
    // The permitted speed [m/s] at `distance` [m] from the EOA for a train at `speed` [m/s] stepping by dt
    // [s].
    double permitted(double distance, double speed, double dt) const;
    // The supervised speed [m/s]: the curve above, or the release speed `release` [m/s] where that is higher,
    // bounded by the curve to the end of the EOA signal's `overlap` [m] beyond it.
    double supervised(double distance, double overlap, double release, double speed, double dt) const;
};

// braking: total brake force / total mass [m/s^2]; sinGrade: sin(atan i), i the grade along the travel;
// gravity [m/s^2]. Where the grade takes more than the brakes give (a steep downhill), a = 5 % of the
// braking.
ProtectionCurve protectionCurve(double braking, double sinGrade, double gravity);

} // namespace tl
