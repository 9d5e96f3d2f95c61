#pragma once
// Test rig for the trackjoint without layouts: one box body on an analytic ground track (a function
// s -> wF(s) in world coordinates), Bullet world with RowForceSolver, fixed step, the ds rule of
// docs/trackjoint.md.
#include "physics/bench/RowSolverWorld.h"
#include "physics/joint/TrackJointConstraint.h"

#include <functional>
#include <memory>

namespace tl::test {

// Flat circle of radius R turning left (centre at (0, R, 0)), start at the origin heading +x,
// N towards the centre, B = +z, kappa = 1/R [closed form]; constant twist wt.
inline TwistedFrame flatArc(double R, double s, double wt = 0.0) {
    return flatArcFrame(R, s, wt);
}

// Straight level line along +x.
inline TwistedFrame straight(double s) {
    Frame F;
    F.P = Vec3(s, 0, 0);
    return twisted(F, 0.0, 0.0);
}

struct TrackJointRig {
    using Path = std::function<TwistedFrame(double s)>;
    double dt = 1.0 / 240;   // [s]
    double mass = 1000;      // [kg]
    Vec3 box{4.0, 2.0, 2.0}; // full box dimensions [m]
    double cgHeight = 1.0;   // COM above the anchor [m]
    Path path;
    double s = 0; // [m]

    std::unique_ptr<RowSolverWorld> bullet;
    btDiscreteDynamicsWorld* world = nullptr;
    std::unique_ptr<btBoxShape> shape;
    std::unique_ptr<btRigidBody> body;
    std::unique_ptr<TrackJointConstraint> joint;

    // Place the body railed at s0 with speed v0 along wF.T and the matching rotation rate.
    void build(Path p, double s0, double v0, int iterations = 30) {
        path = std::move(p);
        s = s0;
        bullet = std::make_unique<RowSolverWorld>(iterations);
        world = &bullet->world;
        shape = std::make_unique<btBoxShape>(btVector3(box.x() / 2, box.y() / 2, box.z() / 2));
        btVector3 inertia;
        shape->calculateLocalInertia(mass, inertia);
        const TwistedFrame w = path(s0);
        btMatrix3x3 R(w.F.T.x(), w.wN.x(), w.wB.x(), w.F.T.y(), w.wN.y(), w.wB.y(), w.F.T.z(), w.wN.z(),
                      w.wB.z());
        const Vec3 com = w.F.P + cgHeight * w.wB;
        btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, shape.get(), inertia);
        ci.m_startWorldTransform = btTransform(R, btVector3(com.x(), com.y(), com.z()));
        ci.m_linearDamping = ci.m_angularDamping = 0;
        ci.m_friction = 0;
        body = std::make_unique<btRigidBody>(ci);
        body->setActivationState(DISABLE_DEACTIVATION);
        // Rotation rate of wF at speed v0: v0 * (omega + dwt T); COM velocity = anchor velocity + w x r.
        const Vec3 w0 = v0 * w.omega();
        const Vec3 vCom = v0 * w.F.T + w0.cross(com - w.F.P);
        body->setLinearVelocity(btVector3(vCom.x(), vCom.y(), vCom.z()));
        body->setAngularVelocity(btVector3(w0.x(), w0.y(), w0.z()));
        world->addRigidBody(body.get(), 0, 0); // no collisions
        Pose anchor = Pose::Identity();
        anchor.translation() = Vec3(0, 0, -cgHeight);
        joint =
            std::make_unique<TrackJointConstraint>(*body, anchor, btTypedConstraint::getFixedBody(), true);
        joint->setTrackFrame(path(s));
        world->addConstraint(joint.get(), true);
    }

    // One fixed step, then the ds rule (docs/trackjoint.md): ds = (A.P(t+dt) - F.P(s,t+dt)) . F.T(s,t).
    void step() {
        const Vec3 FT = path(s).F.T;
        world->stepSimulation(dt, 0, dt);
        const Vec3 AP = joint->anchorInWorld().P;
        s += (AP - path(s).F.P).dot(FT);
        joint->setTrackFrame(path(s));
    }

    Vec3 velocity() const {
        const btVector3 v = body->getLinearVelocity();
        return Vec3(v.x(), v.y(), v.z());
    }
    // Speed of the anchor point [m/s] (the COM runs on a different radius when the track is banked).
    double anchorSpeed() const {
        const btVector3 w = body->getAngularVelocity();
        const btVector3 c = body->getCenterOfMassPosition();
        const Vec3 r = joint->anchorInWorld().P - Vec3(c.x(), c.y(), c.z());
        return (velocity() + Vec3(w.x(), w.y(), w.z()).cross(r)).norm();
    }
    TrackJointRows rowsNow() const { return computeTrackJointRows(joint->currentState(dt)); }

    ~TrackJointRig() {
        if (world && joint) world->removeConstraint(joint.get());
        if (world && body) world->removeRigidBody(body.get());
    }
};

} // namespace tl::test
