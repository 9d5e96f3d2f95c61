// SimulationEngine::stageBufferStops: the layout's buffer stops (core/layout/BufferStop.h;
// docs/layout-format.md, "Buffer stops") against the free ends of the trains' railed cars, in the contact
// stage. A stop's face stands its stroke before the track's end, facing back along the track; a car end that
// faces it within 1 m across (CarEnd.h) and passes it compresses the car's buffers:
//   fixed:    the car's buffers in series with the stop's spring (5e7 N/m over 0.05 m, solid beyond);
//   friction: the car's buffers against the stop, which slides back whenever they would push harder than its
//             force F -- the buffers then hold F and the face moves on. A stop that has slid its whole stroke
//             gives way: no force any more, and the car runs over the track's end (a derailment, cause
//             "buffer stop overrun": SimulationStep.cpp).
// Each contact is a collision event of kind "bufferStop", with the train's speed as it leaves the stop. The
// force acts on the car's body in the forces stage (contactForces_, with no second body).
#include "physics/joint/BulletEigen.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarEnd.h"
#include "physics/vehicle/BufferPair.h"

#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <sstream>

namespace tl {

namespace {
// The stop's side of a friction stop's contact: rigid (the slide takes the load above F).
constexpr BufferSpec kRigid{1e12, 1e3, 0.0, 0.0};
constexpr BufferSpec kFixed{BufferStop::kFixedStiffness, BufferStop::kFixedStroke, 0.0, 0.0};
} // namespace

void SimulationEngine::stageBufferStops() {
    const std::vector<BufferStop>& stops = layout_.bufferStops();
    for (std::size_t k = 0; k < stops.size(); ++k) {
        const BufferStop& stop = stops[k];
        BufferStopState& st = stops_[k];
        const Track& track = layout_.track(std::size_t(stop.track));
        const double into = stop.end == TrackEnd::End ? 1.0 : -1.0; // along s, toward the end
        const double faceS =
            stop.end == TrackEnd::End ? track.length() - stop.stroke + st.slide : stop.stroke - st.slide;
        const TwistedFrame f = track.frameInWorld(faceS, Pose::Identity());
        const Vec3 d = into * f.F.T;                 // the face's normal, toward the end
        const Vec3 face = f.F.P + kEndHeight * f.wB; // its centre, at the height of the car ends
        // the car end pressing on it: the one in contact, or the deepest free end of a railed car facing it
        int train = -1, car = -1, end = 0;
        double depth = 0.0;
        bool heldFound = false;
        for (int t = 0; t < trainCount(); ++t) {
            const Train& tr = *trains_[std::size_t(t)];
            if (tr.cars.empty()) continue;
            const int last = int(tr.cars.size()) - 1; // the train's free ends (a turned car's own other end)
            for (const auto& [c, e] :
                 {std::pair{0, tr.cars.front().facing}, std::pair{last, -tr.cars.back().facing}}) {
                const Car& cr = tr.cars[std::size_t(c)];
                if (cr.derailed) continue;
                const CarEnd ce =
                    carEnd(t, c, e, carsAt_[std::size_t(firstCar_[std::size_t(t)] + c)].X, cr.stock.body);
                const Vec3 gap = ce.p - face;
                const double delta = gap.dot(d);
                if (ce.n.dot(d) < -kFacing || (gap - delta * d).norm() > kLateral) continue; // not facing it
                const bool held = st.train == t && st.car == c && st.end == e;
                if (!(delta > 0) || (heldFound && !held) || (!held && train >= 0 && delta <= depth)) continue;
                train = t, car = c, end = e, depth = delta;
                heldFound = held;
            }
        }
        auto endContact = [&] {
            if (CollisionEvent* e = telemetry_.collision(st.event)) {
                e->end(time_);
                e->reboundSpeed = st.train >= 0 ? std::abs(trainSpeed(st.train)) : 0.0;
            }
            st.train = st.car = -1;
            st.end = 0;
            st.peakCompression = 0.0;
            st.event = -1;
        };
        if (train < 0 || st.overrun) {
            if (st.train >= 0) endContact();
            continue;
        }
        if (st.train >= 0 && !(st.train == train && st.car == car && st.end == end)) endContact();
        Train& tr = *trains_[std::size_t(train)];
        Car& cr = tr.cars[std::size_t(car)];
        const CarEnd ce =
            carEnd(train, car, end, toEigen(cr.body->getCenterOfMassTransform()), cr.stock.body);
        const Vec3 r = ce.p - toEigen(cr.body->getCenterOfMassPosition());
        const double closing = toEigen(cr.body->getVelocityInLocalPoint(toBt(r))).dot(d);
        const BufferPair pair(cr.stock.buffers, stop.friction ? kRigid : kFixed);
        double delta = depth;
        bool solid = false;
        double force = pair.force(delta, closing, std::max(st.peakCompression, delta), &solid);
        if (stop.friction && force > stop.force) { // it slides: the buffers hold F, the face moves on
            double lo = 0.0, hi = delta;           // the compression where the buffers load to F
            for (int it = 0; it < 60; ++it)
                (pair.loadForce(0.5 * (lo + hi)) < stop.force ? lo : hi) = 0.5 * (lo + hi);
            st.slide += delta - hi;
            delta = hi;
            force = stop.force;
            if (st.slide >= stop.stroke) { // its whole stroke: it gives way
                st.slide = stop.stroke;
                st.overrun = true;
                force = 0.0;
            }
        }
        const bool onset = st.train < 0;
        st.train = train, st.car = car, st.end = end;
        st.peakCompression = std::max(st.peakCompression, delta);
        if (onset) {
            CollisionEvent e;
            const Bogie& at = end > 0 ? cr.bogies.front() : cr.bogies.back();
            static_cast<EventPlace&>(e) =
                eventPlace(time_, train, car, end > 0 ? 0 : int(cr.bogies.size()) - 1, at, trainSpeed(train));
            e.kind = "bufferStop";
            e.bufferStop = true;
            e.otherTrainId = "buffer stop";
            e.otherCar = -1;
            e.closingSpeed = closing;
            std::ostringstream msg;
            msg << "train " << tr.spec.id << " car " << car << " (" << (end > 0 ? "front" : "rear")
                << ") met the " << (stop.friction ? "friction" : "fixed") << " buffer stop at the "
                << endName(stop.end) << " of track " << track.id() << " at t = " << time_ << " s, closing at "
                << closing << " m/s";
            e.message = msg.str();
            st.event = int(telemetry_.collisions().size());
            telemetry_.addCollision(e);
        }
        if (CollisionEvent* e = telemetry_.collision(st.event)) {
            e->peakForce = std::max(e->peakForce, force);
            e->peakCompression = st.peakCompression;
            e->solid = e->solid || solid;
            e->absorbed = stop.force * st.slide + pair.absorption() * pair.loadEnergy(st.peakCompression);
            e->duration = time_ - e->t;
            e->ended = false;
            if (st.overrun && !e->overrun) {
                e->overrun = true;
                e->message += "; it slid its whole stroke and gave way: the train overruns it";
            }
        }
        if (force != 0.0)
            contactForces_.push_back({train, train, cr.body.get(), nullptr, d, r, Vec3::Zero(), force});
    }
}

} // namespace tl
