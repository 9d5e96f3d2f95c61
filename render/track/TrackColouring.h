#pragma once
// Overlays that colour the track by a quantity along s.
#include "core/geometry/Frame.h"

#include <osg/Vec4>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tl::render {

enum class TrackOverlay {
    None,           // ballast / spine in its natural colour
    Curvature,      // |kappa|: 0 -> green, 1/100 m -> red
    Bank,           // twist angle: -10 deg blue ... 0 white ... +10 deg red
    CantDeficiency, // (v^2 kappa / g) - bank at the chosen speed, in degrees: 0 green, >= 6 deg red
    PeakYQ,         // after a run: the highest Y/Q / Nadal limit seen at each place: 0 green, >= 1 red
    Checks,         // design-rule checks: each violated range in its rule's colour, the rest `ok`
};

// Per track id: the peak value in consecutive bins of `bin` metres along s.
struct PeakMap {
    double bin = 5.0; // [m]
    std::map<std::string, std::vector<float>> peaks;
    double at(const std::string& track, double s) const;
};

// Per track id: ranges of s in a colour (the design-rule overlay: one colour per rule, ui/checks).
struct RangeColours {
    struct Range {
        double s0 = 0.0, s1 = 0.0; // [m]
        osg::Vec4 colour;
    };
    std::map<std::string, std::vector<Range>> ranges;
    osg::Vec4 ok{0.55f, 0.62f, 0.55f, 1.f}; // where no range lies
    double pad = 0.5;                       // ranges reach this far beyond their ends [m] (one sample)
    osg::Vec4 at(const std::string& track, double s) const; // the first range holding s, else ok
};

struct OverlayOptions {
    TrackOverlay overlay = TrackOverlay::None;
    double speed = 25.0;                        // speed for the cant deficiency [m/s]
    double g = 9.81;                            // [m/s^2]
    std::shared_ptr<const PeakMap> peaks;       // for PeakYQ
    std::shared_ptr<const RangeColours> ranges; // for Checks
};

// The overlay's value at a frame (radians for Bank and CantDeficiency, 1/m for Curvature).
double overlayValue(const TwistedFrame& f, const OverlayOptions& o);
// Colour of a value of that overlay (the natural colour `base` for None).
osg::Vec4 overlayColour(double value, const OverlayOptions& o, const osg::Vec4& base);

} // namespace tl::render
