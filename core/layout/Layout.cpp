#include "core/layout/Layout.h"

#include "core/io/JsonReader.h"
#include "core/layout/HeartlineRails.h"
#include "core/layout/LayoutCheck.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/TrackBuilder.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <unordered_map>

namespace tl {

namespace {

constexpr double kGravity = 9.81; // [m/s^2], as everywhere in TrackLab

Pose poseOf(const Vec3& position, const Quat& rotation) {
    Pose X = Pose::Identity();
    X.linear() = rotation.normalized().toRotationMatrix();
    X.translation() = position;
    return X;
}

Pose poseOf(const PoseSpec& p) {
    return poseOf(p.position, p.rotation);
}

// Initial pose of every named body: "bodies"[k] = {"name"|"id": ..., "pose": {"position", "rotation"}}.
std::vector<std::pair<std::string, Pose>> readBodyPoses(const LayoutSpec& spec, const std::string& file) {
    const JsonReader reader(file);
    std::vector<std::pair<std::string, Pose>> out;
    for (std::size_t k = 0; spec.bodies.is_array() && k < spec.bodies.size(); ++k) {
        const Json& b = spec.bodies[k];
        std::string name;
        for (const char* key : {"name", "id"})
            if (name.empty() && b.is_object() && b.contains(key) && b[key].is_string())
                name = b[key].get<std::string>();
        if (name.empty()) continue;
        const Json* pose = JsonReader::find(b, "pose");
        out.emplace_back(name, pose ? reader.pose(*pose, jsonPath(jsonPath("/bodies", k), "pose"))
                                    : Pose(Pose::Identity()));
    }
    return out;
}

} // namespace

// The level frame of a track end (as a pose in the track's body), in the direction of travel leaving the
// track through that end: x = T at an end, -T at a start; z = the body's +z made perpendicular to x
// (the twisted wB where the tangent is vertical); y = z x x. A track placed "after" that end starts with
// its local axes on these, so curves that start heading +x with up +z continue the line without a bank
// of their own; their twist profiles (e.g. cant from the curvature) then continue by value.
Pose levelEndFrame(const Track& t, TrackEnd end) {
    const TwistedFrame f = t.localFrame(end == TrackEnd::Start ? 0.0 : t.length());
    const Vec3 x = (end == TrackEnd::Start ? -1.0 : 1.0) * f.F.T.normalized();
    Vec3 z = Vec3::UnitZ() - x.z() * x;
    if (z.norm() < 1e-9) z = f.wB - f.wB.dot(x) * x;
    z.normalize();
    Pose X = Pose::Identity();
    X.linear().col(0) = x;
    X.linear().col(1) = z.cross(x);
    X.linear().col(2) = z;
    X.translation() = f.F.P;
    return X;
}

Layout Layout::compile(const LayoutSpec& spec, const std::string& file, const Layout* reuse) {
    checkLayoutSpec(spec, file);
    Layout L;
    L.spec_ = spec;
    L.bodyPoses_ = readBodyPoses(spec, file);

    const std::size_t n = spec.tracks.size();
    std::vector<CurvePtr> curves(n);
    for (std::size_t i = 0; i < n; ++i) {
        // a force section is built where it is placed (it needs the up, its start speed and bank)
        if (spec.tracks[i].curve.type == "force" || spec.tracks[i].curve.type == "geometric") continue;
        // curves are immutable: an unchanged curve of the previous compile is shared, not rebuilt (a
        // heartline track's compiled curve is its rails, not the curve of its spec)
        if (!hasHeartlineRails(spec.tracks[i]) && reuse && i < reuse->trackCount() &&
            (reuse->spec().tracks.sharesItem(i, spec.tracks, i) ||
             reuse->spec().tracks[i].curve == spec.tracks[i].curve)) {
            curves[i] = reuse->track(i).curvePtr();
            continue;
        }
        try {
            curves[i] = buildCurve(spec.tracks[i].curve);
        } catch (const std::exception& e) {
            throw LayoutError(file, jsonPath(jsonPath("/tracks", i), "curve"), e.what());
        }
    }

    std::unordered_map<std::string, int> ids; // unique (checkLayoutSpec): O(1) lookups, no quadratic load
    ids.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        ids.emplace(spec.tracks[i].id, int(i));
    auto indexOf = [&](const std::string& id) {
        const auto it = ids.find(id);
        return it == ids.end() ? -1 : it->second;
    };

    // Placements and twists, "after" ones in dependency order (depth-first with an explicit stack, so a
    // chain of 100k tracks needs no deep recursion; a cycle is an error): a track placed after another
    // needs that one's twisted end frame.
    std::vector<std::optional<Track>> built(n);
    std::vector<int> state(n, 0); // 0 = todo, 1 = in progress, 2 = done
    // The speed at each track's end where the energy model knows it (NaN elsewhere), for the force sections
    // placed after it: a force section's own end speed; a track with a drive section, the drive's speed at
    // its end, then energy to the track's end; a track placed after one with a known end speed, energy over
    // the track (the layout's coaster energy model, core/curves/CoasterEnergy.h; frictionless:
    // v^2 = v0^2 - 2 g dz).
    std::vector<double> endSpeed(n, std::numeric_limits<double>::quiet_NaN());
    // only a layout with force or geometric sections needs them (a drag of a railway layout's spline point
    // recompiles without this), with its forward drive sections by track once
    const bool sections = std::any_of(spec.tracks.begin(), spec.tracks.end(), [](const TrackSpec& t) {
        return t.curve.type == "force" || t.curve.type == "geometric";
    });
    std::unordered_map<std::string, std::vector<const DriveSpec*>> forwardDrives;
    if (sections)
        for (const DriveSpec& d : spec.drives)
            if (d.direction > 0) forwardDrives[d.track].push_back(&d);
    auto worldZ = [&](const Track& t, double s) {
        return (L.initialBodyPose(t.body()) * t.localFrame(s).F.P).z();
    };
    const CoasterResistance resistance = spec.coasterResistance();
    auto energyTo = [&](double v, const Track& t, double s0, double s1) {
        double v2 = v * v;
        if (resistance.none() || !(s1 > s0)) {
            v2 = energyStep(v2, worldZ(t, s1) - worldZ(t, s0), s1 - s0, 1.0, resistance, kGravity);
        } else { // friction and drag depend on the way: steps of at most 0.25 m
            const Pose body = L.initialBodyPose(t.body());
            const int steps = int(std::ceil((s1 - s0) / 0.25));
            const double ds = (s1 - s0) / steps;
            TwistedFrame a = t.localFrame(s0);
            for (int k = 1; k <= steps && v2 > 0.0; ++k) {
                const TwistedFrame b = t.localFrame(k == steps ? s1 : s0 + k * ds);
                const double n =
                    normalG(v2, body.linear() * (a.F.kappa * a.F.N), body.linear() * a.wB, kGravity);
                v2 = energyStep(v2, (body * b.F.P).z() - (body * a.F.P).z(), ds, n, resistance, kGravity);
                a = b;
            }
        }
        return v2 > 0.0 ? std::sqrt(v2) : std::numeric_limits<double>::quiet_NaN();
    };
    auto place = [&](std::size_t i) {
        const TrackSpec& t = spec.tracks[i];
        const std::string tp = jsonPath("/tracks", i);
        Pose placement = poseOf(t.placement.pose);
        if (t.placement.after) {
            const std::size_t j = std::size_t(indexOf(t.placement.after->track));
            const Pose bodyJ = L.initialBodyPose(spec.tracks[j].body);
            const Pose bodyI = L.initialBodyPose(t.body);
            placement = bodyI.inverse(Eigen::Isometry) * bodyJ *
                        levelEndFrame(*built[j], t.placement.after->end) * poseOf(t.placement.offset);
            placement.linear() =
                Quat(placement.linear()).normalized().toRotationMatrix(); // re-orthonormalize
        }
        // The level reference depends on the curve and the direction of +z in it: shared with the previous
        // compile when both are unchanged (as is the whole twist when its spec is too).
        const Quat bodyToCurve(placement.linear().transpose());
        const Vec3 up = bodyToCurve * Vec3::UnitZ();
        const Track* old =
            reuse && i < reuse->trackCount() && reuse->track(i).curvePtr() == curves[i] &&
                    (reuse->track(i).placement().linear() - placement.linear()).cwiseAbs().maxCoeff() < 1e-15
                ? &reuse->track(i)
                : nullptr;
        UpReferencePtr upRef = old && !hasHeartlineRails(t) ? old->upReference() : nullptr;
        TwistPtr twist;
        const bool section = t.curve.type == "force" || t.curve.type == "geometric";
        if (!section) try {
                if (!upRef) upRef = std::make_shared<UpReference>(curves[i], up);
                if (old && !hasHeartlineRails(t) && reuse->spec().tracks[i].twist == t.twist &&
                    reuse->spec().tracks[i].frame == t.frame)
                    twist = old->twistPtr();
                else
                    twist = buildTrackTwist(t, bodyToCurve, curves[i]->length(), upRef);
            } catch (const std::exception& e) {
                throw LayoutError(file, jsonPath(tp, "twist"), e.what());
            }
        if (hasHeartlineRails(t)) {
            double startSpeed = std::numeric_limits<double>::quiet_NaN(), startBank = 0.0;
            if (t.placement.after) {
                const std::size_t j = std::size_t(indexOf(t.placement.after->track));
                const bool fromEnd = t.placement.after->end == TrackEnd::End;
                if (fromEnd) startSpeed = endSpeed[j];
                const double bank = built[j]->bank(fromEnd ? built[j]->length() : 0.0).wt;
                startBank = fromEnd ? bank : -bank;
            }
            try {
                RailsTrack r =
                    buildRailsTrack(t, curves[i], twist, upRef, up, startSpeed, startBank, resistance);
                curves[i] = r.curve;
                upRef = r.up;
                twist = r.twist;
                if (section) endSpeed[i] = r.endSpeed;
            } catch (const std::exception& e) { // (a ForceSectionError too: it says the place)
                throw LayoutError(file, jsonPath(tp, "curve"),
                                  std::string("track \"") + t.id + "\": " + e.what());
            }
        }
        built[i].emplace(t.id, curves[i], twist, placement, t.body, upRef, t.heartline.value_or(0.0));
        const Track& b = *built[i];
        if (sections && !section) {
            double best = -1.0;
            if (const auto it = forwardDrives.find(t.id); it != forwardDrives.end())
                for (const DriveSpec* d : it->second) {
                    const double to = d->to.value_or(b.length());
                    if (to > best) {
                        best = to;
                        endSpeed[i] = energyTo(d->speed, b, to, b.length());
                    }
                }
            if (best < 0.0 && t.placement.after && t.placement.after->end == TrackEnd::End) {
                const double v0 = endSpeed[std::size_t(indexOf(t.placement.after->track))];
                if (std::isfinite(v0)) endSpeed[i] = energyTo(v0, b, 0.0, b.length());
            }
        }
        state[i] = 2;
    };
    auto resolve = [&](std::size_t root) {
        std::vector<std::size_t> stack{root};
        while (!stack.empty()) {
            const std::size_t i = stack.back();
            if (state[i] == 2) {
                stack.pop_back();
                continue;
            }
            const TrackSpec& t = spec.tracks[i];
            if (t.placement.after && state[i] == 0) {
                state[i] = 1;
                const std::size_t j = std::size_t(indexOf(t.placement.after->track));
                if (state[j] == 1)
                    throw LayoutError(file, jsonPath(jsonPath(jsonPath("/tracks", j), "placement"), "after"),
                                      "placement cycle through track \"" + spec.tracks[j].id + "\"");
                if (state[j] == 0) {
                    stack.push_back(j);
                    continue;
                }
            }
            place(i); // its predecessor (if any) is done
            stack.pop_back();
        }
    };
    for (std::size_t i = 0; i < n; ++i)
        resolve(i);
    for (auto& t : built)
        L.tracks_.push_back(std::move(*t));

    auto index = [&](const EndRef& e) { return TrackEndIndex{indexOf(e.track), e.end}; };
    L.attach_.assign(2 * n, Attachment{});
    auto slot = [&](const TrackEndIndex& e) -> Attachment& {
        return L.attach_[std::size_t(2 * e.track + (e.end == TrackEnd::End ? 1 : 0))];
    };
    for (std::size_t k = 0; k < spec.connections.size(); ++k) {
        const Connection c{index(spec.connections[k].a), index(spec.connections[k].b)};
        L.connections_.push_back(c);
        slot(c.a) = Attachment{AttachKind::Connection, int(k), -1, c.b};
        slot(c.b) = Attachment{AttachKind::Connection, int(k), -1, c.a};
    }
    for (std::size_t k = 0; k < spec.switches.size(); ++k) {
        const SwitchSpec& s = spec.switches[k];
        Switch w{s.id, index(s.at), {}, s.state};
        slot(w.at) = Attachment{AttachKind::SwitchAt, int(k), -1, {}};
        for (std::size_t b = 0; b < s.branches.size(); ++b) {
            w.branches.push_back(index(s.branches[b]));
            slot(w.branches.back()) = Attachment{AttachKind::SwitchBranch, int(k), int(b), {}};
        }
        L.switches_.push_back(std::move(w));
    }
    for (std::size_t k = 0; k < spec.drives.size(); ++k) {
        const DriveSpec& d = spec.drives[k];
        TrackDrive c{
            d.id,      d.kind == DriveKind::Chain, indexOf(d.track), d.from, 0.0, d.direction, d.speed,
            d.maxForce};
        c.brake = d.kind == DriveKind::Brake;
        c.dispatchInterval = d.dispatchInterval.value_or(0.0);
        const double length = L.tracks_[std::size_t(c.track)].length();
        c.to = d.to.value_or(length);
        if (!(c.from >= 0 && c.to <= length + 1e-9 && c.from < c.to))
            throw LayoutError(file, jsonPath(jsonPath("/drives", k), "to"),
                              "the section [from, to] must lie on the track (0 .. " + std::to_string(length) +
                                  " m) with from < to");
        L.drives_.push_back(std::move(c));
    }
    // buffer stops: only on an open end of a track on the ground, one to an end, its slide on the track
    for (std::size_t k = 0; k < spec.bufferStops.size(); ++k) {
        const BufferStopSpec& b = spec.bufferStops[k];
        const std::string path = jsonPath("/bufferStops", k);
        BufferStop c;
        c.track = indexOf(b.end.track);
        c.end = b.end.end;
        c.friction = b.friction;
        c.force = b.friction ? b.force.value_or(BufferStop::kFrictionForce) : 0.0;
        c.stroke = b.friction ? b.stroke.value_or(BufferStop::kFrictionStroke) : BufferStop::kFixedStroke;
        const TrackSpec& t = spec.tracks[std::size_t(c.track)];
        const std::string at = "\"" + b.end.track + "\" " + endName(b.end.end);
        if (t.curve.closed)
            throw LayoutError(file, jsonPath(path, "end"),
                              "track " + at + " is a closed spline's: it has no end to stop");
        if (!L.tracks_[std::size_t(c.track)].onGround())
            throw LayoutError(file, jsonPath(path, "end"),
                              "track " + at + " lies on a moving body: a buffer stop stands on the ground");
        if (L.attachment(c.track, c.end).kind != AttachKind::None)
            throw LayoutError(file, jsonPath(path, "end"),
                              "track " + at +
                                  " is connected or used by a switch: a buffer stop closes an open end");
        for (const BufferStop& o : L.bufferStops_)
            if (o.track == c.track && o.end == c.end)
                throw LayoutError(file, jsonPath(path, "end"), "track " + at + " has a buffer stop already");
        if (c.stroke >= L.tracks_[std::size_t(c.track)].length())
            throw LayoutError(file, jsonPath(path, "stroke"),
                              "the stroke " + std::to_string(c.stroke) + " m is not shorter than track \"" +
                                  b.end.track + "\" (" +
                                  std::to_string(L.tracks_[std::size_t(c.track)].length()) + " m)");
        L.bufferStops_.push_back(c);
    }
    L.trackIds_ = std::move(ids);
    L.signals_ = compileSignals(L, file);       // (Signals.cpp: needs the track ids)
    L.routes_ = compileRoutes(L, file);         // (Routes.cpp: needs the signals)
    L.alignments_ = compileAlignments(L, file); // (Alignment.cpp: needs the connections and switches)
    return L;
}

Layout Layout::load(const std::filesystem::path& path) {
    return compile(loadLayoutSpec(path), path.string());
}

int Layout::trackIndex(std::string_view id) const {
    const auto it = trackIds_.find(std::string(id));
    return it == trackIds_.end() ? -1 : it->second;
}

const Track& Layout::trackById(std::string_view id) const {
    const int i = trackIndex(id);
    if (i < 0) throw std::out_of_range("Layout: unknown track \"" + std::string(id) + "\"");
    return tracks_[std::size_t(i)];
}

int Layout::alignmentIndex(std::string_view id) const {
    for (std::size_t i = 0; i < alignments_.size(); ++i)
        if (alignments_[i].id() == id) return int(i);
    return -1;
}

std::optional<double> Layout::station(int track, double s) const {
    for (const Alignment& a : alignments_)
        if (const std::optional<double> st = a.station(track, s)) return st;
    return std::nullopt;
}

int Layout::switchIndex(std::string_view id) const {
    for (std::size_t i = 0; i < switches_.size(); ++i)
        if (switches_[i].id == id) return int(i);
    return -1;
}

SwitchStates Layout::initialSwitchStates() const {
    SwitchStates s;
    for (const auto& w : switches_)
        s.push_back(w.initialState);
    return s;
}

Pose Layout::initialBodyPose(const std::string& body) const {
    for (const auto& [name, X] : bodyPoses_)
        if (name == body) return X;
    return Pose::Identity(); // "ground" (and bodies without a pose)
}

TwistedFrame Layout::frameInWorld(std::size_t track, double s) const {
    const Track& t = tracks_.at(track);
    return t.frameInWorld(s, initialBodyPose(t.body()));
}

const Layout::Attachment& Layout::attachment(int track, TrackEnd end) const {
    if (track < 0 || std::size_t(track) >= tracks_.size())
        throw std::out_of_range("Layout: track index " + std::to_string(track) + " out of range");
    return attach_[std::size_t(2 * track + (end == TrackEnd::End ? 1 : 0))];
}

const BufferStop* Layout::bufferStop(int track, TrackEnd end) const {
    for (const BufferStop& b : bufferStops_)
        if (b.track == track && b.end == end) return &b;
    return nullptr;
}

} // namespace tl
