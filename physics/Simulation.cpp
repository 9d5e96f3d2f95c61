#include "physics/Simulation.h"

#include "physics/BulletEigen.h"
#include "physics/IslandBatchWorld.h"
#include "physics/RowForceSolver.h"
#include "physics/TrackFeeder.h"

#include <btBulletDynamicsCommon.h>

#include <chrono>
#include <cmath>
#include <sstream>

namespace tl {

namespace {
TwistedFrame toWorld(const Pose& X, const TwistedFrame& w) {
    return transformed(X, w);
}
} // namespace

Simulation::Simulation(const Layout& layout, const SimulationOptions& options, const std::string& file)
    : layout_(layout), options_(options), drives_(readTrackDrives(layout, file)) {
    build(parseBodies(layout.spec().bodies, file), parseVehicles(layout.spec().vehicles, layout, file));
    for (const auto& t : parseTrains(layout.spec().trains, layout_, file, options_.rollingStockDirs))
        addTrain(t);
}

Simulation::Simulation(const Layout& layout, std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles,
                       const SimulationOptions& options)
    : layout_(layout), options_(options) {
    build(std::move(bodies), std::move(vehicles));
}

Simulation::~Simulation() {
    for (auto& t : trains_)
        for (auto& c : t->cars) {
            for (auto& p : c.pivots)
                world_->removeConstraint(p.get());
            for (auto& b : c.bogies) {
                world_->removeConstraint(b.joint.get());
                world_->removeRigidBody(b.body.get());
            }
            world_->removeRigidBody(c.body.get());
        }
    if (ground_) world_->removeRigidBody(ground_.get());
    for (auto& v : vehicles_) {
        world_->removeConstraint(v->joint.get());
        world_->removeRigidBody(v->body.get());
    }
    for (auto& b : bodies_)
        world_->removeRigidBody(b->rigid.get());
}

void Simulation::build(std::vector<BodySpec> bodies, std::vector<VehicleSpec> vehicles) {
    if (!(options_.dt > 0) || !std::isfinite(options_.dt))
        throw SimulationError("dt must be a positive number");
    config_ = std::make_unique<btDefaultCollisionConfiguration>();
    dispatcher_ = std::make_unique<btCollisionDispatcher>(config_.get());
    broadphase_ = std::make_unique<btDbvtBroadphase>();
    solver_ = std::make_unique<RowForceSolver>();
    // Bullet's island batches (cache-friendly) without its O(islands x constraints) lookup.
    world_ = std::make_unique<IslandBatchWorld>(dispatcher_.get(), broadphase_.get(), solver_.get(),
                                                config_.get());
    world_->setGravity(btVector3(0, 0, -options_.gravity));
    world_->getSolverInfo().m_numIterations = options_.solverIterations;
    switchStates_ = layout_.initialSwitchStates();
    telemetry_.setWindow(options_.telemetryWindow);
    if (options_.groundPlane) addGround();

    for (auto& spec : bodies) {
        auto b = std::make_unique<Body>();
        b->spec = spec;
        const Vec3 half = spec.box / 2;
        b->shape = std::make_unique<btBoxShape>(toBt(half));
        const bool dynamic = spec.motion == BodySpec::Motion::Dynamic;
        const double mass = dynamic ? spec.mass : 0.0;
        btVector3 inertia(0, 0, 0);
        if (dynamic) b->shape->calculateLocalInertia(mass, inertia);
        btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, b->shape.get(), inertia);
        ci.m_startWorldTransform = toBt(spec.pose);
        ci.m_linearDamping = ci.m_angularDamping = 0;
        b->rigid = std::make_unique<btRigidBody>(ci);
        if (!dynamic)
            b->rigid->setCollisionFlags(b->rigid->getCollisionFlags() |
                                        btCollisionObject::CF_KINEMATIC_OBJECT);
        b->rigid->setActivationState(DISABLE_DEACTIVATION);
        addToWorld(*b->rigid, false); // track bodies collide with nothing
        if (dynamic) {
            if (!spec.gravity) {
                b->rigid->setFlags(b->rigid->getFlags() | BT_DISABLE_WORLD_GRAVITY);
                b->rigid->setGravity(btVector3(0, 0, 0));
            }
            b->rigid->setLinearVelocity(toBt(spec.linearVelocity));
            b->rigid->setAngularVelocity(toBt(spec.angularVelocity));
        }
        bodies_.push_back(std::move(b));
    }
    trackBody_.assign(layout_.trackCount(), -1);
    for (std::size_t t = 0; t < layout_.trackCount(); ++t) {
        const Track& tr = layout_.track(t);
        if (tr.onGround()) continue;
        trackBody_[t] = bodyIndex(tr.body());
        if (trackBody_[t] < 0)
            throw SimulationError("track \"" + tr.id() + "\" sits on body \"" + tr.body() +
                                  "\", which is not in the \"bodies\" section");
    }
    setKinematicPoses(0.0);
    for (const auto& v : vehicles)
        addVehicle(v);
}

int Simulation::bodyIndex(const std::string& id) const {
    for (std::size_t i = 0; i < bodies_.size(); ++i)
        if (bodies_[i]->spec.id == id) return int(i);
    return -1;
}

int Simulation::vehicleIndex(const std::string& id) const {
    for (std::size_t i = 0; i < vehicles_.size(); ++i)
        if (vehicles_[i]->spec.id == id) return int(i);
    return -1;
}

Pose Simulation::bodyPose(int b) const {
    return toEigen(bodies_.at(std::size_t(b))->rigid->getCenterOfMassTransform());
}

btRigidBody& Simulation::trackBody(int track) {
    const int b = trackBody_.at(std::size_t(track));
    return b < 0 ? btTypedConstraint::getFixedBody() : *bodies_[std::size_t(b)]->rigid;
}

Pose Simulation::trackBodyPose(int track) const {
    const int b = trackBody_.at(std::size_t(track));
    return b < 0 ? Pose::Identity() : bodyPose(b);
}

// Kinematic bodies follow their prescribed motion; Bullet derives their velocity from the previous pose
// (btRigidBody::saveKinematicState), which is exact for a constant rate.
void Simulation::setKinematicPoses(double t) {
    for (auto& b : bodies_) {
        if (b->spec.motion != BodySpec::Motion::Kinematic) continue;
        b->rigid->setWorldTransform(toBt(b->spec.poseAt(t)));
        b->rigid->setInterpolationWorldTransform(toBt(b->spec.poseAt(t - options_.dt)));
        b->rigid->setLinearVelocity(toBt(b->spec.linearVelocity));
        b->rigid->setAngularVelocity(toBt(b->spec.angularVelocity));
    }
}

void Simulation::addVehicle(const VehicleSpec& spec) {
    auto v = std::make_unique<Vehicle>();
    v->spec = spec;
    v->position.track = layout_.trackIndex(spec.track);
    if (v->position.track < 0)
        throw SimulationError("vehicle \"" + spec.id + "\": unknown track " + spec.track);
    v->position.s = spec.s;
    v->position.direction = spec.direction;
    const Track& tr = layout_.track(std::size_t(v->position.track));
    const Pose XB = trackBodyPose(v->position.track);
    const TwistedFrame w = toWorld(XB, tr.localFrame(spec.s));

    // Body axes: x where the vehicle faces (direction * T), z = wF.B; COM cgHeight above the anchor.
    const Pose anchor = Vehicle::anchorInBody(spec.cgHeight, spec.direction);
    Pose XA = Pose::Identity();
    XA.linear().col(0) = w.F.T;
    XA.linear().col(1) = w.wN;
    XA.linear().col(2) = w.wB;
    XA.translation() = w.F.P;
    const Pose Xbody = XA * anchor.inverse();

    v->shape = std::make_unique<btBoxShape>(toBt(Vec3(spec.box / 2)));
    btVector3 inertia;
    v->shape->calculateLocalInertia(spec.mass, inertia);
    btRigidBody::btRigidBodyConstructionInfo ci(spec.mass, nullptr, v->shape.get(), inertia);
    ci.m_startWorldTransform = toBt(Xbody);
    ci.m_linearDamping = ci.m_angularDamping = 0;
    v->body = std::make_unique<btRigidBody>(ci);
    v->body->setActivationState(DISABLE_DEACTIVATION);

    // Railed velocity: the track point's velocity plus speed along the track, rotating with wF.
    btRigidBody& B = trackBody(v->position.track);
    const Vec3 comB = toEigen(B.getCenterOfMassPosition());
    const Vec3 wB = toEigen(B.getAngularVelocity());
    const double vT = spec.direction * spec.speed; // along +T [m/s]
    const Vec3 omega = wB + vT * w.omega();
    const Vec3 vAnchor = toEigen(B.getLinearVelocity()) + wB.cross(w.F.P - comB) + vT * w.F.T;
    const Vec3 com = Xbody.translation();
    v->body->setLinearVelocity(toBt(Vec3(vAnchor + omega.cross(com - w.F.P))));
    v->body->setAngularVelocity(toBt(omega));
    addToWorld(*v->body, false);

    v->joint = std::make_unique<TrackJointConstraint>(*v->body, anchor, B);
    if (spec.stiffness && spec.damping)
        v->joint->setStiffnessDamping(*spec.stiffness, *spec.damping);
    else
        v->joint->setErpCfm(spec.erp, spec.cfm);
    if (spec.motor) v->joint->setMotor(true, spec.direction * spec.motor->targetSpeed, spec.motor->maxForce);
    v->joint->setTrackFrame(tr.localFrame(spec.s));
    world_->addConstraint(v->joint.get(), true);
    vehicles_.push_back(std::move(v));
    telemetry_.setSourceIds(vehicleIds(), trainIds());
}

void Simulation::step() {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const double dt = options_.dt;
    setKinematicPoses(time_);
    for (auto& v : vehicles_) {
        if (!v->railed) continue;
        v->joint->setTrackFrame(layout_.track(std::size_t(v->position.track)).localFrame(v->position.s));
        v->FTBefore = v->joint->trackFrameInWorld().F.T;
    }
    trainsBeforeStep();
    const auto t1 = Clock::now();
    world_->stepSimulation(dt, 0, dt);
    const auto t2 = Clock::now();
    time_ += dt;
    setKinematicPoses(time_);
    for (int i = 0; i < vehicleCount(); ++i) {
        checkFinite(i);
        if (vehicles_[std::size_t(i)]->railed) feedVehicle(i);
        updateVehicleRider(i); // every step: the filter is run-time state a replay must reproduce
        if (options_.recordTelemetry) record(i);
    }
    trainsAfterStep();
    const auto t3 = Clock::now();
    profile_.before += std::chrono::duration<double>(t1 - t0).count();
    profile_.bullet += std::chrono::duration<double>(t2 - t1).count();
    profile_.after += std::chrono::duration<double>(t3 - t2).count();
    ++profile_.steps;
}

void Simulation::feedVehicle(int i) {
    Vehicle& v = *vehicles_[std::size_t(i)];
    const Track& tr = layout_.track(std::size_t(v.position.track));
    const Vec3 AP = v.joint->anchorInWorld().P;
    const Vec3 FP = trackBodyPose(v.position.track) * tr.localFrame(v.position.s).F.P; // F.P(s, t+dt)
    const FeedResult r = feedTrack(layout_, switchStates_, v.position, AP, FP, v.FTBefore);
    v.position = r.position;
    if (r.openEnd) {
        TrackEvent e;
        e.t = time_;
        e.vehicle = i;
        e.track = v.position.track;
        e.atEnd = r.end == TrackEnd::End;
        e.s = v.position.s;
        e.speed = vehicleSpeed(i);
        std::ostringstream msg;
        msg << "vehicle " << v.spec.id << " ran off the open " << endName(r.end) << " of track "
            << layout_.track(std::size_t(e.track)).id() << " at t = " << time_ << " s";
        e.message = msg.str();
        telemetry_.addEvent(e);
        release(i, e.message);
        return;
    }
    if (r.crossings > 0) {
        // The joint now refers to another track, possibly on another body.
        world_->removeConstraint(v.joint.get());
        auto next = std::make_unique<TrackJointConstraint>(
            *v.body, Vehicle::anchorInBody(v.spec.cgHeight, v.position.direction),
            trackBody(v.position.track));
        next->setTrackFrame(layout_.track(std::size_t(v.position.track)).localFrame(v.position.s));
        next->continueFrom(*v.joint); // the last step's row forces stay readable (telemetry, checks)
        if (v.spec.stiffness && v.spec.damping)
            next->setStiffnessDamping(*v.spec.stiffness, *v.spec.damping);
        else
            next->setErpCfm(v.spec.erp, v.spec.cfm);
        v.joint = std::move(next);
        world_->addConstraint(v.joint.get(), true);
    }
    if (v.spec.motor)
        v.joint->setMotor(true, v.position.direction * v.spec.motor->targetSpeed, v.spec.motor->maxForce);
    v.joint->setTrackFrame(layout_.track(std::size_t(v.position.track)).localFrame(v.position.s));
}

void Simulation::release(int i, const std::string&) {
    Vehicle& v = *vehicles_[std::size_t(i)];
    v.railed = false;
    v.joint->setEnabled(false);
}

void Simulation::checkFinite(int i) const {
    const Vehicle& v = *vehicles_[std::size_t(i)];
    const btTransform& X = v.body->getCenterOfMassTransform();
    const btVector3 vals[] = {X.getOrigin(),
                              v.body->getLinearVelocity(),
                              v.body->getAngularVelocity(),
                              X.getBasis()[0],
                              X.getBasis()[1],
                              X.getBasis()[2]};
    bool ok = true;
    for (const auto& x : vals)
        ok = ok && std::isfinite(x.x()) && std::isfinite(x.y()) && std::isfinite(x.z());
    for (double f : v.joint->rowForces())
        ok = ok && std::isfinite(f);
    if (!ok) {
        std::ostringstream msg;
        msg << "simulation stopped at t = " << time_ << " s: vehicle \"" << v.spec.id
            << "\" has a non-finite state (position, velocity or constraint force)";
        throw SimulationError(msg.str());
    }
}

double Simulation::vehicleSpeed(int i) const {
    const Vehicle& v = *vehicles_.at(std::size_t(i));
    const Vec3 AP = v.joint->anchorInWorld().P;
    const Vec3 va =
        toEigen(v.body->getVelocityInLocalPoint(toBt(Vec3(AP - toEigen(v.body->getCenterOfMassPosition())))));
    const btRigidBody& B = v.joint->getRigidBodyB();
    const Vec3 vp = toEigen(B.getVelocityInLocalPoint(toBt(Vec3(AP - toEigen(B.getCenterOfMassPosition())))));
    if (!v.railed) return (va - vp).norm();
    const Vec3 T = v.joint->trackFrameInWorld().F.T;
    return v.position.direction * T.dot(va - vp);
}

Vec3 Simulation::anchorPosition(int i) const {
    return vehicles_.at(std::size_t(i))->joint->anchorInWorld().P;
}

double Simulation::vehicleEnergy(int i) const {
    const btRigidBody& b = *vehicles_.at(std::size_t(i))->body;
    const double m = 1.0 / b.getInvMass();
    const Vec3 v = toEigen(b.getLinearVelocity()), w = toEigen(b.getAngularVelocity());
    const btVector3 Iw = b.getInvInertiaTensorWorld().inverse() * toBt(w);
    return 0.5 * m * v.squaredNorm() + 0.5 * w.dot(toEigen(Iw)) +
           m * options_.gravity * b.getCenterOfMassPosition().z();
}

void Simulation::record(int i) {
    const Vehicle& v = *vehicles_[std::size_t(i)];
    TelemetrySample s;
    s.t = time_;
    s.vehicle = i;
    s.track = v.position.track;
    s.s = v.position.s;
    s.speed = vehicleSpeed(i);
    const Vec3 AP = anchorPosition(i);
    s.x = AP.x();
    s.y = AP.y();
    s.z = AP.z();
    s.railed = v.railed;
    s.rider = vehicles_[std::size_t(i)]->rider.last;
    if (v.railed) {
        const TrackJointRows rows = computeTrackJointRows(v.joint->currentState(options_.dt));
        for (int k = 0; k < 5; ++k)
            s.e[std::size_t(k)] = rows.row[std::size_t(k)].e;
        s.f = v.joint->rowForces();
    }
    telemetry_.add(s);
}

void Simulation::runUntil(double t, const std::function<void(double)>& progress, bool stopWhenAllReleased) {
    double nextReport = std::floor(time_) + 1.0;
    while (time_ < t - 0.5 * options_.dt) {
        step();
        if (progress && time_ >= nextReport) {
            progress(time_);
            nextReport += 1.0;
        }
        if (stopWhenAllReleased) {
            bool any = false;
            for (const auto& v : vehicles_)
                any = any || v->railed;
            for (const auto& tr : trains_)
                for (const auto& c : tr->cars)
                    any = any || !c.derailed;
            if (!any) break;
        }
    }
}

std::vector<std::string> Simulation::vehicleIds() const {
    std::vector<std::string> ids;
    for (const auto& v : vehicles_)
        ids.push_back(v->spec.id);
    return ids;
}

std::vector<std::string> Simulation::trackIds() const {
    std::vector<std::string> ids;
    for (const auto& t : layout_.tracks())
        ids.push_back(t.id());
    return ids;
}

} // namespace tl
