#include "ui/sim/TelemetryHistory.h"

#include "ui/Units.h"

#include <algorithm>
#include <cmath>

namespace tl::ui {

QString channelName(Channel c) {
    if (c == Channel::Speed) return QString("speed [%1]").arg(Units::instance().speedSuffix());
    const ChannelInfo& i = channelInfo(c);
    const QString label = QString::fromUtf8(i.label ? i.label : i.name);
    return *i.unit ? QString("%1 [%2]").arg(label, QString::fromUtf8(i.unit)) : label;
}

double channelScale(Channel c) {
    return c == Channel::Speed ? Units::instance().speedScale() : channelInfo(c).plotScale;
}

bool isRiderG(Channel c) {
    return channelInfo(c).riderG;
}

void TelemetryHistory::reset(std::vector<HistorySource> sources, double rate, double fullRateSeconds,
                             std::size_t olderPoints, std::size_t maxBytes) {
    m_sources = std::move(sources);
    m_index.clear();
    for (std::size_t i = 0; i < m_sources.size(); ++i) {
        const HistorySource& h = m_sources[i];
        m_index.emplace(keyOf(h.vehicle, h.origin, h.bogie), int(i));
    }
    m_interval = 1.0 / rate;
    // A source holds at most the full-rate window (a sample is kept 0.999 intervals after the last), the
    // older points and the one that triggers a halving; its vectors grow to that size and no further (grown
    // by doubling alone they would reach up to twice it).
    const auto pointsFor = [rate](double full, std::size_t older) {
        return std::size_t(std::ceil(full * rate / 0.999)) + older + 2;
    };
    const std::size_t budget = maxBytes / (std::max<std::size_t>(1, m_sources.size()) * kBytesPerPoint);
    const std::size_t wanted = pointsFor(fullRateSeconds, olderPoints);
    const double share = wanted > budget ? double(budget) / double(wanted) : 1.0;
    m_fullRate = fullRateSeconds * share;
    m_olderPoints = std::max<std::size_t>(2, std::size_t(double(olderPoints) * share));
    while (pointsFor(m_fullRate, m_olderPoints) > budget && m_olderPoints > 2) // the rounding up
        --m_olderPoints;
    m_points = pointsFor(m_fullRate, m_olderPoints);
    m_data.assign(m_sources.size(), Series{});
}

// Doubles a series' capacity as std::vector would, but never past the bound: memory grows with the run up to
// what the source can hold.
void TelemetryHistory::grow(Series& d) const {
    const std::size_t n =
        std::max(d.t.capacity() + 1, std::min(m_points, std::max<std::size_t>(64, 2 * d.t.capacity())));
    d.t.reserve(n);
    for (auto& v : d.v)
        v.reserve(n);
    d.track.reserve(n);
    d.s.reserve(n);
}

// A vehicle's row by its index; a bogie's by its car's origin (32 bits) and its index (16 bits).
std::uint64_t TelemetryHistory::keyOf(int vehicle, int origin, int bogie) {
    if (origin < 0) return std::uint64_t(1) << 63 | std::uint32_t(vehicle);
    return std::uint64_t(std::uint32_t(origin)) << 16 | std::uint16_t(bogie);
}

int TelemetryHistory::sourceOf(const TelemetrySample& s) const {
    const auto it = m_index.find(keyOf(s.vehicle, s.train < 0 ? -1 : s.origin, s.bogie));
    return it == m_index.end() ? -1 : it->second;
}

void TelemetryHistory::add(const TelemetrySample& s) {
    const int i = sourceOf(s);
    if (i < 0) return;
    Series& d = m_data[std::size_t(i)];
    if (s.t < d.lastKept + m_interval * 0.999) return;
    d.lastKept = s.t;
    if (d.t.size() == d.t.capacity()) grow(d);
    d.t.push_back(s.t);
    for (int k = 0; k < kPlottedChannelCount; ++k)
        d.v[std::size_t(k)].push_back(float(channelInfo(plotted(k)).value(s))); // SI (the plot converts)
    d.track.push_back(s.railed ? s.track : -1);
    d.s.push_back(float(s.s));
    // decimate beyond the full-rate window once the older part is over its budget (amortized O(1))
    const auto older =
        std::size_t(std::lower_bound(d.t.begin(), d.t.end(), d.t.back() - m_fullRate) - d.t.begin());
    if (older > m_olderPoints) thin(d, older);
}

// Samples 2k and 2k+1 of the first `older` become one: the earlier time, track and s (the run's start stays
// in view), each channel the value of larger magnitude (a peak is not averaged away); the rest moves up.
void TelemetryHistory::thin(Series& d, std::size_t older) const {
    const std::size_t pairs = older / 2, n = d.t.size();
    auto merge = [&](auto& v, auto pick) {
        for (std::size_t k = 0; k < pairs; ++k)
            v[k] = pick(v[2 * k], v[2 * k + 1]);
        std::move(v.begin() + std::ptrdiff_t(2 * pairs), v.begin() + std::ptrdiff_t(n),
                  v.begin() + std::ptrdiff_t(pairs));
        v.resize(n - pairs);
    };
    auto earlier = [](auto a, auto) { return a; };
    merge(d.t, earlier);
    merge(d.track, earlier);
    merge(d.s, earlier);
    for (auto& v : d.v)
        merge(v, [](float a, float b) { return std::abs(b) >= std::abs(a) ? b : a; });
}

void TelemetryHistory::truncateAfter(double t) {
    for (Series& d : m_data) {
        const auto keep = std::upper_bound(d.t.begin(), d.t.end(), t + 1e-9) - d.t.begin();
        d.t.resize(std::size_t(keep));
        for (auto& v : d.v)
            v.resize(std::size_t(keep));
        d.track.resize(std::size_t(keep));
        d.s.resize(std::size_t(keep));
        d.lastKept = d.t.empty() ? -1e300 : d.t.back();
    }
}

std::size_t TelemetryHistory::memoryBytes() const {
    std::size_t n = 0;
    for (const Series& d : m_data)
        n += d.t.capacity() * sizeof(double) + d.v[0].capacity() * sizeof(float) * kPlottedChannelCount +
             d.track.capacity() * sizeof(int) + d.s.capacity() * sizeof(float);
    return n;
}

} // namespace tl::ui
