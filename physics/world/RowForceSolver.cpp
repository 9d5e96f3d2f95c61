#include "physics/world/RowForceSolver.h"

#include "physics/joint/TrackJointConstraint.h"

#include <algorithm>

namespace tl {

namespace {

RowImpulses* warmStartOf(const btTypedConstraint* c) {
    if (!c) return nullptr;
    const int type = c->getUserConstraintType();
    if (type != TrackJointConstraint::kUserType && type != RowForceSolver::kWarmStartedType) return nullptr;
    return static_cast<RowImpulses*>(const_cast<btTypedConstraint*>(c)->getUserConstraintPtr());
}

bool isTrackJoint(const btTypedConstraint* c) {
    return c && c->getUserConstraintType() == TrackJointConstraint::kUserType;
}

// The slot of the k-th row the solver met of constraint c: a trackjoint's rows by their row id
// (docs/trackjoint.md) (rows with a zero Jacobian are left out and the motor comes and goes), any other
// constraint's in order; -1: none.
int slotOf(const btTypedConstraint* c, int k) {
    if (isTrackJoint(c)) {
        const auto* j = static_cast<const TrackJointConstraint*>(c);
        return k < j->rowCount() ? int(j->rowId(k)) - 1 : -1;
    }
    return k < 6 ? k : -1;
}

// Calls f(constraint, first row, row count) for each constraint's run of rows in the pool.
template <class F> void forEachConstraint(btConstraintArray& pool, F&& f) {
    const int n = pool.size();
    for (int i = 0; i < n;) {
        const void* c = pool[i].m_originalContactPoint;
        int end = i + 1;
        while (end < n && pool[end].m_originalContactPoint == c)
            ++end;
        f(static_cast<btTypedConstraint*>(const_cast<void*>(c)), i, end - i);
        i = end;
    }
}

} // namespace

void RowForceSolver::setWarmStart(btTypedConstraint& c, RowImpulses* impulses) {
    if (!isTrackJoint(&c)) c.setUserConstraintType(kWarmStartedType);
    c.setUserConstraintPtr(impulses);
}

btScalar RowForceSolver::solveGroupCacheFriendlySetup(btCollisionObject** bodies, int numBodies,
                                                      btPersistentManifold** manifolds, int numManifolds,
                                                      btTypedConstraint** constraints, int numConstraints,
                                                      const btContactSolverInfo& infoGlobal,
                                                      btIDebugDraw* debugDrawer) {
    prefetch();
    const btScalar r = btSequentialImpulseConstraintSolver::solveGroupCacheFriendlySetup(
        bodies, numBodies, manifolds, numManifolds, constraints, numConstraints, infoGlobal, debugDrawer);
    prefetch();
    if (warmStarting_) warmStart();
    return r;
}

// Each warm-started row starts from last step's impulse (within this step's limits), applied to the solver
// bodies as an iteration would apply it
// (btSequentialImpulseConstraintSolver::resolveSingleConstraintRowGeneric).
void RowForceSolver::warmStart() {
    forEachConstraint(m_tmpSolverNonContactConstraintPool, [&](btTypedConstraint* c, int first, int count) {
        const RowImpulses* w = warmStartOf(c);
        if (!w || (!isTrackJoint(c) && w->rows != count)) return;
        for (int k = 0; k < count; ++k) {
            const int slot = slotOf(c, k);
            if (slot < 0) continue;
            btSolverConstraint& row = m_tmpSolverNonContactConstraintPool[first + k];
            const double impulse =
                std::clamp(w->impulse[std::size_t(slot)], double(row.m_lowerLimit), double(row.m_upperLimit));
            if (impulse == 0.0) continue;
            row.m_appliedImpulse = impulse;
            btSolverBody& a = m_tmpSolverBodyPool[row.m_solverBodyIdA];
            btSolverBody& b = m_tmpSolverBodyPool[row.m_solverBodyIdB];
            a.internalApplyImpulse(row.m_contactNormal1 * a.internalGetInvMass(), row.m_angularComponentA,
                                   impulse);
            b.internalApplyImpulse(row.m_contactNormal2 * b.internalGetInvMass(), row.m_angularComponentB,
                                   impulse);
        }
    });
}

btScalar RowForceSolver::solveGroupCacheFriendlyFinish(btCollisionObject** bodies, int numBodies,
                                                       const btContactSolverInfo& infoGlobal) {
    prefetch();
    forEachConstraint(m_tmpSolverNonContactConstraintPool, [&](btTypedConstraint* c, int first, int count) {
        if (RowImpulses* w = warmStartOf(c)) {
            w->impulse.fill(0.0);
            w->rows = count;
            for (int k = 0; k < count; ++k)
                if (const int slot = slotOf(c, k); slot >= 0)
                    w->impulse[std::size_t(slot)] =
                        m_tmpSolverNonContactConstraintPool[first + k].m_appliedImpulse;
        }
        if (!isTrackJoint(c)) return;
        auto* joint = static_cast<TrackJointConstraint*>(c);
        joint->beginRowReadout(infoGlobal.m_timeStep);
        for (int k = 0; k < count; ++k)
            joint->readRowImpulse(k, m_tmpSolverNonContactConstraintPool[first + k].m_appliedImpulse);
    });
    stats_.rows += m_tmpSolverNonContactConstraintPool.size();
    stats_.rowIterations += (long long)m_tmpSolverNonContactConstraintPool.size() *
                            std::max(0, m_analyticsData.m_numIterationsUsed);
    return btSequentialImpulseConstraintSolver::solveGroupCacheFriendlyFinish(bodies, numBodies, infoGlobal);
}

} // namespace tl
