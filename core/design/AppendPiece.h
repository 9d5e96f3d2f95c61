#pragma once
// Appending a piece of track at a free end, continuing it: each new track is placed "after" the end (so
// position and direction are continuous by construction) and connected to it. Curvature continuity:
//   - transition: a clothoid from the end's curvature to the target: always G2;
//   - straight / arc / helix start with their own curvature: G2 when it equals the end's, otherwise a
//     lead-in transition of `leadIn` metres is inserted first (leadIn = 0: G1, the jump is reported);
//   - slope: a vertical curve made of two clothoids in the vertical plane (curvature 0 -> 1/Rv -> 0),
//     changing the grade to `grade`; G2 on an end without horizontal curvature (else DesignError);
//   - helix: its axis is vertical and it climbs at pitch / (2 pi r): the end must already climb at that
//     grade (else DesignError naming both grades);
//   - spline: through points given in the end's level frame, starting tangent to it (G1);
//   - force: a force section (core/curves/ForceSection.h) with the riders' heartline at `heartline`, built
//     from the forces they feel from the speed the train arrives with (an up-frame track, no twist); on a
//     coaster layout (look "coaster") the cars of its trains that name no body.riderHeight get the
//     heartline as theirs (docs/trains-format.md, "Rider height").
#include "core/design/DesignEdit.h"
#include "core/layout/Layout.h"

namespace tl::design {

enum class PieceKind { Straight, Arc, Transition, Helix, Slope, Spline, Force };
const char* pieceName(PieceKind k); // "straight", "arc", ...

struct PieceSpec {
    PieceKind kind = PieceKind::Straight;
    double length = 100.0;          // straight [m]; transition length [m] (0: from `rate`)
    double radius = 300.0;          // arc, helix [m]; transition: the target radius (0 = straight)
    double angle = 0.5;             // arc: turning angle [rad] > 0
    bool left = true;               // arc, transition target, helix: turning left (true) or right
    double rate = 0.0;              // transition: |d kappa / ds| [1/m^2] used when length == 0
    double pitch = 5.0;             // helix: rise per turn [m] (negative: descends)
    double turns = 1.0;             // helix: number of turns
    double grade = 0.02;            // slope: the grade after the vertical curve (rise / run)
    double verticalRadius = 2000.0; // slope: the vertical curve's smallest radius [m]
    std::vector<Vec3> points;       // spline: points in the end's level frame (x forward, y left, z up) [m]
    double normalG = 1.0;           // force: the normal specific force the riders feel [g]
    double lateralG = 0.0;          // force: the lateral one (+ left) [g]
    double rollRate = 0.0;          // force: the roll rate [rad/s]
    double heartline = 1.1;         // force: the riders' heartline above the rails [m]
    double leadIn = 0.0;            // length of an automatic lead-in transition where the curvature jumps [m]
    std::string id;                 // id of the (last) new track; empty: a fresh "T<k>"
};

// Throws DesignError (the end is in use, bad parameters, a slope on a curve, a helix off its grade).
DesignEdit appendPiece(const Layout& layout, const EndRef& at, const PieceSpec& piece);

} // namespace tl::design
