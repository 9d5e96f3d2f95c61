#pragma once
// Bullet's sequential impulse solver, plus two things it does not do for joints:
// - after every solve, the exact impulse of every row of every TrackJointConstraint is handed to that
//   constraint (btJointFeedback only has per-body sums and getAppliedImpulse() only the last row);
// - warm starting: a constraint that names its RowImpulses (setWarmStart) starts each step from the row
//   impulses it ended the last one with, instead of from zero (Bullet warm-starts contacts only). Railed
//   bogies carry nearly the same loads from one step to the next, so with a residual threshold
//   (btContactSolverInfo::m_leastSquaresResidualThreshold) the iterations stop after a few instead of
//   running the full count. The impulses are plain run-time state (RuntimeState.h): snapshots copy them.
// The rows of one constraint are contiguous in the solver's non-contact pool and in the order getInfo2
// wrote them.
#include "physics/state/RuntimeState.h"
#include "physics/world/CachePrefetch.h"
#include "physics/world/JointSetupSolver.h"

#include <btBulletDynamicsCommon.h>

namespace tl {

class RowForceSolver : public JointSetupSolver {
public:
    // User constraint type of the warm-started constraints that are not trackjoints (the car pivots).
    static constexpr int kWarmStartedType = 0x7761726d; // "warm"
    // Where constraint c keeps its warm start (null: none). A trackjoint's rows go by their row id
    // (docs/trackjoint.md), any other constraint's by their order (restarted from zero when its row count
    // changes).
    static void setWarmStart(btTypedConstraint& c, RowImpulses* impulses);

    void setWarmStarting(bool on) { warmStarting_ = on; } // off: rows start from zero (impulses still kept)
    bool warmStarting() const { return warmStarting_; }
    // While a world solves, issue `lines` queued lines of another at each of three points of every island's
    // solve (before its setup, after it, at its finish): the solve is most of a step and reads little from
    // memory, so misses issued there overlap with its arithmetic (CachePrefetch.h). Null: none.
    static constexpr int kPrefetchPoints = 3; // issue points per island
    void setPrefetch(CachePrefetch* queue, std::size_t lines) {
        prefetch_ = queue;
        prefetchLines_ = lines;
    }

    struct Stats {                   // accumulated over every solve
        long long rows = 0;          // joint rows solved
        long long rowIterations = 0; // rows x the iterations their solve ran
    };
    const Stats& stats() const { return stats_; }

protected:
    btScalar solveGroupCacheFriendlySetup(btCollisionObject** bodies, int numBodies,
                                          btPersistentManifold** manifolds, int numManifolds,
                                          btTypedConstraint** constraints, int numConstraints,
                                          const btContactSolverInfo& infoGlobal,
                                          btIDebugDraw* debugDrawer) override;
    btScalar solveGroupCacheFriendlyFinish(btCollisionObject** bodies, int numBodies,
                                           const btContactSolverInfo& infoGlobal) override;

private:
    void warmStart();
    void prefetch() {
        if (prefetch_) prefetch_->issue(prefetchLines_);
    }
    Stats stats_;
    bool warmStarting_ = true;
    CachePrefetch* prefetch_ = nullptr;
    std::size_t prefetchLines_ = 0;
};

} // namespace tl
