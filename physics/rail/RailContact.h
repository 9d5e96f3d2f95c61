#pragma once
// The rail contact, one job: the trackjoints of every railed body (vehicle or bogie, RailedBody.h) -- the
// body placed on its track with its joint, the track frame at its s before each step, the wheel-rail row
// limits, and after the step the feeder (TrackFeeder.h) moving s along the track and across track ends
// (the joint re-made for the next track, continuing the last forces). Open ends are reported to the caller.
#include "core/layout/Layout.h"
#include "physics/rail/RailedBody.h"
#include "physics/rail/TrackFeeder.h"
#include "physics/spec/RollingStock.h"

namespace tl {

class BulletWorld;

class RailContact {
public:
    RailContact(const Layout& layout, const SwitchStates& switches, BulletWorld& world)
        : layout_(layout), switches_(switches), world_(world) {}

    // Make r's body (box [m], mass [kg]) on its track at r.position moving at `speed` [m/s], and its joint;
    // both added to r.world (the main world if none is set). Track bodies are the main world's.
    void place(RailedBody& r, const Vec3& box, double mass, double friction, double speed);
    // Before a step: the track frame at s (evaluated by the feeder already), and F.T(s, t) for the feeder.
    void prepare(RailedBody& r) const;
    // The joint's track frame at r.position: evaluated only where it moved since the last time (or always,
    // with force). Every other user of wF(s) at the body's position reads it from the joint.
    void setFrame(RailedBody& r, bool force = false) const;
    // Before a step: the wheel-rail limits from the last step's load Q (Derailment.h): |f1| <= Nadal Q,
    // |t3| <= Q b/2, f2 >= 0; clamped wheels (coasters) hold both ways without limits.
    static void setWheelRailLimits(RailedBody& r, const WheelRailSpec& wr);
    // After a step: move s by the feeder's rule; across a track end the joint is re-made for the next
    // track (possibly on another body) and continues the last forces. r.position is updated; an open end is
    // reported (position at that end) and left to the caller.
    FeedResult feed(RailedBody& r);
    // After a restore of r's RailedState: the joint refers to the body carrying its track again, with its
    // anchor and track frame.
    void restore(RailedBody& r);

    TwistedFrame localFrame(const TrackPosition& p) const; // wF(s) in the track body's coordinates
    TwistedFrame worldFrame(const TrackPosition& p) const; // wF(s) in the world

private:
    void remakeJoint(RailedBody& r); // to the body carrying r's track now, continuing the old joint

    const Layout& layout_;
    const SwitchStates& switches_;
    BulletWorld& world_;
};

} // namespace tl
