#pragma once
// A curve parameterized by s in [0, length()], in its local coordinates: its arc length, except on the rails
// under a heartline, whose s is the heartline's arc length (Frame::speed: the curve's metres per unit of s;
// core/layout/HeartlineRails.h).
// Local convention for the analytic curves: start at the origin, heading +x, up +z.
#include "core/geometry/Frame.h"

#include <memory>
#include <string>

namespace tl {

class Curve {
public:
    virtual ~Curve() = default;

    virtual std::string type() const = 0; // "line", "arc", "helix", "clothoid", "spline"
    virtual double length() const = 0;    // the range of s [m]
    virtual bool closed() const { return false; }

    // Continued Frenet frame at s. s is clamped to [0, length()] (wrapped if closed()).
    virtual Frame frame(double s) const = 0;
    virtual Vec3 position(double s) const { return frame(s).P; }
};

using CurvePtr = std::shared_ptr<const Curve>;

} // namespace tl
