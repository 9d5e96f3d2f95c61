#pragma once
// Per-step samples of a simulation run (one per vehicle and one per train bogie), and its events (open ends,
// derailments, coupler overloads). Its CSV has one column per channel of TelemetryChannels.h, in that
// order (t,vehicle,track,s,speed,x,y,z,e1..e5,f1..f6,railed,train,car,bogie,yq,...,yq_2m,dq_q_2m)
// (vehicle rows leave train..unloaded empty; bogie rows leave vehicle empty; yq is empty while the bogie is
// unloaded -- Q at or under 10 % of its static value, unloaded = 1 -- and on derailed rows; rider columns:
// the vehicle's / the bogie's car's rider point, RiderChannels.h; cant deficiency empty for coaster cars and
// off the track; yq_2m and dq_q_2m: the UIC 518 means over the last 2 m of travel, bogie rows only, yq_2m
// empty where yq is). Bounded memory: setWindow(T) keeps only the samples of the last T seconds (the GUI runs
// for hours); setSink(f, false) hands every sample to f as it is taken and keeps none (the CLI streams its
// CSV); the default keeps everything.
#include "physics/monitor/Derailment.h"
#include "physics/telemetry/RingBuffer.h"
#include "physics/telemetry/TelemetrySample.h"

#include <array>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace tl {

struct TrackEvent {
    enum class Kind { OpenEnd };
    Kind kind = Kind::OpenEnd;
    double t = 0.0;      // [s]
    int vehicle = 0;     // vehicle index
    int track = -1;      // track index whose end was reached
    bool atEnd = true;   // true: the end at s = length; false: the start
    double s = 0.0;      // [m]
    double speed = 0.0;  // [m/s]
    std::string message; // human-readable
};

// A coupler loaded beyond its rating (CouplerSpec::limit): one event per episode, opened in the step where
// |force| first exceeds the limit and updated (peak, duration) until it falls back to the limit or below.
// The train is not split; the event tells the designer where and how hard (docs/trains-format.md).
// Its place: the front car's rear bogie at the onset, and the train's speed.
struct CouplerEvent : EventPlace {
    int coupler = -1;       // coupler index in the train: between cars coupler and coupler + 1
    std::string kind;       // "tension" | "compression"
    double force = 0.0;     // at the onset, tension > 0 [N]
    double peakForce = 0.0; // max |force| during the episode [N]
    double limit = 0.0;     // the coupler's rating [N]
    double duration = 0.0;  // time over the rating so far [s]
    bool broke = false;     // the episode ended with the coupler parting (|force| > its strength)
    double breakTime = 0.0; // when it parted [s]
    std::string message;    // human-readable
};

// Two trains' car ends meeting through their buffers (docs/trains-format.md, "Buffers and collisions"): one
// event per contact, from the step the ends first overlap to the step they part. Its place: car `car` of
// `train` (the lower train index) at its end's bogie; `speed` is that train's speed at the onset.
struct CollisionEvent : EventPlace {
    // "buffers" (car ends) | "bodies" (a wreck's body, Bullet contact) | "bufferStop" | "coupling"
    std::string kind = "buffers";
    int otherTrain = -1, otherCar = -1; // the car it met
    std::string otherTrainId;
    // A single vehicle (the layout's "vehicles") in place of the train, or of the other train: its index
    // (train / otherTrain then -1, car / otherCar 0); trainId / otherTrainId hold its id. Bodies only.
    int vehicle = -1, otherVehicle = -1;
    // A buffer stop (kind "bufferStop"; docs/layout-format.md, "Buffer stops"): the train's speed as it left
    // the stop (0 while in contact), and whether it overran the stop.
    bool bufferStop = false;
    double reboundSpeed = 0.0;
    bool overrun = false;
    // Two automatic couplers that met slowly enough (kind "coupling"; docs/trains-format.md, "Coupling and
    // uncoupling"): the trains became one, named train (trainId) from this time on. Ended as it begins.
    bool coupled = false;
    double closingSpeed = 0.0;               // the ends' approach speed at the onset [m/s]
    double peakForce = 0.0;                  // largest contact force [N]
    double peakCompression = 0.0;            // largest overlap of the two ends [m]
    bool solid = false;                      // an end was compressed past its stroke
    double absorbed = 0.0;                   // energy the buffers took and did not give back so far [J]
    double peakDeceleration[2] = {0.0, 0.0}; // each car's peak of -rider longitudinal g over the contact [g]
    double duration = 0.0;                   // so far [s]
    bool ended = false;                      // the ends have parted
    std::string message;                     // human-readable
    void end(double now) {                   // the contact is gone at `now` [s]
        ended = true;
        duration = now - t;
    }
};

// Y/Q over the Nadal limit, or the wheel unloading ratio ΔQ/Q over its limit, on one bogie: one event per
// episode (Episode.h) with its onset, peak and duration.
struct WheelEvent : EventPlace {
    std::string kind;      // "Y/Q" | "wheel unloading"
    double value = 0.0;    // Y/Q or ΔQ/Q at the onset [-]
    double peak = 0.0;     // peak in the episode [-]
    double limit = 0.0;    // [-]
    double duration = 0.0; // onset to the last step over the limit [s]
    std::string message;   // human-readable
};

// A signal event (docs/trains-format.md, "Signals and protection"): a signal's aspect changed ("aspect",
// train -1), protection began braking a train in full ("protection"), a train's head passed a signal at stop
// ("spad"), a switch was thrown during the run ("throw"), a route was set or released ("route"), a station
// brake let a train go ("dispatch"). Its place: the train's head bogie, else the signal's or switch's.
struct SignalEvent : EventPlace {
    std::string kind;       // "aspect" | "protection" | "spad" | "throw" | "route" | "dispatch"
    int signal = -1;        // index into Layout::signalList()
    std::string signalId;   //
    std::string aspect;     // the signal's aspect ("stop" | "caution" | "clear")
    double permitted = 0.0; // protection: the braking curve's permitted speed there [m/s]
    double distance = 0.0;  // protection: from the head to the end of authority [m]
    int switchIndex = -1;   // "throw": the switch thrown, and its new state
    std::string switchId;   //
    int state = -1;         //
    std::string routeId;    // "route": the route set ("set") or released ("released"), in `aspect`
    std::string message;    // human-readable
};

class Telemetry {
public:
    // Adds one sample; a non-finite value throws SimulationError naming the vehicle or train by its id.
    void add(const TelemetrySample& s);
    // The ids of the vehicles and trains by index (for error messages); the Simulation sets them.
    void setSourceIds(std::vector<std::string> vehicleIds, std::vector<std::string> trainIds) {
        vehicleIds_ = std::move(vehicleIds);
        trainIds_ = std::move(trainIds);
    }
    void addEvent(const TrackEvent& e) { events_.push_back(e); }
    void addDerailment(const DerailmentEvent& e) { derailments_.push_back(e); }
    void addCouplerEvent(const CouplerEvent& e) { couplerEvents_.push_back(e); }
    // The event of an open episode, or null when this telemetry does not hold it (a snapshot of another
    // run restored into a replay that never saw that run's events)
    CouplerEvent* couplerEvent(int i) {
        return i >= 0 && std::size_t(i) < couplerEvents_.size() ? &couplerEvents_[std::size_t(i)] : nullptr;
    }
    const std::vector<CouplerEvent>& couplerEvents() const { return couplerEvents_; }
    void truncateCouplerEvents(std::size_t n) { // restore/replay: forget the later ones
        if (couplerEvents_.size() > n) couplerEvents_.resize(n);
    }
    void addCollision(const CollisionEvent& e) { collisions_.push_back(e); }
    CollisionEvent* collision(int i) {
        return i >= 0 && std::size_t(i) < collisions_.size() ? &collisions_[std::size_t(i)] : nullptr;
    }
    const std::vector<CollisionEvent>& collisions() const { return collisions_; }
    void truncateCollisions(std::size_t n) { // restore/replay: forget the later ones
        if (collisions_.size() > n) collisions_.resize(n);
    }
    void addWheelEvent(const WheelEvent& e) { wheelEvents_.push_back(e); }
    WheelEvent* wheelEvent(int i) {
        return i >= 0 && std::size_t(i) < wheelEvents_.size() ? &wheelEvents_[std::size_t(i)] : nullptr;
    }
    const std::vector<WheelEvent>& wheelEvents() const { return wheelEvents_; }
    void truncateWheelEvents(std::size_t n) {
        if (wheelEvents_.size() > n) wheelEvents_.resize(n);
    }
    void addSignalEvent(const SignalEvent& e) { signalEvents_.push_back(e); }
    const std::vector<SignalEvent>& signalEvents() const { return signalEvents_; }
    void truncateSignalEvents(std::size_t n) {
        if (signalEvents_.size() > n) signalEvents_.resize(n);
    }
    const RingBuffer<TelemetrySample>& samples() const { return samples_; } // oldest first
    const std::vector<TrackEvent>& events() const { return events_; }
    const std::vector<DerailmentEvent>& derailments() const { return derailments_; }
    // A replay of a run takes that run's events (not its samples) before it seeks, so the events it
    // re-records while stepping get the same numbers as the run's, and open episodes find theirs.
    void copyEventsFrom(const Telemetry& run) {
        events_ = run.events_;
        derailments_ = run.derailments_;
        couplerEvents_ = run.couplerEvents_;
        wheelEvents_ = run.wheelEvents_;
        collisions_ = run.collisions_;
        signalEvents_ = run.signalEvents_;
    }
    void clear() {
        samples_.clear();
        events_.clear();
        derailments_.clear();
        couplerEvents_.clear();
        wheelEvents_.clear();
        collisions_.clear();
        signalEvents_.clear();
        dropped_ = 0;
    }
    // Forget what happened after time t (samples) and events beyond the given counts (restore/replay).
    void truncate(double t, std::size_t events, std::size_t derailments);
    // Keep only samples not older than (latest t - seconds); 0 = keep all. Older ones are dropped as each
    // sample is added (a ring: nothing is moved). dropped() counts the samples removed from the front so far
    // (index-based readers subtract it).
    void setWindow(double seconds) { window_ = seconds; }
    // At most this many samples as well (0 = no limit): a window in seconds holds samples in proportion to
    // the fleet, a reader that consumes as the run goes (the GUI, every frame) needs only what one frame
    // adds.
    void setMaxSamples(std::size_t n) { maxSamples_ = n; }
    // What a live reader keeps (the GUI; the scale benchmark measures the same): 5 s, and at most 131 072
    // samples (~39 MB) however large the fleet -- a frame steps for at most 12 ms, a few thousand samples
    // even at ~2 us a bogie-step.
    static constexpr double kLiveWindow = 5.0;                        // [s]
    static constexpr std::size_t kLiveSamples = std::size_t(1) << 17; // samples
    // Streaming: every sample add() takes is also handed to `sink` (may be empty); keepSamples = false keeps
    // none in samples() -- memory then does not grow with the run.
    using Sink = std::function<void(const TelemetrySample&)>;
    void setSink(Sink sink, bool keepSamples) {
        sink_ = std::move(sink);
        keep_ = keepSamples;
    }
    double window() const { return window_; }
    std::size_t dropped() const { return dropped_; }

    static const char* csvHeader(); // without newline
    // One CSV line per sample; names maps indices to ids (vehicle and track names).
    void writeCsv(std::ostream& os, const std::vector<std::string>& vehicleIds,
                  const std::vector<std::string>& trackIds,
                  const std::vector<std::string>& trainIds = {}) const;
    static void writeCsvRow(std::ostream& os, const TelemetrySample& s,
                            const std::vector<std::string>& vehicleIds,
                            const std::vector<std::string>& trackIds,
                            const std::vector<std::string>& trainIds = {});
    static void writeRiderColumns(std::ostream& os, const RiderChannels& r); // the six rider columns
    // FNV-1a 64 over the bytes of every sample field: identical runs give identical hashes.
    std::uint64_t hash() const;

private:
    RingBuffer<TelemetrySample> samples_;
    std::vector<TrackEvent> events_;
    std::vector<DerailmentEvent> derailments_;
    std::vector<CouplerEvent> couplerEvents_;
    std::vector<WheelEvent> wheelEvents_;
    std::vector<CollisionEvent> collisions_;
    std::vector<SignalEvent> signalEvents_;
    std::vector<std::string> vehicleIds_, trainIds_; // by index, for error messages
    double window_ = 0.0;                            // [s], 0 = unbounded
    std::size_t maxSamples_ = 0;                     // 0 = unbounded
    Sink sink_;                                      // streaming consumer (none by default)
    bool keep_ = true;                               // keep samples in samples_
    std::size_t dropped_ = 0;                        // samples trimmed from the front
};

} // namespace tl
