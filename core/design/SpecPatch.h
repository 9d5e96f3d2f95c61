#pragma once
// The change between two layout specs, small enough for an undo step to keep (Tiled's way: a command
// stores what it changed, not two copies of the layout). Each list (tracks, connections, switches, buffer
// stops, drives) keeps
// its hunks: between the common prefix and the common suffix, one hunk per changed item where the
// count stayed the same (a rename touching items far apart stores only those), else one hunk of the
// items between, before and after; the raw
// sections (bodies, vehicles, trains, extra) are kept only when they changed. apply(spec, true) turns
// the old spec into the new one, apply(spec, false) back. Every field of LayoutSpec is covered
// (tst_design_ops checks each: a field the patch missed was silently lost by undo and redo).
#include "core/layout/LayoutSpec.h"

#include <optional>
#include <utility>
#include <vector>

namespace tl::design {

template <class T> struct Hunk {
    std::size_t at = 0;           // index of the first differing item
    std::vector<T> before, after; // the differing items in the old and in the new list
    bool empty() const { return before.empty() && after.empty(); }
};

template <class T> using Hunks = std::vector<Hunk<T>>; // in increasing `at`

struct SpecPatch {
    Hunks<TrackSpec> tracks;
    Hunks<ConnectionSpec> connections;
    Hunks<SwitchSpec> switches;
    Hunks<BufferStopSpec> bufferStops;
    Hunks<SignalSpec> signalSpecs;
    Hunks<RouteSpec> routeSpecs;
    Hunks<AlignmentSpec> alignmentSpecs;
    Hunks<DriveSpec> drives;
    std::optional<std::pair<Json, Json>> bodies, vehicles, trains, extra; // (before, after) when changed
    std::optional<std::pair<std::optional<LayoutLook>, std::optional<LayoutLook>>> look;
    std::optional<std::pair<std::optional<double>, std::optional<double>>> railCentreDistance;
    std::optional<std::pair<int, int>> version; // (an edit that upgrades the file)
    bool empty() const;
    std::size_t itemCount() const; // tracks + connections + switches stored (both sides)
};

SpecPatch diffSpecs(const LayoutSpec& before, const LayoutSpec& after);
// forward: before -> after; backward: after -> before. The spec must be the matching side.
void applyPatch(LayoutSpec& spec, const SpecPatch& patch, bool forward);

} // namespace tl::design
