#include "core/curves/CantProfile.h"

#include "core/curves/ProfileError.h"
#include "core/curves/TransitionSpiral.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tl {

namespace {

std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", x);
    return buf;
}

constexpr std::pair<CantSegmentSpec::Type, const char*> kNames[] = {
    {CantSegmentSpec::Type::Constant, "constant"},
    {CantSegmentSpec::Type::Linear, "linear"},
    {CantSegmentSpec::Type::Bloss, "bloss"},
    {CantSegmentSpec::Type::Helmert, "helmert"},
    {CantSegmentSpec::Type::Cosine, "cosine"},
    {CantSegmentSpec::Type::Sine, "sine"},
    {CantSegmentSpec::Type::VienneseBend, "vienneseBend"}};

// f(xi) and df/dxi of a segment's law
std::pair<double, double> shape(CantSegmentSpec::Type t, double xi) {
    using T = CantSegmentSpec::Type;
    using Law = TransitionSpiral::Law;
    switch (t) {
    case T::Constant:
        return {0.0, 0.0};
    case T::Linear:
        return {std::clamp(xi, 0.0, 1.0), xi < 0.0 || xi > 1.0 ? 0.0 : 1.0};
    case T::Bloss:
        return TransitionSpiral::shapeOf(Law::Bloss, xi);
    case T::Helmert:
        return TransitionSpiral::shapeOf(Law::Helmert, xi);
    case T::Cosine:
        return TransitionSpiral::shapeOf(Law::Cosine, xi);
    case T::Sine:
        return TransitionSpiral::shapeOf(Law::Sine, xi);
    case T::VienneseBend:
        return TransitionSpiral::shapeOf(Law::VienneseBend, xi);
    }
    return {0.0, 0.0};
}

} // namespace

const char* cantTypeName(CantSegmentSpec::Type t) {
    for (const auto& [type, name] : kNames)
        if (type == t) return name;
    return "";
}

std::optional<CantSegmentSpec::Type> cantTypeNamed(const std::string& name) {
    for (const auto& [type, n] : kNames)
        if (name == n) return type;
    return std::nullopt;
}

CantProfile::CantProfile(std::vector<CantSegmentSpec> segments, double railHeadDistance,
                         double horizontalLength)
    : segments_(std::move(segments)), b_(railHeadDistance), horizontalLength_(horizontalLength) {
    if (!std::isfinite(b_) || !(b_ > 0.0))
        throw ProfileError("cant", -1, "railHeadDistance", "railHeadDistance must be > 0, got " + num(b_));
    double previousEnd = 0.0;
    for (std::size_t i = 0; i < segments_.size(); ++i) {
        const CantSegmentSpec& c = segments_[i];
        const int at = int(i);
        auto fail = [at](const char* key, const std::string& problem) {
            throw ProfileError("cant", at, key, problem);
        };
        for (double v : {c.from, c.length, c.startCantLeft, c.endCantLeft, c.startCantRight, c.endCantRight})
            if (!std::isfinite(v)) fail("", "a value is not finite");
        if (!(c.length > 0.0)) fail("length", "length must be > 0, got " + num(c.length));
        if (c.lawFrom || c.lawLength) {
            const double lf = c.lawFrom.value_or(c.from), ll = c.lawLength.value_or(c.length);
            if (!std::isfinite(lf)) fail("lawFrom", "not a finite number");
            if (!(ll > 0.0) || !std::isfinite(ll)) fail("lawLength", "lawLength must be > 0, got " + num(ll));
            if (c.from < lf - kJoinTolerance || c.from + c.length > lf + ll + kJoinTolerance)
                fail("lawFrom", "the segment [" + num(c.from) + ", " + num(c.from + c.length) +
                                    "] m is not within its law [" + num(lf) + ", " + num(lf + ll) + "] m");
        }
        if (std::abs(c.from - previousEnd) > kJoinTolerance)
            fail("from", "from " + num(c.from) + " m, " +
                             (i ? "the previous segment ends at " + num(previousEnd) + " m"
                                : std::string("the profile must start at 0")) +
                             " (segments must be contiguous to 1 mm)");
        if (c.type == CantSegmentSpec::Type::Constant &&
            (c.endCantLeft != c.startCantLeft || c.endCantRight != c.startCantRight))
            fail("", "a constant segment's end cants must equal its start cants");
        // every law is monotone between its end values: the ends bound |D|
        for (double D : {c.startCantRight - c.startCantLeft, c.endCantRight - c.endCantLeft})
            if (!(std::abs(D) < b_))
                fail("", "cant " + num(D) + " m (right - left) is not within the rail head distance " +
                             num(b_) + " m (|D| < b)");
        previousEnd = c.from + c.length;
    }
    if (!segments_.empty() && std::abs(previousEnd - horizontalLength) > kJoinTolerance)
        throw ProfileError("cant", int(segments_.size()) - 1, "length",
                           "the cant profile ends at " + num(previousEnd) + " m, the horizontal length is " +
                               num(horizontalLength) + " m (to 1 mm)");
}

CantProfile::Value CantProfile::at(double u) const {
    Value v;
    if (segments_.empty()) return v;
    u = std::clamp(u, 0.0, horizontalLength_);
    std::size_t j = 0;
    while (j + 1 < segments_.size() && segments_[j + 1].from <= u)
        ++j;
    const CantSegmentSpec& c = segments_[j];
    const double lf = c.lawFrom.value_or(c.from), ll = c.lawLength.value_or(c.length);
    const auto [f, fp] = shape(c.type, (u - lf) / ll);
    const double d0 = c.startCantRight - c.startCantLeft;
    const double dd = (c.endCantRight - c.endCantLeft) - d0;
    v.cant = d0 + dd * f;
    v.dcant = dd * fp / ll;
    v.psi = std::asin(v.cant / b_);
    v.dpsi = v.dcant / std::sqrt((b_ - v.cant) * (b_ + v.cant));
    return v;
}

} // namespace tl
