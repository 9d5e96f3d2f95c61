#pragma once
// NoLimits 2 track-spline CSV (the file NL2 Professional's "Export Track Spline" writes and its importers
// read): a tab-separated text with the quoted header
//   "No."	"PosX"	"PosY"	"PosZ"	"FrontX"	"FrontY"	"FrontZ"	"LeftX"	"LeftY"	"LeftZ"	"UpX"
//   "UpY"	"UpZ"
// then one row per point: its number (from 1) and 12 numbers. NL2 is y-up: a position or vector
// (x, y, z) of TrackLab (z up) is (x, z, -y) in the file. docs/export.md.
#include <iosfwd>
#include <string>

namespace tl {

class Layout;

// The header line (without its newline).
extern const char* const kNl2CsvHeader;
// The riders' height above the rails [m] on a track without a heartline ("heartline": 0 or absent).
constexpr double kNl2DefaultRiderHeight = 1.1;

// Write the layout's circuit as NL2 CSV: the tracks in layout order, each sampled every `spacing` metres of
// arc length from s = 0; a track's end point is written too unless the next track (the first one after the
// last) starts there (a closed circuit does not repeat its first point). Each row: the point h above the
// rails along the up vector wB (h = the track's heartline, else kNl2DefaultRiderHeight), Front = T,
// Left = wN, Up = wB of the world frame (Layout::frameInWorld, bodies at their initial poses).
// Throws std::invalid_argument for a layout whose look is not "coaster", or a spacing not > 0.
void writeNl2Csv(const Layout& layout, std::ostream& out, double spacing = 0.5);

} // namespace tl
