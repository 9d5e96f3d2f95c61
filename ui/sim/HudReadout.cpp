#include "ui/sim/HudReadout.h"

#include "core/layout/LineSpeed.h"

#include <cmath>

namespace tl::ui {

QString notchText(double throttle, double brake, int notches) {
    auto part = [notches](const char* p, double x) {
        const double k = x * notches;
        if (std::abs(k - std::round(k)) < 1e-6) return QString("%1%2").arg(p).arg(int(std::round(k)));
        return QString("%1 %2 %").arg(p).arg(int(std::lround(100 * x)));
    };
    if (throttle <= 0 && brake <= 0) return "N";
    if (brake <= 0) return part("P", throttle);
    if (throttle <= 0) return part("B", brake);
    return part("P", throttle) + " " + part("B", brake);
}

HudReadout hudReadout(const Simulation* sim, int train, int notches, double requested, double achieved,
                      const std::vector<LineSpeedOf>* speeds) {
    HudReadout r;
    if (!sim || train < 0 || train >= sim->view().trainCount()) return r;
    const SimulationView& view = sim->view();
    const TrainInfo t = view.trainInfo(train);
    if (t.cars.empty() || t.cars.front().bogies == 0) return r;
    const DriveInputs drive = view.trainDrive(train);
    r.valid = true;
    r.train = QString::fromStdString(t.id);
    r.speed = view.trainSpeed(train);
    r.throttle = drive.throttle;
    r.brake = drive.brake;
    r.notch = notchText(r.throttle, r.brake, notches);
    // the leading bogie in the direction of travel, facing that way
    const bool forward = drive.direction >= 0;
    const int car = forward ? 0 : int(t.cars.size()) - 1;
    const RailedView b = view.bogieState(train, car, forward ? 0 : t.cars[std::size_t(car)].bogies - 1);
    r.rider = view.carRider(train, car);
    r.derailed = view.trainDerailed(train);
    if (!r.derailed && b.position.track >= 0) {
        TrackPosition here = b.position;
        here.direction = forward ? b.position.direction : -b.position.direction;
        // (the documented rule, as the Checks dock applies it: core/layout/LineSpeed.h)
        const LineSpeedAhead a = lineSpeedAhead(sim->layout(), speeds ? *speeds : lineSpeeds(sim->layout()),
                                                sim->switchStates(), here);
        r.limit = a.current;
        r.next = a.next;
        r.nextDistance = a.distance;
        if (a.nextTrack >= 0)
            r.nextTrack = QString::fromStdString(sim->layout().track(std::size_t(a.nextTrack)).id());
        r.overLimit = r.limit && std::abs(r.speed) > *r.limit + 1e-9;
    }
    if (requested > 0 && std::isfinite(achieved) && achieved < 0.95 * requested) r.behind = achieved;
    // the signals (a layout without them keeps the HUD as it was)
    const std::vector<Signal>& signalList = sim->layout().signalList();
    if (!signalList.empty()) {
        const TrainSignalView g = view.trainSignal(train);
        HudSignal h;
        if (g.signal >= 0 && g.signal < int(signalList.size())) {
            h.id = QString::fromStdString(signalList[std::size_t(g.signal)].id);
            h.aspect = g.aspect;
            h.distance = g.signalDistance;
        }
        if (g.permitted >= 0) h.permitted = g.permitted;
        h.intervening = g.intervening;
        r.signal = h;
    }
    return r;
}

} // namespace tl::ui
