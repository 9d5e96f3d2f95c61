#include "core/alignment/IfcUnits.h"

#include <cmath>
#include <numbers>
#include <utility>

namespace tl {

namespace {

constexpr double kFoot = 0.3048;
constexpr double kUsSurveyFoot = 1200.0 / 3937.0;
constexpr double kDegree = std::numbers::pi / 180.0;

double prefixFactor(const StepInstance& u, std::size_t i) {
    if (u.isUnset(i)) return 1.0;
    static const std::pair<const char*, double> kPrefixes[] = {
        {"EXA", 1e18},  {"PETA", 1e15},  {"TERA", 1e12},   {"GIGA", 1e9},   {"MEGA", 1e6},   {"KILO", 1e3},
        {"HECTO", 1e2}, {"DECA", 1e1},   {"DECI", 1e-1},   {"CENTI", 1e-2}, {"MILLI", 1e-3}, {"MICRO", 1e-6},
        {"NANO", 1e-9}, {"PICO", 1e-12}, {"FEMTO", 1e-15}, {"ATTO", 1e-18}};
    const std::string& p = u.enumeration(i);
    for (const auto& [name, factor] : kPrefixes)
        if (p == name) return factor;
    u.fail(i, "unknown SI prefix ." + p + ".");
}

// The SI factor of a unit instance of the given unit type (LENGTHUNIT or PLANEANGLEUNIT).
double unitFactor(const StepFile& f, const StepInstance& u, StepWalk& walk, std::string& name);

// IfcMeasureWithUnit(ValueComponent, UnitComponent): the value times its unit's factor.
double measureFactor(const StepFile& f, const StepInstance& m, StepWalk& walk) {
    const auto guard = walk.enter(m);
    m.expectArgCount(2);
    const StepValue& v = m.arg(0);
    double value = 0.0;
    if (v.is(StepValue::Kind::Typed))
        value = m.real(m.typed(0).inner(), StepInstance::where(0) + "(...)");
    else
        value = m.real(0);
    if (!(value > 0.0)) m.fail(0, "a conversion factor must be > 0, got " + v.describe());
    std::string unused;
    return value * unitFactor(f, f.target(m, 1), walk, unused);
}

double unitFactor(const StepFile& f, const StepInstance& u, StepWalk& walk, std::string& name) {
    const auto guard = walk.enter(u);
    if (u.type() == "IFCSIUNIT") {
        u.expectArgCount(4); // Dimensions (derived), UnitType, Prefix, Name
        name = u.enumeration(3);
        if (name != "METRE" && name != "RADIAN")
            u.fail(3, "a length or plane angle SI unit must be .METRE. or .RADIAN., got ." + name + ".");
        const double p = prefixFactor(u, 2);
        if (!u.isUnset(2)) name = u.enumeration(2) + name;
        return p;
    }
    if (u.type() == "IFCCONVERSIONBASEDUNIT" || u.type() == "IFCCONVERSIONBASEDUNITWITHOFFSET") {
        u.expectArgCount(u.type() == "IFCCONVERSIONBASEDUNIT" ? 4 : 5); // Dimensions, UnitType, Name, Factor
        name = u.string(2);
        const double factor = measureFactor(f, f.target(u, 3, "IFCMEASUREWITHUNIT"), walk);
        std::string upper;
        for (const char c : name)
            upper += char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        // the exact values of the common units, when the file's factor agrees (files write 15-17 digits)
        for (const double exact : {kFoot, kUsSurveyFoot, kDegree})
            if (std::abs(factor - exact) <= 1e-6 * exact) {
                const bool named = (exact == kFoot && upper == "FOOT") ||
                                   (exact == kUsSurveyFoot && upper == "US SURVEY FOOT") ||
                                   (exact == kDegree && upper == "DEGREE");
                if (named) return exact;
            }
        return factor;
    }
    u.fail("expected IFCSIUNIT or IFCCONVERSIONBASEDUNIT for a length or plane angle unit");
}

} // namespace

IfcUnits readIfcUnits(const StepFile& f, std::vector<std::string>& warnings) {
    IfcUnits units;
    const StepInstance* assignment = nullptr;
    for (const StepInstance* p : f.ofType("IFCPROJECT")) {
        p->expectArgCount(9); // ..., RepresentationContexts, UnitsInContext
        if (!p->isUnset(8)) {
            assignment = &f.target(*p, 8, "IFCUNITASSIGNMENT");
            break;
        }
    }
    if (!assignment) {
        const auto all = f.ofType("IFCUNITASSIGNMENT");
        if (!all.empty()) assignment = all.front();
    }
    if (!assignment) {
        warnings.push_back(f.file() + ": no IfcUnitAssignment: lengths read in m, angles in rad");
        return units;
    }
    assignment->expectArgCount(1);
    const std::vector<StepValue>& list = assignment->list(0);
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string where = StepInstance::where(StepInstance::where(0), k);
        const StepInstance& u = f.target(*assignment, list[k], where);
        if (u.type() != "IFCSIUNIT" && u.type() != "IFCCONVERSIONBASEDUNIT" &&
            u.type() != "IFCCONVERSIONBASEDUNITWITHOFFSET")
            continue; // derived and monetary units: not needed here
        if (u.argCount() < 2) u.fail("expected a unit type as argument [1]");
        const std::string& type = u.enumeration(1);
        if (type != "LENGTHUNIT" && type != "PLANEANGLEUNIT") continue;
        StepWalk walk;
        std::string name;
        const double factor = unitFactor(f, u, walk, name);
        if (type == "LENGTHUNIT") {
            units.length = factor;
            units.lengthName = name;
        } else {
            units.angle = factor;
            units.angleName = name;
        }
    }
    return units;
}

} // namespace tl
