#pragma once
// The "bodies" section of a layout: rigid bodies that carry tracks (docs/vehicles-format.md).
//   {"id": "table", "pose": {"position": [..], "rotation": [w,x,y,z]}, "motion": "kinematic",
//    "linearVelocity": [..], "angularVelocity": [..]}                       prescribed motion
//   {"id": "ferry", "motion": "dynamic", "mass": 20000, "box": [20, 5, 2], "gravity": false, ...}
// The body's origin (the frame its tracks are placed in) is its centre of mass.
#include "core/geometry/Frame.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tl {

struct BodySpec {
    enum class Motion { Kinematic, Dynamic };
    std::string id;                      // name the tracks' "body" refers to
    Pose pose = Pose::Identity();        // initial pose, body -> world
    Motion motion = Motion::Kinematic;   // kinematic: moves as prescribed; dynamic: Bullet integrates it
    Vec3 linearVelocity = Vec3::Zero();  // [m/s, world] (kinematic: constant)
    Vec3 angularVelocity = Vec3::Zero(); // [rad/s, world] about the body origin (kinematic: constant)
    double mass = 10000.0;               // [kg] (dynamic only)
    Vec3 box = Vec3(10.0, 4.0, 1.0);     // full box dimensions [m]: the inertia (dynamic) and what is drawn
    bool boxGiven = false;               // "box" in the file: drawn for kinematic bodies too (a deck)
    bool gravity = true;                 // dynamic only: false = floats (e.g. a ship on water)

    // Pose of a kinematic body at time t: rotation exp(w t) about its origin, origin moving with v.
    Pose poseAt(double t) const;
};

// Parse the raw "bodies" section (null = none). Throws LayoutError (file, /bodies/k/key, problem).
std::vector<BodySpec> parseBodies(const nlohmann::json& bodies, const std::string& file);

} // namespace tl
