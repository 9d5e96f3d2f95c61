#include "core/design/LayoutChange.h"

namespace tl::design {

void LayoutChange::merge(const LayoutChange& o) {
    const bool bothNotes = (onlyTrackNotes || empty()) && (o.onlyTrackNotes || o.empty());
    parts |= o.parts;
    for (int t : o.tracks)
        if (std::find(tracks.begin(), tracks.end(), t) == tracks.end()) tracks.push_back(t);
    std::sort(tracks.begin(), tracks.end());
    onlyTrackNotes = bothNotes && !empty() && parts == TrackDetails;
    interim = interim && o.interim;
}

namespace {

// What differs between two versions of one track.
unsigned trackParts(const TrackSpec& a, const TrackSpec& b, bool& onlyExtra) {
    unsigned p = 0;
    if (!(a.curve == b.curve) || !(a.placement == b.placement) || a.body != b.body || a.frame != b.frame)
        p |= LayoutChange::TrackGeometry;
    if (!(a.twist == b.twist) || a.frame != b.frame) p |= LayoutChange::TrackTwist;
    const bool details = a.id != b.id || a.lineSpeed != b.lineSpeed;
    if (details || a.extra != b.extra) p |= LayoutChange::TrackDetails;
    onlyExtra = p == LayoutChange::TrackDetails && !details;
    return p;
}

template <class T> bool changed(const Hunks<T>& hs) {
    for (const auto& h : hs)
        if (!h.empty()) return true;
    return false;
}

} // namespace

LayoutChange changeOfTrack(int i, const TrackSpec& before, const TrackSpec& after) {
    LayoutChange c;
    bool extra = false;
    c.parts = trackParts(before, after, extra);
    if (c.parts) c.tracks.push_back(i);
    c.onlyTrackNotes = extra;
    return c;
}

LayoutChange changeOf(const SpecPatch& patch, bool forward) {
    LayoutChange c;
    bool onlyExtra = true;
    for (const Hunk<TrackSpec>& h : patch.tracks) {
        if (h.empty()) continue;
        if (h.before.size() != h.after.size()) {
            c.parts |= LayoutChange::TrackList | LayoutChange::TrackGeometry | LayoutChange::TrackTwist |
                       LayoutChange::TrackDetails;
            onlyExtra = false;
            continue;
        }
        for (std::size_t k = 0; k < h.before.size(); ++k) {
            const TrackSpec& a = forward ? h.before[k] : h.after[k];
            const TrackSpec& b = forward ? h.after[k] : h.before[k];
            bool extra = false;
            const unsigned p = trackParts(a, b, extra);
            if (p == 0) continue;
            c.parts |= p;
            onlyExtra = onlyExtra && extra;
            c.tracks.push_back(int(h.at + k));
        }
    }
    if (changed(patch.connections)) c.parts |= LayoutChange::Connections;
    if (changed(patch.switches)) c.parts |= LayoutChange::Switches;
    if (changed(patch.bufferStops)) c.parts |= LayoutChange::BufferStops;
    if (changed(patch.signalSpecs)) c.parts |= LayoutChange::Signals;
    if (changed(patch.routeSpecs)) c.parts |= LayoutChange::Routes;
    if (changed(patch.drives)) c.parts |= LayoutChange::Drives;
    if (patch.bodies) c.parts |= LayoutChange::Bodies;
    if (patch.vehicles) c.parts |= LayoutChange::Vehicles;
    if (patch.trains) c.parts |= LayoutChange::Trains;
    if (patch.extra) c.parts |= LayoutChange::Notes;
    // stationing changes no track and no run: views that show stations read them from the compiled layout
    if (changed(patch.alignmentSpecs)) c.parts |= LayoutChange::Notes;
    if (patch.look || patch.railCentreDistance) c.parts |= LayoutChange::Look;
    if (patch.version) c.parts |= LayoutChange::Version;
    if (c.has(LayoutChange::TrackList)) c.tracks.clear();
    std::sort(c.tracks.begin(), c.tracks.end());
    c.onlyTrackNotes = c.parts == LayoutChange::TrackDetails && onlyExtra;
    return c;
}

} // namespace tl::design
