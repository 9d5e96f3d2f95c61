#include "core/alignment/IfcImportContext.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcimport {

namespace {

constexpr double kMarkerSlack = 1e-6;   // [m] a referent's station this close to the running one: a marker
constexpr double kIncomingSlack = 1e-3; // [m] IncomingStation farther off the running station: a warning
constexpr double kEquationSlack = 1e-6; // [m] distances along beyond the alignment's length by this: kept

// One referent with Pset_Stationing.Station.
struct StationReferent {
    const StepInstance* referent = nullptr;
    double station = 0.0;           // [m] Station (after an equation)
    std::optional<double> incoming; // [m] IncomingStation (before it)
    std::optional<bool> increasing; // HasIncreasingStation
    std::optional<double> along;    // [m] DistanceAlong of its IfcLinearPlacement
};

// Where a referent is: the DistanceAlong of its IfcLinearPlacement (IfcAxis2PlacementLinear,
// IfcPointByDistanceExpression), nullopt without one.
std::optional<double> distanceAlong(const StepFile& f, const StepInstance& referent, const IfcUnits& u) {
    referent.expectArgCount(8); // ..., ObjectPlacement, Representation, PredefinedType
    if (referent.isUnset(5)) return std::nullopt;
    const StepInstance& pl = f.target(referent, 5);
    if (pl.type() != "IFCLINEARPLACEMENT") return std::nullopt;
    pl.expectArgCount(3); // PlacementRelTo, RelativePlacement, CartesianPosition
    const StepInstance& ax = f.target(pl, 1, "IFCAXIS2PLACEMENTLINEAR");
    ax.expectArgCount(3); // Location, Axis, RefDirection
    const StepInstance& pt = f.target(ax, 0, "IFCPOINTBYDISTANCEEXPRESSION");
    pt.expectArgCount(5); // DistanceAlong, OffsetLateral, OffsetVertical, OffsetLongitudinal, BasisCurve
    return number(pt, 0) * u.length;
}

} // namespace

// The first nested IfcReferent with Pset_Stationing.Station gives the start station (its station less its
// distance along; without a linear placement it is taken to be at the start, a warning). Every later one is
// a station equation at its distance along where its Station differs from the running station there by more
// than kMarkerSlack (else a marker, skipped); without a linear placement, or with HasIncreasingStation false,
// it is skipped with a warning. `length` is the alignment's horizontal length [m].
Stationing stationing(const StepFile& f, const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                      const StepInstance& alignment, const IfcUnits& u, double length,
                      std::vector<std::string>& warnings) {
    Stationing out;
    const auto referents = children(f, nests, alignment, "IFCREFERENT");
    if (referents.empty()) return out;
    // property sets by object
    std::map<std::uint64_t, std::vector<const StepInstance*>> psets;
    for (const StepInstance* r : f.ofType("IFCRELDEFINESBYPROPERTIES")) {
        r->expectArgCount(
            6); // GlobalId, OwnerHistory, Name, Description, RelatedObjects, RelatingPropertyDefinition
        const StepInstance& def = f.target(*r, 5);
        if (def.type() != "IFCPROPERTYSET") continue;
        for (const std::uint64_t id : r->refs(4))
            psets[id].push_back(&def);
    }
    std::vector<StationReferent> found;
    for (const StepInstance* referent : referents) {
        const auto it = psets.find(referent->id());
        if (it == psets.end()) continue;
        StationReferent sr;
        sr.referent = referent;
        bool hasStation = false;
        for (const StepInstance* set : it->second) {
            set->expectArgCount(5); // GlobalId, OwnerHistory, Name, Description, HasProperties
            if (set->isUnset(2) || set->string(2) != "Pset_Stationing") continue;
            const std::vector<StepValue>& props = set->list(4);
            for (std::size_t k = 0; k < props.size(); ++k) {
                const std::string where = StepInstance::where(StepInstance::where(4), k);
                const StepInstance& prop = f.target(*set, props[k], where);
                if (prop.type() != "IFCPROPERTYSINGLEVALUE") continue;
                prop.expectArgCount(4); // Name, Specification, NominalValue, Unit
                if (prop.isUnset(2)) continue;
                const std::string& name = prop.string(0);
                if (name == "Station") {
                    sr.station = number(prop, 2) * u.length;
                    hasStation = true;
                } else if (name == "IncomingStation") {
                    sr.incoming = number(prop, 2) * u.length;
                } else if (name == "HasIncreasingStation") {
                    const StepValue& v = prop.arg(2);
                    const StepValue& b = v.is(StepValue::Kind::Typed) ? v.inner() : v;
                    const std::string& e = prop.enumeration(b, StepInstance::where(2));
                    if (e == "T" || e == "F") sr.increasing = e == "T";
                }
            }
        }
        if (!hasStation) continue;
        sr.along = distanceAlong(f, *referent, u);
        found.push_back(sr);
    }
    if (found.empty()) return out;
    // the start
    const StationReferent& first = found.front();
    if (!first.along)
        warnings.push_back(f.file() + ": " + first.referent->name() + " (station " +
                           numberText(first.station) +
                           " m) has no IfcLinearPlacement: taken to be at the alignment's start");
    if (first.increasing == false)
        warnings.push_back(f.file() + ": " + first.referent->name() +
                           " has Pset_Stationing.HasIncreasingStation false: decreasing stations are not "
                           "supported, the stations are counted increasing from it");
    out.start = first.station - first.along.value_or(0.0);
    // the equations, in order of distance along
    std::vector<const StationReferent*> later;
    for (std::size_t k = 1; k < found.size(); ++k) {
        const StationReferent& r = found[k];
        const std::string what =
            f.file() + ": " + r.referent->name() + " (station " + numberText(r.station) + " m)";
        if (!r.along) {
            warnings.push_back(what +
                               " has no IfcLinearPlacement: skipped (only the first referent, the start "
                               "station, may go without one)");
        } else if (r.increasing == false) {
            warnings.push_back(what + " has Pset_Stationing.HasIncreasingStation false: decreasing stations "
                                      "are not supported, skipped");
        } else if (*r.along < -kEquationSlack || *r.along > length + kEquationSlack) {
            warnings.push_back(what + " lies " + numberText(*r.along) +
                               " m along, outside the alignment (0 .. " + numberText(length) +
                               " m): skipped");
        } else {
            later.push_back(&r);
        }
    }
    std::stable_sort(later.begin(), later.end(), [](const StationReferent* a, const StationReferent* b) {
        return *a->along < *b->along;
    });
    double d0 = 0.0, s0 = *out.start; // the running stretch: station s0 at distance d0
    for (const StationReferent* r : later) {
        const double d = std::clamp(*r->along, 0.0, length);
        const double running = s0 + (d - d0);
        const std::string what = f.file() + ": " + r->referent->name() + " (station " +
                                 numberText(r->station) + " m at " + numberText(d) + " m)";
        if (r->incoming && std::abs(*r->incoming - running) > kIncomingSlack)
            warnings.push_back(what + ": its IncomingStation " + numberText(*r->incoming) +
                               " m is not the station " + numberText(running) +
                               " m counted to it: the counted one is used");
        if (std::abs(r->station - running) <= kMarkerSlack) continue; // a marker on the running stations
        if (!out.equations.empty() && !(d > out.equations.back().first)) {
            warnings.push_back(what + ": a second station equation at the same distance: skipped");
            continue;
        }
        out.equations.emplace_back(d, r->station);
        d0 = d;
        s0 = r->station;
    }
    return out;
}

} // namespace tl::ifcimport
