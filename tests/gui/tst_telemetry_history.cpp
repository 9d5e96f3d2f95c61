// The GUI's telemetry history (ui/sim/TelemetryHistory.h) in bounded memory: three simulated hours of one
// bogie at 240 Hz -- the last 10 minutes kept at 60 Hz, the older part decimated, the whole run in view,
// memory after 3 h within 10 % of that after 1 h, and a one-sample spike 2 h back still in the history.
#include "ui/sim/TelemetryHistory.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tl::ui;

class TstTelemetryHistory : public QObject {
    Q_OBJECT
private slots:
    void longRunStaysBoundedAndKeepsPeaks();
};

void TstTelemetryHistory::longRunStaysBoundedAndKeepsPeaks() {
    TelemetryHistory h;
    h.reset({{"bogie T car 1 bogie 1", -1, 0, 0, 0}}); // 60 Hz, 10 min at full rate, 36 000 older points
    const double dt = 1.0 / 240.0, spikeAt = 3600.0;
    tl::TelemetrySample s;
    s.train = 0, s.car = 0, s.bogie = 0, s.track = 2;
    std::size_t bytesAt1h = 0;
    const long steps = 3 * 3600 * 240;
    for (long k = 1; k <= steps; ++k) {
        s.t = k * dt;
        s.speed = 20.0 + std::sin(s.t / 50.0);
        s.s = std::fmod(20.0 * s.t, 1000.0);
        s.f[0] = std::abs(s.t - spikeAt) < 2.5 * dt ? 9.0e5 : 1.0e3; // 5 steps at 900 kN: one kept
        h.add(s);
        if (k == 3600 * 240) bytesAt1h = h.memoryBytes();
    }
    const auto& t = h.times(0);
    qInfo() << "kept" << t.size() << "samples over" << t.back() - t.front() << "s;" << bytesAt1h / 1024
            << "KiB after 1 h," << h.memoryBytes() / 1024 << "KiB after 3 h";
    QVERIFY(t.front() < 1.0);                               // the whole run stays in view
    QVERIFY(t.back() > steps * dt - 1.0 / 60.0);            // up to the last kept sample
    QVERIFY(t.size() <= std::size_t(600 * 60 + 36000 + 1)); // bounded
    QVERIFY(std::is_sorted(t.begin(), t.end()));            // times increase
    QVERIFY(std::abs(double(h.memoryBytes()) / double(bytesAt1h) - 1.0) < 0.10);
    // the last 10 minutes at 60 Hz
    const std::size_t recent = std::size_t(t.end() - std::lower_bound(t.begin(), t.end(), t.back() - 600.0));
    QVERIFY(recent >= 600 * 60 - 1 && recent <= 600 * 60 + 1);
    QVERIFY(std::abs(t[t.size() - 1] - t[t.size() - 2] - 1.0 / 60.0) < 1e-9);
    // the spike 2 h back survives every halving (each channel keeps its larger |value|)
    const auto& f1 = h.values(0, Channel::F1);
    QCOMPARE(*std::max_element(f1.begin(), f1.end()), 9.0e5f);
    const auto& tracks = h.tracks(0);
    QVERIFY(std::all_of(tracks.begin(), tracks.end(), [](int k) { return k == 2; }));
    // a fork truncates the future as before
    h.truncateAfter(5000.0);
    QVERIFY(h.times(0).back() <= 5000.0);
}

QTEST_GUILESS_MAIN(TstTelemetryHistory)
#include "tst_telemetry_history.moc"
