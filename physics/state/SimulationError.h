#pragma once
// A simulation that cannot go on: a non-finite state after a step, a body or track that cannot be built, a
// snapshot that does not belong to the simulation. Thrown by the engine (physics/sim/Simulation.h and the
// stages it calls) with a message saying what and where.
#include <stdexcept>

namespace tl {

class SimulationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace tl
