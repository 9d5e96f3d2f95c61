#include "physics/rail/RailedBody.h"

#include "physics/joint/BulletEigen.h"
#include "physics/world/RowForceSolver.h"

#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <numbers>

namespace tl {

RailedBody::RailedBody(RailedBody&&) noexcept = default;
RailedBody& RailedBody::operator=(RailedBody&&) noexcept = default;
RailedBody::~RailedBody() { // the joint and the body before the shape they use (declared after them)
    joint.reset();
    body.reset();
}

Pose RailedBody::anchorInBody(double cgHeight, int direction) {
    Pose X = Pose::Identity();
    if (direction < 0) X.linear() = Eigen::AngleAxisd(std::numbers::pi, Vec3::UnitZ()).toRotationMatrix();
    X.translation() = Vec3(0, 0, -cgHeight);
    return X;
}

void RailedBody::makeBody(const Vec3& box, double mass, double friction, const TwistedFrame& w,
                          const btRigidBody& B, double speed) {
    Pose XA = Pose::Identity(); // the anchor on the track: x = wF.T, y = wF.N, z = wF.B
    XA.linear().col(0) = w.F.T;
    XA.linear().col(1) = w.wN;
    XA.linear().col(2) = w.wB;
    XA.translation() = w.F.P;
    const Pose X = XA * anchor().inverse();
    body = makeBoxBody(shape, box, mass, friction, X);
    // Railed velocity: the track point's velocity plus the speed along the track, rotating with wF.
    const Vec3 comB = toEigen(B.getCenterOfMassPosition()), wB = toEigen(B.getAngularVelocity());
    const double vT = position.direction * speed; // along +wF.T [m/s]
    const Vec3 omega = wB + vT * w.omega();
    const Vec3 vAnchor = toEigen(B.getLinearVelocity()) + wB.cross(w.F.P - comB) + vT * w.F.T;
    body->setLinearVelocity(toBt(Vec3(vAnchor + omega.cross(Vec3(X.translation() - w.F.P)))));
    body->setAngularVelocity(toBt(omega));
}

std::unique_ptr<TrackJointConstraint> RailedBody::makeJoint(btRigidBody& trackBody, bool trackOnGround,
                                                            const TwistedFrame& wFLocal) const {
    auto j = std::make_unique<TrackJointConstraint>(*body, anchor(), trackBody, trackOnGround);
    if (params.stiffness && params.damping)
        j->setStiffnessDamping(*params.stiffness, *params.damping);
    else
        j->setErpCfm(params.erp, params.cfm);
    j->setTrackFrame(wFLocal);
    return j;
}

void RailedBody::linkWarmStart() {
    if (joint) RowForceSolver::setWarmStart(*joint, &jointImpulses);
}

double RailedBody::speed() const {
    const Vec3 AP = joint->anchorPointInWorld();
    const Vec3 va =
        toEigen(body->getVelocityInLocalPoint(toBt(Vec3(AP - toEigen(body->getCenterOfMassPosition())))));
    const btRigidBody& B = joint->getRigidBodyB();
    const Vec3 vp = toEigen(B.getVelocityInLocalPoint(toBt(Vec3(AP - toEigen(B.getCenterOfMassPosition())))));
    if (!railed) return (va - vp).norm();
    return position.direction * joint->trackTangentInWorld().dot(va - vp);
}

Vec3 RailedBody::anchorPoint() const {
    return joint->anchorPointInWorld();
}

std::unique_ptr<btRigidBody> makeBoxBody(std::unique_ptr<btBoxShape>& shape, const Vec3& box, double mass,
                                         double friction, const Pose& X) {
    shape = std::make_unique<btBoxShape>(toBt(Vec3(box / 2)));
    btVector3 inertia;
    shape->calculateLocalInertia(mass, inertia);
    btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, shape.get(), inertia);
    ci.m_startWorldTransform = toBt(X);
    ci.m_linearDamping = ci.m_angularDamping = 0;
    ci.m_friction = friction;
    auto body = std::make_unique<btRigidBody>(ci);
    body->setActivationState(DISABLE_DEACTIVATION);
    return body;
}

double bodyEnergy(const btRigidBody& b, double gravity) {
    const double m = 1.0 / b.getInvMass();
    const Vec3 v = toEigen(b.getLinearVelocity()), w = toEigen(b.getAngularVelocity());
    const btVector3 Iw = b.getInvInertiaTensorWorld().inverse() * toBt(w);
    return 0.5 * m * v.squaredNorm() + 0.5 * w.dot(toEigen(Iw)) +
           m * gravity * b.getCenterOfMassPosition().z();
}

bool bodyFinite(const btRigidBody& b) {
    const btTransform& X = b.getCenterOfMassTransform();
    const btVector3 vals[] = {X.getOrigin(),   b.getLinearVelocity(), b.getAngularVelocity(),
                              X.getBasis()[0], X.getBasis()[1],       X.getBasis()[2]};
    for (const auto& x : vals)
        if (!std::isfinite(x.x()) || !std::isfinite(x.y()) || !std::isfinite(x.z())) return false;
    return true;
}

double RailedBody::energy(double gravity) const {
    return bodyEnergy(*body, gravity);
}

bool RailedBody::finite() const {
    if (!bodyFinite(*body)) return false;
    for (double f : joint->rowForces())
        if (!std::isfinite(f)) return false;
    return true;
}

} // namespace tl
