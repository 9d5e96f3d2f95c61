// JointSetupSolver (physics/world/JointSetupSolver.h) against Bullet's own solver, the reference it claims to
// equal bit for bit: two worlds built alike, one with btSequentialImpulseConstraintSolver and one with
// JointSetupSolver, step a rig of joint types -- a hinge with a limit and a motor, ball joints, a 6-dof
// spring, a slider, joints to Bullet's fixed body, bodies with unequal inertia and angular factors other than
// 1, and a joint that breaks at its impulse threshold mid-run -- and every body's pose and velocities and
// every joint's applied impulse must be the same doubles at every step. The rig must also move (a swinging
// chain: the comparison is not of bodies at rest) and break its weak joint.
#include "physics/world/JointSetupSolver.h"

#include <btBulletDynamicsCommon.h>

#include <QtTest>

#include <cstring>
#include <memory>
#include <vector>

namespace {

struct Rig {
    std::unique_ptr<btDefaultCollisionConfiguration> config =
        std::make_unique<btDefaultCollisionConfiguration>();
    std::unique_ptr<btCollisionDispatcher> dispatcher = std::make_unique<btCollisionDispatcher>(config.get());
    std::unique_ptr<btDbvtBroadphase> broadphase = std::make_unique<btDbvtBroadphase>();
    std::unique_ptr<btConstraintSolver> solver;
    std::unique_ptr<btDiscreteDynamicsWorld> world;
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btRigidBody>> bodies;
    std::vector<std::unique_ptr<btTypedConstraint>> joints;

    explicit Rig(std::unique_ptr<btConstraintSolver> s) : solver(std::move(s)) {
        world = std::make_unique<btDiscreteDynamicsWorld>(dispatcher.get(), broadphase.get(), solver.get(),
                                                          config.get());
        world->setGravity(btVector3(0, 0, -9.81));
        world->getSolverInfo().m_numIterations = 30;
        // five boxes of different sizes and masses in a row along x, 2 m above the origin, turned a little
        for (int i = 0; i < 5; ++i) {
            const btVector3 half(0.4 + 0.1 * i, 0.2 + 0.05 * i, 0.15 + 0.2 * (i % 2));
            shapes.push_back(std::make_unique<btBoxShape>(half));
            const double mass = 1.0 + 2.0 * i;
            btVector3 inertia;
            shapes.back()->calculateLocalInertia(mass, inertia);
            btTransform X(btQuaternion(btVector3(0.3, 1.0, 0.2).normalized(), 0.1 * i),
                          btVector3(1.0 * i, 0, 2));
            btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, shapes.back().get(), inertia);
            ci.m_startWorldTransform = X;
            bodies.push_back(std::make_unique<btRigidBody>(ci));
            bodies.back()->setActivationState(DISABLE_DEACTIVATION);
            bodies.back()->setLinearVelocity(btVector3(0.1 * i, -0.2, 0.05));
            bodies.back()->setAngularVelocity(btVector3(0.3, -0.1 * i, 0.2));
            world->addRigidBody(bodies.back().get(), 0, 0); // joints only, no contacts
        }
        bodies[1]->setAngularFactor(btVector3(0.5, 1.0, 0.25));
        bodies[3]->setAngularFactor(btVector3(1.0, 0.0, 1.0));
        btRigidBody& fixed = btTypedConstraint::getFixedBody();
        // body 0 hangs from the fixed body by a ball joint
        joints.push_back(std::make_unique<btPoint2PointConstraint>(*bodies[0], btVector3(-0.5, 0, 0.2)));
        // 0-1: hinge about a tilted axis with a limit and a motor
        auto hinge = std::make_unique<btHingeConstraint>(
            *bodies[0], *bodies[1], btVector3(0.5, 0, 0), btVector3(-0.5, 0, 0),
            btVector3(0.2, 1, 0).normalized(), btVector3(0.2, 1, 0).normalized());
        hinge->setLimit(-0.6, 0.4);
        hinge->enableAngularMotor(true, 1.5, 0.8);
        joints.push_back(std::move(hinge));
        // 1-2: 6-dof spring (linear and angular springs, some axes locked)
        btTransform fa(btQuaternion::getIdentity(), btVector3(0.5, 0, 0)),
            fb(btQuaternion::getIdentity(), btVector3(-0.5, 0, 0));
        auto spring = std::make_unique<btGeneric6DofSpring2Constraint>(*bodies[1], *bodies[2], fa, fb);
        spring->setLinearLowerLimit(btVector3(-0.1, 0, 0));
        spring->setLinearUpperLimit(btVector3(0.1, 0, 0));
        spring->setAngularLowerLimit(btVector3(-0.3, -0.2, 1));
        spring->setAngularUpperLimit(btVector3(0.3, 0.2, -1));
        spring->enableSpring(0, true);
        spring->setStiffness(0, 400.0);
        spring->setDamping(0, 0.5);
        spring->enableSpring(5, true);
        spring->setStiffness(5, 50.0);
        joints.push_back(std::move(spring));
        // 2-3: slider along the chain
        auto slider = std::make_unique<btSliderConstraint>(*bodies[2], *bodies[3], fa, fb, true);
        slider->setLowerLinLimit(-0.2);
        slider->setUpperLinLimit(0.3);
        joints.push_back(std::move(slider));
        // 3-4: a ball joint made weak at 1 s (equalsBulletBitForBit), to break at its impulse threshold
        joints.push_back(std::make_unique<btPoint2PointConstraint>(
            *bodies[3], *bodies[4], btVector3(0.5, 0, 0), btVector3(-0.5, 0, 0)));
        // 4 to the fixed body through a hinge with its pivot far out (a swing)
        joints.push_back(std::make_unique<btHingeConstraint>(*bodies[4], fixed, btVector3(0, 0, 1.5),
                                                             btVector3(4, 0, 3.5), btVector3(0, 1, 0),
                                                             btVector3(0, 1, 0)));
        for (auto& j : joints)
            world->addConstraint(j.get(), true);
    }
    ~Rig() {
        for (auto& j : joints)
            world->removeConstraint(j.get());
        for (auto& b : bodies)
            world->removeRigidBody(b.get());
    }
};

bool same(const btVector3& a, const btVector3& b) {
    return std::memcmp(&a, &b, 3 * sizeof(btScalar)) == 0;
}

} // namespace

class TstJointSetupSolver : public QObject {
    Q_OBJECT
private slots:
    void equalsBulletBitForBit();
};

void TstJointSetupSolver::equalsBulletBitForBit() {
    Rig bullet(std::make_unique<btSequentialImpulseConstraintSolver>());
    Rig ours(std::make_unique<tl::JointSetupSolver>());
    const btVector3 start = bullet.bodies[2]->getCenterOfMassPosition();
    double travelled = 0.0; // the largest distance of body 2 from its start [m]
    int brokeAt = -1;
    for (int step = 0; step < 960; ++step) { // 4 s at 240 Hz
        if (step == 240) {                   // weak from 1 s on: it breaks in mid-swing
            bullet.joints[4]->setBreakingImpulseThreshold(1.5);
            ours.joints[4]->setBreakingImpulseThreshold(1.5);
        }
        bullet.world->stepSimulation(1.0 / 240.0, 0, 1.0 / 240.0);
        ours.world->stepSimulation(1.0 / 240.0, 0, 1.0 / 240.0);
        for (std::size_t i = 0; i < bullet.bodies.size(); ++i) {
            const btRigidBody& a = *bullet.bodies[i];
            const btRigidBody& b = *ours.bodies[i];
            const btTransform &Xa = a.getCenterOfMassTransform(), &Xb = b.getCenterOfMassTransform();
            const bool equal =
                same(Xa.getOrigin(), Xb.getOrigin()) && same(Xa.getBasis()[0], Xb.getBasis()[0]) &&
                same(Xa.getBasis()[1], Xb.getBasis()[1]) && same(Xa.getBasis()[2], Xb.getBasis()[2]) &&
                same(a.getLinearVelocity(), b.getLinearVelocity()) &&
                same(a.getAngularVelocity(), b.getAngularVelocity());
            if (!equal) QFAIL(qPrintable(QString("body %1 differs at step %2").arg(i).arg(step)));
        }
        for (std::size_t j = 0; j < bullet.joints.size(); ++j) {
            const btScalar ia = bullet.joints[j]->getAppliedImpulse(),
                           ib = ours.joints[j]->getAppliedImpulse();
            if (std::memcmp(&ia, &ib, sizeof ia) != 0 ||
                bullet.joints[j]->isEnabled() != ours.joints[j]->isEnabled())
                QFAIL(qPrintable(QString("joint %1 differs at step %2").arg(j).arg(step)));
        }
        travelled =
            std::max(travelled, double((bullet.bodies[2]->getCenterOfMassPosition() - start).length()));
        if (brokeAt < 0 && !bullet.joints[4]->isEnabled()) brokeAt = step;
    }
    QVERIFY2(travelled > 0.5, qPrintable(QString("the chain barely moved: %1 m").arg(travelled)));
    QVERIFY2(brokeAt > 240 && brokeAt < 900,
             qPrintable(QString("the weak joint broke at step %1").arg(brokeAt)));
    qInfo("body 2 moved up to %.3f m; the weak joint broke at step %d", travelled, brokeAt);
}

QTEST_GUILESS_MAIN(TstJointSetupSolver)
#include "tst_joint_setup_solver.moc"
