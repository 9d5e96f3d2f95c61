#pragma once
// The GUI's memory of a run: per source (a single vehicle or one bogie of a train) the channels the plots
// show, kept at a reduced rate (default 60 Hz) over the last fullRateSeconds (default 10 min) and decimated
// beyond: the older part is halved (pairs merged, each channel keeping the larger |value|, so peaks survive)
// whenever it exceeds olderPoints (default 36 000). The whole run stays in view, and memory does not grow
// with its duration (112 B per source and kept point: at most 8.1 MB per source). Nor with the
// fleet beyond maxBytes (default 512 MiB, 66 sources at the defaults): with more sources the full-rate window
// and the older points shrink in proportion (1 500 bogies: the last 26.6 s at full rate and ~1 600 older
// points each).
// A sample finds its source by a hash of its indices, not a search (a fleet of 4 000 bogies adds 4 000
// samples a step).
#include "physics/telemetry/Telemetry.h"
#include "physics/telemetry/TelemetryChannels.h"

#include <QString>

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace tl::ui {

// The history keeps and the plots show the plotted channels of physics/telemetry/TelemetryChannels.h, in
// its order; their names, units, scales and colours come from that list.
inline Channel plotted(int k) { // the k-th plotted channel
    return plottedChannels()[std::size_t(k)];
}
bool isRiderG(Channel c);       // plotted on the rider axis [g]
QString channelName(Channel c); // e.g. "f1 lateral [kN]"; speed in the user's unit
double channelScale(Channel c); // SI -> shown unit (e.g. 1e-3 for N -> kN)

struct HistorySource {
    QString name;                                       // "bogie A/2/1", "vehicle bogie"
    int vehicle = -1, train = -1, car = -1, bogie = -1; // which telemetry rows feed it (train, car: as built)
    int origin = -1; // a bogie's car by its place in the build order (TelemetrySample::origin): trains that
                     // couple or uncouple renumber trains and cars, not this
};

class TelemetryHistory {
public:
    static constexpr std::size_t kDefaultMaxBytes = std::size_t(512) << 20;
    static constexpr std::size_t kBytesPerPoint = sizeof(double) + kPlottedChannelCount * sizeof(float) +
                                                  sizeof(int) + sizeof(float); // t, channels, track, s
    void reset(std::vector<HistorySource> sources, double rate = 60.0, double fullRateSeconds = 600.0,
               std::size_t olderPoints = 36000, std::size_t maxBytes = kDefaultMaxBytes);
    double fullRateSeconds() const { return m_fullRate; } // after the fleet's share of maxBytes
    std::size_t olderPoints() const { return m_olderPoints; }
    void add(const TelemetrySample& s); // every step's samples; keeps those due at the rate
    void truncateAfter(double t);       // fork: forget the future

    int sourceCount() const { return int(m_sources.size()); }
    const HistorySource& source(int i) const { return m_sources.at(std::size_t(i)); }
    int sourceOf(const TelemetrySample& s) const; // -1 if none
    const std::vector<double>& times(int source) const { return m_data.at(std::size_t(source)).t; }
    const std::vector<float>& values(int source, Channel c) const {
        return m_data.at(std::size_t(source)).v.at(std::size_t(plottedIndex(c))); // a plotted channel
    }
    const std::vector<int>& tracks(int source) const { return m_data.at(std::size_t(source)).track; }
    const std::vector<float>& arcLengths(int source) const { return m_data.at(std::size_t(source)).s; }
    std::size_t memoryBytes() const;

private:
    struct Series {
        std::vector<double> t;
        std::array<std::vector<float>, kPlottedChannelCount> v; // by plotted index
        std::vector<int> track;                                 // track index (-1 off the track)
        std::vector<float> s;                                   // arc length [m]
        double lastKept = -1e300;
    };
    void thin(Series& d, std::size_t older) const; // halve the first `older` samples
    void grow(Series& d) const;                    // room for the next point, within m_points
    static std::uint64_t keyOf(int vehicle, int origin, int bogie); // origin < 0: a vehicle
    std::vector<HistorySource> m_sources;
    std::unordered_map<std::uint64_t, int> m_index; // keyOf(source) -> index in m_sources
    std::vector<Series> m_data;
    double m_interval = 1.0 / 60.0, m_fullRate = 600.0; // [s]
    std::size_t m_olderPoints = 36000;
    std::size_t m_points = 72039; // the most a source holds (reset)
};

} // namespace tl::ui
