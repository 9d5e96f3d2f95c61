#pragma once
// Export of a layout's level ground track to IFC 4.3 alignments (an IFC4X3_ADD2 STEP file written by
// core/io/StepWriter.h) that core/alignment/IfcAlignmentReader.h reads back to the same tracks
// (docs/alignments.md, "Export").
//
// Which tracks form an alignment: the layout's top-level "alignments" list when it has one (each entry's
// "tracks" [[TRACK, 1 | -1], ...] in travel order, its "id" and "startStation"), else every maximal chain of
// exportable ground tracks joined end to end by connections (a switch, an open end or a track that is not
// exportable ends a chain; a track connected to nothing is an alignment of its own; a chain is named after
// its first track and starts at station 0). A chain is also split where two tracks do not join (more than
// kIfcJoinWarn apart, or a kink above kIfcHeadingWarn): the importer would not rebuild it.
//
// Exact: a ground track whose curve is a line, arc, clothoid, bloss, helmert, cosine, sine, vienneseBend
// (no cant term) or cubic, level (start tangent horizontal, the curve's plane horizontal) and not banked
// (bank 0 along it, whatever its frame); or an "alignment" curve (core/curves/AlignmentCurve.h) placed level
// (yaw only) and travelled forwards, whose vertical pieces and cant segments are written as they are (shifted
// by the track's horizontal distance along the chain, heights made absolute: the placement's z + the piece's
// height - the profile's height at 0; cant left and right as the track has them, RailHeadDistance = the
// layout's railCentreDistance). Pieces the importer cut where a track ends (a vertical law, a cant law with
// lawFrom/lawLength) are joined into one IFC segment again where the neighbouring track continues them;
// a part of a cant law whose other part is not beside it is written as a segment of its own when linear or
// constant, else the track is not exact. A vertical clothoid must start with the curvature the importer
// gives it (that of the arc before it, else 0).
// Fitted (options.fit, the default): any other ground track, by core/alignment/AlignmentFit.h (tolerance
// 0.5 mm in position, 1e-4 rad in bank), written as several segments named "<track> (k)"; a warning names
// each with its worst deviation. Refused (a warning naming the track and the reason): tracks on moving
// bodies, tracks the fit cannot take (vertical tangents, banks beyond 80 degrees), and with fit off every
// track without an exact form. A layout with nothing exportable is an error. Switches, trains, vehicles and
// drive sections are not exported (said in the file's header).
//
// Per alignment: IfcAlignment -IfcRelNests-> IfcAlignmentHorizontal -IfcRelNests-> the IfcAlignmentSegment
// of each track (name = the track id; IfcAlignmentHorizontalSegment with the track's start point and heading
// in world coordinates, in its direction of travel: a track travelled backwards has its radii negated and
// swapped) and the closing zero-length segment; IfcAlignmentVertical with the pieces of every track (a level
// track: CONSTANTGRADIENT 0 at its height; consecutive ones joined) and a closing one; IfcAlignmentCant when
// a track of the chain has cant (others CONSTANTCANT 0); an IfcReferent (.STATION.) with
// Pset_Stationing.Station = the start station at distance 0, and one per station equation (Station and
// IncomingStation, at its distance along). The geometry (an IfcCompositeCurve of
// IfcCurveSegment) is written when every horizontal segment has a parent curve (all types but the cosine and
// sine transitions; else a warning), and
// its IfcGradientCurve when the vertical layout is level throughout (else a warning).
#include "core/layout/Layout.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tl {

struct IfcExportOptions {
    std::string layoutFile; // the layout's file, for messages ("" = "<memory>")
    std::string name;       // FILE_NAME's name (the output file's name)
    std::string timeStamp;  // FILE_NAME's time stamp; "" = now (UTC)
    // seed of the IfcGloballyUniqueId values; absent = random (every export gets new ids)
    std::optional<std::uint64_t> guidSeed;
    // tracks without an exact IFC form are fitted (core/alignment/AlignmentFit.h); false: refused
    bool fit = true;
};

struct IfcFittedTrack {
    std::string track;
    std::size_t segments = 0;   // horizontal segments written for it
    double worstPosition = 0.0; // [m]
    double worstBank = 0.0;     // [rad]
};

struct IfcExport {
    std::string text;                    // the STEP file
    std::vector<std::string> warnings;   // each a full sentence naming the layout file and the track
    std::vector<std::string> alignments; // the ids of the alignments written, in order
    std::size_t segments = 0;            // horizontal segments written (closing ones not counted)
    std::vector<IfcFittedTrack> fitted;  // the tracks written fitted, in order
};

// Throws LayoutError: a malformed "alignments" list (its JSON path), or "nothing to export: ..." (with every
// track's reason) when no track is exportable.
IfcExport exportIfcAlignments(const Layout& layout, const IfcExportOptions& options = {});

// exportIfcAlignments + saveFile (core/io/SaveFile.h: a failed write keeps the old file; SaveError).
IfcExport writeIfcAlignments(const Layout& layout, const std::filesystem::path& out,
                             IfcExportOptions options = {});

} // namespace tl
