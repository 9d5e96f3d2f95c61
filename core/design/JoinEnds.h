#pragma once
// The join tool: a connector track between two free ends matching position, direction and curvature at
// both (G2). The connector is a quintic Hermite curve (core/curves/Quintic.h) placed "after" the first end
// and connected to both. Of a small family of end weights the fair candidate with the largest smallest
// radius is kept; a candidate is fair when its curvature never exceeds 1 / minRadius, its speed never
// nearly vanishes and it turns no more than needed plus half a turn. Both ends must lie in one plane with
// their directions (the first end's level plane: equal heights on a level layout); otherwise, or when no
// candidate is fair, DesignError says why.
#include "core/design/DesignEdit.h"
#include "core/layout/Layout.h"

namespace tl::design {

struct JoinOptions {
    double minRadius = 25.0; // smallest radius a fair connector may have [m]
    std::string id;          // id of the connector; empty: a fresh "T<k>"
};

struct JoinResult {
    DesignEdit edit;
    double length = 0.0;         // connector length [m]
    double smallestRadius = 0.0; // its smallest radius [m] (inf: straight)
};

JoinResult joinEnds(const Layout& layout, const EndRef& a, const EndRef& b, const JoinOptions& options = {});

} // namespace tl::design
