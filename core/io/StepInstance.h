#pragma once
// One entity instance of a STEP physical file, "#12 = IFCLINE(#10, #11);" (core/io/StepFile.h), or a header
// entity, "FILE_SCHEMA(('IFC4X3_ADD2'));" (id 0). Its checked accessors take the 0-based argument index and
// throw StepError (core/io/StepError.h) naming the file, the instance's line and column, its #id, its entity
// name and the argument when the value is not of the asked kind, e.g.
//   "a.ifc: line 12, column 1: #12 IFCLINE: argument [1]: expected a reference, got a real 5."
// The overloads taking (value, where) check a value inside an argument -- a list element, a typed value's
// inner value -- and name it by `where`, its path from the argument list ("[2][0]", see at()).
#include "core/io/StepValue.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

enum class StepLogical : std::uint8_t { False, True, Unknown }; // .F. .T. .U.

class StepInstance {
public:
    std::uint64_t id() const { return id_; }           // 0 for a header entity
    const std::string& type() const { return *type_; } // upper case: "IFCALIGNMENT"
    const std::vector<StepValue>& args() const { return args_; }
    std::size_t argCount() const { return args_.size(); }
    std::size_t line() const { return line_; } // where the instance starts ('#' or the name)
    std::size_t column() const { return column_; }
    const std::string& file() const { return *file_; }
    std::string name() const; // "#12 IFCLINE" ("FILE_NAME" in the header)

    [[noreturn]] void fail(const std::string& problem) const; // StepError at this instance
    // "argument [i]: problem"; fail(where, problem) with where = "[2][0]": "argument [2][0]: problem"
    [[noreturn]] void fail(std::size_t i, const std::string& problem) const;
    [[noreturn]] void fail(const std::string& where, const std::string& problem) const;

    // "expected N arguments, has M" unless argCount() == n
    void expectArgCount(std::size_t n) const;
    // argument i; "argument [i] asked, #12 IFCLINE has 3 arguments" beyond the end
    const StepValue& arg(std::size_t i) const;
    // where = "[i][k]": the k-th element of list argument i (checked to be a list with > k elements)
    const StepValue& at(std::size_t i, std::size_t k) const;
    static std::string where(std::size_t i) { return "[" + std::to_string(i) + "]"; }
    static std::string where(const std::string& base, std::size_t k) { return base + where(k); }

    bool isUnset(std::size_t i) const { return arg(i).is(StepValue::Kind::Unset); }
    bool isDerived(std::size_t i) const { return arg(i).is(StepValue::Kind::Derived); }

    std::int64_t integer(std::size_t i) const;
    double real(std::size_t i) const; // a real, or an integer (converted: 5 is read as 5.)
    std::uint64_t ref(std::size_t i) const;
    const std::string& string(std::size_t i) const;      // decoded UTF-8
    const std::string& enumeration(std::size_t i) const; // upper case, without the dots: "ELLIPSE"
    bool boolean(std::size_t i) const;                   // .T. or .F.
    StepLogical logical(std::size_t i) const;            // .T., .F. or .U.
    const std::vector<StepValue>& list(std::size_t i) const;
    // a typed value; with typeName (upper case) also checks its type: "expected IFCLENGTHMEASURE(...), got
    // ..."
    const StepValue& typed(std::size_t i, std::string_view typeName = {}) const;
    std::vector<double> reals(std::size_t i) const;       // a list of reals (or integers)
    std::vector<std::uint64_t> refs(std::size_t i) const; // a list of references

    // The same checks on a value inside an argument, named by where ("[2][0]").
    std::int64_t integer(const StepValue& v, const std::string& where) const;
    double real(const StepValue& v, const std::string& where) const;
    std::uint64_t ref(const StepValue& v, const std::string& where) const;
    const std::string& string(const StepValue& v, const std::string& where) const;
    const std::string& enumeration(const StepValue& v, const std::string& where) const;
    const std::vector<StepValue>& list(const StepValue& v, const std::string& where) const;
    const StepValue& typed(const StepValue& v, const std::string& where,
                           std::string_view typeName = {}) const;
    std::vector<double> reals(const StepValue& v, const std::string& where) const;
    std::vector<std::uint64_t> refs(const StepValue& v, const std::string& where) const;

private:
    friend class StepParser;
    StepInstance() = default;
    const StepValue& expect(const StepValue& v, StepValue::Kind k, const std::string& where) const;

    std::uint64_t id_ = 0;
    const std::string* type_ = nullptr; // interned by the StepFile (stable: node of a std::set it owns)
    const std::string* file_ = nullptr; // the StepFile's file name (stable: owned through a unique_ptr)
    std::vector<StepValue> args_;
    std::uint32_t line_ = 0, column_ = 0;
};

} // namespace tl
