#include "physics/rail/RailContact.h"

#include "physics/world/BulletWorld.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <limits>

namespace tl {

TwistedFrame RailContact::localFrame(const TrackPosition& p) const {
    return layout_.track(std::size_t(p.track)).localFrame(p.s);
}

TwistedFrame RailContact::worldFrame(const TrackPosition& p) const {
    return transformed(world_.trackBodyPose(p.track), localFrame(p));
}

void RailContact::place(RailedBody& r, const Vec3& box, double mass, double friction, double speed) {
    if (!r.world) r.world = &world_;
    r.makeBody(box, mass, friction, worldFrame(r.position), world_.trackBody(r.position.track), speed);
    r.world->add(*r.body, BulletWorld::Collides::Nothing);
    r.joint = r.makeJoint(world_.trackBody(r.position.track), world_.trackOnGround(r.position.track),
                          localFrame(r.position));
    r.linkWarmStart();
    r.frameTrack = r.position.track;
    r.frameS = r.position.s;
    r.world->add(*r.joint);
}

void RailContact::setFrame(RailedBody& r, bool force) const {
    if (!force && r.frameTrack == r.position.track && r.frameS == r.position.s) return;
    r.joint->setTrackFrame(
        layout_.track(std::size_t(r.position.track)).localFrame(r.position.s, r.framePiece));
    r.frameTrack = r.position.track;
    r.frameS = r.position.s;
}

void RailContact::prepare(RailedBody& r) const {
    setFrame(r);
    r.FTBefore = r.joint->trackTangentInWorld();
}

void RailContact::setWheelRailLimits(RailedBody& r, const WheelRailSpec& wr) {
    const double Q = std::max(0.0, r.load); // Q of the last step [N]
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (wr.clamped)
        r.joint->setLimits(inf, inf, inf, -inf); // up-stop and guide wheels
    else
        r.joint->setLimits(wr.nadalLimit() * Q, inf, Q * 0.5 * wr.gauge);
}

FeedResult RailContact::feed(RailedBody& r) {
    const Vec3 AP = r.joint->anchorPointInWorld();
    setFrame(r); // (prepare set it)
    const Frame& F = r.joint->trackFrameInB().F;
    const Vec3 FP = world_.trackBodyPose(r.position.track) * F.P; // F.P(s, t+dt)
    const FeedResult f = feedTrack(layout_, switches_, r.position, AP, FP, r.FTBefore, F.speed);
    r.position = f.position;
    if (f.openEnd) return f;
    // The joint now refers to another track, possibly on another body. Keep the last step's row forces,
    // limits and motor: a fresh joint would report zero forces, so a bogie's load Q read next would be 0
    // and the next step's lateral and roll limits (Nadal x Q, Q x gauge/2) would clamp f1 and f3 to zero for
    // one step, then a catch-up spike.
    if (f.crossings > 0) {
        remakeJoint(r);
        // the warm start continues the forces as the joint does (rows reversed where two like ends meet)
        for (std::size_t k = 0; k < 6; ++k)
            r.jointImpulses.impulse[k] = r.joint->rowForces()[k] * r.joint->lastStep();
    }
    setFrame(r);
    return f;
}

void RailContact::remakeJoint(RailedBody& r) {
    const TwistedFrame wF = localFrame(r.position);
    auto next = r.makeJoint(world_.trackBody(r.position.track), world_.trackOnGround(r.position.track), wF);
    r.frameTrack = r.position.track;
    r.frameS = r.position.s;
    next->continueFrom(*r.joint);
    r.world->remove(*r.joint);
    r.joint = std::move(next);
    r.linkWarmStart();
    r.world->add(*r.joint);
}

void RailContact::restore(RailedBody& r) {
    if (&r.joint->getRigidBodyB() != &world_.trackBody(r.position.track)) remakeJoint(r);
    r.joint->setAnchor(r.anchor());
    setFrame(r, true);
}

} // namespace tl
