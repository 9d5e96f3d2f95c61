#pragma once
#include "core/geometry/Twist.h"

#include <utility>
#include <vector>

namespace tl {

// Angle keyframes (s [m], wt [rad]) with monotone cubic Hermite (Fritsch-Butland / PCHIP) interpolation:
// C1 (dwt continuous), no overshoot between keys, slope 0 at the first and last key, constant outside.
class KeysTwist : public Twist {
public:
    // Throws std::invalid_argument for no keys, non-finite values or s not strictly increasing.
    explicit KeysTwist(std::vector<std::pair<double, double>> keys);
    // Keys with their slopes given (dwt/ds at each key [rad/m]): cubic Hermite, C1, exact at the keys in
    // value and slope (for a profile sampled with its derivative, e.g. the rails under a heartline:
    // core/layout/HeartlineRails.h). Throws as above, and for a slope count that differs from the keys'.
    KeysTwist(std::vector<std::pair<double, double>> keys, std::vector<double> slopes);
    std::string type() const override { return "keys"; }
    TwistValue at(double s, const Frame& F) const override;
    const std::vector<std::pair<double, double>>& keys() const { return keys_; }

private:
    std::vector<std::pair<double, double>> keys_; // (s [m], wt [rad]), strictly increasing s
    std::vector<double> slopes_;                  // dwt/ds at each key [rad/m]
};

} // namespace tl
