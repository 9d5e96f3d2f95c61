#include "physics/telemetry/Telemetry.h"

#include "physics/state/SimulationError.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iomanip>
#include <sstream>

namespace tl {

const char* Telemetry::csvHeader() {
    return "t,vehicle,track,s,speed,x,y,z,e1,e2,e3,e4,e5,f1,f2,f3,f4,f5,f6,railed,train,car,bogie,yq,yq_"
           "limit,"
           "roll_margin,dq_q,unloaded,rider_vertical_g,rider_lateral_g,rider_longitudinal_g,"
           "rider_jerk_g_per_s,rider_roll_rate_deg_per_s,cant_deficiency_mm,yq_2m,dq_q_2m";
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
    bool finite = std::isfinite(s.t) && std::isfinite(s.s) && std::isfinite(s.speed) && std::isfinite(s.x) &&
                  std::isfinite(s.y) && std::isfinite(s.z) && std::isfinite(s.yq) &&
                  std::isfinite(s.yqLimit) && std::isfinite(s.rollMargin) && std::isfinite(s.dqq) &&
                  std::isfinite(s.yq2m) && std::isfinite(s.dqq2m) && std::isfinite(s.rider.vertical) &&
                  std::isfinite(s.rider.lateral) && std::isfinite(s.rider.longitudinal) &&
                  std::isfinite(s.rider.jerk) && std::isfinite(s.rider.rollRate) &&
                  std::isfinite(s.rider.cantDeficiency);
    for (double x : s.e)
        finite = finite && std::isfinite(x);
    for (double x : s.f)
        finite = finite && std::isfinite(x);
    if (!finite) {
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

void Telemetry::writeCsvRow(std::ostream& os, const TelemetrySample& s,
                            const std::vector<std::string>& vehicleIds,
                            const std::vector<std::string>& trackIds,
                            const std::vector<std::string>& trainIds) {
    auto name = [](const std::vector<std::string>& ids, int i) {
        return i >= 0 && std::size_t(i) < ids.size() ? ids[std::size_t(i)] : std::string();
    };
    os << std::setprecision(10) << s.t << ',' << name(vehicleIds, s.vehicle) << ',' << name(trackIds, s.track)
       << ',' << s.s << ',' << s.speed << ',' << s.x << ',' << s.y << ',' << s.z;
    for (double e : s.e)
        os << ',' << e;
    for (double f : s.f)
        os << ',' << f;
    os << ',' << (s.railed ? 1 : 0) << ',';
    if (s.train >= 0) {
        os << name(trainIds, s.train) << ',' << s.car << ',' << s.bogie << ',';
        if (s.railed && !s.unloaded) os << s.yq; // Y/Q is not defined for an unloaded (or derailed) bogie
        os << ',' << s.yqLimit << ',' << s.rollMargin << ',' << s.dqq << ',' << (s.unloaded ? 1 : 0);
    } else
        os << ",,,,,,,";
    writeRiderColumns(os, s.rider);
    os << ',';
    if (s.train >= 0 && s.railed && !s.unloaded) os << s.yq2m;
    os << ',';
    if (s.train >= 0) os << s.dqq2m;
    os << '\n';
}

void Telemetry::writeRiderColumns(std::ostream& os, const RiderChannels& r) {
    os << ',' << r.vertical << ',' << r.lateral << ',' << r.longitudinal << ',' << r.jerk << ','
       << r.rollRate * 180.0 / 3.14159265358979323846 << ',';
    if (r.hasCantDeficiency) os << r.cantDeficiency * 1000.0;
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
    for (const auto& s : samples_) {
        const double d[] = {s.t, s.s, s.speed, s.x, s.y, s.z};
        mix(d, sizeof d);
        mix(s.e.data(), sizeof(double) * s.e.size());
        mix(s.f.data(), sizeof(double) * s.f.size());
        const auto w = s.ratioAndRiderValues();
        mix(w.data(), sizeof(double) * w.size());
        const int i[] = {s.vehicle, s.track, s.railed ? 1 : 0, s.train, s.car, s.bogie, s.unloaded ? 1 : 0};
        mix(i, sizeof i);
    }
    return h;
}

} // namespace tl
