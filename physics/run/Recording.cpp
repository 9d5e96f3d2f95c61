#include "physics/run/Recording.h"

#include <algorithm>
#include <cmath>

namespace tl {

std::int64_t Recording::stepIndex(const Simulation& sim) {
    return std::llround(sim.time() / sim.dt());
}

std::string Recording::apply(Simulation& sim, const DriverInput& in) {
    switch (in.kind) {
    case DriverInput::Kind::Throttle:
        sim.setThrottle(in.train, in.value);
        break;
    case DriverInput::Kind::Brake:
        sim.setBrake(in.train, in.value);
        break;
    case DriverInput::Kind::Direction:
        sim.setDirection(in.train, in.value < 0 ? -1 : +1);
        break;
    case DriverInput::Kind::Uncouple:
        sim.uncouple(in.train, int(std::lround(in.value)));
        break;
    case DriverInput::Kind::ThrowSwitch:
        return sim.throwSwitch(in.train, int(std::lround(in.value)));
    case DriverInput::Kind::RequestRoute:
        return sim.requestRoute(in.train);
    }
    return {};
}

void Recording::start(const Simulation& sim) {
    keyframes_.clear();
    inputs_.clear();
    first_ = last_ = stepIndex(sim);
    keyframes_.emplace_back(first_, sim.snapshot());
}

std::string Recording::input(Simulation& sim, const DriverInput& in) {
    DriverInput rec = in;
    rec.step = stepIndex(sim);
    std::string refused = apply(sim, rec);
    if (refused.empty() && !keyframes_.empty()) inputs_.push_back(rec);
    return refused;
}

void Recording::afterStep(const Simulation& sim) {
    if (keyframes_.empty()) return;
    last_ = stepIndex(sim);
    if (last_ - keyframes_.back().first >= every_) keyframes_.emplace_back(last_, sim.snapshot());
}

int Recording::seek(Simulation& sim, std::int64_t step) const {
    if (keyframes_.empty()) return 0;
    step = std::clamp(step, first_, last_);
    auto key = std::upper_bound(keyframes_.begin(), keyframes_.end(), step,
                                [](std::int64_t s, const auto& k) { return s < k.first; });
    --key; // the keyframe at or before `step`
    sim.restore(key->second);
    // the inputs in force at the keyframe are part of its state; replay those made after it
    auto in = std::lower_bound(inputs_.begin(), inputs_.end(), key->first,
                               [](const DriverInput& d, std::int64_t s) { return d.step < s; });
    // inputs made exactly at the keyframe's step were applied after the snapshot was taken; those made
    // at `step` itself are not applied (the state "at step n" is the one a fork drives on from)
    int steps = 0;
    for (std::int64_t k = key->first; k < step; ++k) {
        for (; in != inputs_.end() && in->step == k; ++in)
            (void)apply(sim, *in); // (taken live from the same state: taken again)
        sim.step();
        ++steps;
    }
    return steps;
}

void Recording::truncate(std::int64_t step) {
    while (keyframes_.size() > 1 && keyframes_.back().first > step)
        keyframes_.pop_back();
    // inputs made at `step` itself go too: seek(step) does not apply them (the state "at step n" is the one
    // a fork drives on from), so a fork that kept them would replay an input its live run never had
    while (!inputs_.empty() && inputs_.back().step >= step)
        inputs_.pop_back();
    last_ = std::clamp(step, first_, last_);
}

} // namespace tl
