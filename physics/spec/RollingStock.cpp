#include "physics/spec/RollingStock.h"

#include "core/io/InputFile.h"
#include "core/io/ResourceDirs.h"
#include "core/io/SpecReader.h"
#include "core/layout/LayoutError.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#ifndef TRACKLAB_ROLLING_STOCK_DIR
#define TRACKLAB_ROLLING_STOCK_DIR ""
#endif

namespace tl {

double WheelRailSpec::nadalLimit() const {
    const double t = std::tan(flangeAngle);
    return (t - friction) / (1.0 + friction * t);
}

double TractionSpec::force(double speed) const {
    const double v = std::abs(speed);
    return v * maxForce <= maxPower ? maxForce : maxPower / v;
}

double ResistanceSpec::force(double speed) const {
    const double v = std::abs(speed);
    return std::max(0.0, a + b * v + c * v * v);
}

double RollingStockSpec::combinedCgHeight() const {
    return (body.mass * body.cgHeight + bogies.count * bogies.mass * bogies.cgHeight) / totalMass();
}

namespace {
double nonNegative(const SpecReader& r, const char* key, double def) {
    const double x = r.number(key, def);
    if (x < 0) r.fail(key, "must be >= 0, got " + std::to_string(x));
    return x;
}
} // namespace

RollingStockSpec parseRollingStock(const nlohmann::json& j, const std::string& file,
                                   const std::string& path) {
    const SpecReader r(j, file, path);
    RollingStockSpec s;
    s.name = r.string("name", "inline");
    {
        const SpecReader b(r.require("body"), file, r.keyPath("body"));
        s.body.length = b.positive("length", s.body.length);
        s.body.width = b.positive("width", s.body.width);
        s.body.height = b.positive("height", s.body.height);
        s.body.mass = b.positive("mass", s.body.mass);
        s.body.cgHeight = b.positive("cgHeight", s.body.cgHeight);
        s.body.riderHeight = b.number("riderHeight", -1.0); // resolved below (the default needs wheelRail)
        if (b.has("riderHeight") && (s.body.riderHeight < 0 || s.body.riderHeight > 20))
            b.fail("riderHeight", "must lie in [0, 20] m, got " + std::to_string(s.body.riderHeight));
        s.body.model = b.string("model", "");
        if (!s.body.model.empty()) {
            // only files beside the definition: no absolute path, no way up
            const std::filesystem::path m(s.body.model);
            if (m.is_absolute() || m.has_root_name() || m.has_root_directory())
                b.fail("model",
                       "must be a path relative to the definition's folder, got \"" + s.body.model + "\"");
            for (const auto& part : m)
                if (part == "..")
                    b.fail("model",
                           "must not leave the definition's folder ('..'), got \"" + s.body.model + "\"");
            if (!file.empty())
                s.body.model = (std::filesystem::path(file).parent_path() / m).lexically_normal().string();
        }
    }
    if (r.has("bogies")) {
        const SpecReader b(r.at("bogies"), file, r.keyPath("bogies"));
        const double n = b.number("count", 2);
        if (n != 1 && n != 2) b.fail("count", "expected 1 or 2");
        s.bogies.count = int(n);
        s.bogies.spacing = b.positive("spacing", s.bogies.spacing);
        if (s.bogies.count == 2 && s.bogies.spacing >= s.body.length)
            b.fail("spacing", "must be shorter than the body length " + std::to_string(s.body.length));
        s.bogies.mass = b.positive("mass", s.bogies.mass);
        s.bogies.box = b.vec3("box", s.bogies.box);
        if (!(s.bogies.box.minCoeff() > 0)) b.fail("box", "all three dimensions must be > 0");
        s.bogies.cgHeight = b.positive("cgHeight", s.bogies.cgHeight);
    }
    if (r.has("wheelRail")) {
        const SpecReader w(r.at("wheelRail"), file, r.keyPath("wheelRail"));
        s.wheelRail.gauge = w.positive("gauge", s.wheelRail.gauge);
        s.wheelRail.flangeAngle = w.positive("flangeAngle", s.wheelRail.flangeAngle);
        if (s.wheelRail.flangeAngle >= 1.5707963267948966)
            w.fail("flangeAngle", "must be below pi/2 rad (it is in radians)");
        s.wheelRail.friction = nonNegative(w, "friction", s.wheelRail.friction);
        s.wheelRail.nadalWindow = nonNegative(w, "nadalWindow", s.wheelRail.nadalWindow);
        s.wheelRail.clamped = w.boolean("clamped", false);
        if (!(s.wheelRail.nadalLimit() > 0))
            w.fail("friction", "Nadal limit (tan delta - mu)/(1 + mu tan delta) must be > 0");
    }
    if (r.has("coupler")) {
        const SpecReader c(r.at("coupler"), file, r.keyPath("coupler"));
        s.coupler.slack = nonNegative(c, "slack", s.coupler.slack);
        s.coupler.stiffness = c.positive("stiffness", s.coupler.stiffness);
        s.coupler.damping = nonNegative(c, "damping", s.coupler.damping);
        s.coupler.limit = c.positive("limit", s.coupler.limit);
        s.coupler.strength = c.positive("strength", 3.0 * s.coupler.limit);
        if (s.coupler.strength < s.coupler.limit)
            c.fail("strength", "must not be below the rating \"limit\"");
        s.coupler.automatic = c.boolean("automatic", s.coupler.automatic);
        s.coupler.couplingSpeed = c.positive("couplingSpeed", s.coupler.couplingSpeed);
    }
    if (r.has("buffers")) {
        const SpecReader b(r.at("buffers"), file, r.keyPath("buffers"));
        s.buffers.stiffness = b.positive("stiffness", s.buffers.stiffness);
        s.buffers.stroke = b.positive("stroke", s.buffers.stroke);
        s.buffers.damping = nonNegative(b, "damping", 0.0);
        s.buffers.absorption = nonNegative(b, "absorption", 0.0);
        if (s.buffers.absorption > 1.0)
            b.fail("absorption", "must lie in [0, 1] (the fraction of the energy not returned), got " +
                                     std::to_string(s.buffers.absorption));
    }
    if (r.has("traction") && !r.at("traction").is_null()) {
        const SpecReader t(r.at("traction"), file, r.keyPath("traction"));
        TractionSpec ts;
        for (const char* k : {"maxForce", "maxPower", "maxSpeed"})
            t.require(k);
        ts.maxForce = t.positive("maxForce", 1);
        ts.maxPower = t.positive("maxPower", 1);
        ts.maxSpeed = t.positive("maxSpeed", 1);
        s.traction = ts;
    }
    if (s.body.riderHeight < 0) s.body.riderHeight = s.wheelRail.clamped ? 1.1 : 1.2; // RiderChannels.h
    s.brakeForce = nonNegative(r, "brakeForce", 0.0);
    if (r.has("resistance")) {
        const SpecReader d(r.at("resistance"), file, r.keyPath("resistance"));
        s.resistance.a = nonNegative(d, "a", 0);
        s.resistance.b = nonNegative(d, "b", 0);
        s.resistance.c = nonNegative(d, "c", 0);
    }
    return s;
}

std::string rollingStockNameProblem(const std::string& name) {
    if (name.empty()) return "a rolling-stock name must not be empty";
    if (name.size() > 128) return "a rolling-stock name must be at most 128 characters";
    if (name.front() == '.') return "a rolling-stock name must not start with '.', got \"" + name + "\"";
    for (const char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            return "a rolling-stock name is a file name from the library (letters, digits, '-', '_', '.'), "
                   "not a path: got \"" +
                   name + "\"";
    return {};
}

nlohmann::json loadRollingStockJson(const std::string& name, const std::vector<std::filesystem::path>& dirs,
                                    std::string& where) {
    if (const std::string problem = rollingStockNameProblem(name); !problem.empty())
        throw LayoutError("rolling stock", "", problem);
    for (const auto& d : dirs) {
        if (d.empty()) continue;
        const std::filesystem::path p = d / (name + ".json");
        std::error_code ec;
        if (!std::filesystem::exists(p, ec)) continue;
        where = p.string();
        return parseJsonText<nlohmann::json>(readInputFile(p), where);
    }
    return nullptr;
}

RollingStockSpec loadRollingStock(const std::string& name, const std::vector<std::filesystem::path>& dirs) {
    std::string where;
    const nlohmann::json j = loadRollingStockJson(name, dirs, where);
    if (j.is_null()) {
        std::string searched;
        for (const auto& d : dirs)
            if (!d.empty()) searched += (searched.empty() ? "" : ", ") + d.string();
        throw LayoutError("rolling stock", "",
                          "no definition \"" + name + ".json\" in " +
                              (searched.empty() ? std::string("(no directories)") : searched));
    }
    RollingStockSpec s = parseRollingStock(j, where, "");
    if (s.name == "inline") s.name = name;
    return s;
}

std::vector<std::filesystem::path> defaultRollingStockDirs() {
    return resourceDirs("TRACKLAB_ROLLING_STOCK", "rolling-stock", TRACKLAB_ROLLING_STOCK_DIR);
}

} // namespace tl
