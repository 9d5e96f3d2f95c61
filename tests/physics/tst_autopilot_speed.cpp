// The autopilot keeps to the permissible speed in curves (physics/signal/Autopilot.h,
// physics/sim/SimulationPermissible.cpp, core/checks/PermissibleSpeeds.h; docs/trains-format.md, "Signals and
// protection"). A level straight with a 30 m/s line speed sign leads into a curve without a sign of its own:
// a 100 m clothoid, a 400 m arc of radius R = 300 m, a 100 m clothoid out; the cant is the equilibrium bank
// for 15 m/s, phi = atan(v_d^2 / (g R)) = 0.07630 rad, so the cant is E = b sin(phi) = 0.11435 m (b = 1.5 m
// between the rail centres) and the permissible speed for the allowed cant deficiency I = 0.130 m (the
// train's default) is v_p = sqrt(g R tan(asin((E + I) / b))) = 22.043 m/s (79.35 km/h). The train on
// autopilot (a locomotive and three coaches, full braking a_b = 290 kN / 234 t = 1.239 m/s^2), running at the
// line speed, brakes ahead of the curve at its service rate (0.6 a_b: 278 m from 30 m/s down to v_p) and runs
// through the arc (any of its bogies on it) at no more than v_p + 0.5 % = 22.153 m/s, at 97 % of v_p =
// 21.382 m/s or more in the arc's middle (the run's own figures are printed).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/Scenario.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tl;

class TstAutopilotSpeed : public QObject {
    Q_OBJECT
private slots:
    void keepsThePermissibleSpeedInACurve();
};

namespace {

constexpr double kG = 9.81, kR = 300.0, kDesign = 15.0, kB = 1.5, kI = 0.130;

std::string curveLayout() {
    const std::string cant =
        R"("frame": "up", "twist": {"type": "cant", "designSpeed": 15.0, "maxAngle": 0.15})";
    return R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "a", "curve": {"type": "line", "length": 1300}, "frame": "up", "lineSpeed": 30},
        {"id": "in", "curve": {"type": "clothoid", "length": 100, "curvatureStart": 0,
         "curvatureEnd": )" +
           std::to_string(1.0 / kR) + R"(}, )" + cant + R"(, "placement": {"after": ["a", "end"]}},
        {"id": "arc", "curve": {"type": "arc", "radius": 300, "angle": )" +
           std::to_string(400.0 / kR) + R"(}, )" + cant + R"(, "placement": {"after": ["in", "end"]}},
        {"id": "out", "curve": {"type": "clothoid", "length": 100, "curvatureStart": )" +
           std::to_string(1.0 / kR) + R"(, "curvatureEnd": 0}, )" + cant +
           R"(, "placement": {"after": ["arc", "end"]}},
        {"id": "b", "curve": {"type": "line", "length": 1000}, "frame": "up", "placement": {"after": ["out", "end"]}}],
        "connections": [{"a": ["a", "end"], "b": ["in", "start"]}, {"a": ["in", "end"], "b": ["arc", "start"]},
                        {"a": ["arc", "end"], "b": ["out", "start"]}, {"a": ["out", "end"], "b": ["b", "start"]}],
        "trains": [{"id": "T", "cars": ["locomotive", "passenger-car", "passenger-car", "passenger-car"],
                    "start": {"track": "a", "s": 300, "direction": 1}, "speed": 30, "driver": "autopilot"}]})";
}

} // namespace

void TstAutopilotSpeed::keepsThePermissibleSpeedInACurve() {
    const double phi = std::atan(kDesign * kDesign / (kG * kR));
    const double E = kB * std::sin(phi);
    const double vp = std::sqrt(kG * kR * std::tan(std::asin((E + kI) / kB)));
    const Layout layout = Layout::compile(parseLayoutSpec(curveLayout(), "<test>"), "<test>");
    SimulationOptions o;
    o.recordTelemetry = false;
    Simulation sim(layout, parseScenario(layout, "<test>", defaultRollingStockDirs()), o);
    QCOMPARE(sim.view().trainCount(), 1);
    const int arc = layout.trackIndex("arc"), b = layout.trackIndex("b");
    const int cars = int(sim.view().trainInfo(0).cars.size());
    double vMax = 0, vMiddle = -1, vBefore = 0;
    while (sim.time() < 200) {
        sim.step();
        const RailedView head = sim.view().bogieState(0, 0, 0);
        const RailedView tail = sim.view().bogieState(0, cars - 1, 1);
        const double v = sim.view().trainSpeed(0);
        if (head.position.track == arc || tail.position.track == arc) vMax = std::max(vMax, v);
        if (head.position.track == layout.trackIndex("a")) vBefore = std::max(vBefore, v);
        if (vMiddle < 0 && head.position.track == arc && head.position.s >= 200.0) vMiddle = v;
        if (tail.position.track == b) break;
    }
    qInfo("permissible %.4f m/s (%.2f km/h; cant %.4f m): through the arc at most %.4f m/s (%+.3f %%), %.4f "
          "m/s "
          "in its middle (%.2f %%); up to %.3f m/s on the straight before",
          vp, vp * 3.6, E, vMax, 100.0 * (vMax - vp) / vp, vMiddle, 100.0 * vMiddle / vp, vBefore);
    QVERIFY(sim.view().bogieState(0, cars - 1, 1).position.track == b); // it went through
    QVERIFY(vBefore > 29.0);                                            // at the line speed before
    QVERIFY(vMax <= 1.005 * vp);
    QVERIFY(vMiddle >= 0.97 * vp);
    QVERIFY(sim.view().derailments().empty());
}

QTEST_GUILESS_MAIN(TstAutopilotSpeed)
#include "tst_autopilot_speed.moc"
