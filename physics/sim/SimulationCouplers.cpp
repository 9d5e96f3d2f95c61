// Simulation: the couplers between a train's cars (Train.h) -- their force before each step, overload
// episodes against the rating and parting at the strength (CouplerEvent, docs/trains-format.md).
#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/vehicle/BufferPair.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace tl {

void SimulationEngine::addCoupler(Train& train, int front, int rear) {
    Coupler c;
    c.front = front;
    c.rear = rear;
    const CouplerSpec& a = train.cars[std::size_t(front)].stock.coupler;
    const CouplerSpec& b = train.cars[std::size_t(rear)].stock.coupler;
    c.spec.slack = std::max(a.slack, b.slack);
    c.spec.stiffness = std::min(a.stiffness, b.stiffness);
    c.spec.damping = std::min(a.damping, b.damping);
    c.spec.limit = std::min(a.limit, b.limit);
    c.spec.strength = std::max(c.spec.limit, std::min(a.strength, b.strength));
    train.couplers.push_back(c);
}

// Coupler points: the body ends on the car axis, 1 m above the rail. Between railed cars the coupler swivels:
// only the separation along the mean car axis n is resisted (buffers and draw gear), none across it (the
// rails hold the cars laterally). Once either car has derailed nothing holds them across any more and the
// mean axis means nothing (the cars may lie crosswise): the coupler is a ball joint with the same slack,
// stiffness and damping acting along the line between its points -- a central force, so it stores energy
// only in its spring and its damper only takes energy out. (A force along the body axes across a lateral
// offset is not conservative: it fed the sliding wreck until it flew apart.) Beyond its strength in tension
// the coupler parts for good (CouplerEvent::broke). In compression the car ends press on their buffers: the
// coupler's law up to both ends' strokes, solid past them (BufferSpec::kSolidFactor times each end's
// stiffness, in series) and never parting; a parted coupler's railed ends still meet through their buffers
// (BufferPair.h). Without this the cars of a train in a hard collision slid through each other.
void SimulationEngine::applyCoupler(Train& train, Coupler& c) {
    c.force = 0.0;
    const Car& A = train.cars[std::size_t(c.front)];
    const Car& B = train.cars[std::size_t(c.rear)];
    const Pose XA = toEigen(A.body->getCenterOfMassTransform());
    const Pose XB = toEigen(B.body->getCenterOfMassTransform());
    // A's end towards the tail, B's towards the head (a turned car's own rear / front: CarState::facing)
    const double fA = A.facing, fB = B.facing;
    const Vec3 pA = XA * Vec3(-0.5 * fA * A.stock.body.length, 0, 1.0 - A.stock.body.cgHeight);
    const Vec3 pB = XB * Vec3(0.5 * fB * B.stock.body.length, 0, 1.0 - B.stock.body.cgHeight);
    const bool railed = !A.derailed && !B.derailed;
    Vec3 n = (fA * XA.linear().col(0) + fB * XB.linear().col(0)).normalized(); // towards the head
    double gap = (pA - pB).dot(n); // > 0: stretched (B's front behind A's rear) [m]
    if (!railed) {
        gap = (pA - pB).norm();
        if (gap < 1e-9) return;
        n = (pA - pB) / gap;
    }
    const Vec3 rA = pA - XA.translation(), rB = pB - XB.translation();
    const BufferSpec& bA = A.stock.buffers;
    const BufferSpec& bB = B.stock.buffers;
    if (c.broken) { // parted: railed ends that meet press on their buffers, nothing else
        if (!railed || gap >= 0) return;
        const double f = -BufferPair(bA, bB).loadForce(-gap);
        A.body->applyForce(toBt(Vec3(-f * n)), toBt(rA));
        B.body->applyForce(toBt(Vec3(f * n)), toBt(rB));
        return;
    }
    c.stretch = gap;
    const double play = 0.5 * c.spec.slack;
    if (std::abs(gap) <= play) return;
    const Vec3 vA = toEigen(A.body->getVelocityInLocalPoint(toBt(rA)));
    const Vec3 vB = toEigen(B.body->getVelocityInLocalPoint(toBt(rB)));
    const double sgn = gap > 0 ? 1.0 : -1.0;
    // Tension (gap > 0) pulls A back and B forward; compression pushes them apart. Never sticky.
    double f = sgn * std::max(0.0, c.spec.stiffness * (std::abs(gap) - play) +
                                       sgn * c.spec.damping * (vA - vB).dot(n)); // tension > 0 [N]
    if (const double solid = -gap - play - (bA.stroke + bB.stroke); railed && solid > 0) {
        const double kA = BufferSpec::kSolidFactor * bA.stiffness,
                     kB = BufferSpec::kSolidFactor * bB.stiffness;
        f -= kA * kB / (kA + kB) * solid;
    }
    c.force = f;
    c.maxForce = std::max(c.maxForce, std::abs(f));
    if (f > c.spec.strength) { // parts in tension: this force is never applied
        c.broken = true;
        return;
    }
    A.body->applyForce(toBt(Vec3(-f * n)), toBt(rA));
    B.body->applyForce(toBt(Vec3(f * n)), toBt(rB));
}

// The force just computed for the coming step against the rating: open, update or close an episode.
void SimulationEngine::checkCouplerLimit(StepPart& p, int t, int k) {
    Train& tr = *trains_[std::size_t(t)];
    Coupler& c = tr.couplers[std::size_t(k)];
    const double f = std::abs(c.force);
    if (c.broken && f > 0) { // parted in this step: the episode (open or opened now) ends with it
        if (c.overload < 0) {
            c.overloadPeak = 0.0;
            c.overloadTime = 0.0;
            openCouplerEpisode(p, t, k);
        }
        if (CouplerEvent* e = p.journal.couplerEvent(c.overload)) {
            e->peakForce = std::max(e->peakForce, f);
            e->broke = true;
            e->breakTime = p.t;
            e->message += " -- parted at " + std::to_string(f) + " N (strength " +
                          std::to_string(c.spec.strength) + " N)";
        }
        c.force = 0.0;
        c.overload = -1;
        c.overloadPeak = c.overloadTime = 0.0;
        return;
    }
    if (f <= c.spec.limit) {
        c.overload = -1;
        c.overloadPeak = c.overloadTime = 0.0;
        return;
    }
    if (c.overload >= 0) {
        c.overloadPeak = std::max(c.overloadPeak, f);
        c.overloadTime += options_.dt;
        if (CouplerEvent* e = p.journal.couplerEvent(c.overload)) {
            e->peakForce = c.overloadPeak;
            e->duration = c.overloadTime;
        }
        return;
    }
    c.overloadPeak = f;
    c.overloadTime = options_.dt;
    openCouplerEpisode(p, t, k);
}

void SimulationEngine::openCouplerEpisode(StepPart& p, int t, int k) {
    Train& tr = *trains_[std::size_t(t)];
    Coupler& c = tr.couplers[std::size_t(k)];
    const double f = std::abs(c.force);
    const Car& front = tr.cars[std::size_t(c.front)];
    const Bogie& b = front.facing > 0 ? front.bogies.back() : front.bogies.front(); // its rear bogie
    CouplerEvent e;
    static_cast<EventPlace&>(e) = eventPlace(p.t, t, -1, -1, b, trainSpeed(t));
    e.coupler = k;
    e.kind = c.force > 0 ? "tension" : "compression";
    e.force = c.force;
    e.peakForce = f;
    e.limit = c.spec.limit;
    e.duration = c.overloadTime;
    std::ostringstream msg;
    msg << "train " << tr.spec.id << " coupler " << k << " (cars " << c.front << "-" << c.rear
        << ") over its "
        << "rating in " << e.kind << ": " << f << " N > " << c.spec.limit << " N on track " << e.trackId
        << " at s = " << e.s << " m, t = " << p.t << " s";
    e.message = msg.str();
    p.journal.addCouplerEvent(e, c.overload);
}

} // namespace tl
