#pragma once
// One run of the simulation the user can come back to: a fork starts a new run from a replayed moment and
// keeps the run it leaves (its live simulation, recording, plot history and events), so nothing recorded is
// dropped. SimulationController holds the shown run's parts itself and parks the others here.
#include "physics/run/Recording.h"
#include "physics/sim/Simulation.h"
#include "physics/spec/Scenario.h"
#include "ui/sim/TelemetryHistory.h"

#include <QString>

#include <cstddef>
#include <memory>

namespace tl::ui {

struct RunBranch {
    std::unique_ptr<Simulation> sim; // the run's live state (empty while this run is the shown one)
    Recording recording;             // its driver inputs and keyframes
    TelemetryHistory history;        // what its plots show
    std::size_t consumed = 0;        // telemetry samples already taken into the history
    std::size_t derailments = 0;     // derailment events already announced
    std::size_t collisions = 0;      // collision events already announced
    QString name;                    // "Run 2"
    int serial = 1;                  // 1, 2, ... in the order the runs were made
    int parent = -1;                 // serial of the run it was forked from (-1: the first run)
    double forkTime = 0.0;           // where it left its parent [s]
    // What the run was built from: the document's layout and scenario then. An edit keeps the runs made
    // before it (SimulationController), so replaying or forking one builds from these, not the document.
    std::shared_ptr<const Layout> layout;
    std::shared_ptr<const Scenario> scenario;
    int beforeEdit = 0; // 0: made from the document's layout as it is; N: kept across the N-th edit
};

} // namespace tl::ui
