#pragma once
// Small readers for the object sections of input files ("bodies", "vehicles", "drives", rolling stock):
// each value is checked and a bad one throws LayoutError naming the file, the JSON path and the problem.
#include "core/geometry/Frame.h"
#include "core/layout/LayoutError.h"

#include <nlohmann/json.hpp>

#include <string>

namespace tl {

class SpecReader {
public:
    // obj: the JSON object at `path` ("/vehicles/0") of `file`.
    SpecReader(const nlohmann::json& obj, std::string file, std::string path);

    bool has(const char* key) const { return obj_.contains(key); }
    const nlohmann::json& at(const char* key) const { return obj_.at(key); }
    std::string keyPath(const char* key) const { return jsonPath(path_, key); }
    [[noreturn]] void fail(const char* key, const std::string& problem) const;

    std::string string(const char* key) const;                         // required, non-empty
    std::string string(const char* key, const std::string& def) const; // optional
    double number(const char* key) const;                              // required, finite
    double number(const char* key, double def) const;                  // optional, finite
    double positive(const char* key, double def) const;                // optional, finite and > 0
    bool boolean(const char* key, bool def) const;
    Vec3 vec3(const char* key, const Vec3& def) const; // [x, y, z], finite
    Pose pose(const char* key) const; // {"position": [x,y,z], "rotation": [w,x,y,z]}; identity if absent

    const std::string& file() const { return file_; }
    const std::string& path() const { return path_; }

private:
    const nlohmann::json& obj_;
    std::string file_;
    std::string path_;
};

} // namespace tl
