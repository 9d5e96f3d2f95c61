#include "core/twists/SumTwist.h"

#include <stdexcept>

namespace tl {

SumTwist::SumTwist(std::vector<TwistPtr> terms) : terms_(std::move(terms)) {
    for (size_t i = 0; i < terms_.size(); ++i)
        if (!terms_[i]) throw std::invalid_argument("sum twist: term " + std::to_string(i) + " is null");
}

TwistValue SumTwist::at(double s, const Frame& F) const {
    TwistValue r;
    for (const auto& t : terms_) {
        const TwistValue v = t->at(s, F);
        r.wt += v.wt;
        r.dwt += v.dwt;
    }
    return r;
}

} // namespace tl
