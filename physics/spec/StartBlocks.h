#pragma once
// Trains and signals where they start (docs/layout-format.md, "Signals"): a train may not start in the block
// another train occupies -- it would have passed that block's signal at stop -- and a circuit of n blocks
// (stop signals whose blocks lead from one to the next and round to the first) holds at most n - 1 trains:
// with n, every train waits for the block ahead and none can move (a deadlock, reported at the start rather
// than found by a run that stands still). The bogies stand where Simulation::addTrain puts them (fitTrain,
// the initial switch states).
#include "core/layout/Layout.h"
#include "physics/spec/TrainSpec.h"
#include <string>
#include <vector>

namespace tl {

struct StartBlocks {
    int train = -1;      // the train at fault (-1: none)
    std::string problem; // "" when the start is fine
};

StartBlocks checkStartBlocks(const std::vector<TrainSpec>& trains, const Layout& layout,
                             const SwitchStates& states);

} // namespace tl
