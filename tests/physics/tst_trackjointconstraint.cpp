// The trackjoint in Bullet: exact per-row forces against closed forms (docs/validation.md "Centripetal
// force", "Equilibrium cant"), the stiffness/damping mapping of docs/trackjoint.md, and an independent solve
// of J M^-1 J^T lambda = b (docs/trackjoint.md, "Row forces") against the row forces Bullet's iterative
// solver produced.
#include "TrackJointRig.h"

#include <QtTest>

#include <Eigen/Dense>

using namespace tl;
using namespace tl::test;

namespace {
constexpr double g = 9.81; // [m/s^2], the world's gravity
}

class TstTrackJointConstraint : public QObject {
    Q_OBJECT
private slots:
    void restOnLevelTrack();
    void steadyCurve_data();
    void steadyCurve();
    void springSag_data();
    void springSag();
    void globalSolveMatchesBullet();
    void motorHoldsTargetSpeed();
};

void TstTrackJointConstraint::restOnLevelTrack() {
    TrackJointRig rig;
    rig.build(straight, 10.0, 0.0);
    for (int i = 0; i < 480; ++i)
        rig.step(); // 2 s
    // docs/validation.md: static on level track, vertical row force = m g. Tolerance 0.1 % (task).
    const double f2 = rig.joint->rowForce(2);
    qInfo("rest: f2 = %.4f N, m g = %.4f N", f2, rig.mass * g);
    QVERIFY2(std::abs(f2 - rig.mass * g) < 1e-3 * rig.mass * g,
             qPrintable(QString("f2 = %1 N").arg(f2, 0, 'f', 4)));
    QVERIFY2(std::abs(rig.joint->rowForce(1)) < 1e-6 * rig.mass * g,
             qPrintable(QString("f1 = %1").arg(rig.joint->rowForce(1))));
    QCOMPARE(rig.joint->rowCount(), 5); // motor off: 5 rows
    QVERIFY(std::abs(rig.s - 10.0) < 1e-9);
}

void TstTrackJointConstraint::steadyCurve_data() {
    QTest::addColumn<double>("R");    // [m]
    QTest::addColumn<double>("v");    // [m/s]
    QTest::addColumn<bool>("banked"); // equilibrium cant tan(phi) = v^2/(g R)
    QTest::newRow("R=100 v=20 flat") << 100.0 << 20.0 << false;
    QTest::newRow("R=300 v=33 flat") << 300.0 << 33.0 << false;
    QTest::newRow("R=50 v=10 flat") << 50.0 << 10.0 << false;
    QTest::newRow("R=100 v=20 equilibrium bank") << 100.0 << 20.0 << true;
    QTest::newRow("R=300 v=33 equilibrium bank") << 300.0 << 33.0 << true;
}

void TstTrackJointConstraint::steadyCurve() {
    QFETCH(double, R);
    QFETCH(double, v);
    QFETCH(bool, banked);
    const double phi = banked ? std::atan(v * v / (g * R)) : 0.0;
    TrackJointRig rig;
    // wt > 0 turns wB towards -N; the centre is at +N, so banking into the curve is wt = -phi.
    rig.build([R, phi](double s) { return flatArc(R, s, -phi); }, 0.0, v);
    for (int i = 0; i < 240 * 3; ++i)
        rig.step();
    const double m = rig.mass, ac = v * v / R;
    const double f1 = rig.joint->rowForce(1), f2 = rig.joint->rowForce(2);
    const double speed = rig.anchorSpeed();
    QVERIFY2(std::abs(speed - v) < 1e-3 * v, qPrintable(QString("speed %1").arg(speed)));
    qInfo("R=%g v=%g bank=%.4f: f1 = %.3f N (m v^2/R = %.3f), f2 = %.3f N, t3 = %.3f N m", R, v, phi, f1,
          m * ac, f2, rig.joint->rowForce(3));
    if (!banked) {
        // docs/validation.md: steady speed on a flat curve, lateral row force = m v^2/R (1 %); vertical = m
        // g.
        QVERIFY2(std::abs(f1 - m * ac) < 0.01 * m * ac,
                 qPrintable(QString("f1 = %1, m v^2/R = %2").arg(f1).arg(m * ac)));
        QVERIFY2(std::abs(f2 - m * g) < 0.01 * m * g, qPrintable(QString("f2 = %1").arg(f2)));
        // The roll row carries the overturning moment of the CG height: t3 = -m v^2/R * h (about +T).
        const double t3 = rig.joint->rowForce(3);
        QVERIFY2(std::abs(t3 + m * ac * rig.cgHeight) < 0.01 * m * ac * rig.cgHeight,
                 qPrintable(QString("t3 = %1").arg(t3)));
    } else {
        // docs/validation.md: equilibrium cant -> lateral ~ 0 at the anchor. The rigid car's CG sits h above
        // the anchor, inwards by h sin(phi), so it needs slightly less centripetal force: exactly
        // f1 = m cos(phi) (v^2 (R - h sin(phi))/R^2 - g tan(phi)) = -m v^2 h sin(phi) cos(phi) / R^2.
        const double f1Expect = -m * v * v * rig.cgHeight * std::sin(phi) * std::cos(phi) / (R * R);
        QVERIFY2(std::abs(f1) < 0.005 * m * ac,
                 qPrintable(QString("f1 = %1 (m v^2/R = %2)").arg(f1).arg(m * ac)));
        QVERIFY2(std::abs(f1 - f1Expect) < 1e-3 * m * ac,
                 qPrintable(QString("f1 = %1, expected %2").arg(f1).arg(f1Expect)));
        // The track carries the resultant: f2 ~ m sqrt(g^2 + (v^2/R)^2) (1 %).
        const double expect = m * std::hypot(g, ac);
        QVERIFY2(std::abs(f2 - expect) < 0.01 * expect,
                 qPrintable(QString("f2 = %1, expected %2").arg(f2).arg(expect)));
    }
}

void TstTrackJointConstraint::springSag_data() {
    QTest::addColumn<double>("kp"); // [N/m]
    QTest::addColumn<double>("kd"); // [N s/m]
    // Bullet's update converges for CFM/(h K) < 1, K = 1/m here: h kp + kd > m/h = 2.4e5.
    QTest::newRow("kp=4e6 kd=5e5") << 4e6 << 5e5;
    QTest::newRow("kp=1e6 kd=1e6") << 1e6 << 1e6;
}

void TstTrackJointConstraint::springSag() {
    QFETCH(double, kp);
    QFETCH(double, kd);
    TrackJointRig rig;
    rig.build(straight, 0.0, 0.0);
    rig.joint->setStiffnessDamping(kp, kd);
    const double h = rig.dt;
    // docs/trackjoint.md, "ERP and CFM": ERP = h kp/(h kp + kd), CFM = 1/(h kp + kd).
    QCOMPARE(rig.joint->erp(h), h * kp / (h * kp + kd));
    QCOMPARE(rig.joint->cfm(h), 1 / (h * kp + kd));
    for (int i = 0; i < 240 * 10; ++i) // slow time constant ~ kd/kp <= 1 s
        rig.step();
    // A spring kp carrying m g sags by m g / kp: e2 = (wF.P - A.P).wF.B = +m g/kp at rest.
    const double e2 = rig.rowsNow().row[1].e, expect = rig.mass * g / kp;
    qInfo("kp=%g kd=%g: sag %.6g m, m g/kp = %.6g m", kp, kd, e2, expect);
    QVERIFY2(std::abs(e2 - expect) < 0.01 * expect,
             qPrintable(QString("sag %1 m, expected %2 m").arg(e2).arg(expect)));
    QVERIFY(std::abs(rig.joint->rowForce(2) - rig.mass * g) < 1e-3 * rig.mass * g);
}

// docs/trackjoint.md, "Row forces": for one joint in a steady state assemble A lambda = b with A = J M^-1 J^T
// + CFM and solve it with Eigen; Bullet's sequential impulses must give the same row forces.
void TstTrackJointConstraint::globalSolveMatchesBullet() {
    const double R = 100, v = 20;
    TrackJointRig rig;
    rig.cgHeight = 1.5;
    rig.build([R](double s) { return flatArc(R, s); }, 0.0, v, 60);
    for (int i = 0; i < 240; ++i)
        rig.step();

    const double h = rig.dt;
    const TrackJointRows rows = computeTrackJointRows(rig.joint->currentState(h));
    const int n = rows.count;
    // Body A velocities at the start of the step and its inverse mass matrix (B is the fixed body).
    const btVector3 bv = rig.body->getLinearVelocity(), bw = rig.body->getAngularVelocity();
    Eigen::Matrix<double, 6, 1> V;
    V << bv.x(), bv.y(), bv.z(), bw.x(), bw.y(), bw.z();
    Eigen::Matrix<double, 6, 6> Minv = Eigen::Matrix<double, 6, 6>::Zero();
    Minv.topLeftCorner<3, 3>() = Eigen::Matrix3d::Identity() / rig.mass;
    const btMatrix3x3& I = rig.body->getInvInertiaTensorWorld();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            Minv(3 + i, 3 + j) = I[i][j];
    Eigen::Matrix<double, 6, 1> Fext = Eigen::Matrix<double, 6, 1>::Zero();
    Fext(2) = -rig.mass * g;
    Eigen::MatrixXd J(n, 6);
    Eigen::VectorXd rhs(n);
    for (int k = 0; k < n; ++k) {
        J.row(k) << rows.row[k].Jm.transpose(), rows.row[k].Rm.transpose();
        rhs(k) = rows.row[k].rhs;
    }
    // J (V + h M^-1 (Fext + J^T lambda)) = rhs  ->  (J M^-1 J^T) lambda = (rhs - J V)/h - J M^-1 Fext.
    const Eigen::MatrixXd A = J * Minv * J.transpose();
    const Eigen::VectorXd b = (rhs - J * V) / h - J * Minv * Fext;
    const Eigen::VectorXd lambda = A.ldlt().solve(b);
    QVERIFY(lambda(1) > 0); // the unilateral row is active: the linear solve is the LCP solution

    rig.step();
    for (int k = 0; k < n; ++k) {
        const double fb = rig.joint->rowForce(int(rows.row[k].id));
        const double scale = rig.mass * g; // forces O(1e4 N), torques O(1e4 N m)
        qInfo("row %d: Bullet %.4f, Eigen %.4f", k + 1, fb, lambda(k));
        QVERIFY2(std::abs(fb - lambda(k)) < 1e-3 * scale, qPrintable(QString("row %1: Bullet %2, Eigen %3")
                                                                         .arg(k + 1)
                                                                         .arg(fb, 0, 'f', 3)
                                                                         .arg(lambda(k), 0, 'f', 3)));
    }
    // And the lateral force is the centripetal force (docs/validation.md).
    QVERIFY(std::abs(lambda(0) - rig.mass * v * v / R) < 0.01 * rig.mass * v * v / R);
}

void TstTrackJointConstraint::motorHoldsTargetSpeed() {
    TrackJointRig rig;
    rig.build(straight, 0.0, 0.0);
    const double maxForce = 5000; // [N] -> a = 5 m/s^2 for 1000 kg
    rig.joint->setMotor(true, 10.0, maxForce);
    rig.step();
    QCOMPARE(rig.joint->rowCount(), 6);
    // Force-limited: f6 = maxForce while accelerating (v = a t: 1 s -> 5 m/s).
    for (int i = 1; i < 240; ++i)
        rig.step();
    QVERIFY(std::abs(rig.joint->rowForce(6) - maxForce) < 1e-6 * maxForce);
    QVERIFY2(std::abs(rig.velocity().x() - 5.0) < 1e-6,
             qPrintable(QString("v = %1").arg(rig.velocity().x())));
    for (int i = 0; i < 480; ++i)
        rig.step();
    QVERIFY(std::abs(rig.velocity().x() - 10.0) < 1e-9);
    QVERIFY(std::abs(rig.joint->rowForce(6)) < 1e-6);
}

QTEST_APPLESS_MAIN(TstTrackJointConstraint)
#include "tst_trackjointconstraint.moc"
