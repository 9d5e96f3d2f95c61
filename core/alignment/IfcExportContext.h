#pragma once
// The private parts of the IFC 4.3 alignment export (core/alignment/IfcAlignmentWriter.h), shared by its
// files: IfcAlignmentWriter.cpp (the entry point, the STEP project skeleton and GUIDs, the layouts and
// referents), IfcExportChains.cpp (which tracks form which alignment, exact or fitted or refused),
// IfcExportProfiles.cpp (what a chain writes: its segments and its merged vertical and cant profiles) and
// IfcParentCurves.cpp (the parent curves of the horizontal and vertical segments). Not a public header:
// include it only from those files.
#include "core/alignment/AlignmentFit.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/curves/CantProfile.h"
#include "core/curves/VerticalProfile.h"
#include "core/io/StepWriter.h"
#include "core/layout/Layout.h"
#include "core/units/NumberText.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcexport {

// A track in its direction of travel along an alignment.
struct Piece {
    int track = 0;
    int dir = +1; // +1: from its start to its end; -1: from its end to its start
};

// One IfcAlignmentHorizontalSegment, in SI and world coordinates, in the direction of travel.
struct HorizontalSegment {
    std::string name;                          // the track id
    std::string type;                          // PredefinedType
    Vec3 start = Vec3::Zero();                 // [m] world (z: the track's height)
    double direction = 0.0;                    // [rad] counter-clockwise from +x
    double radiusStart = 0.0;                  // [m] signed, > 0 turns left, 0 = straight
    double radiusEnd = 0.0;                    // [m]
    double length = 0.0;                       // [m]
    std::optional<double> gravityCentreHeight; // [m] Viennese bend only
    double bankChange = 0.0; // [rad] Viennese bend on an alignment track: psi(end) - psi(start) of its cant
};

struct Chain {
    std::string id;
    double startStation = 0.0;                        // [m]
    std::vector<std::pair<double, double>> equations; // [[distance along the chain, station], ...] [m]
    std::vector<Piece> pieces;
};

// The export's state: the layout, the options, the fitted tracks and the tracks found not exact late (a
// profile that does not continue into its neighbours in the chain).
struct Context {
    const Layout& layout;
    std::string file;
    const IfcExportOptions& options;
    double railHeadDistance = 1.5;                       // [m] the layout's railCentreDistance
    std::map<std::pair<int, int>, AlignmentFit> fits;    // (track, dir) -> its fitted form
    std::map<std::pair<int, int>, std::string> inexact;  // (track, dir) -> why its exact form does not do
    std::map<std::pair<int, int>, std::string> unfitted; // (track, dir) -> why it cannot be fitted
};

// --- IfcExportChains.cpp

// The track's curve is an "alignment" curve.
bool isAlignment(const Layout& layout, std::size_t t);

// Why a track has no exact IFC form travelled in direction dir, or nullopt.
std::optional<std::string> exactRefusal(const Context& ctx, std::size_t t, int dir);

// The horizontal segment of an exact track in its direction of travel.
HorizontalSegment horizontal(const Layout& layout, const Piece& p);

// A fitted segment as a horizontal segment named `name`.
HorizontalSegment horizontal(const FittedHorizontal& f, const std::string& name);

// The fitted form of an exportable track that has no exact one, else nullptr.
const AlignmentFit* fitted(Context& ctx, const Piece& p);

// The chains of the layout's "alignments" list (docs/alignments.md).
std::vector<Chain> listedChains(Context& ctx, const std::vector<AlignmentSpec>& list,
                                std::vector<std::string>& warnings);

// Every maximal chain of exportable tracks joined by connections, seeded in layout order.
std::vector<Chain> connectedChains(Context& ctx, std::vector<std::string>& warnings);

// --- the STEP writer (IfcAlignmentWriter.cpp)

// IfcGloballyUniqueId: 128 bits in 22 characters of IFC's base-64 alphabet.
class GuidSource {
public:
    explicit GuidSource(std::uint64_t seed) : state_(seed) {}
    std::string next() {
        static const char* const kChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$";
        const std::uint64_t hi = mix(), lo = mix();
        std::string s(22, '0');
        s[0] = kChars[(hi >> 62) & 0x3]; // 2 bits, then 21 x 6 bits
        for (int k = 1; k < 22; ++k) {
            const int bit = 126 - 6 * k; // lowest bit of the k-th group, counted in the 128-bit number
            const std::uint64_t v = bit >= 64  ? (hi >> (bit - 64))
                                    : bit > 58 ? ((hi << (64 - bit)) | (lo >> bit))
                                               : (lo >> bit);
            s[std::size_t(k)] = kChars[v & 0x3F];
        }
        return stepString(s);
    }

private:
    std::uint64_t mix() { // splitmix64
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t state_;
};

// The entities every alignment refers to.
struct Common {
    std::uint64_t project = 0, site = 0, context = 0, axisContext = 0;
    std::uint64_t world = 0;                                         // IfcAxis2Placement3D at the origin
    std::uint64_t origin2 = 0, xAxis2 = 0, placement2 = 0, line = 0; // the parent line at the origin
};

struct Writer {
    StepWriter w;
    GuidSource guid;

    std::uint64_t point2(double x, double y) {
        return w.add("IFCCARTESIANPOINT", stepList({stepReal(x), stepReal(y)}));
    }
    std::uint64_t direction2(double angle) {
        return w.add("IFCDIRECTION", stepList({stepReal(std::cos(angle)), stepReal(std::sin(angle))}));
    }
    std::uint64_t placement2(double x, double y, double angle) {
        const std::uint64_t p = point2(x, y), d = direction2(angle);
        return w.add("IFCAXIS2PLACEMENT2D", stepRef(p) + "," + stepRef(d));
    }
    std::string length(double x) { return stepTyped("IFCLENGTHMEASURE", stepReal(x)); }
    std::uint64_t nests(std::uint64_t relating, const std::vector<std::uint64_t>& related,
                        const std::string& name) {
        std::vector<std::string> refs;
        for (const std::uint64_t r : related)
            refs.push_back(stepRef(r));
        return w.add("IFCRELNESTS", guid.next() + ",$," + stepString(name) + ",$," + stepRef(relating) + "," +
                                        stepList(refs));
    }
};

// --- IfcExportProfiles.cpp

// What one chain writes: its horizontal segments and its vertical and cant layouts over the chain's
// horizontal distance (heights absolute), each profile piece with the track it came from.
struct ChainContent {
    std::vector<HorizontalSegment> horizontal; // without the closing segment
    std::vector<VerticalPieceSpec> vertical;
    std::vector<int> verticalTrack;
    std::vector<CantSegmentSpec> cant; // empty: no cant layout
    std::vector<int> cantTrack;
    double length = 0.0; // [m] horizontal
};

// A level vertical piece: from, length [m], height z [m].
VerticalPieceSpec levelPiece(double from, double length, double z);

// A cant segment without cant: from, length [m].
CantSegmentSpec noCant(double from, double length);

// The curvature of a vertical piece's (u, z) curve at its end, and its rate per metre of its arc length
// (a clothoid's law).
std::pair<double, double> clothoidEnd(const VerticalPieceSpec& p);

// The content of a chain; nullopt when a track's exact profiles cannot be written with its neighbours (then
// ctx.inexact names it and why).
std::optional<ChainContent> chainContent(Context& ctx, const Chain& chain);

// --- IfcParentCurves.cpp

// The IfcCurveSegments of a horizontal segment on their parent curves (empty: no parent curve written).
std::vector<std::uint64_t> curveSegments(Writer& out, const Common& c, const HorizontalSegment& h, bool last);

// The parent curve of a vertical piece and the trimming on it (verticalCurve).
struct VerticalCurve {
    std::uint64_t parent = 0;
    double start = 0.0;  // SegmentStart [m]
    double length = 0.0; // SegmentLength [m], signed
};

// The parent curve of a vertical piece (nullopt: it cannot be evaluated).
std::optional<VerticalCurve> verticalCurve(Writer& out, const Common& c, const VerticalPieceSpec& p);

} // namespace tl::ifcexport
