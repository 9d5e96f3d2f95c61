#pragma once
// The clothoid-arc-clothoid connector of the join tool, in the first end's level plane: from (0, 0)
// heading 0 with curvature k0 to `end` heading `heading` with curvature k1 (signed, left positive): a
// clothoid k0 -> kc of length L1, an arc of curvature kc and length La >= 0, a clothoid kc -> k1 of
// length L2. The heading equation fixes La; Gauss-Newton with minimum-norm steps solves the two position
// equations for (kc, L1, L2) from several seeds (turning by `heading` the short way, or either way for
// a near half turn);
// the first solution (seeds in order of preference: the short way round, symmetric transitions of 30 % of
// the turn first) that keeps |kc| <= 1 / minRadius, L1, L2 >= minLength and ends within 1e-11 m is
// returned. Positions are evaluated with the Clothoid and Arc classes the
// layout compiles, so the connector compiles to the same end to rounding. Empty when none exists
// (e.g. an S-bend between parallel straights needs an inflection: the caller falls back to a quintic).
#include <optional>

namespace tl::design {

struct ClothoidArcClothoid {
    double k0 = 0, kc = 0, k1 = 0; // curvatures at the start, on the arc, at the end [1/m]
    double L1 = 0, La = 0, L2 = 0; // lengths of the first clothoid, the arc, the last clothoid [m]
    double length() const { return L1 + La + L2; }
};

std::optional<ClothoidArcClothoid> fitClothoidArcClothoid(double endX, double endY, double heading, double k0,
                                                          double k1, double minRadius,
                                                          double minLength = 1.0);

// Where the connector ends: x, y [m], heading [rad] (for tests and the solver).
struct PlanarPose {
    double x = 0, y = 0, heading = 0;
};
PlanarPose clothoidArcClothoidEnd(const ClothoidArcClothoid& c);

} // namespace tl::design
