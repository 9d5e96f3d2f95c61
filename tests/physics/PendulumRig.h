#pragma once
// Test rig: a Bullet rigid box hung from a fixed pivot by a point-to-point constraint, so it swings along a
// circle (a compound pendulum to check Bullet's integration against its closed-form period). It was the
// foundation issue's first GUI demo before tracks existed.
#include "core/geometry/Frame.h"

#include <btBulletDynamicsCommon.h>

#include <cmath>

#include <memory>
#include <vector>

namespace tl {

struct PendulumDemoParams {
    double length = 10.0;          // pivot to COM [m]
    double boxSide = 1.0;          // cube side [m]
    double mass = 1000.0;          // [kg]
    double startAngle = 0.6;       // initial swing angle from the vertical [rad], in the x-z plane
    Vec3 pivot = Vec3(0, 0, 12.0); // world pivot [m]
    double dt = 1.0 / 240.0;       // fixed step [s]
    double gravity = 9.81;         // [m/s^2]
};

class PendulumDemo {
public:
    explicit PendulumDemo(const PendulumDemoParams& params = {});
    ~PendulumDemo();
    PendulumDemo(const PendulumDemo&) = delete;
    PendulumDemo& operator=(const PendulumDemo&) = delete;

    void step();                  // one fixed step of params().dt
    void advance(double seconds); // as many fixed steps as fit, the remainder carried to the next call

    double time() const { return m_time; }               // simulated time [s]
    double angle() const;                                // swing angle from the vertical [rad], + towards +x
    double speed() const;                                // COM speed [m/s]
    Pose bodyPose() const;                               // COM pose in the world
    std::vector<Vec3> testCurve(int samples = 64) const; // the circle arc the COM moves on
    const PendulumDemoParams& params() const { return m_params; }

private:
    PendulumDemoParams m_params;
    double m_time = 0.0;
    double m_pending = 0.0; // real time not yet simulated [s]
    std::unique_ptr<btDefaultCollisionConfiguration> m_config;
    std::unique_ptr<btCollisionDispatcher> m_dispatcher;
    std::unique_ptr<btBroadphaseInterface> m_broadphase;
    std::unique_ptr<btSequentialImpulseConstraintSolver> m_solver;
    std::unique_ptr<btDiscreteDynamicsWorld> m_world;
    std::unique_ptr<btBoxShape> m_shape;
    std::unique_ptr<btRigidBody> m_body;
    std::unique_ptr<btPoint2PointConstraint> m_joint;
};

inline PendulumDemo::PendulumDemo(const PendulumDemoParams& p) : m_params(p) {
    m_config = std::make_unique<btDefaultCollisionConfiguration>();
    m_dispatcher = std::make_unique<btCollisionDispatcher>(m_config.get());
    m_broadphase = std::make_unique<btDbvtBroadphase>();
    m_solver = std::make_unique<btSequentialImpulseConstraintSolver>();
    m_world = std::make_unique<btDiscreteDynamicsWorld>(m_dispatcher.get(), m_broadphase.get(),
                                                        m_solver.get(), m_config.get());
    m_world->setGravity(btVector3(0, 0, -p.gravity));
    m_world->getSolverInfo().m_numIterations = 20;

    const double h = 0.5 * p.boxSide;
    m_shape = std::make_unique<btBoxShape>(btVector3(h, h, h));
    btVector3 inertia(0, 0, 0);
    m_shape->calculateLocalInertia(p.mass, inertia);
    btTransform start;
    start.setIdentity();
    start.setOrigin(btVector3(p.pivot.x() + p.length * std::sin(p.startAngle), p.pivot.y(),
                              p.pivot.z() - p.length * std::cos(p.startAngle)));
    btRigidBody::btRigidBodyConstructionInfo info(p.mass, nullptr, m_shape.get(), inertia);
    info.m_startWorldTransform = start;
    m_body = std::make_unique<btRigidBody>(info);
    m_body->setActivationState(DISABLE_DEACTIVATION);
    m_world->addRigidBody(m_body.get());

    const btVector3 pivotInBody = start.inverse() * btVector3(p.pivot.x(), p.pivot.y(), p.pivot.z());
    m_joint = std::make_unique<btPoint2PointConstraint>(*m_body, pivotInBody);
    m_world->addConstraint(m_joint.get());
}

inline PendulumDemo::~PendulumDemo() {
    m_world->removeConstraint(m_joint.get());
    m_world->removeRigidBody(m_body.get());
}

inline void PendulumDemo::step() {
    m_world->stepSimulation(m_params.dt, 0); // maxSubSteps = 0: exactly one step of dt
    m_time += m_params.dt;
}

inline void PendulumDemo::advance(double seconds) {
    m_pending += seconds;
    while (m_pending >= m_params.dt) {
        step();
        m_pending -= m_params.dt;
    }
}

inline double PendulumDemo::angle() const {
    const btVector3 c = m_body->getCenterOfMassPosition();
    return std::atan2(c.x() - m_params.pivot.x(), m_params.pivot.z() - c.z());
}

inline double PendulumDemo::speed() const {
    return m_body->getLinearVelocity().length();
}

inline Pose PendulumDemo::bodyPose() const {
    const btTransform& t = m_body->getCenterOfMassTransform();
    Pose X = Pose::Identity();
    const btMatrix3x3& b = t.getBasis();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            X.linear()(i, j) = b[i][j];
    X.translation() = Vec3(t.getOrigin().x(), t.getOrigin().y(), t.getOrigin().z());
    return X;
}

inline std::vector<Vec3> PendulumDemo::testCurve(int samples) const {
    std::vector<Vec3> pts;
    const double a0 = -1.2 * std::abs(m_params.startAngle), a1 = -a0;
    for (int i = 0; i <= samples; ++i) {
        const double a = a0 + (a1 - a0) * i / samples;
        pts.push_back(m_params.pivot + m_params.length * Vec3(std::sin(a), 0, -std::cos(a)));
    }
    return pts;
}

} // namespace tl
