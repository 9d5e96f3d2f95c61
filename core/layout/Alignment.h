#pragma once
// An alignment as the CLI, the checks, the event log and the status bar use it: an AlignmentSpec
// (core/layout/LayoutSpec.h) with its tracks resolved, checked to run end to end, and its stationing
// (docs/alignments.md, "Stationing"; docs/layout-format.md, "Alignments").
//
// Station = startStation + the horizontal distance along the alignment, as IFC measures it (distance in
// plan: the length of the track's projection on the body's x-y plane; TrackLab's s stays the 3D arc
// length). A station equation [d_i, station_i] restarts the count: past horizontal distance d_i the station
// is station_i + (d - d_i); at d_i itself (and up to 1e-9 m before it, rounding) the equation applies.
//
// The horizontal distance of (track, s) is the integral of |T_xy|, the horizontal part of the unit tangent
// in the track's body, over the arc length from the track's start: 5-point Gauss-Legendre on pieces of at
// most 20 m, each halved until two halves agree with the whole to 1e-10 m per metre (a kink of the profile,
// a spline's knot) or it is shorter than 2 mm, kept in a cumulative table so that a query is a binary search
// plus one 5-point rule. On a level track |T_xy| = 1 and the distance is s up to rounding; on a line pitched
// by theta it is s cos(theta). The integral is generic (any curve type): it asks the curve for its tangent
// only.
#include "core/geometry/Curve.h"
#include "core/layout/LayoutSpec.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tl {

class Layout;
struct TrackPosition;

// The horizontal distance along one track: a cumulative table over its arc length.
class HorizontalTable {
public:
    HorizontalTable() = default;
    // The curve (local coordinates) and the rotation of its placement in the body (local -> body).
    HorizontalTable(CurvePtr curve, const Eigen::Matrix3d& rotation);

    double length() const { return s_.empty() ? 0.0 : s_.back(); }           // arc length [m]
    double horizontalLength() const { return h_.empty() ? 0.0 : h_.back(); } // [m]
    // Horizontal distance from the track's start to arc length s (clamped to [0, length()]) [m].
    double at(double s) const;
    // The arc length whose horizontal distance is h (clamped to [0, horizontalLength()]): Newton with
    // bisection on the table's piece, to 1e-10 m. Where the track runs vertical (no horizontal distance) the
    // first such s.
    double arcLength(double h) const;
    // |T_xy| at s: the horizontal part of the unit tangent in the body.
    double horizontalRate(double s) const;
    std::size_t pieces() const { return s_.empty() ? 0 : s_.size() - 1; }

private:
    double rule(double a, double b) const; // 5-point Gauss-Legendre of |T_xy| over [a, b]
    void add(double a, double b, double whole, int depth);
    CurvePtr curve_;
    Eigen::Matrix3d rotation_ = Eigen::Matrix3d::Identity();
    std::vector<double> s_, h_; // knots: arc length [m] and horizontal distance from s = 0 [m]
};

class Alignment {
public:
    // One track of the chain, in order.
    struct Leg {
        int track = -1;     // track index
        int direction = +1; // +1: travelled from its start to its end, -1 from its end to its start
        double from = 0.0;  // horizontal distance along the alignment where it is entered [m]
        std::shared_ptr<const HorizontalTable> table; // never null; one per track, shared by its alignments
        double horizontalLength() const { return table->horizontalLength(); }
    };
    // A stretch of stations: the horizontal distances [d0, d1) (the last one [d0, d1]) counted from
    // `station` at d0.
    struct Stretch {
        double d0 = 0.0, d1 = 0.0; // [m]
        double station = 0.0;      // at d0 [m]
    };

    const std::string& id() const { return id_; }
    const std::vector<Leg>& legs() const { return legs_; }
    const std::vector<Stretch>& stretches() const { return stretches_; } // start, then one per equation
    double horizontalLength() const {
        return legs_.empty() ? 0.0 : legs_.back().from + legs_.back().horizontalLength();
    }
    double firstStation() const; // the lowest station on the alignment [m]
    double lastStation() const;  // the highest [m]

    // The leg of a track, -1 if the track is not on the alignment.
    int legOf(int track) const;
    // Horizontal distance along the alignment of (track, s) [m], or nullopt when the track is not on it.
    std::optional<double> distance(int track, double s) const;
    // The station at horizontal distance d along the alignment [m] (the later equation wins at its d).
    double stationAt(double d) const;
    // The station of (track, s) [m], or nullopt when the track is not on the alignment.
    std::optional<double> station(int track, double s) const;
    // The horizontal distance of a station: where several stretches hold it (an equation that counts back),
    // the first along the alignment. Throws std::out_of_range naming the station ("km ..." and metres) and
    // the alignment when it lies outside the alignment or in the gap an equation jumps over.
    double distanceOf(double station) const;
    // The place (track, s, direction of the alignment there) at horizontal distance d (clamped).
    TrackPosition positionAt(double d) const;
    // The place of a station: positionAt(distanceOf(station)).
    TrackPosition position(double station) const;

private:
    friend std::vector<Alignment> compileAlignments(const Layout& layout, const std::string& file);
    std::string id_;
    std::vector<Leg> legs_;
    std::vector<Stretch> stretches_;
    std::unordered_map<int, int> legIndex_; // track index -> leg
};

// The layout's alignments resolved (Layout::compile, after the tracks, connections and switches). Throws
// LayoutError (file, /alignments/k/..., problem): an empty or repeated id, an unknown track or a track named
// twice, a direction other than 1 or -1, a track that does not continue the one before it (the end it is
// left by joined to the end it is entered by, through a connection or a switch in any state), a station
// equation whose distance does not increase or lies outside [0, horizontal length] (1e-6 m of slack), a
// number that is not finite.
std::vector<Alignment> compileAlignments(const Layout& layout, const std::string& file);

// The station of (track, s) on the layout's first alignment holding the track, as formatStation writes it
// ("km 12+345.678", core/units/Station.h), or "" when the track lies on no alignment: the one label the
// status bar, the event log, the checks and the CLI show beside a track and s.
std::string stationLabel(const Layout& layout, int track, double s);
// The stations of s0 and s1 on one track, "km 12+010.000 to km 12+020.000" (one label where they agree), or
// "" when the track lies on no alignment: a range of places (a check violation) as the checks show it.
std::string stationRange(const Layout& layout, int track, double s0, double s1);

} // namespace tl
