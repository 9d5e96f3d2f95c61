// Stations "km K+MMM.mmm": formatting and reading (core/units/Station.h).
#include "core/units/Station.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tl {

std::string formatStation(double metres) {
    if (std::isnan(metres)) return "km nan";
    if (std::isinf(metres)) return metres > 0 ? "km inf" : "km -inf";
    const double mm = std::round(std::abs(metres) * 1000.0); // whole millimetres, halves away from zero
    const bool negative = metres < 0 && mm > 0;
    const double km = std::floor(mm / 1e6);
    const double rest = mm - km * 1e6; // [mm] 0 .. 999 999
    char buf[64];
    std::snprintf(buf, sizeof buf, "km %s%.0f+%03.0f.%03.0f", negative ? "-" : "", km,
                  std::floor(rest / 1000.0), std::fmod(rest, 1000.0));
    return buf;
}

namespace {

[[noreturn]] void bad(const std::string& text, const std::string& why) {
    throw std::invalid_argument("bad station \"" + text + "\": " + why +
                                " (expected e.g. \"km 12+345.678\", \"12+345.678\" or \"12345.678\" [m])");
}

// The value of a run of digits (std::stod of digits alone throws only std::out_of_range: too many).
double value(const std::string& text, const std::string& run) {
    try {
        return std::stod(run);
    } catch (const std::out_of_range&) {
        bad(text, "it is too large");
    }
}

std::size_t digits(const std::string& t, std::size_t i) {
    std::size_t j = i;
    while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j])))
        ++j;
    return j - i;
}

} // namespace

double parseStation(const std::string& text) {
    std::size_t b = 0, e = text.size();
    while (b < e && std::isspace(static_cast<unsigned char>(text[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1])))
        --e;
    const std::string t = text.substr(b, e - b);
    if (t.empty()) bad(text, "it is empty");
    std::size_t i = 0;
    bool km = false;
    if (t.compare(0, 2, "km") == 0) {
        km = true;
        i = 2;
        while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i])))
            ++i;
    }
    bool negative = false;
    if (i < t.size() && t[i] == '-') {
        negative = true;
        ++i;
    }
    const std::size_t n = digits(t, i);
    if (n == 0) bad(text, "no digits where the number starts");
    const double whole = value(text, t.substr(i, n));
    i += n;
    double metres = whole;
    if (i < t.size() && t[i] == '+') { // K+MMM[.mmm]
        ++i;
        if (digits(t, i) != 3)
            bad(text, "the metres after \"+\" must have exactly three digits (000 to 999)");
        metres = whole * 1000.0 + value(text, t.substr(i, 3));
        i += 3;
    } else if (km) {
        bad(text, "after \"km\" the station is written K+MMM.mmm");
    }
    if (i < t.size() && t[i] == '.') {
        ++i;
        const std::size_t f = digits(t, i);
        if (f == 0) bad(text, "no digits after the decimal point");
        metres += value(text, "0." + t.substr(i, f));
        i += f;
    }
    if (i != t.size()) bad(text, "unexpected \"" + t.substr(i) + "\"");
    if (!std::isfinite(metres)) bad(text, "it is too large");
    return negative ? -metres : metres;
}

} // namespace tl
