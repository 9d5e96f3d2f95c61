#pragma once
// Per-step, per-vehicle samples of a simulation run, and its events (open ends, releases).
// CSV columns: t,vehicle,track,s,speed,x,y,z,e1,e2,e3,e4,e5,f1,f2,f3,f4,f5,f6,railed
#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace tl {

struct TelemetrySample {
    double t = 0.0;             // simulation time after the step [s]
    int vehicle = 0;            // vehicle index
    int track = -1;             // track index (-1 once released)
    double s = 0.0;             // arc length on the track [m]
    double speed = 0.0;         // along the vehicle's direction, relative to the track [m/s]
    double x = 0, y = 0, z = 0; // anchor position [m, world]
    std::array<double, 5> e{};  // row errors e1..e5 after the step [m, m, rad, rad, rad]
    std::array<double, 6> f{};  // row forces f1..f6 of the step [N, N, N m, N m, N m, N]
    bool railed = true;         // false once the joint is released
};

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

class Telemetry {
public:
    void add(const TelemetrySample& s) { samples_.push_back(s); }
    void addEvent(const TrackEvent& e) { events_.push_back(e); }
    const std::vector<TelemetrySample>& samples() const { return samples_; }
    const std::vector<TrackEvent>& events() const { return events_; }
    void clear() {
        samples_.clear();
        events_.clear();
    }

    static const char* csvHeader(); // without newline
    // One CSV line per sample; names maps indices to ids (vehicle and track names).
    void writeCsv(std::ostream& os, const std::vector<std::string>& vehicleIds,
                  const std::vector<std::string>& trackIds) const;
    static void writeCsvRow(std::ostream& os, const TelemetrySample& s,
                            const std::vector<std::string>& vehicleIds,
                            const std::vector<std::string>& trackIds);
    // FNV-1a 64 over the bytes of every sample field: identical runs give identical hashes.
    std::uint64_t hash() const;

private:
    std::vector<TelemetrySample> samples_;
    std::vector<TrackEvent> events_;
};

} // namespace tl
