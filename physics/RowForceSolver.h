#pragma once
// Bullet's sequential impulse solver, plus: after every solve, the exact impulse of every row of every
// TrackJointConstraint is handed to that constraint (btJointFeedback only has per-body sums and
// getAppliedImpulse() only the last row). The rows of one constraint are contiguous in the solver's
// non-contact pool and in the order getInfo2 wrote them.
#include <btBulletDynamicsCommon.h>

namespace tl {

class RowForceSolver : public btSequentialImpulseConstraintSolver {
protected:
    btScalar solveGroupCacheFriendlyFinish(btCollisionObject** bodies, int numBodies,
                                           const btContactSolverInfo& infoGlobal) override;
};

} // namespace tl
