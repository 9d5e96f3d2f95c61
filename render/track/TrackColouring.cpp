#include "render/track/TrackColouring.h"

#include "core/layout/Track.h"

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
    if (it == peaks.end() || s < 0) return missing;
    const auto i = std::size_t(s / bin);
    return i < it->second.size() ? double(it->second[i]) : missing;
}

double SampledValues::at(const std::string& track, double s) const {
    const auto it = tracks.find(track);
    if (it == tracks.end() || it->second.s.empty()) return NAN;
    const Series& x = it->second;
    if (s < x.s.front() || s > x.s.back()) return NAN;
    const auto hi = std::size_t(std::upper_bound(x.s.begin(), x.s.end(), s) - x.s.begin());
    if (hi == x.s.size()) return double(x.v.back());
    const std::size_t lo = hi - 1;
    const double t = (s - x.s[lo]) / (x.s[hi] - x.s[lo]);
    return double(x.v[lo]) + t * (double(x.v[hi]) - double(x.v[lo])); // NaN beside a NaN sample
}

osg::Vec4 RangeColours::at(const std::string& track, double s) const {
    const auto it = ranges.find(track);
    if (it != ranges.end())
        for (const Range& r : it->second)
            if (s >= r.s0 - pad && s <= r.s1 + pad) return r.colour;
    return ok;
}

namespace {
bool millimetres(const OverlayOptions& o) {
    return o.bankUnit == BankUnit::CantMm;
}
// Bank [rad] as the overlay states it: mm of cant over b, or degrees.
double bankShown(double phi, const OverlayOptions& o) {
    return millimetres(o) ? 1e3 * cantFromBank(phi, o.railCentre) : phi / kDeg;
}
} // namespace

double cantDeficiencyShown(const Track& track, double s, double v, const OverlayOptions& o) {
    // the level (lateral) curvature and the bank from the vertical, as the twist editor draws them
    const double kappaL = track.upReference()->levelFrame(s).kappa;
    const double phi = track.bank(s).wt;
    const double k = std::abs(kappaL), lean = bankIntoCurve(phi, kappaL); // on a straight: an excess
    if (millimetres(o)) return 1e3 * cantDeficiency(v, k, lean, o.railCentre, o.g);
    return (equilibriumBank(v, k, o.g) - lean) / kDeg;
}

double overlayValue(const Track& track, double s, const OverlayOptions& o) {
    switch (o.overlay) {
    case TrackOverlay::PeakYQ:
    case TrackOverlay::Risk:
    case TrackOverlay::Checks:
    case TrackOverlay::None:
        return 0.0; // needs the run, the risk map or the check report: see TrackMesh
    case TrackOverlay::EstimatedSpeed:
    case TrackOverlay::EstimatedVertical:
    case TrackOverlay::EstimatedLateral:
        return o.estimates ? o.estimates->at(track.id(), s) : NAN;
    case TrackOverlay::Curvature:
        return std::abs(track.curveFrame(s).F.kappa);
    case TrackOverlay::Bank:
        return bankShown(track.bank(s).wt, o); // from the vertical, not the Frenet twist
    case TrackOverlay::CantDeficiency:
        return cantDeficiencyShown(track, s, o.speed, o);
    }
    return 0.0;
}

osg::Vec4 overlayColour(double v, const OverlayOptions& o, const osg::Vec4& base) {
    const OverlayLegend l = overlayLegend(o);
    switch (o.overlay) {
    case TrackOverlay::None:
    case TrackOverlay::Checks: // coloured by ranges: see TrackMesh
        return base;
    case TrackOverlay::Curvature:
    case TrackOverlay::PeakYQ:
        return ramp(v / l.hi);
    case TrackOverlay::Risk:
        return std::isnan(v) ? base : ramp(v / l.hi);
    case TrackOverlay::Bank:
        return v >= 0 ? mix(kWhite, kRed, v / l.hi) : mix(kWhite, kBlue, v / l.lo);
    case TrackOverlay::CantDeficiency: // an excess in blue, a deficiency green -> yellow -> red
        return v >= 0 ? ramp(v / l.hi) : mix(kGreen, kBlue, v / l.lo);
    case TrackOverlay::EstimatedSpeed:
        return std::isnan(v) ? base : ramp(v / l.hi);
    case TrackOverlay::EstimatedVertical: // 1 g is riding level at rest; less is airtime
        return std::isnan(v) ? base
               : v >= 1      ? ramp((v - 1) / (l.hi - 1))
                             : mix(kGreen, kBlue, (1 - v) / (1 - l.lo));
    case TrackOverlay::EstimatedLateral:
        return std::isnan(v) ? base : v >= 0 ? mix(kWhite, kRed, v / l.hi) : mix(kWhite, kBlue, v / l.lo);
    }
    return base;
}

std::vector<double> OverlayLegend::ticks() const {
    std::vector<double> out;
    if (!(step > 0) || !(hi > lo)) return out;
    const auto n = long(std::floor((hi - lo) / step + 1e-9));
    for (long i = 0; i <= n; ++i) {
        const double t = lo + double(i) * step;
        out.push_back(std::abs(t) < 1e-12 * step ? 0.0 : t); // 0, never -0
    }
    return out;
}

int OverlayLegend::decimals() const {
    int d = 0;
    for (double scaled = step; d < 6 && std::abs(scaled - std::round(scaled)) > 1e-9 * std::max(1.0, scaled);
         scaled *= 10)
        ++d;
    return d;
}

OverlayLegend overlayLegend(const OverlayOptions& o) {
    const bool mm = millimetres(o);
    switch (o.overlay) {
    case TrackOverlay::Curvature:
        return {"curvature", "1/m", 0.0, 0.01, 0.002};
    case TrackOverlay::Bank: // cant up to ~150 mm on railways (EN 13803: 160-180 mm); coasters roll far
        return mm ? OverlayLegend{"cant", "mm", -150.0, 150.0, 50.0}
                  : OverlayLegend{"bank", "°", -90.0, 90.0, 30.0};
    case TrackOverlay::CantDeficiency: // typical limits 100-150 mm; 6° is 157 mm over 1.5 m
        return mm ? OverlayLegend{"cant deficiency", "mm", -150.0, 150.0, 50.0}
                  : OverlayLegend{"cant deficiency", "°", -6.0, 6.0, 2.0};
    case TrackOverlay::PeakYQ:
        return {"peak Y/Q / Nadal limit", "", 0.0, 1.0, 0.25};
    case TrackOverlay::Risk:
        return {"probability of derailing", "", 0.0, o.riskScale, o.riskScale / 4};
    case TrackOverlay::EstimatedSpeed:
        return {o.measured ? "measured speed" : "estimated speed", o.speedUnit, 0.0, o.speedHi,
                o.speedHi / 4};
    case TrackOverlay::EstimatedVertical:
        return {o.measured ? "measured vertical g (rider)" : "estimated vertical g (rider)", "g", -1.0, 5.0,
                1.0};
    case TrackOverlay::EstimatedLateral:
        return {o.measured ? "measured lateral g (rider, + left)" : "estimated lateral g (rider, + left)",
                "g", -2.0, 2.0, 1.0};
    case TrackOverlay::None:
    case TrackOverlay::Checks:
        break;
    }
    return {"", "", 0.0, 1.0, 0.25};
}

} // namespace tl::render
