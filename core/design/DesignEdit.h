#pragma once
// What a design operation (append a piece, join two ends, delete/split/rename a track, insert a switch)
// produces: the edited spec and a name for the undo step. Operations never edit in place and throw
// DesignError (a sentence for the user) when they cannot be done.
#include "core/layout/LayoutSpec.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tl::design {

struct DesignError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct DesignEdit {
    LayoutSpec spec;                    // the layout after the operation
    std::string description;            // undo step name, e.g. "Append arc R 300 m to c3"
    std::vector<std::string> newTracks; // ids of the tracks the operation added, in order
    std::optional<EndRef> newFreeEnd;   // where the next piece would go (append/split), if any
};

// Takes the buffer stop off a track end, if it has one (the end is being connected: appending to it or
// joining it).
void dropBufferStop(LayoutSpec& spec, const EndRef& end);

// A number for a description: up to 4 significant digits, no trailing zeros ("300", "12.5", "0.25").
std::string shortNumber(double x);

// "T1", "T2", ... (or prefix + k): the first id not used by a track of `spec` (nor in `taken`).
std::string uniqueTrackId(const LayoutSpec& spec, const std::string& prefix = "T",
                          const std::vector<std::string>& taken = {});
std::string uniqueSwitchId(const LayoutSpec& spec, const std::string& prefix = "S");

// Whether a track end is used by a connection or a switch.
bool endInUse(const LayoutSpec& spec, const EndRef& end);
// Every track end that nothing is attached to, in track order (start before end).
std::vector<EndRef> freeEnds(const LayoutSpec& spec);

} // namespace tl::design
