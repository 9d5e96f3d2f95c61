#include "ui/sim/HudReadout.h"

#include "core/layout/LineSpeed.h"
#include "physics/vehicle/Train.h"

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

HudReadout hudReadout(const Simulation* sim, int train, int notches, double requested, double achieved) {
    HudReadout r;
    if (!sim || train < 0 || train >= sim->trainCount()) return r;
    const Train& t = sim->train(train);
    if (t.cars.empty() || t.cars.front().bogies.empty()) return r;
    r.valid = true;
    r.train = QString::fromStdString(t.spec.id);
    r.speed = sim->trainSpeed(train);
    r.throttle = t.drive.throttle;
    r.brake = t.drive.brake;
    r.notch = notchText(r.throttle, r.brake, notches);
    // the leading bogie in the direction of travel, facing that way
    const bool forward = t.drive.direction >= 0;
    const int car = forward ? 0 : int(t.cars.size()) - 1;
    const Car& lead = t.cars[std::size_t(car)];
    const Bogie& b = forward ? lead.bogies.front() : lead.bogies.back();
    r.rider = sim->carRider(train, car);
    for (const Car& c : t.cars)
        r.derailed = r.derailed || c.derailed;
    if (!r.derailed && b.position.track >= 0) {
        TrackPosition here = b.position;
        here.direction = forward ? b.position.direction : -b.position.direction;
        const LineSpeedAhead a = lineSpeedAhead(sim->layout(), sim->switchStates(), here);
        r.limit = a.current;
        r.next = a.next;
        r.nextDistance = a.distance;
        if (a.nextTrack >= 0)
            r.nextTrack = QString::fromStdString(sim->layout().track(std::size_t(a.nextTrack)).id());
        r.overLimit = r.limit && std::abs(r.speed) > *r.limit + 1e-9;
    }
    if (requested > 0 && std::isfinite(achieved) && achieved < 0.95 * requested) r.behind = achieved;
    return r;
}

} // namespace tl::ui
