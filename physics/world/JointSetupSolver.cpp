#include "physics/world/JointSetupSolver.h"

#include <cstring>

namespace tl {

// btSequentialImpulseConstraintSolver::convertJoints (Bullet 3.24), calling convertJointRows.
void JointSetupSolver::convertJoints(btTypedConstraint** constraints, int numConstraints,
                                     const btContactSolverInfo& infoGlobal) {
    for (int j = 0; j < numConstraints; j++) {
        btTypedConstraint* constraint = constraints[j];
        constraint->buildJacobian();
        constraint->internalSetAppliedImpulse(0.0f);
    }
    int totalNumRows = 0;
    m_tmpConstraintSizesPool.resizeNoInitialize(numConstraints);
    for (int i = 0; i < numConstraints; i++) {
        btTypedConstraint::btConstraintInfo1& info1 = m_tmpConstraintSizesPool[i];
        if (btJointFeedback* fb = constraints[i]->getJointFeedback()) {
            fb->m_appliedForceBodyA.setZero();
            fb->m_appliedTorqueBodyA.setZero();
            fb->m_appliedForceBodyB.setZero();
            fb->m_appliedTorqueBodyB.setZero();
        }
        if (constraints[i]->isEnabled()) {
            constraints[i]->getInfo1(&info1);
        } else {
            info1.m_numConstraintRows = 0;
            info1.nub = 0;
        }
        totalNumRows += info1.m_numConstraintRows;
    }
    m_tmpSolverNonContactConstraintPool.resizeNoInitialize(totalNumRows);
    int currentRow = 0;
    for (int i = 0; i < numConstraints; i++) {
        const btTypedConstraint::btConstraintInfo1& info1 = m_tmpConstraintSizesPool[i];
        if (info1.m_numConstraintRows) {
            btTypedConstraint* constraint = constraints[i];
            const int solverBodyIdA = getOrInitSolverBody(constraint->getRigidBodyA(), infoGlobal.m_timeStep);
            const int solverBodyIdB = getOrInitSolverBody(constraint->getRigidBodyB(), infoGlobal.m_timeStep);
            convertJointRows(&m_tmpSolverNonContactConstraintPool[currentRow], constraint, info1,
                             solverBodyIdA, solverBodyIdB, infoGlobal);
        }
        currentRow += info1.m_numConstraintRows;
    }
}

// btSequentialImpulseConstraintSolver::convertJoint (Bullet 3.24). The one change: iMJaA and iMJaB, Bullet's
// second I^-1 (r x n) of each side, are the products formed for the angular components.
void JointSetupSolver::convertJointRows(btSolverConstraint* rows, btTypedConstraint* constraint,
                                        const btTypedConstraint::btConstraintInfo1& info1, int solverBodyIdA,
                                        int solverBodyIdB, const btContactSolverInfo& infoGlobal) {
    const btRigidBody& rbA = constraint->getRigidBodyA();
    const btRigidBody& rbB = constraint->getRigidBodyB();
    const btSolverBody* bodyAPtr = &m_tmpSolverBodyPool[solverBodyIdA];
    const btSolverBody* bodyBPtr = &m_tmpSolverBodyPool[solverBodyIdB];
    const int overrideNumSolverIterations = constraint->getOverrideNumSolverIterations() > 0
                                                ? constraint->getOverrideNumSolverIterations()
                                                : infoGlobal.m_numIterations;
    if (overrideNumSolverIterations > m_maxOverrideNumSolverIterations)
        m_maxOverrideNumSolverIterations = overrideNumSolverIterations;
    for (int j = 0; j < info1.m_numConstraintRows; j++) {
        std::memset(static_cast<void*>(&rows[j]), 0, sizeof(btSolverConstraint));
        rows[j].m_lowerLimit = -SIMD_INFINITY;
        rows[j].m_upperLimit = SIMD_INFINITY;
        rows[j].m_appliedImpulse = 0.f;
        rows[j].m_appliedPushImpulse = 0.f;
        rows[j].m_solverBodyIdA = solverBodyIdA;
        rows[j].m_solverBodyIdB = solverBodyIdB;
        rows[j].m_overrideNumSolverIterations = overrideNumSolverIterations;
    }
    btTypedConstraint::btConstraintInfo2 info2;
    info2.fps = 1.f / infoGlobal.m_timeStep;
    info2.erp = infoGlobal.m_erp;
    info2.m_J1linearAxis = rows->m_contactNormal1;
    info2.m_J1angularAxis = rows->m_relpos1CrossNormal;
    info2.m_J2linearAxis = rows->m_contactNormal2;
    info2.m_J2angularAxis = rows->m_relpos2CrossNormal;
    info2.rowskip = sizeof(btSolverConstraint) / sizeof(btScalar);
    info2.m_constraintError = &rows->m_rhs;
    rows->m_cfm = infoGlobal.m_globalCfm;
    info2.m_damping = infoGlobal.m_damping;
    info2.cfm = &rows->m_cfm;
    info2.m_lowerLimit = &rows->m_lowerLimit;
    info2.m_upperLimit = &rows->m_upperLimit;
    info2.m_numIterations = infoGlobal.m_numIterations;
    constraint->getInfo2(&info2);

    const btMatrix3x3& IA = rbA.getInvInertiaTensorWorld();
    const btMatrix3x3& IB = rbB.getInvInertiaTensorWorld();
    for (int j = 0; j < info1.m_numConstraintRows; j++) {
        btSolverConstraint& row = rows[j];
        if (row.m_upperLimit >= constraint->getBreakingImpulseThreshold())
            row.m_upperLimit = constraint->getBreakingImpulseThreshold();
        if (row.m_lowerLimit <= -constraint->getBreakingImpulseThreshold())
            row.m_lowerLimit = -constraint->getBreakingImpulseThreshold();
        row.m_originalContactPoint = constraint;
        const btVector3 iMJaA = IA * row.m_relpos1CrossNormal; // Bullet forms each of these twice
        const btVector3 iMJaB = IB * row.m_relpos2CrossNormal;
        row.m_angularComponentA = iMJaA * rbA.getAngularFactor();
        row.m_angularComponentB = iMJaB * rbB.getAngularFactor();
        {
            const btVector3 iMJlA = row.m_contactNormal1 * rbA.getInvMass();
            const btVector3 iMJlB = row.m_contactNormal2 * rbB.getInvMass();
            btScalar sum = iMJlA.dot(row.m_contactNormal1);
            sum += iMJaA.dot(row.m_relpos1CrossNormal);
            sum += iMJlB.dot(row.m_contactNormal2);
            sum += iMJaB.dot(row.m_relpos2CrossNormal);
            const btScalar fsum = btFabs(sum);
            const btScalar sorRelaxation = 1.f;
            row.m_jacDiagABInv = fsum > SIMD_EPSILON ? sorRelaxation / sum : 0.f;
        }
        {
            const btVector3 zero(0, 0, 0);
            const btVector3 externalForceImpulseA =
                bodyAPtr->m_originalBody ? bodyAPtr->m_externalForceImpulse : zero;
            const btVector3 externalTorqueImpulseA =
                bodyAPtr->m_originalBody ? bodyAPtr->m_externalTorqueImpulse : zero;
            const btVector3 externalForceImpulseB =
                bodyBPtr->m_originalBody ? bodyBPtr->m_externalForceImpulse : zero;
            const btVector3 externalTorqueImpulseB =
                bodyBPtr->m_originalBody ? bodyBPtr->m_externalTorqueImpulse : zero;
            const btScalar vel1Dotn =
                row.m_contactNormal1.dot(rbA.getLinearVelocity() + externalForceImpulseA) +
                row.m_relpos1CrossNormal.dot(rbA.getAngularVelocity() + externalTorqueImpulseA);
            const btScalar vel2Dotn =
                row.m_contactNormal2.dot(rbB.getLinearVelocity() + externalForceImpulseB) +
                row.m_relpos2CrossNormal.dot(rbB.getAngularVelocity() + externalTorqueImpulseB);
            const btScalar rel_vel = vel1Dotn + vel2Dotn;
            const btScalar restitution = 0.f;
            const btScalar positionalError = row.m_rhs; // filled in by getInfo2
            const btScalar velocityError = restitution - rel_vel * info2.m_damping;
            const btScalar penetrationImpulse = positionalError * row.m_jacDiagABInv;
            const btScalar velocityImpulse = velocityError * row.m_jacDiagABInv;
            row.m_rhs = penetrationImpulse + velocityImpulse;
            row.m_appliedImpulse = 0.f;
        }
    }
}

} // namespace tl
