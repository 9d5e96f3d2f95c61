#pragma once
// A compiled track: curve + twist + placement of the curve's start frame in its parent body + body name.
// Immutable after construction; cheap to copy (shared curve/twist).
#include "core/MemoryRange.h"
#include "core/geometry/Curve.h"
#include "core/geometry/Frame.h"
#include "core/geometry/Twist.h"
#include "core/twists/UpReference.h"

#include <array>
#include <string>

namespace tl {

// A twisted frame moved by a rigid pose (wt, dwt, kappa, tau are invariant under rigid motions).
TwistedFrame transformed(const Pose& X, const TwistedFrame& f);

class Track {
public:
    // twist may be null (= no twist). body: "ground" or a body name. up: the level reference of the curve
    // (null: built here for the body's +z). Throws std::invalid_argument on a null curve.
    // heartline: the riders' heartline height above the rails [m] (the layout's "heartline"; the curve is
    // already the rail centre line: core/layout/HeartlineRails.h).
    Track(std::string id, CurvePtr curve, TwistPtr twist, const Pose& placement, std::string body = "ground",
          UpReferencePtr up = nullptr, double heartline = 0.0);

    const std::string& id() const { return id_; }
    const Curve& curve() const { return *curve_; }
    const CurvePtr& curvePtr() const { return curve_; }
    const TwistPtr& twistPtr() const { return twist_; } // may be null
    const Pose& placement() const { return placement_; }
    const std::string& body() const { return body_; }
    bool onGround() const { return body_ == "ground"; }
    double length() const { return curve_->length(); } // along s [m] (a heartline track: the heartline's)
    double heartline() const { return heartline_; }    // heartline height above the rails [m], 0 = none

    // Twisted frame at s in curve-local coordinates (s clamped/wrapped by the curve).
    TwistedFrame curveFrame(double s) const;
    // ... in the parent body's coordinates (placement applied). The simulation's per-frame call: a spline
    // is evaluated from a copy moved into the body at construction, the up reference's angle from the
    // components of up (no atan2 where they make it exact, no cos/sin of it), one sincos of the bank.
    // Equal to transformed(placement(), curveFrame(s)) up to rounding (localFrameComposed).
    TwistedFrame localFrame(double s) const;
    // The same for a caller that follows a moving s: `piece` remembers where the curve found the last s
    // (Spline::evaluate; start with -1). The same frame, with fewer cache misses at scale.
    TwistedFrame localFrame(double s, int& piece) const;
    // The table memory localFrame(s', piece) reads for s' between s and s + ds (the spline piece, the bank's
    // window cells; empty ranges where there is none): for a caller with many bodies, which loads them all in
    // one pass, where the cache misses overlap, or prefetches them a while ahead.
    std::array<MemoryRange, 5> frameMemory(double s, double ds, int piece) const;
    // The composition localFrame stands for (reference for tests and benchmarks).
    TwistedFrame localFrameComposed(double s) const;
    // ... in world coordinates, given the parent body's pose (identity for the ground).
    TwistedFrame frameInWorld(double s, const Pose& bodyToWorld) const;

    // Bank from the vertical at s: the angle from U (the body's +z made perpendicular to T, continued
    // through vertical tangents) to wB about T [rad], with its rate [rad/m]. Whatever the twist type: on an
    // up-frame track it is the bank profile itself; otherwise wt minus U's angle, in (-pi, pi].
    TwistValue bank(double s) const;
    // The continued U points against the body's +z here (the top half of a loop).
    bool upsideDown(double s) const;
    bool upFramed() const; // the twist is an UpFrameTwist (bank measured from the vertical)
    const UpReferencePtr& upReference() const { return up_; }

private:
    std::string id_;
    CurvePtr curve_;
    TwistPtr twist_; // null = no twist
    Pose placement_; // curve-local -> body
    std::string body_;
    UpReferencePtr up_; // level reference (never null)
    double heartline_ = 0.0;
    struct Fast; // localFrame's precomputed data (null: the composed path)
    template <bool kPiece> TwistedFrame fastFrame(double s, int& piece) const; // localFrame (Track.cpp)
    std::shared_ptr<const Fast> fast_;
};

} // namespace tl
