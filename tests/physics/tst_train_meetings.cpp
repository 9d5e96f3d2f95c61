// Trains meeting beyond the closed forms of tst_buffer_contact.cpp (docs/trains-format.md, "Buffers and
// collisions"): forks from inside a contact repeat the run bit for bit; two trains head on; a side-swipe at a
// fouling point; coaster trains on one circuit; a derailed car struck; a blow-up naming both trains; a
// pile-up of six trains (at most five contacts at once, one world or many the same bits).
#include "MeetingRigs.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarBox.h"
#include "physics/vehicle/BufferPair.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace tl;
using namespace tl::meetings;

class TstTrainMeetings : public QObject {
    Q_OBJECT
private slots:
    void forkAcrossContacts();
    void headOn();
    void sideSwipeAtAFoulingPoint();
    void coasterTrainsOnOneCircuit();
    void derailFoulStrike();
    void blowUpNamesBothTrains();
    void pileUp();
};

// Forks as the GUI makes them (the same simulation back to a snapshot, events after it dropped and recorded
// again): the two trains of twoTrainsMeet from inside their buffer contact (t = 11.82 s), the side-swipe
// from inside its body contact (the first step after 11.79 s with one); each run on to its end repeats every
// body, event and telemetry sample bit for bit.
void TstTrainMeetings::forkAcrossContacts() {
    auto check = [](const LayoutSpec& spec, double at, bool bodies, double until) {
        auto live =
            std::make_unique<Simulation>(Layout::compile(spec, "<test>"), SimulationOptions{}, "<test>");
        live->runUntil(at);
        while ((bodies ? live->snapshot().bodyContacts.empty() : live->snapshot().bufferContacts.empty()) &&
               live->time() < until)
            live->step();
        const SimulationState from = live->snapshot();
        QVERIFY(!(bodies ? from.bodyContacts.empty() : from.bufferContacts.empty()));
        live->runUntil(until);
        const SimulationState end = live->snapshot();
        const auto events = live->view().collisions();
        const auto derailments = live->view().derailments().size();
        const std::uint64_t hash = live->telemetry().hash();
        live->restore(from);
        live->runUntil(until);
        const SimulationState again = live->snapshot();
        QCOMPARE(again.bodies.size(), end.bodies.size());
        for (std::size_t i = 0; i < end.bodies.size(); ++i)
            QVERIFY(std::memcmp(again.bodies[i].pose.matrix().data(), end.bodies[i].pose.matrix().data(),
                                16 * 8) == 0);
        QCOMPARE(live->view().collisions().size(), events.size());
        for (std::size_t k = 0; k < events.size(); ++k) {
            QCOMPARE(live->view().collisions()[k].peakForce, events[k].peakForce);
            QCOMPARE(live->view().collisions()[k].duration, events[k].duration);
            QCOMPARE(live->view().collisions()[k].closingSpeed, events[k].closingSpeed);
        }
        QCOMPARE(live->view().derailments().size(), derailments);
        QCOMPARE(live->telemetry().hash(), hash);
        qInfo("forked at %.4f s: %zu collision events, %zu derailments, the same bits at %.1f s", from.time,
              events.size(), derailments, until);
    };
    check(rearEnd(), 11.82, false, 20.0);
    check(sideSwipe(), 11.79, true, 16.0);
}

// Head-on: two trains of a locomotive and two coaches at 10 m/s towards each other on one straight, 200 m
// apart. One buffer contact at the gap's closing with a closing speed of 2 x 10 m/s (less the Davis
// resistance over the approach), the same bits from one world and from two, and the trains mirror images
// of each other (the figures go to the log).
void TstTrainMeetings::headOn() {
    auto make = [](int worldBogies) {
        LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
            {"id": "L", "curve": {"type": "line", "length": 1000}}],
            "trains": [
            {"id": "east", "cars": ["locomotive", "passenger-car", "passenger-car"],
             "start": {"track": "L", "s": 400}, "speed": 10},
            {"id": "west", "cars": ["locomotive", "passenger-car", "passenger-car"],
             "start": {"track": "L", "s": 600, "direction": -1}, "speed": 10}]})",
                                          "<test>");
        SimulationOptions o;
        o.worldBogies = worldBogies;
        auto sim = std::make_unique<Simulation>(Layout::compile(spec, "<test>"), o, "<test>");
        double before = 0.0;
        while (sim->time() < 15.0) {
            if (sim->view().collisions().empty())
                before = sim->view().trainSpeed(0) + sim->view().trainSpeed(1);
            sim->step();
        }
        return std::make_pair(std::move(sim), before);
    };
    auto [one, before] = make(40);
    auto [two, before2] = make(6);
    const auto& c = one->view().collisions();
    for (const CollisionEvent& e : c)
        qInfo("%s event: %s; peak %.0f kN, overlap %.3f m%s, absorbed %.0f kJ", e.kind.c_str(),
              e.message.c_str(), e.peakForce / 1e3, e.peakCompression, e.solid ? " (solid)" : "",
              e.absorbed / 1e3);
    for (const DerailmentEvent& e : one->view().derailments())
        qInfo("%s", e.message.c_str());
    QVERIFY(!c.empty());
    QCOMPARE(c[0].kind, std::string("buffers"));
    QCOMPARE(c[0].trainId + c[0].otherTrainId, std::string("eastwest"));
    QVERIFY(std::abs(c[0].closingSpeed / before - 1) < 0.02);
    QCOMPARE(one->telemetry().hash(), two->telemetry().hash());
    QCOMPARE(two->view().collisions().size(), c.size());
    // the layout and the trains are mirror images about s = 500 m: so are the two trains at 15 s; the ends
    // went solid, their boxes inside the buffers held (no overlap beyond Bullet's 2 cm slop)
    double asymmetry = 0;
    for (int k = 0; k < 3; ++k)
        asymmetry = std::max(asymmetry, std::abs(one->view().carPose(0, k).translation().x() +
                                                 one->view().carPose(1, k).translation().x() - 1000.0));
    qInfo("mirror images to %.3g m (the solver visits the two trains' rows in turn)", asymmetry);
    QVERIFY(asymmetry < 1e-4);
    QVERIFY(c[0].solid && c[0].peakCompression < 0.21 + 0.02);
    qInfo("at 15 s: east at %.3f m/s, west at %.3f m/s; %zu derailments", one->view().trainSpeed(0),
          one->view().trainSpeed(1), one->view().derailments().size());
}

// A side-swipe (sideSwipe()): the car ends never face each other: the bodies meet (a "bodies" event, railed
// against railed); no two cars stand inside each other by more than Bullet's contact slop (5 cm) at any step;
// the same with the trains in one world and in two; every body stays finite.
void TstTrainMeetings::sideSwipeAtAFoulingPoint() {
    const LayoutSpec spec = sideSwipe();
    auto run = [&](int worldBogies, double* deepest, double* firstOverlap) {
        SimulationOptions o;
        o.worldBogies = worldBogies;
        auto sim = std::make_unique<Simulation>(Layout::compile(spec, "<test>"), o, "<test>");
        *deepest = -1e300;
        *firstOverlap = -1;
        while (sim->time() < 25.0) {
            sim->step();
            const double d = deepestOverlap(*sim, 0, 1);
            if (d > 0 && *firstOverlap < 0) *firstOverlap = sim->time();
            *deepest = std::max(*deepest, d);
        }
        return sim;
    };
    double deepest = 0, first = 0, deepest2 = 0, first2 = 0;
    const auto one = run(40, &deepest, &first);
    const auto two = run(4, &deepest2, &first2);
    const auto& c = one->view().collisions();
    for (const CollisionEvent& e : c)
        qInfo("%s event: %s; peak %.0f kN, %.3f s%s", e.kind.c_str(), e.message.c_str(), e.peakForce / 1e3,
              e.duration, e.ended ? "" : " (going on)");
    for (const DerailmentEvent& e : one->view().derailments())
        qInfo("%s", e.message.c_str());
    qInfo("deepest overlap of the two trains' car boxes %.4f m (first touching at t = %.4f s); passing train "
          "at %.3f m/s at 25 s",
          deepest, first, one->view().trainSpeed(1));
    QVERIFY(!c.empty());
    QCOMPARE(c.front().kind, std::string("bodies"));
    QVERIFY(std::none_of(c.begin(), c.end(), [](const CollisionEvent& e) { return e.kind == "buffers"; }));
    QVERIFY(c.front().message.find("railed against railed") != std::string::npos);
    QVERIFY(c.front().t > 9.0 && c.front().t < 14.0); // the passing head reaches x = 225 m at about 11.3 s
    QVERIFY(deepest < 0.05);
    for (int t = 0; t < 2; ++t)
        QVERIFY(std::isfinite(one->view().trainSpeed(t)) && std::isfinite(one->view().trainEnergy(t)));
    QCOMPARE(one->telemetry().hash(), two->telemetry().hash());
    QCOMPARE(deepest2, deepest);
}

// Two coaster trains on the coaster demo's circuit (resources/layouts/coaster.json): B stalled on the flat
// before the station (s = 470 m, at rest; coaster cars have no brakes of their own), A sent from s = 100 m
// up the lift at the chain's 3.5 m/s. A comes down the drop and round the circuit and runs into B at about
// 19 m/s: one "buffers" event of A's front car and B's last car, closing at A's speed less B's just before
// (2 %), solid (the bumpers hold 2 x 500 J, the meeting brings about 0.29 MJ); no two cars of the trains
// stand inside each other by more than 3 cm; B is pushed on; over the contact the energy of both trains
// (kinetic + potential) never rises by more than 0.5 % of the kinetic energy at the onset.
void TstTrainMeetings::coasterTrainsOnOneCircuit() {
    const std::string file = TRACKLAB_SOURCE_DIR "/resources/layouts/coaster.json";
    LayoutSpec spec = loadLayoutSpec(file);
    spec.trains =
        nlohmann::json::array({{{"id", "A"},
                                {"cars", {"coaster-car", "coaster-car", "coaster-car", "coaster-car"}},
                                {"start", {{"track", "loop"}, {"s", 100.0}}},
                                {"speed", 3.5}},
                               {{"id", "B"},
                                {"cars", {"coaster-car", "coaster-car", "coaster-car", "coaster-car"}},
                                {"start", {{"track", "loop"}, {"s", 470.0}}}}});
    Simulation sim(Layout::compile(spec, file), SimulationOptions{}, file);
    double closing = 0, energy0 = 0, kinetic0 = 0, rise = -1e300, deepest = -1e300, bBefore = 0;
    bool inContact = false;
    while (sim.time() < 50.0) {
        const auto& v = sim.view();
        const double energy = v.trainEnergy(0) + v.trainEnergy(1);
        if (v.collisions().empty()) {
            closing = v.trainSpeed(0) - v.trainSpeed(1);
            bBefore = v.trainSpeed(1);
            energy0 = energy;
            kinetic0 = 0;
            for (int t = 0; t < 2; ++t)
                for (int c = 0; c < 4; ++c) {
                    const Car& car = sim.engine().train(t).cars[std::size_t(c)];
                    const double m = car.stock.body.mass + car.stock.bogies.mass;
                    kinetic0 += 0.5 * m * std::pow(v.bogieSpeed(t, c, 0), 2);
                }
        } else if (!v.collisions().front().ended) {
            inContact = true;
            rise = std::max(rise, energy - energy0);
        }
        sim.step();
        deepest = std::max(deepest, deepestOverlap(sim, 0, 1));
    }
    const auto& c = sim.view().collisions();
    for (const CollisionEvent& e : c)
        qInfo(
            "%s event: %s; peak %.1f kN, overlap %.4f m%s, absorbed %.1f kJ, decelerations %.2f g / %.2f g, "
            "%.3f s",
            e.kind.c_str(), e.message.c_str(), e.peakForce / 1e3, e.peakCompression,
            e.solid ? " (solid)" : "", e.absorbed / 1e3, e.peakDeceleration[0], e.peakDeceleration[1],
            e.duration);
    qInfo(
        "closing just before %.3f m/s (B at %.3f m/s); energy rise over the contact %.1f J of %.0f J kinetic "
        "(%.3f %%); deepest car-box overlap %.4f m; B at %.3f m/s at 50 s; %zu derailments",
        closing, bBefore, rise, kinetic0, 100 * rise / kinetic0, deepest, sim.view().trainSpeed(1),
        sim.view().derailments().size());
    QVERIFY(inContact);
    QCOMPARE(c.front().kind, std::string("buffers"));
    QCOMPARE(c.front().trainId + c.front().otherTrainId, std::string("AB"));
    QCOMPARE(c.front().car, 0);
    QCOMPARE(c.front().otherCar, 3);
    QVERIFY(std::abs(c.front().closingSpeed / closing - 1) < 0.02);
    QVERIFY(c.front().solid);
    QVERIFY(c.front().peakCompression < 0.2 + 0.05);
    QVERIFY(deepest < 0.03); // Bullet's contact slop between the small cars (1.8 cm measured)
    QVERIFY(rise <= 0.005 * kinetic0);
    QVERIFY(sim.view().trainSpeed(1) > 1.0);
}

// Derail, foul, strike: two parallel lines 4.5 m apart turning left into curves of 80 m (inner) and 84.5 m
// (outer) radius, no cant. Train A on the inner line enters its curve at 20 m/s at full throttle and
// overturns outwards (about 3 s); its wreck slides across the outer line. Train B follows on the outer line
// at 15 m/s from 140 m further back and runs into it: a "bodies" event of a B car against A's derailed car,
// after A's derailment, and B's outcome -- it derails on the wreck. Every body stays finite.
void TstTrainMeetings::derailFoulStrike() {
    const LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "inS", "curve": {"type": "line", "length": 200}},
        {"id": "inC", "curve": {"type": "arc", "radius": 80, "angle": 1.5707963267948966},
         "placement": {"after": ["inS", "end"]}},
        {"id": "outS", "curve": {"type": "line", "length": 200}, "placement": {"position": [0, -4.5, 0]}},
        {"id": "outC", "curve": {"type": "arc", "radius": 84.5, "angle": 1.5707963267948966},
         "placement": {"after": ["outS", "end"]}}],
        "connections": [{"a": ["inS", "end"], "b": ["inC", "start"]}, {"a": ["outS", "end"], "b": ["outC", "start"]}],
        "trains": [
        {"id": "A", "cars": ["locomotive", "passenger-car", "passenger-car"], "start": {"track": "inS", "s": 150},
         "speed": 20, "schedule": [[0, 1, 0]]},
        {"id": "B", "cars": ["locomotive", "passenger-car", "passenger-car"], "start": {"track": "outS", "s": 60},
         "speed": 15}]})",
                                            "<test>");
    Simulation sim(Layout::compile(spec, "<test>"), SimulationOptions{}, "<test>");
    double bBefore = 0;
    while (sim.time() < 15.0) {
        if (sim.view().collisions().empty()) bBefore = sim.view().trainSpeed(1);
        sim.step();
    }
    const auto& d = sim.view().derailments();
    const auto& c = sim.view().collisions();
    for (const DerailmentEvent& e : d)
        qInfo("%s", e.message.c_str());
    for (const CollisionEvent& e : c)
        qInfo("%s event: %s; peak %.0f kN, %.3f s", e.kind.c_str(), e.message.c_str(), e.peakForce / 1e3,
              e.duration);
    qInfo("B at %.3f m/s just before the strike", bBefore);
    QVERIFY(!d.empty() && !c.empty());
    QCOMPARE(d.front().trainId, std::string("A"));
    QCOMPARE(d.front().cause, std::string("overturn"));
    QCOMPARE(d.front().trackId, std::string("inC"));
    const CollisionEvent& strike = c.front();
    QCOMPARE(strike.kind, std::string("bodies"));
    QCOMPARE(strike.trainId + strike.otherTrainId, std::string("AB"));
    QVERIFY(strike.message.find("derailed against railed") != std::string::npos);
    QVERIFY(strike.t > d.front().t + 2.0);
    // B's outcome: it derails on the wreck
    const auto bDerails =
        std::find_if(d.begin(), d.end(), [](const DerailmentEvent& e) { return e.trainId == "B"; });
    QVERIFY(bDerails != d.end());
    QVERIFY(bDerails->t >= strike.t && bDerails->t < strike.t + 1.0);
    for (int t = 0; t < 2; ++t)
        QVERIFY(std::isfinite(sim.view().trainEnergy(t)));
}

// A contact the solver cannot hold: two wagons whose buffers are 1e14 N/m (solid 1e16 N/m: omega dt ~ 3000
// with 240 Hz steps; the explicit force flung both off the track's ends at 2e5 m/s) meet at 20 m/s. The run
// stops at the meeting with a clean SimulationError naming both trains, the closing speed and why.
void TstTrainMeetings::blowUpNamesBothTrains() {
    const LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 400}}],
        "trains": [
        {"id": "A", "cars": [{"base": "freight-wagon", "buffers": {"stiffness": 1e14, "stroke": 0.1}}],
         "start": {"track": "L", "s": 100}, "speed": 20},
        {"id": "B", "cars": [{"base": "freight-wagon", "buffers": {"stiffness": 1e14, "stroke": 0.1}}],
         "start": {"track": "L", "s": 200}}]})",
                                            "<test>");
    Simulation sim(Layout::compile(spec, "<test>"), SimulationOptions{}, "<test>");
    QString what;
    try {
        sim.runUntil(10.0);
    } catch (const SimulationError& e) {
        what = e.what();
    }
    qInfo("%s", qPrintable(what));
    for (const CollisionEvent& e : sim.view().collisions())
        qInfo("%s: peak %.3g N, %.3g m", e.message.c_str(), e.peakForce, e.peakCompression);
    for (const DerailmentEvent& e : sim.view().derailments())
        qInfo("%s", e.message.c_str());
    qInfo("t %.3f: A %.4g m/s, B %.4g m/s", sim.time(), sim.view().trainSpeed(0), sim.view().trainSpeed(1));
    QVERIFY2(what.startsWith("simulation stopped at t = "), qPrintable(what));
    QVERIFY2(what.contains("train \"A\" car 1 met train \"B\" car 1 closing at") &&
                 what.contains("too stiff for the step") && what.contains("omega dt = "),
             qPrintable(what));
    QVERIFY(sim.view().derailments().empty()); // stopped before anything flew
    QVERIFY(std::abs(sim.view().trainSpeed(0) - 19.8) < 0.1);
}

// A pile-up at the bound: buffer contacts per step are at most one per pair of facing free ends, so n trains
// in a line make at most n - 1 at once (each train's head meets the tail ahead). Six two-coach trains on one
// 2 km straight, 61 m apart, the first standing braked and each following one 2 m/s faster than the one
// ahead (2 ... 10 m/s) run into each other: every gap closes (a "buffers" event for each of the 5 pairs; the
// trains pushed ahead meet again, 18 events in 60 s, closing at 0.4 to 7.5 m/s), at some step all 5
// contacts at once, never more; no two cars of different trains stand inside each other by more than 3 cm;
// the energy never rises; the same bits from one world per train and from one world for all.
void TstTrainMeetings::pileUp() {
    auto make = [](int worldBogies) {
        // couplers that do not couple: the meetings below 2 m/s stay buffer contacts (tst_coupling.cpp)
        const nlohmann::json car = {{"base", "passenger-car"}, {"coupler", {{"automatic", false}}}};
        nlohmann::json trains = nlohmann::json::array();
        for (int k = 0; k < 6; ++k) {
            nlohmann::json t = {{"id", "P" + std::to_string(k)},
                                {"cars", {car, car}},
                                {"start", {{"track", "L"}, {"s", 1500.0 - 110.0 * k}}},
                                {"speed", 2.0 * k}};
            if (k == 0) t["schedule"] = {{0, 0, 1}};
            trains.push_back(t);
        }
        LayoutSpec spec = parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
            {"id": "L", "curve": {"type": "line", "length": 2000}}]})",
                                          "<test>");
        spec.trains = trains;
        SimulationOptions o;
        o.worldBogies = worldBogies;
        return std::make_unique<Simulation>(Layout::compile(spec, "<test>"), o, "<test>");
    };
    auto one = make(4), all = make(400);
    std::size_t most = 0;
    double deepest = -1e300, rise = -1e300;
    const auto energy = [&] {
        double e = 0;
        for (int t = 0; t < 6; ++t)
            e += one->view().trainEnergy(t);
        return e;
    };
    const double e0 = energy();
    while (one->time() < 60.0) {
        one->step();
        all->step();
        most = std::max(most, one->snapshot().bufferContacts.size());
        rise = std::max(rise, energy() - e0);
        for (int a = 0; a < 6; ++a)
            for (int b = a + 1; b < 6; ++b)
                deepest = std::max(deepest, deepestOverlap(*one, a, b));
    }
    const auto& c = one->view().collisions();
    for (const CollisionEvent& e : c)
        qInfo("%s event: %s; peak %.0f kN, overlap %.4f m%s", e.kind.c_str(), e.message.c_str(),
              e.peakForce / 1e3, e.peakCompression, e.solid ? " (solid)" : "");
    qInfo("at most %zu buffer contacts in one step; deepest car-box overlap %.4f m; energy rise %.1f J; %zu "
          "derailments",
          most, deepest, rise, one->view().derailments().size());
    QCOMPARE(most, std::size_t(5));
    int buffers = 0;
    for (int k = 1; k < 6; ++k) {
        const auto e = std::find_if(c.begin(), c.end(), [&](const CollisionEvent& x) {
            return x.kind == "buffers" && x.trainId == "P" + std::to_string(k - 1) && x.otherTrain == k;
        });
        QVERIFY2(e != c.end(), qPrintable(QString("P%1 never met P%2").arg(k).arg(k - 1)));
        QVERIFY(e->closingSpeed > 0 && e->closingSpeed < 10.0); // never faster than the fastest start
        ++buffers;
    }
    QCOMPARE(buffers, 5);
    QVERIFY(deepest < 0.03); // Bullet's slop (2.4 cm measured)
    QVERIFY(rise <= 0.0);
    QCOMPARE(one->telemetry().hash(), all->telemetry().hash());
}

QTEST_GUILESS_MAIN(TstTrainMeetings)
#include "tst_train_meetings.moc"
