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
        return;
    }
    while (travelled > 0.0) {
        const auto c = std::size_t(current);
        const double part = std::min(travelled, kBin - distance[c]);
        valueDistance[c] += value * part;
        distance[c] += part;
        travelled -= part;
        if (distance[c] >= kBin * (1 - 1e-9)) { // full: the next bin, emptied, fills
            current = (current + 1) % kBins;
            valueDistance[std::size_t(current)] = distance[std::size_t(current)] = 0.0;
        }
    }
}

double DistanceMean::mean(double fallback) const {
    double vd = 0.0, d = 0.0;
    for (int i = 0; i < kBins; ++i)
        vd += valueDistance[std::size_t(i)], d += distance[std::size_t(i)];
    return d > 0.0 ? vd / d : fallback;
}

} // namespace tl
