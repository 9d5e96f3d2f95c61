// SimulationEngine::watchBodyContacts: car bodies of different trains touching through Bullet's contact
// points, their "bodies" collision events, and the push of bodies past both strokes that belongs to a buffer
// contact (docs/trains-format.md, "Buffers and collisions", Bodies).
#include "physics/joint/BulletEigen.h"
#include "physics/sim/ContactKeys.h"
#include "physics/sim/SimulationEngine.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tl {

using contact::key;
using contact::kRecontact;
using contact::vehicleOf;
using contact::vehicleParty;

// Car bodies (and bogies) of different trains, or single vehicles, touching through Bullet's contact points
// after the last step: a wreck's with another wreck's or with a railed car body open to wrecks, a vehicle's
// with any of those or another vehicle's. One collision event ("bodies") per contact of two cars (a vehicle
// is a car of its own: contact::vehicleParty, car 0), continued by a contact within kRecontact of its end.
// Its closing speed is the two bodies' approach along the contact normal as the step that found it began
// (stepVelocity); its peak force the largest sum of the pair's normal impulses over a step, / dt.
std::vector<double> SimulationEngine::watchBodyContacts() {
    std::vector<double> pressed(contacts_.size(), 0.0);
    std::vector<BodyContactState> now;
    const int nv = vehicleCount();
    struct Found {
        const btRigidBody *a, *b;
        double impulse;
        Vec3 n;
    };
    std::vector<Found> found;
    // the train and car of a body, a vehicle as contact::vehicleParty; false: neither (the ground)
    auto party = [&](const btCollisionObject* o, int& train, int& car) {
        train = o->getUserIndex(), car = o->getUserIndex2();
        if (train >= 0) return true;
        for (std::size_t i = 0; i < vehicles_.size(); ++i)
            if (vehicles_[i]->body.get() == o) {
                train = vehicleParty(int(i), nv), car = 0;
                return true;
            }
        return false;
    };
    for (const BulletWorld* w : worlds())
        for (const BulletWorld::Touch& t : w->touches()) {
            int ta, tb, ca, cb;
            if (!party(t.a, ta, ca) || !party(t.b, tb, cb) || ta == tb) continue;
            const bool aFirst = std::tie(ta, ca) < std::tie(tb, cb);
            BodyContactState s;
            s.trainA = aFirst ? ta : tb;
            s.carA = aFirst ? ca : cb;
            s.trainB = aFirst ? tb : ta;
            s.carB = aFirst ? cb : ca;
            // two ends in buffer contact whose boxes touch are past both strokes: part of the buffer
            // contact's force, no second event
            const auto buffer =
                std::find_if(contacts_.begin(), contacts_.end(), [&](const BufferContactState& c) {
                    return c.trainA == s.trainA && c.carA == s.carA && c.trainB == s.trainB &&
                           c.carB == s.carB;
                });
            if (buffer != contacts_.end()) {
                pressed[std::size_t(buffer - contacts_.begin())] += std::abs(t.impulse);
                continue;
            }
            const auto same = [&](const BodyContactState& c) { return key(c) == key(s); };
            const auto* ra = static_cast<const btRigidBody*>(aFirst ? t.a : t.b);
            const auto* rb = static_cast<const btRigidBody*>(aFirst ? t.b : t.a);
            // the normal on B points from B towards A: A approaches B along -n
            const Vec3 n = aFirst ? t.normal : Vec3(-t.normal);
            const auto k = std::find_if(now.begin(), now.end(), same);
            if (k == now.end()) {
                now.push_back(s);
                found.push_back({ra, rb, t.impulse, n});
            } else {
                found[std::size_t(k - now.begin())].impulse += t.impulse;
            }
        }
    std::vector<std::size_t> order(now.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return key(now[a]) < key(now[b]); });
    std::vector<BodyContactState> next;
    for (const std::size_t k : order) {
        BodyContactState s = now[k];
        const Found& f = found[k];
        const auto was = std::find_if(bodyContacts_.begin(), bodyContacts_.end(),
                                      [&](const BodyContactState& c) { return key(c) == key(s); });
        if (was != bodyContacts_.end()) {
            s.event = was->event;
            s.peakForce = was->peakForce;
        } else { // a contact of the same two cars that ended less than kRecontact ago goes on
            const auto& events = telemetry_.collisions();
            for (int e = int(events.size()) - 1; e >= 0; --e) {
                const CollisionEvent& c = events[std::size_t(e)];
                const int train = c.vehicle >= 0 ? vehicleParty(c.vehicle, nv) : c.train;
                const int other = c.otherVehicle >= 0 ? vehicleParty(c.otherVehicle, nv) : c.otherTrain;
                if (c.kind != "bodies" || train != s.trainA || c.car != s.carA || other != s.trainB ||
                    c.otherCar != s.carB)
                    continue;
                if (c.ended && c.t + c.duration >= time_ - kRecontact) {
                    s.event = e;
                    s.peakForce = c.peakForce;
                }
                break;
            }
        }
        s.peakForce = std::max(s.peakForce, std::abs(f.impulse) / options_.dt);
        if (s.event < 0) {
            // each party: a car of a train, or a vehicle (its velocity, its name, railed or derailed)
            struct Party {
                Vec3 v;
                std::string name;
                bool derailed;
            };
            auto about = [&](int train, int car) -> Party {
                if (train < 0) {
                    const Vehicle& v = *vehicles_[std::size_t(vehicleOf(train, nv))];
                    return {v.stepVelocity, "vehicle " + v.spec.id, !v.railed};
                }
                const Train& tr = *trains_[std::size_t(train)];
                const Car& c = tr.cars[std::size_t(car)];
                return {c.stepVelocity, "train " + tr.spec.id + " car " + std::to_string(car), c.derailed};
            };
            const Party A = about(s.trainA, s.carA), B = about(s.trainB, s.carB);
            const double closing = (B.v - A.v).dot(f.n);
            CollisionEvent e;
            if (s.trainA >= 0) {
                const Car& car = trains_[std::size_t(s.trainA)]->cars[std::size_t(s.carA)];
                static_cast<EventPlace&>(e) =
                    eventPlace(time_, s.trainA, s.carA, 0, car.bogies.front(), trainSpeed(s.trainA));
            } else {
                const int i = vehicleOf(s.trainA, nv);
                const Vehicle& v = *vehicles_[std::size_t(i)];
                e.t = time_;
                e.car = 0;
                e.vehicle = i;
                e.trainId = v.spec.id;
                e.track = v.position.track;
                e.trackId = layout_.track(std::size_t(v.position.track)).id();
                e.s = v.position.s;
                e.speed = v.speed();
            }
            e.kind = "bodies";
            e.otherTrain = std::max(-1, s.trainB);
            e.otherVehicle = s.trainB < 0 ? vehicleOf(s.trainB, nv) : -1;
            e.otherCar = s.carB;
            e.otherTrainId = s.trainB >= 0 ? trains_[std::size_t(s.trainB)]->spec.id
                                           : vehicles_[std::size_t(vehicleOf(s.trainB, nv))]->spec.id;
            e.closingSpeed = closing;
            std::ostringstream msg;
            msg << A.name << " struck " << B.name << " (" << (A.derailed ? "derailed" : "railed")
                << " against " << (B.derailed ? "derailed" : "railed") << ") near track " << e.trackId
                << " s = " << e.s << " m, t = " << e.t << " s, closing at " << closing << " m/s";
            e.message = msg.str();
            s.event = int(telemetry_.collisions().size());
            telemetry_.addCollision(e);
        }
        if (CollisionEvent* e = telemetry_.collision(s.event)) {
            e->peakForce = s.peakForce;
            e->duration = time_ - e->t;
            e->ended = false;
        }
        next.push_back(s);
    }
    for (const BodyContactState& c : bodyContacts_)
        if (std::none_of(next.begin(), next.end(),
                         [&](const BodyContactState& s) { return key(s) == key(c); }))
            if (CollisionEvent* e = telemetry_.collision(c.event)) e->end(time_);
    bodyContacts_ = std::move(next);
    return pressed;
}

} // namespace tl
