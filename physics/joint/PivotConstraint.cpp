#include "physics/joint/PivotConstraint.h"

#include "physics/joint/BulletEigen.h"

#include <cmath>

namespace tl {

PivotConstraint::PivotConstraint(btRigidBody& car, btRigidBody& bogie, const Vec3& pivotInCar,
                                 const Vec3& pivotInBogie)
    : btTypedConstraint(static_cast<btTypedConstraintType>(MAX_CONSTRAINT_TYPE + 2), car, bogie),
      m_pivotInA(toBt(pivotInCar)), m_pivotInB(toBt(pivotInBogie)),
      m_bogieToCar(car.getCenterOfMassTransform().getBasis().transposeTimes(
          bogie.getCenterOfMassTransform().getBasis())),
      m_lateralInB(m_bogieToCar.getRow(1)) {}

void PivotConstraint::getInfo1(btConstraintInfo1* info) {
    int rows = 3;
    btVector3 n;
    double phi;
    if (m_rotation == Rotation::Rigid) rows += 3;
    if (m_rotation == Rotation::RollLocked && rollRow(n, phi)) rows += 1;
    info->m_numConstraintRows = rows;
    info->nub = 6 - rows;
}

bool PivotConstraint::rollRow(btVector3& n, double& phi) const {
    const btVector3 yB = m_rbB.getCenterOfMassTransform().getBasis() * m_lateralInB;
    const btVector3 zA = m_rbA.getCenterOfMassTransform().getBasis().getColumn(2);
    const btVector3 axis = yB.cross(zA);
    const double s = axis.length();
    if (!(s > 1e-6)) return false;
    n = axis / s;
    phi = std::atan2(yB.dot(zA), s);
    return true;
}

// Rows 0-2: vA + wA x a1 - vB - wB x a2 = erp/dt (pB - pA) along the world axes (a1, a2: the pivot from each
// body's centre of mass). Rigid: about each body axis, axis . (wA - wB) = erp/dt delta . axis, where delta is
// the small rotation that takes the bogie's held orientation to its present one, 1/2 sum_i held_i x
// present_i.
void PivotConstraint::getInfo2(btConstraintInfo2* info) {
    const btTransform& XA = m_rbA.getCenterOfMassTransform();
    const btTransform& XB = m_rbB.getCenterOfMassTransform();
    const int skip = info->rowskip;
    const double k = info->fps * info->erp; // [1/s]
    const btVector3 a1 = XA.getBasis() * m_pivotInA, a2 = XB.getBasis() * m_pivotInB;
    const btVector3 gap = (XB.getOrigin() + a2) - (XA.getOrigin() + a1); // pB - pA [m]
    for (int i = 0; i < 3; ++i) {
        btVector3 axis(0, 0, 0);
        axis[i] = 1;
        const btVector3 r1 = a1.cross(axis), r2 = a2.cross(axis);
        for (int c = 0; c < 3; ++c) {
            info->m_J1linearAxis[i * skip + c] = axis[c];
            info->m_J1angularAxis[i * skip + c] = r1[c];
            info->m_J2linearAxis[i * skip + c] = -axis[c];
            info->m_J2angularAxis[i * skip + c] = -r2[c];
        }
        info->m_constraintError[i * skip] = k * gap[i];
    }
    auto angularRow = [&](int row, const btVector3& axis, double error) {
        for (int c = 0; c < 3; ++c) {
            info->m_J1linearAxis[row * skip + c] = 0;
            info->m_J1angularAxis[row * skip + c] = axis[c];
            info->m_J2linearAxis[row * skip + c] = 0;
            info->m_J2angularAxis[row * skip + c] = -axis[c];
        }
        info->m_constraintError[row * skip] = k * error;
    };
    if (m_rotation == Rotation::RollLocked) {
        btVector3 n;
        double phi;
        if (rollRow(n, phi)) angularRow(3, n, phi); // n . (wA - wB) = k phi drives the roll to 0
        return;
    }
    if (m_rotation != Rotation::Rigid) return;
    const btMatrix3x3 held = XA.getBasis() * m_bogieToCar; // the bogie's orientation the locks hold
    const btMatrix3x3& present = XB.getBasis();
    btVector3 delta(0, 0, 0);
    for (int i = 0; i < 3; ++i)
        delta += held.getColumn(i).cross(present.getColumn(i));
    delta *= 0.5;
    for (int i = 0; i < 3; ++i) {
        const btVector3 axis = XA.getBasis().getColumn(i);
        angularRow(3 + i, axis, delta.dot(axis));
    }
}

} // namespace tl
