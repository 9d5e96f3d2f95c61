// SimulationEngine: trains coupled and uncoupled while they run (docs/trains-format.md, "Coupling and
// uncoupling").
//
// Coupling: two free car ends of different trains that meet (the contact stage finds them as it finds buffer
// contacts, SimulationContacts.cpp) couple when both couplers are automatic, both cars are on the rails and
// the ends close slower than both coupling speeds; the two trains become one under the id, schedule and
// driver's inputs of the faster (the lower index at a tie), its head where that train's head was, its cars
// renumbered head first. Cars of the other train that now face backwards are turned (CarState::facing).
// Faster meetings are buffer contacts (collisions), and ends already in a buffer contact do not couple.
// A coupling is a collision event of kind "coupling", ended as it begins.
//
// Uncoupling: behind car k of a train (a schedule entry [t, {"uncouple": k}], or the driver:
// Simulation::uncouple): the cars behind k become a new train "<id>-2" (uncoupledId) with no schedule and the
// brakes on. The two ends do not couple again until they have drawn kApart apart (UncoupledEnds); until then
// they meet as buffers from any overlap.
//
// Either changes the trains' make-up between two steps (remake): the cars, their bodies and constraints stay
// what they are; trains are rebuilt around them, every world is rebuilt canonically (as a regroup does) and
// every state that names a train and car is renamed. The make-up is part of a snapshot.
#include "physics/joint/BulletEigen.h"
#include "physics/sim/ContactKeys.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarEnd.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

namespace tl {

namespace {
constexpr double kApart = 0.05; // uncoupled ends this far apart may couple again [m]
} // namespace

std::pair<int, int> SimulationEngine::carOf(int origin) const {
    for (int t = 0; t < trainCount(); ++t) {
        const Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c)
            if (tr.cars[std::size_t(c)].origin == origin) return {t, c};
    }
    return {-1, -1};
}

bool SimulationEngine::uncoupledPair(int originA, int originB) const {
    return std::any_of(uncoupled_.begin(), uncoupled_.end(), [&](const UncoupledEnds& u) {
        return (u.carA == originA && u.carB == originB) || (u.carA == originB && u.carB == originA);
    });
}

bool SimulationEngine::couplesWith(const Car& A, const Car& B, double closing) const {
    const CouplerSpec &a = A.stock.coupler, &b = B.stock.coupler;
    return a.automatic && b.automatic && !A.derailed && !B.derailed && closing > 0 &&
           closing < std::min(a.couplingSpeed, b.couplingSpeed) && !uncoupledPair(A.origin, B.origin);
}

void SimulationEngine::stageCoupling() {
    // the schedules' uncouplings due now, after the inputs before them (takeDueSchedule stops at one)
    for (int t = 0; t < trainCount(); ++t)
        for (;;) {
            Train& tr = *trains_[std::size_t(t)];
            takeDueSchedule(tr, time_);
            if (tr.nextSchedule >= tr.spec.schedule.size() ||
                tr.spec.schedule[tr.nextSchedule].t > time_ + 1e-9)
                break;
            const ScheduleEntry e = tr.spec.schedule[tr.nextSchedule++];
            if (!e.throwSwitch.empty()) { // refused: an event says why (SimulationRoutes.cpp)
                const std::string why = throwSwitch(layout_.switchIndex(e.throwSwitch), e.state, t);
                if (!why.empty()) addRefusal(t, "throw", why);
                continue;
            }
            if (!e.route.empty()) {
                int r = 0;
                while (layout_.routeList()[std::size_t(r)].id != e.route)
                    ++r;
                const std::string why = requestRoute(r, t);
                if (!why.empty()) addRefusal(t, "route", why);
                continue;
            }
            if (e.uncouple + 1 >= int(tr.cars.size())) {
                std::ostringstream msg;
                msg << "simulation stopped at t = " << time_ << " s: train \"" << tr.spec.id
                    << "\" cannot uncouple behind car " << e.uncouple << " (schedule entry " << e.where
                    << "): it has " << tr.cars.size() << " cars now"
                    << (tr.cars.size() > 1 ? ", so 0 to " + std::to_string(tr.cars.size() - 2) + " can be"
                                           : "");
                throw SimulationError(msg.str());
            }
            uncouple(t, e.uncouple);
        }
    // uncoupled ends drawn apart couple again
    uncoupled_.erase(std::remove_if(uncoupled_.begin(), uncoupled_.end(),
                                    [&](const UncoupledEnds& u) {
                                        const auto [ta, ca] = carOf(u.carA);
                                        const auto [tb, cb] = carOf(u.carB);
                                        if (ta < 0 || tb < 0 || ta == tb) return true;
                                        const Car& A = trains_[std::size_t(ta)]->cars[std::size_t(ca)];
                                        const Car& B = trains_[std::size_t(tb)]->cars[std::size_t(cb)];
                                        const Vec3 a = toEigen(A.body->getCenterOfMassPosition());
                                        const Vec3 b = toEigen(B.body->getCenterOfMassPosition());
                                        return (a - b).norm() >
                                               0.5 * (A.stock.body.length + B.stock.body.length) + kApart;
                                    }),
                     uncoupled_.end());
}

// A train's end (+1 head, -1 tail) that car c's body end e is, or 0 for an end between two cars.
static int trainEnd(const Train& tr, int c, int e) {
    const Car& car = tr.cars[std::size_t(c)];
    const int last = int(tr.cars.size()) - 1;
    if (c == 0 && e == car.facing) return +1;
    if (c == last && e == -car.facing) return -1;
    return 0;
}

void SimulationEngine::couple(const Coupling& m) {
    const auto [ta, ca] = carOf(m.originA);
    const auto [tb, cb] = carOf(m.originB);
    if (ta < 0 || tb < 0 || ta == tb) return; // (an earlier coupling of this step joined them)
    const int endA = trainEnd(*trains_[std::size_t(ta)], ca, m.endA);
    const int endB = trainEnd(*trains_[std::size_t(tb)], cb, m.endB);
    if (endA == 0 || endB == 0) return;
    // the faster keeps its id, schedule and inputs; its head stays the head
    const double va = std::abs(trainSpeed(ta)), vb = std::abs(trainSpeed(tb));
    const bool aKeeps = va > vb || (va == vb && ta < tb);
    const int k = aKeeps ? ta : tb, o = aKeeps ? tb : ta;
    const int endK = aKeeps ? endA : endB, endO = aKeeps ? endB : endA;
    const Train& K = *trains_[std::size_t(k)];
    const Train& O = *trains_[std::size_t(o)];

    std::vector<Makeup> next;
    for (int t = 0; t < trainCount(); ++t)
        if (t != o) next.push_back(makeupOf(t));
    Makeup& merged = next[std::size_t(k < o ? k : k - 1)];
    Makeup other = makeupOf(o);
    // the other train in the merged one's order: it goes on at the meeting end, turned when its meeting end
    // is the same (head to head, tail to tail)
    const bool turned = endK == endO;
    if (turned) {
        std::reverse(other.origins.begin(), other.origins.end());
        std::reverse(other.facing.begin(), other.facing.end());
        std::reverse(other.couplers.begin(), other.couplers.end());
        for (int& f : other.facing)
            f = -f;
    }
    CouplerState joint;
    auto join = [&](Makeup& front, const Makeup& rear) { // rear behind front
        front.origins.insert(front.origins.end(), rear.origins.begin(), rear.origins.end());
        front.facing.insert(front.facing.end(), rear.facing.begin(), rear.facing.end());
        front.couplers.push_back(joint);
        front.couplers.insert(front.couplers.end(), rear.couplers.begin(), rear.couplers.end());
    };
    if (endK < 0) {
        join(merged, other);
    } else {
        join(other, merged);
        other.spec = merged.spec;
        other.run = merged.run;
        merged = std::move(other);
    }
    merged.run.derailed = K.derailed || O.derailed;
    merged.run.near = K.near || O.near;
    const int cars = int(merged.origins.size());

    // the event, at the kept train's meeting car end, before the trains change
    CollisionEvent e;
    const int kc = aKeeps ? ca : cb, oc = aKeeps ? cb : ca;
    const int ke = aKeeps ? m.endA : m.endB, oe = aKeeps ? m.endB : m.endA;
    const Car& kCar = K.cars[std::size_t(kc)];
    const Bogie& place = ke > 0 ? kCar.bogies.front() : kCar.bogies.back();
    static_cast<EventPlace&>(e) =
        eventPlace(time_, k, kc, ke > 0 ? 0 : int(kCar.bogies.size()) - 1, place, trainSpeed(k));
    e.kind = "coupling";
    e.coupled = true;
    e.otherTrain = o;
    e.otherCar = oc;
    e.otherTrainId = O.spec.id;
    e.closingSpeed = m.closing;
    e.ended = true;
    std::ostringstream msg;
    msg << "train " << K.spec.id << " car " << kc << " (" << (ke > 0 ? "front" : "rear")
        << ") coupled to train " << O.spec.id << " car " << oc << " (" << (oe > 0 ? "front" : "rear")
        << ") on track " << e.trackId << " at s = " << e.s << " m, t = " << e.t << " s, closing at "
        << m.closing << " m/s: train " << K.spec.id << " now has " << cars << " cars";
    e.message = msg.str();
    telemetry_.addCollision(e);

    const int removed = std::max(k, o);
    remake(std::move(next), StepSchedule::resized(schedule_.grouping(), removed, -1),
           StepSchedule::resized(schedule_.base(), removed, -1));
}

void SimulationEngine::uncouple(int t, int car) {
    if (t < 0 || t >= trainCount())
        throw SimulationError("uncouple: no train " + std::to_string(t) + " (there are " +
                              std::to_string(trainCount()) + ")");
    const Train& tr = *trains_[std::size_t(t)];
    if (car < 0 || car + 1 >= int(tr.cars.size()))
        throw SimulationError("uncouple: train \"" + tr.spec.id + "\" has " + std::to_string(tr.cars.size()) +
                              " cars: it can be uncoupled behind car 0 to " +
                              std::to_string(int(tr.cars.size()) - 2) + ", not " + std::to_string(car));
    std::vector<Makeup> next;
    for (int k = 0; k < trainCount(); ++k)
        next.push_back(makeupOf(k));
    Makeup& front = next[std::size_t(t)];
    Makeup rear;
    rear.spec = front.spec;
    rear.spec.id = uncoupledId(tr.spec.id, trainIds());
    rear.spec.schedule.clear();
    rear.run.drive = {0.0, 1.0, front.run.drive.direction}; // at rest: the brakes on
    rear.run.derailed = false;
    for (std::size_t c = std::size_t(car) + 1; c < front.origins.size(); ++c)
        rear.run.derailed = rear.run.derailed || tr.cars[c].derailed;
    rear.run.near = front.run.near;
    rear.origins.assign(front.origins.begin() + car + 1, front.origins.end());
    rear.facing.assign(front.facing.begin() + car + 1, front.facing.end());
    rear.couplers.assign(front.couplers.begin() + car + 1, front.couplers.end());
    front.origins.resize(std::size_t(car) + 1);
    front.facing.resize(std::size_t(car) + 1);
    front.couplers.resize(std::size_t(car));
    front.run.derailed = false;
    for (int c = 0; c <= car; ++c)
        front.run.derailed = front.run.derailed || tr.cars[std::size_t(c)].derailed;
    uncoupled_.push_back({tr.cars[std::size_t(car)].origin, tr.cars[std::size_t(car) + 1].origin});
    next.insert(next.begin() + t + 1, std::move(rear));
    remake(std::move(next), StepSchedule::resized(schedule_.grouping(), t, +1),
           StepSchedule::resized(schedule_.base(), t, +1));
}

SimulationEngine::Makeup SimulationEngine::makeupOf(int t) const {
    const Train& tr = *trains_[std::size_t(t)];
    Makeup m;
    m.spec = tr.spec;
    m.spec.cars.clear();
    m.run = tr;
    for (const Car& c : tr.cars) {
        m.origins.push_back(c.origin);
        m.facing.push_back(c.facing);
    }
    for (const Coupler& c : tr.couplers)
        m.couplers.push_back(c);
    return m;
}

void SimulationEngine::remake(std::vector<Makeup> next, const std::vector<int>& grouping,
                              const std::vector<int>& base) {
    std::vector<std::vector<int>> originOf; // per train and car before, the car's origin
    for (const auto& t : trains_) {
        originOf.emplace_back();
        for (const Car& c : t->cars)
            originOf.back().push_back(c.origin);
    }
    std::vector<HeldContact> held = holdContacts();
    schedule_.detachAll(trains_);
    std::vector<Car> pool(static_cast<std::size_t>(carCount_));
    for (auto& t : trains_)
        for (Car& c : t->cars)
            pool[std::size_t(c.origin)] = std::move(c);
    std::vector<std::unique_ptr<Train>> made;
    for (Makeup& m : next) {
        auto tr = std::make_unique<Train>();
        static_cast<TrainRunState&>(*tr) = m.run;
        tr->spec = std::move(m.spec);
        tr->spec.cars.clear();
        for (std::size_t k = 0; k < m.origins.size(); ++k) {
            tr->cars.push_back(std::move(pool[std::size_t(m.origins[k])]));
            tr->cars.back().facing = m.facing[k];
            tr->spec.cars.push_back(tr->cars.back().stock);
        }
        for (std::size_t k = 1; k < tr->cars.size(); ++k) {
            addCoupler(*tr, int(k - 1), int(k));
            static_cast<CouplerState&>(tr->couplers.back()) = m.couplers.at(k - 1);
        }
        made.push_back(std::move(tr));
    }
    trains_ = std::move(made);
    std::vector<std::pair<int, int>> now(std::size_t(carCount_), {-1, -1}); // origin -> its train and car
    firstCar_.clear();
    int first = 0;
    for (int t = 0; t < trainCount(); ++t) {
        firstCar_.push_back(first);
        Train& tr = *trains_[std::size_t(t)];
        for (int c = 0; c < int(tr.cars.size()); ++c) {
            Car& car = tr.cars[std::size_t(c)];
            now[std::size_t(car.origin)] = {t, c};
            BulletWorld::setGroup(*car.body, t);
            car.body->setUserIndex2(c);
            for (Bogie& b : car.bogies) {
                BulletWorld::setGroup(*b.body, t);
                b.body->setUserIndex2(c);
            }
        }
        first += int(tr.cars.size());
    }
    schedule_.attachAll(grouping, base, trains_);
    applyRailing(true);
    handBackContacts(held);
    noteCars(0, trainCount(), false);

    // every state that names a train and car, renamed
    auto rename = [&](int& t, int& c) {
        std::tie(t, c) = now[std::size_t(originOf.at(std::size_t(t)).at(std::size_t(c)))];
    };
    std::vector<BufferContactState> contacts;
    for (BufferContactState s : contacts_) {
        rename(s.trainA, s.carA);
        rename(s.trainB, s.carB);
        if (s.trainA == s.trainB) { // now one train: no contact any more
            if (CollisionEvent* e = telemetry_.collision(s.event)) e->end(time_);
            continue;
        }
        if (s.trainA > s.trainB) {
            std::swap(s.trainA, s.trainB), std::swap(s.carA, s.carB), std::swap(s.endA, s.endB);
            std::swap(s.peakDeceleration[0], s.peakDeceleration[1]);
        }
        contacts.push_back(s);
    }
    std::sort(contacts.begin(), contacts.end(), [](const BufferContactState& a, const BufferContactState& b) {
        return contact::key(a) < contact::key(b);
    });
    contacts_ = std::move(contacts);
    for (BodyContactState& s : bodyContacts_) {
        if (s.trainA >= 0) rename(s.trainA, s.carA);
        if (s.trainB >= 0) rename(s.trainB, s.carB);
        if (s.trainA > s.trainB) std::swap(s.trainA, s.trainB), std::swap(s.carA, s.carB);
    }
    bodyContacts_.erase(std::remove_if(bodyContacts_.begin(), bodyContacts_.end(),
                                       [](const BodyContactState& s) { return s.trainA == s.trainB; }),
                        bodyContacts_.end());
    for (BufferStopState& s : stops_)
        if (s.train >= 0) rename(s.train, s.car);
    for (ContactForce& f : contactForces_) { // this step's, when the contact stage coupled: their trains
        f.trainA = f.bodyA->getUserIndex();
        f.trainB = f.bodyB ? f.bodyB->getUserIndex() : f.trainA;
    }
    telemetry_.setSourceIds(vehicleIds(), trainIds());
    ++makeup_;
}

} // namespace tl
