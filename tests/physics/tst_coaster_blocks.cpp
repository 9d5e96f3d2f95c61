// Coaster blocks (resources/layouts/force-coaster.json; physics/sim/SimulationRoutes.cpp, stageBrakes): two
// trains on one circuit with three blocks -- the ride from the station to the first block brake, that brake
// to the second, the second through the return to the station. The station stops every train and dispatches
// it no sooner than its interval after the last one and only into a clear block; a block brake holds a train
// while the block ahead is occupied. 30 simulated minutes: no collision, no derailment, no rollback, each
// train
// >= 10 laps; the trains dispatched per hour are 3600 / max(dispatch interval, max_i T_i) within 2 %, T_i the
// time block i is occupied by one train (head in, having stopped at its brake, to tail out).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace tl;

namespace {
const std::string kFile = std::string(TRACKLAB_SOURCE_DIR) + "/resources/layouts/force-coaster.json";
} // namespace

class TstCoasterBlocks : public QObject {
    Q_OBJECT
private slots:
    void thirtyMinutes();
    void badBrakes();
};

void TstCoasterBlocks::thirtyMinutes() {
    const Layout layout = Layout::load(kFile);
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(layout, o, kFile);
    QCOMPARE(sim.view().trainCount(), 2);
    double vMin = 1e9, vMinOff = 1e9; // everywhere; off the drive sections (the lift's chain included)
    std::string vMinAt;
    auto onDrive = [&](const TrackPosition& p) {
        for (const TrackDrive& d : layout.drives())
            if (d.track == p.track && p.s >= d.from - 15.0 && p.s <= d.to + 15.0) return true;
        return false;
    };
    while (sim.time() < 1800.0) {
        sim.step();
        if (sim.time() > 1.0)
            for (int t = 0; t < 2; ++t)
                if (const double v = sim.view().trainSpeed(t); v < vMin || v < vMinOff) {
                    const TrackPosition p = sim.view().bogieState(t, 0, 0).position;
                    if (!onDrive(p) && !onDrive(sim.view().bogieState(t, 3, 0).position))
                        vMinOff = std::min(vMinOff, v);
                    if (v < vMin) {
                        vMin = v;
                        vMinAt = layout.track(std::size_t(p.track)).id() + " s " + std::to_string(p.s) +
                                 " t " + std::to_string(sim.time());
                    }
                }
    }
    qInfo("slowest %.4f m/s at %s; off the drive sections %.4f m/s", vMin, vMinAt.c_str(), vMinOff);
    // laps: the station's dispatches (its brake's block ahead is signal "station"); per block signal X, the
    // time a train holds X's block: from its release by the brake before X (or its head passing X, if that
    // brake did not hold it) to its tail leaving the block
    std::map<std::string, int> dispatches;
    std::vector<double> times;
    std::map<std::string, double> in, released;
    std::map<std::string, std::vector<double>> occupied;
    for (const SignalEvent& e : sim.view().signalEvents()) {
        if (e.kind == "dispatch") {
            released[e.signalId] = e.t;
            if (e.signalId == "station") {
                ++dispatches[e.trainId];
                times.push_back(e.t);
            }
        }
        if (e.kind == "aspect") {
            if (e.aspect == "stop") {
                const auto r = released.find(e.signalId);
                in[e.signalId] = r != released.end() && e.t - r->second < 30.0 ? r->second : e.t;
            } else if (in.count(e.signalId) && in[e.signalId] >= 0) {
                if (in[e.signalId] > 120.0) occupied[e.signalId].push_back(e.t - in[e.signalId]); // (steady)
                in[e.signalId] = -1;
            }
        }
    }
    QVERIFY(times.size() > 6);
    // steady state: the dispatches after the first two minutes
    std::vector<double> steady;
    for (double t : times)
        if (t > 120.0) steady.push_back(t);
    const double period = (steady.back() - steady.front()) / double(steady.size() - 1);
    double maxT = 0;
    std::string governing;
    for (const auto& [id, list] : occupied) {
        double mean = 0;
        for (double d : list)
            mean += d;
        mean /= double(list.size());
        qInfo("block of signal %s: occupied %.3f s per train (%zu passes)", id.c_str(), mean, list.size());
        if (mean > maxT) maxT = mean, governing = id;
    }
    const double interval = *layout.spec().drives[0].dispatchInterval;
    const double expected = 3600.0 / std::max(interval, maxT);
    qInfo("30 min: %s %d laps, %s %d laps; %zu collisions, %zu derailments; slowest %.4f m/s; %.3f trains/h "
          "(mean dispatch period %.3f s), 3600 / max(%.0f s, T = %.3f s of block %s) = %.3f trains/h (%+.2f "
          "%%)",
          "coaster", dispatches["coaster"], "coaster-2", dispatches["coaster-2"],
          sim.view().collisions().size(), sim.view().derailments().size(), vMin, 3600.0 / period, period,
          interval, maxT, governing.c_str(), expected, 100.0 * (3600.0 / period - expected) / expected);
    QVERIFY(sim.view().collisions().empty());
    QVERIFY(sim.view().derailments().empty());
    // never rolls back: off the drive sections it never moves backwards; stopping on a brake the train
    // rebounds on its couplers (measured -0.05 m/s at the station), caught at once by the brake
    QVERIFY(vMinOff > 0.0);
    QVERIFY(vMin > -0.1);
    QVERIFY(dispatches["coaster"] >= 10);
    QVERIFY(dispatches["coaster-2"] >= 10);
    QVERIFY(std::abs(3600.0 / period - expected) <= 0.02 * expected);
}

void TstCoasterBlocks::badBrakes() {
    for (const auto& [drive, message] :
         {std::pair{
              R"({"kind": "booster", "track": "L", "speed": 1, "maxForce": 10, "dispatchInterval": 30})",
              "/drives/0/dispatchInterval: only a brake (a station's) has a dispatch interval"},
          std::pair{R"({"kind": "brake", "track": "L", "speed": 1, "maxForce": 10, "dispatchInterval": 0})",
                    "/drives/0/dispatchInterval: dispatchInterval must be > 0"}}) {
        const std::string text = R"({"format": "tracklab-layout", "version": 2, "tracks": [
            {"id": "L", "curve": {"type": "line", "length": 100}}], "drives": [)" +
                                 std::string(drive) + "]}";
        try {
            parseLayoutSpec(text, "<test>");
            QFAIL("accepted");
        } catch (const std::exception& e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }
}

QTEST_GUILESS_MAIN(TstCoasterBlocks)
#include "tst_coaster_blocks.moc"
