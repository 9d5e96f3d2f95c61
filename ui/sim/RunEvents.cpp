#include "ui/sim/RunEvents.h"

#include <QObject>

#include <algorithm>
#include <tuple>

namespace tl::ui {

QString kindName(RunEvent::Kind k) {
    switch (k) {
    case RunEvent::Kind::Derailment:
        return QObject::tr("derailment");
    case RunEvent::Kind::Collision:
        return QObject::tr("collision");
    case RunEvent::Kind::CouplerOverload:
        return QObject::tr("coupler overload");
    case RunEvent::Kind::WheelEpisode:
        return QObject::tr("wheel episode");
    }
    return {};
}

const EventPlace& eventPlace(const SimulationView& v, const RunEvent& e) {
    const auto i = std::size_t(e.index);
    switch (e.kind) {
    case RunEvent::Kind::Derailment:
        return v.derailments().at(i);
    case RunEvent::Kind::Collision:
        return v.collisions().at(i);
    case RunEvent::Kind::CouplerOverload:
        return v.couplerEvents().at(i);
    case RunEvent::Kind::WheelEpisode:
        break;
    }
    return v.wheelEvents().at(i);
}

std::string eventMessage(const SimulationView& v, const RunEvent& e) {
    const auto i = std::size_t(e.index);
    switch (e.kind) {
    case RunEvent::Kind::Derailment:
        return v.derailments().at(i).message;
    case RunEvent::Kind::Collision:
        return v.collisions().at(i).message;
    case RunEvent::Kind::CouplerOverload:
        return v.couplerEvents().at(i).message;
    case RunEvent::Kind::WheelEpisode:
        break;
    }
    return v.wheelEvents().at(i).message;
}

std::vector<RunEvent> runEvents(const SimulationView& v, const bool (&shown)[RunEvent::kKinds]) {
    std::vector<RunEvent> out;
    auto add = [&](RunEvent::Kind k, std::size_t n) {
        if (!shown[int(k)]) return;
        for (std::size_t i = 0; i < n; ++i)
            out.push_back({k, int(i)});
    };
    add(RunEvent::Kind::Derailment, v.derailments().size());
    add(RunEvent::Kind::Collision, v.collisions().size());
    add(RunEvent::Kind::CouplerOverload, v.couplerEvents().size());
    add(RunEvent::Kind::WheelEpisode, v.wheelEvents().size());
    std::stable_sort(out.begin(), out.end(), [&](const RunEvent& a, const RunEvent& b) {
        return std::tie(eventPlace(v, a).t, a.kind, a.index) < std::tie(eventPlace(v, b).t, b.kind, b.index);
    });
    return out;
}

std::size_t stoppingEvents(const SimulationView& v) {
    return v.derailments().size() + v.collisions().size();
}

RunEvent firstStoppingEvent(const SimulationView& v) {
    const bool shown[RunEvent::kKinds] = {true, true, false, false};
    const std::vector<RunEvent> all = runEvents(v, shown);
    return all.empty() ? RunEvent{} : all.front();
}

} // namespace tl::ui
