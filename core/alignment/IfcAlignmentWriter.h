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
// Exportable: a ground track whose curve is a line, arc, clothoid, bloss, helmert, cosine, sine,
// vienneseBend (no cant term) or cubic, level (start tangent horizontal, the curve's plane horizontal) and
// not banked (bank 0 along it, whatever its frame). Other tracks are refused by name with the reason (a
// warning); a layout with nothing exportable is an error. Switches, trains, vehicles and drive sections are
// not exported (said in the file's header).
//
// Per alignment: IfcAlignment -IfcRelNests-> IfcAlignmentHorizontal -IfcRelNests-> one IfcAlignmentSegment
// per track (name = the track id; IfcAlignmentHorizontalSegment with the track's start point and heading in
// world coordinates, in its direction of travel: a track travelled backwards has its radii negated and
// swapped) and the closing zero-length segment; IfcAlignmentVertical with one CONSTANTGRADIENT segment of
// gradient 0 at the track's height (and a closing one); an IfcReferent (.STATION.) with
// Pset_Stationing.Station = the start station at distance 0. The geometry (an IfcCompositeCurve of
// IfcCurveSegment, and an IfcGradientCurve on it) is written when every segment is a line, arc or clothoid;
// otherwise the alignment has no representation (a warning) and its referent no linear placement.
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
};

struct IfcExport {
    std::string text;                    // the STEP file
    std::vector<std::string> warnings;   // each a full sentence naming the layout file and the track
    std::vector<std::string> alignments; // the ids of the alignments written, in order
    std::size_t segments = 0;            // horizontal segments written (closing ones not counted)
};

// Throws LayoutError: a malformed "alignments" list (its JSON path), or "nothing to export: ..." (with every
// track's reason) when no track is exportable.
IfcExport exportIfcAlignments(const Layout& layout, const IfcExportOptions& options = {});

// exportIfcAlignments + saveFile (core/io/SaveFile.h: a failed write keeps the old file; SaveError).
IfcExport writeIfcAlignments(const Layout& layout, const std::filesystem::path& out,
                             IfcExportOptions options = {});

} // namespace tl
