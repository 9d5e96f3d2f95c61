#pragma once
// The error of the STEP physical file reader (ISO 10303-21, core/io/StepFile.h). It is a LayoutError, so
// every caller that reports bad input files (and the fuzz contract, tests/fuzz/FuzzTargets.h) handles it:
// its path is the place in the file, "line L, column C" (columns count bytes from 1), and its problem
// starts with the entity instance it concerns, "#ID NAME: ", when there is one ("#ID: " before the name
// is read; a header entity has no id: "FILE_SCHEMA: "). So
//   what() = "FILE: line L, column C: #ID NAME: problem"
// e.g. "a.ifc: line 12, column 1: #7 IFCLINE: argument [1]: expected a real, got a string 'x'".
// An error about the file as a whole (size, "no instance #5") has line 0 and the path "" ("/" in what()).
#include "core/layout/LayoutError.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace tl {

class StepError : public LayoutError {
public:
    // id 0 = not in an instance with an id; entity "" = no entity name known (yet).
    StepError(std::string file, std::size_t line, std::size_t column, std::uint64_t id, std::string entity,
              std::string detail);

    std::size_t line() const { return line_; }            // 1-based; 0 = the whole file
    std::size_t column() const { return column_; }        // 1-based byte column; 0 with line 0
    std::uint64_t id() const { return id_; }              // the instance's #id, 0 = none
    const std::string& entity() const { return entity_; } // upper case, "" = none
    const std::string& detail() const { return detail_; } // problem() without the "#ID NAME: " prefix

private:
    std::size_t line_, column_;
    std::uint64_t id_;
    std::string entity_, detail_;
};

} // namespace tl
