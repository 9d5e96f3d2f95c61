#pragma once
// Bullet's sequential impulse solver with its joint setup (convertJoints, Bullet 3.24) doing each row's
// inverse-inertia products once. Bullet's convertJoint forms I^-1 (r x n) for each side of each row twice:
// once for the row's angular component (times the body's angular factor) and once more for the row's
// effective mass. Here the second is the first's value: the same expression on the same operands, so the
// same bits -- every result is Bullet's, at ~2 matrix-vector products less per row (docs/trains-format.md,
// "Scale benchmark": the setup is the largest single cost of a bogie-step). The rest is Bullet's code, in
// Bullet's order.
#include <btBulletDynamicsCommon.h>

namespace tl {

class JointSetupSolver : public btSequentialImpulseConstraintSolver {
protected:
    void convertJoints(btTypedConstraint** constraints, int numConstraints,
                       const btContactSolverInfo& infoGlobal) override;

private:
    // btSequentialImpulseConstraintSolver::convertJoint with the products formed once.
    void convertJointRows(btSolverConstraint* rows, btTypedConstraint* constraint,
                          const btTypedConstraint::btConstraintInfo1& info1, int solverBodyIdA,
                          int solverBodyIdB, const btContactSolverInfo& infoGlobal);
};

} // namespace tl
