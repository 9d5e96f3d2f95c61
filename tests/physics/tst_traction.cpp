// Traction (physics/vehicle/Traction.h): the driver's inputs as the bogie's motor row 6, against the closed
// forms of its rolling-stock model -- tractive effort F(v) = min(Fmax, P/|v|), Davis resistance R(v) = a +
// b|v|
// + c v^2 per car, shared equally by the car's bogies; any brake cuts the traction; with nothing to do the
// row is off (free rolling).
#include "physics/vehicle/Traction.h"

#include <QtTest>

#include <cmath>

using namespace tl;

class TstTraction : public QObject {
    Q_OBJECT
private slots:
    void tractiveEffortAndResistance();
    void throttleDrivesTowardsASpeed();
    void brakeCutsTractionAndHolds();
    void nothingToDoIsFreeRolling();
};

namespace {
// A 300 kN / 5.6 MW locomotive for 44.4 m/s (160 km/h), 60 t of brake force, Davis 2 kN + 30 N s/m + 5 N
// s^2/m^2.
RollingStockSpec locomotive() {
    RollingStockSpec car;
    car.traction = TractionSpec{300e3, 5.6e6, 44.4};
    car.brakeForce = 600e3;
    car.resistance = ResistanceSpec{2000.0, 30.0, 5.0};
    return car;
}
} // namespace

void TstTraction::tractiveEffortAndResistance() {
    const RollingStockSpec car = locomotive();
    // the corner of the tractive-effort curve: P / Fmax = 18.667 m/s
    QCOMPARE(car.traction->force(0.0), 300e3);
    QCOMPARE(car.traction->force(10.0), 300e3);
    QCOMPARE(car.traction->force(5.6e6 / 300e3), 300e3);
    QCOMPARE(car.traction->force(40.0), 140e3);  // 5.6 MW / 40 m/s
    QCOMPARE(car.traction->force(-40.0), 140e3); // by |v|
    // Davis: 2000 + 30 * 20 + 5 * 400 = 4600 N either way
    QCOMPARE(car.resistance.force(20.0), 4600.0);
    QCOMPARE(car.resistance.force(-20.0), 4600.0);
    QCOMPARE(car.resistance.force(0.0), 2000.0);
    const ResistanceSpec negative{-10.0, 0.0, 0.0};
    QCOMPARE(negative.force(1.0), 0.0); // never a push
}

void TstTraction::throttleDrivesTowardsASpeed() {
    const RollingStockSpec car = locomotive();
    // half throttle at 40 m/s on a two-bogie car, driving along +wF.T: towards 22.2 m/s, each bogie pulling
    // at most (140 kN - 10.4 kN) / 2 and held back by at most its share of the resistance
    const double R = 2000 + 30 * 40 + 5 * 1600; // 11 200 N
    MotorCommand m = bogieMotorCommand({0.5, 0.0, +1}, car, 2, +1, 40.0);
    QVERIFY(m.on);
    QCOMPARE(m.vTarget, 0.5 * 44.4);
    QCOMPARE(m.forceMax, (140e3 - R) / 2);
    QCOMPARE(m.forceMin, -R / 2);
    // the bogie facing the other way (sigma = -1): the same, mirrored
    m = bogieMotorCommand({0.5, 0.0, +1}, car, 2, -1, 40.0);
    QCOMPARE(m.vTarget, -0.5 * 44.4);
    QCOMPARE(m.forceMin, -(140e3 - R) / 2);
    QCOMPARE(m.forceMax, R / 2);
    // throttle beyond 1 is 1; resistance above the tractive effort leaves no pull (never a push backwards)
    QCOMPARE(bogieMotorCommand({3.0, 0.0, +1}, car, 2, +1, 10.0).vTarget, 44.4);
    RollingStockSpec weak = locomotive();
    weak.resistance = ResistanceSpec{400e3, 0.0, 0.0};
    QCOMPARE(bogieMotorCommand({1.0, 0.0, +1}, weak, 2, +1, 10.0).forceMax, 0.0);
}

void TstTraction::brakeCutsTractionAndHolds() {
    const RollingStockSpec car = locomotive();
    // full throttle with 40 % brake at 20 m/s: no traction, a retarding force of 0.4 * 600 kN + R toward zero
    // speed, shared by the 2 bogies
    const MotorCommand m = bogieMotorCommand({1.0, 0.4, +1}, car, 2, +1, 20.0);
    QVERIFY(m.on);
    QCOMPARE(m.vTarget, 0.0);
    QCOMPARE(m.forceMax, (0.4 * 600e3 + 4600.0) / 2);
    QCOMPARE(m.forceMin, -m.forceMax);
    // a car without traction brakes the same way
    RollingStockSpec coach = locomotive();
    coach.traction.reset();
    QCOMPARE(bogieMotorCommand({1.0, 0.4, +1}, coach, 2, +1, 20.0).forceMax, m.forceMax);
    // resistance alone (no brake, no throttle) is a drag toward zero speed
    const MotorCommand drag = bogieMotorCommand({0.0, 0.0, +1}, coach, 2, +1, 20.0);
    QVERIFY(drag.on);
    QCOMPARE(drag.forceMax, 2300.0);
}

void TstTraction::nothingToDoIsFreeRolling() {
    RollingStockSpec car = locomotive();
    car.resistance = ResistanceSpec{};
    QVERIFY(!bogieMotorCommand({0.0, 0.0, +1}, car, 2, +1, 20.0).on);
    QVERIFY(bogieMotorCommand({0.0, 0.0, +1}, car, 2, +1, 0.0).on == false);
}

QTEST_MAIN(TstTraction)
#include "tst_traction.moc"
