#pragma once
// The strict one-pass ISO 10303-21 parser behind StepFile::parse (core/io/StepFile.h; its limits are there).
// Throws StepError (file, line, column, #id, entity) for anything it does not accept.
#include "core/io/StepFile.h"

#include <string>
#include <string_view>

namespace tl {

StepFile parseStepText(std::string_view text, const std::string& file);

} // namespace tl
