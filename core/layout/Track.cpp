#include "core/layout/Track.h"

#include <stdexcept>

namespace tl {

TwistedFrame transformed(const Pose& X, const TwistedFrame& f) {
    TwistedFrame r = f;
    r.F = transformed(X, f.F);
    r.wN = X.linear() * f.wN;
    r.wB = X.linear() * f.wB;
    return r;
}

Track::Track(std::string id, CurvePtr curve, TwistPtr twist, const Pose& placement, std::string body)
    : id_(std::move(id)), curve_(std::move(curve)), twist_(std::move(twist)), placement_(placement),
      body_(std::move(body)) {
    if (!curve_) throw std::invalid_argument("Track: null curve");
}

TwistedFrame Track::curveFrame(double s) const {
    const Frame F = curve_->frame(s);
    const TwistValue w = twist_ ? twist_->at(s, F) : TwistValue{};
    return twisted(F, w.wt, w.dwt);
}

TwistedFrame Track::localFrame(double s) const {
    return transformed(placement_, curveFrame(s));
}

TwistedFrame Track::frameInWorld(double s, const Pose& bodyToWorld) const {
    return transformed(bodyToWorld * placement_, curveFrame(s));
}

} // namespace tl
