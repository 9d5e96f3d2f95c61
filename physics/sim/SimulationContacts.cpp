// SimulationEngine::stageContact and applyContacts: the car ends of different trains that meet through their
// buffers (BufferPair.h; docs/trains-format.md, "Buffers and collisions"), their collision events, and the
// grouping that keeps trains that can touch in one Bullet world (StepSchedule::packing): a buffer force acts
// on two bodies, which must step in the same world for the result not to depend on the grouping.
//
// Car ends (CarEnd.h) of two trains that face each other and meet are in buffer contact. Ends that face
// each other within 30 m along the track link their trains into one world. Ends are found by a sweep along
// world x: the cost per step grows with the trains' count times the ends within 30 m in x, not with the
// square of the trains.
#include "physics/joint/BulletEigen.h"
#include "physics/sim/ContactKeys.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarBox.h"
#include "physics/spec/CarEnd.h"
#include "physics/state/SimulationError.h"
#include "physics/vehicle/BufferPair.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <tuple>

namespace tl {

namespace {
constexpr double kReach = 30.0;      // ends facing each other this close along the track share a world [m]
constexpr double kNear = 0.5;        // railed cars' boxes this close share a world and touch [m]
constexpr double kCell = 32.0;       // the grid that finds them [m]
constexpr double kNewOverlap = 0.01; // a new contact overlaps by at most a step's closing and this [m]
constexpr double kPassed = 1.0;      // ends overlapping by this much more than both strokes have passed [m]

CarEnd endOf(int t, int c, int end, const Car& car) {
    return carEnd(t, c, end, toEigen(car.body->getCenterOfMassTransform()), car.stock.body);
}
CarEnd endOf(int t, int c, int end, const Car& car, const Pose& X) {
    return carEnd(t, c, end, X, car.stock.body);
}

} // namespace

using contact::key;
using contact::kRecontact;

void SimulationEngine::stageContact() {
    contactForces_.clear();
    if (!options_.contact) return;
    if (!stops_.empty()) stageBufferStops();
    if (trains_.size() + vehicles_.size() < 2) return;
    const std::vector<double> pressed = watchBodyContacts();
    for (auto& v : vehicles_) // as this step begins (the next step's body contacts were found in it)
        v->stepVelocity = toEigen(v->body->getLinearVelocity());
    auto at = [&](int t, int c) -> const CarAt& {
        return carsAt_[std::size_t(firstCar_[std::size_t(t)] + c)];
    };
    std::vector<CarEnd> ends; // the free ends of railed cars
    for (int t = 0; t < trainCount(); ++t) {
        const Train& tr = *trains_[std::size_t(t)];
        if (tr.cars.empty()) continue;
        const int last = int(tr.cars.size()) - 1;
        // the train's free ends: its head car's front and its last car's rear (a turned car's own other end)
        ends.push_back(endOf(t, 0, tr.cars.front().facing, tr.cars.front(), at(t, 0).X));
        ends.push_back(endOf(t, last, -tr.cars.back().facing, tr.cars.back(), at(t, last).X));
    }
    std::sort(ends.begin(), ends.end(), [](const CarEnd& a, const CarEnd& b) {
        return std::tie(a.p.x(), a.train, a.car, a.end) < std::tie(b.p.x(), b.train, b.car, b.end);
    });
    std::vector<std::pair<int, int>> links;
    std::vector<BufferContactState> now; // the pairs that overlap this step, canonical order
    std::vector<Vec3> normals;           // and their mean axes, from A towards B
    for (std::size_t i = 0; i < ends.size(); ++i)
        for (std::size_t j = i + 1; j < ends.size() && ends[j].p.x() - ends[i].p.x() < kReach; ++j) {
            const bool aFirst = std::tie(ends[i].train, ends[i].car, ends[i].end) <
                                std::tie(ends[j].train, ends[j].car, ends[j].end);
            const CarEnd& A = aFirst ? ends[i] : ends[j];
            const CarEnd& B = aFirst ? ends[j] : ends[i];
            double d = 0;
            Vec3 n;
            if (A.train == B.train || !endsAligned(A, B, &d, &n) || d > kReach) continue;
            links.emplace_back(A.train, B.train);
            if (d >= 0) continue;
            BufferContactState s;
            s.trainA = A.train, s.carA = A.car, s.endA = A.end;
            s.trainB = B.train, s.carB = B.car, s.endB = B.end;
            s.compression = -d;
            now.push_back(s);
            normals.push_back(n);
        }
    // a wreck (a derailed car) and the cars of other trains within reach of it: one world, where the wreck's
    // body collides with theirs (BulletWorld: derailed bodies and railed bodies open to wrecks)
    struct Wreck {
        int train;
        Vec3 centre;
        double half;
    };
    std::vector<Wreck> wrecks;
    for (int t = 0; t < trainCount(); ++t)
        for (int c = 0; c < int(trains_[std::size_t(t)]->cars.size()); ++c)
            if (const Car& car = trains_[std::size_t(t)]->cars[std::size_t(c)]; car.derailed)
                wrecks.push_back({t, at(t, c).X.translation(), 0.5 * car.stock.body.length});
    for (const Wreck& w : wrecks)
        for (int t = 0; t < trainCount(); ++t) {
            if (t == w.train) continue;
            for (int k = 0; k < int(trains_[std::size_t(t)]->cars.size()); ++k)
                if (const Car& c = trains_[std::size_t(t)]->cars[std::size_t(k)];
                    (at(t, k).X.translation() - w.centre).norm() <
                    kReach + w.half + 0.5 * c.stock.body.length) {
                    links.emplace_back(std::min(t, w.train), std::max(t, w.train));
                    break;
                }
        }
    // railed cars of different trains whose boxes inside their buffers (CarBox.h) come within kNear of each
    // other -- a fouling point, a crossing at grade, a car's overhang on a curve beside another track: one
    // world, and their bodies open to each other (a side-swipe; ends past both strokes touch the same way)
    // Found through a grid of kCell squares in x and y: each car's bounds go into the cells they cover, and a
    // pair is tested in the lowest cell both cover (once). The cost per step grows with the cars, not with
    // the cars side by side along one axis (parallel tracks).
    struct Bounds {
        int train, car;
        Vec3 lo, hi;              // the box's world-axis bounds, kNear added
        long long x0, x1, y0, y1; // the cells they cover
    };
    std::vector<Bounds> bounds;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> cells; // (cell key, index into bounds), sorted
    auto cellKey = [](long long x, long long y) {
        return (std::uint64_t(x) << 32) ^ (std::uint64_t(y) & 0xffffffffULL);
    };
    for (int t = 0; t < trainCount(); ++t) {
        const Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c) {
            const Car& car = tr.cars[std::size_t(c)];
            if (car.derailed) continue;
            const Pose& X = at(t, c).X;
            const Vec3 r = X.linear().cwiseAbs() * (insideBuffers(car.stock) + Vec3::Constant(0.5 * kNear));
            Bounds b{t, c, X.translation() - r, X.translation() + r, 0, 0, 0, 0};
            b.x0 = (long long)std::floor(b.lo.x() / kCell), b.x1 = (long long)std::floor(b.hi.x() / kCell);
            b.y0 = (long long)std::floor(b.lo.y() / kCell), b.y1 = (long long)std::floor(b.hi.y() / kCell);
            for (long long x = b.x0; x <= b.x1; ++x)
                for (long long y = b.y0; y <= b.y1; ++y)
                    cells.emplace_back(cellKey(x, y), std::uint32_t(bounds.size()));
            bounds.push_back(b);
        }
    }
    std::sort(cells.begin(), cells.end());
    auto box = [&](const Bounds& b) {
        const Car& car = trains_[std::size_t(b.train)]->cars[std::size_t(b.car)];
        return CarBox{at(b.train, b.car).X, insideBuffers(car.stock) + Vec3::Constant(0.5 * kNear)};
    };
    for (std::size_t i = 0; i < cells.size();) {
        std::size_t end = i;
        while (end < cells.size() && cells[end].first == cells[i].first)
            ++end;
        for (std::size_t p = i; p < end; ++p)
            for (std::size_t q = p + 1; q < end; ++q) {
                const Bounds& a = bounds[cells[p].second];
                const Bounds& b = bounds[cells[q].second];
                if (a.train == b.train || b.lo.x() > a.hi.x() || a.lo.x() > b.hi.x() || b.lo.y() > a.hi.y() ||
                    a.lo.y() > b.hi.y() || b.lo.z() > a.hi.z() || a.lo.z() > b.hi.z() ||
                    cellKey(std::max(a.x0, b.x0), std::max(a.y0, b.y0)) != cells[i].first)
                    continue;
                if (boxOverlap(box(a), box(b)) > 0)
                    links.emplace_back(std::min(a.train, b.train), std::max(a.train, b.train));
            }
        i = end;
    }

    std::vector<std::size_t> order(now.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return key(now[a]) < key(now[b]); });

    // trains that can touch step in one world, their railed bodies open to each other (TrainRunState::near)
    std::vector<char> near(trains_.size(), 0);
    for (const auto& [a, b] : links)
        near[std::size_t(a)] = near[std::size_t(b)] = 1;
    // a single vehicle (always open: SimulationRailing.cpp) whose box comes within kNear of a railed car's
    // (world-axis bounds): the car's train opens to it. Vehicles share the main world with every train.
    for (const auto& v : vehicles_) {
        const Pose X = toEigen(v->body->getCenterOfMassTransform());
        const Vec3 r = X.linear().cwiseAbs() * (0.5 * v->spec.box + Vec3::Constant(0.5 * kNear));
        const Vec3 lo = X.translation() - r, hi = X.translation() + r;
        for (const Bounds& b : bounds)
            if (b.lo.x() <= hi.x() && lo.x() <= b.hi.x() && b.lo.y() <= hi.y() && lo.y() <= b.hi.y() &&
                b.lo.z() <= hi.z() && lo.z() <= b.hi.z())
                near[std::size_t(b.train)] = 1;
    }
    bool nearChanged = false;
    for (std::size_t t = 0; t < trains_.size(); ++t)
        if (trains_[t]->near != bool(near[t])) {
            trains_[t]->near = near[t];
            nearChanged = true;
        }
    const std::vector<int> want = schedule_.packing(trains_, links);
    if (want != schedule_.grouping())
        regroup(want, false);
    else if (nearChanged)
        applyRailing();

    // the contacts: carried on (their peak and event) or new (an event); the ones not overlapping end
    std::vector<BufferContactState> next;
    std::vector<Coupling> couplings;
    for (const std::size_t k : order) {
        BufferContactState s = now[k];
        const Vec3& n = normals[k];
        Train& ta = *trains_[std::size_t(s.trainA)];
        Train& tb = *trains_[std::size_t(s.trainB)];
        Car& A = ta.cars[std::size_t(s.carA)];
        Car& B = tb.cars[std::size_t(s.carB)];
        const CarEnd ea = endOf(s.trainA, s.carA, s.endA, A), eb = endOf(s.trainB, s.carB, s.endB, B);
        const Vec3 rA = ea.p - toEigen(A.body->getCenterOfMassPosition());
        const Vec3 rB = eb.p - toEigen(B.body->getCenterOfMassPosition());
        const double closing = (toEigen(A.body->getVelocityInLocalPoint(toBt(rA))) -
                                toEigen(B.body->getVelocityInLocalPoint(toBt(rB))))
                                   .dot(n);
        const auto was = std::find_if(contacts_.begin(), contacts_.end(),
                                      [&](const BufferContactState& c) { return key(c) == key(s); });
        // A contact begins with the ends closing, overlapping by no more than a step's closing can explain:
        // ends found deeper, or parting, or later a metre deeper than both strokes, have passed each other
        // (bodies already intertwined): not a buffer contact, whose force would throw them apart at once.
        // Ends just uncoupled (SimulationCoupling.cpp) start from where their coupler held them.
        const double strokes = A.stock.buffers.stroke + B.stock.buffers.stroke;
        if ((was == contacts_.end() && !uncoupledPair(A.origin, B.origin) &&
             (closing <= 0 || s.compression > closing * options_.dt + kNewOverlap)) ||
            s.compression > strokes + kPassed)
            continue;
        if (was == contacts_.end() && couplesWith(A, B, closing)) { // they couple (after this loop)
            couplings.push_back({A.origin, s.endA, B.origin, s.endB, closing});
            continue;
        }
        double bodies = 0.0; // the bodies' push past both strokes over the last step [N]
        if (was != contacts_.end()) {
            bodies = pressed[std::size_t(was - contacts_.begin())] / options_.dt;
            s.event = was->event;
            s.peakCompression = was->peakCompression;
            s.damperWork = was->damperWork;
            s.peakForce = was->peakForce;
            s.eventCompression = was->eventCompression;
            s.solid = was->solid;
            s.peakDeceleration[0] = was->peakDeceleration[0];
            s.peakDeceleration[1] = was->peakDeceleration[1];
            s.absorbedBefore = was->absorbedBefore;
        } else { // the same two cars met less than kRecontact ago: that event goes on
            const auto& events = telemetry_.collisions();
            for (int k = int(events.size()) - 1; k >= 0; --k) {
                const CollisionEvent& e = events[std::size_t(k)];
                if (e.train != s.trainA || e.car != s.carA || e.otherTrain != s.trainB ||
                    e.otherCar != s.carB)
                    continue;
                if (e.ended && e.t + e.duration >= time_ - kRecontact) {
                    s.event = k;
                    s.peakForce = e.peakForce;
                    s.eventCompression = e.peakCompression;
                    s.solid = e.solid;
                    s.peakDeceleration[0] = e.peakDeceleration[0];
                    s.peakDeceleration[1] = e.peakDeceleration[1];
                    s.absorbedBefore = e.absorbed;
                }
                break;
            }
        }
        const BufferPair pair(A.stock.buffers, B.stock.buffers);
        bool solid = false;
        // the springs at the compression the step starts from: with Bullet's update (velocity, then the
        // position with the new velocity) an area-preserving step, which neither gains nor loses energy over
        // a contact (a force taken further into the step damps it by (omega dt)^2 / 2 a step)
        s.force = pair.force(s.compression, closing, s.peakCompression, &solid);
        s.peakCompression = std::max(s.peakCompression, s.compression);
        s.damperWork += pair.damping() * closing * closing * options_.dt;
        s.peakForce = std::max(s.peakForce, s.force + bodies);
        s.eventCompression = std::max(s.eventCompression, s.compression);
        s.solid = s.solid || solid;
        s.peakDeceleration[0] = std::max(s.peakDeceleration[0], -A.rider.last.longitudinal);
        s.peakDeceleration[1] = std::max(s.peakDeceleration[1], -B.rider.last.longitudinal);
        if (was == contacts_.end()) { // a new contact: its springs must be stable at this step
            // The force is explicit (the compression the step starts from): stable while omega dt < 2 for
            // the stiffest the ends get, solid, on the two cars' reduced mass.
            const double kA = BufferSpec::kSolidFactor * A.stock.buffers.stiffness;
            const double kB = BufferSpec::kSolidFactor * B.stock.buffers.stiffness;
            const double mA = A.stock.totalMass(), mB = B.stock.totalMass();
            const double omegaDt = std::sqrt(kA * kB / (kA + kB) * (mA + mB) / (mA * mB)) * options_.dt;
            if (omegaDt >= 2.0) {
                std::ostringstream msg;
                msg << "simulation stopped at t = " << time_ << " s: train \"" << ta.spec.id << "\" car "
                    << s.carA + 1 << " met train \"" << tb.spec.id << "\" car " << s.carB + 1
                    << " closing at " << closing
                    << " m/s with buffers too stiff for the step: solid, in series, " << kA * kB / (kA + kB)
                    << " N/m on a reduced mass of " << mA * mB / (mA + mB)
                    << " kg gives omega dt = " << omegaDt
                    << " (stable below 2): soften the buffers or shorten the step";
                throw SimulationError(msg.str());
            }
        }
        if (s.event < 0) { // the onset
            CollisionEvent e;
            const Bogie& at = s.endA > 0 ? A.bogies.front() : A.bogies.back();
            static_cast<EventPlace&>(e) = eventPlace(
                time_, s.trainA, s.carA, s.endA > 0 ? 0 : int(A.bogies.size()) - 1, at, trainSpeed(s.trainA));
            e.otherTrain = s.trainB;
            e.otherCar = s.carB;
            e.otherTrainId = tb.spec.id;
            e.closingSpeed = closing;
            std::ostringstream msg;
            msg << "train " << ta.spec.id << " car " << s.carA << " (" << (s.endA > 0 ? "front" : "rear")
                << ") met train " << tb.spec.id << " car " << s.carB << " ("
                << (s.endB > 0 ? "front" : "rear") << ") on track " << e.trackId << " at s = " << e.s
                << " m, t = " << e.t << " s, closing at " << closing << " m/s";
            e.message = msg.str();
            s.event = int(telemetry_.collisions().size());
            telemetry_.addCollision(e);
        }
        updateCollision(s);
        contactForces_.push_back({s.trainA, s.trainB, A.body.get(), B.body.get(), n, rA, rB, s.force});
        next.push_back(s);
    }
    for (const BufferContactState& c : contacts_) // parted
        if (std::none_of(next.begin(), next.end(),
                         [&](const BufferContactState& s) { return key(s) == key(c); }))
            if (CollisionEvent* e = telemetry_.collision(c.event)) e->end(time_);
    contacts_ = std::move(next);
    for (const Coupling& m : couplings)
        couple(m);
}

void SimulationEngine::updateCollision(const BufferContactState& s) {
    CollisionEvent* e = telemetry_.collision(s.event);
    if (!e) return;
    const Car& A = trains_[std::size_t(s.trainA)]->cars[std::size_t(s.carA)];
    const Car& B = trains_[std::size_t(s.trainB)]->cars[std::size_t(s.carB)];
    const BufferPair pair(A.stock.buffers, B.stock.buffers);
    e->peakForce = s.peakForce;
    e->peakCompression = s.eventCompression;
    e->solid = s.solid;
    e->absorbed = s.absorbedBefore + pair.absorption() * pair.loadEnergy(s.peakCompression) + s.damperWork;
    e->peakDeceleration[0] = s.peakDeceleration[0];
    e->peakDeceleration[1] = s.peakDeceleration[1];
    e->duration = time_ - e->t;
    e->ended = false;
}

void SimulationEngine::applyContacts(const StepUnit& u) {
    for (const ContactForce& f : contactForces_) {
        if (f.trainA < u.firstTrain || f.trainA >= u.endTrain) continue; // (B is in A's world: packing)
        f.bodyA->applyForce(toBt(Vec3(-f.force * f.n)), toBt(f.rA));
        if (f.bodyB) f.bodyB->applyForce(toBt(Vec3(f.force * f.n)), toBt(f.rB)); // (null: a buffer stop)
    }
}

} // namespace tl
