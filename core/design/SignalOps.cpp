#include "core/design/SignalOps.h"

#include "core/layout/FormatVersion.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace tl::design {

namespace {

int signalIndex(const LayoutSpec& spec, const std::string& id) {
    for (std::size_t k = 0; k < spec.signalSpecs.size(); ++k)
        if (spec.signalSpecs[k].id == id) return int(k);
    return -1;
}

int requireSignal(const LayoutSpec& spec, const std::string& id) {
    const int k = signalIndex(spec, id);
    if (k < 0) throw DesignError("There is no signal \"" + id + "\".");
    return k;
}

// The routes from or to any of `ids` go.
void dropRoutesOf(LayoutSpec& spec, const std::vector<std::string>& ids) {
    auto names = [&](const std::string& id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
    std::erase_if(spec.routeSpecs, [&](const RouteSpec& r) { return names(r.from) || names(r.to); });
}

} // namespace

std::string uniqueSignalId(const LayoutSpec& spec, const std::string& prefix) {
    for (int k = 1;; ++k) {
        std::string id =
            prefix; // (appending, not prefix + ..., avoids GCC 12's false -Wrestrict, bug 105329)
        id += std::to_string(k);
        if (signalIndex(spec, id) < 0) return id;
    }
}

DesignEdit addSignal(const LayoutSpec& spec0, const std::string& track, double s, int direction) {
    if (spec0.trackIndex(track) < 0) throw DesignError("There is no track \"" + track + "\".");
    if (!std::isfinite(s)) throw DesignError("A signal needs a place on its track (s in metres).");
    if (direction != 1 && direction != -1) throw DesignError("A signal faces +1 or -1 along its track.");
    DesignEdit edit;
    edit.spec = spec0;
    upgradeToCurrentVersion(edit.spec); // "signals" is a version-2 key (core/layout/FormatVersion.h)
    SignalSpec g;
    g.id = uniqueSignalId(spec0);
    g.track = track;
    g.s = s;
    g.direction = direction;
    g.kind = SignalKind::Block;
    edit.spec.signalSpecs.push_back(g);
    edit.description = "Add signal " + g.id + " on " + track + " at " + shortNumber(s) + " m";
    return edit;
}

DesignEdit deleteSignal(const LayoutSpec& spec0, const std::string& id) {
    const int k = requireSignal(spec0, id);
    DesignEdit edit;
    edit.spec = spec0;
    const std::size_t routes = edit.spec.routeSpecs.size();
    edit.spec.signalSpecs.erase(edit.spec.signalSpecs.begin() + k);
    dropRoutesOf(edit.spec, {id});
    const std::size_t dropped = routes - edit.spec.routeSpecs.size();
    edit.description = "Delete signal " + id;
    if (dropped == 1) edit.description += " and its route";
    if (dropped > 1) edit.description += " and its " + std::to_string(dropped) + " routes";
    return edit;
}

DesignEdit renameSignal(const LayoutSpec& spec0, const std::string& from, const std::string& to) {
    const int k = requireSignal(spec0, from);
    if (to.empty()) throw DesignError("A signal id must not be empty.");
    if (std::isspace(static_cast<unsigned char>(to.front())) ||
        std::isspace(static_cast<unsigned char>(to.back())))
        throw DesignError("A signal id must not begin or end with a space.");
    for (unsigned char c : to)
        if (c < 0x20 || c == 0x7f) throw DesignError("A signal id must not hold control characters.");
    if (to == from) throw DesignError("The signal is already called " + to + ".");
    if (signalIndex(spec0, to) >= 0) throw DesignError("A signal \"" + to + "\" exists already.");
    DesignEdit edit;
    edit.spec = spec0;
    edit.spec.signalSpecs[std::size_t(k)].id = to;
    for (RouteSpec& r : edit.spec.routeSpecs) {
        if (r.from == from) r.from = to;
        if (r.to == from) r.to = to;
    }
    edit.description = "Rename signal " + from + " to " + to;
    return edit;
}

int dropSignalsOnTrack(LayoutSpec& spec, const std::string& track) {
    std::vector<std::string> gone;
    for (const SignalSpec& g : spec.signalSpecs)
        if (g.track == track) gone.push_back(g.id);
    std::erase_if(spec.signalSpecs, [&](const SignalSpec& g) { return g.track == track; });
    dropRoutesOf(spec, gone);
    return int(gone.size());
}

} // namespace tl::design
