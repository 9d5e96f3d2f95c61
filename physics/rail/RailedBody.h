#pragma once
// A railed body: one rigid box held on its track by one trackjoint, with its track position and railed
// state (RailedState, plain data: a snapshot copies it whole). A single vehicle (Vehicle.h) and a train's
// bogie (Train.h) are both one. Placing the body on the track, building its joint, its speed, anchor,
// energy and finiteness are written once, here; feeding it along the track is RailContact's job.
#include "core/geometry/Frame.h"
#include "physics/joint/TrackJointConstraint.h"
#include "physics/state/RuntimeState.h"

#include <memory>
#include <optional>

class btBoxShape;
class btRigidBody;

namespace tl {

class BulletWorld;

// How a railed body's trackjoint holds: ERP/CFM, or a spring-damper when both are set (docs/validation.md).
struct RailJointParams {
    double erp = 0.2;                // [-]
    double cfm = 0.0;                // [m/(N s)]
    std::optional<double> stiffness; // kp [N/m], [N m/rad]
    std::optional<double> damping;   // kd [N s/m], [N m s/rad]
};

struct RailedBody : RailedState { // position, railed, FTBefore, load, monitor, margins: the run-time state
    // what a step reads first (docs/trains-format.md, "Scale benchmark": fewer cache lines per bogie-step),
    // what builds the body last
    std::unique_ptr<btRigidBody> body;
    std::unique_ptr<TrackJointConstraint> joint;
    BulletWorld* world = nullptr; // the Bullet world its body and joint are in (the owner sets it)
    double cgHeight = 0.0;        // centre of mass above the anchor [m]
    // Where the joint's track frame was evaluated (RailContact::setFrame): a cache of wF(s), not state --
    // the frame is evaluated once per step, when s moves.
    int frameTrack = -1; // track index
    double frameS = 0.0; // arc length [m]
    int framePiece = -1; // where the track's curve found frameS (Track::localFrame), where it looks first
    std::unique_ptr<btBoxShape> shape;
    RailJointParams params; // the joint's ERP/CFM or spring

    RailedBody() = default;
    RailedBody(RailedBody&&) noexcept;
    RailedBody& operator=(RailedBody&&) noexcept;
    ~RailedBody();

    // Anchor in the body's COM frame: cgHeight below the COM; turned by pi about z when the body faces
    // decreasing s (so that A.T = wF.T while the body's x axis points where it travels).
    static Pose anchorInBody(double cgHeight, int direction);
    Pose anchor() const { return anchorInBody(cgHeight, position.direction); }

    // Make the box body (box: full extents [m], mass [kg]) standing on its track at `position`: x where it
    // faces (direction * wF.T), z = wF.B, the anchor on wF.P; moving at `speed` [m/s] along its direction
    // with the track point's velocity (trackBody: the body carrying the track; wF: the track frame at s in
    // the world), rotating with wF.
    void makeBody(const Vec3& box, double mass, double friction, const TwistedFrame& wF,
                  const btRigidBody& trackBody, double speed);
    // The trackjoint to `trackBody` at the current position (wFLocal: the track frame in trackBody's
    // coordinates), with this body's params. The one place a railed body's joint is built.
    std::unique_ptr<TrackJointConstraint> makeJoint(btRigidBody& trackBody, bool trackOnGround,
                                                    const TwistedFrame& wFLocal) const;
    // The joint's warm start is this body's jointImpulses (RowForceSolver): call it again whenever the
    // joint is re-made or this object has moved (building).
    void linkWarmStart();

    // Speed of the anchor relative to the track point under it [m/s]: along the facing direction while
    // railed, the magnitude once derailed.
    double speed() const;
    Vec3 anchorPoint() const;            // [m, world]
    double energy(double gravity) const; // kinetic + m g z of the COM [J]
    bool finite() const;                 // pose, velocities and joint forces all finite
};

// A box body (full extents box [m], mass [kg]) at pose X, no damping, never deactivated.
std::unique_ptr<btRigidBody> makeBoxBody(std::unique_ptr<btBoxShape>& shape, const Vec3& box, double mass,
                                         double friction, const Pose& X);
double bodyEnergy(const btRigidBody& b, double gravity); // kinetic (+ rotation) + m g z of the COM [J]
bool bodyFinite(const btRigidBody& b);                   // pose and velocities finite

} // namespace tl
