#include "physics/RowForceSolver.h"

#include "physics/TrackJointConstraint.h"

namespace tl {

btScalar RowForceSolver::solveGroupCacheFriendlyFinish(btCollisionObject** bodies, int numBodies,
                                                       const btContactSolverInfo& infoGlobal) {
    const btTypedConstraint* current = nullptr;
    int k = 0;
    for (int i = 0; i < m_tmpSolverNonContactConstraintPool.size(); ++i) {
        const btSolverConstraint& row = m_tmpSolverNonContactConstraintPool[i];
        auto* c = static_cast<btTypedConstraint*>(row.m_originalContactPoint);
        if (!c || c->getUserConstraintType() != TrackJointConstraint::kUserType) continue;
        auto* joint = static_cast<TrackJointConstraint*>(c);
        if (c != current) {
            current = c;
            k = 0;
            joint->beginRowReadout(infoGlobal.m_timeStep);
        }
        joint->readRowImpulse(k++, row.m_appliedImpulse);
    }
    return btSequentialImpulseConstraintSolver::solveGroupCacheFriendlyFinish(bodies, numBodies, infoGlobal);
}

} // namespace tl
