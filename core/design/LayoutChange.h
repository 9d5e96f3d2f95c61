#pragma once
// What one edit changed in a layout spec, for the views that show it (Tiled's way: a change signal says
// what changed, and each view updates only that). Taken from the edit's SpecPatch (changeOf), so every
// edit -- undo and redo included -- says it the same way. docs/architecture.md, "Document changes".
#include "core/design/SpecPatch.h"

#include <algorithm>
#include <vector>

namespace tl::design {

struct LayoutChange {
    enum Part : unsigned {
        TrackGeometry = 1u << 0, // a track's curve, placement, frame or body: where its rails are
        TrackTwist = 1u << 1,    // a track's twist (bank or cant)
        TrackDetails = 1u << 2,  // a track's id, line speed or other keys (notes): its rails stay
        TrackList = 1u << 3,     // tracks added, removed or reordered: track indices shift
        Connections = 1u << 4,
        Switches = 1u << 5, // switches added or removed, their branches or initial state
        BufferStops = 1u << 6,
        Drives = 1u << 7,
        Bodies = 1u << 8,
        Vehicles = 1u << 9,
        Trains = 1u << 10,
        Notes = 1u << 11,   // the layout's own notes and description (top-level keys TrackLab does not read)
        Look = 1u << 12,    // "look" and "railCentreDistance"
        Version = 1u << 13, // the format version (an upgrade on save)
        Signals = 1u << 14, // signals added, moved, removed or changed
        Routes = 1u << 15,  // routes added, removed or changed
        Everything = (1u << 16) - 1,
    };
    unsigned parts = 0;
    // The tracks whose spec changed, by index in the new spec (without TrackList). Tracks placed "after" a
    // moved track move with it although their spec is the same: a view of positions compares placements.
    std::vector<int> tracks;
    // A step of a gesture under way (a drag): more steps follow and then the gesture's end, a change of
    // its own with every part the gesture touched. Views that are costly to update wait for that.
    bool interim = false;

    static LayoutChange everything() { return {Everything, {}, false}; }
    bool has(unsigned p) const { return (parts & p) != 0; }
    bool empty() const { return parts == 0; }
    // Whether track i (index in the new spec) may look different.
    bool touchesTrack(int i) const {
        return has(TrackList) || std::find(tracks.begin(), tracks.end(), i) != tracks.end();
    }
    // Anything a run depends on: all but notes (track notes included) and the format version.
    bool affectsRuns() const { return (parts & ~(Notes | Version)) != 0 && !onlyTrackNotes; }
    bool onlyTrackNotes = false; // TrackDetails alone, and only keys TrackLab does not read changed
    void merge(const LayoutChange& o);
};

// The change of track i from `before` to `after`.
LayoutChange changeOfTrack(int i, const TrackSpec& before, const TrackSpec& after);
// The change a patch makes, applied forward (before -> after) or backward.
LayoutChange changeOf(const SpecPatch& patch, bool forward = true);

} // namespace tl::design
