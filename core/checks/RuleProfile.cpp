#include "core/checks/RuleProfile.h"

#include "core/io/InputFile.h"
#include "core/io/JsonReader.h"
#include "core/io/ResourceDirs.h"
#include "core/layout/LayoutError.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#ifndef TRACKLAB_RULES_DIR
#define TRACKLAB_RULES_DIR "resources/rules"
#endif

namespace tl {

namespace {

using nlohmann::json;

enum class Dim { Length, Speed, Gradient, Rate, Acceleration };

struct UnitInfo {
    Dim dim;
    double scale; // SI per unit
};

const std::map<std::string, UnitInfo>& units() {
    static const std::map<std::string, UnitInfo> u = {
        {"m", {Dim::Length, 1.0}},           {"mm", {Dim::Length, 1e-3}},
        {"in", {Dim::Length, 0.0254}},       {"ft", {Dim::Length, 0.3048}},
        {"m/s", {Dim::Speed, 1.0}},          {"km/h", {Dim::Speed, 1.0 / 3.6}},
        {"mph", {Dim::Speed, 0.44704}},      {"mm/m", {Dim::Gradient, 1e-3}},
        {"ratio", {Dim::Gradient, 0.0}},     {"mm/s", {Dim::Rate, 1e-3}},
        {"in/s", {Dim::Rate, 0.0254}},       {"g", {Dim::Acceleration, 9.81}},
        {"m/s^2", {Dim::Acceleration, 1.0}},
    };
    return u;
}

const char* dimName(Dim d) {
    switch (d) {
    case Dim::Length:
        return "a length (m, mm, in, ft)";
    case Dim::Speed:
        return "a speed (m/s, km/h, mph)";
    case Dim::Gradient:
        return "a gradient (mm/m, or ratio for 1:N)";
    case Dim::Rate:
        return "a rate (mm/s, in/s)";
    case Dim::Acceleration:
        return "an acceleration (g, m/s^2)";
    }
    return "";
}

const std::map<std::string, RuleType>& ruleTypes() {
    static const std::map<std::string, RuleType> t = {
        {"maxCant", RuleType::MaxCant},
        {"cantDeficiency", RuleType::CantDeficiency},
        {"curveSpeed", RuleType::CurveSpeed},
        {"cantGradient", RuleType::CantGradient},
        {"cantRate", RuleType::CantRate},
        {"cantDeficiencyRate", RuleType::CantDeficiencyRate},
        {"minRadius", RuleType::MinRadius},
        {"minRadiusForSpeed", RuleType::MinRadiusForSpeed},
        {"maxSpeed", RuleType::MaxSpeed},
        {"verticalAcceleration", RuleType::VerticalAcceleration},
        {"lateralAcceleration", RuleType::LateralAcceleration},
        {"accelerationEnvelope", RuleType::AccelerationEnvelope},
    };
    return t;
}

// The keys each rule type takes besides type, id, name, reference, notes.
std::set<std::string> ruleKeys(RuleType t) {
    switch (t) {
    case RuleType::CantDeficiency:
        return {"limit", "unit", "method"};
    case RuleType::CurveSpeed:
        return {"cantDeficiency", "unit", "method"};
    case RuleType::MinRadiusForSpeed:
        return {"cant", "cantDeficiency", "unit"};
    case RuleType::VerticalAcceleration:
        return {"min", "max", "unit"};
    case RuleType::AccelerationEnvelope:
        return {"axis", "limits", "unit", "combined", "edition", "restraint"};
    default:
        return {"limit", "unit"};
    }
}

Dim ruleDim(RuleType t) {
    switch (t) {
    case RuleType::MaxCant:
    case RuleType::CantDeficiency:
    case RuleType::CurveSpeed:
    case RuleType::MinRadiusForSpeed:
    case RuleType::MinRadius:
        return Dim::Length;
    case RuleType::CantGradient:
        return Dim::Gradient;
    case RuleType::CantRate:
    case RuleType::CantDeficiencyRate:
        return Dim::Rate;
    case RuleType::MaxSpeed:
        return Dim::Speed;
    case RuleType::VerticalAcceleration:
    case RuleType::LateralAcceleration:
    case RuleType::AccelerationEnvelope:
        return Dim::Acceleration;
    }
    return Dim::Length;
}

// The profile's values: types and missing keys in the wording of every input file (core/io/JsonReader.h),
// plus the rule file's units and ranges.
struct Reader : JsonReader {
    using JsonReader::JsonReader;

    std::string str(const json& o, const std::string& path, const char* key, bool required,
                    const std::string& fallback = {}) const {
        const json* v = find(o, key);
        if (!v) {
            if (required) missing(path, key);
            return fallback;
        }
        return string(*v, jsonPath(path, key));
    }
    double num(const json& o, const std::string& path, const char* key, double lo, double hi,
               const std::string& what) const {
        const json* x = find(o, key);
        if (!x) missing(path, key, "(" + what + ")");
        const double v = number(*x, jsonPath(path, key));
        if (v < lo || v > hi) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "must lie in [%g, %g], got %g", lo, hi, v);
            fail(jsonPath(path, key), buf);
        }
        return v;
    }
    std::string unit(const json& o, const std::string& path, Dim dim) const {
        const std::string u = str(o, path, "unit", true);
        const auto it = units().find(u);
        if (it == units().end() || it->second.dim != dim)
            fail(jsonPath(path, "unit"), "\"" + u + "\" is not " + dimName(dim));
        return u;
    }
    // a value stated in `unit` -> SI
    double valueIn(const json& o, const std::string& path, const char* key, const std::string& u, double lo,
                   double hi) const {
        const double v = num(o, path, key, lo, hi, "in " + u);
        if (u == "ratio") {
            if (v < 1) fail(jsonPath(path, key), "a ratio 1:N needs N >= 1");
            return 1.0 / v;
        }
        return v * units().at(u).scale;
    }
};

// "axis", "limits": [[g, maxSeconds], ...] (AccelerationEnvelope.h), "edition", "restraint".
void readEnvelope(const Reader& r, const json& j, const std::string& path, const std::string& u,
                  RuleSpec& rule) {
    const std::string axis = r.str(j, path, "axis", true);
    if (axis == "vertical")
        rule.axis = EnvelopeAxis::Vertical;
    else if (axis == "lateral")
        rule.axis = EnvelopeAxis::Lateral;
    else if (axis == "longitudinal")
        rule.axis = EnvelopeAxis::Longitudinal;
    else
        r.fail(jsonPath(path, "axis"),
               "must be \"vertical\", \"lateral\" or \"longitudinal\", got \"" + axis + "\"");
    if (j.contains("combined"))
        r.fail(jsonPath(path, "combined"),
               "combined-axis limits are not implemented (docs/rules-format.md): give one envelope per axis");
    const std::string lp = jsonPath(path, "limits");
    const json& limits = r.require(j, path, "limits");
    if (!limits.is_array() || limits.empty())
        r.wrongType(limits, lp, "a non-empty array of [g, maxSeconds] pairs");
    const double scale = units().at(u).scale;
    for (std::size_t k = 0; k < limits.size(); ++k) {
        const json& e = limits[k];
        const std::string kp = jsonPath(lp, k);
        if (!e.is_array() || e.size() != 2) r.wrongType(e, kp, "a pair [g, maxSeconds]");
        const double g = r.number(e[0], jsonPath(kp, std::size_t(0)));
        const double T = r.number(e[1], jsonPath(kp, std::size_t(1)));
        if (std::abs(g) > 100) r.fail(jsonPath(kp, std::size_t(0)), "must lie in [-100, 100] " + u);
        if (T > 1e6) r.fail(jsonPath(kp, std::size_t(1)), "must be at most 1e6 s");
        rule.envelope.push_back({g * scale, T});
    }
    int bad = -1;
    if (const char* why = envelopeProblem(rule.envelope, bad)) r.fail(jsonPath(lp, std::size_t(bad)), why);
    if (rule.axis == EnvelopeAxis::Lateral && rule.envelope[0].g < 0)
        r.fail(jsonPath(lp, std::size_t(0)),
               "lateral limits are sizes (the rule checks |lateral|, either side): give positive g");
    rule.edition = r.str(j, path, "edition", false);
    rule.restraint = r.str(j, path, "restraint", false);
    rule.limit = rule.envelope.front().g; // the peak, never to be passed
}

RuleSpec readRule(const Reader& r, const json& j, const std::string& path, const std::string& speedUnit) {
    if (!j.is_object()) r.wrongType(j, path, "a rule object");
    RuleSpec rule;
    const std::string type = r.str(j, path, "type", true);
    const auto t = ruleTypes().find(type);
    if (t == ruleTypes().end()) {
        std::string known;
        for (const auto& [k, v] : ruleTypes())
            known += (known.empty() ? "" : ", ") + k;
        r.fail(jsonPath(path, "type"), "unknown rule type \"" + type + "\" (known: " + known + ")");
    }
    rule.type = t->second;
    const std::set<std::string> keys = ruleKeys(rule.type);
    for (const auto& [k, v] : j.items())
        if (!keys.count(k) && k != "type" && k != "id" && k != "name" && k != "reference" && k != "notes")
            r.fail(jsonPath(path, k), "unknown key \"" + k + "\" for a " + type + " rule");
    rule.id = r.str(j, path, "id", false, type);
    rule.name = r.str(j, path, "name", false, rule.id);
    rule.reference = r.str(j, path, "reference", false);
    const Dim dim = ruleDim(rule.type);
    // an envelope's g are in g unless it says otherwise
    const std::string u =
        rule.type == RuleType::AccelerationEnvelope && !j.contains("unit") ? "g" : r.unit(j, path, dim);
    rule.unit = u;
    if (keys.count("method")) {
        const std::string m = r.str(j, path, "method", false, "equilibrium");
        if (m == "fra213")
            rule.method = DeficiencyMethod::Fra213;
        else if (m != "equilibrium")
            r.fail(jsonPath(path, "method"), "must be \"equilibrium\" or \"fra213\", got \"" + m + "\"");
    }
    switch (rule.type) {
    case RuleType::CurveSpeed:
        rule.cantDeficiency = r.valueIn(j, path, "cantDeficiency", u, -1e4, 1e4);
        rule.unit = speedUnit; // compares speeds
        break;
    case RuleType::MinRadiusForSpeed:
        rule.cant = r.valueIn(j, path, "cant", u, 0, 1e4);
        rule.cantDeficiency = r.valueIn(j, path, "cantDeficiency", u, 0, 1e4);
        rule.unit = "m"; // compares radii
        break;
    case RuleType::VerticalAcceleration: {
        if (!j.contains("min") && !j.contains("max")) r.fail(path, "needs \"min\", \"max\" or both");
        rule.limit = j.contains("max") ? r.valueIn(j, path, "max", u, -100, 100)
                                       : std::numeric_limits<double>::infinity();
        if (j.contains("min")) rule.lower = r.valueIn(j, path, "min", u, -100, 100);
        if (rule.lower > rule.limit) r.fail(jsonPath(path, "min"), "must not exceed \"max\"");
        break;
    }
    case RuleType::CantDeficiency:
        rule.limit = r.valueIn(j, path, "limit", u, -1e4, 1e4);
        break;
    case RuleType::AccelerationEnvelope:
        readEnvelope(r, j, path, u, rule);
        break;
    default:
        rule.limit = r.valueIn(j, path, "limit", u, 0, 1e6);
        break;
    }
    return rule;
}

} // namespace

const char* ruleTypeName(RuleType t) {
    for (const auto& [k, v] : ruleTypes())
        if (v == t) return k.c_str();
    return "?";
}

const char* envelopeAxisName(EnvelopeAxis a) {
    switch (a) {
    case EnvelopeAxis::Vertical:
        return "vertical";
    case EnvelopeAxis::Lateral:
        return "lateral";
    case EnvelopeAxis::Longitudinal:
        return "longitudinal";
    }
    return "?";
}

bool RuleSpec::needsSpeed() const {
    switch (type) {
    case RuleType::MaxCant:
    case RuleType::CantGradient:
    case RuleType::MinRadius:
        return false;
    default:
        return true;
    }
}

RuleProfile parseRuleProfile(std::string_view text, const std::string& file) {
    const std::string label = file.empty() ? "<memory>" : file;
    const json j = parseJsonText<json>(text, label);
    const Reader r{label};
    r.object(j, "");
    static const std::set<std::string> top = {"format",      "version",   "name",        "description",
                                              "notes",       "speed",     "riderHeight", "sampling",
                                              "curveRadius", "speedUnit", "cantUnit",    "rules"};
    for (const auto& [k, v] : j.items())
        if (!top.count(k)) r.fail(jsonPath("", k), "unknown key \"" + k + "\"");
    if (r.str(j, "", "format", true) != "tracklab-rules")
        r.fail("/format", "must be \"tracklab-rules\", got " + j["format"].dump());
    if (const json* v = r.find(j, "version"); v && r.integer(*v, "/version") != 1)
        r.fail("/version", "only version 1 is known, got " + v->dump());
    RuleProfile p;
    p.file = label;
    p.name = r.str(j, "", "name", true);
    p.description = r.str(j, "", "description", false);
    p.speedUnit = r.str(j, "", "speedUnit", false, "km/h");
    if (!units().count(p.speedUnit) || units().at(p.speedUnit).dim != Dim::Speed)
        r.fail("/speedUnit", "\"" + p.speedUnit + "\" is not " + dimName(Dim::Speed));
    p.cantUnit = r.str(j, "", "cantUnit", false, "mm");
    if (!units().count(p.cantUnit) || units().at(p.cantUnit).dim != Dim::Length)
        r.fail("/cantUnit", "\"" + p.cantUnit + "\" is not " + dimName(Dim::Length));
    if (j.contains("riderHeight")) p.riderHeight = r.num(j, "", "riderHeight", 0, 10, "m");
    if (j.contains("sampling")) p.sampling = r.num(j, "", "sampling", 0.05, 100, "m");
    if (j.contains("curveRadius")) p.curveRadius = r.num(j, "", "curveRadius", 1, 1e6, "m");
    if (j.contains("speed")) {
        const json& s = j["speed"];
        const std::string model =
            s.is_string()   ? s.get<std::string>()
            : s.is_object() ? r.str(s, "/speed", "model", true)
                            : (r.wrongType(s, "/speed", "\"line\", \"energy\" or an object"), std::string());
        if (model == "energy")
            p.speed = SpeedModel::Energy;
        else if (model != "line")
            r.fail(s.is_string() ? "/speed" : "/speed/model",
                   "must be \"line\" or \"energy\", got \"" + model + "\"");
        if (s.is_object()) {
            for (const auto& [k, v] : s.items())
                if (k != "model" && k != "crestSpeed")
                    r.fail(jsonPath("/speed", k), "unknown key \"" + k + "\"");
            if (s.contains("crestSpeed")) p.crestSpeed = r.num(s, "/speed", "crestSpeed", 0, 1000, "m/s");
        }
    }
    const json* rules = &r.require(j, "", "rules");
    if (!rules->is_array() || rules->empty()) r.wrongType(*rules, "/rules", "a non-empty array of rules");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < rules->size(); ++i) {
        const std::string path = jsonPath("/rules", i);
        RuleSpec rule = readRule(r, (*rules)[i], path, p.speedUnit);
        if (!ids.insert(rule.id).second)
            r.fail(jsonPath(path, "id"),
                   "duplicate rule id \"" + rule.id + "\" (give each rule its own \"id\")");
        p.rules.push_back(std::move(rule));
    }
    return p;
}

RuleProfile loadRuleProfile(const std::filesystem::path& path) {
    const std::string text = readInputFile(path);
    return parseRuleProfile(text, path.string());
}

double unitScale(const std::string& unit) {
    const auto it = units().find(unit);
    return it == units().end() ? 0.0 : it->second.scale;
}

double inUnit(double si, const std::string& unit) {
    if (unit == "ratio") return si > 0 ? 1.0 / si : std::numeric_limits<double>::infinity();
    const double k = unitScale(unit);
    return k > 0 ? si / k : si;
}

std::string formatValue(double si, const std::string& unit, int precision) {
    char buf[64];
    if (!std::isfinite(si)) return si > 0 ? "unlimited" : "-unlimited";
    if (unit == "ratio") {
        if (std::abs(si) < 1e-12) return "level";
        std::snprintf(buf, sizeof buf, "1:%.0f", 1.0 / std::abs(si));
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%.*f %s", precision, inUnit(si, unit), unit.c_str());
    return buf;
}

std::vector<std::filesystem::path> ruleProfileDirs() {
    return resourceDirs("TRACKLAB_RULES", "rules", TRACKLAB_RULES_DIR);
}

std::vector<std::filesystem::path> shippedRuleProfiles() {
    std::vector<std::filesystem::path> out;
    std::set<std::string> names;
    for (const auto& dir : ruleProfileDirs()) {
        std::error_code ec;
        std::vector<std::filesystem::path> here;
        for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".json" && it->is_regular_file(ec)) here.push_back(it->path());
        std::sort(here.begin(), here.end());
        for (const auto& p : here)
            if (names.insert(p.filename().string()).second) out.push_back(p); // the first folder wins
    }
    return out;
}

std::filesystem::path findRuleProfile(const std::string& nameOrPath) {
    std::error_code ec;
    if (std::filesystem::exists(nameOrPath, ec)) return nameOrPath;
    if (nameOrPath.find('/') != std::string::npos) return {};
    for (const auto& p : shippedRuleProfiles())
        if (p.stem() == nameOrPath || p.filename() == nameOrPath) return p;
    return {};
}

} // namespace tl
