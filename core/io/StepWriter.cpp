#include "core/io/StepWriter.h"

#include "core/io/Utf8.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace tl {

std::string stepReal(double x) {
    if (!std::isfinite(x)) throw std::invalid_argument("a STEP REAL must be finite");
    if (x == 0.0) return "0.";
    char buf[40];
    for (const int digits : {15, 16, 17}) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (std::strtod(buf, nullptr) == x) break;
    }
    // %g: "1", "0.5", "1e-05", "1.5e+20" -> a decimal point before any exponent, upper-case E
    const std::string g = buf;
    const std::size_t e = g.find_first_of("eE");
    std::string mantissa = g.substr(0, e);
    const std::string exponent = e == std::string::npos ? std::string() : "E" + g.substr(e + 1);
    if (mantissa.find('.') == std::string::npos) mantissa += '.';
    return mantissa + exponent;
}

std::string stepString(std::string_view s) {
    static const char* const kHex = "0123456789ABCDEF";
    std::string out = "'";
    std::string run; // \X2\ code units of the current run
    const auto flush = [&] {
        if (run.empty()) return;
        out += "\\X2\\" + run + "\\X0\\";
        run.clear();
    };
    const auto unit = [&](std::uint32_t u) {
        for (int shift = 12; shift >= 0; shift -= 4)
            run += kHex[(u >> shift) & 0xF];
    };
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c <= 0x7E) {
            flush();
            if (c == '\'')
                out += "''";
            else if (c == '\\')
                out += "\\\\";
            else
                out += char(c);
            ++i;
            continue;
        }
        std::uint32_t cp = c;
        std::size_t n = 1;
        if (c >= 0x80) {
            n = utf8Length(s.substr(i));
            if (n == 0)
                throw std::invalid_argument("invalid UTF-8 at byte " + std::to_string(i) + " of a string");
            cp = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
            for (std::size_t k = 1; k < n; ++k)
                cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        }
        if (cp > 0xFFFF) { // a UTF-16 surrogate pair
            const std::uint32_t v = cp - 0x10000;
            unit(0xD800 + (v >> 10));
            unit(0xDC00 + (v & 0x3FF));
        } else {
            unit(cp);
        }
        i += n;
    }
    flush();
    return out + "'";
}

std::string stepRef(std::uint64_t id) {
    return "#" + std::to_string(id);
}

std::string stepEnum(std::string_view name) {
    return "." + std::string(name) + ".";
}

std::string stepList(const std::vector<std::string>& items) {
    std::string out = "(";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? "," : "") + items[i];
    return out + ")";
}

std::string stepTyped(std::string_view type, const std::string& value) {
    return std::string(type) + "(" + value + ")";
}

std::uint64_t StepWriter::add(std::string_view entity, const std::string& args) {
    if (entity.empty()) throw std::invalid_argument("a STEP entity needs a name");
    for (const char c : entity)
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            throw std::invalid_argument("a STEP entity name is upper case: " + std::string(entity));
    const std::uint64_t id = lines_.size() + 1;
    lines_.push_back(stepRef(id) + "=" + std::string(entity) + "(" + args + ");");
    return id;
}

std::string StepWriter::text(const std::vector<std::string>& description, const std::string& name,
                             const std::string& timeStamp, const std::string& schema,
                             const std::string& system) const {
    std::vector<std::string> descriptions;
    for (const std::string& d : description)
        descriptions.push_back(stepString(d));
    std::string out = "ISO-10303-21;\nHEADER;\n";
    out += "FILE_DESCRIPTION(" + stepList(descriptions) + ",'2;1');\n";
    // name, time_stamp, author, organization, preprocessor_version, originating_system, authorization
    out += "FILE_NAME(" + stepString(name) + "," + stepString(timeStamp) + ",(''),('')," +
           stepString(system) + "," + stepString(system) + ",'');\n";
    out += "FILE_SCHEMA((" + stepString(schema) + "));\nENDSEC;\nDATA;\n";
    for (const std::string& line : lines_)
        out += line + "\n";
    out += "ENDSEC;\nEND-ISO-10303-21;\n";
    return out;
}

} // namespace tl
