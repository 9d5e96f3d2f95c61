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
    // Keys with their slopes given (dwt/ds [rad/m]): cubic Hermite between keys, exact at the keys in value
    // and slope; `after[i]` is the slope leaving key i, `before[i]` the slope arriving at it (equal: C1; they
    // may differ where the frame the twist is measured on turns at a different rate on either side, as a
    // spline's torsion does at its points: core/layout/HeartlineRails.h). Throws as above, and for slope
    // counts that differ from the keys'.
    KeysTwist(std::vector<std::pair<double, double>> keys, std::vector<double> after,
              std::vector<double> before);
    std::string type() const override { return "keys"; }
    TwistValue at(double s, const Frame& F) const override;
    const std::vector<std::pair<double, double>>& keys() const { return keys_; }

private:
    std::vector<std::pair<double, double>> keys_; // (s [m], wt [rad]), strictly increasing s
    std::vector<double> slopes_;                  // dwt/ds at each key [rad/m] (leaving it)
    std::vector<double> arriving_;                // dwt/ds arriving at each key, if it differs (else empty)
};

} // namespace tl
