// PivotConstraint (physics/joint/PivotConstraint.h): a car body's pivot on one of its bogies. Checked:
// - the rows it asks for: 3 (ball joint), 4 with the roll locked, none extra where the roll axis is undefined
//   (the bogie rolled a quarter turn), 6 when rigid;
// - its Jacobian and right-hand side against their closed forms (rows 0-2: the world axes, the lever arms
//   a x e_i, error erp fps (pB - pA); the roll row: n = yB x zA / |yB x zA|, error erp fps phi with
//   phi = atan2(yB . zA, |yB x zA|), the roll whatever the yaw; rigid: each car axis, error erp fps
//   sin(alpha) u . axis for a bogie turned alpha about u from its held orientation);
// - in a BulletWorld: a bogie hung from a fixed car by the ball joint swings with the compound pendulum's
//   period 2 pi sqrt((L^2 + a^2/6) / (g L)) (as tests/physics/tst_bullet_world.cpp checks Bullet's own
//   point-to-point constraint); a locked roll stops a roll rate while the yaw rate goes on untouched, a free
//   pivot keeps both; a rigid pivot holds a bogie turned at construction in that orientation.
#include "physics/joint/BulletEigen.h"
#include "physics/joint/PivotConstraint.h"
#include "physics/rail/RailedBody.h"
#include "physics/world/BulletWorld.h"

#include <QtTest>

#include <btBulletDynamicsCommon.h>

#include <array>
#include <cmath>
#include <memory>
#include <numbers>

using namespace tl;

namespace {

// Two bodies at given poses (not in a world): car A and bogie B.
struct Pair {
    std::unique_ptr<btBoxShape> carShape, bogieShape;
    std::unique_ptr<btRigidBody> car, bogie;
    Pair(const Pose& Xcar, const Pose& Xbogie, double carMass = 30000, double bogieMass = 5000) {
        car = makeBoxBody(carShape, Vec3(20, 3, 3), carMass, 0.5, Xcar);
        bogie = makeBoxBody(bogieShape, Vec3(3, 3, 1), bogieMass, 0.5, Xbogie);
    }
};

Pose at(const Vec3& p, const Eigen::Matrix3d& R = Eigen::Matrix3d::Identity()) {
    Pose X = Pose::Identity();
    X.linear() = R;
    X.translation() = p;
    return X;
}

Eigen::Matrix3d rot(double angle, const Vec3& axis) {
    return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

// The rows getInfo1 asks for; -1 when its nub (the free degrees of freedom) is not 6 - rows.
int rowsOf(PivotConstraint& c) {
    btTypedConstraint::btConstraintInfo1 info{};
    c.getInfo1(&info);
    return info.nub == 6 - info.m_numConstraintRows ? info.m_numConstraintRows : -1;
}

// getInfo2 into plain arrays (row stride 3): what the solver reads from the constraint
struct Rows {
    static constexpr int kSkip = 3;
    std::array<btScalar, 6 * kSkip> J1l{}, J1a{}, J2l{}, J2a{};
    std::array<btScalar, 6 * kSkip> error{}, cfm{}, lo{}, hi{}; // strided too (Bullet's rows: m_rhs, ...)
    double fps = 240, erp = 0.2;
    void fill(PivotConstraint& c) {
        btTypedConstraint::btConstraintInfo2 info{};
        info.fps = btScalar(fps);
        info.erp = btScalar(erp);
        info.m_J1linearAxis = J1l.data();
        info.m_J1angularAxis = J1a.data();
        info.m_J2linearAxis = J2l.data();
        info.m_J2angularAxis = J2a.data();
        info.rowskip = kSkip;
        info.m_constraintError = error.data();
        info.cfm = cfm.data();
        info.m_lowerLimit = lo.data();
        info.m_upperLimit = hi.data();
        c.getInfo2(&info);
    }
    double err(int row) const { return error[std::size_t(row * kSkip)]; }
    Vec3 v(const std::array<btScalar, 6 * kSkip>& a, int row) const {
        return Vec3(a[std::size_t(row * kSkip)], a[std::size_t(row * kSkip + 1)],
                    a[std::size_t(row * kSkip + 2)]);
    }
};

} // namespace

class TstPivotConstraint : public QObject {
    Q_OBJECT
private slots:
    void rowCounts();
    void ballJointRowsAreTheClosedForm();
    void rollRowIsTheRollWhateverTheYaw();
    void rigidRowsAreTheSmallRotation();
    void swingsAsACompoundPendulum();
    void lockedRollStopsRollNotYaw();
    void rigidPivotHoldsATurnedBogie();
};

void TstPivotConstraint::rowCounts() {
    Pair p(at(Vec3(0, 0, 2)), at(Vec3(0, 0, 0.5)));
    PivotConstraint c(*p.car, *p.bogie, Vec3(0, 0, -1.5), Vec3::Zero());
    QVERIFY(c.rotation() == PivotConstraint::Rotation::Free);
    QCOMPARE(rowsOf(c), 3);
    c.setRotation(PivotConstraint::Rotation::RollLocked);
    QCOMPARE(rowsOf(c), 4);
    c.setRotation(PivotConstraint::Rotation::Rigid);
    QCOMPARE(rowsOf(c), 6);
    // the bogie rolled a quarter turn: its lateral axis is the car's up axis, the roll axis is undefined
    p.bogie->setCenterOfMassTransform(toBt(at(Vec3(0, 0, 0.5), rot(std::numbers::pi / 2, Vec3::UnitX()))));
    c.setRotation(PivotConstraint::Rotation::RollLocked);
    QCOMPARE(rowsOf(c), 3);
    // ... and rolled a little less than that: the row is back
    p.bogie->setCenterOfMassTransform(
        toBt(at(Vec3(0, 0, 0.5), rot(std::numbers::pi / 2 - 1e-3, Vec3::UnitX()))));
    QCOMPARE(rowsOf(c), 4);
}

void TstPivotConstraint::ballJointRowsAreTheClosedForm() {
    // car turned 30 degrees about z at (1, 2, 3), its pivot (5, 0, -1) in its frame; the bogie at
    // (5.2, 4.6, 2.1) turned 10 degrees about z, its pivot (0, 0, 0.4): the gap is pB - pA
    const Eigen::Matrix3d RA = rot(std::numbers::pi / 6, Vec3::UnitZ()), RB = rot(0.1745, Vec3::UnitZ());
    Pair p(at(Vec3(1, 2, 3), RA), at(Vec3(5.2, 4.6, 2.1), RB));
    const Vec3 pivA(5, 0, -1), pivB(0, 0, 0.4);
    PivotConstraint c(*p.car, *p.bogie, pivA, pivB);
    Rows r;
    r.fill(c);
    const Vec3 a1 = RA * pivA, a2 = RB * pivB;
    const Vec3 gap = (Vec3(5.2, 4.6, 2.1) + a2) - (Vec3(1, 2, 3) + a1);
    const double k = r.fps * r.erp; // 48 1/s
    for (int i = 0; i < 3; ++i) {
        const Vec3 e = Vec3::Unit(i);
        // exact up to the rotation matrices' rounding (1e-16) times lever arms of a few m
        QVERIFY((r.v(r.J1l, i) - e).norm() == 0.0);
        QVERIFY((r.v(r.J2l, i) + e).norm() == 0.0);
        QVERIFY((r.v(r.J1a, i) - a1.cross(e)).norm() < 1e-14);
        QVERIFY((r.v(r.J2a, i) + a2.cross(e)).norm() < 1e-14);
        QVERIFY2(std::abs(r.err(i) - k * gap[i]) < 1e-13,
                 qPrintable(QString("row %1: %2 vs %3").arg(i).arg(r.err(i)).arg(k * gap[i])));
    }
    // a pivot that meets: zero error
    Pair q(at(Vec3(0, 0, 2)), at(Vec3(0, 0, 0.5)));
    PivotConstraint d(*q.car, *q.bogie, Vec3(0, 0, -1.5), Vec3::Zero());
    Rows s;
    s.fill(d);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(s.err(i), 0.0);
}

void TstPivotConstraint::rollRowIsTheRollWhateverTheYaw() {
    // built level; then the bogie yawed psi and rolled theta (R_z(psi) R_x(theta)): yB = R_z(psi) (0, cos,
    // sin), yB . zA = sin(theta), |yB x zA| = cos(theta): phi = theta, n = R_z(psi) x
    Pair p(at(Vec3(0, 0, 2)), at(Vec3(0, 0, 0.5)));
    PivotConstraint c(*p.car, *p.bogie, Vec3(0, 0, -1.5), Vec3::Zero());
    c.setRotation(PivotConstraint::Rotation::RollLocked);
    for (double psi : {0.0, 0.3, -1.2})
        for (double theta : {0.05, -0.2}) {
            p.bogie->setCenterOfMassTransform(
                toBt(at(Vec3(0, 0, 0.5), rot(psi, Vec3::UnitZ()) * rot(theta, Vec3::UnitX()))));
            QCOMPARE(rowsOf(c), 4);
            Rows r;
            r.fill(c);
            const Vec3 n = rot(psi, Vec3::UnitZ()) * Vec3::UnitX();
            QVERIFY((r.v(r.J1a, 3) - n).norm() < 1e-15);
            QVERIFY((r.v(r.J2a, 3) + n).norm() < 1e-15);
            QVERIFY(r.v(r.J1l, 3).isZero(0.0) && r.v(r.J2l, 3).isZero(0.0));
            // a rate n . (wA - wB) = k theta: the bogie turned back toward zero roll
            QVERIFY2(std::abs(r.err(3) - r.fps * r.erp * theta) < 1e-13,
                     qPrintable(QString("psi %1 theta %2: %3").arg(psi).arg(theta).arg(r.err(3))));
        }
    // a pitch of the bogie about its lateral axis is not a roll
    p.bogie->setCenterOfMassTransform(toBt(at(Vec3(0, 0, 0.5), rot(0.3, Vec3::UnitY()))));
    Rows r;
    r.fill(c);
    QVERIFY(std::abs(r.err(3)) < 1e-15);
}

void TstPivotConstraint::rigidRowsAreTheSmallRotation() {
    // built with the bogie turned R0 from the car (held); then turned a further alpha about u in the world:
    // delta = 1/2 sum_i held_i x present_i = sin(alpha) u (the axis-angle of R = I + sin a [u]x + (1-cos a)
    // [u]x^2: sum_i e_i x R e_i = 2 sin(alpha) u)
    const Eigen::Matrix3d RA = rot(0.4, Vec3(1, 2, 3)), R0 = rot(0.25, Vec3::UnitZ());
    Pair p(at(Vec3(0, 0, 2), RA), at(Vec3(0.3, 0, 0.5), RA * R0));
    PivotConstraint c(*p.car, *p.bogie, RA.transpose() * Vec3(0.3, 0, -1.5), Vec3::Zero());
    c.setRotation(PivotConstraint::Rotation::Rigid);
    const double alpha = 0.07;
    const Vec3 u = Vec3(0.2, -0.5, 1).normalized();
    p.bogie->setCenterOfMassTransform(toBt(at(Vec3(0.3, 0, 0.5), rot(alpha, u) * RA * R0)));
    QCOMPARE(rowsOf(c), 6);
    Rows r;
    r.fill(c);
    const double k = r.fps * r.erp;
    for (int i = 0; i < 3; ++i) {
        const Vec3 axis = RA.col(i);
        QVERIFY((r.v(r.J1a, 3 + i) - axis).norm() < 1e-15);
        QVERIFY((r.v(r.J2a, 3 + i) + axis).norm() < 1e-15);
        QVERIFY2(std::abs(r.err(3 + i) - k * std::sin(alpha) * u.dot(axis)) < 1e-13,
                 qPrintable(QString("row %1: %2 vs %3")
                                .arg(3 + i)
                                .arg(r.err(3 + i))
                                .arg(k * std::sin(alpha) * u.dot(axis))));
    }
    // the pivot points still meet (the bogie turned about its centre, which is the pivot): no linear error
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(r.err(i)) < 1e-13);
}

void TstPivotConstraint::swingsAsACompoundPendulum() {
    // a fixed car (mass 0) and a 1 m cube "bogie" of 1000 kg hung L = 4 m below the pivot, let go at 0.02 rad
    const double L = 4.0, a = 1.0, theta0 = 0.02, dt = 1.0 / 240;
    BulletWorld world(9.81, 20);
    std::unique_ptr<btBoxShape> carShape, bogieShape;
    auto car = makeBoxBody(carShape, Vec3(2, 2, 0.5), 0.0, 0.5, at(Vec3(0, 0, 10)));
    // R_y(-theta0) puts the bogie's pivot (0, 0, L) on the car's: the bogie's centre at (L sin, 0, -L cos)
    auto bogie = makeBoxBody(
        bogieShape, Vec3(a, a, a), 1000.0, 0.5,
        at(Vec3(L * std::sin(theta0), 0, 10 - L * std::cos(theta0)), rot(-theta0, Vec3::UnitY())));
    world.add(*car, BulletWorld::Collides::Nothing);
    world.add(*bogie, BulletWorld::Collides::Nothing);
    PivotConstraint pivot(*car, *bogie, Vec3::Zero(), Vec3(0, 0, L));
    world.add(pivot);
    auto angle = [&] {
        const Vec3 c = toEigen(bogie->getCenterOfMassPosition());
        return std::atan2(c.x(), 10 - c.z());
    };
    std::vector<double> up; // upward zero crossings of the angle, linearly interpolated
    double prev = angle(), t = 0, maxGap = 0;
    while (up.size() < 4 && t < 60) {
        world.step(dt);
        t += dt;
        const double th = angle();
        if (prev < 0 && th >= 0) up.push_back(t - dt + dt * (-prev) / (th - prev));
        prev = th;
        const Vec3 pivotB = toEigen(bogie->getCenterOfMassTransform() * btVector3(0, 0, L));
        maxGap = std::max(maxGap, (pivotB - Vec3(0, 0, 10)).norm());
    }
    QCOMPARE(int(up.size()), 4);
    const double measured = (up[3] - up[0]) / 3;
    const double expected = 2 * std::numbers::pi * std::sqrt((L * L + a * a / 6) / (9.81 * L));
    qInfo("period %.6f s, closed form %.6f s (%.4f %%), pivot gap at most %.2e m", measured, expected,
          100 * (measured / expected - 1), maxGap);
    // 0.05 % as for Bullet's own point-to-point pendulum (tests/physics/tst_bullet_world.cpp): the amplitude
    // correction theta0^2/16 is 0.0025 %, symplectic Euler's phase error at T/960 steps ~1e-4 %
    QVERIFY(std::abs(measured / expected - 1) < 5e-4);
    // the ball joint holds: the rows hold the velocities, and integrating the swing's rotation (peak rate
    // w = theta0 2 pi / T = 0.031 rad/s) linearly leaves L (w dt)^2 / 2 = 3e-8 m per step, taken back by erp
    // = 0.2 per step: a gap of ~1.7e-7 m; 1e-6 m bounds it
    QVERIFY(maxGap < 1e-6);
}

void TstPivotConstraint::lockedRollStopsRollNotYaw() {
    // no gravity; a fixed car and a 2 m cube bogie (isotropic inertia: no gyroscopic torque, and an impulse
    // about n turns it about n only) pivoting at its centre, built level. Each case runs 1 s at 240 Hz.
    struct Case {
        PivotConstraint::Rotation mode;
        double roll0; // rolled after construction [rad]
        Vec3 w0;      // angular velocity [rad/s]
    };
    const Case cases[] = {
        // free: nothing acts on the rotation, the rates stay to rounding and it rolls on
        {PivotConstraint::Rotation::Free, 0.0, Vec3(1.0, 0, 0.5)},
        // roll locked, spun in roll and yaw from level: the row takes the roll rate out in the first step,
        // before any roll is integrated (Bullet solves, then integrates); the yaw rate is untouched
        {PivotConstraint::Rotation::RollLocked, 0.0, Vec3(1.0, 0, 0.5)},
        // roll locked, rolled 0.05 rad and rolling on at 1 rad/s: the row brings the roll back by (1 - erp)
        // per step, 0.05 x 0.8^240 ~ 1e-25 after 1 s, below rounding
        {PivotConstraint::Rotation::RollLocked, 0.05, Vec3(1.0, 0, 0)},
    };
    for (const Case& c : cases) {
        BulletWorld world(0.0, 20);
        std::unique_ptr<btBoxShape> carShape, bogieShape;
        auto car = makeBoxBody(carShape, Vec3(2, 2, 0.5), 0.0, 0.5, at(Vec3(0, 0, 3)));
        auto bogie = makeBoxBody(bogieShape, Vec3(2, 2, 2), 8000.0, 0.5, at(Vec3(0, 0, 0)));
        world.add(*car, BulletWorld::Collides::Nothing);
        world.add(*bogie, BulletWorld::Collides::Nothing);
        PivotConstraint pivot(*car, *bogie, Vec3(0, 0, -3), Vec3::Zero());
        pivot.setRotation(c.mode);
        world.add(pivot);
        bogie->setCenterOfMassTransform(toBt(at(Vec3::Zero(), rot(c.roll0, Vec3::UnitX()))));
        bogie->setAngularVelocity(toBt(c.w0));
        for (int i = 0; i < 240; ++i)
            world.step(1.0 / 240);
        const Vec3 w = toEigen(bogie->getAngularVelocity());
        const Eigen::Matrix3d R = toEigen(bogie->getCenterOfMassTransform()).linear();
        const double roll = std::asin(std::clamp(R.col(1).z(), -1.0, 1.0)); // yB . zA = sin(phi)
        qInfo("%s from roll %.2f: w = (%.3e, %.3e, %.9f) rad/s, roll %.3e rad",
              c.mode == PivotConstraint::Rotation::Free ? "free" : "roll locked", c.roll0, w.x(), w.y(),
              w.z(), roll);
        if (c.mode == PivotConstraint::Rotation::Free) {
            QVERIFY((w - c.w0).norm() < 1e-9);
            QVERIFY(std::abs(roll) > 0.1);
        } else {
            QVERIFY(std::abs(roll) < 1e-12);
            QVERIFY(std::abs(w.dot(R.col(0))) < 1e-12);  // no roll rate left
            QVERIFY(std::abs(w.z() - c.w0.z()) < 1e-12); // the yaw rate untouched
            // the decay is the erp's exactly: phi_n = 0.8^n phi_0 (the row sets the roll rate to -erp/dt phi
            // whatever it was); 1 % allows the sin/atan of the first steps at 0.05 rad (phi^2/6 ~ 4e-4)
            if (c.roll0 > 0) QVERIFY(std::abs(roll / (c.roll0 * std::pow(0.8, 240)) - 1) < 0.01);
        }
    }
}

void TstPivotConstraint::rigidPivotHoldsATurnedBogie() {
    // a 5000 kg bogie held rigidly 1.5 m below a fixed car, built turned 0.3 rad about z from it (the held
    // orientation); then turned a further 0.05 rad about (1, -2, 3) and spun, under gravity: the six rows
    // bring it back by (1 - erp) per step, 0.8^240 ~ 1e-23 after 1 s. Bullet applies gravity to the
    // velocities before it solves the rows, which take it out in the same step: no sag of the pivot.
    BulletWorld world(9.81, 20);
    std::unique_ptr<btBoxShape> carShape, bogieShape;
    const Eigen::Matrix3d held = rot(0.3, Vec3::UnitZ());
    auto car = makeBoxBody(carShape, Vec3(20, 3, 1), 0.0, 0.5, at(Vec3(0, 0, 3)));
    auto bogie = makeBoxBody(bogieShape, Vec3(3, 2.5, 1), 5000.0, 0.5, at(Vec3(0, 0, 1.5), held));
    world.add(*car, BulletWorld::Collides::Nothing);
    world.add(*bogie, BulletWorld::Collides::Nothing);
    PivotConstraint pivot(*car, *bogie, Vec3(0, 0, -1.5), Vec3::Zero());
    pivot.setRotation(PivotConstraint::Rotation::Rigid);
    world.add(pivot);
    bogie->setCenterOfMassTransform(toBt(at(Vec3(0, 0, 1.5), rot(0.05, Vec3(1, -2, 3)) * held)));
    bogie->setAngularVelocity(btVector3(0.2, -0.4, 0.6));
    for (int i = 0; i < 240; ++i)
        world.step(1.0 / 240);
    const Pose X = toEigen(bogie->getCenterOfMassTransform());
    const double angleErr = Eigen::AngleAxisd(held.transpose() * X.linear()).angle();
    qInfo("rigid: orientation error %.3e rad, position error %.3e m", angleErr,
          (X.translation() - Vec3(0, 0, 1.5)).norm());
    QVERIFY(angleErr < 1e-9);
    QVERIFY((X.translation() - Vec3(0, 0, 1.5)).norm() < 1e-9);
    QVERIFY(toEigen(bogie->getAngularVelocity()).norm() < 1e-9);
    // the same bogie free (a railed car on two bogies): the spin goes on, it does not come back
    BulletWorld free(9.81, 20);
    auto bogie2 = makeBoxBody(bogieShape, Vec3(3, 2.5, 1), 5000.0, 0.5, at(Vec3(0, 0, 1.5), held));
    free.add(*car, BulletWorld::Collides::Nothing);
    free.add(*bogie2, BulletWorld::Collides::Nothing);
    PivotConstraint loose(*car, *bogie2, Vec3(0, 0, -1.5), Vec3::Zero());
    free.add(loose);
    bogie2->setAngularVelocity(btVector3(0.2, -0.4, 0.6));
    for (int i = 0; i < 240; ++i)
        free.step(1.0 / 240);
    QVERIFY(
        Eigen::AngleAxisd(held.transpose() * toEigen(bogie2->getCenterOfMassTransform()).linear()).angle() >
        0.1);
}

QTEST_MAIN(TstPivotConstraint)
#include "tst_pivot_constraint.moc"
