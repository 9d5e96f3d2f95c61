#pragma once
// The keys of an "alignment" curve (docs/layout-format.md, "Alignments"): "horizontal" (a curve object),
// "vertical" (a list of pieces) and "cant" ({"railHeadDistance", "segments"}). A CurveSpec of type
// "alignment" keeps them verbatim as JSON in its `extra`, so a file round-trips exactly; they are read into
// an AlignmentCurveSpec - with errors naming the JSON path - by the layout reader (which checks them on load)
// and by buildCurve (core/layout/TrackBuilder.h).
#include "core/curves/CantProfile.h"
#include "core/curves/VerticalProfile.h"
#include "core/layout/LayoutSpec.h"

#include <string>
#include <vector>

namespace tl {

struct AlignmentCurveSpec {
    CurveSpec horizontal;                    // line, arc, clothoid, bloss, ..., cubic
    std::vector<VerticalPieceSpec> vertical; // empty: level (z = 0 relative to the placement)
    bool hasCant = false;                    // "cant" given
    double railHeadDistance = 1.5;           // b [m] (when hasCant)
    std::vector<CantSegmentSpec> cant;       // empty: cant 0
};

// Reads the "alignment" curve object `curve` at `path` (e.g. "/tracks/3/curve"): structure, types and
// values (pieces contiguous over the horizontal length, radii consistent with the gradients, |cant| < b).
// Throws LayoutError(file, path of the offending value, problem).
AlignmentCurveSpec readAlignmentCurveSpec(const Json& curve, const std::string& path,
                                          const std::string& file = {});
// The same from a CurveSpec of type "alignment" (its `extra`), paths relative to the curve ("" = it).
AlignmentCurveSpec alignmentSpecOf(const CurveSpec& curve);

// The horizontal distance L a horizontal curve spans (its "length"; radius x |angle| for an arc).
// Throws std::invalid_argument for another type or a missing key.
double horizontalLengthOf(const CurveSpec& horizontal);

// A CurveSpec of type "alignment" holding `a` (as the reader would make of the JSON this writes).
CurveSpec alignmentCurveSpec(const AlignmentCurveSpec& a);

} // namespace tl
