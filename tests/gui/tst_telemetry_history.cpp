// The GUI's telemetry history (ui/sim/TelemetryHistory.h) in bounded memory: three simulated hours of one
// bogie at 240 Hz -- the last 10 minutes kept at 60 Hz, the older part decimated, the whole run in view,
// memory after 3 h within 10 % of that after 1 h, and a one-sample spike 2 h back still in the history;
// a fleet of 1 000 bogies within the 512 MiB budget (4 793 points of 112 B a source: the full-rate window
// and older points scaled by 4 793 / 72 039 = 0.0665, 39.9 s and ~2 395 points), a fleet of 10 at the
// defaults; each sample reaching its own source (by index, whatever the sources' order).
#include "ui/sim/TelemetryHistory.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using tl::Channel;
using namespace tl::ui;

class TstTelemetryHistory : public QObject {
    Q_OBJECT
private slots:
    void longRunStaysBoundedAndKeepsPeaks();
    void largeFleetStaysWithinTheBudget();
    void samplesFindTheirSource();
};

void TstTelemetryHistory::longRunStaysBoundedAndKeepsPeaks() {
    TelemetryHistory h;
    h.reset({{"bogie T car 1 bogie 1", -1, 0, 0, 0, 0}}); // 60 Hz, 10 min at full rate, 36 000 older points
    const double dt = 1.0 / 240.0, spikeAt = 3600.0;
    tl::TelemetrySample s;
    s.train = 0, s.car = 0, s.origin = 0, s.bogie = 0, s.track = 2;
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

void TstTelemetryHistory::largeFleetStaysWithinTheBudget() {
    const auto fleet = [](int bogies) {
        std::vector<HistorySource> sources;
        for (int b = 0; b < bogies; ++b)
            sources.push_back({QString("bogie %1").arg(b), -1, b / 10, (b % 10) / 2, b % 2, b / 2});
        return sources;
    };
    TelemetryHistory small;
    small.reset(fleet(10));
    QCOMPARE(small.fullRateSeconds(), 600.0);
    QCOMPARE(small.olderPoints(), std::size_t(36000));

    TelemetryHistory h;
    h.reset(fleet(1000));
    // 512 MiB / (1 000 x 112 B) = 4 793 points a source, of the 72 039 the defaults need
    const double share = 4793.0 / (std::ceil(600 * 60 / 0.999) + 36000 + 2);
    QCOMPARE(TelemetryHistory::kBytesPerPoint, std::size_t(8 + 24 * 4 + 4 + 4)); // t, 24 channels, track, s
    QVERIFY(std::abs(h.fullRateSeconds() - 600 * share) < 1e-9);                 // 39.9 s
    QVERIFY(h.olderPoints() <= std::size_t(36000 * share) && h.olderPoints() >= 2390); // ~2 395
    QVERIFY(h.fullRateSeconds() > 39.9 && h.fullRateSeconds() < 40.0);
    // 100 s at 60 Hz (every sample kept): past the full-rate window and through several halvings
    tl::TelemetrySample s;
    s.track = 1;
    for (int k = 1; k <= 6000; ++k)
        for (int b = 0; b < 1000; ++b) {
            s.t = k / 60.0;
            s.train = b / 10, s.car = (b % 10) / 2, s.bogie = b % 2, s.origin = b / 2;
            s.f[0] = b;
            h.add(s);
        }
    qInfo() << "1 000 bogies, 100 s:" << h.memoryBytes() / (1 << 20) << "MiB," << h.times(0).size()
            << "points per source";
    QVERIFY(h.memoryBytes() <= TelemetryHistory::kDefaultMaxBytes);
    QVERIFY(h.memoryBytes() > TelemetryHistory::kDefaultMaxBytes * 70 / 100); // 3 606 of 4 793 points
    for (int b : {0, 517, 999}) {
        const auto& t = h.times(b);
        QVERIFY(t.front() < 0.1);                               // the whole run in view
        QCOMPARE(t.back(), 100.0);                              // up to the last sample
        QVERIFY(t.size() <= std::size_t(40.0 * 60) + 2395 + 2); // bounded
        QCOMPARE(h.values(b, Channel::F1).back(), float(b));    // its own samples
    }
}

void TstTelemetryHistory::samplesFindTheirSource() {
    std::vector<HistorySource> sources;
    for (int t = 2; t >= 0; --t) // trains backwards, cars and bogies interleaved with vehicles
        for (int c = 0; c < 4; ++c)
            for (int b = 1; b >= 0; --b) {
                sources.push_back({"", -1, t, c, b, 4 * t + c});
                if (b == 1 && c == 2) sources.push_back({"", t, -1, -1, -1}); // vehicle t
            }
    TelemetryHistory h;
    h.reset(sources);
    tl::TelemetrySample s;
    for (int i = 0; i < int(sources.size()); ++i) {
        const HistorySource& src = sources[std::size_t(i)];
        s.vehicle = src.train < 0 ? src.vehicle : 0;
        s.train = src.train, s.car = src.car, s.bogie = src.bogie, s.origin = src.origin;
        QCOMPARE(h.sourceOf(s), i);
    }
    s.vehicle = 0, s.train = 3, s.car = 0, s.bogie = 0, s.origin = 12; // no such car
    QCOMPARE(h.sourceOf(s), -1);
    s.train = -1, s.vehicle = 7; // no such vehicle
    QCOMPARE(h.sourceOf(s), -1);
}

QTEST_GUILESS_MAIN(TstTelemetryHistory)
#include "tst_telemetry_history.moc"
