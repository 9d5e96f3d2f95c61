// Trains that meet through their buffers (physics/vehicle/BufferPair.h, physics/sim/SimulationContacts.cpp;
// docs/trains-format.md, "Buffers and collisions"). Closed forms for two single cars on a level 2 km
// straight, brakes, resistance and traction off, car masses m including the bogies (m_r = m1 m2 / (m1 + m2)),
// closing at v with each end's compression within its stroke:
//   linear buffers, no damping: peak force v sqrt(m_r k_eff), contact time pi sqrt(m_r / k_eff), equal masses
//   exchange their speeds, momentum is kept; k_eff = k1 k2 / (k1 + k2);
//   damped (the damper may pull while the ends overlap): restitution exp(-pi zeta / sqrt(1 - zeta^2)),
//   zeta = c_eff / (2 sqrt(k_eff m_r));
//   absorption a: the ends give back (1 - a) of the energy: restitution sqrt(1 - a).
// Energy (kinetic + potential + buffer springs) never rises by more than 0.5 % of the kinetic energy at
// first contact. And the issue's two trains: a locomotive and two coaches at 20 m/s into the same make
// standing braked 300 m ahead: one collision event at the gap's closing, its closing speed the runner's
// speed just before; the run is the same bits whether the two trains start in one Bullet world or in two
// (then merged as they come within reach).
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

namespace {
Layout straight(double length) {
    return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": )" +
                                               std::to_string(length) + "}}]}",
                                           "<test>"),
                           "<test>");
}

// A freight wagon, nothing acting along the track but its buffers.
RollingStockSpec wagon(const BufferSpec& buffers) {
    RollingStockSpec s = loadRollingStock("freight-wagon", defaultRollingStockDirs());
    s.resistance = {};
    s.brakeForce = 0.0;
    s.traction.reset();
    s.buffers = buffers;
    return s;
}

struct Outcome {
    double v1 = 0, v2 = 0;  // speeds after the contact [m/s]
    double peakForce = 0;   // from the event [N]
    double duration = 0;    // of the contact [s]
    double energyRise = 0;  // largest rise of kinetic + potential + spring energy in contact [J]
    double energyAfter = 0; // that energy after the contact minus before it [J]
    double kinetic0 = 0;    // kinetic energy at first contact [J]
    double m1 = 0, m2 = 0;  // car masses [kg]
    std::size_t events = 0;
    bool solid = false;
    bool ended = false; // the contact is over
};

// Car 1 at v towards car 2 at rest, 10 m of gap between their ends.
Outcome collide(const BufferSpec& b1, const BufferSpec& b2, double v) {
    SimulationOptions o;
    o.recordTelemetry = true; // the rider channels (peak decelerations)
    Simulation sim(straight(2000), o);
    TrainSpec t1, t2;
    t1.id = "runner";
    t1.cars = {wagon(b1)};
    t1.track = "L";
    t1.s = 500;
    t1.speed = v;
    t2 = t1;
    t2.id = "standing";
    t2.cars = {wagon(b2)};
    t2.s = 500 + t1.cars[0].body.length + 10.0;
    t2.speed = 0.0;
    sim.addTrain(t1);
    sim.addTrain(t2);
    Outcome r;
    r.m1 = t1.cars[0].totalMass();
    r.m2 = t2.cars[0].totalMass();
    const BufferPair pair(b1, b2);
    double e0 = NAN;
    const double tEnd = 10.0 / v + 3.0;
    while (sim.time() < tEnd) {
        sim.step();
        const auto& c = sim.view().collisions();
        double spring = 0.0;
        const SimulationState s = sim.snapshot();
        for (const BufferContactState& k : s.bufferContacts)
            spring += pair.loadEnergy(k.compression);
        const double E = sim.engine().trainEnergy(0) + sim.engine().trainEnergy(1) + spring;
        if (!c.empty() && std::isnan(e0)) {
            e0 = E;
            const double v1 = sim.view().trainSpeed(0), v2 = sim.view().trainSpeed(1);
            r.kinetic0 = 0.5 * r.m1 * v1 * v1 + 0.5 * r.m2 * v2 * v2;
        }
        if (!std::isnan(e0) && !c.back().ended) r.energyRise = std::max(r.energyRise, E - e0);
        if (!std::isnan(e0)) r.energyAfter = E - e0;
    }
    r.v1 = sim.view().trainSpeed(0);
    r.v2 = sim.view().trainSpeed(1);
    r.events = sim.view().collisions().size();
    if (r.events) {
        r.peakForce = sim.view().collisions()[0].peakForce;
        r.duration = sim.view().collisions()[0].duration;
        r.solid = sim.view().collisions()[0].solid;
        r.ended = sim.view().collisions()[0].ended;
    }
    return r;
}

// Nothing gained over the contact (after vs before, 1e-4 of the kinetic energy: the bodies' own motion), and
// in it the sampled energy above its start by no more than the step's bound: the contact force is taken at
// the compression the step starts from and Bullet moves the bodies with the new velocity (symplectic Euler),
// whose energy at the step ends swings by up to omega dt / 2 of the contact's energy 1/2 m_r v^2 and comes
// back.
void energyBounds(const Outcome& r, double keff, double mr, double v) {
    const double omegaDt = std::sqrt(keff / mr) / 240.0, contact = 0.5 * mr * v * v;
    qInfo("energy: in contact at most %.4g J above its start (bound %.4g J = %.3f %% of the kinetic energy "
          "%.4g J), after %.3g J",
          r.energyRise, 0.5 * omegaDt * contact * 1.05, 100 * 0.5 * omegaDt * contact / r.kinetic0,
          r.kinetic0, r.energyAfter);
    QVERIFY(r.energyRise <= 0.5 * omegaDt * contact * 1.05);
    QVERIFY(r.energyAfter <= 1e-4 * r.kinetic0);
}

// The issue's two trains: a locomotive and two coaches standing braked at s = 600 m, the same make running
// at 20 m/s from s = 300 m, on a 1 km straight.
LayoutSpec rearEnd() {
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 1000}}],
        "trains": [
        {"id": "standing", "cars": ["locomotive", "passenger-car", "passenger-car"],
         "start": {"track": "L", "s": 600}, "schedule": [[0, 0, 1]]},
        {"id": "runner", "cars": ["locomotive", "passenger-car", "passenger-car"],
         "start": {"track": "L", "s": 300}, "speed": 20}]})",
                           "<test>");
}

// The deepest overlap of two trains' car boxes inside their buffers (CarBox.h) [m]; <= 0: apart.
double deepestOverlap(const Simulation& sim, int a, int b) {
    double deepest = -1e300;
    for (int i = 0; i < int(sim.engine().train(a).cars.size()); ++i)
        for (int j = 0; j < int(sim.engine().train(b).cars.size()); ++j) {
            const CarBox A{sim.view().carPose(a, i),
                           insideBuffers(sim.engine().train(a).cars[std::size_t(i)].stock)};
            const CarBox B{sim.view().carPose(b, j),
                           insideBuffers(sim.engine().train(b).cars[std::size_t(j)].stock)};
            deepest = std::max(deepest, boxOverlap(A, B));
        }
    return deepest;
}

// A line "branch" leaving the main line at x = 200 m at 5 degrees (a crossing at grade that fouls it: no
// connection); a locomotive and a coach stand braked on it with the coach's rear end 25 m in (2.18 m beside
// the main line's centre: its inner rear corner 0.74 m from it, inside a passing car's 1.45 m half width); a
// locomotive and two coaches pass on the main line at 10 m/s.
LayoutSpec sideSwipe() {
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "main", "curve": {"type": "line", "length": 600}},
        {"id": "branch", "curve": {"type": "line", "length": 300},
         "placement": {"position": [200, 0, 0], "rotation": [0.9990482215818578, 0, 0, 0.043619387365336]}}],
        "trains": [
        {"id": "standing", "cars": ["locomotive", "passenger-car"], "start": {"track": "branch", "s": 59},
         "schedule": [[0, 0, 1]]},
        {"id": "passing", "cars": ["locomotive", "passenger-car", "passenger-car"],
         "start": {"track": "main", "s": 100}, "speed": 10}]})",
                           "<test>");
}

BufferSpec buffer(double k, double stroke, double c = 0.0, double a = 0.0) {
    BufferSpec b;
    b.stiffness = k;
    b.stroke = stroke;
    b.damping = c;
    b.absorption = a;
    return b;
}
} // namespace

class TstBufferContact : public QObject {
    Q_OBJECT
private slots:
    void seriesLaw();
    void linearBuffersClosedForm_data();
    void linearBuffersClosedForm();
    void dampedRestitution();
    void absorptionRestitution();
    void twoTrainsMeet();
    void badBuffers();
    void forkAcrossContacts();
    void headOn();
    void sideSwipeAtAFoulingPoint();
    void coasterTrainsOnOneCircuit();
    void derailFoulStrike();
    void blowUpNamesBothTrains();
    void pileUp();
};

// The law itself: k_eff below both strokes; past the softer end's stroke its solid spring in series.
void TstBufferContact::seriesLaw() {
    const BufferPair p(buffer(2e6, 0.1), buffer(6e6, 0.1)); // the soft end reaches its stroke at 2e5 N
    QCOMPARE(p.stiffness(), 1.5e6);
    bool solid = true;
    QVERIFY(std::abs(p.loadForce(0.1, &solid) - 1.5e5) < 1e-6);
    QVERIFY(!solid);
    // at 2e5 N: 0.1 + 2e5/6e6 = 0.13333 m; beyond: compliance 1/(100 x 2e6) + 1/6e6
    const double d1 = 0.1 + 2e5 / 6e6, c = 1 / 2e8 + 1 / 6e6;
    QVERIFY(std::abs(p.loadForce(d1 + 0.01, &solid) - (2e5 + 0.01 / c)) < 1e-3);
    QVERIFY(solid);
    // energy: the integral of the force
    QVERIFY(std::abs(p.loadEnergy(0.1) - 0.5 * 1.5e6 * 0.01) < 1e-6);
    const double E = 0.5 * 2e5 * d1 + (2e5 + 0.5 * 0.01 / c) * 0.01;
    QVERIFY(std::abs(p.loadEnergy(d1 + 0.01) - E) < 1e-6 * E);
    QCOMPARE(p.force(0.0, 1.0, 0.0), 0.0); // apart: no force, damper or not
}

void TstBufferContact::linearBuffersClosedForm_data() {
    QTest::addColumn<double>("k1");
    QTest::addColumn<double>("k2");
    QTest::newRow("equal ends 2 MN/m") << 2e6 << 2e6;
    QTest::newRow("2 and 6 MN/m in series") << 2e6 << 6e6;
}

void TstBufferContact::linearBuffersClosedForm() {
    QFETCH(double, k1);
    QFETCH(double, k2);
    const double v = 2.5;
    const Outcome r = collide(buffer(k1, 0.3), buffer(k2, 0.3), v);
    QCOMPARE(r.events, std::size_t(1));
    QVERIFY(r.ended);
    QVERIFY(!r.solid);
    const double keff = k1 * k2 / (k1 + k2), mr = r.m1 * r.m2 / (r.m1 + r.m2);
    const double F = v * std::sqrt(mr * keff), T = M_PI * std::sqrt(mr / keff);
    qInfo("m = %.0f kg; peak force %.1f kN (closed form %.1f), contact %.4f s (%.4f), after: %.4f and %.4f "
          "m/s, "
          "energy rise %.3g J of %.4g J",
          r.m1, r.peakForce / 1e3, F / 1e3, r.duration, T, r.v1, r.v2, r.energyRise, r.kinetic0);
    QVERIFY(std::abs(r.peakForce / F - 1) < 0.02);
    QVERIFY(std::abs(r.duration - T) < 0.02 * T + 1.0 / 240); // a step's resolution at the ends
    QVERIFY(std::abs(r.v1) < 0.01 * v);                       // equal masses exchange their speeds
    QVERIFY(std::abs(r.v2 / v - 1) < 0.01);
    QVERIFY(std::abs((r.m1 * r.v1 + r.m2 * r.v2) / (r.m1 * v) - 1) < 0.01); // momentum
    energyBounds(r, keff, mr, v);
}

void TstBufferContact::dampedRestitution() {
    const double v = 2.5, k = 2e6, zeta = 0.2;
    const RollingStockSpec w = wagon({});
    const double m = w.totalMass(), mr = 0.5 * m, keff = 0.5 * k;
    const double ceff = zeta * 2 * std::sqrt(keff * mr); // two equal ends: c_eff = c / 2
    const Outcome r = collide(buffer(k, 0.3, 2 * ceff), buffer(k, 0.3, 2 * ceff), v);
    const double e = (r.v2 - r.v1) / v, want = std::exp(-M_PI * zeta / std::sqrt(1 - zeta * zeta));
    qInfo("zeta %.2f: restitution %.4f, closed form %.4f", zeta, e, want);
    QVERIFY(std::abs(e / want - 1) < 0.05);
    energyBounds(r, keff, mr, v);
}

void TstBufferContact::absorptionRestitution() {
    const double v = 2.5, a = 0.5;
    const Outcome r = collide(buffer(2e6, 0.3, 0, a), buffer(2e6, 0.3, 0, a), v);
    const double e = (r.v2 - r.v1) / v;
    qInfo("absorption %.2f: restitution %.4f, closed form %.4f", a, e, std::sqrt(1 - a));
    QVERIFY(std::abs(e / std::sqrt(1 - a) - 1) < 0.02);
    const RollingStockSpec w = wagon({});
    energyBounds(r, 1e6, 0.5 * w.totalMass(), v);
}

void TstBufferContact::twoTrainsMeet() {
    auto run = [](int worldBogies) {
        const LayoutSpec spec = rearEnd();
        SimulationOptions o;
        o.worldBogies = worldBogies;
        auto sim = std::make_unique<Simulation>(Layout::compile(spec, "<test>"), o, "<test>");
        double before = 0.0, deepest = -1e300;
        std::vector<int> groupings;
        while (sim->time() < 20.0) {
            if (sim->view().collisions().empty()) before = sim->view().trainSpeed(1);
            sim->step();
            groupings.push_back(int(sim->engine().grouping().size()));
            deepest = std::max(deepest, deepestOverlap(*sim, 0, 1));
        }
        return std::make_tuple(std::move(sim), before, groupings, deepest);
    };
    auto [together, before, g1, deepest] = run(40);
    auto [apart, before2, g2, deepest2] = run(6);
    QCOMPARE(g1.front(), 1);
    QCOMPARE(g2.front(), 2); // apart at first, merged when they came within reach
    QVERIFY(std::find(g2.begin(), g2.end(), 1) != g2.end());
    const auto& c = together->view().collisions();
    for (const CollisionEvent& e : c)
        qInfo("%s: %.3f s, peak %.0f kN", e.message.c_str(), e.duration, e.peakForce / 1e3);
    for (const DerailmentEvent& e : together->view().derailments())
        qInfo("%s", e.message.c_str());
    QCOMPARE(std::count_if(c.begin(), c.end(), [](const CollisionEvent& e) { return e.kind == "buffers"; }),
             1);
    qInfo("%s; closing %.3f m/s, runner just before %.3f m/s; peak %.0f kN, overlap %.3f m (%s), absorbed "
          "%.0f kJ, peak decelerations %.2f and %.2f g",
          c[0].message.c_str(), c[0].closingSpeed, before, c[0].peakForce / 1e3, c[0].peakCompression,
          c[0].solid ? "solid" : "within the strokes", c[0].absorbed / 1e3, c[0].peakDeceleration[0],
          c[0].peakDeceleration[1]);
    QVERIFY(std::abs(c[0].closingSpeed / before - 1) < 0.02);
    // past both strokes (0.21 m) the ends are solid and the boxes inside the buffers touch (CarBox.h): the
    // ends pass each other by no more than the strokes and Bullet's contact slop (2 cm); no two cars of the
    // trains stand inside each other, and no car of a train passes another of its own (the couplers' solid
    // ends in compression)
    QVERIFY(c[0].solid);
    QVERIFY(c[0].peakCompression < 0.21 + 0.02);
    qInfo("deepest overlap of the two trains' car boxes over the run: %.4f m", deepest);
    QVERIFY(deepest < 0.02);
    for (int t = 0; t < 2; ++t)
        for (int k = 0; k + 1 < 3; ++k)
            QVERIFY(together->view().carPose(t, k).translation().x() >
                    together->view().carPose(t, k + 1).translation().x() + 20.0);
    // the runner's locomotive does not pass through the standing train's last coach
    const double runnerHead = together->view().carPose(1, 0).translation().x();
    const double standingTail = together->view().carPose(0, 2).translation().x();
    qInfo(
        "at t = 20 s: runner's locomotive at x = %.2f m, the standing train's last coach at x = %.2f m; %zu "
        "derailment events",
        runnerHead, standingTail, together->view().derailments().size());
    QVERIFY(runnerHead < standingTail);
    for (const CollisionEvent& e : together->view().collisions())
        qInfo("%s event: %s; peak %.0f kN, %.3f s%s", e.kind.c_str(), e.message.c_str(), e.peakForce / 1e3,
              e.duration, e.ended ? "" : " (going on)");
    QVERIFY(c[0].t > 11.0 && c[0].t < 12.5);
    QCOMPARE(together->telemetry().hash(), apart->telemetry().hash());
    const SimulationState a = together->snapshot(), b = apart->snapshot();
    QCOMPARE(a.bodies.size(), b.bodies.size());
    for (std::size_t i = 0; i < a.bodies.size(); ++i)
        QVERIFY(std::memcmp(a.bodies[i].pose.matrix().data(), b.bodies[i].pose.matrix().data(), 16 * 8) == 0);
    QCOMPARE(apart->view().collisions().size(), c.size());
    QCOMPARE(apart->view().collisions()[0].peakForce, c[0].peakForce);
    QCOMPARE(deepest2, deepest);
}

// Bad values are errors naming the file, the JSON path and the value; nothing is clamped.
void TstBufferContact::badBuffers() {
    const struct {
        const char* buffers;
        const char* path;
    } cases[] = {{R"({"stiffness": 0})", "/buffers/stiffness"},
                 {R"({"stroke": -0.1})", "/buffers/stroke"},
                 {R"({"damping": -1})", "/buffers/damping"},
                 {R"({"absorption": 1.5})", "/buffers/absorption"},
                 {R"({"stiffness": "stiff"})", "/buffers/stiffness"}};
    std::string where;
    nlohmann::json base = loadRollingStockJson("freight-wagon", defaultRollingStockDirs(), where);
    base.erase("buffers");
    for (const auto& c : cases) {
        nlohmann::json j = base;
        j["buffers"] = nlohmann::json::parse(c.buffers);
        QString what;
        try {
            parseRollingStock(j, "w.json", "");
        } catch (const LayoutError& e) {
            what = e.what();
        }
        qInfo("%s", qPrintable(what));
        QVERIFY2(what.contains("w.json") && what.contains(c.path), qPrintable(what));
    }
    const RollingStockSpec ok = parseRollingStock(base, "w.json", "");
    QCOMPARE(ok.buffers.stiffness, 1.9e7); // the documented defaults
    QCOMPARE(ok.buffers.stroke, 0.105);
    QCOMPARE(ok.buffers.absorption, 0.0);
}

// Forks as the GUI makes them (the same simulation back to a snapshot, events after it dropped and recorded
// again): the two trains of twoTrainsMeet from inside their buffer contact (t = 11.82 s), the side-swipe
// from inside its body contact (the first step after 11.79 s with one); each run on to its end repeats every
// body, event and telemetry sample bit for bit.
void TstBufferContact::forkAcrossContacts() {
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
void TstBufferContact::headOn() {
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

QTEST_GUILESS_MAIN(TstBufferContact)
#include "tst_buffer_contact.moc"

// A side-swipe (sideSwipe()): the car ends never face each other: the bodies meet (a "bodies" event, railed
// against railed); no two cars stand inside each other by more than Bullet's contact slop (5 cm) at any step;
// the same with the trains in one world and in two; every body stays finite.
void TstBufferContact::sideSwipeAtAFoulingPoint() {
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
void TstBufferContact::coasterTrainsOnOneCircuit() {
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
void TstBufferContact::derailFoulStrike() {
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
void TstBufferContact::blowUpNamesBothTrains() {
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
void TstBufferContact::pileUp() {
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
