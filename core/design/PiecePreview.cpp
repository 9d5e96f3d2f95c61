#include "core/design/PiecePreview.h"

#include "core/layout/TrackBuilder.h"

#include <algorithm>
#include <cmath>

namespace tl::design {

std::vector<Track> previewTracks(const Layout& base, const DesignEdit& edit) {
    std::vector<Track> out;
    for (const std::string& id : edit.newTracks) {
        const int si = edit.spec.trackIndex(id);
        if (si < 0) continue;
        const TrackSpec& t = edit.spec.tracks[std::size_t(si)];
        Pose placement = Pose::Identity();
        placement.linear() = t.placement.pose.rotation.normalized().toRotationMatrix();
        placement.translation() = t.placement.pose.position;
        if (t.placement.after) {
            const Track* from = nullptr;
            for (const Track& n : out)
                if (n.id() == t.placement.after->track) from = &n;
            if (!from) {
                const int bi = base.trackIndex(t.placement.after->track);
                if (bi < 0) throw DesignError("Preview: no track \"" + t.placement.after->track + "\".");
                from = &base.track(std::size_t(bi));
            }
            Pose offset = Pose::Identity();
            offset.linear() = t.placement.offset.rotation.normalized().toRotationMatrix();
            offset.translation() = t.placement.offset.position;
            placement = levelEndFrame(*from, t.placement.after->end) * offset;
        }
        out.emplace_back(t.id, buildCurve(t.curve), nullptr, placement, t.body);
    }
    return out;
}

std::vector<Vec3> previewPolyline(const Layout& base, const std::vector<Track>& tracks, double step) {
    std::vector<Vec3> pts;
    for (const Track& t : tracks) {
        const Pose X = base.initialBodyPose(t.body()) * t.placement();
        const int n = std::clamp(int(std::ceil(t.length() / std::max(step, 1e-3))), 8, 20000);
        for (int i = 0; i <= n; ++i)
            pts.push_back(X * t.curve().position(t.length() * i / n));
    }
    return pts;
}

} // namespace tl::design
