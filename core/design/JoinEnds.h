#pragma once
// The join tool: a connector between two free ends matching position, direction and curvature at both
// (G2). Where one exists within the minimum radius it is a clothoid, an arc and a clothoid (three tracks,
// like a designer would draw it); otherwise (or on request) it is a quintic Hermite curve
// (core/curves/Quintic.h) placed "after" the first end and connected to both. Of a small family of end
// weights the fair candidate with the largest smallest radius is kept; a candidate is fair when its curvature
// never exceeds 1 / minRadius, its speed never nearly vanishes and it turns no more than needed plus half a
// turn. Both ends must lie in one plane with their directions (the first end's level plane: equal heights on
// a level layout); otherwise, or when no candidate is fair, DesignError says why.
#include "core/design/DesignEdit.h"
#include "core/layout/Layout.h"

namespace tl::design {

// Which connector: Auto tries clothoid-arc-clothoid (core/design/ClothoidArcJoin.h: three tracks, G2 by
// construction) and falls back to the quintic where that does not exist within minRadius.
enum class JoinConnector { Auto, ClothoidArc, Quintic };

struct JoinOptions {
    double minRadius = 25.0; // smallest radius a fair connector may have [m]
    std::string id;          // id of the connector (the arc of a clothoid-arc-clothoid; its clothoids get
                             // "-in" / "-out"); empty: fresh "T<k>"
    JoinConnector connector = JoinConnector::Auto;
};

struct JoinResult {
    DesignEdit edit;
    double length = 0.0;                              // connector length [m]
    double smallestRadius = 0.0;                      // its smallest radius [m] (inf: straight)
    JoinConnector connector = JoinConnector::Quintic; // what was fitted (ClothoidArc or Quintic)
};

JoinResult joinEnds(const Layout& layout, const EndRef& a, const EndRef& b, const JoinOptions& options = {});

} // namespace tl::design
