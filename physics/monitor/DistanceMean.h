#pragma once
// A sliding mean over the last 2 m of travel, as UIC 518 evaluates Y/Q and the wheel unloading ratio ΔQ/Q:
// each step adds its value weighted by the distance travelled in it. The distance is kept in 0.1 m bins,
// twenty full ones and the one filling, so the mean covers between 2.0 and 2.1 m (exactly 2.0 m when the
// travel is a whole number of bins). The sums over the bins are kept as the bins change, and summed again
// exactly each time the window has turned over (every 21 bins), so mean() reads two numbers instead of all
// bins, and a bin's two sums sit side by side (docs/trains-format.md, "Scale benchmark": fewer cache lines
// per bogie-step). Fixed size, plain data: a snapshot copies it whole.
#include <array>

namespace tl {

struct DistanceMean {
    static constexpr int kBins = 21;    // 20 full bins + the one filling
    static constexpr double kBin = 0.1; // [m]
    double valueDistanceSum = 0.0;      // over all bins
    double distanceSum = 0.0;           // [m]
    int current = 0;                    // the bin filling
    int turns = 0;                      // bins begun since the sums were last summed exactly
    struct Bin {
        double valueDistance = 0.0; // sum of value x distance
        double distance = 0.0;      // [m]
    };
    std::array<Bin, kBins> bins{};

    // Adds a step's value over the distance travelled in it (|v| dt); a non-finite value or distance is
    // skipped (never propagated).
    void add(double value, double travelled);
    // The mean over the window; `fallback` while nothing has been travelled (standing still since a reset).
    double mean(double fallback) const;
    void clear() { *this = DistanceMean{}; }

private:
    void resum(); // the sums, exactly, from the bins
};

} // namespace tl
