#pragma once
// The units of an IFC file's lengths and plane angles (IfcProject.UnitsInContext, an IfcUnitAssignment):
// the factor that turns a value of the file into SI (m, rad). Read: IfcSIUnit (METRE with a prefix such as
// MILLI, RADIAN) and IfcConversionBasedUnit (its IfcMeasureWithUnit factor; FOOT = 0.3048 m,
// US SURVEY FOOT = 1200/3937 m and DEGREE = pi/180 rad exactly, whatever digits the file writes, when the
// file's factor agrees with them to 1e-6). A file without a length or angle unit is in m and rad.
#include "core/io/StepFile.h"

#include <string>
#include <vector>

namespace tl {

struct IfcUnits {
    double length = 1.0; // [m] per length unit of the file
    double angle = 1.0;  // [rad] per plane angle unit of the file
    std::string lengthName = "METRE";
    std::string angleName = "RADIAN";
};

// Throws StepError (an unknown SI unit name or prefix, a conversion factor that is not a positive number,
// a reference cycle through IfcMeasureWithUnit). Notes about the units go to `warnings`.
IfcUnits readIfcUnits(const StepFile& f, std::vector<std::string>& warnings);

} // namespace tl
