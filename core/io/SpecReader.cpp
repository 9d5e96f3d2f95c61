#include "core/io/SpecReader.h"

#include <cmath>

namespace tl {

namespace {
std::string shown(const nlohmann::json& v) {
    std::string s = v.dump();
    return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}
} // namespace

SpecReader::SpecReader(const nlohmann::json& obj, std::string file, std::string path)
    : obj_(obj), file_(std::move(file)), path_(std::move(path)) {
    if (!obj_.is_object()) throw LayoutError(file_, path_, "expected an object, got " + shown(obj_));
}

void SpecReader::fail(const char* key, const std::string& problem) const {
    throw LayoutError(file_, keyPath(key), problem);
}

std::string SpecReader::string(const char* key) const {
    if (!has(key)) fail(key, "missing (required)");
    const auto& v = at(key);
    if (!v.is_string() || v.get<std::string>().empty())
        fail(key, "expected a non-empty string, got " + shown(v));
    return v.get<std::string>();
}

std::string SpecReader::string(const char* key, const std::string& def) const {
    return has(key) ? string(key) : def;
}

double SpecReader::number(const char* key) const {
    if (!has(key)) fail(key, "missing (required)");
    const auto& v = at(key);
    if (!v.is_number() || !std::isfinite(v.get<double>()))
        fail(key, "expected a finite number, got " + shown(v));
    return v.get<double>();
}

double SpecReader::number(const char* key, double def) const {
    return has(key) ? number(key) : def;
}

double SpecReader::positive(const char* key, double def) const {
    const double x = number(key, def);
    if (!(x > 0)) fail(key, "must be > 0, got " + shown(at(key)));
    return x;
}

bool SpecReader::boolean(const char* key, bool def) const {
    if (!has(key)) return def;
    if (!at(key).is_boolean()) fail(key, "expected true or false, got " + shown(at(key)));
    return at(key).get<bool>();
}

Vec3 SpecReader::vec3(const char* key, const Vec3& def) const {
    if (!has(key)) return def;
    const auto& v = at(key);
    if (!v.is_array() || v.size() != 3) fail(key, "expected [x, y, z], got " + shown(v));
    Vec3 r;
    for (int i = 0; i < 3; ++i) {
        const auto& x = v[std::size_t(i)];
        if (!x.is_number() || !std::isfinite(x.get<double>()))
            throw LayoutError(file_, jsonPath(keyPath(key), std::size_t(i)),
                              "expected a finite number, got " + shown(x));
        r[i] = x.get<double>();
    }
    return r;
}

Pose SpecReader::pose(const char* key) const {
    Pose X = Pose::Identity();
    if (!has(key)) return X;
    const SpecReader p(at(key), file_, keyPath(key));
    X.translation() = p.vec3("position", Vec3::Zero());
    if (p.has("rotation")) {
        const auto& q = p.at("rotation");
        if (!q.is_array() || q.size() != 4) p.fail("rotation", "expected a unit quaternion [w, x, y, z]");
        Eigen::Vector4d v;
        for (int i = 0; i < 4; ++i) {
            const auto& x = q[std::size_t(i)];
            if (!x.is_number() || !std::isfinite(x.get<double>()))
                p.fail("rotation", "expected 4 finite numbers");
            v[i] = x.get<double>();
        }
        if (std::abs(v.norm() - 1.0) > 1e-3) p.fail("rotation", "must be a unit quaternion [w, x, y, z]");
        X.linear() = Quat(v[0], v[1], v[2], v[3]).normalized().toRotationMatrix();
    }
    return X;
}

} // namespace tl
