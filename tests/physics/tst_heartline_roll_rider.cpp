// A 360 degree heartline roll ridden by one coaster car (docs/layout-format.md, "Force sections" and
// "Heartline"; physics/monitor/RiderChannels.h): a level straight run-in, a geometric section of 60 m that
// rolls about a straight, level heartline h = 1.1 m above the rails, and a level run-out, all with the
// heartline at 1.1 m. The roll rate [rad per metre of heartline] is given by keys [[0, 0], [10, r], [50, r],
// [60, 0]]: the keys' monotone C1 interpolation (core/twists/KeysTwist.h) makes each 10 m ramp a smoothstep
// r (3 t^2 - 2 t^3) (slope 0 at every key here), so the roll angle is
//     phi(x) = r L1 (t^3 - t^4 / 2), t = x / L1                       on the first ramp (L1 = 10 m),
//     phi(x) = r L1 / 2 + r (x - L1)                                  in the middle,
// and symmetric on the last ramp; 360 degrees in all for r = 2 pi / (60 - L1). (A roll rate that jumps from
// 0 to r puts a kink in the rails -- their tangent tilts by atan(h r) = 0.14 rad at once -- and the car's
// riders read a transient of up to 0.08 g there: the ramps are how such rolls are built.) The car
// (coaster-car, its riderHeight h, its mass at the heartline, no rolling resistance, no drive) coasts
// through at v = 10 m/s.
//
// The riders at the heartline move in a straight line at constant speed, so the specific force they feel
// is g up in the world; in the car's axes rolled by phi (right-handed about the direction of travel) it reads
//     vertical = cos(phi),   lateral = sin(phi)   [g]
// (lateral > 0: the seat pushes the riders left, RiderChannels.h). The rider filter is a moving average of
// the acceleration over T = kRiderWindowTime = 0.05 s (RiderChannels.h: N = round(T / dt) steps, 12 at the
// default 240 Hz), which reads a turning direction up to omega T / 2 late, omega = r v = 1.257 rad/s at
// most: the test allows 0.01 g + sin(omega T / 2) = 0.0414 g, sampled every 0.25 s through the roll. (The
// one bogie's frame follows the rails, which wind round the heartline with the tangent tilted by up to
// atan(h r) toward the riders' left: lateral = sin(phi) / sqrt(1 + (h r)^2), at most 0.009 g under
// sin(phi), within the 0.01 g.)
//
// The built geometry: the heartline points (frame output: P + h wB, as `tracklab-cli frame` prints them)
// stay on the straight line of the roll's start within 1 mm, while the rails' up wB turns once round them.
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/joint/BulletEigen.h"
#include "physics/monitor/RiderChannels.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationEngine.h"

#include <QtTest>
#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <numbers>

using namespace tl;

namespace {

constexpr double kH = 1.1;                                         // heartline above the rails [m]
constexpr double kRollLength = 60;                                 // heartline length of the roll [m]
constexpr double kSpeed = 10;                                      // [m/s]
constexpr double kRunIn = 20;                                      // [m]
constexpr double kRamp = 10;                                       // L1: each ramp of the roll rate [m]
const double kRate = 2 * std::numbers::pi / (kRollLength - kRamp); // r [rad/m]

// the roll angle x metres of heartline into the roll (the keys' smoothstep ramps, see above)
double rollAngle(double x) {
    const auto ramp = [](double t) { return kRate * kRamp * (t * t * t - t * t * t * t / 2); };
    if (x <= 0) return 0;
    if (x >= kRollLength) return 2 * std::numbers::pi;
    if (x < kRamp) return ramp(x / kRamp);
    if (x <= kRollLength - kRamp) return kRate * kRamp / 2 + kRate * (x - kRamp);
    return 2 * std::numbers::pi - ramp((kRollLength - x) / kRamp);
}

Layout rollLayout() {
    const std::string h = std::to_string(kH);
    const std::string r = QString::number(kRate, 'g', 17).toStdString();
    const std::string text = R"({"format": "tracklab-layout", "version": 2, "look": "coaster",
        "tracks": [
          {"id": "runin", "curve": {"type": "line", "length": )" +
                             std::to_string(kRunIn) + R"(}, "heartline": )" + h + R"(},
          {"id": "roll", "curve": {"type": "geometric", "length": )" +
                             std::to_string(kRollLength) + R"(, "rollRate": [[0, 0], [)" +
                             std::to_string(kRamp) + ", " + r + "], [" + std::to_string(kRollLength - kRamp) +
                             ", " + r + "], [" + std::to_string(kRollLength) + R"(, 0]]}, "heartline": )" +
                             h +
                             R"(, "placement": {"after": ["runin", "end"]}},
          {"id": "runout", "curve": {"type": "line", "length": 30}, "heartline": )" +
                             h + R"(, "placement": {"after": ["roll", "end"]}}],
        "connections": [{"a": ["runin", "end"], "b": ["roll", "start"]},
                        {"a": ["roll", "end"], "b": ["runout", "start"]}],
        "trains": [{"id": "T", "cars": [{"base": "coaster-car", "resistance": {"a": 0, "b": 0, "c": 0},
                                         "body": {"cgHeight": )" +
                             h + R"(, "riderHeight": )" + h + R"(}, "bogies": {"mass": 30}}],
                    "start": {"track": "runin", "s": 4, "direction": 1}, "speed": )" +
                             std::to_string(kSpeed) + R"(, "protection": false}]})";
    return Layout::compile(parseLayoutSpec(text, "roll.json"), "roll.json");
}

} // namespace

class TstHeartlineRollRider : public QObject {
    Q_OBJECT
private slots:
    void heartlineStaysStraightWhileTheRailsTurn();
    void ridersFeelTheRoll();
};

void TstHeartlineRollRider::heartlineStaysStraightWhileTheRailsTurn() {
    const Layout L = rollLayout();
    const std::size_t roll = std::size_t(L.trackIndex("roll"));
    const Track& t = L.track(roll);
    QCOMPARE(t.heartline(), kH);
    const TwistedFrame f0 = L.frameInWorld(roll, 0.0);
    const Vec3 H0 = f0.F.P + kH * f0.wB;
    QVERIFY((H0 - Vec3(kRunIn, 0, kH)).norm() < 1e-6); // the run-in's heartline, continued
    double worst = 0, turned = 0;
    Vec3 last = f0.wB;
    const int steps = int(std::ceil(t.length() / 0.25)); // every 0.25 m or less, the last one at the end
    for (int k = 1; k <= steps; ++k) {
        const TwistedFrame f = L.frameInWorld(roll, t.length() * k / steps);
        const Vec3 H = f.F.P + kH * f.wB;
        worst = std::max(worst, std::hypot(H.y() - H0.y(), H.z() - H0.z())); // off the line along +x
        // the rails' up turns about +x (right-handed: from z toward -y first)
        turned += std::atan2(last.cross(f.wB).x(), last.dot(f.wB));
        last = f.wB;
    }
    qInfo("heartline off its line by at most %.3g mm; the rails turned %.4f rad", 1e3 * worst, turned);
    QVERIFY2(worst < 1e-3, qPrintable(QString("%1 m").arg(worst)));
    QVERIFY(std::abs(turned - 2 * std::numbers::pi) < 1e-3);
    const TwistedFrame fe = L.frameInWorld(roll, t.length());
    QVERIFY(std::abs(fe.F.P.x() + kH * fe.wB.x() - (kRunIn + kRollLength)) < 1e-3); // 60 m of heartline
}

void TstHeartlineRollRider::ridersFeelTheRoll() {
    const Layout L = rollLayout();
    const int roll = L.trackIndex("roll");
    Simulation sim(L, SimulationOptions{});
    const double T = kRiderWindowTime;   // the rider filter's window [s]
    const double omega = kRate * kSpeed; // the fastest roll [rad/s]
    const double tolerance = 0.01 + std::sin(omega * T / 2);
    int samples = 0;
    double worst = 0, nextSample = -1;
    // s is the heartline's arc length (core/layout/HeartlineRails.h): the bogie's s advances at the riders'
    // speed (the car's centre of mass, at the heartline), not at the rails' (up to sqrt(1 + (h r)^2) =
    // 1.0095 times faster mid-roll)
    double lastS = NAN, lastT = NAN, lastV = NAN, worstRate = 0;
    while (sim.time() < 12.0) {
        sim.step();
        const Car& car = sim.engine().train(0).cars[0];
        if (car.bogies[0].position.track != roll) {
            if (samples > 0) break; // through the roll
            continue;
        }
        if (nextSample < 0) nextSample = sim.time() + 0.25; // the first sample a quarter second in
        if (sim.time() + 1e-9 < nextSample) continue;
        nextSample += 0.25;
        // phi where the car's riders are: their point (the body's centre of mass, at the heartline)
        const Vec3 x = toEigen(car.body->getCenterOfMassPosition());
        const double phi = rollAngle(x.x() - kRunIn);
        const double s = car.bogies[0].position.s, v = toEigen(car.body->getLinearVelocity()).norm();
        if (std::isfinite(lastS)) {
            const double rate = (s - lastS) / (sim.time() - lastT), want = 0.5 * (v + lastV);
            worstRate = std::max(worstRate, std::abs(rate / want - 1));
        }
        lastS = s, lastT = sim.time(), lastV = v;
        const RiderChannels& r = sim.view().carRider(0, 0);
        const double eLat = std::abs(r.lateral - std::sin(phi)), eVert = std::abs(r.vertical - std::cos(phi));
        qInfo("t %.2f s  phi %6.1f deg  lateral %+.4f g (sin %+.4f)  vertical %+.4f g (cos %+.4f)",
              sim.time(), phi * 180 / std::numbers::pi, r.lateral, std::sin(phi), r.vertical, std::cos(phi));
        QVERIFY2(std::hypot(x.y(), x.z() - kH) < 0.05, "the riders left the heartline");
        QVERIFY2(eLat < tolerance && eVert < tolerance,
                 qPrintable(QString("at phi %1 deg: lateral %2, vertical %3 g")
                                .arg(phi * 180 / std::numbers::pi)
                                .arg(r.lateral)
                                .arg(r.vertical)));
        worst = std::max({worst, eLat, eVert});
        ++samples;
    }
    qInfo("%d samples, worst %.4f g of %.4f g; ds/dt off the riders' speed by at most %.2e (relative)",
          samples, worst, tolerance, worstRate);
    QVERIFY2(worstRate < 1e-3, qPrintable(QString("ds/dt off the riders' speed by %1").arg(worstRate)));
    // 60 m at 10 m/s: 6 s in the roll, 23 or 24 samples a quarter second apart
    QVERIFY(samples >= 22);
    QVERIFY(sim.view().derailments().empty());
}

QTEST_APPLESS_MAIN(TstHeartlineRollRider)
#include "tst_heartline_roll_rider.moc"
