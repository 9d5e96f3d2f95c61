#pragma once
// A single vehicle: one rigid box railed by one trackjoint (RailedBody.h), described by its VehicleSpec.
#include "physics/rail/RailedBody.h"
#include "physics/spec/VehicleSpec.h"

namespace tl {

struct Vehicle : RailedBody,
                 VehicleRunState { // body, joint, position, railed (false once released at an open end)
    VehicleSpec spec;
};

} // namespace tl
