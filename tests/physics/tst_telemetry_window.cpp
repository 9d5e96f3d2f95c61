// Telemetry's bounded window (docs/trains-format.md, "Scale benchmark") and the ring it keeps its samples in:
// - RingBuffer against std::deque over 20 000 random pushes, drops from the front and the back and clears:
//   the same values in the same order, by index and by iterator, through every wrap and growth;
// - a ring used as a window of at most 100 values grows to 128 slots and stays there over 100 000 pushes;
// - Telemetry with a 0.5 s window fed 10 000 steps of three samples at 240 Hz holds exactly the samples of
//   the last 0.5 s (121 steps: 363 samples, oldest first), dropped() + size() counts every sample added, and
//   the ring's storage stays at 512 slots (the first power of two >= 366) from the first trim on;
// - with a cap of 1 000 samples as well (the GUI's buffer between frames), 4 000 samples a step keep the
//   newest 1 000 in order, and every other one is counted as dropped.
#include "physics/telemetry/RingBuffer.h"
#include "physics/telemetry/Telemetry.h"

#include <QtTest>

#include <deque>
#include <random>
#include <vector>

using namespace tl;

class TstTelemetryWindow : public QObject {
    Q_OBJECT
private slots:
    void ringMatchesDeque();
    void ringStaysAtItsWindow();
    void telemetryKeepsExactlyTheWindow();
    void telemetryKeepsAtMostItsCap();
};

namespace {
void compare(const RingBuffer<int>& r, const std::deque<int>& d) {
    QCOMPARE(r.size(), d.size());
    QCOMPARE(r.empty(), d.empty());
    QCOMPARE(std::size_t(r.end() - r.begin()), d.size());
    if (d.empty()) return;
    QCOMPARE(r.front(), d.front());
    QCOMPARE(r.back(), d.back());
    std::size_t i = 0;
    for (int v : r) // iterator walk
        QCOMPARE(v, d[i++]);
    for (std::size_t k = 0; k < d.size(); k += 7) { // index and iterator arithmetic
        QCOMPARE(r[k], d[k]);
        QCOMPARE(*(r.begin() + std::ptrdiff_t(k)), d[k]);
        QCOMPARE(*(r.end() - std::ptrdiff_t(d.size() - k)), d[k]);
    }
    const std::vector<int> tail(r.begin() + std::ptrdiff_t(d.size() / 2), r.end());
    QCOMPARE(tail, std::vector<int>(d.begin() + std::ptrdiff_t(d.size() / 2), d.end()));
}
} // namespace

void TstTelemetryWindow::ringMatchesDeque() {
    RingBuffer<int> r;
    std::deque<int> d;
    std::mt19937 rng(14);
    int next = 0;
    for (int op = 0; op < 20000; ++op) {
        const int kind = int(rng() % 100);
        if (kind < 60) { // push (most often: the ring grows and wraps)
            r.push_back(next);
            d.push_back(next++);
        } else if (kind < 85 && !d.empty()) { // drop some from the front
            const std::size_t n = rng() % (d.size() + 1);
            r.pop_front(n);
            d.erase(d.begin(), d.begin() + std::ptrdiff_t(n));
        } else if (kind < 99 && !d.empty()) {
            r.pop_back();
            d.pop_back();
        } else if (kind == 99) {
            r.clear();
            d.clear();
        }
        if (op % 50 == 0 || r.capacity() == r.size()) compare(r, d);
    }
    compare(r, d);
    QVERIFY(next > 10000);
}

void TstTelemetryWindow::ringStaysAtItsWindow() {
    RingBuffer<int> r;
    for (int i = 0; i < 100000; ++i) {
        r.push_back(i);
        if (r.size() > 100) r.pop_front(r.size() - 100);
        QCOMPARE(r.back(), i);
    }
    QCOMPARE(r.size(), std::size_t(100));
    QCOMPARE(r.front(), 100000 - 100);
    QCOMPARE(r.capacity(), std::size_t(128)); // 16 doubled three times; never again
}

void TstTelemetryWindow::telemetryKeepsExactlyTheWindow() {
    Telemetry tel;
    const double dt = 1.0 / 240.0;
    tel.setWindow(0.5 + 1e-9); // the step 0.5 s back stays in; no tie at the boundary
    std::size_t added = 0, capacityAtFirstTrim = 0;
    for (int k = 0; k <= 10000; ++k)
        for (int v = 0; v < 3; ++v) {
            TelemetrySample s;
            s.t = k * dt;
            s.vehicle = v;
            s.s = k;
            tel.add(s);
            ++added;
            const auto& ring = tel.samples();
            QVERIFY(ring.front().t >= s.t - 0.5 - 1e-9);
            if (tel.dropped() > 0 && capacityAtFirstTrim == 0) capacityAtFirstTrim = ring.capacity();
            QCOMPARE(tel.dropped() + ring.size(), added);
        }
    const auto& ring = tel.samples();
    QCOMPARE(ring.size(), std::size_t(121 * 3)); // steps 9 880 .. 10 000
    QCOMPARE(ring.front().s, 9880.0);
    QCOMPARE(ring.back().s, 10000.0);
    QCOMPARE(ring.back().vehicle, 2);
    for (std::size_t i = 0; i < ring.size(); ++i) { // in order: step by step, vehicle 0, 1, 2
        QCOMPARE(ring[i].s, 9880.0 + double(i / 3));
        QCOMPARE(ring[i].vehicle, int(i % 3));
    }
    QCOMPARE(tel.dropped(), added - 363);
    QCOMPARE(capacityAtFirstTrim, std::size_t(512));
    QCOMPARE(ring.capacity(), std::size_t(512));
}

void TstTelemetryWindow::telemetryKeepsAtMostItsCap() {
    Telemetry tel;
    tel.setWindow(5.0);
    tel.setMaxSamples(1000);
    for (int k = 0; k < 50; ++k)
        for (int b = 0; b < 4000; ++b) {
            TelemetrySample s;
            s.t = k / 240.0;
            s.train = 0, s.car = b / 2, s.bogie = b % 2;
            s.s = k * 4000 + b;
            tel.add(s);
            QVERIFY(tel.samples().size() <= 1000);
        }
    const auto& ring = tel.samples();
    QCOMPARE(ring.size(), std::size_t(1000));
    QCOMPARE(tel.dropped(), std::size_t(50 * 4000 - 1000));
    for (std::size_t i = 0; i < ring.size(); ++i)
        QCOMPARE(ring[i].s, double(50 * 4000 - 1000 + int(i)));
    QCOMPARE(ring.capacity(), std::size_t(1024));
}

QTEST_GUILESS_MAIN(TstTelemetryWindow)
#include "tst_telemetry_window.moc"
