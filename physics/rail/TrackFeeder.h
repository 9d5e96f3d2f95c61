#pragma once
// The feeder: after each step, move a railed anchor's track position by the ds rule of docs/trackjoint.md
//   ds = (A.P(t+dt) - F.P(s,t+dt)) . F.T(s,t)                     (docs/trackjoint.md, "The ds rule")
// divided by the frame's speed where s is not the rails' arc length (a heartline track's s is the
// heartline's: core/layout/HeartlineRails.h),
// and carry it across track ends through the layout's connections and switches (Layout::advance: the
// direction flips where two like ends meet). An open end is reported, not crossed.
#include "core/layout/Layout.h"

namespace tl {

struct FeedResult {
    TrackPosition position;       // new track, s and vehicle direction on it
    double ds = 0.0;              // ds (docs/trackjoint.md) along F.T(s,t), in units of s [m]
    int crossings = 0;            // track ends crossed
    bool openEnd = false;         // ran into an open end (position is at that end)
    TrackEnd end = TrackEnd::End; // which end, when openEnd
};

// AP: anchor point after the step; FP: F.P(s, t+dt), the old s on the track at its new pose; FT: F.T(s, t)
// before the step; all world coordinates [m]. speed: F.speed(s), the rails' metres per unit of s.
FeedResult feedTrack(const Layout& layout, const SwitchStates& states, const TrackPosition& pos,
                     const Vec3& AP, const Vec3& FP, const Vec3& FT, double speed = 1.0);

} // namespace tl
