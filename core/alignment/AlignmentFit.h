#pragma once
// A fitted IFC 4.3 form of a ground track that has none exactly (a spline, a quintic, a helix, a pitched
// line, a level track banked by a twist, ...), for the IFC export (core/alignment/IfcAlignmentWriter.h,
// docs/alignments.md "Export"). The track is taken in its direction of travel, in world coordinates, and
// sampled every ds <= 0.1 m of arc length (positions, tangents, the bank from the vertical Track::bank).
//   horizontal: recursive bisection of the samples; each piece a clothoid (curvature linear in horizontal
//     distance; LINE when both curvatures are below 1e-10 1/m, CIRCULARARC when they differ by less) solved
//     by Newton so that, started at the original's point and heading at the piece's first sample, it ends at
//     the original's point and heading at its last sample (to 1e-10 m / rad): the importer places each
//     segment at the end of the chain so far (core/alignment/IfcAlignmentReader.h), so errors do not add up.
//     A piece is halved while a sample of it lies more than 0.7 x positionTolerance from the clothoid (in
//     plan).
//   vertical: parabolic arcs (a constant gradient where the gradients agree to 1e-9) through the original's
//     height and gradient at a piece's start and its height at the end; halved while a sample's height is
//     off by more than 0.7 x positionTolerance or the end gradient differs from the original's by more than
//     1e-4 (the kink at the joint).
//   cant: linear transitions of D = b sin(psi), psi = -bank (core/curves/CantProfile.h), written as
//     CantLeft = 0, CantRight = D (the importer reads D = right - left); halved while a sample's bank is off
//     by more than bankTolerance (default 1e-4 rad). A constant segment where D is the same throughout.
// Pieces are not halved below 2 samples; a piece that still misses is kept and its deviation reported.
#include "core/curves/CantProfile.h"
#include "core/curves/VerticalProfile.h"
#include "core/geometry/Frame.h"
#include "core/layout/Layout.h"

#include <string>
#include <vector>

namespace tl {

struct AlignmentFitOptions {
    double positionTolerance = 5e-4; // [m] 3D distance of a fitted sample from the original
    double bankTolerance = 1e-4;     // [rad]
    double railHeadDistance = 1.5;   // b [m] of the cant (the layout's railCentreDistance)
};

// One horizontal segment, as IfcAlignmentHorizontalSegment takes it.
struct FittedHorizontal {
    std::string type;          // "LINE", "CIRCULARARC" or "CLOTHOID"
    Vec3 start = Vec3::Zero(); // [m] world (z: the height there)
    double direction = 0.0;    // [rad] counter-clockwise from +x
    double radiusStart = 0.0;  // [m] signed, > 0 turns left, 0 = straight
    double radiusEnd = 0.0;    // [m]
    double length = 0.0;       // [m] horizontal
};

struct AlignmentFit {
    std::vector<FittedHorizontal> horizontal;
    std::vector<VerticalPieceSpec>
        vertical;                      // `from`: horizontal distance from the track's start; heights absolute
    std::vector<CantSegmentSpec> cant; // over the same distance; linear or constant, left 0, right D
    double horizontalLength = 0.0;     // [m] the segments' total
    double worstPosition = 0.0;        // [m] the largest 3D deviation of a sample
    double worstBank = 0.0;            // [rad] the largest bank deviation of a sample
    double endError = 0.0;             // [m] the fitted end's distance from the original end (in plan)
};

// Throws std::invalid_argument with the reason: a track on a moving body, a tangent steeper than 80 degrees
// (a loop), a bank beyond +-80 degrees or upside down (no cant states it), a clothoid that does not converge.
AlignmentFit fitAlignment(const Layout& layout, std::size_t track, int dir,
                          const AlignmentFitOptions& options = {});

} // namespace tl
