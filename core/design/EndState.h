#pragma once
// A track end as the next piece sees it: the level frame of the end (Layout.h levelEndFrame) and the
// curvature there split into its horizontal part (signed, positive turning left in the direction of
// travel leaving the end) and its vertical part (positive bending up). Pieces appended there continue it
// with these values; joints are measured with jointMismatch.
#include "core/layout/Layout.h"

namespace tl::design {

struct EndState {
    EndRef end;         // the end
    std::string body;   // the body of its track
    Pose level;         // level frame of the end, in the body: x forward, y left, z up-ish
    Vec3 curvature;     // curvature vector kappa N at the end, in the body [1/m]
    double kh = 0.0;    // horizontal curvature (curvature . level y) [1/m]
    double kv = 0.0;    // vertical curvature (curvature . level z) [1/m]
    double pitch = 0.0; // angle of x above the horizontal [rad] (grade = tan(pitch))
    Vec3 position() const { return level.translation(); }
    Vec3 direction() const { return level.linear().col(0); }
};

// Throws DesignError for an unknown track.
EndState endState(const Layout& layout, const EndRef& end);

// How well the end `from` continues into the end `into` (a track entered through `into`), bodies at
// their initial poses: gap [m], angle between the directions of travel [rad], |curvature vector jump|
// [1/m].
struct JointMismatch {
    double gap = 0.0, angle = 0.0, curvature = 0.0;
};
JointMismatch jointMismatch(const Layout& layout, const EndRef& from, const EndRef& into);

} // namespace tl::design
