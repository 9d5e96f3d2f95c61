#include "core/checks/PlaceSamples.h"

#include "core/layout/LineSpeed.h"
#include "core/units/CantUnits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

namespace {

constexpr double kG = 9.81;        // [m/s^2], as everywhere in TrackLab
constexpr double kStraight = 1e-7; // |kappa| below this is a straight [1/m]

double horizontalCurvature(const Track& t, double s) {
    return t.upReference()->levelFrame(s).kappa;
}

// Cant into the curve [m] for bank phi on curvature kappa: positive when the outer rail is higher (the
// equilibrium bank is -atan(v^2 kappa / g): bank into a left curve is negative). Straights: its size.
double cantInto(double phi, double kappa, double b) {
    const double e = cantFromBank(phi, b);
    if (std::abs(kappa) < kStraight) return std::abs(e);
    return kappa > 0 ? -e : e;
}

double deficiencyAt(double v, double kappa, double cant, double b) {
    const double into = cantFromBank(equilibriumBank(v, std::abs(kappa), kG), b); // >= 0
    return into - cant;
}

// The speed model of a profile, evaluated at (track, s).
class SpeedAt {
public:
    SpeedAt(const Layout& layout, const RuleProfile& profile, const std::vector<DriveSection>& drives,
            const std::vector<LineSpeedOf>& line)
        : layout_(layout), profile_(profile), drives_(drives), line_(line),
          resistance_(layout.spec().coasterResistance()) {
        if (profile.speed != SpeedModel::Energy) return;
        for (std::size_t t = 0; t < layout.trackCount(); ++t) { // the highest point of the layout
            const double L = layout.track(t).length();
            const int n = std::max(2, int(std::ceil(L / 1.0)));
            for (int i = 0; i <= n; ++i) {
                const double z = layout.frameInWorld(t, L * i / n).F.P.z();
                if (z > zTop_) {
                    tTop_ = int(t);
                    sTop_ = L * i / n;
                }
                zTop_ = std::max(zTop_, z);
            }
        }
        if (!resistance_.none()) tables_.resize(layout.trackCount());
    }

    // speed^2 [m^2/s^2] (negative: the train cannot get here)
    double squared(int track, double s) const {
        if (profile_.speed == SpeedModel::Line) {
            const double v = line_[std::size_t(track)].speed;
            return v * v;
        }
        const double z = energyHeight(int(track), s);
        const DriveSection* inside = nullptr;
        const DriveSection* up = upstream(track, s, inside);
        if (inside) return inside->speed * inside->speed;
        if (!resistance_.none()) { // the way from the source matters: march along it
            const double v2 = resisted(track, s);
            if (!std::isnan(v2)) return v2;
        }
        // frictionless (or no source upstream of a resisted layout): energy from the source's height alone
        // (bit for bit the sum v0^2 + 2 g (z0 - z) it was before the model had resistance)
        const CoasterResistance none;
        if (!up) return energyStep(profile_.crestSpeed * profile_.crestSpeed, z - zTop_, 0.0, 1.0, none, kG);
        const double zd = layout_.frameInWorld(std::size_t(up->track), up->to).F.P.z();
        return energyStep(up->speed * up->speed, z - zd, 0.0, 1.0, none, kG);
    }

    // The height the energy model takes at a place: the rails' centre; on a track with a heartline h, the
    // heartline's point less h, so that speeds are the riders' at the heartline as a force section designs
    // them (core/curves/ForceSection.h) and a level start keeps the speed it arrives with.
    double energyHeight(int track, double s) const {
        const TwistedFrame f = layout_.frameInWorld(std::size_t(track), s);
        const double h = layout_.track(std::size_t(track)).heartline();
        return h > 0 ? (f.F.P + h * f.wB).z() - h : f.F.P.z();
    }

    // The forward drive section holding (track, s), if any (the energy model's speed steps at their ends).
    const DriveSection* driveAt(int track, double s) const {
        if (profile_.speed != SpeedModel::Energy) return nullptr;
        for (const auto& d : drives_)
            if (d.track == track && d.direction > 0 && s >= d.from && s <= d.to) return &d;
        return nullptr;
    }

private:
    // --- the resisted model (coasterFriction, coasterDrag > 0): v^2 marched along the way ---
    // A place where the speed is set: the end of a forward drive section (its speed), or, on a layout
    // without forward drive sections, the highest point (crestSpeed).
    struct Reset {
        double s = 0.0;  // [m]
        double v2 = 0.0; // [m^2/s^2]
    };
    // Per track: v^2 at nodes k ds (k = 0..n, ds <= 0.25 m), NaN where no reset is upstream.
    struct Table {
        bool fromReset = false; // the nodes from the first reset on are filled
        int full = 0;           // 0 = todo, 1 = in progress, 2 = done (the nodes before the first reset too)
        bool hasReset = false;
        double ds = 0.0;
        std::vector<double> v2;
    };

    // One step of the energy model (core/curves/CoasterEnergy.h) from (track, sa) at v2 to sb (sb - sa <=
    // 0.25 m): the normal specific force of the rails at sa, the climb of the energy height.
    double step(int track, double sa, double v2, double sb) const {
        if (!(sb > sa) || std::isnan(v2)) return v2;
        const TwistedFrame f = layout_.frameInWorld(std::size_t(track), sa);
        const double n = normalG(std::max(0.0, v2), f.F.kappa * f.F.N, f.wB, kG);
        return energyStep(v2, energyHeight(track, sb) - energyHeight(track, sa), sb - sa, n, resistance_, kG);
    }

    // The resets on a track, by s.
    std::vector<Reset> resets(int track) const {
        std::vector<Reset> out;
        bool anyDrive = false;
        for (const auto& d : drives_)
            if (d.direction > 0) {
                anyDrive = true;
                if (d.track == track) out.push_back({d.to, d.speed * d.speed});
            }
        if (!anyDrive && track == tTop_) {
            const CoasterResistance none;
            out.push_back({sTop_, energyStep(profile_.crestSpeed * profile_.crestSpeed,
                                             energyHeight(track, sTop_) - zTop_, 0.0, 1.0, none, kG)});
        }
        std::sort(out.begin(), out.end(), [](const Reset& a, const Reset& b) { return a.s < b.s; });
        return out;
    }

    // From (track, sa) at v2 to sb >= sa: a reset in [sa, sb] restarts the march (the last one wins).
    double march(int track, double sa, double v2, double sb, const std::vector<Reset>& rs) const {
        for (const Reset& r : rs)
            if (r.s >= sa && r.s <= sb) {
                sa = r.s;
                v2 = r.v2;
            }
        for (const auto& d : drives_) // inside a drive section the train has its speed
            if (d.track == track && d.direction > 0 && sb >= d.from && sb <= d.to) return d.speed * d.speed;
        return step(track, sa, v2, sb);
    }

    // The nodes of a track from v0 at s = 0 (NaN: only those from the first reset on come out known).
    void fill(int track, Table& t, double v0) const {
        const std::vector<Reset> rs = resets(track);
        const std::size_t n = t.v2.size() - 1;
        const double L = layout_.track(std::size_t(track)).length();
        t.v2[0] = march(track, 0.0, v0, 0.0, rs);
        for (std::size_t k = 1; k <= n; ++k)
            t.v2[k] = march(track, double(k - 1) * t.ds, t.v2[k - 1], k == n ? L : double(k) * t.ds, rs);
    }

    // The nodes from the first reset on: they need nothing upstream.
    Table& fromReset(int track) const {
        Table& t = tables_[std::size_t(track)];
        if (t.fromReset) return t;
        const double L = layout_.track(std::size_t(track)).length();
        const int n = std::max(1, int(std::ceil(L / 0.25)));
        t.ds = L / n;
        t.v2.assign(std::size_t(n) + 1, std::numeric_limits<double>::quiet_NaN());
        t.hasReset = !resets(track).empty();
        if (t.hasReset) fill(track, t, std::numeric_limits<double>::quiet_NaN());
        t.fromReset = true;
        return t;
    }

    // v^2 at a track's end: from its last reset, else from its entry over the whole track.
    double exit(int track) const {
        const Table& t = fromReset(track);
        return t.hasReset ? t.v2.back() : full(track).v2.back();
    }

    // All the nodes of a track: those before its first reset from the end of the track before it on the
    // route (itself on a closed curve). Met again while in progress, a track is on a loop with no reset
    // (the way back from it reaches it again through tracks without one): its speeds stay unknown.
    const Table& full(int track) const {
        Table& t = fromReset(track);
        if (t.full != 0) return t;
        t.full = 1;
        if (std::isnan(t.v2[0])) {
            int before = -1;
            if (layout_.track(std::size_t(track)).curve().closed())
                before = track;
            else
                layout_.walkRoute(TrackPosition{track, 0.0, -1}, layout_.initialSwitchStates(),
                                  [&](const RouteHop& h) {
                                      if (h.via.entry == TrackEnd::End && h.via.track != track)
                                          before = h.via.track;
                                      return false;
                                  });
            const double v0 = before >= 0 ? exit(before) : std::numeric_limits<double>::quiet_NaN();
            if (!std::isnan(v0)) fill(track, t, v0);
        }
        t.full = 2;
        return t;
    }

    // v^2 at (track, s) by the resisted model, NaN where no reset is upstream.
    double resisted(int track, double s) const {
        const Table& t = full(track);
        const int k = std::clamp(int(std::floor(s / t.ds)), 0, int(t.v2.size()) - 1);
        return march(track, k * t.ds, t.v2[std::size_t(k)], std::max(s, k * t.ds), resets(track));
    }

    // The last forward drive section ending before (track, s), walking back along the tracks.
    const DriveSection* upstream(int track, double s, const DriveSection*& inside) const {
        const DriveSection* best = nullptr;
        for (const auto& d : drives_)
            if (d.track == track && d.direction > 0) {
                if (s >= d.from && s <= d.to) inside = &d;
                if (d.to <= s && (!best || d.to > best->to)) best = &d;
            }
        if (inside || best) return best;
        if (layout_.track(std::size_t(track)).curve().closed()) { // wrap: the last one on the track
            for (const auto& d : drives_)
                if (d.track == track && d.direction > 0 && (!best || d.to > best->to)) best = &d;
            if (best) return best;
        }
        // back from the start along the route as the file sets it, up to an open end, an entry not at an end
        // (a track met the wrong way round) or this track again
        layout_.walkRoute(TrackPosition{track, 0.0, -1}, layout_.initialSwitchStates(),
                          [&](const RouteHop& h) {
                              if (h.via.entry != TrackEnd::End || h.via.track == track) return false;
                              for (const auto& d : drives_)
                                  if (d.track == h.via.track && d.direction > 0 && (!best || d.to > best->to))
                                      best = &d;
                              return best == nullptr;
                          });
        return best;
    }

    const Layout& layout_;
    const RuleProfile& profile_;
    const std::vector<DriveSection>& drives_;
    const std::vector<LineSpeedOf>& line_;
    double zTop_ = -INFINITY;
    int tTop_ = -1;     // where the highest point is (track, s)
    double sTop_ = 0.0; // [m]
    CoasterResistance resistance_;
    mutable std::vector<Table> tables_; // resisted model only: a cache, filled on first use
};

// What a rider at height h above the rails feels at speed v(s): specific force a - g_vec, a = v^2 p'' +
// (v dv/ds) p' for the rider's point p(s) = P + h wB, by central differences over +-d.
void riderForces(const Layout& layout, std::size_t track, double s, double h, const SpeedAt& speed,
                 PlaceSample& out) {
    const Track& t = layout.track(track);
    const double L = t.length();
    const double d = std::min(0.25, 0.25 * L);
    double sc = s;
    if (!t.curve().closed()) sc = std::clamp(s, d, std::max(d, L - d));
    const TwistedFrame f0 = layout.frameInWorld(track, sc), fm = layout.frameInWorld(track, sc - d),
                       fp = layout.frameInWorld(track, sc + d);
    const Vec3 p0 = f0.F.P + h * f0.wB, pm = fm.F.P + h * fm.wB, pp = fp.F.P + h * fp.wB;
    const Vec3 d1 = (pp - pm) / (2 * d), d2 = (pp - 2 * p0 + pm) / (d * d);
    const double v2 = std::max(0.0, speed.squared(int(track), sc));
    // d(v^2)/ds = 2 v dv/ds, not across the end of a drive section: the model's speed steps there (the
    // train takes the section's speed at once), which is no acceleration a rider could be given a figure for
    const DriveSection* drive = speed.driveAt(int(track), sc);
    const double sm = speed.driveAt(int(track), sc - d) == drive ? sc - d : sc;
    const double sp = speed.driveAt(int(track), sc + d) == drive ? sc + d : sc;
    const double dv2 =
        sp > sm
            ? (std::max(0.0, speed.squared(int(track), sp)) - std::max(0.0, speed.squared(int(track), sm))) /
                  (sp - sm)
            : 0.0;
    // v is the speed of the point p (the riders'): ds/dt = v / |dp/ds|, 1 where p is the heartline of a
    // heartline track (its s is the heartline's arc length: core/layout/HeartlineRails.h)
    const double scale = t.heartline() > 0 ? 1.0 / d1.squaredNorm() : 1.0;
    const Vec3 a = scale * (v2 * d2 + 0.5 * dv2 * d1);
    const Vec3 f = a + Vec3(0, 0, kG);
    const TwistedFrame here = layout.frameInWorld(track, s);
    out.vertical = f.dot(here.wB);
    out.lateral = f.dot(here.wN);
    out.longitudinal = f.dot(here.F.T);
}

} // namespace

std::vector<TrackSamples> samplePlaces(const Layout& layout, const RuleProfile& profile,
                                       const std::vector<DriveSection>& drives, bool withRider) {
    const double b = railCentreDistance(layout.spec());
    const std::vector<LineSpeedOf> line = lineSpeeds(layout);
    const SpeedAt speed(layout, profile, drives, line);
    std::vector<TrackSamples> out(layout.trackCount());
    for (std::size_t ti = 0; ti < layout.trackCount(); ++ti) {
        const Track& t = layout.track(ti);
        TrackSamples& ts = out[ti];
        ts.lineSpeed = line[ti].speed;
        ts.lineSpeedSign = line[ti].sign;
        const double L = t.length();
        const int n = std::max(1, int(std::ceil(L / profile.sampling - 1e-9)));
        ts.places.resize(std::size_t(n) + 1);
        for (int i = 0; i <= n; ++i) {
            PlaceSample& p = ts.places[std::size_t(i)];
            p.s = L * i / n;
            p.kappa = horizontalCurvature(t, p.s);
            if (std::abs(p.kappa) < kStraight) p.kappa = 0.0;
            const TwistValue bank = t.bank(p.s);
            p.bank = bank.wt;
            p.cant = cantInto(bank.wt, p.kappa, b);
            p.cantGradient = std::abs(b * std::cos(bank.wt) * bank.dwt);
            const double v2 = speed.squared(int(ti), p.s);
            p.stalls = v2 < 0;
            p.speed = std::sqrt(std::max(0.0, v2));
            if (p.speed > 0) {
                p.deficiency = deficiencyAt(p.speed, p.kappa, p.cant, b);
                // d deficiency / ds by central differences of curvature and cant over +-d
                const double d = std::min(0.1, 0.25 * L);
                const double sm = std::max(0.0, p.s - d), sp = std::min(L, p.s + d);
                if (sp > sm) {
                    auto defAt = [&](double s) {
                        double k = horizontalCurvature(t, s);
                        if (std::abs(k) < kStraight) k = 0.0;
                        // keep the sign of this place so that the cant stays "into" the same curve
                        const double kk = (p.kappa != 0 && k * p.kappa < 0) ? 0.0 : k;
                        const double c = cantInto(t.bank(s).wt, kk != 0 ? kk : p.kappa, b);
                        return deficiencyAt(p.speed, kk, c, b);
                    };
                    p.deficiencyGradient = std::abs(defAt(sp) - defAt(sm)) / (sp - sm);
                }
            }
            // the rider height: the track's heartline wins over the profile's (docs/rules-format.md)
            if (withRider)
                riderForces(layout, ti, p.s, t.heartline() > 0 ? t.heartline() : profile.riderHeight, speed,
                            p);
        }
    }
    return out;
}

} // namespace tl
