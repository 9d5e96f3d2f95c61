#pragma once
// UTF-8 encoding and validation for the text readers (core/io/StepParser.cpp decodes STEP string escapes
// with them).
#include <cstdint>
#include <string>
#include <string_view>

namespace tl {

// Appends the code point cp (<= U+10FFFF) encoded as UTF-8.
void appendUtf8(std::string& out, std::uint32_t cp);

// The length of the valid UTF-8 sequence starting at s[0] (a byte >= 0x80), 0 if invalid (overlong forms,
// surrogates and code points above U+10FFFF included).
std::size_t utf8Length(std::string_view s);

} // namespace tl
