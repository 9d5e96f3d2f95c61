#include "core/io/JsonReader.h"

#include <cmath>
#include <sstream>

namespace tl {

const char* JsonReader::typeName(const Json& v) {
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "a boolean";
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "an array";
    return "an object";
}

std::string JsonReader::shown(const Json& v) {
    std::string s = v.dump();
    if (s.size() > 60) s = s.substr(0, 57) + "...";
    return s;
}

void JsonReader::fail(const std::string& path, const std::string& problem) const {
    throw LayoutError(file_, path, problem);
}

void JsonReader::wrongType(const Json& v, const std::string& path, std::string_view expected) const {
    // null is its own value: "got null", not "got null null"
    fail(path,
         "expected " + std::string(expected) + ", got " + typeName(v) + (v.is_null() ? "" : " " + shown(v)));
}

void JsonReader::missing(const std::string& objectPath, std::string_view key, std::string_view hint) const {
    std::string problem = "missing required key \"" + std::string(key) + "\"";
    if (!hint.empty()) problem += " " + std::string(hint);
    fail(jsonPath(objectPath, key), problem);
}

const JsonReader::Json& JsonReader::object(const Json& v, const std::string& path) const {
    if (!v.is_object()) wrongType(v, path, "an object");
    return v;
}

const JsonReader::Json& JsonReader::array(const Json& v, const std::string& path) const {
    if (!v.is_array()) wrongType(v, path, "an array");
    return v;
}

const JsonReader::Json* JsonReader::find(const Json& obj, std::string_view key) {
    if (!obj.is_object()) return nullptr;
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}

const JsonReader::Json& JsonReader::require(const Json& obj, const std::string& path,
                                            std::string_view key) const {
    if (const Json* v = find(obj, key)) return *v;
    missing(path, key);
}

double JsonReader::number(const Json& v, const std::string& path) const {
    if (!v.is_number()) wrongType(v, path, "a number");
    const double x = v.get<double>();
    if (!std::isfinite(x)) fail(path, "not a finite number");
    return x;
}

double JsonReader::positive(const Json& v, const std::string& path, std::string_view name) const {
    const double x = number(v, path);
    if (!(x > 0)) fail(path, std::string(name) + " must be > 0, got " + shown(v));
    return x;
}

std::string JsonReader::string(const Json& v, const std::string& path) const {
    if (!v.is_string()) wrongType(v, path, "a string");
    return v.get<std::string>();
}

std::string JsonReader::nonEmptyString(const Json& v, const std::string& path) const {
    if (!v.is_string() || v.get_ref<const std::string&>().empty()) wrongType(v, path, "a non-empty string");
    return v.get<std::string>();
}

bool JsonReader::boolean(const Json& v, const std::string& path) const {
    if (!v.is_boolean()) wrongType(v, path, "true or false");
    return v.get<bool>();
}

int JsonReader::integer(const Json& v, const std::string& path) const {
    if (!v.is_number_integer()) wrongType(v, path, "an integer");
    // an unsigned beyond the signed range (2^64 - 1) must not wrap to a small negative number
    if (v.is_number_unsigned() && v.get<unsigned long long>() > 1000000000ULL)
        fail(path, "integer out of range: " + shown(v));
    const auto x = v.get<long long>();
    if (x < -1000000000LL || x > 1000000000LL) fail(path, "integer out of range: " + shown(v));
    return int(x);
}

Pose JsonReader::pose(const Json& v, const std::string& path) const {
    object(v, path);
    Pose X = Pose::Identity();
    if (const Json* p = find(v, "position")) X.translation() = vec<3>(*p, jsonPath(path, "position"));
    if (const Json* r = find(v, "rotation")) {
        const std::string rp = jsonPath(path, "rotation");
        const Eigen::Vector4d q = vec<4>(*r, rp);
        if (std::abs(q.norm() - 1.0) > kUnitQuaternionTolerance) fail(rp, notUnitQuaternion(q.norm()));
        X.linear() = Quat(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
    }
    return X;
}

std::string JsonReader::notUnitQuaternion(double norm) {
    std::ostringstream o;
    o.precision(10);
    o << norm;
    return "rotation must be a unit quaternion [w, x, y, z], its norm is " + o.str();
}

} // namespace tl
