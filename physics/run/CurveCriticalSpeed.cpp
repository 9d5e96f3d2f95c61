#include "physics/run/CurveCriticalSpeed.h"

#include "core/layout/LayoutError.h"
#include "physics/run/RunJobs.h"
#include "physics/vehicle/TrackDrives.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

namespace tl {

namespace {

// What a run tells about the curve.
enum class Outcome {
    Railed,    // the train's tail left the curve railed (a derailment further on does not count)
    Derailed,  // a car derailed on the curve (its tracks, from its start to a train length past its end)
    Elsewhere, // a car derailed off the curve before the tail had left it: the run says nothing
    Problem,   // the run could not be set up, or was cancelled
};

struct Run {
    Outcome outcome = Outcome::Railed;
    DerailmentEvent event; // Derailed / Elsewhere
    std::string problem;   // Problem
};

// The places of a curve a derailment counts on: per track index, the s range the route covers from the
// curve's start to `beyond` metres past its end (the train is still on the curve until its tail leaves).
struct Footprint {
    std::map<int, std::pair<double, double>> ranges; // track -> [s0, s1] [m]
    bool holds(const DerailmentEvent& e) const {
        const auto it = ranges.find(e.track);
        constexpr double slack = 1.0; // the walk's step [m]
        return it != ranges.end() && e.s >= it->second.first - slack && e.s <= it->second.second + slack;
    }
};

Footprint footprint(const Layout& layout, const CurveRow& curve, const SwitchStates& states, double beyond) {
    Footprint f;
    const TrackPosition entry{curve.start.track, curve.start.s, +1};
    const double total = curve.length + beyond;
    for (double d = 0.0;; d = std::min(total, d + 1.0)) {
        const AdvanceResult a = layout.advance(entry, d, states);
        auto [it, fresh] = f.ranges.try_emplace(a.position.track, a.position.s, a.position.s);
        if (!fresh) {
            it->second.first = std::min(it->second.first, a.position.s);
            it->second.second = std::max(it->second.second, a.position.s);
        }
        if (d >= total || a.stoppedAtOpenEnd) break;
    }
    return f;
}

// Coasting runs of the train from `start` over one curve.
struct CurveRuns {
    const LayoutSpec& spec;
    const std::string& file;
    std::size_t trainIndex;
    TrackPosition start;
    const Layout& layout;
    const CurveRow& curve;
    const SwitchStates& states; // switches set for the route into the curve
    double distance;            // from the start to the curve's end [m]
    const SimulationOptions& so;
    const std::function<bool()>& cancelled;
    std::optional<Footprint> place; // built at the first run (it needs the train's length)

    // One run at entry speed v, until the train's tail has travelled past the curve.
    Run at(double v) {
        Run run;
        LayoutSpec s = spec;
        nlohmann::json train = spec.trains[trainIndex];
        train["start"] = {
            {"track", layout.track(std::size_t(start.track)).id()}, {"s", start.s}, {"direction", 1}};
        train["speed"] = v;
        train.erase("schedule"); // coast
        train.erase("driver");
        train["protection"] = false; // signals never stop it (docs/trains-format.md)
        s.trains = nlohmann::json::array({train});
        for (std::size_t i = 0; i < s.switches.size() && i < states.size(); ++i)
            s.switches[i].state = states[i];
        s.vehicles = nullptr; // the train alone
        try {
            const Layout compiled = Layout::compile(s, file);
            Simulation sim(compiled, so, file);
            const int t = sim.view().trainIndex(train.value("id", std::string()));
            const int last = int(sim.view().trainInfo(t).cars.size()) - 1;
            const double length =
                (sim.view().carPose(t, 0).translation() - sim.view().carPose(t, last).translation()).norm();
            if (!place) place = footprint(layout, curve, states, length + 30.0);
            const double tailOut = distance + length; // the tail has left the curve [m]
            const double goal = tailOut + 30.0;
            double travelled = 0.0, slow = 0.0;
            while (travelled < goal) {
                sim.step();
                for (const auto& e : sim.view().derailments())
                    if (e.train == t) {
                        run.event = e;
                        // running off an open end (a dead-end siding after a turnout) is no derailment
                        // of the curve: the head got through it
                        const bool offTheEnd = e.cause == "end of track";
                        run.outcome = offTheEnd              ? Outcome::Railed
                                      : place->holds(e)      ? Outcome::Derailed
                                      : travelled >= tailOut ? Outcome::Railed
                                                             : Outcome::Elsewhere;
                        return run;
                    }
                const double u = sim.view().trainSpeed(t);
                travelled += std::abs(u) * sim.dt();
                slow = u < 0.5 ? slow + sim.dt() : 0.0;
                if (slow > 2.0 || sim.time() > 600.0) break; // stopped short of the curve's end
                if (cancelled && std::fmod(sim.time(), 1.0) < sim.dt() && cancelled()) {
                    run.outcome = Outcome::Problem;
                    run.problem = "cancelled";
                    break;
                }
            }
        } catch (const std::exception& e) {
            run.outcome = Outcome::Problem;
            run.problem = e.what();
        }
        return run;
    }
};

std::string where(const DerailmentEvent& e) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s on %s at s = %.1f m", e.cause.c_str(), e.trackId.c_str(), e.s);
    return buf;
}

} // namespace

std::size_t criticalSpeedTrain(const LayoutSpec& spec, const std::string& file, const std::string& trainId) {
    if (!spec.trains.is_array()) throw LayoutError(file, "/trains", "no \"trains\" section");
    std::size_t k = spec.trains.size();
    for (std::size_t i = 0; i < spec.trains.size(); ++i)
        if (spec.trains[i].is_object() && spec.trains[i].value("id", std::string()) == trainId) k = i;
    if (k == spec.trains.size()) throw LayoutError(file, "/trains", "no train with id \"" + trainId + "\"");
    return k;
}

CriticalSpeed curveCriticalSpeed(const LayoutSpec& spec, const Layout& layout, const std::string& file,
                                 const std::string& trainId, const CurveRow& curve,
                                 const CriticalSpeedOptions& options) {
    CriticalSpeed out;
    const std::size_t k = criticalSpeedTrain(spec, file, trainId);
    const TrackPosition entry{curve.start.track, curve.start.s, +1};
    std::optional<Footprint> place;
    // every switch with a branch onto the curve set to it (the turnout's own curve is run through the
    // turnout, not along the main line)
    SwitchStates states = layout.initialSwitchStates();
    for (std::size_t i = 0; i < spec.switches.size() && i < states.size(); ++i)
        for (std::size_t b = 0; b < spec.switches[i].branches.size(); ++b)
            if (std::find(curve.tracks.begin(), curve.tracks.end(), spec.switches[i].branches[b].track) !=
                curve.tracks.end())
                states[i] = int(b);

    // A bisection on the entry speed in [lo, maxSpeed] with the head car's centre `lead` metres before the
    // curve's start (less where the track ends). It keeps the lowest speed that derailed on the curve or
    // was stopped short by a derailment elsewhere (no faster run can be tried), and the highest that
    // passed the curve railed. False (out.note says why) if a run could not be made.
    double lo = 0.0, top = options.maxSpeed;
    Run hi;
    auto search = [&](double lead, double from) {
        const AdvanceResult back = layout.advance(entry, -lead, states);
        const double distance = lead - back.leftover + curve.length;
        CurveRuns runs{spec,  file,   k,        back.position,      layout,
                       curve, states, distance, options.simulation, options.cancelled,
                       place};
        auto test = [&](double v) {
            ++out.runs;
            if (options.cancelled && options.cancelled()) {
                Run r;
                r.outcome = Outcome::Problem;
                r.problem = "cancelled";
                return r;
            }
            return runs.at(v);
        };
        lo = from;
        top = options.maxSpeed;
        hi = test(top);
        if (hi.outcome == Outcome::Problem) {
            out.note = "not simulated: " + hi.problem;
            return false;
        }
        if (hi.outcome == Outcome::Railed) {
            lo = top;
            return true;
        }
        while (top - lo > options.tolerance) {
            const double mid = 0.5 * (lo + top);
            Run r = test(mid);
            if (r.outcome == Outcome::Problem) {
                out.note = "not simulated at " + std::to_string(mid) + " m/s: " + r.problem;
                return false;
            }
            if (r.outcome == Outcome::Railed) {
                lo = mid;
            } else {
                top = mid;
                hi = r;
            }
        }
        place = runs.place;
        return true;
    };
    if (!search(options.lead, 0.0)) return out;
    // stopped short by a derailment off the curve (the train behind the head car stood on an earlier curve
    // or crest): again with the head car at the curve's start, above the speed known to pass railed
    if (hi.outcome == Outcome::Elsewhere && options.lead > 0.0 && !search(0.0, lo)) return out;
    out.railed = lo;
    char buf[320];
    if (hi.outcome == Outcome::Railed) {
        std::snprintf(buf, sizeof buf, "no derailment up to %.1f m/s", options.maxSpeed);
    } else if (hi.outcome == Outcome::Derailed) {
        out.speed = top;
        std::snprintf(buf, sizeof buf, "%s (railed at %.2f, derailed at %.2f m/s; %d runs)",
                      where(hi.event).c_str(), lo, top, out.runs);
    } else { // the curve itself held up to where a derailment elsewhere stops every faster run
        std::snprintf(buf, sizeof buf,
                      "railed up to %.2f m/s; from %.2f m/s the train derails before it leaves the curve, "
                      "off it (%s; not counted; %d runs)",
                      lo, top, where(hi.event).c_str(), out.runs);
    }
    out.note = buf;
    return out;
}

void fillCriticalSpeeds(CheckReport& report, const LayoutSpec& spec, const Layout& layout,
                        const std::string& file, const std::string& trainId,
                        const CriticalSpeedOptions& options) {
    // the curves at once (RunJobs.h), each curve's bisection in turn
    runJobs(int(report.curves.size()), options.jobs, [&](int k) {
        CurveRow& c = report.curves[std::size_t(k)];
        const CriticalSpeed r = curveCriticalSpeed(spec, layout, file, trainId, c, options);
        c.critical = r.speed;
        c.criticalNote = r.note;
    });
}

std::vector<DriveSection> checkDriveSections(const Layout& layout, const std::string& /*file*/) {
    std::vector<DriveSection> out;
    for (const auto& d : layout.drives())
        out.push_back({d.track, d.from, d.to, d.speed, d.direction});
    return out;
}

} // namespace tl
