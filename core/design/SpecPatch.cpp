#include "core/design/SpecPatch.h"

#include <algorithm>

namespace tl::design {

namespace {

// Items equal; the same shared item of two SharedLists is equal without comparing (a drag step compares
// one track, not all of them).
template <class C> bool sameItem(const C& a, std::size_t i, const C& b, std::size_t j) {
    if constexpr (requires { a.sharesItem(i, b, j); })
        if (a.sharesItem(i, b, j)) return true;
    return a[i] == b[j];
}

template <class C> Hunks<typename C::value_type> diffList(const C& a, const C& b) {
    using T = typename C::value_type;
    std::size_t p = 0;
    while (p < a.size() && p < b.size() && sameItem(a, p, b, p))
        ++p;
    std::size_t q = 0;
    while (q < a.size() - p && q < b.size() - p && sameItem(a, a.size() - 1 - q, b, b.size() - 1 - q))
        ++q;
    Hunks<T> hs;
    if (a.size() == b.size()) { // items replaced in place: only those
        for (std::size_t i = p; i < a.size() - q; ++i)
            if (!sameItem(a, i, b, i)) hs.push_back(Hunk<T>{i, {a[i]}, {b[i]}});
        return hs;
    }
    Hunk<T> h;
    h.at = p;
    h.before.assign(a.begin() + std::ptrdiff_t(p), a.end() - std::ptrdiff_t(q));
    h.after.assign(b.begin() + std::ptrdiff_t(p), b.end() - std::ptrdiff_t(q));
    hs.push_back(std::move(h));
    return hs;
}

template <class C, class T> void applyList(C& v, const Hunks<T>& hs, bool forward) {
    for (const Hunk<T>& h : hs) { // either one hunk, or hunks that keep the count (indices stay valid)
        const auto& remove = forward ? h.before : h.after;
        const auto& insert = forward ? h.after : h.before;
        const auto at = v.begin() + std::ptrdiff_t(h.at);
        v.erase(at, at + std::ptrdiff_t(remove.size()));
        v.insert(v.begin() + std::ptrdiff_t(h.at), insert.begin(), insert.end());
    }
}

template <class T> bool allEmpty(const Hunks<T>& hs) {
    for (const auto& h : hs)
        if (!h.empty()) return false;
    return true;
}

template <class T> std::size_t items(const Hunks<T>& hs) {
    std::size_t n = 0;
    for (const auto& h : hs)
        n += h.before.size() + h.after.size();
    return n;
}

void diffJson(const Json& a, const Json& b, std::optional<std::pair<Json, Json>>& out) {
    if (a != b) out = std::make_pair(a, b);
}
void applyJson(Json& j, const std::optional<std::pair<Json, Json>>& d, bool forward) {
    if (d) j = forward ? d->second : d->first;
}

} // namespace

bool SpecPatch::empty() const {
    return allEmpty(tracks) && allEmpty(connections) && allEmpty(switches) && allEmpty(bufferStops) &&
           allEmpty(signalSpecs) && allEmpty(routeSpecs) && allEmpty(alignmentSpecs) && allEmpty(drives) && !bodies && !vehicles &&
           !trains && !extra && !version && !look && !railCentreDistance;
}

std::size_t SpecPatch::itemCount() const {
    return items(tracks) + items(connections) + items(switches) + items(bufferStops) + items(signalSpecs) +
           items(routeSpecs);
}

SpecPatch diffSpecs(const LayoutSpec& a, const LayoutSpec& b) {
    SpecPatch p;
    p.tracks = diffList(a.tracks, b.tracks);
    p.connections = diffList(a.connections, b.connections);
    p.switches = diffList(a.switches, b.switches);
    p.bufferStops = diffList(a.bufferStops, b.bufferStops);
    p.signalSpecs = diffList(a.signalSpecs, b.signalSpecs);
    p.routeSpecs = diffList(a.routeSpecs, b.routeSpecs);
    p.alignmentSpecs = diffList(a.alignmentSpecs, b.alignmentSpecs);
    p.drives = diffList(a.drives, b.drives);
    if (a.look != b.look) p.look = std::pair{a.look, b.look};
    if (a.railCentreDistance != b.railCentreDistance)
        p.railCentreDistance = std::pair{a.railCentreDistance, b.railCentreDistance};
    if (a.version != b.version) p.version = std::pair{a.version, b.version};
    diffJson(a.bodies, b.bodies, p.bodies);
    diffJson(a.vehicles, b.vehicles, p.vehicles);
    diffJson(a.trains, b.trains, p.trains);
    diffJson(a.extra, b.extra, p.extra);
    return p;
}

void applyPatch(LayoutSpec& spec, const SpecPatch& p, bool forward) {
    applyList(spec.tracks, p.tracks, forward);
    applyList(spec.connections, p.connections, forward);
    applyList(spec.switches, p.switches, forward);
    applyList(spec.bufferStops, p.bufferStops, forward);
    applyList(spec.signalSpecs, p.signalSpecs, forward);
    applyList(spec.routeSpecs, p.routeSpecs, forward);
    applyList(spec.alignmentSpecs, p.alignmentSpecs, forward);
    applyList(spec.drives, p.drives, forward);
    if (p.look) spec.look = forward ? p.look->second : p.look->first;
    if (p.railCentreDistance)
        spec.railCentreDistance = forward ? p.railCentreDistance->second : p.railCentreDistance->first;
    if (p.version) spec.version = forward ? p.version->second : p.version->first;
    applyJson(spec.bodies, p.bodies, forward);
    applyJson(spec.vehicles, p.vehicles, forward);
    applyJson(spec.trains, p.trains, forward);
    applyJson(spec.extra, p.extra, forward);
}

} // namespace tl::design
