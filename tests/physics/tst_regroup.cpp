// Regrouping trains into other Bullet worlds during a run (StepSchedule.h, SimulationEngine::regroup): a run
// must go on bit for bit as if it had never regrouped. The pinned demo (tests/data/reference/demo.json) with
// two trains of a locomotive and two coaches, each in its own world (worldBogies = 6):
//   "A" at 30 m/s from 30 m before the end of "top": it overturns in c3 at about t = 2.8 s and its cars lie
//   on
//       the ground from then on (ground contact points in its world);
//   "B" at 8 m/s from 150 m before the end of "top", railed throughout (8 m/s is far under c3's limit).
// The live run merges the two worlds into one at t = 5 s and splits them again at t = 10 s; the reference
// run never regroups. At t = 7 s (merged) and t = 12 s every body's pose and velocities, every derailment,
// every telemetry sample and every contact point are the same bits. A fork from a snapshot taken at t = 7 s
// (in the merged grouping), restored into a simulation built with the trains apart, splits at 10 s and ends
// at 12 s with the same bits again. A grouping that does not add up is refused and changes nothing.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
#include <sstream>

using namespace tl;

namespace {
const std::string kRef = std::string(TRACKLAB_SOURCE_DIR) + "/tests/data/reference";
const std::string kDemo = kRef + "/demo.json";

// A (as below), and with `siding` a train "S" of the same make running at 6 m/s off the open end of the
// siding (an "end of track" derailment, after A's wreck lies on the ground); trains per world as given.
std::unique_ptr<Simulation> wrecks(bool siding, int worldBogies) {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    const double top = Layout::load(kDemo).trackById("top").length();
    spec.trains = nlohmann::json::array();
    spec.trains.push_back({{"id", "A"},
                           {"cars", {"locomotive", "passenger-car", "passenger-car"}},
                           {"start", {{"track", "top"}, {"s", top - 30}}},
                           {"speed", 30.0}});
    if (siding)
        spec.trains.push_back({{"id", "S"},
                               {"cars", {"locomotive", "passenger-car", "passenger-car"}},
                               {"start", {{"track", "siding"}, {"s", 80.0}}},
                               {"speed", 6.0}});
    SimulationOptions o;
    o.rollingStockDirs = {kRef + "/rolling-stock"};
    o.worldBogies = worldBogies;
    auto sim = std::make_unique<Simulation>(Layout::compile(spec, kDemo), o, kDemo);
    sim->setThrottle(0, 30.0 / 44.0);
    return sim;
}

std::unique_ptr<Simulation> twoTrains() {
    LayoutSpec spec = loadLayoutSpec(kDemo);
    const double top = Layout::load(kDemo).trackById("top").length();
    spec.trains = nlohmann::json::array();
    auto add = [&](const std::string& id, double s, double speed) {
        spec.trains.push_back({{"id", id},
                               {"cars", {"locomotive", "passenger-car", "passenger-car"}},
                               {"start", {{"track", "top"}, {"s", s}}},
                               {"speed", speed}});
    };
    add("A", top - 30, 30.0);
    add("B", top - 150, 8.0);
    SimulationOptions o;
    o.rollingStockDirs = {kRef + "/rolling-stock"};
    o.worldBogies = 6; // a train of 6 bogies to a world
    auto sim = std::make_unique<Simulation>(Layout::compile(spec, kDemo), o, kDemo);
    sim->setThrottle(0, 30.0 / 44.0);
    sim->setThrottle(1, 0.3);
    return sim;
}

template <class T> bool sameBits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

std::string csv(const Simulation& s) {
    std::ostringstream os;
    s.telemetry().writeCsv(os, s.view().vehicleIds(), s.view().trackIds(), s.view().trainIds());
    return os.str();
}

// Everything two runs can differ in, bit for bit; the first difference named. Without `history`, the state
// only (a simulation built afresh and restored has no events and samples from before its snapshot).
QString difference(const Simulation& a, const Simulation& b, bool history = true) {
    const SimulationState sa = a.snapshot(), sb = b.snapshot();
    if (!sameBits(sa.time, sb.time)) return "time";
    if (sa.bodies.size() != sb.bodies.size()) return "body count";
    for (std::size_t i = 0; i < sa.bodies.size(); ++i)
        if (!sameBits(sa.bodies[i].pose.matrix(), sb.bodies[i].pose.matrix()) ||
            !sameBits(sa.bodies[i].v, sb.bodies[i].v) || !sameBits(sa.bodies[i].w, sb.bodies[i].w))
            return QString("body %1").arg(i);
    if (sa.contacts.size() != sb.contacts.size()) return "contact manifold count";
    if (sa.grouping == sb.grouping) {
        for (std::size_t i = 0; i < sa.contacts.size(); ++i)
            if (sa.contacts[i].body0 != sb.contacts[i].body0 ||
                sa.contacts[i].body1 != sb.contacts[i].body1 || sa.contacts[i].bytes != sb.contacts[i].bytes)
                return QString("contact manifold %1").arg(i);
    } else { // snapshots name a ground by its world: the points themselves, in any order
        std::vector<std::vector<unsigned char>> a, b;
        for (std::size_t i = 0; i < sa.contacts.size(); ++i) {
            a.push_back(sa.contacts[i].bytes);
            b.push_back(sb.contacts[i].bytes);
        }
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (a != b) return "contact points";
    }
    if (!history) return {};
    const auto& da = a.view().derailments();
    const auto& db = b.view().derailments();
    if (da.size() != db.size()) return "derailment count";
    for (std::size_t i = 0; i < da.size(); ++i)
        if (!sameBits(da[i].t, db[i].t) || !sameBits(da[i].s, db[i].s) ||
            !sameBits(da[i].speed, db[i].speed) || da[i].train != db[i].train || da[i].car != db[i].car ||
            da[i].message != db[i].message)
            return QString("derailment %1").arg(i);
    if (a.telemetry().hash() != b.telemetry().hash() || csv(a) != csv(b)) return "telemetry";
    return {};
}
} // namespace

class TstRegroup : public QObject {
    Q_OBJECT
private slots:
    void mergeAndSplitChangeNothing();
    void badGroupingRefused();
    void derailmentKeepsOtherWrecksContacts();
};

// A derailment rebuilds its world (collision groups change); the contact points of another wreck in that
// world go on: A's wreck runs the same bits whether or not S derails beside it in its world, and the pair
// runs the same bits in one world or two.
void TstRegroup::derailmentKeepsOtherWrecksContacts() {
    auto alone = wrecks(false, 40);
    auto together = wrecks(true, 40);
    auto apart = wrecks(true, 6);
    QCOMPARE(together->engine().grouping(), std::vector<int>({2}));
    QCOMPARE(apart->engine().grouping(), std::vector<int>({1, 1}));
    for (auto* sim : {alone.get(), together.get(), apart.get()})
        sim->runUntil(8.0);
    double sDerailed = -1, aOnGround = -1;
    for (const DerailmentEvent& e : together->view().derailments())
        if (e.train == 1 && sDerailed < 0) sDerailed = e.t;
    QVERIFY2(sDerailed > 0, "S ran off the siding's end");
    QCOMPARE(together->view().derailments().back().cause, std::string("end of track"));
    // A's wreck lay on the ground (contact points in its world) before S derailed
    auto probe = wrecks(false, 40);
    probe->runUntil(sDerailed - 0.05);
    aOnGround = double(probe->snapshot().contacts.size());
    qInfo("S derailed at t = %.4f s; A's wreck then had %.0f contact manifolds", sDerailed, aOnGround);
    QVERIFY(aOnGround > 0);
    for (int c = 0; c < 3; ++c) {
        QVERIFY(sameBits(alone->view().carPose(0, c).matrix(), together->view().carPose(0, c).matrix()));
        for (int b = 0; b < 2; ++b)
            QVERIFY(sameBits(alone->view().bogiePose(0, c, b).matrix(),
                             together->view().bogiePose(0, c, b).matrix()));
    }
    QCOMPARE(difference(*together, *apart), QString());
}

void TstRegroup::mergeAndSplitChangeNothing() {
    auto reference = twoTrains();
    auto live = twoTrains();
    QCOMPARE(live->engine().grouping(), std::vector<int>({1, 1}));

    reference->runUntil(5.0);
    live->runUntil(5.0);
    // A is a wreck on the ground: its world holds contact points, which the merge must carry over
    QCOMPARE(live->view().derailments().empty(), false);
    const DerailmentEvent& first = live->view().derailments().front();
    qInfo("A: %s", first.message.c_str());
    QCOMPARE(first.train, 0);
    QVERIFY(first.t > 2.0 && first.t < 4.0);
    const std::size_t contacts = live->snapshot().contacts.size();
    qInfo("at t = 5 s: %zu contact manifolds, %zu derailment events", contacts,
          live->view().derailments().size());
    QVERIFY(contacts > 0);

    live->engine().regroup({2}); // merged
    QCOMPARE(live->engine().grouping(), std::vector<int>({2}));
    QCOMPARE(difference(*live, *reference), QString());
    reference->runUntil(7.0);
    live->runUntil(7.0);
    QCOMPARE(difference(*live, *reference), QString());
    const SimulationState at7 = live->snapshot();
    QCOMPARE(at7.grouping, std::vector<int>({2}));

    reference->runUntil(10.0);
    live->runUntil(10.0);
    live->engine().regroup({1, 1}); // split again
    QCOMPARE(live->engine().grouping(), std::vector<int>({1, 1}));
    reference->runUntil(12.0);
    live->runUntil(12.0);
    QCOMPARE(difference(*live, *reference), QString());
    QVERIFY(!live->view().trainDerailed(1)); // B still on its rails at 12 s
    QVERIFY(live->view().trainDerailed(0));
    qInfo("t = 12 s: %zu derailment events, %zu contact manifolds, telemetry %016llx",
          live->view().derailments().size(), live->snapshot().contacts.size(),
          static_cast<unsigned long long>(live->telemetry().hash()));

    // the fork, as the GUI forks: the same simulation (its trains apart again at 12 s) back to t = 7 s, the
    // merged grouping with it; events and samples after 7 s dropped and recorded again
    auto fork = twoTrains();
    fork->runUntil(5.0);
    fork->engine().regroup({2});
    fork->runUntil(12.0);
    fork->engine().regroup({1, 1});
    fork->restore(at7);
    QCOMPARE(fork->engine().grouping(), std::vector<int>({2}));
    fork->runUntil(10.0);
    fork->engine().regroup({1, 1});
    fork->runUntil(12.0);
    QCOMPARE(difference(*fork, *live), QString());

    // and into a simulation built afresh (trains apart, nothing recorded): the same state at 12 s
    auto fresh = twoTrains();
    fresh->restore(at7);
    QCOMPARE(fresh->engine().grouping(), std::vector<int>({2}));
    fresh->runUntil(10.0);
    fresh->engine().regroup({1, 1});
    fresh->runUntil(12.0);
    QCOMPARE(difference(*fresh, *live, false), QString());
}

void TstRegroup::badGroupingRefused() {
    auto sim = twoTrains();
    sim->runUntil(0.5);
    const SimulationState before = sim->snapshot();
    for (const std::vector<int>& g : {std::vector<int>{3}, std::vector<int>{2, 0}, std::vector<int>{1}}) {
        bool threw = false;
        try {
            sim->engine().regroup(g);
        } catch (const SimulationError& e) {
            threw = true;
            QVERIFY(QString(e.what()).contains("add up to the 2 trains"));
        }
        QVERIFY(threw);
        QCOMPARE(sim->engine().grouping(), std::vector<int>({1, 1}));
    }
    auto twin = twoTrains();
    twin->runUntil(0.5);
    sim->runUntil(1.0);
    twin->runUntil(1.0);
    QCOMPARE(difference(*sim, *twin), QString());
    QCOMPARE(before.grouping, std::vector<int>({1, 1}));
}

QTEST_GUILESS_MAIN(TstRegroup)
#include "tst_regroup.moc"
