#pragma once
// A small strict reader of ISO 10303-21 ("STEP physical file", clear text encoding) as IFC 4.3 files use
// it: the header's FILE_DESCRIPTION, FILE_NAME and FILE_SCHEMA (the schema names exposed), and the DATA
// sections' entity instances "#12 = IFCLINE(#10, #11);" with their parameter values (StepValue: integers,
// reals, strings decoded to UTF-8, enumerations and .T./.F./.U., $, *, #references, nested lists, typed
// values IFCLENGTHMEASURE(5.), binaries). Entity, type and enumeration names are case-insensitive and
// stored upper case. Comments /* ... */ may stand between any two tokens.
//
// Strict: every syntax error, a duplicate #id, a reference to an #id that is not in the file, and every
// limit below is a StepError (core/io/StepError.h, a LayoutError) naming the file, the line and column and
// the instance "#ID NAME" it is in. The work is bounded: one pass over the text, recursion only as deep as
// the nesting limit, id look-up by binary search.
//
// Not supported, refused with a clear message (IFC does not use them): complex entity instances
// "#1 = (A() B());", user-defined keywords "!NAME", ANCHOR/REFERENCE/SIGNATURE sections, parameters of
// DATA ("DATA(...);"), code pages other than \PA\ (ISO 8859-1) for \S\, references in the header.
// Lenient where real files are: line breaks inside a string are not part of it (Part 21's print control),
// raw UTF-8 in strings is accepted (validated), 'e' as well as 'E' in reals, a leading UTF-8 byte order
// mark, an integer where a real is asked (StepInstance::real).
//
// Reference cycles are not an error here: a walk over references guards itself with StepWalk.
#include "core/io/StepInstance.h"
#include "core/io/StepValue.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tl {

constexpr std::size_t kMaxStepFileBytes = std::size_t(256) << 20; // 256 MiB
constexpr std::size_t kMaxStepInstances = 5000000;                // entity instances of the DATA sections
constexpr std::size_t kMaxStepValues = 32000000; // parameter values in all (each ~72 bytes: ~2.3 GB at most)
constexpr int kMaxStepNesting = 64;              // parentheses inside each other, the argument list's own = 1
constexpr std::size_t kMaxStepStringBytes = std::size_t(1) << 20; // one decoded string or binary: 1 MiB

class StepFile {
public:
    // The text of a file called `file` (for messages). Throws StepError.
    static StepFile parse(std::string_view text, const std::string& file);
    // readInputFile (regular files up to kMaxStepFileBytes, else LayoutError) + parse.
    static StepFile read(const std::filesystem::path& path);

    StepFile(StepFile&&) noexcept = default;
    StepFile& operator=(StepFile&&) noexcept = default;
    StepFile(const StepFile&) = delete; // the instances point into this file's name table
    StepFile& operator=(const StepFile&) = delete;

    const std::string& file() const { return shared_->file; }
    // FILE_DESCRIPTION, FILE_NAME, FILE_SCHEMA (checked: these three first, with 2, 7 and 1 arguments),
    // then any further header entities, as instances with id 0.
    const std::vector<StepInstance>& header() const { return header_; }
    const StepInstance* headerEntity(std::string_view upperName) const; // nullptr when absent
    // FILE_SCHEMA's names as written, e.g. {"IFC4X3_ADD2"} (at least one)
    const std::vector<std::string>& schemas() const { return schemas_; }

    // The DATA sections' instances in file order.
    const std::vector<StepInstance>& instances() const { return instances_; }
    std::size_t size() const { return instances_.size(); }
    const StepInstance* find(std::uint64_t id) const; // nullptr when there is no #id
    // The instance #id; StepError "no instance #ID in the file" when absent.
    const StepInstance& at(std::uint64_t id) const;
    // The instance that argument i of `from` refers to (from.ref(i)); with expectedType (upper case) also
    // checks its type: "argument [1]: #5 is IFCDIRECTION, expected IFCCARTESIANPOINT". Every reference of a
    // parsed file resolves, so only a wrong kind or type throws.
    const StepInstance& target(const StepInstance& from, std::size_t i,
                               std::string_view expectedType = {}) const;
    // The same for a reference inside an argument (a list element), named by where ("[3][0]").
    const StepInstance& target(const StepInstance& from, const StepValue& v, const std::string& where,
                               std::string_view expectedType = {}) const;
    // The instances of one entity type (upper case), in file order.
    std::vector<const StepInstance*> ofType(std::string_view upperName) const;

private:
    friend class StepParser;
    StepFile();

    struct Shared {
        std::string file;
        std::set<std::string, std::less<>> names; // interned entity names (StepInstance::type_)
    };
    std::unique_ptr<Shared> shared_;
    std::vector<StepInstance> header_;
    std::vector<std::string> schemas_;
    std::vector<StepInstance> instances_;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> byId_; // (id, index in instances_), sorted by id
};

// A depth-first walk over references that cannot run forever: enter() each instance on the way down
// (the returned guard leaves it again); entering an instance already on the path is a cycle, and a path
// deeper than maxDepth is refused. Both throw StepError at the instance entered:
//   "#3 IFCX: reference cycle: #1 IFCA -> #3 IFCX -> #1 IFCA"  /  "... references nested deeper than 64"
class StepWalk {
public:
    explicit StepWalk(std::size_t maxDepth = 64) : maxDepth_(maxDepth) {}

    class Guard {
    public:
        explicit Guard(StepWalk& walk) : walk_(&walk) {}
        Guard(Guard&& o) noexcept : walk_(std::exchange(o.walk_, nullptr)) {}
        Guard(const Guard&) = delete;
        Guard& operator=(const Guard&) = delete;
        Guard& operator=(Guard&&) = delete;
        ~Guard() {
            if (walk_) walk_->path_.pop_back();
        }

    private:
        StepWalk* walk_;
    };

    [[nodiscard]] Guard enter(const StepInstance& e);
    const std::vector<const StepInstance*>& path() const { return path_; }

private:
    std::size_t maxDepth_;
    std::vector<const StepInstance*> path_;
};

} // namespace tl
