#include "core/twists/UpFrameTwist.h"

#include <stdexcept>

namespace tl {

UpFrameTwist::UpFrameTwist(UpReferencePtr up, TwistPtr bank) : up_(std::move(up)), bank_(std::move(bank)) {
    if (!up_) throw std::invalid_argument("up frame twist: null up reference");
}

TwistValue UpFrameTwist::bankAt(double s, const Frame& F) const {
    if (!bank_) return {};
    return bank_->at(s, up_->levelFrame(s, F));
}

TwistValue UpFrameTwist::at(double s, const Frame& F) const {
    const UpReference::Angle u = up_->at(s, F);
    if (!bank_) return {u.a, u.da};
    const TwistValue b = bank_->at(s, UpReference::level(F, u));
    return {u.a + b.wt, u.da + b.dwt};
}

} // namespace tl
