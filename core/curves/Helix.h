#pragma once
// Circular helix with axis parallel to local z. Starts at the origin; the initial tangent lies in the
// xz-plane heading +x and rising (pitch > 0) or falling (pitch < 0); it turns toward +y.
// With h = pitch / (2 pi) and c = sqrt(r^2 + h^2), t = s / c:
//   P = (r sin t, r (1 - cos t), h t),  kappa = r / c^2,  tau = h / c^2  (closed form).
#include "core/geometry/Curve.h"

namespace tl {

class Helix : public Curve {
public:
    // pitch = rise per full turn [m] (0 gives a flat circle). Throws std::invalid_argument unless
    // radius > 0, length > 0 and all arguments are finite.
    Helix(double radius, double pitch, double length);

    std::string type() const override { return "helix"; }
    double length() const override { return length_; }
    Frame frame(double s) const override;

    double radius() const { return radius_; }
    double pitch() const { return pitch_; }
    double turnLength() const; // arc length of one full turn [m]

private:
    double radius_; // [m]
    double pitch_;  // rise per turn [m]
    double length_; // [m]
};

} // namespace tl
