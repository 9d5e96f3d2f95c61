#pragma once
// A run of bytes a computation will read, named ahead of it (Track::frameMemory): a caller with many bodies
// can load the runs of all of them in one pass or ask for them early (physics/sim/StepSchedule.h does).
#include <cstddef>

namespace tl {

struct MemoryRange {
    const void* p = nullptr; // null: nothing
    std::size_t bytes = 0;
};

} // namespace tl
