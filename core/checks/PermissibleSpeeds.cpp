#include "core/checks/PermissibleSpeeds.h"

#include "core/checks/CheckEngine.h"
#include "core/checks/PlaceSamples.h"
#include "core/units/CantUnits.h"

#include <algorithm>

namespace tl {

std::vector<TrackPermissible> permissibleSpeeds(const Layout& layout, const RuleProfile& profile) {
    const double b = railCentreDistance(layout.spec());
    const std::vector<TrackSamples> samples = samplePlaces(layout, profile, {}, false);
    std::vector<TrackPermissible> out(samples.size());
    for (std::size_t t = 0; t < samples.size(); ++t) {
        TrackPermissible& o = out[t];
        o.length = layout.track(t).length();
        o.speed.reserve(samples[t].places.size());
        for (const PlaceSample& p : samples[t].places) {
            double v = std::numeric_limits<double>::infinity();
            for (const RuleSpec& r : profile.rules)
                v = std::min(v, permissibleSpeed(r, p, b));
            o.speed.push_back(v);
            o.lowest = std::min(o.lowest, v);
        }
    }
    return out;
}

RuleProfile curveSpeedProfile(double deficiency, double sampling) {
    RuleProfile p;
    p.file = "<memory>";
    p.name = "curve speed";
    p.sampling = sampling;
    RuleSpec r;
    r.type = RuleType::CurveSpeed;
    r.id = "curveSpeed";
    r.name = "curve speed";
    r.unit = "m";
    r.cantDeficiency = deficiency;
    p.rules.push_back(r);
    return p;
}

} // namespace tl
