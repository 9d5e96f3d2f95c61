#pragma once
// What the units one thread steps add to a run's Telemetry in a step -- samples, events, and the updates of
// the events they opened -- handed over in unit order once every thread is done (SimulationEngine::step), so
// that the telemetry grows in one order whatever the threads' timing. Direct (one thread): everything goes
// straight into the Telemetry, as it is taken.
//
// An event whose number a state keeps (a coupler's overload episode, a bogie's wheel episode) gets a
// provisional number while journalled: the Telemetry's count at the step's start plus its place here. Each
// journal looks its own provisional numbers up here and older ones in the Telemetry (whose events only the
// thread stepping their train updates, and which no thread appends to meanwhile). mergeInto makes the
// numbers final where the state still holds them.
#include "physics/telemetry/Telemetry.h"

#include <vector>

namespace tl {

class TelemetryJournal {
public:
    void begin(Telemetry& telemetry, bool direct); // at each step's start

    void add(const TelemetrySample& s) { direct_ ? telemetry_->add(s) : samples_.push_back(s); }
    void addEvent(const TrackEvent& e) { direct_ ? telemetry_->addEvent(e) : events_.push_back(e); }
    void addDerailment(const DerailmentEvent& e) {
        direct_ ? telemetry_->addDerailment(e) : derailments_.push_back(e);
    }
    // Adds e and sets `number` (a field of the run's state) to its number.
    void addCouplerEvent(const CouplerEvent& e, int& number);
    void addWheelEvent(const WheelEvent& e, int& number);
    CouplerEvent* couplerEvent(int number);
    WheelEvent* wheelEvent(int number);

    // Appends what was journalled to the Telemetry, final numbers in the state; empties the journal.
    // Telemetry::add may throw SimulationError (a non-finite sample): what came before it is in.
    void mergeInto();

private:
    struct Numbered { // a state field holding a provisional number
        int* field;
        int provisional;
    };

    Telemetry* telemetry_ = nullptr;
    bool direct_ = true;
    std::vector<TelemetrySample> samples_;
    std::vector<TrackEvent> events_;
    std::vector<DerailmentEvent> derailments_;
    std::vector<CouplerEvent> couplerEvents_;
    std::vector<WheelEvent> wheelEvents_;
    std::vector<Numbered> couplerNumbers_, wheelNumbers_;
    int couplerBase_ = 0, wheelBase_ = 0; // the Telemetry's counts at the step's start
};

} // namespace tl
