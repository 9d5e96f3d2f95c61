#pragma once
// Import of IFC 4.3 alignments (IFC4X3* STEP files, read by core/io/StepFile.h) into a TrackLab layout
// (docs/alignments.md). Each IfcAlignment with an IfcAlignmentHorizontal becomes one chain of tracks, one
// track per horizontal IfcAlignmentSegment of non-zero length, id "<alignment name>/<segment name or
// 1-based position>", each placed "after" the previous track's end and connected to it; the first one at its
// StartPoint with heading StartDirection. IfcAlignmentHorizontalSegment.PredefinedType gives the curve type:
//   LINE -> line; CIRCULARARC -> arc, radius |R|, angle = length / R (R > 0 turns left, as in IFC);
//   CLOTHOID -> clothoid with curvatures 1/R (0 for a radius 0 = infinite);
//   BLOSSCURVE, HELMERTCURVE, COSINECURVE, SINECURVE, VIENNESEBEND, CUBIC -> bloss, helmert, cosine, sine,
//   vienneseBend, cubic with length, radiusStart, radiusEnd (signed, 0 = straight).
// Every StartPoint is checked against the end of the chain so far, computed from the compiled tracks:
// more than kIfcJoinWarn apart is a warning, more than kIfcJoinRefuse an error naming both segments.
// When an alignment has a vertical (IfcAlignmentVertical) or cant (IfcAlignmentCant) layout with a segment,
// each track is an "alignment" curve (core/layout/AlignmentCurveSpec.h): the horizontal segment with the
// parts of the profiles over it, placed level at the end of the chain so far (the first at its StartPoint) at
// the profile's height, and connected (not "after": that would copy the end's pitch). The cant layout's
// RailHeadDistance becomes the layout's railCentreDistance (two different ones in a file: refused).
// The stationing (IfcReferents with Pset_Stationing: the start station and the station equations,
// docs/alignments.md "Stationing") goes to the top-level "alignments" list.
#include "core/io/StepFile.h"
#include "core/layout/LayoutSpec.h"

#include <filesystem>
#include <string>
#include <vector>

namespace tl {

constexpr double kIfcJoinWarn = 1e-3;    // [m] a segment starting farther from the previous end: a warning
constexpr double kIfcJoinRefuse = 1.0;   // [m] ... farther than this: refused
constexpr double kIfcHeadingWarn = 1e-6; // [rad] a kink in heading larger than this: a warning

struct IfcImport {
    LayoutSpec layout;                 // version 2, "alignments" in layout.alignmentSpecs
    std::vector<std::string> warnings; // each a full sentence naming the file and the #id
};

// Throws LayoutError: a StepError (syntax, wrong argument kinds, naming file, line and #id) or a refused
// file (a schema other than IFC4X3*, no alignment, a gap over kIfcJoinRefuse, ...).
IfcImport importIfcAlignments(const std::filesystem::path& path);
IfcImport importIfcAlignments(const StepFile& file);

} // namespace tl
