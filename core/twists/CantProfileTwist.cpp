#include "core/twists/CantProfileTwist.h"

#include <cmath>
#include <stdexcept>

namespace tl {

CantProfileTwist::CantProfileTwist(std::shared_ptr<const AlignmentCurve> curve) : curve_(std::move(curve)) {
    if (!curve_) throw std::invalid_argument("a cant profile twist needs an alignment curve");
}

TwistValue CantProfileTwist::at(double s, const Frame&) const {
    const double u = curve_->horizontalDistance(s);
    const CantProfile::Value c = curve_->cant().at(u);
    const double z1 = curve_->vertical().at(u).z1;
    return {-c.psi, -c.dpsi / std::sqrt(1.0 + z1 * z1)};
}

} // namespace tl
