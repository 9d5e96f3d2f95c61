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
// (then merged as they come within reach). The meetings beyond these: tst_train_meetings.cpp.
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

QTEST_GUILESS_MAIN(TstBufferContact)
#include "tst_buffer_contact.moc"
