#include "core/io/SpecReader.h"

namespace tl {

SpecReader::SpecReader(const nlohmann::json& obj, std::string file, std::string path)
    : obj_(obj), reader_(std::move(file)), path_(std::move(path)) {
    reader_.object(obj_, path_);
}

const nlohmann::json& SpecReader::require(const char* key) const {
    return reader_.require(obj_, path_, key);
}

void SpecReader::fail(const char* key, const std::string& problem) const {
    reader_.fail(keyPath(key), problem);
}

std::string SpecReader::string(const char* key) const {
    return reader_.nonEmptyString(require(key), keyPath(key));
}

std::string SpecReader::string(const char* key, const std::string& def) const {
    return has(key) ? string(key) : def;
}

double SpecReader::number(const char* key) const {
    return reader_.number(require(key), keyPath(key));
}

double SpecReader::number(const char* key, double def) const {
    return has(key) ? number(key) : def;
}

double SpecReader::positive(const char* key, double def) const {
    return has(key) ? reader_.positive(at(key), keyPath(key), key) : def;
}

bool SpecReader::boolean(const char* key, bool def) const {
    return has(key) ? reader_.boolean(at(key), keyPath(key)) : def;
}

Vec3 SpecReader::vec3(const char* key, const Vec3& def) const {
    return has(key) ? reader_.vec3(at(key), keyPath(key)) : def;
}

Pose SpecReader::pose(const char* key) const {
    return has(key) ? reader_.pose(at(key), keyPath(key)) : Pose(Pose::Identity());
}

} // namespace tl
