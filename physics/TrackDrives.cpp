#include "physics/TrackDrives.h"

#include "physics/SpecReader.h"

namespace tl {

std::vector<TrackDrive> readTrackDrives(const Layout& layout, const std::string& file) {
    std::vector<TrackDrive> out;
    const Json& extra = layout.spec().extra;
    if (!extra.contains("drives")) return out;
    const Json& list = extra.at("drives");
    if (!list.is_array()) throw LayoutError(file, "/drives", "expected an array of drive sections");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = jsonPath("/drives", i);
        if (!list[i].is_object()) throw LayoutError(file, path, "expected a drive section object");
        const SpecReader r(list[i], file, path);
        TrackDrive d;
        d.id = r.string("id", "drive " + std::to_string(i));
        const std::string kind = r.string("kind", "chain");
        if (kind != "chain" && kind != "booster")
            r.fail("kind", "unknown drive kind \"" + kind + "\" (expected chain or booster)");
        d.chain = kind == "chain";
        const std::string track = r.string("track");
        d.track = layout.trackIndex(track);
        if (d.track < 0) r.fail("track", "unknown track \"" + track + "\"");
        const double length = layout.track(std::size_t(d.track)).length();
        d.from = r.number("from", 0.0);
        d.to = r.number("to", length);
        if (!(d.from >= 0 && d.to <= length + 1e-9 && d.from < d.to))
            r.fail("to", "the section [from, to] must lie on the track (0 .. " + std::to_string(length) +
                             " m) with from < to");
        const double dir = r.number("direction", 1.0);
        if (dir != 1.0 && dir != -1.0) r.fail("direction", "direction must be 1 or -1");
        d.direction = int(dir);
        d.speed = r.number("speed");
        if (d.speed < 0) r.fail("speed", "speed must be >= 0");
        if (!r.has("maxForce")) r.fail("maxForce", "missing required key \"maxForce\"");
        d.maxForce = r.positive("maxForce", 1.0);
        out.push_back(d);
    }
    return out;
}

std::optional<MotorCommand> trackDriveCommand(const std::vector<TrackDrive>& drives, const TrackPosition& p) {
    for (const TrackDrive& d : drives) {
        if (d.track != p.track || p.s < d.from || p.s > d.to) continue;
        MotorCommand m;
        m.on = true;
        m.vTarget = d.direction * d.speed; // along +wF.T = increasing s
        const double lo = d.chain ? 0.0 : -d.maxForce;
        m.forceMin = d.direction > 0 ? lo : -d.maxForce;
        m.forceMax = d.direction > 0 ? d.maxForce : -lo;
        return m;
    }
    return std::nullopt;
}

} // namespace tl
