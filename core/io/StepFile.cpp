#include "core/io/StepFile.h"

#include "core/io/InputFile.h"
#include "core/io/StepError.h"
#include "core/io/StepParser.h"

#include <algorithm>

namespace tl {

StepFile::StepFile() : shared_(std::make_unique<Shared>()) {}

StepFile StepFile::parse(std::string_view text, const std::string& file) {
    if (text.size() > kMaxStepFileBytes)
        throw StepError(file, 0, 0, 0, "",
                        "is " + std::to_string(text.size()) + " bytes, more than the limit of " +
                            std::to_string(kMaxStepFileBytes) + " bytes");
    return parseStepText(text, file);
}

StepFile StepFile::read(const std::filesystem::path& path) {
    const std::string text = readInputFile(path, kMaxStepFileBytes);
    return parse(text, path.string());
}

const StepInstance* StepFile::headerEntity(std::string_view upperName) const {
    for (const StepInstance& e : header_)
        if (e.type() == upperName) return &e;
    return nullptr;
}

const StepInstance* StepFile::find(std::uint64_t id) const {
    const auto it =
        std::lower_bound(byId_.begin(), byId_.end(), std::pair<std::uint64_t, std::uint32_t>(id, 0));
    return it != byId_.end() && it->first == id ? &instances_[it->second] : nullptr;
}

const StepInstance& StepFile::at(std::uint64_t id) const {
    if (const StepInstance* e = find(id)) return *e;
    throw StepError(file(), 0, 0, 0, "", "no instance #" + std::to_string(id) + " in the file");
}

const StepInstance& StepFile::target(const StepInstance& from, std::size_t i,
                                     std::string_view expectedType) const {
    return target(from, from.arg(i), StepInstance::where(i), expectedType);
}

const StepInstance& StepFile::target(const StepInstance& from, const StepValue& v, const std::string& where,
                                     std::string_view expectedType) const {
    const std::uint64_t id = from.ref(v, where);
    const StepInstance* e = find(id);
    if (!e) from.fail(where, "reference to #" + std::to_string(id) + ", which is not in the file");
    if (!expectedType.empty() && e->type() != expectedType)
        from.fail(where,
                  "#" + std::to_string(id) + " is " + e->type() + ", expected " + std::string(expectedType));
    return *e;
}

std::vector<const StepInstance*> StepFile::ofType(std::string_view upperName) const {
    std::vector<const StepInstance*> out;
    for (const StepInstance& e : instances_)
        if (e.type() == upperName) out.push_back(&e);
    return out;
}

StepWalk::Guard StepWalk::enter(const StepInstance& e) {
    for (std::size_t k = 0; k < path_.size(); ++k)
        if (path_[k] == &e) {
            std::string cycle;
            for (std::size_t j = k; j < path_.size(); ++j)
                cycle += path_[j]->name() + " -> ";
            e.fail("reference cycle: " + cycle + e.name());
        }
    if (path_.size() >= maxDepth_)
        e.fail("not accepted: references nested deeper than " + std::to_string(maxDepth_) + " instances");
    path_.push_back(&e);
    return Guard(*this);
}

} // namespace tl
