#pragma once
// The trackjoint as a Bullet constraint: a thin adapter around computeTrackJointRows (TrackJointRows.h).
// Body A = the moving body (carries the anchor), body B = the body that carries the track, or a fixed body
// (mass 0 at the identity: BulletWorld's) when the track lies on the ground. Before each step the owner sets
// the track frame wF(s) in body B's centre-of-mass coordinates (world coordinates for the fixed body);
// after each step RowForceSolver has stored the exact impulse of every row (rowForce()).
#include "core/geometry/Frame.h"
#include "physics/joint/TrackJointRows.h"

#include <btBulletDynamicsCommon.h>

#include <array>

namespace tl {

class TrackJointConstraint : public btTypedConstraint {
public:
    // Identifies trackjoints among the solver's constraints (btTypedConstraint::getUserConstraintType()).
    static constexpr int kUserType = 0x7472616b; // "trak"

    // anchorInA: anchor frame A in body A's centre-of-mass frame (x = A.T, y = A.N, z = A.B).
    // trackOnGround: trackBody is a fixed body at the identity (wF in B is wF in the world).
    TrackJointConstraint(btRigidBody& moving, const Pose& anchorInA, btRigidBody& trackBody,
                         bool trackOnGround);

    // Anchor frame A in body A's centre-of-mass frame (e.g. turned when the vehicle's direction flips).
    void setAnchor(const Pose& anchorInA) { m_anchorInA = anchorInA; }

    // Track frame at the current s, in body B's centre-of-mass coordinates (world for the fixed body).
    void setTrackFrame(const TwistedFrame& wFInB) { m_wFInB = wFInB; }
    const TwistedFrame& trackFrameInB() const { return m_wFInB; }

    // Error reduction and constraint force mixing, for all rows but the motor. cfm in ODE's units
    // [m/(N s)] (docs/trackjoint.md, "ERP and CFM": J v = c - CFM f); Bullet gets cfm/dt because its lambda
    // is an impulse.
    void setErpCfm(double erp, double cfm);
    // docs/trackjoint.md, "ERP and CFM": ERP = h kp/(h kp + kd), CFM = 1/(h kp + kd), evaluated with the step
    // h. kp [N/m] (rows 1, 2) and [N m/rad] (rows 3-5), kd [N s/m] / [N m s/rad].
    void setStiffnessDamping(double kp, double kd);
    double erp(double dt) const; // ERP in effect for step dt [-]
    double cfm(double dt) const; // CFM in effect for step dt [m/(N s)]
    static double erpFromSpring(double h, double kp, double kd) { return h * kp / (h * kp + kd); }
    static double cfmFromSpring(double h, double kp, double kd) { return 1.0 / (h * kp + kd); }

    // Row limits [N], [N m] (infinite by default; f2 >= 0 always).
    // verticalMin: 0 = the wheels only push (default); -infinity = clamped by up-stop wheels (coasters).
    void setLimits(double lateralMax, double verticalMax, double rollMax, double verticalMin = 0.0);
    // Motor row 6: wF.T.(va - vp) = vTarget [m/s] with |f6| <= maxForce [N]; off: no row 6.
    void setMotor(bool on, double vTarget = 0.0, double maxForce = 0.0);
    // Motor row 6 with asymmetric limits forceMin <= f6 <= forceMax [N] (f6 > 0 pushes body A along +wF.T):
    // a drive pulls one way up to its tractive effort and resists the other way only by its resistance.
    void setMotorRange(bool on, double vTarget, double forceMin, double forceMax);
    const TrackJointLimits& limits() const { return m_limits; }
    double lateralMax() const { return m_limits.lateralMax; } // [N]
    double rollMax() const { return m_limits.rollMax; }       // [N m]
    bool motorOn() const { return m_limits.motorOn; }
    double motorTarget() const { return m_limits.vTarget; } // [m/s]

    // Continue where `before` left off, after the owner moved this joint to the track beyond a track end
    // (anchor and track frame already set): copies ERP/CFM (or spring), limits and motor, and the last
    // solved row forces re-expressed along this joint's rows (rowForces() and every force-dependent
    // quantity of the next step, e.g. a bogie's load Q and its Nadal limit, see the seam as one track).
    // Where two like ends meet wF.T and wF.N reverse: f1, f3, f6, the motor target and range flip with them.
    void continueFrom(const TrackJointConstraint& before);

    // The world anchor frame and the full row input for the bodies' current poses.
    AnchorFrame anchorInWorld() const;
    TwistedFrame trackFrameInWorld() const;
    TrackJointState currentState(double dt) const;
    // The parts a speed or a feeder needs, without the whole frames: A.P and wF.T in the world.
    Vec3 anchorPointInWorld() const;
    Vec3 trackTangentInWorld() const;

    // The rows Bullet solved in the last step (getInfo1/getInfo2): how many, and which row
    // (docs/trackjoint.md) the k-th was.
    int rowCount() const { return m_rowCount; }
    TrackJointRowId rowId(int k) const { return m_rowIds[std::size_t(k)]; }
    // Exact force of row id (1..6) in the last step [N] or [N m]; 0 for rows not present.
    double rowForce(int id) const { return m_force[id - 1]; }
    const std::array<double, 6>& rowForces() const { return m_force; }
    double lastStep() const { return m_rowsDt; } // the step those forces were solved with [s]

    // Called by RowForceSolver after the solve: impulse of the k-th row Bullet solved, and the step.
    void beginRowReadout(double dt);
    void readRowImpulse(int k, double impulse);

    // btTypedConstraint
    void buildJacobian() override {}
    void getInfo1(btConstraintInfo1* info) override;
    void getInfo2(btConstraintInfo2* info) override;
    void setParam(int num, btScalar value, int axis = -1) override;
    btScalar getParam(int num, int axis = -1) const override;

private:
    // The rows for the bodies' current poses that have a non-zero Jacobian (Bullet asserts on J == 0).
    void solvableRows(double dt, TrackJointRows& out) const;

    Pose m_anchorInA = Pose::Identity(); // anchor in A's COM frame
    bool m_trackOnGround;                // body B is Bullet's fixed body: wF in B is wF in the world
    TwistedFrame m_wFInB;                // track frame at s in B's COM frame [m]
    double m_erp = 0.2;                  // [-]
    double m_cfm = 0.0;                  // [m/(N s)]
    bool m_spring = false;               // erp/cfm from kp, kd
    double m_kp = 0.0, m_kd = 0.0;       // [N/m], [N s/m]
    TrackJointLimits m_limits;           // the rows' force limits and the motor
    // The rows themselves live from getInfo1 to getInfo2 only, in a small per-thread buffer
    // (TrackJointConstraint.cpp): 824 bytes less per joint to carry from step to step.
    std::array<TrackJointRowId, 6>
        m_rowIds{};     // row ids (docs/trackjoint.md) of the rows of the last solve (non-zero Jacobian)
    int m_rowCount = 0; // how many
    unsigned m_rowsTicket = 0;       // where getInfo1 left the rows for getInfo2
    double m_rowsDt = 1.0 / 240;     // step of the last solve [s]
    std::array<double, 6> m_force{}; // per row id - 1 (docs/trackjoint.md) [N] or [N m]
};

} // namespace tl
