#pragma once
// A run's events as one list for the event inspector (EventLog.h): derailments, collisions (buffers and
// bodies), coupler overloads, wheel-rail episodes (Y/Q, wheel unloading) and the signal events -- trains
// passing a signal at stop (SPADs), protection braking a train in full, signals' aspect changes -- each a
// reference into its own list of the simulation's view (physics/sim/SimulationView.h; the three signal kinds
// into signalEvents()), ordered by time (then in this kind order, then as recorded). Every event starts with
// its place (physics/telemetry/EventPlace.h).
#include "physics/sim/Simulation.h"

#include <QString>

#include <array>
#include <cstddef>
#include <vector>

namespace tl::ui {

struct RunEvent {
    enum class Kind { Derailment, Collision, CouplerOverload, WheelEpisode, Spad, Protection, AspectChange };
    static constexpr int kKinds = 7;
    Kind kind = Kind::Derailment;
    int index = -1; // into the view's list of that kind (the signal kinds: into signalEvents())
    bool operator==(const RunEvent&) const = default;
};

// "derailment", "collision", "coupler overload", "wheel episode", "SPAD", "protection braking",
// "aspect change"
QString kindName(RunEvent::Kind k);
// The kind of a signal event ("spad", "protection", "aspect": physics/telemetry/Telemetry.h).
RunEvent::Kind signalEventKind(const SignalEvent& e);

// The run's events of the kinds shown (shown[k] for Kind k), by time.
std::vector<RunEvent> runEvents(const SimulationView& v, const bool (&shown)[RunEvent::kKinds]);
// How many events of each kind the run has (by Kind).
std::array<std::size_t, RunEvent::kKinds> eventCounts(const SimulationView& v);
// Its place (time, train, car, bogie, track, s, speed) and its message.
const EventPlace& eventPlace(const SimulationView& v, const RunEvent& e);
std::string eventMessage(const SimulationView& v, const RunEvent& e);
// Its station where its track lies on an alignment, "km 12+345.678" (stationLabel, core/layout/Alignment.h),
// else "".
std::string eventStation(const Simulation& sim, const RunEvent& e);
// The derailments, collisions and SPADs (what "Stop at First Event" stops at; protection braking and aspect
// changes do not stop a run): how many the run has.
std::size_t stoppingEvents(const SimulationView& v);
// Whether the run has one, for a watch asked after every step: `seen` counts the signal events already looked
// at (none a SPAD; 0 the first time) and moves past the ones looked at now, so each is looked at once.
bool hasStoppingEvent(const SimulationView& v, std::size_t& seen);
// The first of them (by time, a derailment first in the same step, a SPAD last); index -1 when there is none.
RunEvent firstStoppingEvent(const SimulationView& v);

} // namespace tl::ui
