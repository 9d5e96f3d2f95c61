// The telemetry channel list (TelemetryChannels.h).
#include "physics/telemetry/TelemetryChannels.h"

#include <cmath>
#include <utility>

namespace tl {

namespace {

using S = TelemetrySample;
using namespace channel_rules;

constexpr std::array<ChannelInfo, kChannelCount> kChannels = {{
    {Channel::T, "t", [](const S& s) { return s.t; }},
    {Channel::Vehicle, "vehicle", [](const S& s) { return double(s.vehicle); }, CsvCell::VehicleName},
    {Channel::Track, "track", [](const S& s) { return double(s.track); }, CsvCell::TrackName},
    {Channel::S, "s", [](const S& s) { return s.s; }},
    {Channel::Speed, "speed", [](const S& s) { return s.speed; }, CsvCell::Number, nullptr, nullptr, "speed",
     "m/s", 1.0, 0x1f77b4},
    {Channel::X, "x", [](const S& s) { return s.x; }},
    {Channel::Y, "y", [](const S& s) { return s.y; }},
    {Channel::Z, "z", [](const S& s) { return s.z; }},
    {Channel::E1, "e1", [](const S& s) { return s.e[0]; }, CsvCell::Number, nullptr, nullptr, "e1 lateral",
     "mm", 1e3, 0xff7f0e},
    {Channel::E2, "e2", [](const S& s) { return s.e[1]; }, CsvCell::Number, nullptr, nullptr, "e2 vertical",
     "mm", 1e3, 0x2ca02c},
    {Channel::E3, "e3", [](const S& s) { return s.e[2]; }, CsvCell::Number, nullptr, nullptr, "e3 roll",
     "mrad", 1e3, 0x9467bd},
    {Channel::E4, "e4", [](const S& s) { return s.e[3]; }, CsvCell::Number, nullptr, nullptr,
     "e4 yaw about F.N", "mrad", 1e3, 0x8c564b},
    {Channel::E5, "e5", [](const S& s) { return s.e[4]; }, CsvCell::Number, nullptr, nullptr, "e5 about F.B",
     "mrad", 1e3, 0x17becf},
    {Channel::F1, "f1", [](const S& s) { return s.f[0]; }, CsvCell::Number, nullptr, nullptr, "f1 lateral",
     "kN", 1e-3, 0xd62728},
    {Channel::F2, "f2", [](const S& s) { return s.f[1]; }, CsvCell::Number, nullptr, nullptr, "f2 vertical",
     "kN", 1e-3, 0x000000},
    {Channel::F3, "f3", [](const S& s) { return s.f[2]; }, CsvCell::Number, nullptr, nullptr, "f3 roll",
     "kN m", 1e-3, 0xe377c2},
    {Channel::F4, "f4", [](const S& s) { return s.f[3]; }, CsvCell::Number, nullptr, nullptr, "f4", "kN m",
     1e-3, 0xbcbd22},
    {Channel::F5, "f5", [](const S& s) { return s.f[4]; }, CsvCell::Number, nullptr, nullptr, "f5", "kN m",
     1e-3, 0x393b79},
    {Channel::F6, "f6", [](const S& s) { return s.f[5]; }, CsvCell::Number, nullptr, nullptr, "f6 motor",
     "kN", 1e-3, 0x637939},
    {Channel::Railed, "railed", [](const S& s) { return s.railed ? 1.0 : 0.0; }, CsvCell::Flag},
    {Channel::Train, "train", [](const S& s) { return double(s.train); }, CsvCell::TrainName, trainRow},
    {Channel::Car, "car", [](const S& s) { return double(s.car); }, CsvCell::Number, trainRow},
    {Channel::Bogie, "bogie", [](const S& s) { return double(s.bogie); }, CsvCell::Number, trainRow},
    {Channel::YQ, "yq", [](const S& s) { return s.yq; }, CsvCell::Number, yqDefined, nullptr, "Y/Q", "", 1.0,
     0xdc00dc},
    {Channel::YQLimit, "yq_limit", [](const S& s) { return s.yqLimit; }, CsvCell::Number, trainRow, nullptr,
     "Nadal limit", "", 1.0, 0x0000c8},
    {Channel::RollMargin, "roll_margin", [](const S& s) { return s.rollMargin; }, CsvCell::Number, trainRow,
     nullptr, "roll margin", "", 1.0, 0x008080},
    {Channel::DQQ, "dq_q", [](const S& s) { return s.dqq; }, CsvCell::Number, trainRow, nullptr,
     "wheel unloading ΔQ/Q", "", 1.0, 0xff9696},
    {Channel::Unloaded, "unloaded", [](const S& s) { return s.unloaded ? 1.0 : 0.0; }, CsvCell::Flag,
     trainRow},
    {Channel::RiderVertical, "rider_vertical_g", [](const S& s) { return s.rider.vertical; }, CsvCell::Number,
     nullptr, nullptr, "rider vertical", "g", 1.0, 0x800000, true},
    {Channel::RiderLateral, "rider_lateral_g", [](const S& s) { return s.rider.lateral; }, CsvCell::Number,
     nullptr, nullptr, "rider lateral", "g", 1.0, 0x00c864, true},
    {Channel::RiderLongitudinal, "rider_longitudinal_g", [](const S& s) { return s.rider.longitudinal; },
     CsvCell::Number, nullptr, nullptr, "rider longitudinal", "g", 1.0, 0xffc800, true},
    {Channel::RiderJerk, "rider_jerk_g_per_s", [](const S& s) { return s.rider.jerk; }, CsvCell::Number,
     nullptr, nullptr, "rider jerk", "g/s", 1.0, 0x64a0ff},
    {Channel::RiderRollRate, "rider_roll_rate_deg_per_s", [](const S& s) { return s.rider.rollRate; },
     CsvCell::Number, nullptr, degrees, "roll rate", "°/s", 180.0 / 3.14159265358979323846, 0xa03c00},
    {Channel::CantDeficiency, "cant_deficiency_mm", [](const S& s) { return s.rider.cantDeficiency; },
     CsvCell::Number, hasCantDeficiency, milli, "cant deficiency", "mm", 1e3, 0x5a00a0},
    {Channel::YQ2m, "yq_2m", [](const S& s) { return s.yq2m; }, CsvCell::Number, yqDefined, nullptr,
     "Y/Q 2 m mean", "", 1.0, 0xff0064},
    {Channel::DQQ2m, "dq_q_2m", [](const S& s) { return s.dqq2m; }, CsvCell::Number, trainRow, nullptr,
     "ΔQ/Q 2 m mean", "", 1.0, 0xc864ff},
}};

constexpr bool inOrder() {
    for (int i = 0; i < kChannelCount; ++i)
        if (kChannels[std::size_t(i)].id != Channel(i)) return false;
    return true;
}
static_assert(inOrder(), "entry i of the channel list must be Channel(i)");

constexpr int countPlotted() {
    int n = 0;
    for (const auto& c : kChannels)
        n += c.label ? 1 : 0;
    return n;
}
static_assert(countPlotted() == kPlottedChannelCount, "kPlottedChannelCount: the channels with a label");

constexpr std::array<Channel, kPlottedChannelCount> kPlotted = [] {
    std::array<Channel, kPlottedChannelCount> out{};
    int n = 0;
    for (const auto& c : kChannels)
        if (c.label) out[std::size_t(n++)] = c.id;
    return out;
}();

constexpr std::array<int, kChannelCount> kPlottedIndex = [] {
    std::array<int, kChannelCount> out{};
    int n = 0;
    for (std::size_t i = 0; i < kChannels.size(); ++i)
        out[i] = kChannels[i].label ? n++ : -1;
    return out;
}();

} // namespace

const std::array<ChannelInfo, kChannelCount>& telemetryChannels() {
    return kChannels;
}

bool allFinite(const TelemetrySample& s) {
    return [&s]<std::size_t... I>(std::index_sequence<I...>) {
        return (std::isfinite(kChannels[I].value(s)) && ...);
    }
    (std::make_index_sequence<kChannelCount>());
}

const std::array<Channel, kPlottedChannelCount>& plottedChannels() {
    return kPlotted;
}

int plottedIndex(Channel c) {
    const int i = int(c);
    return i >= 0 && i < kChannelCount ? kPlottedIndex[std::size_t(i)] : -1;
}

} // namespace tl
