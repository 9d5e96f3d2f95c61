#pragma once
// One parameter value of a STEP physical file (ISO 10303-21, core/io/StepFile.h): what an entity
// instance's argument list holds, nested lists and typed values included. Plain data: the checked
// accessors that name the file, line, #id and argument of a wrong value are StepInstance's
// (core/io/StepInstance.h); the getters here are for code that has checked kind() itself and throw
// std::logic_error (a programming error, not bad input) on the wrong kind.
#include <cstdint>
#include <string>
#include <vector>

namespace tl {

class StepValue {
public:
    enum class Kind : std::uint8_t {
        Unset,       // $
        Derived,     // *
        Integer,     // 42, -7
        Real,        // 1., 1.E-3, -0.5 (always finite)
        String,      // 'text' (decoded to UTF-8)
        Enumeration, // .ELLIPSE., and the booleans/logicals .T. .F. .U. (name stored upper case, no dots)
        Reference,   // #123
        List,        // ( ... ), possibly empty, possibly nested
        Typed,       // IFCLENGTHMEASURE(5.): a type name (upper case) and one inner value
        Binary,      // "0FF": the hex digits as written, the first being the count of unused bits (0-3)
    };

    StepValue() = default; // unset
    static StepValue ofDerived();
    static StepValue ofInteger(std::int64_t v);
    static StepValue ofReal(double v);
    static StepValue ofString(std::string utf8);
    static StepValue ofEnumeration(std::string upperName);
    static StepValue ofReference(std::uint64_t id);
    static StepValue ofList(std::vector<StepValue> items);
    static StepValue ofTyped(std::string upperTypeName, StepValue inner);
    static StepValue ofBinary(std::string hex);

    Kind kind() const { return kind_; }
    bool is(Kind k) const { return kind_ == k; }
    bool isUnset() const { return kind_ == Kind::Unset; }

    std::int64_t integer() const;                // Integer
    double real() const;                         // Real
    std::uint64_t reference() const;             // Reference: the #id
    const std::string& text() const;             // String, Enumeration, Binary; Typed: the type name
    const std::vector<StepValue>& items() const; // List
    const std::string& typeName() const;         // Typed
    const StepValue& inner() const;              // Typed

    // "a real", "an integer", "a list", "unset ($)", ...
    static const char* kindName(Kind k);
    // The kind and the value for messages, cut to about 60 characters: "a real 5.", "a string 'abc'",
    // "an enumeration .T.", "a reference #5", "a list of 3 values", "a typed value IFCLENGTHMEASURE(5.)".
    std::string describe() const;
    // The value in STEP syntax (strings with ASCII characters as is, '' for an apostrophe, \\ for a
    // backslash and \X2\...\X0\ / \X4\...\X0\ for the rest; reals always with a '.').
    std::string stepText() const;

private:
    [[noreturn]] void wrongKind(Kind wanted) const;

    Kind kind_ = Kind::Unset;
    union {
        std::int64_t i_ = 0; // Integer, Reference (as the bit pattern of the unsigned id)
        double r_;           // Real
    };
    std::string text_;             // String, Enumeration, Binary, Typed name
    std::vector<StepValue> items_; // List; Typed: exactly one, the inner value
};

} // namespace tl
