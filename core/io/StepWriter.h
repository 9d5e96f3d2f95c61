#pragma once
// A small strict writer of ISO 10303-21 ("STEP physical file", clear text encoding) as core/io/StepFile.h
// reads it back: the header (FILE_DESCRIPTION, FILE_NAME, FILE_SCHEMA) and one DATA section of entity
// instances "#12=IFCLINE(#10,#11);" numbered from 1 in the order they are added, one a line.
//
// Values are written by the helpers below, which refuse what Part 21 cannot hold (a NaN or infinite REAL,
// invalid UTF-8): the file is either valid or not written at all.
//   stepReal    shortest digits that read back to the same double (tried at 15, 16, 17 significant digits),
//               always with a decimal point: "1.", "0.5", "-2.5", "1.E-05", "1.5E+20"; -0 is written "0.".
//   stepString  'text' with ' doubled and \ doubled; bytes 0x20..0x7E as they are, everything else (control
//               characters, every non-ASCII code point) as \X2\hhhh...\X0\ runs of UTF-16 code units (code
//               points above U+FFFF as surrogate pairs), as Part 21 prescribes.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

std::string stepReal(double x);              // throws std::invalid_argument for NaN or infinity
std::string stepString(std::string_view s);  // throws std::invalid_argument for invalid UTF-8
std::string stepRef(std::uint64_t id);       // "#12"
std::string stepEnum(std::string_view name); // ".LINE."
// A list "(a,b,c)" of already written values.
std::string stepList(const std::vector<std::string>& items);
// A typed value "IFCLENGTHMEASURE(5.)".
std::string stepTyped(std::string_view type, const std::string& value);

class StepWriter {
public:
    // Adds "#id=ENTITY(args);" with args already written (comma-separated, no outer parentheses); returns
    // the new id (1, 2, ...). `entity` must be an upper-case Part 21 keyword (std::invalid_argument).
    std::uint64_t add(std::string_view entity, const std::string& args);
    std::size_t size() const { return lines_.size(); }

    // The whole file. description: FILE_DESCRIPTION's strings; name: FILE_NAME's name; timeStamp: ISO 8601
    // ("2024-05-01T12:00:00"); schema: FILE_SCHEMA's one name (e.g. "IFC4X3_ADD2"); system: the
    // originating system and preprocessor version.
    std::string text(const std::vector<std::string>& description, const std::string& name,
                     const std::string& timeStamp, const std::string& schema,
                     const std::string& system) const;

private:
    std::vector<std::string> lines_;
};

} // namespace tl
