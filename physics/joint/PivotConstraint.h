#pragma once
// The pivot of a car body on one of its bogies: a ball joint -- the pivot point of the body and of the bogie
// held together, three rows along the world axes (as btPoint2PointConstraint) -- and, where the car needs
// it, its rotation held too: roll for a derailed car (the roll spring is for railed bogies; yaw and pitch
// stay free), all of it for a car on one bogie (it sits rigidly on it). A railed car on two bogies is free
// to yaw, pitch and roll at its pivots. Small and cheap per step: the solver meets one per bogie every step.
#include "core/geometry/Frame.h"

#include <btBulletDynamicsCommon.h>

namespace tl {

class PivotConstraint : public btTypedConstraint {
public:
    // pivotInCar / pivotInBogie: the pivot point in each body's centre-of-mass frame [m]; the bodies' current
    // relative orientation is the one the locked rotations hold.
    PivotConstraint(btRigidBody& car, btRigidBody& bogie, const Vec3& pivotInCar, const Vec3& pivotInBogie);

    // What holds the bogie's rotation relative to the body: nothing (a railed car on two bogies), roll only
    // (a derailed car) or everything (a car on one bogie).
    enum class Rotation { Free, RollLocked, Rigid };
    void setRotation(Rotation r) { m_rotation = r; }
    Rotation rotation() const { return m_rotation; }

    // btTypedConstraint
    void buildJacobian() override {}
    void getInfo1(btConstraintInfo1* info) override;
    void getInfo2(btConstraintInfo2* info) override;
    void setParam(int, btScalar, int = -1) override {}
    btScalar getParam(int, int = -1) const override { return 0; }

private:
    // Roll lock: the body's lateral axis as held at construction, carried by the bogie, stays perpendicular
    // to the body's up axis -- whatever the yaw about the body's up axis and the pitch about the bogie's
    // lateral axis (the free rotations, in that order, as Bullet's 6-DOF constraint decomposes them). The
    // roll angle phi = atan2(yB . zA, |yB x zA|), turning at (wB - wA) . n with n = (yB x zA) / |yB x zA|.
    // False where n is undefined (the bogie rolled a quarter turn: no row).
    bool rollRow(btVector3& n, double& phi) const;

    btVector3 m_pivotInA, m_pivotInB; // [m], body frames (A = car body, B = bogie)
    btMatrix3x3 m_bogieToCar;         // the held relative orientation: R_A^T R_B at construction
    btVector3 m_lateralInB;           // the body's y axis at construction, in the bogie's frame
    Rotation m_rotation = Rotation::Free;
};

} // namespace tl
