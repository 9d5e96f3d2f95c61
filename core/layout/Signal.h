#pragma once
// A signal as the simulation, the checks and the scene use it: a SignalSpec (core/layout/LayoutSpec.h) with
// its track resolved, its defaults filled in and its block found (core/layout/Signals.cpp).
// docs/layout-format.md, "Signals": a signal governs the trains travelling in its direction. A stop signal
// (block or home) protects a block, watched as an axle counter would (any bogie on it): from the signal to
// the next stop signal in its direction on every branch, or to an open end, with that signal's overlap beyond
// it. A distant signal has no block: it repeats the next home signal's aspect ahead of it.
#include "core/layout/LayoutSpec.h"
#include <string>
#include <vector>

namespace tl {

class Layout;
struct TrackPosition;
using SwitchStates = std::vector<int>;

// A stretch of one track, s0 <= s1 [m].
struct TrackSpan {
    int track = -1;
    double s0 = 0.0, s1 = 0.0;
    bool holds(int t, double s) const { return t == track && s >= s0 && s <= s1; }
};

struct Signal {
    static constexpr double kDefaultOverlap = 50.0; // [m]
    std::string id;
    int track = -1;     // track index
    double s = 0.0;     // [m]
    int direction = +1; // +1: governs travel along increasing s
    SignalKind kind = SignalKind::Block;
    double overlap = kDefaultOverlap; // [m] beyond the signal (0 for a distant)
    // a stop signal: can show stop, has a block; a distant shows the next home signal's aspect
    bool stops() const { return kind != SignalKind::Distant; }
    std::vector<TrackSpan> block; // stop signals: what its axle counters watch (see above)
    std::vector<int> exits;       // the stop signals ending the block, one per branch reaching one
};

// The layout's signals resolved (Layout::compile, after the tracks, connections and switches): tracks to
// indices, defaults filled in, blocks found. Throws LayoutError (file, /signals/k/..., problem): a signal off
// its track or on a moving body, a stop signal whose block runs round to itself (a circuit with one signal).
std::vector<Signal> compileSignals(const Layout& layout, const std::string& file);

// A signal met walking the route as set.
struct SignalAhead {
    int signal = -1;       // index into Layout::signalList()
    double distance = 0.0; // from the walk's start to the signal along the route [m] (>= 0)
};

// The signals governing travel along from.direction (>= 0: increasing s) met walking from `from` along the
// route as the switches are set, nearest first, up to `reach` [m] ahead; a signal exactly at from.s counts.
// Stops at an open end or a switch set to no branch.
std::vector<SignalAhead> signalsAhead(const Layout& layout, const TrackPosition& from,
                                      const SwitchStates& states, double reach);

} // namespace tl
