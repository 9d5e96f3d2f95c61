#pragma once
// A minimal vehicle: one rigid box railed by one trackjoint (trains of cars come later).
#include "core/layout/Layout.h"
#include "physics/RuntimeState.h"
#include "physics/TrackJointConstraint.h"
#include "physics/VehicleSpec.h"

#include <memory>

class btBoxShape;
class btRigidBody;

namespace tl {

struct Vehicle : RailedState { // position, railed (false once released at an open end), FTBefore
    VehicleSpec spec;
    std::unique_ptr<btBoxShape> shape;
    std::unique_ptr<btRigidBody> body;
    std::unique_ptr<TrackJointConstraint> joint;

    // Anchor in the body's COM frame: cgHeight below the COM; turned by pi about z when the vehicle
    // faces decreasing s (so that A.T = wF.T while the body's x axis points where it travels).
    static Pose anchorInBody(double cgHeight, int direction);
};

} // namespace tl
