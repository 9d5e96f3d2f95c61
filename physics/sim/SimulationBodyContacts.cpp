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

// Car bodies (and bogies) of different trains touching through Bullet's contact points after the last step: a
// wreck's with another wreck's or with a railed car body open to wrecks. One collision event ("bodies") per
// contact of two cars, continued by a contact within kRecontact of its end. Its closing speed is the two car
// bodies' approach along the contact normal as the step that found it began (CarState::stepVelocity); its
// peak force the largest sum of the pair's normal impulses over a step, / dt.
std::vector<double> SimulationEngine::watchBodyContacts() {
    std::vector<double> pressed(contacts_.size(), 0.0);
    std::vector<BodyContactState> now;
    struct Found {
        const btRigidBody *a, *b;
        double impulse;
        Vec3 n;
    };
    std::vector<Found> found;
    for (const BulletWorld* w : worlds())
        for (const BulletWorld::Touch& t : w->touches()) {
            const int ta = t.a->getUserIndex(), tb = t.b->getUserIndex();
            if (ta < 0 || tb < 0 || ta == tb) continue;
            const int ca = t.a->getUserIndex2(), cb = t.b->getUserIndex2();
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
                if (c.kind != "bodies" || c.train != s.trainA || c.car != s.carA ||
                    c.otherTrain != s.trainB || c.otherCar != s.carB)
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
            const Train& ta = *trains_[std::size_t(s.trainA)];
            const Car& A = ta.cars[std::size_t(s.carA)];
            const Car& B = trains_[std::size_t(s.trainB)]->cars[std::size_t(s.carB)];
            const double closing = (B.stepVelocity - A.stepVelocity).dot(f.n);
            CollisionEvent e;
            static_cast<EventPlace&>(e) =
                eventPlace(time_, s.trainA, s.carA, 0, A.bogies.front(), trainSpeed(s.trainA));
            e.kind = "bodies";
            e.otherTrain = s.trainB;
            e.otherCar = s.carB;
            e.otherTrainId = trains_[std::size_t(s.trainB)]->spec.id;
            e.closingSpeed = closing;
            std::ostringstream msg;
            msg << "train " << ta.spec.id << " car " << s.carA << " struck train " << e.otherTrainId
                << " car " << s.carB << " (" << (A.derailed ? "derailed" : "railed") << " against "
                << (trains_[std::size_t(s.trainB)]->cars[std::size_t(s.carB)].derailed ? "derailed"
                                                                                       : "railed")
                << ") near track " << e.trackId << " s = " << e.s << " m, t = " << e.t << " s, closing at "
                << closing << " m/s";
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
            if (CollisionEvent* e = telemetry_.collision(c.event)) {
                e->ended = true;
                e->duration = time_ - e->t;
            }
    bodyContacts_ = std::move(next);
    return pressed;
}

} // namespace tl
