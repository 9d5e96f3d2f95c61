#pragma once
// A run's events as one list for the event inspector (EventLog.h): derailments, collisions (buffers and
// bodies), coupler overloads and wheel-rail episodes (Y/Q, wheel unloading), each a reference into its own
// list of the simulation's view (physics/sim/SimulationView.h), ordered by time (then in this kind order,
// then as recorded). Every event starts with its place (physics/telemetry/EventPlace.h).
#include "physics/sim/Simulation.h"

#include <QString>

#include <vector>

namespace tl::ui {

struct RunEvent {
    enum class Kind { Derailment, Collision, CouplerOverload, WheelEpisode };
    static constexpr int kKinds = 4;
    Kind kind = Kind::Derailment;
    int index = -1; // into the view's list of that kind
    bool operator==(const RunEvent&) const = default;
};

QString kindName(RunEvent::Kind k); // "derailment", "collision", "coupler overload", "wheel episode"

// The run's events of the kinds shown (shown[k] for Kind k), by time.
std::vector<RunEvent> runEvents(const SimulationView& v, const bool (&shown)[RunEvent::kKinds]);
// Its place (time, train, car, bogie, track, s, speed) and its message.
const EventPlace& eventPlace(const SimulationView& v, const RunEvent& e);
std::string eventMessage(const SimulationView& v, const RunEvent& e);
// The derailments and collisions (what "Stop at First Event" stops at): how many the run has.
std::size_t stoppingEvents(const SimulationView& v);
// The first of them (by time, a derailment first in the same step); index -1 when there is none.
RunEvent firstStoppingEvent(const SimulationView& v);

} // namespace tl::ui
