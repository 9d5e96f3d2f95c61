// runJobs (physics/run/RunJobs.h), the one seam through which the batch commands use several cores:
//   - every run exactly once, done() in index order on the calling thread whatever order the runs finish in
//     (runs that finish in reverse: later indices sleep less), for 1, 2, 3 and 8 jobs;
//   - a run that throws: the runs not begun are not begun, done() has been called exactly for the indices
//     below the lowest failing one, and that failure is rethrown;
//   - the speed sweep gives the same points with 1 job and with 3 (tracklab-cli's byte-identical output is
//     tests/CMakeLists.txt's cli_sweep_jobs).
#include "core/layout/LayoutFile.h"
#include "physics/run/RunJobs.h"
#include "physics/run/SpeedSweep.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace tl;

class TstRunJobs : public QObject {
    Q_OBJECT
private slots:
    void doneInOrder_data();
    void doneInOrder();
    void failureStopsAndRethrows();
    void sweepIndependentOfJobs();
};

void TstRunJobs::doneInOrder_data() {
    QTest::addColumn<int>("jobs");
    for (int j : {1, 2, 3, 8})
        QTest::newRow(qPrintable(QString("%1 jobs").arg(j))) << j;
}

void TstRunJobs::doneInOrder() {
    QFETCH(int, jobs);
    const int n = 24;
    std::vector<std::atomic<int>> ran(n);
    std::vector<int> order;
    const auto caller = std::this_thread::get_id();
    bool onCaller = true;
    runJobs(
        n, jobs,
        [&](int i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2 * ((n - i) % 5)));
            ran[std::size_t(i)]++;
        },
        [&](int i) {
            onCaller = onCaller && std::this_thread::get_id() == caller;
            QCOMPARE(ran[std::size_t(i)].load(), 1);
            order.push_back(i);
        });
    QVERIFY(onCaller);
    QCOMPARE(int(order.size()), n);
    for (int i = 0; i < n; ++i) {
        QCOMPARE(order[std::size_t(i)], i);
        QCOMPARE(ran[std::size_t(i)].load(), 1);
    }
}

void TstRunJobs::failureStopsAndRethrows() {
    for (const int jobs : {1, 3}) {
        const int n = 40;
        std::atomic<int> begun{0};
        std::vector<int> done;
        try {
            runJobs(
                n, jobs,
                [&](int i) {
                    ++begun;
                    std::this_thread::sleep_for(std::chrono::milliseconds(3));
                    if (i == 7 || i == 9) throw std::runtime_error("run " + std::to_string(i) + " failed");
                },
                [&](int i) { done.push_back(i); });
            QFAIL("no exception");
        } catch (const std::runtime_error& e) {
            QCOMPARE(QString(e.what()), QString("run 7 failed"));
        }
        QCOMPARE(int(done.size()), 7);
        for (int i = 0; i < 7; ++i)
            QCOMPARE(done[std::size_t(i)], i);
        qInfo("%d jobs: %d of %d runs begun", jobs, begun.load(), n);
        QVERIFY(begun.load() <= 8 + jobs); // the runs after the failure were not begun
    }
}

void TstRunJobs::sweepIndependentOfJobs() {
    // the reference demo's sweep (tests/data/reference/outputs.sh), every fourth speed: 32 m/s rides, 36 and
    // 40 m/s derail
    const std::string demo = std::string(TRACKLAB_SOURCE_DIR) + "/tests/data/reference/demo.json";
    const LayoutSpec spec = loadLayoutSpec(demo);
    SweepOptions o;
    o.from = 32.0;
    o.to = 40.0;
    o.step = 4.0;
    o.duration = 75.0;
    const SweepResult one = sweepDerailmentSpeed(spec, demo, "IC1", o);
    o.jobs = 3;
    std::vector<int> progress;
    const SweepResult three = sweepDerailmentSpeed(
        spec, demo, "IC1", o, [&](int i, int, const SweepPoint&) { progress.push_back(i); });
    QCOMPARE(progress, (std::vector<int>{0, 1, 2}));
    QVERIFY(one.critical >= 0);
    QCOMPARE(three.critical, one.critical);
    QCOMPARE(three.points.size(), one.points.size());
    for (std::size_t i = 0; i < one.points.size(); ++i) {
        QCOMPARE(three.points[i].speed, one.points[i].speed);
        QCOMPARE(bool(three.points[i].derailment), bool(one.points[i].derailment));
        if (one.points[i].derailment) {
            QCOMPARE(three.points[i].derailment->t, one.points[i].derailment->t); // bit for bit
            QCOMPARE(three.points[i].derailment->s, one.points[i].derailment->s);
            QCOMPARE(three.points[i].derailment->message, one.points[i].derailment->message);
        }
    }
    qInfo("critical %.1f m/s in both",
          one.critical >= 0 ? one.points[std::size_t(one.critical)].speed : -1.0);
}

QTEST_GUILESS_MAIN(TstRunJobs)
#include "tst_run_jobs.moc"
