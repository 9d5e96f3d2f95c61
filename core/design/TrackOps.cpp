#include "core/design/TrackOps.h"

#include "core/curves/Spline.h"
#include "core/design/EndState.h"
#include "core/design/SignalOps.h"
#include "core/layout/FormatVersion.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/TrackBuilder.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>

namespace tl::design {

namespace {

int requireTrack(const LayoutSpec& spec, const std::string& id) {
    const int i = spec.trackIndex(id);
    if (i < 0) throw DesignError("There is no track \"" + id + "\".");
    return i;
}

// Apply f to every end reference of the spec (connections, switches, placements).
template <class F> void forEachEnd(LayoutSpec& spec, F f) {
    for (auto& c : spec.connections) {
        f(c.a);
        f(c.b);
    }
    for (auto& s : spec.switches) {
        f(s.at);
        for (auto& b : s.branches)
            f(b);
    }
    for (auto& t : spec.tracks)
        if (t.placement.after) f(*t.placement.after);
    for (auto& b : spec.bufferStops)
        f(b.end);
}

// Trains' start places and vehicles' places (raw JSON): f(track id json, s json).
template <class F> void forEachRunningPlace(LayoutSpec& spec, F f) {
    if (spec.trains.is_array())
        for (auto& tr : spec.trains)
            if (tr.is_object() && tr.contains("start") && tr["start"].is_object()) {
                Json& st = tr["start"];
                if (st.contains("track") && st["track"].is_string()) f(st["track"], st["s"]);
            }
    if (spec.vehicles.is_array())
        for (auto& v : spec.vehicles)
            if (v.is_object() && v.contains("track") && v["track"].is_string()) f(v["track"], v["s"]);
}

PoseSpec poseSpecOf(const Pose& X) {
    PoseSpec p;
    p.position = X.translation();
    for (int i = 0; i < 3; ++i)
        if (std::abs(p.position[i]) < 1e-12) p.position[i] = 0.0;
    Quat q(X.linear());
    q.normalize();
    if (q.w() < 0) q.coeffs() *= -1.0;
    if ((q.coeffs() - Quat::Identity().coeffs()).norm() < 1e-12) q = Quat::Identity();
    p.rotation = q;
    return p;
}

std::pair<TwistSpec, TwistSpec> splitTwist(const TwistSpec& t, double s, double L) {
    TwistSpec a = t, b = t;
    if (t.type == "linear") {
        const double w0 = t.params.at("start"), w1 = t.params.at("end");
        const double ws = w0 + (w1 - w0) * s / L;
        a.params["end"] = ws;
        b.params["start"] = ws;
    } else if (t.type == "keys") {
        for (auto& k : b.keys)
            k.first -= s;
    } else if (t.type == "sum") {
        a.of.clear();
        b.of.clear();
        for (const auto& o : t.of) {
            auto [x, y] = splitTwist(o, s, L);
            a.of.push_back(x);
            b.of.push_back(y);
        }
    }
    return {a, b};
}

// Heading of a planar curve at s (turn about local z from +x) [rad].
double planarHeading(const Curve& c, double s) {
    const Frame f = c.frame(s);
    return std::atan2(f.T.y(), f.T.x());
}

bool isPlanar(const Curve& c) {
    const int n = 32;
    for (int i = 0; i <= n; ++i) {
        const Frame f = c.frame(c.length() * i / n);
        if (std::abs(f.P.z()) > 1e-9 || std::abs(f.T.z()) > 1e-9) return false;
    }
    return true;
}

std::string freshId(const LayoutSpec& spec, const std::string& base) {
    for (const char* suffix : {"b", "c", "d", "e"}) {
        std::string id = base;
        id += suffix;
        if (spec.trackIndex(id) < 0) return id;
    }
    return uniqueTrackId(spec, base + "-");
}

} // namespace

DesignEdit deleteTrack(const Layout& layout, const std::string& id) {
    const LayoutSpec& spec0 = layout.spec();
    const int ti = requireTrack(spec0, id);
    DesignEdit edit;
    edit.spec = spec0;
    LayoutSpec& spec = edit.spec;
    forEachRunningPlace(spec, [&](Json& track, Json&) {
        if (track.get<std::string>() == id)
            throw DesignError("A train or vehicle stands on " + id + ": move or delete it first.");
    });
    // tracks placed after it keep their place
    for (std::size_t j = 0; j < spec.tracks.size(); ++j) {
        TrackSpec& t = spec.tracks[j];
        if (t.placement.after && t.placement.after->track == id) {
            const Pose X = layout.track(j).placement();
            t.placement.after.reset();
            t.placement.offset = PoseSpec{};
            t.placement.pose = poseSpecOf(X);
        }
    }
    std::erase_if(spec.connections,
                  [&](const ConnectionSpec& c) { return c.a.track == id || c.b.track == id; });
    std::erase_if(spec.bufferStops, [&](const BufferStopSpec& b) { return b.end.track == id; });
    dropSignalsOnTrack(spec, id); // its signals go, and the routes from or to them (core/design/SignalOps.h)
    // an alignment through it would run through a gap: it goes (docs/alignments.md, "Stationing")
    std::erase_if(spec.alignmentSpecs, [&](const AlignmentSpec& a) {
        return std::any_of(a.tracks.begin(), a.tracks.end(), [&](const auto& t) { return t.first == id; });
    });
    std::vector<SwitchSpec> switches;
    for (SwitchSpec s : spec.switches) {
        if (s.at.track == id) continue; // its trunk goes: so does the switch
        for (int b = int(s.branches.size()) - 1; b >= 0; --b)
            if (s.branches[std::size_t(b)].track == id) {
                s.branches.erase(s.branches.begin() + b);
                if (s.state > b) --s.state;
            }
        if (s.branches.size() == 1) {
            spec.connections.push_back(ConnectionSpec{s.at, s.branches[0], Json::object()});
            continue;
        }
        s.state = std::clamp(s.state, 0, int(s.branches.size()) - 1);
        switches.push_back(s);
    }
    spec.switches = std::move(switches);
    // a route setting a switch that went goes too (its signals may stand elsewhere)
    std::erase_if(spec.routeSpecs, [&](const RouteSpec& r) {
        return std::any_of(r.switches.begin(), r.switches.end(), [&](const auto& set) {
            return std::none_of(spec.switches.begin(), spec.switches.end(),
                                [&](const SwitchSpec& w) { return w.id == set.first; });
        });
    });
    spec.tracks.erase(spec.tracks.begin() + ti);
    edit.description = "Delete track " + id;
    return edit;
}

DesignEdit splitTrack(const Layout& layout, const std::string& id, double s, const std::string& newId) {
    const LayoutSpec& spec0 = layout.spec();
    const int ti = requireTrack(spec0, id);
    const TrackSpec& t0 = spec0.tracks[std::size_t(ti)];
    const Track& track = layout.track(std::size_t(ti));
    const Curve& c = track.curve();
    const double L = c.length();
    if (t0.curve.closed) throw DesignError("A closed spline cannot be split (it has no ends).");
    if (!(s > 1e-3 && s < L - 1e-3))
        throw DesignError("Split " + id + " between its ends (0 < s < " + shortNumber(L) + " m).");
    DesignEdit edit;
    edit.spec = spec0;
    LayoutSpec& spec = edit.spec;
    const std::string id2 = newId.empty() ? freshId(spec0, id) : newId;
    if (spec0.trackIndex(id2) >= 0) throw DesignError("A track \"" + id2 + "\" exists already.");

    TrackSpec first = t0, second = t0;
    second.id = id2;
    second.extra = Json::object();
    Pose secondLocal = Pose::Identity(); // second half's curve-local frame in the first's curve-local frame
    const std::string& type = t0.curve.type;
    auto& p1 = first.curve.params;
    auto& p2 = second.curve.params;
    if (type == "line") {
        p1["length"] = s;
        p2["length"] = L - s;
    } else if (type == "arc") {
        const double sg = t0.curve.params.at("angle") > 0 ? 1.0 : -1.0, R = t0.curve.params.at("radius");
        p1["angle"] = sg * s / R;
        p2["angle"] = sg * (L - s) / R;
    } else if (type == "clothoid") {
        const double k0 =
            t0.curve.params.count("curvatureStart") ? t0.curve.params.at("curvatureStart") : 0.0;
        const double k1 = t0.curve.params.count("curvatureEnd") ? t0.curve.params.at("curvatureEnd") : 0.0;
        const double ks = k0 + (k1 - k0) * s / L;
        p1["length"] = s;
        p1["curvatureEnd"] = ks;
        p2["length"] = L - s;
        p2["curvatureStart"] = ks;
        for (auto* p : {&p1, &p2})
            for (const char* k : {"curvatureStart", "curvatureEnd"})
                if (p->count(k) && p->at(k) == 0.0) p->erase(k);
    } else if (type == "helix") {
        p1.erase("turns");
        p2.erase("turns");
        p1["length"] = s;
        p2["length"] = L - s;
    } else if (type == "spline") {
        const auto& sp = dynamic_cast<const Spline&>(c);
        const double u = sp.parameterAt(s);
        const Frame f = sp.frame(s);
        SplinePointSpec cut;
        cut.position = f.P;
        cut.tangent = f.T;
        first.curve.points.clear();
        second.curve.points.clear();
        for (int k = 0; k < int(t0.curve.points.size()); ++k) {
            const double uk = sp.knot(k);
            if (std::abs(uk - u) < 1e-6) continue;
            (uk < u ? first : second).curve.points.push_back(t0.curve.points[std::size_t(k)]);
        }
        first.curve.points.push_back(cut);
        second.curve.points.insert(second.curve.points.begin(), cut);
        // the second half keeps the original's local coordinates: its start frame is the original's frame
        // at s, so secondLocal stays the identity and its placement is the original's
    } else {
        throw DesignError("A " + type + " track cannot be split; change its type first.");
    }
    if (type != "spline") {
        // the second half starts at the original's frame at s: rotated about local z by the heading
        // (the helix: by its phase), at P(s)
        double phase = 0.0;
        if (type == "helix") {
            const double r = t0.curve.params.at("radius"),
                         h = t0.curve.params.at("pitch") / (2 * std::numbers::pi);
            phase = s / std::hypot(r, h);
        } else {
            phase = planarHeading(c, s);
        }
        secondLocal.linear() = Eigen::AngleAxisd(phase, Vec3::UnitZ()).toRotationMatrix();
        secondLocal.translation() = c.position(s);
    }
    if (t0.twist) {
        auto [a, b] = splitTwist(*t0.twist, s, L);
        first.twist = a;
        second.twist = b;
    }
    // placement of the second: after the first's end, offset = level frame^-1 * (placement * secondLocal)
    {
        const Track firstHalf(first.id, buildCurve(first.curve), nullptr, track.placement(), first.body);
        const Pose level = levelEndFrame(firstHalf, TrackEnd::End);
        second.placement = PlacementSpec{};
        second.placement.after = EndRef{first.id, TrackEnd::End};
        second.placement.offset =
            poseSpecOf(level.inverse(Eigen::Isometry) * track.placement() * secondLocal);
    }
    // the new joint goes beside the connection that used the old end (a small change to undo)
    std::size_t joinAt = spec.connections.size();
    for (std::size_t k = 0; k < spec.connections.size(); ++k)
        if (spec.connections[k].a == EndRef{id, TrackEnd::End} ||
            spec.connections[k].b == EndRef{id, TrackEnd::End}) {
            joinAt = k;
            break;
        }
    // what referred to the old end now refers to the second half
    forEachEnd(spec, [&](EndRef& e) {
        if (e.track == id && e.end == TrackEnd::End) e.track = id2;
    });
    forEachRunningPlace(spec, [&](Json& tr, Json& sj) {
        if (tr.get<std::string>() == id && sj.is_number() && sj.get<double>() > s) {
            tr = id2;
            sj = sj.get<double>() - s;
        }
    });
    for (SignalSpec& g : spec.signalSpecs) // the signals beyond s stand on the second half
        if (g.track == id && g.s > s) {
            g.track = id2;
            g.s -= s;
        }
    for (AlignmentSpec& a : spec.alignmentSpecs) // an alignment runs over both halves, in its direction
        for (std::size_t k = 0; k < a.tracks.size(); ++k)
            if (a.tracks[k].first == id) {
                const int dir = a.tracks[k].second;
                a.tracks.insert(a.tracks.begin() + std::ptrdiff_t(dir > 0 ? k + 1 : k), {id2, dir});
                break;
            }
    spec.tracks[std::size_t(ti)] = first;
    spec.tracks.insert(spec.tracks.begin() + ti + 1, second);
    spec.connections.insert(
        spec.connections.begin() + std::ptrdiff_t(joinAt),
        ConnectionSpec{EndRef{id, TrackEnd::End}, EndRef{id2, TrackEnd::Start}, Json::object()});
    edit.newTracks.push_back(id2);
    edit.description = "Split " + id + " at " + shortNumber(s) + " m";
    return edit;
}

DesignEdit changeCurveType(const Layout& layout, const std::string& id, const std::string& type) {
    const LayoutSpec& spec0 = layout.spec();
    const int ti = requireTrack(spec0, id);
    const TrackSpec& t0 = spec0.tracks[std::size_t(ti)];
    if (t0.curve.type == type) throw DesignError(id + " is already a " + type + ".");
    const Curve& c = layout.track(std::size_t(ti)).curve();
    if (!isPlanar(c))
        throw DesignError(id + " is not a flat curve in its own plane: only flat tracks change type.");
    const double L = c.length();
    const Frame f0 = c.frame(0.0), f1 = c.frame(L);
    const double th0 = std::atan2(f0.T.y(), f0.T.x());
    // the turning angle, unwrapped along the curve
    double turn = 0.0, prev = th0;
    for (int i = 1; i <= 64; ++i) {
        const double h = planarHeading(c, L * i / 64);
        turn += std::remainder(h - prev, 2 * std::numbers::pi);
        prev = h;
    }
    if (std::abs(th0) > 1e-9 || f0.P.norm() > 1e-9)
        throw DesignError(id + " does not start at its local origin heading +x; change it by hand.");
    CurveSpec cs;
    cs.type = type;
    cs.extra = t0.curve.extra;
    if (type == "line") {
        cs.params["length"] = L;
    } else if (type == "arc") {
        if (std::abs(turn) < 1e-9) throw DesignError(id + " does not turn: it cannot become an arc.");
        cs.params = {{"radius", L / std::abs(turn)}, {"angle", turn}};
    } else if (type == "clothoid") {
        const double k1 = 2.0 * turn / L - f0.kappa;
        cs.params["length"] = L;
        if (f0.kappa != 0.0) cs.params["curvatureStart"] = f0.kappa;
        if (k1 != 0.0) cs.params["curvatureEnd"] = k1;
    } else if (type == "spline") {
        const int n = std::max(2, int(std::ceil(L / 40.0)));
        for (int i = 0; i <= n; ++i) {
            const Frame f = c.frame(L * i / n);
            SplinePointSpec p;
            p.position = f.P;
            if (i == 0 || i == n) p.tangent = f.T;
            cs.points.push_back(p);
        }
    } else if (type == "quintic") {
        cs.params = {{"endX", f1.P.x()}, {"endY", f1.P.y()}, {"endHeading", th0 + turn}};
        if (f0.kappa != 0.0) cs.params["curvatureStart"] = f0.kappa;
        if (f1.kappa != 0.0) cs.params["curvatureEnd"] = f1.kappa;
    } else {
        throw DesignError("Unknown curve type \"" + type + "\" (line, arc, clothoid, spline or quintic).");
    }
    DesignEdit edit;
    edit.spec = spec0;
    edit.spec.tracks[std::size_t(ti)].curve = cs;
    edit.description = "Change " + id + " to " + type;
    return edit;
}

DesignEdit insertSwitch(const Layout& layout, const std::string& id, double s, const SwitchOptions& o) {
    const LayoutSpec& spec0 = layout.spec();
    const int ti = requireTrack(spec0, id);
    if (!(o.radius > 0.0) || !(o.angle > 0.0))
        throw DesignError("The diverging branch needs a radius and an angle > 0.");
    const double L = layout.track(std::size_t(ti)).length();
    DesignEdit edit;
    EndRef straightOn;
    std::string where;
    if (s >= L - 1e-3) {
        // at the end: its connection becomes the straight branch
        const EndRef end{id, TrackEnd::End};
        edit.spec = spec0;
        auto it = std::find_if(edit.spec.connections.begin(), edit.spec.connections.end(),
                               [&](const ConnectionSpec& c) { return c.a == end || c.b == end; });
        if (it == edit.spec.connections.end())
            throw DesignError(
                "The end of " + id + " is " +
                (endInUse(spec0, end) ? "a switch already" : "free: append a piece there first") + ".");
        straightOn = it->a == end ? it->b : it->a;
        edit.spec.connections.erase(it);
        where = "at its end";
    } else {
        edit = splitTrack(layout, id, s);
        straightOn = EndRef{edit.newTracks.back(), TrackEnd::Start};
        std::erase_if(edit.spec.connections, [&](const ConnectionSpec& c) {
            return c.a == EndRef{id, TrackEnd::End} && c.b == straightOn;
        });
        where = "at " + shortNumber(s) + " m";
    }
    LayoutSpec& spec = edit.spec;
    TrackSpec branch;
    branch.id = o.branchId.empty() ? uniqueTrackId(spec) : o.branchId;
    if (spec.trackIndex(branch.id) >= 0) throw DesignError("A track \"" + branch.id + "\" exists already.");
    branch.curve.type = "arc";
    branch.curve.params = {{"radius", o.radius}, {"angle", o.left ? o.angle : -o.angle}};
    branch.placement.after = EndRef{id, TrackEnd::End};
    branch.body = spec0.tracks[std::size_t(ti)].body;
    branch.frame = spec0.tracks[std::size_t(ti)].frame; // the branch's twist is measured as the trunk's
    // the branch leaves with the trunk's bank at the points (held constant: no cant in a turnout)
    if (const auto& tw = spec0.tracks[std::size_t(ti)].twist) {
        if (tw->type == "directional") {
            branch.twist = tw;
        } else {
            const double wt = layout.track(std::size_t(ti)).curveFrame(std::min(s, L)).wt;
            if (wt != 0.0) {
                TwistSpec c;
                c.type = "constant";
                c.params["angle"] = wt;
                branch.twist = c;
            }
        }
    }
    spec.tracks.push_back(branch);
    SwitchSpec sw;
    sw.id = o.switchId.empty() ? uniqueSwitchId(spec) : o.switchId;
    for (const auto& other : spec.switches)
        if (other.id == sw.id) throw DesignError("A switch \"" + sw.id + "\" exists already.");
    sw.at = EndRef{id, TrackEnd::End};
    sw.branches = {straightOn, EndRef{branch.id, TrackEnd::Start}};
    spec.switches.push_back(sw);
    // the siding ends at a friction buffer stop (docs/layout-format.md, "Buffer stops": its defaults), a
    // version-2 key: the edit upgrades the file (core/layout/FormatVersion.h)
    upgradeToCurrentVersion(spec);
    spec.bufferStops.push_back(
        BufferStopSpec{EndRef{branch.id, TrackEnd::End}, true, std::nullopt, std::nullopt, Json::object()});
    edit.newTracks.push_back(branch.id);
    edit.newFreeEnd = EndRef{branch.id, TrackEnd::End};
    edit.description = "Insert switch " + sw.id + " (R " + shortNumber(o.radius) + " m " +
                       (o.left ? "left" : "right") + ") on " + id + " " + where;
    return edit;
}

DesignEdit renameTrack(const LayoutSpec& spec0, const std::string& from, const std::string& to) {
    const int ti = requireTrack(spec0, from);
    if (to.empty()) throw DesignError("A track id must not be empty.");
    if (std::isspace(static_cast<unsigned char>(to.front())) ||
        std::isspace(static_cast<unsigned char>(to.back())))
        throw DesignError("A track id must not begin or end with a space.");
    for (unsigned char c : to)
        if (c < 0x20 || c == 0x7f) throw DesignError("A track id must not hold control characters.");
    if (to == from) throw DesignError("The track is already called " + to + ".");
    if (spec0.trackIndex(to) >= 0) throw DesignError("A track \"" + to + "\" exists already.");
    DesignEdit edit;
    edit.spec = spec0;
    edit.spec.tracks[std::size_t(ti)].id = to;
    // every reference to it: connections, switches, placements, buffer stops, trains, vehicles, drives,
    // signals, alignments
    forEachEnd(edit.spec, [&](EndRef& e) {
        if (e.track == from) e.track = to;
    });
    forEachRunningPlace(edit.spec, [&](Json& tr, Json&) {
        if (tr.get<std::string>() == from) tr = to;
    });
    for (DriveSpec& d : edit.spec.drives)
        if (d.track == from) d.track = to;
    for (SignalSpec& g : edit.spec.signalSpecs)
        if (g.track == from) g.track = to;
    for (AlignmentSpec& a : edit.spec.alignmentSpecs)
        for (auto& t : a.tracks)
            if (t.first == from) t.first = to;
    edit.description = "Rename track " + from + " to " + to;
    return edit;
}

DesignEdit addBufferStop(const Layout& layout, const std::string& id, double s) {
    const int ti = requireTrack(layout.spec(), id);
    const TrackEnd end = s < 0.5 * layout.track(std::size_t(ti)).length() ? TrackEnd::Start : TrackEnd::End;
    const EndRef at{id, end};
    DesignEdit edit;
    edit.spec = layout.spec();
    for (const BufferStopSpec& b : edit.spec.bufferStops)
        if (b.end == at)
            throw DesignError(std::string("The ") + endName(end) + " of " + id +
                              " has a buffer stop already.");
    upgradeToCurrentVersion(edit.spec);
    edit.spec.bufferStops.push_back(BufferStopSpec{at, true, std::nullopt, std::nullopt, Json::object()});
    try { // the layout's rules (core/layout/Layout.cpp): a free end of a track that can take it
        Layout::compile(edit.spec, "");
    } catch (const LayoutError& e) {
        throw DesignError(std::string("No buffer stop at the ") + endName(end) + " of " + id + ": " +
                          e.problem());
    }
    edit.description = std::string("Add buffer stop at the ") + endName(end) + " of " + id;
    return edit;
}

DesignEdit deleteBufferStop(const Layout& layout, const std::string& id, double s) {
    const int ti = requireTrack(layout.spec(), id);
    const TrackEnd nearer =
        s < 0.5 * layout.track(std::size_t(ti)).length() ? TrackEnd::Start : TrackEnd::End;
    DesignEdit edit;
    edit.spec = layout.spec();
    auto& stops = edit.spec.bufferStops;
    auto it = std::find_if(stops.begin(), stops.end(), [&](const BufferStopSpec& b) {
        return b.end == EndRef{id, nearer};
    });
    if (it == stops.end())
        it = std::find_if(stops.begin(), stops.end(),
                          [&](const BufferStopSpec& b) { return b.end.track == id; });
    if (it == stops.end()) throw DesignError("Track " + id + " has no buffer stop.");
    edit.description = std::string("Delete buffer stop at the ") + endName(it->end.end) + " of " + id;
    stops.erase(it);
    return edit;
}

DesignEdit toggleSwitch(const LayoutSpec& spec0, const std::string& switchId) {
    DesignEdit edit;
    edit.spec = spec0;
    for (auto& s : edit.spec.switches)
        if (s.id == switchId) {
            s.state = (s.state + 1) % int(s.branches.size());
            edit.description = "Set switch " + switchId + " to " + s.branches[std::size_t(s.state)].track;
            return edit;
        }
    throw DesignError("There is no switch \"" + switchId + "\".");
}

} // namespace tl::design
