#pragma once
// The private parts of the IFC 4.3 alignment import (core/alignment/IfcAlignmentReader.h), shared by its
// files: IfcAlignmentReader.cpp (the entry point, the horizontal segments, the chains and their checks),
// IfcImportProfiles.cpp (the vertical and cant layouts: reading, padding, clipping to a track) and
// IfcImportStationing.cpp (the start station and the station equations from the referents). Not a public
// header: include it only from those files.
#include "core/alignment/IfcUnits.h"
#include "core/curves/CantProfile.h"
#include "core/curves/ProfileError.h"
#include "core/curves/VerticalProfile.h"
#include "core/io/StepFile.h"
#include "core/layout/AlignmentCurveSpec.h"
#include "core/layout/LayoutSpec.h"
#include "core/units/NumberText.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tl::ifcimport {

constexpr double kZeroLength = 1e-9; // [m] a segment this short is a zero-length segment

// --- IfcAlignmentReader.cpp

// "#id" of an instance.
std::string ref(const StepInstance& e);

// A number argument: a real or integer, or a typed value around one.
double number(const StepInstance& e, std::size_t i);

// A number argument or nullopt when unset ($).
std::optional<double> optionalNumber(const StepInstance& e, std::size_t i);

// The objects of `type` that e nests (IfcRelNests), in file order.
std::vector<const StepInstance*> children(const StepFile& f,
                                          const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                                          const StepInstance& e, const char* type);

// The design parameters of the IfcAlignmentSegment nested in `layout`, of `paramType`, in order.
std::vector<std::pair<const StepInstance*, const StepInstance*>>
segments(const StepFile& f, const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
         const StepInstance& layout, const char* paramType);

// --- IfcImportProfiles.cpp

// One segment of a vertical or cant layout, in SI, as kept in the track's extra.
struct ProfileSegment {
    const StepInstance* params = nullptr;
    double startDistAlong = 0.0, horizontalLength = 0.0;
    Json json;
};

// Reads and checks a profile (vertical or cant): segments contiguous, none negative, no longer than the
// horizontal. Zero-length segments are left out.
std::vector<ProfileSegment> readProfile(const StepFile& f,
                                        const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                                        const StepInstance& layout, bool vertical, const IfcUnits& u,
                                        double horizontalLength);

// The vertical and cant layouts of one alignment over the chain's horizontal distance [0, length], in the
// pieces of core/curves/VerticalProfile.h and CantProfile.h (docs/alignments.md, "Vertical and cant").
struct Profiles {
    std::vector<VerticalPieceSpec> vertical;      // covering [0, length] (padded); empty = none
    std::vector<const StepInstance*> verticalIfc; // the IfcAlignmentVerticalSegment of each (null: padding)
    std::optional<double> railHeadDistance;       // [m], when there is a cant layout
    std::vector<CantSegmentSpec> cant;            // covering [0, length] (padded); empty = none
    std::vector<const StepInstance*> cantIfc;     // the IfcAlignmentCantSegment of each (null: padding)
    bool any() const { return !vertical.empty() || !cant.empty(); }
};

// The vertical pieces of a profile into out.vertical, padded to [0, length] (a warning each).
void verticalPieces(const std::vector<ProfileSegment>& profile, const StepInstance& layout, double length,
                    Profiles& out, std::vector<std::string>& warnings);

// The cant segments of a profile into out.cant, padded to [0, length] (a warning each).
void cantSegments(const std::vector<ProfileSegment>& profile, const StepInstance& layout, double length,
                  Profiles& out, std::vector<std::string>& warnings);

// A profile error (core/curves/ProfileError.h) as the error of its IFC segment (argument by key).
[[noreturn]] void failProfile(const ProfileError& e, const std::vector<const StepInstance*>& ifc,
                              const StepInstance& layout);

// The part [U0, U1] of the profiles as an alignment curve's pieces, re-based to U0.
void clipProfiles(const Profiles& pr, const VerticalProfile& whole, double U0, double U1,
                  AlignmentCurveSpec& a);

// --- IfcImportStationing.cpp

// The stationing of an alignment (docs/alignments.md, "Stationing"): the start station and the station
// equations, from the IfcReferents nested in the alignment with Pset_Stationing (Station, IncomingStation,
// HasIncreasingStation).
struct Stationing {
    std::optional<double> start;                      // [m] the station at distance 0
    std::vector<std::pair<double, double>> equations; // [[distance along, station], ...] [m], increasing
};

// The start station and the station equations of an alignment from its referents; `length` is the
// alignment's horizontal length [m].
Stationing stationing(const StepFile& f, const std::map<std::uint64_t, std::vector<std::uint64_t>>& nests,
                      const StepInstance& alignment, const IfcUnits& u, double length,
                      std::vector<std::string>& warnings);

} // namespace tl::ifcimport
