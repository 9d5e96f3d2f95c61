// IslandBatchWorld (physics/world/IslandBatchWorld.h) against btDiscreteDynamicsWorld, the reference it
// claims to equal bit for bit: two worlds built alike step a rig in which every kind of body the world sorts
// appears -- plain bodies (no proxy, no continuous-collision threshold, no motion state: a pendulum, a damped
// hinge, a body hinged to a kinematic one), a box that slides on the ground (a proxy: contacts), a box thrown
// down with a continuous-collision threshold (predictive contacts), a spinning body with a motion state and
// no proxy -- and two bodies change kind mid-run (a plain body gains a proxy and lands; the sliding box loses
// its proxy and falls through the ground). Every body's pose and velocities must be the same doubles at
// every step, and for the bodies whose interpolation and hit fraction Bullet reads (proxied, continuous,
// motion state), those too, as well as what the motion state was handed; a plain body's hit fraction stays
// 1. In the reference world a plain body has a proxy that collides with nothing (Bullet's own world needs
// one for every body); in IslandBatchWorld it has none, as BulletWorld::add makes it.
#include "physics/world/IslandBatchWorld.h"

#include <btBulletDynamicsCommon.h>

#include <QtTest>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

namespace {

constexpr double kDt = 1.0 / 240.0;
constexpr int kSteps = 960;      // 4 s
constexpr int kGainsProxy = 150; // body 7: plain until this step, then collides with the ground
constexpr int kLosesProxy = 500; // body 2: collides until this step, then plain

enum Kind { Plain, Proxied };

struct Rig {
    std::unique_ptr<btDefaultCollisionConfiguration> config =
        std::make_unique<btDefaultCollisionConfiguration>();
    std::unique_ptr<btCollisionDispatcher> dispatcher = std::make_unique<btCollisionDispatcher>(config.get());
    std::unique_ptr<btDbvtBroadphase> broadphase = std::make_unique<btDbvtBroadphase>();
    std::unique_ptr<btSequentialImpulseConstraintSolver> solver =
        std::make_unique<btSequentialImpulseConstraintSolver>();
    std::unique_ptr<btDiscreteDynamicsWorld> world;
    bool batch; // IslandBatchWorld
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btRigidBody>> bodies; // 0..7, then the ground
    std::vector<std::unique_ptr<btTypedConstraint>> joints;
    std::unique_ptr<btDefaultMotionState> motion;

    explicit Rig(bool islandBatch) : batch(islandBatch) {
        if (batch)
            world = std::make_unique<tl::IslandBatchWorld>(dispatcher.get(), broadphase.get(), solver.get(),
                                                           config.get());
        else
            world = std::make_unique<btDiscreteDynamicsWorld>(dispatcher.get(), broadphase.get(),
                                                              solver.get(), config.get());
        world->setGravity(btVector3(0, 0, -9.81));
        world->getSolverInfo().m_numIterations = 30;
        motion = std::make_unique<btDefaultMotionState>(
            btTransform(btQuaternion(btVector3(1, 0, 0), 0.2), btVector3(6, 0, 4)));
        // i: start position, mass (0: kinematic)
        const btVector3 at[8] = {{0, 0, 3}, {2, 0, 3},  {4, 0, 0.6}, {8, 0, 2},
                                 {6, 0, 4}, {10, 0, 3}, {11, 0, 3},  {14, 0, 3}};
        for (int i = 0; i < 8; ++i) {
            const btVector3 half(0.3 + 0.05 * i, 0.2, 0.15 + 0.05 * (i % 3));
            shapes.push_back(std::make_unique<btBoxShape>(half));
            const double mass = i == 5 ? 0.0 : 1.0 + i;
            btVector3 inertia(0, 0, 0);
            if (mass > 0) shapes.back()->calculateLocalInertia(mass, inertia);
            btRigidBody::btRigidBodyConstructionInfo ci(mass, i == 4 ? motion.get() : nullptr,
                                                        shapes.back().get(), inertia);
            ci.m_startWorldTransform =
                btTransform(btQuaternion(btVector3(0.2, 1.0, 0.4).normalized(), 0.05 * i), at[i]);
            ci.m_friction = 0.6;
            if (i == 1) {
                ci.m_linearDamping = 0.1;
                ci.m_angularDamping = 0.3;
            }
            bodies.push_back(std::make_unique<btRigidBody>(ci));
            btRigidBody& b = *bodies.back();
            b.setActivationState(DISABLE_DEACTIVATION);
            if (i == 5) b.setCollisionFlags(b.getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
            if (i == 2) b.setLinearVelocity(btVector3(1.5, 0.3, 0));
            if (i == 3) {
                b.setLinearVelocity(btVector3(0.5, 0, -12)); // fast: the sweep and the predictive contact
                b.setCcdMotionThreshold(0.01);
                b.setCcdSweptSphereRadius(0.1);
            }
            if (i == 4) b.setAngularVelocity(btVector3(0.5, 2.0, -1.0));
            add(i, i == 2 || i == 3 ? Proxied : Plain); // 4: a motion state, no proxy
        }
        shapes.push_back(std::make_unique<btBoxShape>(btVector3(50, 50, 1)));
        btRigidBody::btRigidBodyConstructionInfo gi(0.0, nullptr, shapes.back().get());
        gi.m_startWorldTransform = btTransform(btQuaternion::getIdentity(), btVector3(0, 0, -1));
        gi.m_friction = 0.6;
        bodies.push_back(std::make_unique<btRigidBody>(gi));
        world->addRigidBody(bodies.back().get(), 1, -1);
        btRigidBody& fixed = btTypedConstraint::getFixedBody();
        joints.push_back(std::make_unique<btPoint2PointConstraint>(*bodies[0], btVector3(-0.6, 0.1, 0.4)));
        joints.push_back(std::make_unique<btHingeConstraint>(*bodies[1], fixed, btVector3(0, 0, 0.8),
                                                             btVector3(2, 0, 3.8), btVector3(0, 1, 0),
                                                             btVector3(0, 1, 0)));
        joints.push_back(std::make_unique<btHingeConstraint>(*bodies[5], *bodies[6], btVector3(0.5, 0, 0),
                                                             btVector3(-0.5, 0, 0), btVector3(0, 0, 1),
                                                             btVector3(0, 0, 1)));
        for (auto& j : joints)
            world->addConstraint(j.get(), true);
        bodies[1]->setAngularVelocity(btVector3(0, 2, 0));
    }
    ~Rig() {
        for (auto& j : joints)
            world->removeConstraint(j.get());
        for (auto& b : bodies)
            world->removeRigidBody(b.get());
    }

    // A plain body collides with nothing: here without a proxy (BulletWorld::add), in Bullet's own world
    // with one that matches nothing.
    void add(int i, Kind k) {
        btRigidBody& b = *bodies[std::size_t(i)];
        if (k == Proxied) {
            world->addRigidBody(&b, 1, -1);
            return;
        }
        world->addRigidBody(&b, 0, 0);
        if (!batch) return;
        btBroadphaseProxy* h = b.getBroadphaseHandle();
        broadphase->getOverlappingPairCache()->cleanProxyFromPairs(h, dispatcher.get());
        broadphase->destroyProxy(h, dispatcher.get());
        b.setBroadphaseHandle(nullptr);
        static_cast<tl::IslandBatchWorld&>(*world).bodiesChanged();
    }
    void change(int i, Kind k) {
        world->removeRigidBody(bodies[std::size_t(i)].get());
        add(i, k);
    }
    void step(int n) {
        if (n == kGainsProxy) change(7, Proxied);
        if (n == kLosesProxy) change(2, Plain);
        const double t = n * kDt; // the kinematic body on a circle, turning
        bodies[5]->setWorldTransform(btTransform(btQuaternion(btVector3(0, 0, 1), 0.8 * t),
                                                 btVector3(10 + std::cos(t), std::sin(t), 3)));
        world->stepSimulation(kDt, 0, kDt);
    }
};

bool same(const btVector3& a, const btVector3& b) {
    return std::memcmp(&a, &b, 3 * sizeof(btScalar)) == 0;
}

bool same(const btTransform& a, const btTransform& b) {
    return same(a.getOrigin(), b.getOrigin()) && same(a.getBasis()[0], b.getBasis()[0]) &&
           same(a.getBasis()[1], b.getBasis()[1]) && same(a.getBasis()[2], b.getBasis()[2]);
}

bool sameScalar(btScalar a, btScalar b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Whether Bullet reads the body's interpolation and hit fraction in IslandBatchWorld at this step.
bool read(int i, int step) {
    return i == 3 || i == 4 || (i == 2 && step < kLosesProxy) || (i == 7 && step >= kGainsProxy);
}

} // namespace

class TstIslandBatchWorld : public QObject {
    Q_OBJECT
private slots:
    void equalsBulletBitForBit();
};

void TstIslandBatchWorld::equalsBulletBitForBit() {
    Rig bullet(false), ours(true);
    double lowest3 = 1e9; // body 3's lowest centre [m]: the fast box must not tunnel through the ground
    double landed7 = 0.0; // body 7's height at the end [m]: it lands once it collides
    double sunk2 = 0.0;   // body 2's height at the end [m]: it falls through once it collides no more
    double rested2 = 0.0; // body 2's height just before it loses its proxy [m]
    double swing0 = 0.0;  // body 0's largest distance from its start [m]
    const btVector3 start0 = bullet.bodies[0]->getCenterOfMassPosition();
    for (int n = 0; n < kSteps; ++n) {
        bullet.step(n);
        ours.step(n);
        for (std::size_t i = 0; i < bullet.bodies.size(); ++i) {
            const btRigidBody& a = *bullet.bodies[i];
            const btRigidBody& b = *ours.bodies[i];
            if (!same(a.getCenterOfMassTransform(), b.getCenterOfMassTransform()) ||
                !same(a.getLinearVelocity(), b.getLinearVelocity()) ||
                !same(a.getAngularVelocity(), b.getAngularVelocity()))
                QFAIL(qPrintable(QString("body %1 differs at step %2").arg(i).arg(n)));
            if (i < 8 && read(int(i), n) &&
                (!same(a.getInterpolationWorldTransform(), b.getInterpolationWorldTransform()) ||
                 !same(a.getInterpolationLinearVelocity(), b.getInterpolationLinearVelocity()) ||
                 !same(a.getInterpolationAngularVelocity(), b.getInterpolationAngularVelocity()) ||
                 !sameScalar(a.getHitFraction(), b.getHitFraction())))
                QFAIL(qPrintable(QString("body %1's interpolation differs at step %2").arg(i).arg(n)));
            if (i < 8 && !read(int(i), n) && b.getHitFraction() != 1.0) // plain: never swept
                QFAIL(qPrintable(QString("body %1's hit fraction is %2 at step %3")
                                     .arg(i)
                                     .arg(b.getHitFraction())
                                     .arg(n)));
        }
        btTransform ma, mb;
        bullet.motion->getWorldTransform(ma);
        ours.motion->getWorldTransform(mb);
        if (!same(ma, mb)) QFAIL(qPrintable(QString("the motion state differs at step %1").arg(n)));
        lowest3 = std::min(lowest3, double(bullet.bodies[3]->getCenterOfMassPosition().z()));
        swing0 = std::max(swing0, double((bullet.bodies[0]->getCenterOfMassPosition() - start0).length()));
        if (n == kLosesProxy - 1) rested2 = bullet.bodies[2]->getCenterOfMassPosition().z();
    }
    landed7 = bullet.bodies[7]->getCenterOfMassPosition().z();
    sunk2 = bullet.bodies[2]->getCenterOfMassPosition().z();
    // box half-heights: body 2 0.25 m, body 3 0.15 m, body 7 0.2 m (the rig's extents, turned a little)
    QVERIFY2(lowest3 > 0.0, qPrintable(QString("the fast box went through the ground: z = %1").arg(lowest3)));
    QVERIFY2(std::abs(rested2 - 0.25) < 0.05, qPrintable(QString("body 2 rests at z = %1").arg(rested2)));
    QVERIFY2(std::abs(landed7 - 0.2) < 0.05, qPrintable(QString("body 7 lies at z = %1").arg(landed7)));
    // from rest on the ground at step 500, 1.92 s of free fall: g t^2 / 2 = 18.1 m below it
    QVERIFY2(sunk2 < -15.0, qPrintable(QString("body 2 did not fall through: z = %1").arg(sunk2)));
    QVERIFY2(swing0 > 0.5, qPrintable(QString("the pendulum barely moved: %1 m").arg(swing0)));
    qInfo("fast box lowest z %.3f m; body 2 rested at %.3f m, then fell to %.1f m; body 7 landed at %.3f m; "
          "pendulum swung %.2f m",
          lowest3, rested2, sunk2, landed7, swing0);
}

QTEST_GUILESS_MAIN(TstIslandBatchWorld)
#include "tst_island_batch_world.moc"
