// The step on several threads (SimulationOptions::threads, StepSchedule::parts, TelemetryJournal.h): the same
// bits as one thread, events and telemetry in the same order, whatever the number of threads and the
// grouping.
//
// The scenario: three copies of the derail-foul-strike case side by side, 100 m apart -- on each, train "A"
// overturns on an 80 m curve at full throttle beside a parallel track, its wreck fouls that track and train
// "B" runs into it -- the copies' A alike (their derailments and episodes fall in the same steps, in worlds
// stepped on different threads), each copy's B from its own place (s = 60, 63, 66 m: the strikes in
// different steps). Each train in a world of its own until its copy's trains
// can touch (worldBogies 6), or all six in one world (worldBogies 40). Compared after 15 s: every body's pose
// and velocities, every contact point, every event of each kind field by field, every telemetry sample.
// A run forked from a two-thread run's snapshot at 6 s onto one thread ends with the same state.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"
#include "physics/sim/StepThreads.h"

#include <QtTest>

#include <cstring>
#include <sstream>

using namespace tl;

namespace {

LayoutSpec scenario() {
    std::ostringstream tracks, connections, trains;
    for (int k = 0; k < 3; ++k) {
        const std::string n = std::to_string(k);
        const double y = 100.0 * k;
        tracks << (k ? "," : "") << R"({"id": "inS)" << n
               << R"(", "curve": {"type": "line", "length": 200}, "placement": {"position": [0, )" << y
               << R"(, 0]}},
            {"id": "inC)"
               << n << R"(", "curve": {"type": "arc", "radius": 80, "angle": 1.5707963267948966},
             "placement": {"after": ["inS)"
               << n << R"(", "end"]}},
            {"id": "outS)"
               << n << R"(", "curve": {"type": "line", "length": 200}, "placement": {"position": [0, )"
               << y - 4.5 << R"(, 0]}},
            {"id": "outC)"
               << n << R"(", "curve": {"type": "arc", "radius": 84.5, "angle": 1.5707963267948966},
             "placement": {"after": ["outS)"
               << n << R"(", "end"]}})";
        connections << (k ? "," : "") << R"({"a": ["inS)" << n << R"(", "end"], "b": ["inC)" << n
                    << R"(", "start"]}, {"a": ["outS)" << n << R"(", "end"], "b": ["outC)" << n
                    << R"(", "start"]})";
        trains << (k ? "," : "") << R"({"id": "A)" << n
               << R"(", "cars": ["locomotive", "passenger-car", "passenger-car"], "start": {"track": "inS)"
               << n << R"(", "s": 150}, "speed": 20, "schedule": [[0, 1, 0]]},
            {"id": "B)"
               << n
               << R"(", "cars": ["locomotive", "passenger-car", "passenger-car"], "start": {"track": "outS)"
               << n << R"(", "s": )" << 60 + 3 * k << R"(}, "speed": 15})";
    }
    return parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [)" + tracks.str() +
                               R"(], "connections": [)" + connections.str() + R"(], "trains": [)" +
                               trains.str() + "]}",
                           "<test>");
}

std::unique_ptr<Simulation> build(int threads, int worldBogies) {
    SimulationOptions o;
    o.threads = threads;
    o.worldBogies = worldBogies;
    return std::make_unique<Simulation>(Layout::compile(scenario(), "<test>"), o, "<test>");
}

template <class T> bool sameBits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

bool samePlace(const EventPlace& a, const EventPlace& b) {
    return sameBits(a.t, b.t) && a.train == b.train && a.car == b.car && a.bogie == b.bogie &&
           a.track == b.track && sameBits(a.s, b.s) && sameBits(a.speed, b.speed);
}

QString stateDifference(const Simulation& a, const Simulation& b) {
    const SimulationState sa = a.snapshot(), sb = b.snapshot();
    if (!sameBits(sa.time, sb.time)) return "time";
    if (sa.bodies.size() != sb.bodies.size()) return "body count";
    for (std::size_t i = 0; i < sa.bodies.size(); ++i)
        if (!sameBits(sa.bodies[i].pose.matrix(), sb.bodies[i].pose.matrix()) ||
            !sameBits(sa.bodies[i].v, sb.bodies[i].v) || !sameBits(sa.bodies[i].w, sb.bodies[i].w))
            return QString("body %1").arg(i);
    std::vector<std::vector<unsigned char>> pa, pb; // the points (a ground is named by its world)
    for (const auto& c : sa.contacts)
        pa.push_back(c.bytes);
    for (const auto& c : sb.contacts)
        pb.push_back(c.bytes);
    std::sort(pa.begin(), pa.end());
    std::sort(pb.begin(), pb.end());
    if (pa != pb) return "contact points";
    return {};
}

QString difference(const Simulation& a, const Simulation& b) {
    if (QString s = stateDifference(a, b); !s.isEmpty()) return s;
    const SimulationView &va = a.view(), &vb = b.view();
    if (va.derailments().size() != vb.derailments().size()) return "derailment count";
    for (std::size_t i = 0; i < va.derailments().size(); ++i) {
        const DerailmentEvent &x = va.derailments()[i], &y = vb.derailments()[i];
        if (!samePlace(x, y) || x.cause != y.cause || x.message != y.message)
            return QString("derailment %1").arg(i);
    }
    if (va.collisions().size() != vb.collisions().size()) return "collision count";
    for (std::size_t i = 0; i < va.collisions().size(); ++i) {
        const CollisionEvent &x = va.collisions()[i], &y = vb.collisions()[i];
        if (!samePlace(x, y) || x.otherTrain != y.otherTrain || !sameBits(x.peakForce, y.peakForce) ||
            !sameBits(x.absorbed, y.absorbed) || !sameBits(x.duration, y.duration) || x.message != y.message)
            return QString("collision %1").arg(i);
    }
    if (va.couplerEvents().size() != vb.couplerEvents().size()) return "coupler event count";
    for (std::size_t i = 0; i < va.couplerEvents().size(); ++i) {
        const CouplerEvent &x = va.couplerEvents()[i], &y = vb.couplerEvents()[i];
        if (!samePlace(x, y) || x.coupler != y.coupler || !sameBits(x.peakForce, y.peakForce) ||
            !sameBits(x.duration, y.duration) || x.broke != y.broke || x.message != y.message)
            return QString("coupler event %1").arg(i);
    }
    if (va.wheelEvents().size() != vb.wheelEvents().size()) return "wheel event count";
    for (std::size_t i = 0; i < va.wheelEvents().size(); ++i) {
        const WheelEvent &x = va.wheelEvents()[i], &y = vb.wheelEvents()[i];
        if (!samePlace(x, y) || x.kind != y.kind || !sameBits(x.peak, y.peak) ||
            !sameBits(x.duration, y.duration) || x.message != y.message)
            return QString("wheel event %1").arg(i);
    }
    if (a.telemetry().samples().size() != b.telemetry().samples().size()) return "sample count";
    if (a.telemetry().hash() != b.telemetry().hash()) return "telemetry";
    return {};
}

} // namespace

class TstStepThreads : public QObject {
    Q_OBJECT
private slots:
    void threadsChangeNothing();
    void forkOntoOneThread();
    void partsBalanceBogies();
    void availableCpus();
};

void TstStepThreads::threadsChangeNothing() {
    auto one = build(1, 6);
    QCOMPARE(one->engine().grouping(), std::vector<int>({1, 1, 1, 1, 1, 1}));
    one->runUntil(15.0);
    const SimulationView& v = one->view();
    qInfo("one thread, 15 s: %zu derailments, %zu collisions, %zu coupler overloads, %zu wheel episodes, "
          "%zu samples, telemetry %016llx",
          v.derailments().size(), v.collisions().size(), v.couplerEvents().size(), v.wheelEvents().size(),
          one->telemetry().samples().size(), (unsigned long long)one->telemetry().hash());
    for (const CollisionEvent& e : v.collisions())
        qInfo("%s", e.message.c_str());
    // what the comparison must cover: every copy's derailment and strike, and episodes of every kind
    for (int k = 0; k < 3; ++k) {
        bool derailed = false, struck = false;
        for (const DerailmentEvent& e : v.derailments())
            derailed = derailed || e.train == 2 * k;
        for (const CollisionEvent& e : v.collisions())
            struck = struck || ((e.train == 2 * k && e.otherTrain == 2 * k + 1) ||
                                (e.train == 2 * k + 1 && e.otherTrain == 2 * k));
        QVERIFY2(derailed && struck, qPrintable(QString("copy %1: A derails and B strikes it").arg(k)));
    }
    QVERIFY(!v.couplerEvents().empty());
    QVERIFY(!v.wheelEvents().empty());
    for (const auto& [threads, worldBogies] : {std::pair{2, 6}, {3, 6}, {2, 40}, {1, 40}}) {
        auto other = build(threads, worldBogies);
        other->runUntil(15.0);
        QCOMPARE(difference(*one, *other), QString());
        qInfo("%d threads, worlds of %d bogies: the same bits (grouping at the end: %zu worlds)", threads,
              worldBogies, other->engine().grouping().size());
    }
}

// A snapshot of a two-thread run in the middle of its events, restored into a one-thread simulation, steps
// on to the same state as the two-thread run.
void TstStepThreads::forkOntoOneThread() {
    auto two = build(2, 6);
    two->runUntil(6.0);
    const SimulationState at6 = two->snapshot();
    auto one = build(1, 6);
    one->restore(at6);
    two->runUntil(12.0);
    one->runUntil(12.0);
    QCOMPARE(stateDifference(*two, *one), QString());
    QVERIFY(!two->view().collisions().empty());
}

// Parts of about equal bogies, consecutive, each unit in one.
void TstStepThreads::partsBalanceBogies() {
    auto sim = build(2, 6);
    StepSchedule& s = sim->engine().schedule();
    QCOMPARE(s.parts(1), std::vector<std::size_t>({0, 7}));
    QCOMPARE(s.parts(2), std::vector<std::size_t>({0, 4, 7})); // main world (1) + 3 trains | 3 trains
    QCOMPARE(s.parts(3), std::vector<std::size_t>({0, 3, 5, 7}));
    // no more parts than units, nor than worldBogies (6) train bogies each: 36 bogies, six parts
    QCOMPARE(s.parts(50), std::vector<std::size_t>({0, 2, 3, 4, 5, 6, 7}));
    auto one = build(2, 40); // one world of 36 bogies: one part, no thread woken
    QCOMPARE(one->engine().schedule().parts(2), std::vector<std::size_t>({0, 2}));
}

void TstStepThreads::availableCpus() {
    const int n = StepThreads::availableCpus();
    qInfo("this process may use %d CPUs", n);
    QVERIFY(n >= 1 && n <= QThread::idealThreadCount());
    // the pool runs every part once per run, the caller's part on the caller
    StepThreads pool(3);
    std::vector<int> ran(3, 0);
    const auto caller = std::this_thread::get_id();
    bool callerRanZero = false;
    for (int r = 0; r < 100; ++r)
        pool.run([&](int p) {
            ++ran[std::size_t(p)];
            if (p == 0) callerRanZero = std::this_thread::get_id() == caller;
        });
    QCOMPARE(ran, std::vector<int>({100, 100, 100}));
    QVERIFY(callerRanZero);
}

QTEST_GUILESS_MAIN(TstStepThreads)
#include "tst_step_threads.moc"
