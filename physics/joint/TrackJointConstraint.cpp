#include "physics/joint/TrackJointConstraint.h"

#include "physics/joint/BulletEigen.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// Bullet clamps with its own "infinity"; keep inf out of the solver.
double clampLimit(double f) {
    return std::isinf(f) ? (f > 0 ? SIMD_INFINITY : -SIMD_INFINITY) : f;
}

bool zeroJacobian(const TrackJointRow& r) {
    return r.Jm.squaredNorm() + r.Rm.squaredNorm() + r.Jt.squaredNorm() + r.Rt.squaredNorm() == 0.0;
}

// The rows getInfo1 computed, kept for getInfo2 of the same solve: Bullet's solver calls getInfo1 for every
// constraint of a group, then getInfo2 for each in the same order, with nothing moving in between
// (btSequentialImpulseConstraintSolver::convertJoints). A small ring per thread stays in cache, where rows
// kept in every joint (824 bytes each) would be carried from step to step. Each entry names its joint and
// call; a joint whose entry was overwritten (a group of more than kSlots trackjoints) computes its rows again
// -- the same rows, from the same state.
struct RowsRing {
    static constexpr unsigned kSlots = 32;
    struct Slot {
        const TrackJointConstraint* joint = nullptr;
        unsigned ticket = 0;
        TrackJointRows rows;
    };
    unsigned next = 0;
    std::array<Slot, kSlots> slot;

    Slot& take(const TrackJointConstraint* joint, unsigned& ticket) {
        ticket = ++next;
        Slot& s = slot[ticket % kSlots];
        s.joint = joint;
        s.ticket = ticket;
        return s;
    }
    const TrackJointRows* find(const TrackJointConstraint* joint, unsigned ticket) const {
        const Slot& s = slot[ticket % kSlots];
        return s.joint == joint && s.ticket == ticket ? &s.rows : nullptr;
    }
};
thread_local RowsRing t_rows;
} // namespace

TrackJointConstraint::TrackJointConstraint(btRigidBody& moving, const Pose& anchorInA, btRigidBody& trackBody,
                                           bool trackOnGround)
    : btTypedConstraint(static_cast<btTypedConstraintType>(MAX_CONSTRAINT_TYPE + 1), moving, trackBody),
      m_anchorInA(anchorInA), m_trackOnGround(trackOnGround) {
    setUserConstraintType(kUserType);
    setUserConstraintPtr(nullptr); // no warm start until its owner names one (RowForceSolver::setWarmStart)
}

void TrackJointConstraint::setErpCfm(double erp, double cfm) {
    m_spring = false;
    m_erp = erp;
    m_cfm = cfm;
}

void TrackJointConstraint::setStiffnessDamping(double kp, double kd) {
    m_spring = true;
    m_kp = kp;
    m_kd = kd;
}

double TrackJointConstraint::erp(double dt) const {
    return m_spring ? erpFromSpring(dt, m_kp, m_kd) : m_erp;
}
double TrackJointConstraint::cfm(double dt) const {
    return m_spring ? cfmFromSpring(dt, m_kp, m_kd) : m_cfm;
}

void TrackJointConstraint::setLimits(double lateralMax, double verticalMax, double rollMax,
                                     double verticalMin) {
    m_limits.verticalMin = verticalMin;
    m_limits.lateralMax = lateralMax;
    m_limits.verticalMax = verticalMax;
    m_limits.rollMax = rollMax;
}

void TrackJointConstraint::setMotor(bool on, double vTarget, double maxForce) {
    setMotorRange(on, vTarget, -std::abs(maxForce), std::abs(maxForce));
}

void TrackJointConstraint::setMotorRange(bool on, double vTarget, double forceMin, double forceMax) {
    m_limits.motorOn = on;
    m_limits.vTarget = vTarget;
    m_limits.motorForceMin = std::min(forceMin, forceMax);
    m_limits.motorForceMax = std::max(forceMin, forceMax);
}

void TrackJointConstraint::continueFrom(const TrackJointConstraint& before) {
    m_erp = before.m_erp;
    m_cfm = before.m_cfm;
    m_spring = before.m_spring;
    m_kp = before.m_kp;
    m_kd = before.m_kd;
    m_limits = before.m_limits; // the motor's part is set again below, turned with the direction
    m_rowsDt = before.m_rowsDt;
    // Each row's force acts along (or about) one axis of the track frame: carry its sign over by how that
    // axis turned across the seam (+1 on a continuous joint, -1 for the axes reversed at like ends).
    const TwistedFrame a = before.trackFrameInWorld(), b = trackFrameInWorld();
    auto same = [](const Vec3& u, const Vec3& v) { return u.dot(v) < 0 ? -1.0 : 1.0; };
    const double sT = same(a.F.T, b.F.T);
    const std::array<double, 6> sign = {same(a.wN, b.wN),   same(a.wB, b.wB),   sT,
                                        same(a.F.N, b.F.N), same(a.F.B, b.F.B), sT};
    for (int k = 0; k < 6; ++k)
        m_force[std::size_t(k)] = sign[std::size_t(k)] * before.m_force[std::size_t(k)];
    if (sT > 0)
        setMotorRange(before.m_limits.motorOn, before.m_limits.vTarget, before.m_limits.motorForceMin,
                      before.m_limits.motorForceMax);
    else
        setMotorRange(before.m_limits.motorOn, -before.m_limits.vTarget, -before.m_limits.motorForceMax,
                      -before.m_limits.motorForceMin);
}

AnchorFrame TrackJointConstraint::anchorInWorld() const {
    const Pose XA = toEigen(m_rbA.getCenterOfMassTransform()) * m_anchorInA;
    AnchorFrame A;
    A.P = XA.translation();
    A.T = XA.linear().col(0);
    A.N = XA.linear().col(1);
    A.B = XA.linear().col(2);
    return A;
}

Vec3 TrackJointConstraint::anchorPointInWorld() const {
    return toEigen(m_rbA.getCenterOfMassTransform() * toBt(Vec3(m_anchorInA.translation())));
}

Vec3 TrackJointConstraint::trackTangentInWorld() const {
    if (m_trackOnGround) return m_wFInB.F.T;
    return toEigen(m_rbB.getCenterOfMassTransform().getBasis() * toBt(m_wFInB.F.T));
}

TwistedFrame TrackJointConstraint::trackFrameInWorld() const {
    if (m_trackOnGround) return m_wFInB; // the fixed body's frame is the world's
    const Pose XB = toEigen(m_rbB.getCenterOfMassTransform());
    TwistedFrame w = m_wFInB;
    w.F = transformed(XB, m_wFInB.F);
    w.wN = XB.linear() * m_wFInB.wN;
    w.wB = XB.linear() * m_wFInB.wB;
    return w;
}

TrackJointState TrackJointConstraint::currentState(double dt) const {
    TrackJointState st;
    st.A = anchorInWorld();
    st.FmP = toEigen(m_rbA.getCenterOfMassPosition());
    st.FtP = toEigen(m_rbB.getCenterOfMassPosition());
    st.wF = trackFrameInWorld();
    st.dt = dt;
    st.erp = erp(dt);
    st.limits = m_limits;
    return st;
}

void TrackJointConstraint::solvableRows(double dt, TrackJointRows& out) const {
    const TrackJointRows all = computeTrackJointRows(currentState(dt));
    out.count = 0;
    for (int i = 0; i < all.count; ++i)
        if (!zeroJacobian(all.row[std::size_t(i)]))
            out.row[std::size_t(out.count++)] = all.row[std::size_t(i)];
}

void TrackJointConstraint::getInfo1(btConstraintInfo1* info) {
    TrackJointRows& rows = t_rows.take(this, m_rowsTicket).rows;
    solvableRows(m_rowsDt, rows);
    m_rowCount = rows.count;
    for (int i = 0; i < rows.count; ++i)
        m_rowIds[std::size_t(i)] = rows.row[std::size_t(i)].id;
    info->m_numConstraintRows = m_rowCount;
    info->nub = 6 - m_rowCount;
}

void TrackJointConstraint::getInfo2(btConstraintInfo2* info) {
    const double dt = 1.0 / info->fps;
    const TrackJointRows* kept = t_rows.find(this, m_rowsTicket);
    TrackJointRows again;
    if (!kept) { // overwritten: the same rows again, from the state and step getInfo1 saw
        solvableRows(m_rowsDt, again);
        kept = &again;
    }
    m_rowsDt = dt;
    const double k = erp(dt) / dt; // erp/dt [1/s]
    // CFM: J v = c - CFM f (docs/trackjoint.md, "ERP and CFM") with f the force; Bullet's lambda is the
    // impulse f dt, and its sequential-impulse update (deltaImpulse = rhs - cfm_bt * impulse - D * J dv, D =
    // 1/(J M^-1 J^T)) multiplies cfm_bt by D: J v = c - (cfm_bt / D) impulse. So cfm_bt = CFM / (dt * K), K =
    // J M^-1 J^T of the row. (That update converges only for cfm_bt < 1: springs softer than h kp + kd < m/h
    // cannot be represented; see docs/vehicles-format.md.)
    const double CFM = cfm(dt);
    const btMatrix3x3& IA = m_rbA.getInvInertiaTensorWorld();
    const btMatrix3x3& IB = m_rbB.getInvInertiaTensorWorld();
    const double imA = m_rbA.getInvMass(), imB = m_rbB.getInvMass();
    const int skip = info->rowskip; // every per-row array is strided by rowskip
    for (int i = 0; i < m_rowCount; ++i) {
        const TrackJointRow& r = kept->row[std::size_t(i)];
        const bool motor = r.id == TrackJointRowId::Motor;
        const double rhs = motor ? m_limits.vTarget : k * r.e;
        const btVector3 Jm = toBt(r.Jm), Rm = toBt(r.Rm), Jt = toBt(r.Jt), Rt = toBt(r.Rt);
        for (int c = 0; c < 3; ++c) {
            info->m_J1linearAxis[i * skip + c] = Jm[c];
            info->m_J1angularAxis[i * skip + c] = Rm[c];
            info->m_J2linearAxis[i * skip + c] = Jt[c];
            info->m_J2angularAxis[i * skip + c] = Rt[c];
        }
        info->m_constraintError[i * skip] = rhs;
        double cfmRow = 0.0;
        if (!motor && CFM > 0) {
            const double K = imA * Jm.length2() + Rm.dot(IA * Rm) + imB * Jt.length2() + Rt.dot(IB * Rt);
            cfmRow = K > 0 ? CFM / (dt * K) : 0.0;
        }
        info->cfm[i * skip] = cfmRow;
        info->m_lowerLimit[i * skip] = clampLimit(r.lo * dt); // limits are impulses: force * dt
        info->m_upperLimit[i * skip] = clampLimit(r.hi * dt);
    }
}

void TrackJointConstraint::beginRowReadout(double dt) {
    m_rowsDt = dt;
    m_force.fill(0.0);
}

void TrackJointConstraint::readRowImpulse(int k, double impulse) {
    if (k < 0 || k >= m_rowCount) return;
    m_force[std::size_t(m_rowIds[std::size_t(k)]) - 1] = impulse / m_rowsDt;
}

void TrackJointConstraint::setParam(int num, btScalar value, int) {
    if (num == BT_CONSTRAINT_ERP || num == BT_CONSTRAINT_STOP_ERP) {
        m_spring = false;
        m_erp = value;
    } else if (num == BT_CONSTRAINT_CFM || num == BT_CONSTRAINT_STOP_CFM) {
        m_spring = false;
        m_cfm = value;
    }
}

btScalar TrackJointConstraint::getParam(int num, int) const {
    if (num == BT_CONSTRAINT_ERP || num == BT_CONSTRAINT_STOP_ERP) return erp(m_rowsDt);
    if (num == BT_CONSTRAINT_CFM || num == BT_CONSTRAINT_STOP_CFM) return cfm(m_rowsDt);
    return 0;
}

} // namespace tl
