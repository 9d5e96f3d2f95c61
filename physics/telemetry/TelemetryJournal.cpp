// TelemetryJournal: a thread's telemetry of a step, handed over in order (TelemetryJournal.h).
#include "physics/telemetry/TelemetryJournal.h"

namespace tl {

void TelemetryJournal::begin(Telemetry& telemetry, bool direct) {
    telemetry_ = &telemetry;
    direct_ = direct;
    samples_.clear(); // (what a step that failed in another journal left)
    events_.clear();
    derailments_.clear();
    couplerEvents_.clear();
    wheelEvents_.clear();
    couplerNumbers_.clear();
    wheelNumbers_.clear();
    couplerBase_ = int(telemetry.couplerEvents().size());
    wheelBase_ = int(telemetry.wheelEvents().size());
}

void TelemetryJournal::addCouplerEvent(const CouplerEvent& e, int& number) {
    if (direct_) {
        number = int(telemetry_->couplerEvents().size());
        telemetry_->addCouplerEvent(e);
        return;
    }
    number = couplerBase_ + int(couplerEvents_.size());
    couplerEvents_.push_back(e);
    couplerNumbers_.push_back({&number, number});
}

void TelemetryJournal::addWheelEvent(const WheelEvent& e, int& number) {
    if (direct_) {
        number = int(telemetry_->wheelEvents().size());
        telemetry_->addWheelEvent(e);
        return;
    }
    number = wheelBase_ + int(wheelEvents_.size());
    wheelEvents_.push_back(e);
    wheelNumbers_.push_back({&number, number});
}

CouplerEvent* TelemetryJournal::couplerEvent(int number) {
    if (direct_ || number < couplerBase_) return telemetry_->couplerEvent(number);
    const std::size_t i = std::size_t(number - couplerBase_);
    return i < couplerEvents_.size() ? &couplerEvents_[i] : nullptr;
}

WheelEvent* TelemetryJournal::wheelEvent(int number) {
    if (direct_ || number < wheelBase_) return telemetry_->wheelEvent(number);
    const std::size_t i = std::size_t(number - wheelBase_);
    return i < wheelEvents_.size() ? &wheelEvents_[i] : nullptr;
}

void TelemetryJournal::mergeInto() {
    if (direct_) return;
    // the final numbers: each journal's events follow those merged before it (field by field: a state may
    // have let go of its number since -- an episode closed -- and then holds -1)
    const int couplerShift = int(telemetry_->couplerEvents().size()) - couplerBase_;
    const int wheelShift = int(telemetry_->wheelEvents().size()) - wheelBase_;
    for (const Numbered& n : couplerNumbers_)
        if (*n.field == n.provisional) *n.field += couplerShift;
    for (const Numbered& n : wheelNumbers_)
        if (*n.field == n.provisional) *n.field += wheelShift;
    for (const CouplerEvent& e : couplerEvents_)
        telemetry_->addCouplerEvent(e);
    for (const WheelEvent& e : wheelEvents_)
        telemetry_->addWheelEvent(e);
    for (const TrackEvent& e : events_)
        telemetry_->addEvent(e);
    for (const DerailmentEvent& e : derailments_)
        telemetry_->addDerailment(e);
    couplerEvents_.clear();
    wheelEvents_.clear();
    events_.clear();
    derailments_.clear();
    couplerNumbers_.clear();
    wheelNumbers_.clear();
    std::vector<TelemetrySample> samples;
    samples.swap(samples_);
    for (const TelemetrySample& s : samples)
        telemetry_->add(s);
    samples.clear();
    samples_.swap(samples); // (keeps the capacity for the next step)
}

} // namespace tl
