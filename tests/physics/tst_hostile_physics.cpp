// Hostile inputs to the physics parsers and runs (docs/layout-format.md, "Limits"): a layout may only reach
// the bundled rolling-stock library and files beside it (no absolute paths, no "..", in stock names and model
// paths); non-finite values never reach the telemetry; a vehicle at 1e300 m/s on a closed loop neither hangs
// (Layout::advance reduces whole laps) nor writes inf: the run ends with a clean error.
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/spec/TrainSpec.h"
#include "physics/spec/VehicleSpec.h"
#include "physics/telemetry/Telemetry.h"

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
    void vehicleAndCarCountsAreCapped();
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
    // the error names the vehicle or train by its id (cars counted from 1, as in the GUI)
    t.setSourceIds({"shunter", "loco"}, {"IC1"});
    const auto message = [&](const TelemetrySample& x) {
        try {
            t.add(x);
        } catch (const SimulationError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    s.vehicle = 1;
    const std::string vehicle = message(s);
    QVERIFY2(vehicle.find("vehicle \"loco\" has a non-finite") != std::string::npos, vehicle.c_str());
    s.train = 0;
    s.car = 2;
    const std::string train = message(s);
    QVERIFY2(train.find("train \"IC1\" car 3 has a non-finite") != std::string::npos, train.c_str());
}

void TstHostilePhysics::hugeSpeedOnALoopEndsCleanly() {
    // docs/layout-format.md, "Limits": a vehicle at 1e300 m/s made Layout::advance loop forever (the GUI hung
    // opening the file)
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
    QVERIFY2(error.empty() || error.find("vehicle \"v\"") != std::string::npos, error.c_str()); // by its id
}

void TstHostilePhysics::vehicleAndCarCountsAreCapped() {
    // docs/layout-format.md, "Limits": vehicle and car counts are bounded (core/geometry/Limits.h), rejected
    // before any element is read, with the file, the JSON path and the limit
    const Layout layout = straight();
    const auto expectError = [](const auto& parse, const std::string& path, const std::string& problem) {
        try {
            parse();
        } catch (const LayoutError& e) {
            QCOMPARE(e.file(), std::string("/tmp/h/layout.json"));
            QCOMPARE(e.path(), path);
            QVERIFY2(e.problem().find(problem) != std::string::npos, e.what());
            return;
        }
        QFAIL("accepted");
    };
    nlohmann::json vehicles = nlohmann::json::array();
    for (int i = 0; i < 1001; ++i)
        vehicles.push_back({{"id", "v" + std::to_string(i)}, {"track", "L"}, {"s", 1}});
    expectError([&] { parseVehicles(vehicles, layout, "/tmp/h/layout.json"); }, "/vehicles",
                "at most 1000 vehicles, got 1001");
    vehicles.erase(vehicles.begin() + 1, vehicles.end()); // one is fine
    QCOMPARE(parseVehicles(vehicles, layout, "/tmp/h/layout.json").size(), std::size_t(1));

    const auto train = [](const std::string& id, int cars) {
        return nlohmann::json{{"id", id},
                              {"cars", nlohmann::json(std::size_t(cars), "passenger-car")},
                              {"start", {{"track", "L"}, {"s", 100}}}};
    };
    nlohmann::json trains = nlohmann::json::array({train("T", 1001)});
    expectError([&] { parseTrains(trains, layout, "/tmp/h/layout.json"); }, "/trains/0/cars",
                "at most 1000 cars, got 1001");
    trains = nlohmann::json::array();
    for (int k = 0; k < 11; ++k)
        trains.push_back(train("T" + std::to_string(k), 1000));
    expectError([&] { parseTrains(trains, layout, "/tmp/h/layout.json"); }, "/trains/10/cars",
                "at most 10000 cars together, this train brings them to 11000");
}

QTEST_GUILESS_MAIN(TstHostilePhysics)
#include "tst_hostile_physics.moc"
