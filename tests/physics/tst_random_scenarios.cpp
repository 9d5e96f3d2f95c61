// Randomized scenarios (docs/layout-format.md, "Limits"): 400 generated layouts (closed spline loops, chains
// of lines, arcs, clothoids and helices with random twists) x vehicles (random mass, box, speed up to 1e6
// m/s, soft or rigid joints, motors) and trains of the bundled rolling stock x step sizes, each run for 3
// simulated seconds with a fixed seed. Asserted: no crash, no NaN/inf in any telemetry sample or final speed,
// every failure is a derailment event or a clean error (LayoutError at set-up, SimulationError during the
// run), and every run ends within its step budget (ceil(T/dt) steps: step() returning is the bound; a hang
// would be the ctest timeout -- no wall clock is read).
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/joint/BulletEigen.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/spec/CarBox.h"

#include <QtTest>
#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <map>
#include <random>
#include <sstream>

using namespace tl;

namespace {

struct Generator {
    std::mt19937_64 rng;
    double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }
    int integer(int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); }
    bool chance(double p) { return uniform(0, 1) < p; }
    static std::string num(double x) {
        std::ostringstream o;
        o.precision(17);
        o << x;
        return o.str();
    }

    std::string twist() {
        switch (integer(0, 4)) {
        case 0:
            return "";
        case 1:
            return R"(, "twist": {"type": "constant", "angle": )" + num(uniform(-0.2, 0.2)) + "}";
        case 2:
            return R"(, "twist": {"type": "cant", "designSpeed": )" + num(uniform(0, 40)) +
                   R"(, "maxAngle": )" + num(uniform(0, 0.3)) + "}";
        case 3:
            return R"(, "twist": {"type": "directional"})";
        default:
            return R"(, "twist": {"type": "keys", "keys": [[0, 0], [5, )" + num(uniform(-0.3, 0.3)) + "]]}";
        }
    }

    // Tracks and connections of a random layout; `ids` gets the track ids and their lengths (approximate).
    std::string layout(std::vector<std::pair<std::string, double>>& ids) {
        std::string tracks, connections;
        if (chance(0.4)) { // a closed spline loop
            const int n = integer(3, 8);
            const double r = uniform(20, 400);
            std::string pts;
            for (int k = 0; k < n; ++k) {
                const double a = 2 * M_PI * k / n + uniform(-0.2, 0.2);
                const double rr = r * uniform(0.7, 1.3);
                pts += (k ? "," : "") + std::string("[") + num(rr * std::cos(a)) + "," +
                       num(rr * std::sin(a)) + "," + num(uniform(-0.05, 0.05) * r) + "]";
            }
            tracks = R"({"id": "loop", "curve": {"type": "spline", "closed": true, "points": [)" + pts +
                     "]}" + twist() + "}";
            ids.push_back({"loop", 2 * M_PI * r});
        } else { // a chain, sometimes closed by a connection back (a gap is allowed: validation warns)
            const int n = integer(1, 5);
            for (int i = 0; i < n; ++i) {
                std::string curve;
                double length = 0;
                switch (integer(0, 3)) {
                case 0:
                    length = uniform(5, 500);
                    curve = R"({"type": "line", "length": )" + num(length) + "}";
                    break;
                case 1: {
                    const double r = uniform(15, 1000), a = uniform(-2.5, 2.5);
                    length = r * std::abs(a);
                    curve = R"({"type": "arc", "radius": )" + num(r) + R"(, "angle": )" +
                            num(a == 0 ? 0.1 : a) + "}";
                    break;
                }
                case 2:
                    length = uniform(10, 200);
                    curve = R"({"type": "clothoid", "length": )" + num(length) + R"(, "curvatureStart": )" +
                            num(uniform(-0.02, 0.02)) + R"(, "curvatureEnd": )" + num(uniform(-0.05, 0.05)) +
                            "}";
                    break;
                default: {
                    const double r = uniform(10, 100), t = uniform(0.2, 2.0), p = uniform(-20, 20);
                    length = t * std::hypot(2 * M_PI * r, p);
                    curve = R"({"type": "helix", "radius": )" + num(r) + R"(, "pitch": )" + num(p) +
                            R"(, "turns": )" + num(t) + "}";
                }
                }
                const std::string id = "t" + std::to_string(i);
                tracks +=
                    (i ? ",\n" : "") + std::string(R"({"id": ")") + id + R"(", "curve": )" + curve + twist();
                if (i > 0)
                    tracks += R"(, "placement": {"after": ["t)" + std::to_string(i - 1) + R"(", "end"]})";
                tracks += "}";
                if (i > 0)
                    connections += (connections.empty() ? "" : ",") + std::string(R"({"a": ["t)") +
                                   std::to_string(i - 1) + R"(", "end"], "b": [")" + id + R"(", "start"]})";
                ids.push_back({id, length});
            }
            if (n > 1 && chance(0.5))
                connections += (connections.empty() ? "" : ",") + std::string(R"({"a": ["t)") +
                               std::to_string(n - 1) + R"(", "end"], "b": ["t0", "start"]})";
        }
        return R"("tracks": [)" + tracks + R"(], "connections": [)" + connections + "]";
    }

    std::string vehicles(const std::vector<std::pair<std::string, double>>& ids) {
        std::string out;
        const int n = integer(0, 3);
        for (int i = 0; i < n; ++i) {
            const auto& [track, length] = ids[std::size_t(integer(0, int(ids.size()) - 1))];
            const double speed = chance(0.1) ? uniform(1e3, 1e6) : uniform(-30, 80);
            std::string v = R"({"id": "v)" + std::to_string(i) + R"(", "track": ")" + track + R"(", "s": )" +
                            num(uniform(0, 1) * length * 0.9) + R"(, "direction": )" +
                            (chance(0.5) ? "1" : "-1") + R"(, "speed": )" + num(speed) + R"(, "mass": )" +
                            num(uniform(50, 1e5)) + R"(, "box": [)" + num(uniform(0.5, 20)) + "," +
                            num(uniform(0.5, 4)) + "," + num(uniform(0.5, 4)) + "]" + R"(, "cgHeight": )" +
                            num(uniform(0.1, 3));
            if (chance(0.3))
                v += R"(, "motor": {"targetSpeed": )" + num(uniform(0, 50)) + R"(, "maxForce": )" +
                     num(uniform(1e2, 1e6)) + "}";
            if (chance(0.3))
                v += R"(, "joint": {"stiffness": )" + num(std::pow(10, uniform(2, 9))) + R"(, "damping": )" +
                     num(std::pow(10, uniform(0, 6))) + "}";
            out += (i ? "," : "") + v + "}";
        }
        return out;
    }

    std::string trains(const std::vector<std::pair<std::string, double>>& ids) {
        if (!chance(0.35)) return "";
        static const char* stock[] = {"locomotive", "passenger-car", "freight-wagon", "coaster-car"};
        const auto& [track, length] = ids[std::size_t(integer(0, int(ids.size()) - 1))];
        std::string cars;
        const int n = integer(1, 3);
        for (int c = 0; c < n; ++c)
            cars += (c ? "," : "") + std::string("\"") + stock[integer(0, 3)] + "\"";
        return R"({"id": "T", "cars": [)" + cars + R"(], "start": {"track": ")" + track + R"(", "s": )" +
               num(uniform(0.3, 1.0) * length) + R"(, "direction": )" + (chance(0.5) ? "1" : "-1") +
               R"(}, "speed": )" + num(uniform(0, 60)) + "}";
    }
};

bool finiteSample(const TelemetrySample& s) {
    bool ok = std::isfinite(s.t) && std::isfinite(s.s) && std::isfinite(s.speed) && std::isfinite(s.x) &&
              std::isfinite(s.y) && std::isfinite(s.z) && std::isfinite(s.yq) && std::isfinite(s.yqLimit) &&
              std::isfinite(s.rollMargin);
    for (double x : s.e)
        ok = ok && std::isfinite(x);
    for (double x : s.f)
        ok = ok && std::isfinite(x);
    return ok;
}

} // namespace

class TstRandomScenarios : public QObject {
    Q_OBJECT
private slots:
    void randomScenariosRunCleanly();
    void severalTrainsShareTracks();
};

void TstRandomScenarios::randomScenariosRunCleanly() {
    constexpr int kScenarios = 400;
    constexpr double kDuration = 3.0; // simulated seconds per scenario
    const double dts[] = {1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 1000};
    Generator g{std::mt19937_64(16)};
    int ran = 0, derailed = 0, setupErrors = 0, runErrors = 0, samples = 0;
    long long steps = 0;
    std::map<std::string, int> errorKinds; // clean run errors by the start of their message
    for (int k = 0; k < kScenarios; ++k) {
        std::vector<std::pair<std::string, double>> ids;
        const std::string layout = g.layout(ids);
        const std::string vehicles = g.vehicles(ids), trains = g.trains(ids);
        const std::string text = R"({"format": "tracklab-layout", "version": 1, )" + layout +
                                 R"(, "vehicles": [)" + vehicles + R"(], "trains": [)" + trains + "]}";
        SimulationOptions options;
        options.dt = dts[g.integer(0, 3)];
        const std::string file = "scenario-" + std::to_string(k) + ".json";
        std::unique_ptr<Layout> L;
        std::unique_ptr<Simulation> sim;
        try {
            L = std::make_unique<Layout>(Layout::compile(parseLayoutSpec(text, file), file));
            sim = std::make_unique<Simulation>(*L, options, file);
        } catch (const LayoutError& e) { // a clean, path-named set-up error (e.g. a train that does not fit)
            QVERIFY2(std::string(e.what()).find(file) == 0, e.what());
            ++setupErrors;
            continue;
        } catch (const SimulationError& e) {
            ++setupErrors;
            continue;
        }
        const long long budget = std::llround(std::ceil(kDuration / options.dt));
        long long n = 0;
        try {
            for (; n < budget; ++n)
                sim->step();
        } catch (const SimulationError& e) { // a clean error: says when and what
            QVERIFY2(std::string(e.what()).find("simulation stopped at t = ") == 0, e.what());
            ++runErrors;
            const std::string what = e.what();
            ++errorKinds[what.substr(what.find(':') + 2, 40)];
        }
        steps += n;
        QVERIFY(n <= budget);
        for (const auto& s : sim->telemetry().samples()) {
            QVERIFY2(finiteSample(s), qPrintable(QString::fromStdString(file + "\n" + text)));
            ++samples;
        }
        if (n == budget)
            for (int v = 0; v < sim->view().vehicleCount(); ++v)
                QVERIFY2(std::isfinite(sim->view().vehicleSpeed(v)), text.c_str());
        derailed += sim->view().derailments().empty() ? 0 : 1;
        ++ran;
    }
    qInfo(
        "%d scenarios: %d ran (%lld steps, %d telemetry samples, %d with derailments, %d stopped by a clean "
        "error), %d rejected at set-up with a path-named error",
        kScenarios, ran, steps, samples, derailed, runErrors, setupErrors);
    for (const auto& [kind, count] : errorKinds)
        qInfo("  %3d x %s...", count, kind.c_str());
    QVERIFY(ran >= kScenarios / 2); // the generator makes mostly valid scenarios
    QVERIFY(samples > 100000);
}

// Several trains on shared tracks (docs/trains-format.md, "Buffers and collisions"): 200 generated layouts,
// each with 2 to 4 trains of the bundled stock at random places, directions and speeds up to 30 m/s (no
// throttle, no brakes, no drives), run for 6 s at 240 Hz. Asserted: every failure is clean (trains that
// overlap at the start are a LayoutError naming the file and /trains/k/start; a SimulationError during the
// run); no NaN in any sample or energy; no energy from nowhere -- the trains' kinetic + potential energy
// never rises above its start by more than 0.5 % of the kinetic energy at the start plus 50 J (the buffers'
// swing within a contact is omega dt / 2 of its energy, docs/trains-format.md); no two cars of different
// trains stand inside each other (their boxes inside the buffers, CarBox.h) by more than 5 cm plus a step's
// closing (the largest closing speed of the scenario's collisions x dt: contact acts from the step after the
// boxes first touch) at any step.
void TstRandomScenarios::severalTrainsShareTracks() {
    constexpr int kScenarios = 200;
    constexpr double kDuration = 6.0;
    Generator g{std::mt19937_64(32)};
    static const char* stock[] = {"locomotive", "passenger-car", "freight-wagon", "coaster-car"};
    int ran = 0, overlapping = 0, otherSetup = 0, runErrors = 0, withCollisions = 0, withDerailments = 0;
    int wreckGains = 0;        // scenarios whose energy rose past the bound after a derailment (logged)
    double worstWreckGain = 0; // the largest such rise / the kinetic energy at the start
    double worstRise = -1e300, worstOverlap = -1e300;
    std::string worstRiseAt, worstOverlapAt;
    for (int k = 0; k < kScenarios; ++k) {
        std::vector<std::pair<std::string, double>> ids;
        const std::string layout = g.layout(ids);
        std::string trains;
        const int n = g.integer(2, 4);
        for (int t = 0; t < n; ++t) {
            const auto& [track, length] = ids[std::size_t(g.integer(0, int(ids.size()) - 1))];
            std::string cars;
            const int c = g.integer(1, 3);
            const char* kind = stock[g.integer(0, 3)]; // one make per train (coaster cars with coaster cars)
            for (int i = 0; i < c; ++i)
                cars += (i ? "," : "") + std::string("\"") +
                        (std::string(kind) == "locomotive" && i > 0 ? "passenger-car" : kind) + "\"";
            trains += (t ? "," : "") + std::string(R"({"id": "T)") + std::to_string(t) + R"(", "cars": [)" +
                      cars + R"(], "start": {"track": ")" + track + R"(", "s": )" +
                      Generator::num(g.uniform(0.2, 1.0) * length) + R"(, "direction": )" +
                      (g.chance(0.5) ? "1" : "-1") + R"(}, "speed": )" + Generator::num(g.uniform(0, 30)) +
                      "}";
        }
        const std::string text =
            R"({"format": "tracklab-layout", "version": 2, )" + layout + R"(, "trains": [)" + trains + "]}";
        const std::string file = "trains-" + std::to_string(k) + ".json";
        std::unique_ptr<Layout> L;
        std::unique_ptr<Simulation> sim;
        try {
            L = std::make_unique<Layout>(Layout::compile(parseLayoutSpec(text, file), file));
            sim = std::make_unique<Simulation>(*L, SimulationOptions{}, file);
        } catch (const LayoutError& e) {
            QVERIFY2(std::string(e.what()).find(file) == 0, e.what());
            if (std::string(e.what()).find(" overlaps train ") != std::string::npos) {
                QVERIFY2(e.path().find("/trains/") == 0 && e.path().find("/start") != std::string::npos,
                         e.what());
                ++overlapping;
            } else {
                ++otherSetup;
            }
            continue;
        }
        const int trainCount = sim->view().trainCount();
        auto energy = [&] {
            double e = 0;
            for (int t = 0; t < trainCount; ++t)
                e += sim->view().trainEnergy(t);
            return e;
        };
        double kinetic0 = 0;
        for (int t = 0; t < trainCount; ++t)
            for (const Car& car : sim->engine().train(t).cars)
                kinetic0 += 0.5 * (car.stock.body.mass + car.stock.bogies.count * car.stock.bogies.mass) *
                            toEigen(car.body->getLinearVelocity()).squaredNorm();
        const double e0 = energy();
        double rise = -1e300, deepest = -1e300, riseAt = 0, wreckRise = -1e300;
        const long long budget = std::llround(std::ceil(kDuration / sim->dt()));
        try {
            for (long long i = 0; i < budget; ++i) {
                sim->step();
                const double e = energy();
                QVERIFY2(std::isfinite(e), text.c_str());
                if (!sim->view().derailments().empty()) { // a wreck on the ground: not asserted here
                    wreckRise = std::max(wreckRise, e - e0);
                } else {
                    if (e - e0 > rise) riseAt = sim->time();
                    rise = std::max(rise, e - e0);
                }
                for (int a = 0; a < trainCount; ++a)
                    for (int b = a + 1; b < trainCount; ++b)
                        for (int i = 0; i < int(sim->engine().train(a).cars.size()); ++i)
                            for (int j = 0; j < int(sim->engine().train(b).cars.size()); ++j) {
                                const CarBox A{
                                    sim->view().carPose(a, i),
                                    insideBuffers(sim->engine().train(a).cars[std::size_t(i)].stock)};
                                const CarBox B{
                                    sim->view().carPose(b, j),
                                    insideBuffers(sim->engine().train(b).cars[std::size_t(j)].stock)};
                                deepest = std::max(deepest, boxOverlap(A, B));
                            }
            }
        } catch (const SimulationError& e) {
            QVERIFY2(std::string(e.what()).find("simulation stopped at t = ") == 0, e.what());
            ++runErrors;
        }
        for (const auto& s : sim->telemetry().samples())
            QVERIFY2(finiteSample(s), text.c_str());
        const double allowed = 0.005 * kinetic0 + 50.0;
        if (wreckRise > allowed)
            ++wreckGains, worstWreckGain = std::max(worstWreckGain, wreckRise / kinetic0);
        if (rise > allowed) {
            qInfo("%s: rise %.1f J at t = %.4f s, trains %s", file.c_str(), rise, riseAt, trains.c_str());
            for (const auto& e : sim->view().collisions())
                qInfo("  %s", e.message.c_str());
            for (const auto& e : sim->view().derailments())
                qInfo("  %s", e.message.c_str());
        }
        if (rise - allowed > worstRise) {
            worstRise = rise - allowed;
            worstRiseAt =
                file + ": rise " + Generator::num(rise) + " J of kinetic " + Generator::num(kinetic0);
        }
        QVERIFY2(rise <= allowed, qPrintable(QString("%1: energy rose %2 J (allowed %3 J)\n%4")
                                                 .arg(QString::fromStdString(file))
                                                 .arg(rise)
                                                 .arg(allowed)
                                                 .arg(QString::fromStdString(text))));
        // contact is found at the start of a step (Bullet's box-box test reports touching boxes only): cars
        // closing at v may go v dt further in before it acts
        double closing = 0;
        for (const CollisionEvent& e : sim->view().collisions())
            closing = std::max(closing, e.closingSpeed);
        const double slop = 0.05 + closing * sim->dt();
        if (deepest >= slop) qInfo("%s trains: %s", file.c_str(), trains.c_str());
        QVERIFY2(deepest < slop, qPrintable(QString("%1: cars %2 m inside each other (closing at %3 m/s)\n%4")
                                                .arg(QString::fromStdString(file))
                                                .arg(deepest)
                                                .arg(closing)
                                                .arg(QString::fromStdString(text))));
        if (deepest - slop > worstOverlap) {
            worstOverlap = deepest - slop;
            worstOverlapAt =
                file + " (closing at " + Generator::num(closing) + " m/s, " + Generator::num(deepest) + " m)";
        }
        withCollisions += sim->view().collisions().empty() ? 0 : 1;
        withDerailments += sim->view().derailments().empty() ? 0 : 1;
        ++ran;
    }
    qInfo("%d scenarios: %d ran (%d with collisions, %d with derailments, %d stopped by a clean error); %d "
          "refused with overlapping trains, %d other set-up errors; closest to the energy bound: %s (%.1f J "
          "under it); closest to the overlap bound: %.4f m over it (%s)",
          kScenarios, ran, withCollisions, withDerailments, runErrors, overlapping, otherSetup,
          worstRiseAt.c_str(), -worstRise, worstOverlap, worstOverlapAt.c_str());
    qInfo(
        "after a derailment (wrecks on the ground; not asserted here): %d scenarios rose past the bound, the "
        "largest by %.3f %% of the kinetic energy at the start",
        wreckGains, 100 * worstWreckGain);
    QVERIFY(ran >= kScenarios / 3);
    QVERIFY(withCollisions >= 5);
}

QTEST_GUILESS_MAIN(TstRandomScenarios)
#include "tst_random_scenarios.moc"
