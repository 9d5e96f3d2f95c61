#include "render/track/TrackColouring.h"

#include <algorithm>
#include <cmath>

namespace tl::render {

namespace {
osg::Vec4 mix(const osg::Vec4& a, const osg::Vec4& b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    return a * float(1 - t) + b * float(t);
}
const osg::Vec4 kGreen(0.2f, 0.75f, 0.25f, 1), kYellow(0.95f, 0.85f, 0.15f, 1), kRed(0.9f, 0.15f, 0.1f, 1);
const osg::Vec4 kBlue(0.15f, 0.35f, 0.9f, 1), kWhite(0.92f, 0.92f, 0.92f, 1);
constexpr double kDeg = 3.14159265358979323846 / 180.0;

osg::Vec4 ramp(double t) { // 0 green -> 0.5 yellow -> 1 red
    return t < 0.5 ? mix(kGreen, kYellow, 2 * t) : mix(kYellow, kRed, 2 * t - 1);
}
} // namespace

double PeakMap::at(const std::string& track, double s) const {
    const auto it = peaks.find(track);
    if (it == peaks.end() || s < 0) return 0.0;
    const auto i = std::size_t(s / bin);
    return i < it->second.size() ? double(it->second[i]) : 0.0;
}

osg::Vec4 RangeColours::at(const std::string& track, double s) const {
    const auto it = ranges.find(track);
    if (it != ranges.end())
        for (const Range& r : it->second)
            if (s >= r.s0 - pad && s <= r.s1 + pad) return r.colour;
    return ok;
}

double overlayValue(const TwistedFrame& f, const OverlayOptions& o) {
    switch (o.overlay) {
    case TrackOverlay::PeakYQ:
    case TrackOverlay::Checks:
        return 0.0; // needs the track and s: see TrackMesh
    case TrackOverlay::None:
        return 0.0;
    case TrackOverlay::Curvature:
        return std::abs(f.F.kappa);
    case TrackOverlay::Bank:
        return f.wt;
    case TrackOverlay::CantDeficiency: {
        // equilibrium bank for the speed minus the bank the track has, both leaning into the curve
        // (the equilibrium twist is -atan(v^2 kappa / g), see CantTwist)
        const double equilibrium = -std::atan(o.speed * o.speed * f.F.kappa / o.g);
        return std::abs(equilibrium - f.wt);
    }
    }
    return 0.0;
}

osg::Vec4 overlayColour(double v, const OverlayOptions& o, const osg::Vec4& base) {
    switch (o.overlay) {
    case TrackOverlay::None:
        return base;
    case TrackOverlay::Curvature:
        return ramp(v / 0.01);
    case TrackOverlay::Bank:
        return v >= 0 ? mix(kWhite, kRed, v / (10 * kDeg)) : mix(kWhite, kBlue, -v / (10 * kDeg));
    case TrackOverlay::CantDeficiency:
        return ramp(v / (6 * kDeg));
    case TrackOverlay::PeakYQ:
        return ramp(v); // Y/Q as a fraction of its Nadal limit
    case TrackOverlay::Checks:
        return base; // coloured by ranges: see TrackMesh
    }
    return base;
}

} // namespace tl::render
