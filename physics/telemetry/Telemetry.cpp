#include "physics/telemetry/Telemetry.h"

#include "physics/state/SimulationError.h"
#include "physics/telemetry/TelemetryChannels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iomanip>
#include <sstream>

namespace tl {

const char* Telemetry::csvHeader() {
    static const std::string header = [] {
        std::string h;
        for (const ChannelInfo& c : telemetryChannels())
            h += (h.empty() ? "" : ",") + std::string(c.name);
        return h;
    }();
    return header.c_str();
}

void Telemetry::truncate(double t, std::size_t events, std::size_t derailments) {
    while (!samples_.empty() && samples_.back().t > t + 1e-12)
        samples_.pop_back();
    if (events_.size() > events) events_.resize(events);
    if (derailments_.size() > derailments) derailments_.resize(derailments);
}

void Telemetry::add(const TelemetrySample& s) {
    // Non-finite values never reach plots or files: a state whose speed or position overflows (a body
    // flung at 1e200 m/s: finite components, infinite norm) stops the run with a clear error instead.
    if (!allFinite(s)) {
        std::ostringstream msg;
        const auto id = [](const std::vector<std::string>& ids, int i) {
            return i >= 0 && std::size_t(i) < ids.size() ? "\"" + ids[std::size_t(i)] + "\""
                                                         : "#" + std::to_string(i);
        };
        msg << "simulation stopped at t = " << s.t << " s: "
            << (s.train >= 0 ? "train " + id(trainIds_, s.train) + " car " + std::to_string(s.car + 1)
                             : "vehicle " + id(vehicleIds_, s.vehicle))
            << " has a non-finite " << (std::isfinite(s.speed) ? "telemetry value" : "speed")
            << " (the motion diverged)";
        throw SimulationError(msg.str());
    }
    if (sink_) sink_(s);
    if (!keep_) return;
    samples_.push_back(s);
    if (maxSamples_ > 0 && samples_.size() > maxSamples_) {
        dropped_ += samples_.size() - maxSamples_;
        samples_.pop_front(samples_.size() - maxSamples_);
    }
    const double cut = s.t - window_;
    if (window_ <= 0 || samples_.front().t >= cut) return;
    // Drop what is older than the window: the samples are in time order, so a binary search finds where, and
    // the ring moves nothing.
    const auto first = std::partition_point(samples_.begin(), samples_.end(),
                                            [cut](const TelemetrySample& x) { return x.t < cut; });
    const auto k = std::size_t(first - samples_.begin());
    samples_.pop_front(k);
    dropped_ += k;
}

namespace {

// One cell of a row: empty where the channel does not apply (TelemetryChannels.h).
void writeCell(std::ostream& os, const ChannelInfo& c, const TelemetrySample& s,
               const std::vector<std::string>& vehicleIds, const std::vector<std::string>& trackIds,
               const std::vector<std::string>& trainIds) {
    if (c.applies && !c.applies(s)) return;
    const double v = c.value(s);
    const auto name = [v](const std::vector<std::string>& ids) {
        const int i = int(v);
        return i >= 0 && std::size_t(i) < ids.size() ? ids[std::size_t(i)] : std::string();
    };
    switch (c.cell) {
    case CsvCell::Number:
        os << (c.csv ? c.csv(v) : v);
        break;
    case CsvCell::Flag:
        os << (v != 0.0 ? 1 : 0);
        break;
    case CsvCell::VehicleName:
        os << name(vehicleIds);
        break;
    case CsvCell::TrackName:
        os << name(trackIds);
        break;
    case CsvCell::TrainName:
        os << name(trainIds);
        break;
    }
}

} // namespace

void Telemetry::writeCsvRow(std::ostream& os, const TelemetrySample& s,
                            const std::vector<std::string>& vehicleIds,
                            const std::vector<std::string>& trackIds,
                            const std::vector<std::string>& trainIds) {
    os << std::setprecision(10);
    bool first = true;
    for (const ChannelInfo& c : telemetryChannels()) {
        if (!first) os << ',';
        first = false;
        writeCell(os, c, s, vehicleIds, trackIds, trainIds);
    }
    os << '\n';
}

void Telemetry::writeRiderColumns(std::ostream& os, const RiderChannels& r) {
    TelemetrySample s;
    s.rider = r;
    for (int c = int(Channel::RiderVertical); c <= int(Channel::CantDeficiency); ++c) {
        os << ',';
        writeCell(os, channelInfo(Channel(c)), s, {}, {}, {});
    }
}

void Telemetry::writeCsv(std::ostream& os, const std::vector<std::string>& vehicleIds,
                         const std::vector<std::string>& trackIds,
                         const std::vector<std::string>& trainIds) const {
    os << csvHeader() << '\n';
    for (const auto& s : samples_)
        writeCsvRow(os, s, vehicleIds, trackIds, trainIds);
}

std::uint64_t Telemetry::hash() const {
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](const void* p, std::size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) {
            h ^= b[i];
            h *= 1099511628211ull;
        }
    };
    for (const auto& s : samples_)
        for (const ChannelInfo& c : telemetryChannels()) {
            const double v = c.value(s);
            mix(&v, sizeof v);
        }
    return h;
}

} // namespace tl
