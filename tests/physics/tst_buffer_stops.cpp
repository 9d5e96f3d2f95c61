// Buffer stops (core/layout/BufferStop.h, physics/sim/SimulationBufferStops.cpp; docs/layout-format.md,
// "Buffer stops"). Closed forms for one freight wagon of mass M (body + bogies) on a level straight, brakes,
// resistance and traction off, its end buffers of stiffness k (stroke 0.4 m: never solid here), running at v
// into a friction stop of force F at the track's end:
//   travel after first contact M v^2 / (2F) + F / (2k) (2 %): the buffers load to F (F / k), then the stop
//   slides the rest;
//   it leaves the stop at F / sqrt(k M) (undamped buffers, absorption 0), sqrt(1 - a) F / sqrt(k M) with
//   absorption a (2 %);
//   it overruns when the slide M v^2 / (2F) - F / (2k) exceeds the stroke: the stop gives way and the wagon
//   derails over the end, cause "buffer stop overrun".
// A fixed stop stops a 5 km/h move within its 5 cm and the buffers' compression. Bad input: clear errors with
// the JSON path.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarEnd.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace tl;

namespace {

Layout withStop(const std::string& stop, double length = 300) {
    const std::string json = R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": )" +
                             std::to_string(length) + R"(}}], "bufferStops": [)" + stop + "]}";
    return Layout::compile(parseLayoutSpec(json, "<test>"), "<test>");
}

RollingStockSpec wagon(double k, double absorption) {
    RollingStockSpec s = loadRollingStock("freight-wagon", defaultRollingStockDirs());
    s.resistance = {};
    s.brakeForce = 0.0;
    s.traction.reset();
    s.buffers = {k, 0.4, 0.0, absorption};
    return s;
}

struct Run {
    double M = 0, travel = 0, leave = 0, firstFace = 0;
    std::size_t events = 0;
    bool overrun = false;
    std::vector<DerailmentEvent> derailments;
    CollisionEvent event;
};

// The wagon's front from 10 m before the face at v; travel: its front's furthest point past the face's first
// place; leave: its speed once the contact has ended.
Run hit(const Layout& layout, double v, double k, double absorption, double seconds = 12.0) {
    Simulation sim(layout, SimulationOptions{});
    const BufferStop& stop = layout.bufferStops().front();
    const double face = layout.track(0).length() - stop.stroke;
    TrainSpec t;
    t.id = "W";
    t.cars = {wagon(k, absorption)};
    t.track = "L";
    t.s = face - 10.0 - 0.5 * t.cars[0].body.length;
    t.speed = v;
    sim.addTrain(t);
    Run r;
    r.M = t.cars[0].totalMass();
    r.travel = -1e9;
    const Vec3 P = layout.track(0).frameInWorld(face, Pose::Identity()).F.P; // (a level straight along +x)
    while (sim.time() < seconds) {
        sim.step();
        const Pose X = sim.view().carPose(0, 0);
        const CarEnd e = carEnd(0, 0, +1, X, t.cars[0].body);
        r.travel = std::max(r.travel, (e.p - P).x());
    }
    r.events = sim.view().collisions().size();
    if (r.events) r.event = sim.view().collisions().front();
    r.leave = sim.view().trainSpeed(0);
    r.derailments = sim.view().derailments();
    return r;
}

} // namespace

class TstBufferStops : public QObject {
    Q_OBJECT
private slots:
    void frictionClosedForm_data();
    void frictionClosedForm();
    void overrun();
    void fixedStopsAShuntingMove();
    void forkMidSlide();
    void badStops_data();
    void badStops();
};

void TstBufferStops::frictionClosedForm_data() {
    QTest::addColumn<double>("absorption");
    QTest::newRow("undamped") << 0.0;
    QTest::newRow("absorption 0.4") << 0.4;
}

void TstBufferStops::frictionClosedForm() {
    QFETCH(double, absorption);
    const double v = 2.0, k = 2e6, F = 400e3;
    const Run r = hit(withStop(R"({"end": ["L", "end"], "kind": "friction", "force": 400000, "stroke": 3})"),
                      v, k, absorption);
    const double travel = r.M * v * v / (2 * F) + F / (2 * k);
    const double leave = std::sqrt(1 - absorption) * F / std::sqrt(k * r.M);
    qInfo(
        "M = %.0f kg: travel %.4f m (closed form %.4f), left at %.4f m/s (%.4f); event: %s, rebound %.4f m/s",
        r.M, r.travel, travel, -r.leave, leave, r.event.message.c_str(), r.event.reboundSpeed);
    QCOMPARE(r.events, std::size_t(1));
    QVERIFY(r.event.bufferStop && r.event.ended && !r.event.overrun);
    QVERIFY(std::abs(r.travel / travel - 1) < 0.02);
    QVERIFY(std::abs(-r.leave / leave - 1) < 0.02);
    QVERIFY(std::abs(r.event.reboundSpeed / leave - 1) < 0.02);
    QVERIFY(std::abs(r.event.closingSpeed / v - 1) < 0.02);
    QVERIFY(std::abs(r.event.peakForce / F - 1) < 1e-9);
    QVERIFY(r.derailments.empty());
}

// 40 km/h into a friction stop of 400 kN over 3 m: the slide would be 14.5 m: it gives way and the wagon
// runs over the end.
void TstBufferStops::overrun() {
    const double v = 40 / 3.6;
    const Run r = hit(withStop(R"({"end": ["L", "end"], "force": 400000, "stroke": 3})"), v, 2e6, 0.0, 8.0);
    const double slide = r.M * v * v / (2 * 400e3) - 400e3 / (2 * 2e6);
    qInfo("slide it would take %.2f m > 3 m; %s; %zu derailments", slide, r.event.message.c_str(),
          r.derailments.size());
    for (const DerailmentEvent& d : r.derailments)
        qInfo("%s", d.message.c_str());
    QVERIFY(slide > 3.0);
    QVERIFY(r.event.overrun);
    QVERIFY(!r.derailments.empty());
    QCOMPARE(r.derailments.front().cause, std::string("buffer stop overrun"));
}

// 5 km/h into a fixed stop: stopped within the stop's 5 cm and the buffers' compression, no derailment.
void TstBufferStops::fixedStopsAShuntingMove() {
    const double v = 5 / 3.6, k = 2e6;
    const Run r = hit(withStop(R"({"end": ["L", "end"], "kind": "fixed"})"), v, k, 0.0);
    // the buffers in series with the stop's spring: the compression that stores the kinetic energy
    const double keff = k * 5e7 / (k + 5e7), delta = v * std::sqrt(r.M / keff);
    qInfo("travel %.4f m (series springs %.4f m), left at %.3f m/s", r.travel, delta, -r.leave);
    QVERIFY(std::abs(r.travel / delta - 1) < 0.02);
    QVERIFY(r.derailments.empty());
    QVERIFY(std::abs(-r.leave / v - 1) < 0.02); // springs without absorption give the speed back
}

// A snapshot taken while the wagon presses on a sliding stop, restored into a new simulation: the same bits
// after the contact (the stop's slide and contact are state).
void TstBufferStops::forkMidSlide() {
    const Layout layout = withStop(R"({"end": ["L", "end"], "force": 400000, "stroke": 3})");
    auto make = [&] {
        auto sim = std::make_unique<Simulation>(layout, SimulationOptions{});
        TrainSpec t;
        t.id = "W";
        t.cars = {wagon(2e6, 0.2)};
        t.track = "L";
        t.s = layout.track(0).length() - 3.0 - 5.0 - 0.5 * t.cars[0].body.length;
        t.speed = 2.0;
        sim->addTrain(t);
        return sim;
    };
    auto live = make();
    while (live->snapshot().bufferStops[0].slide <= 0.0)
        live->step();
    const SimulationState mid = live->snapshot();
    qInfo("snapshot at t = %.4f s, slid %.4f m, in contact with car %d", mid.time, mid.bufferStops[0].slide,
          mid.bufferStops[0].car);
    QVERIFY(mid.bufferStops[0].train == 0);
    auto fork = make();
    fork->restore(mid);
    live->runUntil(mid.time + 3.0);
    fork->runUntil(mid.time + 3.0);
    const Pose a = live->view().carPose(0, 0), b = fork->view().carPose(0, 0);
    QVERIFY(std::memcmp(a.data(), b.data(), sizeof(double) * 16) == 0);
    QCOMPARE(live->snapshot().bufferStops[0].slide, fork->snapshot().bufferStops[0].slide);
    QVERIFY(live->view().collisions().back().ended);
}

void TstBufferStops::badStops_data() {
    QTest::addColumn<QString>("stops");
    QTest::addColumn<QString>("message");
    QTest::newRow("two on one end") << R"({"end": ["L", "end"]}, {"end": ["L", "end"]})"
                                    << "/bufferStops/1/end: track \"L\" end has a buffer stop already";
    QTest::newRow("stroke too long") << R"({"end": ["L", "start"], "stroke": 400})"
                                     << "/bufferStops/0/stroke: the stroke 400";
    QTest::newRow("force 0") << R"({"end": ["L", "end"], "force": 0})"
                             << "/bufferStops/0/force: force must be > 0";
    QTest::newRow("stroke -1") << R"({"end": ["L", "end"], "stroke": -1})"
                               << "/bufferStops/0/stroke: stroke must be > 0";
    QTest::newRow("fixed with a force") << R"({"end": ["L", "end"], "kind": "fixed", "force": 1e5})"
                                        << "/bufferStops/0/force: a fixed buffer stop has no force";
    QTest::newRow("unknown kind") << R"({"end": ["L", "end"], "kind": "sand"})"
                                  << "/bufferStops/0/kind: unknown buffer stop kind \"sand\"";
    QTest::newRow("unknown track") << R"({"end": ["X", "end"]})"
                                   << "/bufferStops/0/end/0:";
}

void TstBufferStops::badStops() {
    QFETCH(QString, stops);
    QFETCH(QString, message);
    try {
        withStop(stops.toStdString());
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        qInfo("%s", e.what());
        QVERIFY2(QString(e.what()).contains(message), e.what());
        QVERIFY(QString(e.what()).startsWith("<test>"));
    }
}

QTEST_GUILESS_MAIN(TstBufferStops)
#include "tst_buffer_stops.moc"
