#include "core/layout/Track.h"

#include "core/twists/UpFrameTwist.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tl {

TwistedFrame transformed(const Pose& X, const TwistedFrame& f) {
    TwistedFrame r = f;
    r.F = transformed(X, f.F);
    r.wN = X.linear() * f.wN;
    r.wB = X.linear() * f.wB;
    return r;
}

Track::Track(std::string id, CurvePtr curve, TwistPtr twist, const Pose& placement, std::string body,
             UpReferencePtr up)
    : id_(std::move(id)), curve_(std::move(curve)), twist_(std::move(twist)), placement_(placement),
      body_(std::move(body)), up_(std::move(up)) {
    if (!curve_) throw std::invalid_argument("Track: null curve");
    if (!up_) up_ = std::make_shared<UpReference>(curve_, placement_.linear().transpose() * Vec3::UnitZ());
}

bool Track::upFramed() const {
    return dynamic_cast<const UpFrameTwist*>(twist_.get()) != nullptr;
}

TwistValue Track::bank(double s) const {
    const Frame F = curve_->frame(s);
    if (const auto* u = dynamic_cast<const UpFrameTwist*>(twist_.get())) return u->bankAt(s, F);
    const TwistValue w = twist_ ? twist_->at(s, F) : TwistValue{};
    const UpReference::Angle a = up_->at(s, F);
    return {std::remainder(w.wt - a.a, 2.0 * std::numbers::pi), w.dwt - a.da};
}

bool Track::upsideDown(double s) const {
    return up_->at(s, curve_->frame(s)).upsideDown;
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
