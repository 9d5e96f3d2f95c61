#include "physics/rail/TrackFeeder.h"

namespace tl {

FeedResult feedTrack(const Layout& layout, const SwitchStates& states, const TrackPosition& pos,
                     const Vec3& AP, const Vec3& FP, const Vec3& FT, double speed) {
    FeedResult r;
    r.ds = (AP - FP).dot(FT) / speed;
    // Layout::advance moves along the vehicle's orientation; ds is along increasing s.
    const AdvanceResult a = layout.advance(pos, pos.direction * r.ds, states);
    r.position = a.position;
    r.crossings = a.crossings;
    r.openEnd = a.stoppedAtOpenEnd;
    r.end = a.openEnd;
    return r;
}

} // namespace tl
