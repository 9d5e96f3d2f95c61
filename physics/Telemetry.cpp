#include "physics/Telemetry.h"

#include <cstring>
#include <iomanip>

namespace tl {

const char* Telemetry::csvHeader() {
    return "t,vehicle,track,s,speed,x,y,z,e1,e2,e3,e4,e5,f1,f2,f3,f4,f5,f6,railed";
}

void Telemetry::writeCsvRow(std::ostream& os, const TelemetrySample& s,
                            const std::vector<std::string>& vehicleIds,
                            const std::vector<std::string>& trackIds) {
    auto name = [](const std::vector<std::string>& ids, int i) {
        return i >= 0 && std::size_t(i) < ids.size() ? ids[std::size_t(i)] : std::string();
    };
    os << std::setprecision(10) << s.t << ',' << name(vehicleIds, s.vehicle) << ',' << name(trackIds, s.track)
       << ',' << s.s << ',' << s.speed << ',' << s.x << ',' << s.y << ',' << s.z;
    for (double e : s.e)
        os << ',' << e;
    for (double f : s.f)
        os << ',' << f;
    os << ',' << (s.railed ? 1 : 0) << '\n';
}

void Telemetry::writeCsv(std::ostream& os, const std::vector<std::string>& vehicleIds,
                         const std::vector<std::string>& trackIds) const {
    os << csvHeader() << '\n';
    for (const auto& s : samples_)
        writeCsvRow(os, s, vehicleIds, trackIds);
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
        const int i[] = {s.vehicle, s.track, s.railed ? 1 : 0};
        mix(i, sizeof i);
    }
    return h;
}

} // namespace tl
