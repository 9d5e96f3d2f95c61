// The uncertain inputs of a risk map and their draws (Uncertainty.h).
#include "physics/run/Uncertainty.h"

#include "core/io/JsonReader.h"
#include "core/layout/LayoutError.h"

#include <cmath>
#include <numbers>

namespace tl {

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

double unitUniform(std::uint64_t bits) {
    return (double(bits >> 12) + 0.5) * (1.0 / 4503599627370496.0); // 2^-53 ... 1 - 2^-53: never 0 nor 1
}

double Distribution::draw(std::uint64_t seed, int run, int input, int attempt) const {
    // one stream per (seed, run, input, attempt): the key mixed in stages, two numbers from it
    std::uint64_t k = splitmix64(seed);
    k = splitmix64(k ^ std::uint64_t(std::uint32_t(run)));
    k = splitmix64(k ^ (std::uint64_t(std::uint32_t(input)) << 32 | std::uint32_t(attempt)));
    const double u1 = unitUniform(k), u2 = unitUniform(splitmix64(k));
    switch (kind) {
    case Kind::Fixed:
        return a;
    case Kind::Uniform:
        return a + (b - a) * u1;
    case Kind::Normal:
        return a + b * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
    }
    return a;
}

const char* Uncertainty::name(int input) {
    static const char* names[] = {"speed", "friction", "payload", "cgHeight", "couplerSlack", "position"};
    return input >= 0 && input < InputCount ? names[input] : "";
}

namespace {
double number(const nlohmann::json& j, const char* key, const std::string& file, const std::string& path) {
    const JsonReader r(file);
    return r.number(r.require(j, path, key), jsonPath(path, key));
}
} // namespace

Uncertainty parseUncertainty(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) throw LayoutError(file, "", "expected an object of inputs, e.g. {\"speed\": {...}}");
    Uncertainty u;
    for (const auto& [key, value] : j.items()) {
        int input = -1;
        for (int i = 0; i < Uncertainty::InputCount; ++i)
            if (key == Uncertainty::name(i)) input = i;
        const std::string path = jsonPath("", key);
        if (input < 0)
            throw LayoutError(file, path,
                              "unknown input (known: speed, friction, payload, cgHeight, couplerSlack, "
                              "position)");
        if (!value.is_object() || !value.contains("dist") || !value["dist"].is_string())
            throw LayoutError(file, path, "expected {\"dist\": \"normal\"|\"uniform\"|\"fixed\", ...}");
        const std::string dist = value["dist"].get<std::string>();
        Distribution d;
        auto only = [&](std::initializer_list<const char*> keys) {
            for (const auto& [k, v] : value.items()) {
                bool known = k == "dist";
                for (const char* allowed : keys)
                    known = known || k == allowed;
                if (!known)
                    throw LayoutError(file, jsonPath(path, k), "unknown key for dist \"" + dist + "\"");
            }
        };
        if (dist == "normal") {
            only({"mean", "sd"});
            d = {Distribution::Kind::Normal, number(value, "mean", file, path),
                 number(value, "sd", file, path)};
            if (d.b < 0) throw LayoutError(file, jsonPath(path, "sd"), "must be >= 0");
        } else if (dist == "uniform") {
            only({"min", "max"});
            d = {Distribution::Kind::Uniform, number(value, "min", file, path),
                 number(value, "max", file, path)};
            if (d.a > d.b) throw LayoutError(file, jsonPath(path, "min"), "must not exceed \"max\"");
        } else if (dist == "fixed") {
            only({"value"});
            d = {Distribution::Kind::Fixed, number(value, "value", file, path), 0.0};
        } else {
            throw LayoutError(file, jsonPath(path, "dist"),
                              "unknown distribution \"" + dist + "\" (normal, uniform or fixed)");
        }
        u.inputs[input] = d;
    }
    return u;
}

} // namespace tl
