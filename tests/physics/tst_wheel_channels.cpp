// Honest wheel-rail channels (docs/trains-format.md, "Wheel-rail channels and episodes"): the wheel unloading
// ratio dQ/Q of a car running steadily through a canted curve above its balancing speed, against the
// quasi-static closed form for a rigid car; Y/Q there against a_unc / n. docs/validation.md "Dynamics".
//
// Closed form. A bogie carries M = m_body/2 + m_bogie with its centre of gravity h = (m_body/2 h_body +
// m_bogie h_bogie)/M above the rail plane. In the track plane (bank phi, curve radius R, speed v) the car
// feels the uncompensated lateral acceleration a = (v^2/R) cos(phi) - g sin(phi) and the normal
// n = g cos(phi) + (v^2/R) sin(phi). The rails carry Y = M a and Q = M n, and the roll moment M a h about the
// rail-level axis moves M a h / b from the inner to the outer wheel (b: rail-centre distance). The lighter
// wheel carries Q/2 - M a h/b of its static M g/2:
//     dQ/Q = 1 - n/g + (2h/b)(a/g),
// whose leading term (2h/b)(a/g) is the textbook form; 1 - n/g is the small change of the total load on a
// canted curve (-0.012 here). The UIC 518 2 m means (DistanceMean.h) equal these on the steady arc and lag
// them by the half window on the transition. Tolerance 1 % of dQ/Q: the body leans on its roll spring by
// ~a/(100 g) rad, moving its centre of gravity by ~0.01 % of h; the row forces are exact (RowForceSolver).
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "physics/sim/Simulation.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tl;

namespace {
constexpr double g = 9.81;

// Straight "a", cant transition "in" (clothoid 0 -> 1/R), canted arc "k" (radius R), straight "b" (the run
// stops before it: the arc ends without a transition, a cant step that unloads a wheel fully); every
// track in the up frame, the cant for the design speed vd, up to maxAngle.
Layout cantedCurve(double R, double vd) {
    const std::string cant = R"(, "frame": "up", "twist": {"type": "cant", "designSpeed": )" +
                             std::to_string(vd) + R"(, "maxAngle": 0.15})";
    const std::string json = R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "a", "curve": {"type": "line", "length": 100}, "frame": "up"},
        {"id": "in", "curve": {"type": "clothoid", "length": 120, "curvatureStart": 0, "curvatureEnd": )" +
                             std::to_string(1 / R) + "}" + cant + R"(, "placement": {"after": ["a", "end"]}},
        {"id": "k", "curve": {"type": "arc", "radius": )" +
                             std::to_string(R) + R"(, "angle": 1.2})" + cant +
                             R"(, "placement": {"after": ["in", "end"]}},
        {"id": "b", "curve": {"type": "line", "length": 300}, "frame": "up", "placement": {"after": ["k", "end"]}}],
      "connections": [{"a": ["a", "end"], "b": ["in", "start"]}, {"a": ["in", "end"], "b": ["k", "start"]},
                      {"a": ["k", "end"], "b": ["b", "start"]}]})";
    return Layout::compile(parseLayoutSpec(json, "<test>"), "<test>");
}
} // namespace

class TstWheelChannels : public QObject {
    Q_OBJECT
private slots:
    void unloadingOnSteadyCantedCurve();
};

void TstWheelChannels::unloadingOnSteadyCantedCurve() {
    const double R = 500, vd = 20, v = 30;
    const Layout layout = cantedCurve(R, vd);
    Simulation sim(layout);
    RollingStockSpec stock = loadRollingStock("passenger-car", defaultRollingStockDirs());
    stock.resistance = {};
    TrainSpec t;
    t.id = "T";
    t.cars = {stock};
    t.track = "a";
    t.s = 30;
    t.speed = v;
    sim.addTrain(t);
    const int k = layout.trackIndex("k");
    const double L = layout.track(std::size_t(k)).length();
    sim.runUntil((70 + 120 + L - 60) / v); // stops before the arc's end (no exit transition: a cant step)
    QVERIFY(sim.view().derailments().empty());

    const double M = stock.body.mass / 2 + stock.bogies.mass;
    const double h =
        (stock.body.mass / 2 * stock.body.cgHeight + stock.bogies.mass * stock.bogies.cgHeight) / M;
    const double b = stock.wheelRail.gauge;
    double worst = 0, sumMeasured = 0, sumExact = 0, sumTextbook = 0, yqWorst = 0, phi = 0;
    double worst2m = 0, yqWorst2m = 0, rampWorst = 0, noLagWorst = 0;
    int n = 0, nRamp = 0;
    // the quasi-static closed form at arc length s of track `track`, speed v
    auto closedForm = [&](int track, double s, double speed) {
        const double bank =
            std::acos(std::clamp(layout.frameInWorld(std::size_t(track), s).wB.z(), -1.0, 1.0));
        const double ac = speed * speed * std::abs(layout.frameInWorld(std::size_t(track), s).F.kappa);
        const double a = ac * std::cos(bank) - g * std::sin(bank),
                     nz = g * std::cos(bank) + ac * std::sin(bank);
        return std::pair{1 - nz / g + 2 * h / b * a / g, a / nz};
    };
    const int in = layout.trackIndex("in");
    // the UIC 518 2 m mean on the transition, where dQ/Q changes along s: the bogie's own samples weighted by
    // the distance travelled in each step, over the last 2.0 m of its travel. DistanceMean holds 2.0-2.1 m:
    // the extra (at most) 0.1 m moves the mean by at most 0.1/2.0 of the largest |dQ/Q - mean|
    std::vector<std::pair<double, double>> ramp[2]; // per bogie of the car: (s, dQ/Q) on "in", in order
    for (const TelemetrySample& x : sim.telemetry().samples()) {
        if (x.train < 0 || !x.railed || x.track != in) continue;
        auto& r = ramp[x.bogie];
        r.emplace_back(x.s, x.dqq);
        if (x.s < 10 || x.s > 110) continue;
        double vd = 0, d = 0;
        for (std::size_t i = r.size() - 1; i > 0 && d < 2.0; --i) {
            const double step = std::min(r[i].first - r[i - 1].first, 2.0 - d);
            vd += r[i].second * step, d += step;
        }
        rampWorst = std::max(rampWorst, std::abs(x.dqq2m - vd / d));
        noLagWorst = std::max(noLagWorst, std::abs(x.dqq2m - x.dqq)); // what no mean at all would give
        ++nRamp;
    }
    for (const TelemetrySample& x : sim.telemetry().samples()) {
        // the middle of the arc: 100 m past its start (steady), 100 m before its end
        if (x.train < 0 || !x.railed || x.track != k || x.s < 100 || x.s > L - 100) continue;
        phi = std::acos(std::clamp(layout.frameInWorld(std::size_t(k), x.s).wB.z(), -1.0, 1.0));
        const double ac = x.speed * x.speed / R;
        const double a = ac * std::cos(phi) - g * std::sin(phi), nz = g * std::cos(phi) + ac * std::sin(phi);
        const double exact = 1 - nz / g + 2 * h / b * a / g;
        worst = std::max(worst, std::abs(x.dqq - exact) / exact);
        yqWorst = std::max(yqWorst, std::abs(x.yq - a / nz) / (a / nz));
        QVERIFY(!x.unloaded);
        const auto [exact2m, yq2m] = closedForm(k, x.s, x.speed); // steady: the mean is the value
        worst2m = std::max(worst2m, std::abs(x.dqq2m - exact2m) / exact2m);
        yqWorst2m = std::max(yqWorst2m, std::abs(x.yq2m - yq2m) / yq2m);
        sumMeasured += x.dqq;
        sumExact += exact;
        sumTextbook += 2 * h / b * a / g;
        ++n;
    }
    QVERIFY(n > 1000);
    qInfo("canted curve R %.0f m, bank %.5f rad, %.1f m/s, h %.4f m, b %.2f m: dQ/Q mean %.5f, closed form "
          "%.5f (textbook 2h/b a/g %.5f); worst sample off by %.3f %%; Y/Q off a/n by at most %.3f %%",
          R, phi, v, h, b, sumMeasured / n, sumExact / n, sumTextbook / n, 100 * worst, 100 * yqWorst);
    QVERIFY(std::abs(sumMeasured / sumExact - 1) < 0.01);
    QVERIFY(worst < 0.02);
    QVERIFY(yqWorst < 0.02);
    qInfo("UIC 518 2 m means: steady arc dQ/Q off by at most %.3f %%, Y/Q %.3f %%; on the transition "
          "(%d samples) within %.2e of its samples' mean over 2 m (%.2e of its dQ/Q there and then)",
          100 * worst2m, 100 * yqWorst2m, nRamp, rampWorst, noLagWorst);
    QVERIFY(nRamp > 1000);
    QVERIFY(worst2m < 0.02);
    QVERIFY(yqWorst2m < 0.02);
    QVERIFY(rampWorst <= 0.05 * noLagWorst + 1e-9);
    QVERIFY(noLagWorst > 5 * rampWorst); // the mean is not the value: it lags and smooths
    for (const WheelEvent& e : sim.view().wheelEvents())
        qInfo("%s (peak %.3f, %.3f s)", e.message.c_str(), e.peak, e.duration);
    QVERIFY(sim.view().wheelEvents().empty()); // dQ/Q ~ 0.19 and Y/Q ~ 0.1: under both limits
}

QTEST_APPLESS_MAIN(TstWheelChannels)
#include "tst_wheel_channels.moc"
