#include "physics/spec/BodySpec.h"

#include "core/io/JsonReader.h"
#include "core/io/SpecReader.h"

#include <set>

namespace tl {

Pose BodySpec::poseAt(double t) const {
    Pose X = Pose::Identity();
    const Vec3 phi = angularVelocity * t;
    const double th = phi.norm();
    const Eigen::Matrix3d R =
        th > 0 ? Eigen::AngleAxisd(th, phi / th).toRotationMatrix() : Eigen::Matrix3d::Identity();
    X.linear() = R * pose.linear();
    X.translation() = pose.translation() + linearVelocity * t;
    return X;
}

std::vector<BodySpec> parseBodies(const nlohmann::json& bodies, const std::string& file) {
    std::vector<BodySpec> out;
    if (bodies.is_null()) return out;
    if (!bodies.is_array()) JsonReader(file).wrongType(bodies, "/bodies", "an array of bodies");
    std::set<std::string> ids;
    for (std::size_t k = 0; k < bodies.size(); ++k) {
        const SpecReader r(bodies[k], file, jsonPath("/bodies", k));
        BodySpec b;
        b.id = r.has("id") ? r.string("id") : r.string("name");
        if (b.id == "ground") r.fail("id", "\"ground\" is reserved for the world");
        if (!ids.insert(b.id).second) r.fail("id", "duplicate body id \"" + b.id + "\"");
        b.pose = r.pose("pose");
        const std::string motion = r.string("motion", "kinematic");
        if (motion == "kinematic")
            b.motion = BodySpec::Motion::Kinematic;
        else if (motion == "dynamic")
            b.motion = BodySpec::Motion::Dynamic;
        else
            r.fail("motion", "expected \"kinematic\" or \"dynamic\", got \"" + motion + "\"");
        b.linearVelocity = r.vec3("linearVelocity", Vec3::Zero());
        b.angularVelocity = r.vec3("angularVelocity", Vec3::Zero());
        b.mass = r.positive("mass", b.mass);
        b.boxGiven = r.has("box");
        b.box = r.vec3("box", b.box);
        if (!(b.box.minCoeff() > 0)) r.fail("box", "all three dimensions must be > 0");
        b.gravity = r.boolean("gravity", true);
        out.push_back(b);
    }
    return out;
}

} // namespace tl
