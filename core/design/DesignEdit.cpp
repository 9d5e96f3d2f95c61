#include "core/design/DesignEdit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tl::design {

void dropBufferStop(LayoutSpec& spec, const EndRef& end) {
    std::erase_if(spec.bufferStops, [&](const BufferStopSpec& b) { return b.end == end; });
}

std::string shortNumber(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", std::abs(x) < 5e-13 ? 0.0 : x);
    return buf;
}

std::string uniqueTrackId(const LayoutSpec& spec, const std::string& prefix,
                          const std::vector<std::string>& taken) {
    for (int k = 1;; ++k) {
        std::string id = prefix;
        id += std::to_string(k);
        if (spec.trackIndex(id) < 0 && std::find(taken.begin(), taken.end(), id) == taken.end()) return id;
    }
}

std::string uniqueSwitchId(const LayoutSpec& spec, const std::string& prefix) {
    for (int k = 1;; ++k) {
        std::string id = prefix;
        id += std::to_string(k);
        if (std::none_of(spec.switches.begin(), spec.switches.end(),
                         [&](const SwitchSpec& s) { return s.id == id; }))
            return id;
    }
}

bool endInUse(const LayoutSpec& spec, const EndRef& end) {
    for (const auto& c : spec.connections)
        if (c.a == end || c.b == end) return true;
    for (const auto& s : spec.switches) {
        if (s.at == end) return true;
        for (const auto& b : s.branches)
            if (b == end) return true;
    }
    return false;
}

std::vector<EndRef> freeEnds(const LayoutSpec& spec) {
    std::vector<EndRef> out;
    for (const auto& t : spec.tracks) {
        if (t.curve.closed) continue;
        for (TrackEnd e : {TrackEnd::Start, TrackEnd::End})
            if (!endInUse(spec, EndRef{t.id, e})) out.push_back(EndRef{t.id, e});
    }
    return out;
}

} // namespace tl::design
