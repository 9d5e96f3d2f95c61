#pragma once
// Whole-track operations of the designer. Each returns the edited spec and an undo-step name, leaves the
// input untouched and throws DesignError with a sentence for the user when it cannot be done. Every
// reference follows the tracks: connections, switch ends and branches, "after" placements, the trains'
// start tracks, the vehicles' tracks and the signals' tracks.
#include "core/design/DesignEdit.h"
#include "core/layout/Layout.h"

namespace tl::design {

// Delete a track with its connections and switch branches (a switch left with one branch becomes a
// connection; a switch whose trunk it was goes), its buffer stops and its signals (with the routes from or to
// them: core/design/SignalOps.h, and the routes setting a switch that went). Tracks placed after it keep
// their place (their placement becomes explicit). A train or vehicle on it: DesignError (move or delete that
// first).
DesignEdit deleteTrack(const Layout& layout, const std::string& id);

// Split a track at arc length s (0 < s < length) into `id` [0, s] and a new track [s, length] placed
// after it and connected to it. Lines, arcs, clothoids and helices split exactly; a spline splits at a
// new point with the tangent there on both sides (G1 at the cut, the halves re-solve their shapes).
// Twists follow (a linear twist splits at its value at s, keys shift). Whatever referred to the old end
// (and trains, vehicles and signals beyond s) now refers to the new track.
DesignEdit splitTrack(const Layout& layout, const std::string& id, double s, const std::string& newId = {});

// Change a track's curve type ("line", "arc", "clothoid", "spline", "quintic") keeping its start and
// placement, its length and (where the type can: arc, clothoid, spline, quintic) its end direction; a
// clothoid also keeps the start curvature. The track must lie in its local plane.
DesignEdit changeCurveType(const Layout& layout, const std::string& id, const std::string& type);

// Put a switch into track `id` at arc length s: the track is split there (unless s is its connected end)
// and a diverging arc of `radius` turning by `angle` [rad] left or right leaves from the points.
struct SwitchOptions {
    double radius = 190.0;   // diverging branch radius [m]
    double angle = 0.110657; // its turning angle [rad] (1:9 turnout)
    bool left = true;        // diverging to the left of the direction of increasing s
    std::string branchId;    // id of the diverging track; empty: "T<k>"
    std::string switchId;    // empty: "S<k>"
};
DesignEdit insertSwitch(const Layout& layout, const std::string& id, double s,
                        const SwitchOptions& options = {});

// Give a track a new id; every reference follows.
DesignEdit renameTrack(const LayoutSpec& spec, const std::string& from, const std::string& to);

// A friction buffer stop with the defaults (docs/layout-format.md, "Buffer stops": 400 kN over 3 m) at the
// end of track `id` nearer arc length s. Refused with the layout's reason where the rules refuse one (an
// end connected or used by a switch, a closed spline, a track on a moving body, a track shorter than the
// stroke) and where that end has one. A version-2 key: the edit upgrades a version-1 file.
DesignEdit addBufferStop(const Layout& layout, const std::string& id, double s);
// The buffer stop at the end of track `id` nearer arc length s taken off (the other end's when only that
// one has a stop).
DesignEdit deleteBufferStop(const Layout& layout, const std::string& id, double s);

// Set a switch to its next branch.
DesignEdit toggleSwitch(const LayoutSpec& spec, const std::string& switchId);

} // namespace tl::design
