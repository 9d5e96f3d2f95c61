#pragma once
// The telemetry channels: one list, in the order of the CSV's columns. Everything that names, writes, hashes
// or plots a channel derives from it (tests/physics/tst_telemetry_channels.cpp):
//   - the CSV header (the names) and every CSV row (each cell written by its rule: a number, a flag 1/0, or
//     the id of a vehicle, track or train; empty where the channel does not apply to the row);
//   - the run's hash (Telemetry::hash mixes every channel's value, in this order);
//   - the GUI's history and plots: the channels with a label are kept and plotted, in this order, with the
//     label, the shown unit and scale, and the colour given here (ui/sim/TelemetryHistory.h,
//     ui/plots/ChannelStyle.h).
// A new channel is one entry here and one member of TelemetrySample; docs/vehicles-format.md ("Telemetry")
// describes the columns.
#include "physics/telemetry/TelemetrySample.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace tl {

// Every channel, by its place in the list (and in the CSV).
enum class Channel {
    T,
    Vehicle,
    Track,
    S,
    Speed,
    X,
    Y,
    Z,
    E1,
    E2,
    E3,
    E4,
    E5,
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    Railed,
    Train,
    Car,
    Bogie,
    YQ,
    YQLimit,
    RollMargin,
    DQQ, // wheel unloading ΔQ/Q
    Unloaded,
    RiderVertical,
    RiderLateral,
    RiderLongitudinal,
    RiderJerk,
    RiderRollRate,
    CantDeficiency,
    YQ2m,  // Y/Q, 2 m mean (UIC 518)
    DQQ2m, // ΔQ/Q, 2 m mean
    Count
};
inline constexpr int kChannelCount = int(Channel::Count);

// How a CSV cell shows the channel's value.
enum class CsvCell {
    Number,      // the value (after `csv`), 10 significant digits
    Flag,        // 1 or 0
    VehicleName, // the value is an index: the id of that vehicle, track or train (empty if none)
    TrackName,
    TrainName,
};

struct ChannelInfo {
    Channel id;
    const char* name;                        // the CSV column
    double (*value)(const TelemetrySample&); // in SI units: what the hash mixes and the history keeps
    CsvCell cell = CsvCell::Number;          // how the CSV writes it
    bool (*applies)(const TelemetrySample&) = nullptr; // the CSV cell is empty where false (null: always)
    double (*csv)(double) = nullptr;                   // SI -> the CSV's unit (null: SI)
    // Plotting: channels without a label are not kept by the GUI's history.
    const char* label = nullptr; // "f1 lateral" (UTF-8)
    const char* unit = "";       // the shown unit, e.g. "kN"; "" for a ratio; speed: the user's unit
    double plotScale = 1.0;      // SI -> the shown unit
    std::uint32_t colour = 0;    // 0xRRGGBB, one per plotted channel, none grey
    bool riderG = false;         // drawn on the rider's g axis (the "Rider" preset)
};

namespace channel_rules {
inline bool trainRow(const TelemetrySample& s) {
    return s.train >= 0;
}
inline bool yqDefined(const TelemetrySample& s) { // Y/Q is not defined for an unloaded or derailed bogie
    return s.train >= 0 && s.railed && !s.unloaded;
}
inline bool hasCantDeficiency(const TelemetrySample& s) {
    return s.rider.hasCantDeficiency;
}
inline double degrees(double rad) {
    return rad * 180.0 / 3.14159265358979323846;
}
inline double milli(double x) {
    return x * 1000.0;
}
} // namespace channel_rules

// The list (TelemetryChannels.cpp); entry i has id Channel(i).
const std::array<ChannelInfo, kChannelCount>& telemetryChannels();
inline const ChannelInfo& channelInfo(Channel c) {
    return telemetryChannels()[std::size_t(c)];
}

// Every channel of the sample is finite (Telemetry::add, every sample of every step: the list's getters are
// expanded inline, no call through a pointer).
bool allFinite(const TelemetrySample& s);

// The plotted channels (those with a label), in list order, and a channel's place among them (-1: none).
inline constexpr int kPlottedChannelCount = 24;
const std::array<Channel, kPlottedChannelCount>& plottedChannels();
int plottedIndex(Channel c);

} // namespace tl
