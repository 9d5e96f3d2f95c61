#include "core/io/StepError.h"

namespace tl {

namespace {

std::string place(std::size_t line, std::size_t column) {
    if (line == 0) return "";
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string prefixed(std::uint64_t id, const std::string& entity, const std::string& detail) {
    std::string who;
    if (id != 0) who = "#" + std::to_string(id);
    if (!entity.empty()) who += (who.empty() ? "" : " ") + entity;
    return who.empty() ? detail : who + ": " + detail;
}

} // namespace

StepError::StepError(std::string file, std::size_t line, std::size_t column, std::uint64_t id,
                     std::string entity, std::string detail)
    : LayoutError(std::move(file), place(line, column), prefixed(id, entity, detail)), line_(line),
      column_(line == 0 ? 0 : column), id_(id), entity_(std::move(entity)), detail_(std::move(detail)) {}

} // namespace tl
