#pragma once
// Straight line along local +x: P(s) = (s, 0, 0), T = +x, N = +y, B = +z, kappa = tau = 0.
#include "core/geometry/Curve.h"

namespace tl {

class Line : public Curve {
public:
    // Throws std::invalid_argument unless length is finite and > 0.
    explicit Line(double length);

    std::string type() const override { return "line"; }
    double length() const override { return length_; }
    Frame frame(double s) const override;

private:
    double length_; // [m]
};

} // namespace tl
