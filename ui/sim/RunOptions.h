#pragma once
// What the Simulation menu says about runs: "Stop at First Event" (a derailment, a collision or a SPAD -- a
// train passing a signal at stop -- but not protection braking nor an aspect change; checkable, kept in
// QSettings under simulation/stopAtDerailment, its key from when it stopped at derailments only, on by
// default), and the run controller's questions (drop a run to make room for a fork: a message box) and
// notices (the status bar).
class QMainWindow;
class QMenu;

namespace tl::ui {

class SimulationController;

void addRunOptions(QMenu* simulationMenu, SimulationController* sim, QMainWindow* window);

} // namespace tl::ui
