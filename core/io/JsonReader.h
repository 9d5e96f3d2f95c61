#pragma once
// The one reader of typed values in the JSON input files (layouts, rolling stock, trains, vehicles,
// bodies, rule profiles): it knows the file name, reads a value at a JSON pointer path and throws
// LayoutError(file, path, problem) (core/layout/LayoutError.h) with one wording for every file:
//   wrong type:    "expected a number, got a string \"x\"" (the value shown cut to 60 characters)
//   missing key:   "missing required key \"k\"" at the path of the key
//   not finite:    "not a finite number"
//   not positive:  "mass must be > 0, got -1"
//   not unit:      "rotation must be a unit quaternion [w, x, y, z], its norm is 1.414213562"
// docs/layout-format.md lists the messages as a user sees them.
#include "core/geometry/Frame.h"
#include "core/layout/LayoutError.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace tl {

class JsonReader {
public:
    using Json = nlohmann::json;

    explicit JsonReader(std::string file) : file_(std::move(file)) {}

    const std::string& file() const { return file_; } // as given ("" is printed as "<memory>")

    static const char* typeName(const Json& v); // "a number", "an object", "null", ...
    static std::string shown(const Json& v);    // the value as JSON text, cut to 60 characters

    [[noreturn]] void fail(const std::string& path, const std::string& problem) const;
    // "expected EXPECTED, got TYPE VALUE" ("got null" for null)
    [[noreturn]] void wrongType(const Json& v, const std::string& path, std::string_view expected) const;
    // "missing required key \"KEY\"" (+ " " + hint) at jsonPath(objectPath, key)
    [[noreturn]] void missing(const std::string& objectPath, std::string_view key,
                              std::string_view hint = {}) const;

    const Json& object(const Json& v, const std::string& path) const;
    const Json& array(const Json& v, const std::string& path) const;
    // The value of `key` in the object `obj`, or nullptr.
    static const Json* find(const Json& obj, std::string_view key);
    // The value of `key` in the object `obj` at `path`; missing() if absent.
    const Json& require(const Json& obj, const std::string& path, std::string_view key) const;

    double number(const Json& v, const std::string& path) const; // finite
    // A finite number > 0; `name` starts the problem ("mass must be > 0, got 0").
    double positive(const Json& v, const std::string& path, std::string_view name) const;
    std::string string(const Json& v, const std::string& path) const;
    std::string nonEmptyString(const Json& v, const std::string& path) const;
    bool boolean(const Json& v, const std::string& path) const;
    int integer(const Json& v, const std::string& path) const; // within +-1e9
    // [x, y, z] (N = 3) or [w, x, y, z] (N = 4) of finite numbers; a bad element is named by its index.
    template <int N> Eigen::Matrix<double, N, 1> vec(const Json& v, const std::string& path) const {
        static_assert(N == 3 || N == 4);
        if (!v.is_array() || v.size() != N)
            wrongType(v, path,
                      N == 3 ? "an array of 3 numbers [x, y, z]" : "an array of 4 numbers [w, x, y, z]");
        Eigen::Matrix<double, N, 1> r;
        for (int i = 0; i < N; ++i)
            r[i] = number(v[std::size_t(i)], jsonPath(path, std::size_t(i)));
        return r;
    }
    Vec3 vec3(const Json& v, const std::string& path) const { return vec<3>(v, path); }
    // {"position": [x, y, z], "rotation": [w, x, y, z]}, both optional (zero, identity); the rotation a
    // unit quaternion (normalized when within kUnitQuaternionTolerance of 1). Other keys are not read.
    Pose pose(const Json& v, const std::string& path) const;

    // A rotation quaternion whose norm is further than this from 1 is an error, not rounding.
    static constexpr double kUnitQuaternionTolerance = 1e-3;
    // The problem of a rotation quaternion of norm `norm` (also said of a pose edited in memory:
    // core/layout/LayoutCheck.cpp).
    static std::string notUnitQuaternion(double norm);

private:
    std::string file_;
};

} // namespace tl
