#pragma once
// A view of one object section of an input file ("bodies"[k], "vehicles"[k], "drives"[k], rolling stock)
// at its JSON path: values are read by key with core/io/JsonReader.h, so a bad one throws LayoutError
// naming the file, the JSON path of the key and the problem in the wording of every input file.
#include "core/geometry/Frame.h"
#include "core/io/JsonReader.h"
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
    const nlohmann::json& require(const char* key) const; // at(key); "missing required key" if absent
    std::string keyPath(const char* key) const { return jsonPath(path_, key); }
    [[noreturn]] void fail(const char* key, const std::string& problem) const;

    std::string string(const char* key) const;                         // required, non-empty
    std::string string(const char* key, const std::string& def) const; // optional, non-empty
    double number(const char* key) const;                              // required, finite
    double number(const char* key, double def) const;                  // optional, finite
    // optional, finite and > 0; an absent key gives `def` (the caller's default, not checked)
    double positive(const char* key, double def) const;
    bool boolean(const char* key, bool def) const;
    Vec3 vec3(const char* key, const Vec3& def) const; // [x, y, z], finite
    Pose pose(const char* key) const; // {"position": [x,y,z], "rotation": [w,x,y,z]}; identity if absent

    const std::string& file() const { return reader_.file(); }
    const std::string& path() const { return path_; }
    const JsonReader& reader() const { return reader_; }

private:
    const nlohmann::json& obj_;
    JsonReader reader_;
    std::string path_;
};

} // namespace tl
