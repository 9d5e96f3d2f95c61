#pragma once
// The foundation demo: a Bullet rigid box hung from a fixed pivot by a point-to-point constraint, so it
// swings along a circular test curve. Replaced in the GUI by the track simulation once trains exist.
#include "core/geometry/Frame.h"

#include <memory>
#include <vector>

class btDefaultCollisionConfiguration;
class btCollisionDispatcher;
class btBroadphaseInterface;
class btSequentialImpulseConstraintSolver;
class btDiscreteDynamicsWorld;
class btBoxShape;
class btRigidBody;
class btPoint2PointConstraint;

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

} // namespace tl
