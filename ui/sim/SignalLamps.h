#pragma once
// What the 3D view's signal lamps show (render::LayoutScene::setSignalAspects): the shown run's aspects
// (SimulationView::signalAspects) in render's numbers (render::SignalLamp: 0 stop, 1 caution, 2 clear), once
// the run has begun and while its signals are the ones drawn -- the same "signals" as the layout the scene
// shows. Otherwise none, and every lamp is unlit: before a run (t = 0), without a simulation, and for a run
// kept from before an edit of the signals (RunBranch.h), whose signals may stand elsewhere.
#include "core/layout/Layout.h"
#include "physics/sim/Simulation.h"

#include <vector>

namespace tl::ui {

// `shown`: the simulation the view shows (SimulationController::shown()), or null; `drawn`: the scene's
// layout.
std::vector<int> signalLamps(const Simulation* shown, const Layout* drawn);

} // namespace tl::ui
