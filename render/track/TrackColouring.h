#pragma once
// Overlays that colour the track by a quantity along s, in the unit the layout's users expect (railway
// layouts state cant and cant deficiency in mm over their rail-centre distance, coasters in degrees;
// core/units/CantUnits.h), and the legend that explains the colours.
#include "core/geometry/Frame.h"
#include "core/units/CantUnits.h"

#include <osg/Vec4>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tl {
class Track;
}

namespace tl::render {

enum class TrackOverlay {
    None,           // ballast / spine in its natural colour
    Curvature,      // |kappa| [1/m]: 0 green ... 1/100 m red
    Bank,           // bank from the vertical: railway cant -150 mm blue ... 0 white ... +150 mm red,
                    // coaster -90 deg ... +90 deg
    CantDeficiency, // equilibrium cant at the chosen speed minus the actual cant (leaning into the curve):
                    // railway -150 mm (excess) blue ... 0 green ... +150 mm red; coaster +-6 deg
    PeakYQ,         // after a run: the highest Y/Q / Nadal limit seen at each place: 0 green, >= 1 red
    Checks,         // design-rule checks: each violated range in its rule's colour, the rest `ok`
    Risk,           // a derailment-risk map (physics/run/RiskMap.h): the probability of derailing at each
                    // place, 0 green ... riskScale red; places no run reached in their natural colour
    // Estimated while building, without a run (the design-rule checks' energy model, core/checks/
    // PlaceSamples.h, at the rider's height): places where the train stalls or no speed is known in their
    // natural colour.
    EstimatedSpeed,    // 0 green ... speedHi red, in the user's speed unit
    EstimatedVertical, // rider g along the track's up: airtime (< 1 g) toward blue, 1 g green ... 5 g red
    EstimatedLateral,  // rider g toward the left: -2 g blue ... 0 white ... +2 g red
};

// Per track id: values sampled along s (increasing s), read by linear interpolation between samples; NaN
// where a track has none or s lies beyond them, and across a NaN sample.
struct SampledValues {
    struct Series {
        std::vector<double> s;
        std::vector<float> v;
    };
    std::map<std::string, Series> tracks;
    double at(const std::string& track, double s) const;
};

// Per track id: the peak value in consecutive bins of `bin` metres along s.
struct PeakMap {
    double bin = 5.0; // [m]
    std::map<std::string, std::vector<float>> peaks;
    float missing = 0.f; // where no bin is (the risk map: NaN, drawn in the natural colour)
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
    double speed = 25.0;                            // speed for the cant deficiency [m/s]
    double g = 9.81;                                // [m/s^2]
    std::shared_ptr<const PeakMap> peaks;           // for PeakYQ
    std::shared_ptr<const PeakMap> risk;            // for Risk: the probability per bin
    double riskScale = 0.1;                         // the probability drawn red (and the legend's end)
    std::shared_ptr<const SampledValues> estimates; // for the Estimated overlays, in the legend's unit
    bool measured = false;          // the Estimated overlays show what a run measured (the legend says so)
    std::string speedUnit = "km/h"; // EstimatedSpeed's legend: the unit and its red end
    double speedHi = 100.0;
    std::shared_ptr<const RangeColours> ranges; // for Checks
    // How the layout states bank (LayoutScene sets both from the layout it shows).
    BankUnit bankUnit = BankUnit::CantMm;
    double railCentre = defaultRailCentreDistance; // b [m]
};

// The overlay's value at arc length s of a track, in the legend's unit: mm of cant over b (railway) or
// degrees (coaster) for Bank and CantDeficiency, 1/m for Curvature. 0 for PeakYQ, Checks and None (their
// values come from the run / the check report: see TrackMesh).
double overlayValue(const Track& track, double s, const OverlayOptions& o);
// Cant deficiency at speed v [m/s] at s, in the unit of `o`: the equilibrium bank atan(v^2 |kappa_L| / g)
// for the level (lateral) curvature minus the bank from the vertical leaning into the curve, as cant
// E = b sin(phi) in mm on a railway, in degrees on a coaster. On a straight any bank is an excess (< 0).
double cantDeficiencyShown(const Track& track, double s, double v, const OverlayOptions& o);
// Colour of a value (in the legend's unit) of that overlay (the natural colour `base` for None).
osg::Vec4 overlayColour(double value, const OverlayOptions& o, const osg::Vec4& base);

// What the colours of an overlay mean: the quantity, its unit and the value range the colour ramp spans,
// with round tick values `step` apart from lo to hi (values beyond the range take the end colours).
struct OverlayLegend {
    std::string quantity; // e.g. "cant deficiency"
    std::string unit;     // "mm", "°", "1/m" or "" (a ratio)
    double lo = 0.0, hi = 1.0, step = 0.25;
    std::vector<double> ticks() const;
    int decimals() const; // enough decimals to print every tick exactly (0 for 50 mm steps)
};
// The legend of a scalar overlay (all but None and Checks); empty quantity otherwise.
OverlayLegend overlayLegend(const OverlayOptions& o);

} // namespace tl::render
