// Simulation, building: vehicles and trains placed on their track (each vehicle and bogie a RailedBody put
// there by the rail contact), the cars' bodies and pivots, the couplers, and the ground plane.
#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarBox.h"
#include "physics/world/RowForceSolver.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>

namespace tl {

void SimulationEngine::addGround() {
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
    groundZ_ = zmin - options_.groundDepth;
    world_.addGround(groundZ_);
}

void SimulationEngine::addVehicle(const VehicleSpec& spec) {
    auto v = std::make_unique<Vehicle>();
    v->spec = spec;
    v->position.track = layout_.trackIndex(spec.track);
    if (v->position.track < 0)
        throw SimulationError("vehicle \"" + spec.id + "\": unknown track " + spec.track);
    v->position.s = spec.s;
    v->position.direction = spec.direction;
    v->cgHeight = spec.cgHeight;
    v->params = {spec.erp, spec.cfm, spec.stiffness, spec.damping};
    rail_.place(*v, spec.box, spec.mass, 0.5, spec.speed);
    if (spec.motor) v->joint->setMotor(true, spec.direction * spec.motor->targetSpeed, spec.motor->maxForce);
    vehicles_.push_back(std::move(v));
    vehicles_.back()->linkWarmStart();
    telemetry_.setSourceIds(vehicleIds(), trainIds());
}

void SimulationEngine::addTrain(const TrainSpec& spec) {
    // Where each car's centre goes, every car and bogie checked to fit before any body is made (a throw
    // leaves the world as it was).
    const TrainFit fit = fitTrain(spec, layout_, switchStates_);
    if (!fit.problem.empty()) throw SimulationError("train \"" + spec.id + "\": " + fit.problem);
    const std::vector<TrackPosition>& centres = fit.centres;
    int bogies = 0;
    for (const RollingStockSpec& stock : spec.cars)
        bogies += stock.bogies.count;
    auto train = std::make_unique<Train>();
    train->spec = spec;
    builtTrains_ += spec.id + '\0';
    for (const RollingStockSpec& stock : spec.cars)
        builtTrains_ += stock.name + '\0';
    train->world = &schedule_.worldForNewTrain(bogies);
    for (std::size_t c = 0; c < spec.cars.size(); ++c)
        addCar(*train, spec.cars[c], centres[c], spec.speed);
    for (std::size_t c = 1; c < train->cars.size(); ++c)
        addCoupler(*train, int(c - 1), int(c));
    for (Car& car : train->cars) // the warm starts, now that the bogies are where they stay
        for (std::size_t k = 0; k < car.bogies.size(); ++k) {
            car.bogies[k].linkWarmStart();
            RowForceSolver::setWarmStart(*car.pivots[k], &car.bogies[k].pivotImpulses);
        }
    takeDueSchedule(*train, time_);
    trains_.push_back(std::move(train));
    schedule_.trainAdded(trainCount());
    firstCar_.push_back(int(carsAt_.size()));
    carsAt_.resize(carsAt_.size() + trains_.back()->cars.size());
    noteCars(trainCount() - 1, trainCount(), false);
    telemetry_.setSourceIds(vehicleIds(), trainIds());
    updateAspects(false); // the block it stands on shows stop from the start (no event)
}

void SimulationEngine::addCar(Train& train, const RollingStockSpec& stock, const TrackPosition& centre,
                              double speed) {
    Car car;
    car.origin = carCount_++;
    car.stock = stock;
    const int nb = stock.bogies.count;
    const double g = options_.gravity;
    Vec3 Psum = Vec3::Zero(), up = Vec3::Zero(), vsum = Vec3::Zero(), wsum = Vec3::Zero();
    std::vector<Vec3> P;
    for (int k = 0; k < nb; ++k) {
        const AdvanceResult a =
            layout_.advance(centre, bogieOffset(stock, k), switchStates_); // fits: addTrain
        Bogie b;
        b.world = train.world;
        b.position = a.position;
        b.cgHeight = stock.bogies.cgHeight;
        b.params.erp = options_.trackJointErp;
        rail_.place(b, stock.bogies.box, stock.bogies.mass, 0.6, speed);
        b.staticLoad = (stock.body.mass / nb + stock.bogies.mass) * g;
        b.load = b.staticLoad;
        const Vec3 Xb = toEigen(b.body->getCenterOfMassPosition());
        P.push_back(Xb);
        Psum += Xb;
        up += rail_.worldFrame(b.position).wB;
        vsum += toEigen(b.body->getLinearVelocity());
        wsum += toEigen(b.body->getAngularVelocity());
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
    car.body = makeBoxBody(car.shape, Vec3(stock.body.length, stock.body.width, stock.body.height),
                           stock.body.mass, 0.6, Xc);
    car.railedShape = std::make_unique<btBoxShape>(toBt(insideBuffers(stock)));
    car.body->setCollisionShape(car.railedShape.get()); // railed (applyRailing)
    const Vec3 wc = wsum / nb;
    car.body->setLinearVelocity(toBt(Vec3(vsum / nb + wc.cross(Vec3(Xc.translation() - pivotMid)))));
    car.body->setAngularVelocity(toBt(wc));
    train.world->add(*car.body, BulletWorld::Collides::Nothing);
    BulletWorld::setGroup(*car.body, trainCount());  // (the train is not listed yet: it gets the next index)
    car.body->setUserIndex2(int(train.cars.size())); // the car (collision events)
    for (Bogie& b : car.bogies) {
        BulletWorld::setGroup(*b.body, trainCount());
        b.body->setUserIndex2(int(train.cars.size()));
    }

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
        auto p = std::make_unique<PivotConstraint>(*car.body, *car.bogies[std::size_t(k)].body,
                                                   Xc.inverse() * Xb.translation(), Vec3::Zero());
        p->setRotation(nb == 2 ? PivotConstraint::Rotation::Free    // one bogie: the car sits
                               : PivotConstraint::Rotation::Rigid); // rigidly on it
        train.world->add(*p);
        car.pivots.push_back(std::move(p));
    }
    train.cars.push_back(std::move(car));
}

void SimulationEngine::noteCars(int firstTrain, int endTrain, bool stepped) {
    for (int t = firstTrain; t < endTrain; ++t) {
        CarAt* at = &carsAt_[std::size_t(firstCar_[std::size_t(t)])];
        for (Car& c : trains_[std::size_t(t)]->cars) {
            if (stepped) c.stepVelocity = at->v; // as the step just taken began
            at->X = toEigen(c.body->getCenterOfMassTransform());
            at->v = toEigen(c.body->getLinearVelocity());
            ++at;
        }
    }
}

} // namespace tl
