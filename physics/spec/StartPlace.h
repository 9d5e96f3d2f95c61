#pragma once
// Where a vehicle or a train starts: a track, an arc length on it and a facing direction, read from an
// object with the keys "track", "s" and "direction" (a vehicle's own keys, a train's "start"; formats:
// docs/vehicles-format.md, docs/trains-format.md). Errors name the file and the key's JSON path.
#include "core/io/SpecReader.h"
#include "core/layout/Layout.h"

#include <string>

namespace tl {

struct StartPlace {
    std::string track;  // track id
    double s = 0.0;     // arc length on it [m], 0 <= s <= its length
    int direction = +1; // +1: faces increasing s, -1: decreasing
};

StartPlace readStartPlace(const SpecReader& r, const Layout& layout);

} // namespace tl
