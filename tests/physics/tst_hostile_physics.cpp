// Hostile inputs to the physics parsers and runs (issue 16): a layout may only reach the bundled
// rolling-stock library and files beside it (no absolute paths, no "..", in stock names and model paths);
// non-finite values never reach the telemetry; a vehicle at 1e300 m/s on a closed loop neither hangs
// (Layout::advance reduces whole laps) nor writes inf: the run ends with a clean error.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/Simulation.h"
#include "physics/Telemetry.h"
#include "physics/TrainSpec.h"

#include <QtTest>

#include <cmath>

using namespace tl;

namespace {
Layout straight() {
    return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 200}}]})"));
}
} // namespace

class TstHostilePhysics : public QObject {
    Q_OBJECT
private slots:
    void stockNamesAreNotPaths_data();
    void stockNamesAreNotPaths();
    void modelPathsStayBesideTheDefinition_data();
    void modelPathsStayBesideTheDefinition();
    void nonFiniteTelemetryIsAnError();
    void hugeSpeedOnALoopEndsCleanly();
};

void TstHostilePhysics::stockNamesAreNotPaths_data() {
    QTest::addColumn<QString>("car");
    QTest::addColumn<QString>("path");
    QTest::newRow("absolute") << R"("/etc/passwd")"
                              << "/trains/0/cars/0";
    QTest::newRow("up") << R"("../../../etc/passwd")"
                        << "/trains/0/cars/0";
    QTest::newRow("sub folder") << R"("models/locomotive")"
                                << "/trains/0/cars/0";
    QTest::newRow("hidden") << R"(".secret")"
                            << "/trains/0/cars/0";
    QTest::newRow("base up") << R"({"base": "../locomotive"})"
                             << "/trains/0/cars/0/base";
}

void TstHostilePhysics::stockNamesAreNotPaths() {
    QFETCH(QString, car);
    QFETCH(QString, path);
    const Layout layout = straight();
    const auto trains = nlohmann::json::parse(R"([{"id": "T", "cars": [)" + car.toStdString() +
                                              R"(], "start": {"track": "L", "s": 100}}])");
    try {
        parseTrains(trains, layout, "/tmp/h/layout.json");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(e.file(), std::string("/tmp/h/layout.json"));
        QCOMPARE(QString::fromStdString(e.path()), path);
        QVERIFY2(e.problem().find("not a path") != std::string::npos ||
                     e.problem().find("must not start with '.'") != std::string::npos,
                 e.what());
    }
    // a plain name still finds the bundled definition
    const auto ok =
        nlohmann::json::parse(R"([{"id": "T", "cars": ["locomotive"], "start": {"track": "L", "s": 100}}])");
    QCOMPARE(parseTrains(ok, layout, "/tmp/h/layout.json").front().cars.front().name,
             std::string("locomotive"));
}

void TstHostilePhysics::modelPathsStayBesideTheDefinition_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("problem");
    QTest::newRow("absolute") << "/usr/share/x.obj"
                              << "relative to the definition's folder";
    QTest::newRow("up") << "models/../../x.obj"
                        << "must not leave the definition's folder";
}

void TstHostilePhysics::modelPathsStayBesideTheDefinition() {
    QFETCH(QString, model);
    QFETCH(QString, problem);
    const auto trains =
        nlohmann::json::parse(R"([{"id": "T", "cars": [{"body": {"length": 10, "mass": 10000, "model": ")" +
                              model.toStdString() + R"("}}], "start": {"track": "L", "s": 100}}])");
    try {
        parseTrains(trains, straight(), "/tmp/h/layout.json");
        QFAIL("accepted");
    } catch (const LayoutError& e) {
        QCOMPARE(e.path(), std::string("/trains/0/cars/0/body/model"));
        QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
    }
}

void TstHostilePhysics::nonFiniteTelemetryIsAnError() {
    Telemetry t;
    TelemetrySample s;
    s.t = 1.0;
    t.add(s);
    s.t = 2.0;
    s.speed = INFINITY;
    QVERIFY_THROWS_EXCEPTION(SimulationError, t.add(s));
    s.speed = 1.0;
    s.f[2] = NAN;
    QVERIFY_THROWS_EXCEPTION(SimulationError, t.add(s));
    QCOMPARE(t.samples().size(), std::size_t(1)); // nothing non-finite was kept
}

void TstHostilePhysics::hugeSpeedOnALoopEndsCleanly() {
    // issue 16: a vehicle at 1e300 m/s made Layout::advance loop forever (the GUI hung opening the file)
    const Layout layout = Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 1,
        "tracks": [{"id": "ring", "curve": {"type": "spline", "closed": true,
                    "points": [[0,0,0], [100,0,0], [100,100,0], [0,100,0]]}}],
        "vehicles": [{"id": "v", "track": "ring", "s": 10, "speed": 1e300, "mass": 1000, "box": [4, 2, 2]}]})",
                                                          "fast.json"),
                                          "fast.json");
    Simulation sim(layout, {}, "fast.json");
    int steps = 0;
    std::string error;
    try {
        for (; steps < 240; ++steps) // a step budget, not a clock: each step must end
            sim.step();
    } catch (const SimulationError& e) {
        error = e.what();
    }
    qInfo() << "steps" << steps << "error" << error.c_str();
    for (const auto& s : sim.telemetry().samples())
        QVERIFY(std::isfinite(s.speed) && std::isfinite(s.s) && std::isfinite(s.x));
    QVERIFY(steps == 240 || error.find("simulation stopped") != std::string::npos);
}

QTEST_GUILESS_MAIN(TstHostilePhysics)
#include "tst_hostile_physics.moc"
