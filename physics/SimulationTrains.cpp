// Simulation: trains of cars on bogies (Train.h), driving (Traction.h), derailment (Derailment.h).
#include "physics/BulletEigen.h"
#include "physics/RowForceSolver.h"
#include "physics/Simulation.h"
#include "physics/TrackFeeder.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tl {

namespace {
std::unique_ptr<btRigidBody> makeBox(std::unique_ptr<btBoxShape>& shape, const Vec3& box, double mass,
                                     const Pose& X) {
    shape = std::make_unique<btBoxShape>(toBt(Vec3(box / 2)));
    btVector3 inertia;
    shape->calculateLocalInertia(mass, inertia);
    btRigidBody::btRigidBodyConstructionInfo ci(mass, nullptr, shape.get(), inertia);
    ci.m_startWorldTransform = toBt(X);
    ci.m_linearDamping = ci.m_angularDamping = 0;
    ci.m_friction = 0.6;
    auto body = std::make_unique<btRigidBody>(ci);
    body->setActivationState(DISABLE_DEACTIVATION);
    return body;
}
} // namespace

void Simulation::addGround() {
    double zmin = 0.0;
    bool any = false;
    for (std::size_t t = 0; t < layout_.trackCount(); ++t) {
        const double L = layout_.track(t).length();
        const int n = std::max(2, int(L / 5.0) + 1);
        for (int k = 0; k <= n; ++k) {
            const double z = layout_.frameInWorld(t, L * k / n).F.P.z();
            zmin = any ? std::min(zmin, z) : z;
            any = true;
        }
    }
    groundShape_ = std::make_unique<btStaticPlaneShape>(btVector3(0, 0, 1), zmin - options_.groundDepth);
    btRigidBody::btRigidBodyConstructionInfo ci(0.0, nullptr, groundShape_.get());
    ci.m_friction = 0.6;
    ground_ = std::make_unique<btRigidBody>(ci);
    addGroundToWorld();
}

int Simulation::trainIndex(const std::string& id) const {
    for (std::size_t i = 0; i < trains_.size(); ++i)
        if (trains_[i]->spec.id == id) return int(i);
    return -1;
}

std::vector<std::string> Simulation::trainIds() const {
    std::vector<std::string> ids;
    for (const auto& t : trains_)
        ids.push_back(t->spec.id);
    return ids;
}

int Simulation::bogieCount() const {
    int n = 0;
    for (const auto& t : trains_)
        for (const auto& c : t->cars)
            n += int(c.bogies.size());
    return n;
}

void Simulation::setThrottle(int train, double throttle) {
    trains_.at(std::size_t(train))->drive.throttle = std::clamp(throttle, 0.0, 1.0);
}
void Simulation::setBrake(int train, double brake) {
    trains_.at(std::size_t(train))->drive.brake = std::clamp(brake, 0.0, 1.0);
}
void Simulation::setDirection(int train, int direction) {
    trains_.at(std::size_t(train))->drive.direction = direction < 0 ? -1 : +1;
}

std::unique_ptr<TrackJointConstraint> Simulation::makeBogieJoint(Bogie& b, const RollingStockSpec& stock) {
    auto j = std::make_unique<TrackJointConstraint>(
        *b.body, Vehicle::anchorInBody(stock.bogies.cgHeight, b.position.direction),
        trackBody(b.position.track));
    j->setErpCfm(options_.trackJointErp, 0.0);
    j->setTrackFrame(layout_.track(std::size_t(b.position.track)).localFrame(b.position.s));
    return j;
}

void Simulation::addTrain(const TrainSpec& spec) {
    auto train = std::make_unique<Train>();
    train->spec = spec;
    const int track = layout_.trackIndex(spec.track);
    if (track < 0) throw SimulationError("train \"" + spec.id + "\": unknown track " + spec.track);
    const TrackPosition head{track, spec.s, spec.direction};
    double behind = 0.0; // distance of the current car's centre behind the head car's centre [m]
    for (std::size_t c = 0; c < spec.cars.size(); ++c) {
        if (c > 0) behind += 0.5 * (spec.cars[c - 1].body.length + spec.cars[c].body.length);
        const AdvanceResult a = layout_.advance(head, -behind, switchStates_);
        if (a.stoppedAtOpenEnd)
            throw SimulationError("train \"" + spec.id + "\": car " + std::to_string(c) +
                                  " does not fit on the track behind the head (open end)");
        addCar(*train, spec.cars[c], a.position, spec.speed);
    }
    for (std::size_t c = 1; c < train->cars.size(); ++c)
        addCoupler(*train, int(c - 1), int(c));
    trains_.push_back(std::move(train));
    telemetry_.setSourceIds(vehicleIds(), trainIds());
}

void Simulation::addCar(Train& train, const RollingStockSpec& stock, const TrackPosition& centre,
                        double speed) {
    Car car;
    car.stock = stock;
    const int nb = stock.bogies.count;
    const double g = options_.gravity;
    Vec3 Psum = Vec3::Zero(), up = Vec3::Zero(), vsum = Vec3::Zero(), wsum = Vec3::Zero();
    std::vector<Vec3> P;
    for (int k = 0; k < nb; ++k) {
        const double off = nb == 2 ? (k == 0 ? 0.5 : -0.5) * stock.bogies.spacing : 0.0;
        const AdvanceResult a = layout_.advance(centre, off, switchStates_);
        if (a.stoppedAtOpenEnd)
            throw SimulationError("train \"" + train.spec.id + "\": a bogie does not fit on the track");
        Bogie b;
        b.position = a.position;
        const Track& tr = layout_.track(std::size_t(b.position.track));
        const TwistedFrame w = transformed(trackBodyPose(b.position.track), tr.localFrame(b.position.s));
        const Pose anchor = Vehicle::anchorInBody(stock.bogies.cgHeight, b.position.direction);
        Pose XA = Pose::Identity();
        XA.linear().col(0) = w.F.T;
        XA.linear().col(1) = w.wN;
        XA.linear().col(2) = w.wB;
        XA.translation() = w.F.P;
        const Pose Xb = XA * anchor.inverse();
        b.body = makeBox(b.shape, stock.bogies.box, stock.bogies.mass, Xb);
        // Railed velocity (as Simulation::addVehicle): the track point's velocity plus speed along the track.
        btRigidBody& B = trackBody(b.position.track);
        const Vec3 comB = toEigen(B.getCenterOfMassPosition()), wB = toEigen(B.getAngularVelocity());
        const double vT = b.position.direction * speed;
        const Vec3 omega = wB + vT * w.omega();
        const Vec3 vAnchor = toEigen(B.getLinearVelocity()) + wB.cross(w.F.P - comB) + vT * w.F.T;
        const Vec3 vCom = vAnchor + omega.cross(Vec3(Xb.translation() - w.F.P));
        b.body->setLinearVelocity(toBt(vCom));
        b.body->setAngularVelocity(toBt(omega));
        addToWorld(*b.body, false);
        b.joint = makeBogieJoint(b, stock);
        world_->addConstraint(b.joint.get(), true);
        b.staticLoad = (stock.body.mass / nb + stock.bogies.mass) * g;
        b.load = b.staticLoad;
        P.push_back(Xb.translation());
        Psum += Xb.translation();
        up += w.wB;
        vsum += vCom;
        wsum += omega;
        car.bogies.push_back(std::move(b));
    }
    // Car body: x from the rear to the front pivot (the bogie's x with one bogie), z the mean track up.
    const Pose X0 = toEigen(car.bogies[0].body->getCenterOfMassTransform());
    const Vec3 x = nb == 2 ? Vec3((P[0] - P[1]).normalized()) : Vec3(X0.linear().col(0));
    Vec3 z = up / nb;
    z = (z - x * x.dot(z)).normalized();
    Pose Xc = Pose::Identity();
    Xc.linear().col(0) = x;
    Xc.linear().col(1) = z.cross(x);
    Xc.linear().col(2) = z;
    const Vec3 pivotMid = Psum / nb;
    Xc.translation() = pivotMid + z * (stock.body.cgHeight - stock.bogies.cgHeight);
    car.body =
        makeBox(car.shape, Vec3(stock.body.length, stock.body.width, stock.body.height), stock.body.mass, Xc);
    const Vec3 wc = wsum / nb;
    car.body->setLinearVelocity(toBt(Vec3(vsum / nb + wc.cross(Vec3(Xc.translation() - pivotMid)))));
    car.body->setAngularVelocity(toBt(wc));
    addToWorld(*car.body, false);

    // Pivots: position locked, yaw and pitch free with two bogies (all locked with one). With two bogies the
    // roll is free at the pivots and a roll spring (applyRollSpring) ties the body's roll to the MEAN roll
    // of its bogies, so a twisting track (the bogies rolling against each other) loads nothing, while a
    // lateral load leans the body by ~1/140 rad per g and splits its roll moment evenly over the bogies.
    const double Iroll =
        stock.body.mass * (std::pow(stock.body.width, 2) + std::pow(stock.body.height, 2)) / 12;
    car.rollStiffness = 100.0 * stock.body.mass * g * stock.body.cgHeight; // [N m/rad]
    car.rollDamping = 0.3 * std::sqrt(car.rollStiffness * Iroll);          // [N m s/rad]
    for (int k = 0; k < nb; ++k) {
        const Pose Xb = toEigen(car.bogies[std::size_t(k)].body->getCenterOfMassTransform());
        Pose inA = Pose::Identity();
        inA.translation() = Xc.inverse() * Xb.translation();
        Pose inB = Pose::Identity();
        inB.linear() = Xb.linear().transpose() * Xc.linear();
        auto p = std::make_unique<btGeneric6DofSpring2Constraint>(*car.body, *car.bogies[std::size_t(k)].body,
                                                                  toBt(inA), toBt(inB));
        p->setLinearLowerLimit(btVector3(0, 0, 0));
        p->setLinearUpperLimit(btVector3(0, 0, 0));
        const double free = nb == 2 ? 1.0 : 0.0;              // one bogie: the car sits rigidly on it
        p->setAngularLowerLimit(btVector3(free, free, free)); // lower > upper: free
        p->setAngularUpperLimit(btVector3(-free, -free, -free));
        world_->addConstraint(p.get(), true);
        car.pivots.push_back(std::move(p));
    }
    train.cars.push_back(std::move(car));
}

double Simulation::anchorSpeed(const TrackJointConstraint& joint, const btRigidBody& body, bool railed,
                               int direction) const {
    const Vec3 AP = joint.anchorInWorld().P;
    const Vec3 va =
        toEigen(body.getVelocityInLocalPoint(toBt(Vec3(AP - toEigen(body.getCenterOfMassPosition())))));
    const btRigidBody& B = joint.getRigidBodyB();
    const Vec3 vp = toEigen(B.getVelocityInLocalPoint(toBt(Vec3(AP - toEigen(B.getCenterOfMassPosition())))));
    if (!railed) return (va - vp).norm();
    return direction * joint.trackFrameInWorld().F.T.dot(va - vp);
}

void Simulation::driveBogie(const DriveInputs& in, const Car& car, Bogie& b) {
    const double v = anchorSpeed(*b.joint, *b.body, true, b.position.direction);
    const int sigma = b.position.direction * in.direction; // driving direction along +wF.T
    // a chain / booster section of the track moves the bogie instead of its car (TrackDrives.h)
    const std::optional<MotorCommand> section = trackDriveCommand(drives_, b.position);
    const MotorCommand m =
        section ? *section : bogieMotorCommand(in, car.stock, int(car.bogies.size()), sigma, v);
    b.joint->setMotorRange(m.on, m.vTarget, m.forceMin, m.forceMax);
}

void Simulation::trainsBeforeStep() {
    for (int ti = 0; ti < trainCount(); ++ti) {
        Train& t = *trains_[std::size_t(ti)];
        while (t.nextSchedule < t.spec.schedule.size() && t.spec.schedule[t.nextSchedule].t <= time_ + 1e-9) {
            t.drive.throttle = t.spec.schedule[t.nextSchedule].throttle;
            t.drive.brake = t.spec.schedule[t.nextSchedule].brake;
            ++t.nextSchedule;
        }
        // A derailed train has lost its brake pipe: no traction, full (emergency) brake on the railed cars.
        const DriveInputs in = t.derailed ? DriveInputs{0.0, 1.0, t.drive.direction} : t.drive;
        for (auto& car : t.cars) {
            const WheelRailSpec& wr = car.stock.wheelRail;
            for (auto& b : car.bogies) {
                if (!b.railed) continue;
                b.joint->setTrackFrame(layout_.track(std::size_t(b.position.track)).localFrame(b.position.s));
                b.FTBefore = b.joint->trackFrameInWorld().F.T;
                const double Q = std::max(0.0, b.load); // Q of the last step [N]
                constexpr double inf = std::numeric_limits<double>::infinity();
                if (wr.clamped)
                    b.joint->setLimits(inf, inf, inf, -inf); // up-stop and guide wheels
                else
                    b.joint->setLimits(wr.nadalLimit() * Q, inf, Q * 0.5 * wr.gauge);
                driveBogie(in, car, b);
            }
        }
        for (int k = 0; k < int(t.couplers.size()); ++k) {
            applyCoupler(t, t.couplers[std::size_t(k)]);
            checkCouplerLimit(ti, k);
        }
        for (auto& car : t.cars)
            if (car.bogies.size() == 2 && !car.derailed) applyRollSpring(car);
    }
}

// Roll of the body relative to each bogie about the body's x axis; torque -k mean - c mean rate on the body,
// the reaction split evenly over the two bogies (explicit, like the couplers).
void Simulation::applyRollSpring(Car& car) {
    const Pose Xc = toEigen(car.body->getCenterOfMassTransform());
    const Vec3 x = Xc.linear().col(0), zc = Xc.linear().col(2);
    const Vec3 wc = toEigen(car.body->getAngularVelocity());
    double phi = 0, rate = 0;
    for (const auto& b : car.bogies) {
        const Vec3 zb = toEigen(b.body->getCenterOfMassTransform()).linear().col(2);
        phi += 0.5 * std::atan2(x.dot(zb.cross(zc)), zb.dot(zc));
        rate += 0.5 * x.dot(wc - toEigen(b.body->getAngularVelocity()));
    }
    const Vec3 T = (-car.rollStiffness * phi - car.rollDamping * rate) * x;
    car.body->applyTorque(toBt(T));
    for (auto& b : car.bogies)
        b.body->applyTorque(toBt(Vec3(-0.5 * T)));
}

void Simulation::trainsAfterStep() {
    for (int t = 0; t < trainCount(); ++t) {
        checkFiniteTrain(t);
        Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c) {
            const int n = int(tr.cars[std::size_t(c)].bogies.size());
            for (int b = 0; b < n; ++b) {
                if (tr.cars[std::size_t(c)].bogies[std::size_t(b)].railed) feedBogie(t, c, b);
                if (tr.cars[std::size_t(c)].bogies[std::size_t(b)].railed) monitorBogie(t, c, b);
            }
            // every step, recorded or not: the filter is run-time state a replay must reproduce
            updateCarRider(t, c);
            if (options_.recordTelemetry)
                for (int b = 0; b < n; ++b)
                    recordBogie(t, c, b);
        }
    }
}

void Simulation::feedBogie(int t, int c, int bi) {
    Car& car = trains_[std::size_t(t)]->cars[std::size_t(c)];
    Bogie& b = car.bogies[std::size_t(bi)];
    const Track& tr = layout_.track(std::size_t(b.position.track));
    const Vec3 AP = b.joint->anchorInWorld().P;
    const Vec3 FP = trackBodyPose(b.position.track) * tr.localFrame(b.position.s).F.P;
    const FeedResult r = feedTrack(layout_, switchStates_, b.position, AP, FP, b.FTBefore);
    b.position = r.position;
    if (r.openEnd) {
        DerailmentVerdict v;
        v.derailed = true;
        derailCar(t, c, bi, "end of track", v);
        return;
    }
    if (r.crossings > 0) { // the joint now refers to another track, possibly on another body
        world_->removeConstraint(b.joint.get());
        auto next = makeBogieJoint(b, car.stock);
        // Keep the last step's row forces, limits and motor: a fresh joint would report zero forces, so
        // the load Q read next (monitorBogie) would be 0 and the next step's lateral and roll limits
        // (Nadal x Q, Q x gauge/2) would clamp f1 and f3 to zero for one step, then a catch-up spike.
        next->continueFrom(*b.joint);
        b.joint = std::move(next);
        world_->addConstraint(b.joint.get(), true);
    }
    b.joint->setTrackFrame(layout_.track(std::size_t(b.position.track)).localFrame(b.position.s));
}

void Simulation::monitorBogie(int t, int c, int bi) {
    Car& car = trains_[std::size_t(t)]->cars[std::size_t(c)];
    Bogie& b = car.bogies[std::size_t(bi)];
    const WheelRailSpec& wr = car.stock.wheelRail;
    const DerailmentThresholds& th = options_.derailment;
    const auto& f = b.joint->rowForces();
    const TrackJointRows rows = computeTrackJointRows(b.joint->currentState(options_.dt));
    const double latLimit = b.joint->currentState(options_.dt).lateralMax;
    const double rollLimit = b.joint->currentState(options_.dt).rollMax;
    BogieMargins m;
    const double Q = f[1];
    const double Qmin = 1e-6 * b.staticLoad;
    m.yq = std::abs(f[0]) / std::max(Q, Qmin);
    m.yqLimit = wr.nadalLimit();
    m.rollTorque = std::abs(f[2]);
    m.rollLimit = rollLimit;
    m.rollMargin = 1.0 - m.rollTorque / std::max(Q * 0.5 * wr.gauge, Qmin);
    m.e1 = rows.row[0].e;
    m.e2 = rows.row[1].e;
    m.e3 = rows.row[2].e;
    m.lateralSaturated = latLimit > 0 && std::abs(f[0]) >= th.saturated * latLimit;
    m.rollSaturated = rollLimit > 0 && m.rollTorque >= th.saturated * rollLimit;
    m.unloaded = Q <= Qmin;
    b.margins = m;
    b.load = Q;
    // clamped wheels cannot climb: only a lost joint (errors past the thresholds) can derail them
    BogieMargins judged = m;
    if (wr.clamped) judged.yq = 0.0, judged.lateralSaturated = judged.rollSaturated = judged.unloaded = false;
    const DerailmentVerdict v = tl::monitorBogie(b.monitor, judged, th, wr.nadalWindow, options_.dt);
    if (v.derailed) derailCar(t, c, bi, v.cause, v);
}

void Simulation::derailCar(int t, int c, int bi, const std::string& cause, const DerailmentVerdict& v) {
    Train& tr = *trains_[std::size_t(t)];
    Car& car = tr.cars[std::size_t(c)];
    Bogie& trigger = car.bogies[std::size_t(bi)];
    DerailmentEvent e;
    e.t = time_;
    e.train = t;
    e.car = c;
    e.bogie = bi;
    e.trainId = tr.spec.id;
    e.track = trigger.position.track;
    e.trackId = layout_.track(std::size_t(e.track)).id();
    e.s = trigger.position.s;
    e.speed = anchorSpeed(*trigger.joint, *trigger.body, true, trigger.position.direction);
    e.cause = cause;
    e.before = trigger.monitor.last;
    e.solverSaturated = v.solverSaturated;
    e.numericalSuspect = v.numericalSuspect;
    std::ostringstream msg;
    msg << "train " << tr.spec.id << " car " << c << " bogie " << bi << " derailed (" << cause
        << ") on track " << e.trackId << " at s = " << e.s << " m, t = " << time_ << " s, " << e.speed
        << " m/s";
    if (v.numericalSuspect) msg << " [numerical suspect: no force limit was reached]";
    e.message = msg.str();
    telemetry_.addDerailment(e);
    // The whole car leaves the track: joints off, car and bogies collide with the ground from now on.
    car.derailed = true;
    tr.derailed = true;
    for (auto& b : car.bogies)
        b.railed = false;
    applyRailing();
}

void Simulation::recordBogie(int t, int c, int bi) {
    const Car& car = trains_[std::size_t(t)]->cars[std::size_t(c)];
    const Bogie& b = car.bogies[std::size_t(bi)];
    TelemetrySample s;
    s.rider = car.rider.last; // updateCarRider ran this step
    s.t = time_;
    s.vehicle = -1;
    s.train = t;
    s.car = c;
    s.bogie = bi;
    s.track = b.position.track;
    s.s = b.position.s;
    s.speed = anchorSpeed(*b.joint, *b.body, b.railed, b.position.direction);
    const Vec3 AP = b.joint->anchorInWorld().P;
    s.x = AP.x();
    s.y = AP.y();
    s.z = AP.z();
    s.railed = b.railed;
    if (b.railed) {
        s.e = {b.margins.e1, b.margins.e2, b.margins.e3, 0.0, 0.0};
        const TrackJointRows rows = computeTrackJointRows(b.joint->currentState(options_.dt));
        for (int k = 3; k < 5; ++k)
            s.e[std::size_t(k)] = rows.row[std::size_t(k)].e;
        s.f = b.joint->rowForces();
        s.yq = b.margins.yq;
        s.yqLimit = b.margins.yqLimit;
        s.rollMargin = b.margins.rollMargin;
    }
    telemetry_.add(s);
}

void Simulation::checkFiniteTrain(int t) const {
    const Train& tr = *trains_[std::size_t(t)];
    auto finite = [](const btRigidBody& b) {
        const btTransform& X = b.getCenterOfMassTransform();
        const btVector3 vals[] = {X.getOrigin(),   b.getLinearVelocity(), b.getAngularVelocity(),
                                  X.getBasis()[0], X.getBasis()[1],       X.getBasis()[2]};
        for (const auto& x : vals)
            if (!std::isfinite(x.x()) || !std::isfinite(x.y()) || !std::isfinite(x.z())) return false;
        return true;
    };
    for (std::size_t c = 0; c < tr.cars.size(); ++c) {
        bool ok = finite(*tr.cars[c].body);
        for (const auto& b : tr.cars[c].bogies) {
            ok = ok && finite(*b.body);
            for (double f : b.joint->rowForces())
                ok = ok && std::isfinite(f);
        }
        if (!ok) {
            std::ostringstream msg;
            msg << "simulation stopped at t = " << time_ << " s: train \"" << tr.spec.id << "\" car " << c + 1
                << " has a non-finite state (position, velocity or constraint force)";
            throw SimulationError(msg.str());
        }
    }
}

double Simulation::trainSpeed(int t) const {
    const Train& tr = *trains_.at(std::size_t(t));
    double sum = 0, sumAll = 0;
    int n = 0, nAll = 0;
    for (const auto& c : tr.cars)
        for (const auto& b : c.bogies) {
            const double v = anchorSpeed(*b.joint, *b.body, b.railed, b.position.direction);
            sumAll += v;
            ++nAll;
            if (b.railed) {
                sum += v;
                ++n;
            }
        }
    return n > 0 ? sum / n : sumAll / std::max(1, nAll);
}

double Simulation::bogieSpeed(int t, int c, int b) const {
    const Bogie& bg = trains_.at(std::size_t(t))->cars.at(std::size_t(c)).bogies.at(std::size_t(b));
    return anchorSpeed(*bg.joint, *bg.body, bg.railed, bg.position.direction);
}

Vec3 Simulation::bogieAnchor(int t, int c, int b) const {
    return trains_.at(std::size_t(t))
        ->cars.at(std::size_t(c))
        .bogies.at(std::size_t(b))
        .joint->anchorInWorld()
        .P;
}

Pose Simulation::carPose(int t, int c) const {
    return toEigen(trains_.at(std::size_t(t))->cars.at(std::size_t(c)).body->getCenterOfMassTransform());
}

Pose Simulation::bogiePose(int t, int c, int b) const {
    return toEigen(trains_.at(std::size_t(t))
                       ->cars.at(std::size_t(c))
                       .bogies.at(std::size_t(b))
                       .body->getCenterOfMassTransform());
}

double Simulation::trainEnergy(int t) const {
    double E = 0;
    auto add = [&](const btRigidBody& b) {
        const double m = 1.0 / b.getInvMass();
        const Vec3 v = toEigen(b.getLinearVelocity()), w = toEigen(b.getAngularVelocity());
        const btVector3 Iw = b.getInvInertiaTensorWorld().inverse() * toBt(w);
        E += 0.5 * m * v.squaredNorm() + 0.5 * w.dot(toEigen(Iw)) +
             m * options_.gravity * b.getCenterOfMassPosition().z();
    };
    for (const auto& c : trains_.at(std::size_t(t))->cars) {
        add(*c.body);
        for (const auto& b : c.bogies)
            add(*b.body);
    }
    return E;
}

} // namespace tl
