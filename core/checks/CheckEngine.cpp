#include "core/checks/CheckEngine.h"

#include "core/checks/Fra213.h"
#include "core/units/CantUnits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace tl {

namespace {

constexpr double kG = 9.81;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Outcome {
    double value = 0.0;
    double limit = 0.0;
    bool broken = false;
    bool below = false;
};

// Equilibrium bank ratio x = tan(asin(y)) for a cant y = E / b; +inf for y >= 1.
double tanOfCant(double y) {
    if (y <= 0) return 0.0;
    if (y >= 1) return kInf;
    return y / std::sqrt(1 - y * y);
}

// One rule at one place; nullopt where it does not apply (no speed, a straight for curve rules).
std::optional<Outcome> evaluate(const RuleSpec& r, const PlaceSample& p, double b) {
    if (r.type == RuleType::AccelerationEnvelope) return std::nullopt; // over time: envelopeOnTrack
    const bool curved = p.kappa != 0.0;
    const bool moving = p.speed > 0.0;
    if (r.needsSpeed() && !moving && r.type != RuleType::VerticalAcceleration &&
        r.type != RuleType::LateralAcceleration)
        return std::nullopt;
    Outcome o;
    switch (r.type) {
    case RuleType::MaxCant:
        o.value = std::abs(cantFromBank(p.bank, b));
        o.limit = r.limit;
        break;
    case RuleType::CantDeficiency:
        if (!curved) return std::nullopt;
        o.value = r.method == DeficiencyMethod::Fra213 ? fra213::unbalance(p.speed, p.cant, p.radius())
                                                       : p.deficiency;
        o.limit = r.limit;
        break;
    case RuleType::CurveSpeed:
        if (!curved) return std::nullopt;
        o.value = p.speed;
        o.limit = permissibleSpeed(r, p, b);
        break;
    case RuleType::CantGradient:
        o.value = p.cantGradient;
        o.limit = r.limit;
        break;
    case RuleType::CantRate:
        o.value = p.cantGradient * p.speed;
        o.limit = r.limit;
        break;
    case RuleType::CantDeficiencyRate:
        o.value = p.deficiencyGradient * p.speed;
        o.limit = r.limit;
        break;
    case RuleType::MinRadius:
        if (!curved) return std::nullopt;
        o.value = p.radius();
        o.limit = r.limit;
        o.below = true;
        break;
    case RuleType::MinRadiusForSpeed: {
        if (!curved) return std::nullopt;
        const double x = tanOfCant((r.cant + r.cantDeficiency) / b);
        o.value = p.radius();
        o.limit = x > 0 ? p.speed * p.speed / (kG * x) : kInf;
        o.below = true;
        break;
    }
    case RuleType::MaxSpeed:
        o.value = p.speed;
        o.limit = r.limit;
        break;
    case RuleType::VerticalAcceleration:
        if (p.stalls) return std::nullopt;
        o.value = p.vertical;
        if (p.vertical < r.lower) {
            o.limit = r.lower;
            o.below = true;
            o.broken = true;
            return o;
        }
        o.limit = r.limit;
        break;
    case RuleType::LateralAcceleration:
        if (p.stalls) return std::nullopt;
        o.value = std::abs(p.lateral);
        o.limit = r.limit;
        break;
    case RuleType::AccelerationEnvelope:
        return std::nullopt;
    }
    // a relative tolerance: a place exactly at its limit passes
    const double tol = 1e-9 * std::max(1.0, std::abs(o.limit));
    o.broken = o.below ? o.value < o.limit - tol : o.value > o.limit + tol;
    return o;
}

// An acceleration envelope along one track: the time between places from the speed (dt = 2 ds / (v0 + v1),
// exact for a uniform acceleration), each stretch the train runs through (moving, not stalled) checked as
// one signal (AccelerationEnvelope.h), its violations placed back on s.
void envelopeOnTrack(const RuleSpec& r, int ri, int track, const std::string& id,
                     const std::vector<PlaceSample>& P, std::vector<Violation>& out) {
    auto value = [&](const PlaceSample& p) {
        switch (r.axis) {
        case EnvelopeAxis::Lateral:
            return std::abs(p.lateral);
        case EnvelopeAxis::Longitudinal:
            return p.longitudinal;
        case EnvelopeAxis::Vertical:
            break;
        }
        return p.vertical;
    };
    auto runs = [](const PlaceSample& p) { return !p.stalls && p.speed > 0.0; };
    std::size_t i = 0;
    while (i < P.size()) {
        if (!runs(P[i])) {
            ++i;
            continue;
        }
        std::vector<double> t{0.0}, a{value(P[i])}, s{P[i].s};
        std::size_t j = i;
        while (j + 1 < P.size() && runs(P[j + 1])) {
            t.push_back(t.back() + 2 * (P[j + 1].s - P[j].s) / (P[j].speed + P[j + 1].speed));
            a.push_back(value(P[j + 1]));
            s.push_back(P[j + 1].s);
            ++j;
        }
        auto sAt = [&](double tt) { // s at time tt, linear between places
            const auto k = std::size_t(std::lower_bound(t.begin(), t.end(), tt) - t.begin());
            if (k == 0) return s.front();
            if (k >= t.size()) return s.back();
            const double f = t[k] > t[k - 1] ? (tt - t[k - 1]) / (t[k] - t[k - 1]) : 1.0;
            return s[k - 1] + f * (s[k] - s[k - 1]);
        };
        for (const EnvelopeViolation& e : checkEnvelope(t, a, r.envelope)) {
            Violation v{ri,           r.id,   r.name,  r.unit,      track, id,  sAt(e.t0), sAt(e.t1),
                        sAt(e.tPeak), e.peak, e.level, e.level < 0, NAN,   NAN, {}};
            v.duration = e.duration;
            v.allowed = e.allowed;
            out.push_back(v);
        }
        i = j + 1;
    }
}

// How much worse a is than b (for picking the worst place of a range).
double excess(const Outcome& o) {
    return o.below ? o.limit - o.value : o.value - o.limit;
}

// Contiguous stretches of one track turning one way below the curve radius: [i0, i1] sample indices.
struct Segment {
    int track, i0, i1, sign;
    int next = -1, prev = -1;
};

} // namespace

double permissibleSpeed(const RuleSpec& r, const PlaceSample& p, double b) {
    const bool curved = p.kappa != 0.0;
    switch (r.type) {
    case RuleType::CurveSpeed:
    case RuleType::CantDeficiency: {
        if (!curved) return kInf;
        const double allowed = r.type == RuleType::CurveSpeed ? r.cantDeficiency : r.limit;
        if (r.method == DeficiencyMethod::Fra213) return fra213::vmax(p.cant, allowed, p.radius());
        // cantDeficiency(v) = b sin(atan(v^2 |k| / g)) - E = I  ->  v^2 = g tan(asin((E + I) / b)) / |k|
        return std::sqrt(kG * tanOfCant((p.cant + allowed) / b) / std::abs(p.kappa));
    }
    case RuleType::MinRadiusForSpeed:
        if (!curved) return kInf;
        return std::sqrt(kG * tanOfCant((r.cant + r.cantDeficiency) / b) * p.radius());
    case RuleType::MaxSpeed:
        return r.limit;
    case RuleType::CantRate:
        return p.cantGradient > 1e-12 ? r.limit / p.cantGradient : kInf;
    default:
        return kInf;
    }
}

CheckReport checkLayout(const Layout& layout, const RuleProfile& profile,
                        const std::vector<DriveSection>& drives) {
    CheckReport report;
    report.profileName = profile.name;
    bool rider = false, speedRules = false;
    for (const auto& r : profile.rules) {
        rider = rider || r.type == RuleType::VerticalAcceleration ||
                r.type == RuleType::LateralAcceleration || r.type == RuleType::AccelerationEnvelope;
        speedRules = speedRules || r.needsSpeed();
    }
    const double b = railCentreDistance(layout.spec());
    const std::vector<TrackSamples> samples = samplePlaces(layout, profile, drives, rider);

    // violations: per track and rule, contiguous broken places merged
    std::vector<std::string> unsped, stalled;
    for (std::size_t t = 0; t < samples.size(); ++t) {
        const auto& places = samples[t].places;
        report.places += places.size();
        const std::string& id = layout.track(t).id();
        if (speedRules && std::none_of(places.begin(), places.end(), [](auto& p) { return p.speed > 0; }))
            unsped.push_back(id);
        if (std::any_of(places.begin(), places.end(), [](auto& p) { return p.stalls; }))
            stalled.push_back(id);
        for (std::size_t ri = 0; ri < profile.rules.size(); ++ri) {
            const RuleSpec& r = profile.rules[ri];
            if (r.type == RuleType::AccelerationEnvelope) {
                envelopeOnTrack(r, int(ri), int(t), id, places, report.violations);
                continue;
            }
            std::optional<Violation> open;
            double worst = -kInf;
            auto close = [&] {
                if (open) report.violations.push_back(*open);
                open.reset();
            };
            for (const auto& p : places) {
                const auto o = evaluate(r, p, b);
                if (!o || !o->broken) {
                    close();
                    continue;
                }
                // a lower and an upper breach of one rule are separate ranges
                if (open && open->belowLimit != o->below) close();
                if (!open) {
                    open = Violation{int(ri), r.id,     r.name,   r.unit,   int(t), id,  p.s, p.s,
                                     p.s,     o->value, o->limit, o->below, NAN,    NAN, {}};
                    worst = excess(*o);
                }
                open->s1 = p.s;
                if (excess(*o) > worst) {
                    worst = excess(*o);
                    open->sWorst = p.s;
                    open->value = o->value;
                    open->limit = o->limit;
                }
            }
            close();
        }
    }
    std::stable_sort(report.violations.begin(), report.violations.end(), [](const auto& a, const auto& c) {
        return a.track != c.track ? a.track < c.track : a.s0 != c.s0 ? a.s0 < c.s0 : a.rule < c.rule;
    });
    for (Violation& v : report.violations) // where the track lies on an alignment: its stations
        v.stations = stationRange(layout, v.track, v.s0, v.s1);
    auto joined = [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& x : v)
            s += (s.empty() ? "" : ", ") + x;
        return s;
    };
    if (!unsped.empty())
        report.notes.push_back("no speed on " + std::to_string(unsped.size()) + " track(s) (" +
                               joined(unsped) +
                               "): their speed rules were not checked (set a \"lineSpeed\" upstream)");
    if (!stalled.empty())
        report.notes.push_back("the energy speed model cannot reach parts of " + joined(stalled) +
                               " (the train would stall before them)");

    // curves: stretches turning one way with R < curveRadius, joined across track ends
    const double kMin = 1.0 / profile.curveRadius;
    std::vector<Segment> segs;
    std::vector<int> firstSeg(samples.size(), -1), lastSeg(samples.size(), -1);
    for (std::size_t t = 0; t < samples.size(); ++t) {
        const auto& P = samples[t].places;
        int i = 0;
        while (i < int(P.size())) {
            const double k = P[std::size_t(i)].kappa;
            if (std::abs(k) < kMin) {
                ++i;
                continue;
            }
            const int sign = k > 0 ? 1 : -1;
            int j = i;
            while (j + 1 < int(P.size()) && P[std::size_t(j + 1)].kappa * sign >= kMin)
                ++j;
            segs.push_back({int(t), i, j, sign});
            if (firstSeg[t] < 0) firstSeg[t] = int(segs.size()) - 1;
            lastSeg[t] = int(segs.size()) - 1;
            i = j + 1;
        }
    }
    const SwitchStates states = layout.initialSwitchStates();
    for (std::size_t t = 0; t < samples.size(); ++t) {
        const int a = lastSeg[t];
        if (a < 0 || segs[std::size_t(a)].i1 != int(samples[t].places.size()) - 1) continue;
        int bSeg = -1;
        if (layout.track(t).curve().closed()) {
            bSeg = firstSeg[t];
        } else {
            // the one track continuing across t's end as set, if entered at its start: a one-hop walk
            layout.walkRoute(TrackPosition{int(t), layout.track(t).length(), +1}, states,
                             [&](const RouteHop& h) {
                                 if (h.via.entry == TrackEnd::Start)
                                     bSeg = firstSeg[std::size_t(h.via.track)];
                                 return false;
                             });
        }
        if (bSeg < 0 || bSeg == a || segs[std::size_t(bSeg)].i0 != 0 ||
            segs[std::size_t(bSeg)].sign != segs[std::size_t(a)].sign || segs[std::size_t(bSeg)].prev >= 0)
            continue;
        segs[std::size_t(a)].next = bSeg;
        segs[std::size_t(bSeg)].prev = a;
    }
    std::vector<bool> used(segs.size(), false);
    std::vector<int> perTrack(samples.size(), 0);
    for (const auto& s : segs)
        ++perTrack[std::size_t(s.track)];
    for (std::size_t k = 0; k < segs.size(); ++k) {
        if (used[k]) continue;
        int head = int(k); // walk back to the head of the chain (a full circle: start here)
        while (segs[std::size_t(head)].prev >= 0 && segs[std::size_t(head)].prev != int(k))
            head = segs[std::size_t(head)].prev;
        CurveRow row;
        std::vector<int> chain;
        for (int c = head; c >= 0 && !used[std::size_t(c)]; c = segs[std::size_t(c)].next) {
            used[std::size_t(c)] = true;
            chain.push_back(c);
        }
        // the tightest place: in the segment with the most places at the smallest radius (the arc of
        // c3-in + c3 + c3-out, not the transition's last place), its middle such place
        double kWorst = 0.0;
        for (int c : chain) {
            const Segment& g = segs[std::size_t(c)];
            for (int i = g.i0; i <= g.i1; ++i)
                kWorst =
                    std::max(kWorst, std::abs(samples[std::size_t(g.track)].places[std::size_t(i)].kappa));
        }
        int most = -1;
        for (int c : chain) {
            const Segment& g = segs[std::size_t(c)];
            const auto& P = samples[std::size_t(g.track)].places;
            std::vector<int> at;
            for (int i = g.i0; i <= g.i1; ++i)
                if (std::abs(P[std::size_t(i)].kappa) >= kWorst * (1 - 1e-6)) at.push_back(i);
            if (int(at.size()) > most) {
                most = int(at.size());
                const PlaceSample& p = P[std::size_t(at[at.size() / 2])];
                row.tightest = {g.track, p.s};
                row.radius = p.radius();
                row.cant = p.cant;
            }
        }
        for (int c : chain) {
            const Segment& g = segs[std::size_t(c)];
            const auto& P = samples[std::size_t(g.track)].places;
            const std::string& id = layout.track(std::size_t(g.track)).id();
            if (row.tracks.empty() || row.tracks.back() != id) row.tracks.push_back(id);
            if (row.start.track < 0) row.start = {g.track, P[std::size_t(g.i0)].s};
            row.end = {g.track, P[std::size_t(g.i1)].s};
            row.length += P[std::size_t(g.i1)].s - P[std::size_t(g.i0)].s;
            row.turnsLeft = g.sign > 0;
            for (int i = g.i0; i <= g.i1; ++i) {
                const PlaceSample& p = P[std::size_t(i)];
                row.lineSpeed = std::max(row.lineSpeed, p.speed);
                for (const auto& r : profile.rules) {
                    const double v = permissibleSpeed(r, p, b);
                    if (v < row.permissible) {
                        row.permissible = v;
                        char buf[96];
                        std::snprintf(buf, sizeof buf, " at %s s = %.0f m", id.c_str(), p.s);
                        row.governing = r.id + buf;
                    }
                }
            }
        }
        const std::string& tid = layout.track(std::size_t(row.tightest.track)).id();
        row.name = tid;
        if (perTrack[std::size_t(row.tightest.track)] > 1) {
            char buf[64];
            std::snprintf(buf, sizeof buf, " @ %.0f m", row.tightest.s);
            row.name += buf;
        }
        report.curves.push_back(std::move(row));
    }
    std::stable_sort(report.curves.begin(), report.curves.end(), [](const auto& a, const auto& c) {
        return a.start.track != c.start.track ? a.start.track < c.start.track : a.start.s < c.start.s;
    });
    return report;
}

} // namespace tl
