#include "core/curves/Line.h"

#include "core/curves/CurveArguments.h"

namespace tl {

Line::Line(double length) : length_(length) {
    args::requirePositive(length, "line length");
}

Frame Line::frame(double s) const {
    Frame f;
    f.P = Vec3(args::clampArc(s, length_), 0.0, 0.0);
    return f; // T = +x, N = +y, B = +z, kappa = tau = 0
}

} // namespace tl
