#include "ui/sim/RunEvents.h"

#include "core/layout/Alignment.h"

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
    case RunEvent::Kind::Spad:
        return QObject::tr("SPAD");
    case RunEvent::Kind::Protection:
        return QObject::tr("protection braking");
    case RunEvent::Kind::AspectChange:
        return QObject::tr("aspect change");
    }
    return {};
}

RunEvent::Kind signalEventKind(const SignalEvent& e) {
    if (e.kind == "spad") return RunEvent::Kind::Spad;
    if (e.kind == "protection") return RunEvent::Kind::Protection;
    return RunEvent::Kind::AspectChange;
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
    case RunEvent::Kind::Spad:
    case RunEvent::Kind::Protection:
    case RunEvent::Kind::AspectChange:
        return v.signalEvents().at(i);
    case RunEvent::Kind::WheelEpisode:
        break;
    }
    return v.wheelEvents().at(i);
}

std::string eventStation(const Simulation& sim, const RunEvent& e) {
    const EventPlace& p = eventPlace(sim.view(), e);
    if (p.track < 0 || std::size_t(p.track) >= sim.layout().trackCount()) return {};
    return stationLabel(sim.layout(), p.track, p.s);
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
    case RunEvent::Kind::Spad:
    case RunEvent::Kind::Protection:
    case RunEvent::Kind::AspectChange:
        return v.signalEvents().at(i).message;
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
    // the signal kinds share one list: a pass over it when any is shown
    if (shown[int(RunEvent::Kind::Spad)] || shown[int(RunEvent::Kind::Protection)] ||
        shown[int(RunEvent::Kind::AspectChange)]) {
        const std::vector<SignalEvent>& signalEvents = v.signalEvents();
        for (std::size_t i = 0; i < signalEvents.size(); ++i)
            if (const RunEvent::Kind k = signalEventKind(signalEvents[i]); shown[int(k)])
                out.push_back({k, int(i)});
    }
    std::stable_sort(out.begin(), out.end(), [&](const RunEvent& a, const RunEvent& b) {
        return std::tie(eventPlace(v, a).t, a.kind, a.index) < std::tie(eventPlace(v, b).t, b.kind, b.index);
    });
    return out;
}

std::array<std::size_t, RunEvent::kKinds> eventCounts(const SimulationView& v) {
    std::array<std::size_t, RunEvent::kKinds> n{};
    n[int(RunEvent::Kind::Derailment)] = v.derailments().size();
    n[int(RunEvent::Kind::Collision)] = v.collisions().size();
    n[int(RunEvent::Kind::CouplerOverload)] = v.couplerEvents().size();
    n[int(RunEvent::Kind::WheelEpisode)] = v.wheelEvents().size();
    for (const SignalEvent& e : v.signalEvents())
        ++n[int(signalEventKind(e))];
    return n;
}

std::size_t stoppingEvents(const SimulationView& v) {
    const std::vector<SignalEvent>& g = v.signalEvents();
    return v.derailments().size() + v.collisions().size() +
           std::size_t(std::count_if(g.begin(), g.end(), [](const SignalEvent& e) {
               return signalEventKind(e) == RunEvent::Kind::Spad;
           }));
}

bool hasStoppingEvent(const SimulationView& v, std::size_t& seen) {
    if (!v.derailments().empty() || !v.collisions().empty()) return true;
    const std::vector<SignalEvent>& g = v.signalEvents();
    for (seen = std::min(seen, g.size()); seen < g.size(); ++seen)
        if (signalEventKind(g[seen]) == RunEvent::Kind::Spad) return true;
    return false;
}

RunEvent firstStoppingEvent(const SimulationView& v) {
    const bool shown[RunEvent::kKinds] = {true, true, false, false, true, false, false};
    const std::vector<RunEvent> all = runEvents(v, shown);
    return all.empty() ? RunEvent{} : all.front();
}

} // namespace tl::ui
