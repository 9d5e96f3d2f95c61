#pragma once
// Saving JSON so that files diff well: a three-way merge of text. `original` is the file as it was read,
// `base` the canonical JSON of what was read from it (e.g. layoutSpecToJson(parse(original))) and
// `edited` the canonical JSON to save. Wherever base and edited agree, the bytes of `original` are kept:
// key order, spacing, line breaks and the text of numbers (0.0033333333333333335, 3e2, 1.50). Where
// they differ the merge descends: objects keep the original key order (members that left are dropped,
// new members are appended), arrays keep their unchanged prefix and suffix, and only the changed
// values are written fresh, in the style of their neighbours (one line where the neighbours are one
// line, else indented like them; new objects take their keys in the order of a sibling object).
// Keys present in `original` but absent from both base and edited (defaults the canonical form leaves
// out, like "closed": false) stay as written. So an unchanged document gives back `original` byte for
// byte, and moving one point rewrites only that point's text.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace tl {

// Throws std::invalid_argument when `original` is not JSON (callers then write fresh text).
std::string mergeJsonText(std::string_view original, const nlohmann::json& base,
                          const nlohmann::json& edited);

// Fresh text for a value: 2-space indented JSON; object keys ordered by `keyOrder` first (in that
// order), then the others alphabetically.
std::string freshJsonText(const nlohmann::json& value, std::initializer_list<const char*> keyOrder = {});

} // namespace tl
