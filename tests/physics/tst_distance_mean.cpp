// DistanceMean (UIC 518 style 2 m sliding mean of Y/Q and dQ/Q) against closed forms:
// - a step from 0 to 1: x metres past it the mean over exactly 2.0 m of travel (whole bins) is x/2, and 1
//   from 2 m on, whatever the step length per sample (0.05 m, 0.1 m, 0.3 m: a train at 12, 24 and 72 m/s);
// - a sine of wavelength lambda in s: the mean over [s - 2, s] is
//   lambda / (2 pi 2) (cos(2 pi (s - 2) / lambda) - cos(2 pi s / lambda)), to the sampling's midpoint-rule
//   error (1 mm steps: < 1e-6);
// - standing still adds nothing (the mean keeps the last 2 m), a non-finite value is skipped, a reset
// forgets.
#include "physics/monitor/DistanceMean.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace tl;

class TstDistanceMean : public QObject {
    Q_OBJECT
private slots:
    void stepIsHalfwayAfterOneMetre_data();
    void stepIsHalfwayAfterOneMetre();
    void sineMatchesItsIntegral();
    void standstillAndBadValues();
};

void TstDistanceMean::stepIsHalfwayAfterOneMetre_data() {
    QTest::addColumn<double>("step");
    QTest::newRow("0.05 m") << 0.05;
    QTest::newRow("0.1 m") << 0.1;
    QTest::newRow("0.3 m") << 0.3;
}

void TstDistanceMean::stepIsHalfwayAfterOneMetre() {
    QFETCH(double, step);
    DistanceMean m;
    for (int i = 0; i < int(std::lround(6.0 / step)); ++i) // 6 m at 0
        m.add(0.0, step);
    QCOMPARE(m.mean(-1), 0.0);
    double x = 0;
    for (int i = 0; i < int(std::lround(3.0 / step)); ++i) {
        m.add(1.0, step);
        x += step;
        // whole bins travelled since the step (every 0.3 m with 0.1 m bins): the window is exactly 2.0 m
        const double bins = x / DistanceMean::kBin;
        if (std::abs(bins - std::round(bins)) < 1e-9)
            QVERIFY2(std::abs(m.mean(-1) - std::min(1.0, x / 2)) < 1e-12,
                     qPrintable(QString("x %1: %2").arg(x).arg(m.mean(-1))));
    }
    QVERIFY(std::abs(m.mean(-1) - 1.0) < 1e-12);
}

void TstDistanceMean::sineMatchesItsIntegral() {
    const double lambda = 3.7, ds = 0.001, pi = std::numbers::pi;
    DistanceMean m;
    double worst = 0;
    for (int i = 0; i < 20000; ++i) { // 20 m; each step's value at its midpoint
        const double s0 = i * ds;
        m.add(std::sin(2 * pi * (s0 + 0.5 * ds) / lambda), ds);
        const double s = s0 + ds;
        if (s < 2.5 || i % 100 != 99) continue; // whole bins: the window is [s - 2, s]
        const double exact =
            lambda / (2 * pi * 2) * (std::cos(2 * pi * (s - 2) / lambda) - std::cos(2 * pi * s / lambda));
        worst = std::max(worst, std::abs(m.mean(0) - exact));
    }
    qInfo("sine of wavelength %.1f m: 2 m mean off its integral by at most %.2e", lambda, worst);
    QVERIFY(worst < 1e-6);
}

void TstDistanceMean::standstillAndBadValues() {
    DistanceMean m;
    QCOMPARE(m.mean(0.7), 0.7); // nothing travelled yet: the caller's current value
    for (int i = 0; i < 40; ++i)
        m.add(0.5, 0.1);
    m.add(9.0, 0.0); // standing still: no weight
    m.add(NAN, 0.1);
    m.add(9.0, INFINITY);
    m.add(9.0, -1.0);
    QCOMPARE(m.mean(0), 0.5);
    m.add(2.0, 10.0); // a step longer than the window is the window
    QCOMPARE(m.mean(0), 2.0);
    m.clear();
    QCOMPARE(m.mean(0.1), 0.1);
}

QTEST_APPLESS_MAIN(TstDistanceMean)
#include "tst_distance_mean.moc"
