#pragma once
// Signal operations of the designer (the signal tool, ui/tools/SignalTool.h, and the Properties dock): add a
// signal, delete one, rename one, and what a track operation does to the signals on its track. Each returns
// the edited spec and an undo-step name, leaves the input untouched and throws DesignError with a sentence
// for the user when it cannot be done. A route names its entry and exit signals by id
// (core/layout/LayoutSpec.h, RouteSpec): renaming a signal renames them, deleting one deletes the routes that
// name it. Whether the signals make sense where they stand (a block running round to itself, two at one
// place) is Layout::compile's to say (core/layout/Signals.cpp).
#include "core/design/DesignEdit.h"

namespace tl::design {

// "S1", "S2", ... (or prefix + k): the first id no signal of `spec` has.
std::string uniqueSignalId(const LayoutSpec& spec, const std::string& prefix = "S");

// A block signal with the first free id at arc length s of track `track`, governing travel along increasing s
// (direction +1) or decreasing s (-1). A version-2 key: the edit upgrades a version-1 file.
DesignEdit addSignal(const LayoutSpec& spec, const std::string& track, double s, int direction = +1);

// Delete signal `id` and the routes from or to it.
DesignEdit deleteSignal(const LayoutSpec& spec, const std::string& id);

// Give signal `from` the id `to`; the routes from or to it follow.
DesignEdit renameSignal(const LayoutSpec& spec, const std::string& from, const std::string& to);

// In place, for the track operations (core/design/TrackOps.h): the signals standing on track `track` go, and
// the routes from or to them. Returns how many signals went.
int dropSignalsOnTrack(LayoutSpec& spec, const std::string& track);

} // namespace tl::design
