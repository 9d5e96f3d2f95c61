#include "core/units/NumberText.h"

#include <cstdio>

namespace tl {

std::string numberText(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

} // namespace tl
