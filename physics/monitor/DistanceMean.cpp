#include "physics/monitor/DistanceMean.h"

#include <algorithm>
#include <cmath>

namespace tl {

void DistanceMean::add(double value, double travelled) {
    if (!std::isfinite(value) || !std::isfinite(travelled) || travelled <= 0.0) return;
    if (travelled >= kBins * kBin) { // a step longer than the window: it is the window
        clear();
        for (int i = 0; i + 1 < kBins; ++i)
            bins[std::size_t(i)] = {value * kBin, kBin};
        current = kBins - 1;
        resum();
        return;
    }
    while (travelled > 0.0) {
        Bin& c = bins[std::size_t(current)];
        const double part = std::min(travelled, kBin - c.distance);
        c.valueDistance += value * part;
        c.distance += part;
        valueDistanceSum += value * part;
        distanceSum += part;
        travelled -= part;
        if (c.distance >= kBin * (1 - 1e-9)) { // full: the next bin, emptied, fills
            current = (current + 1) % kBins;
            Bin& n = bins[std::size_t(current)];
            valueDistanceSum -= n.valueDistance;
            distanceSum -= n.distance;
            n = Bin{};
            if (++turns >= kBins) resum(); // the rounding of the running sums never builds up
        }
    }
}

void DistanceMean::resum() {
    valueDistanceSum = distanceSum = 0.0;
    for (int i = 0; i < kBins; ++i)
        valueDistanceSum += bins[std::size_t(i)].valueDistance, distanceSum += bins[std::size_t(i)].distance;
    turns = 0;
}

double DistanceMean::mean(double fallback) const {
    return distanceSum > 0.0 ? valueDistanceSum / distanceSum : fallback;
}

} // namespace tl
