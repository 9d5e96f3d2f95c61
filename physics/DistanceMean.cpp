#include "physics/DistanceMean.h"

#include <algorithm>
#include <cmath>

namespace tl {

void DistanceMean::add(double value, double travelled) {
    if (!std::isfinite(value) || !std::isfinite(travelled) || travelled <= 0.0) return;
    if (travelled >= kBins * kBin) { // a step longer than the window: it is the window
        clear();
        for (int i = 0; i + 1 < kBins; ++i)
            valueDistance[std::size_t(i)] = value * kBin, distance[std::size_t(i)] = kBin;
        current = kBins - 1;
        resum();
        return;
    }
    while (travelled > 0.0) {
        const auto c = std::size_t(current);
        const double part = std::min(travelled, kBin - distance[c]);
        valueDistance[c] += value * part;
        distance[c] += part;
        valueDistanceSum += value * part;
        distanceSum += part;
        travelled -= part;
        if (distance[c] >= kBin * (1 - 1e-9)) { // full: the next bin, emptied, fills
            current = (current + 1) % kBins;
            const auto n = std::size_t(current);
            valueDistanceSum -= valueDistance[n];
            distanceSum -= distance[n];
            valueDistance[n] = distance[n] = 0.0;
            if (++turns >= kBins) resum(); // the rounding of the running sums never builds up
        }
    }
}

void DistanceMean::resum() {
    valueDistanceSum = distanceSum = 0.0;
    for (int i = 0; i < kBins; ++i)
        valueDistanceSum += valueDistance[std::size_t(i)], distanceSum += distance[std::size_t(i)];
    turns = 0;
}

double DistanceMean::mean(double fallback) const {
    return distanceSum > 0.0 ? valueDistanceSum / distanceSum : fallback;
}

} // namespace tl
