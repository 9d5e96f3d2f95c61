#include "physics/CurveCriticalSpeed.h"

#include "core/layout/LayoutError.h"
#include "physics/TrackDrives.h"

#include <cmath>
#include <cstdio>

namespace tl {

namespace {

struct Run {
    bool derailed = false;
    DerailmentEvent event;
    std::string problem; // the run could not be set up
};

// One coasting run of the train from `start` at speed v, until its tail has travelled past the curve.
Run runOnce(const LayoutSpec& spec, const std::string& file, std::size_t trainIndex,
            const TrackPosition& start, const Layout& layout, double distance, double v,
            const SimulationOptions& so, const std::function<bool()>& cancelled) {
    Run run;
    LayoutSpec s = spec;
    nlohmann::json train = spec.trains[trainIndex];
    train["start"] = {
        {"track", layout.track(std::size_t(start.track)).id()}, {"s", start.s}, {"direction", 1}};
    train["speed"] = v;
    train.erase("schedule"); // coast
    s.trains = nlohmann::json::array({train});
    s.vehicles = nullptr; // the train alone
    try {
        const Layout compiled = Layout::compile(s, file);
        Simulation sim(compiled, so, file);
        const int t = sim.trainIndex(train.value("id", std::string()));
        const int last = int(sim.train(t).cars.size()) - 1;
        const double length = (sim.carPose(t, 0).translation() - sim.carPose(t, last).translation()).norm();
        const double goal = distance + length + 30.0;
        double travelled = 0.0, slow = 0.0;
        while (travelled < goal) {
            sim.step();
            for (const auto& e : sim.derailments())
                if (e.train == t) {
                    run.derailed = true;
                    run.event = e;
                    return run;
                }
            const double u = sim.trainSpeed(t);
            travelled += std::abs(u) * sim.dt();
            slow = u < 0.5 ? slow + sim.dt() : 0.0;
            if (slow > 2.0 || sim.time() > 600.0) break; // stopped short of the curve's end
            if (cancelled && std::fmod(sim.time(), 1.0) < sim.dt() && cancelled()) {
                run.problem = "cancelled";
                break;
            }
        }
    } catch (const std::exception& e) {
        run.problem = e.what();
    }
    return run;
}

} // namespace

CriticalSpeed curveCriticalSpeed(const LayoutSpec& spec, const Layout& layout, const std::string& file,
                                 const std::string& trainId, const CurveRow& curve,
                                 const CriticalSpeedOptions& options) {
    CriticalSpeed out;
    if (!spec.trains.is_array()) throw LayoutError(file, "/trains", "no \"trains\" section");
    std::size_t k = spec.trains.size();
    for (std::size_t i = 0; i < spec.trains.size(); ++i)
        if (spec.trains[i].is_object() && spec.trains[i].value("id", std::string()) == trainId) k = i;
    if (k == spec.trains.size()) throw LayoutError(file, "/trains", "no train with id \"" + trainId + "\"");
    // the head car's centre `lead` metres before the curve's start (less where the track ends)
    const TrackPosition entry{curve.start.track, curve.start.s, +1};
    const AdvanceResult back = layout.advance(entry, -options.lead, layout.initialSwitchStates());
    const double distance = options.lead - back.leftover + curve.length;

    auto test = [&](double v) {
        ++out.runs;
        if (options.cancelled && options.cancelled()) {
            Run r;
            r.problem = "cancelled";
            return r;
        }
        return runOnce(spec, file, k, back.position, layout, distance, v, options.simulation,
                       options.cancelled);
    };
    Run hi = test(options.maxSpeed);
    if (!hi.problem.empty()) {
        out.note = "not simulated: " + hi.problem;
        return out;
    }
    if (!hi.derailed) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "no derailment up to %.1f m/s", options.maxSpeed);
        out.note = buf;
        out.railed = options.maxSpeed;
        return out;
    }
    double lo = 0.0, top = options.maxSpeed;
    while (top - lo > options.tolerance) {
        const double mid = 0.5 * (lo + top);
        Run r = test(mid);
        if (!r.problem.empty()) {
            out.note = "not simulated at " + std::to_string(mid) + " m/s: " + r.problem;
            return out;
        }
        if (r.derailed) {
            top = mid;
            hi = r;
        } else {
            lo = mid;
        }
    }
    out.speed = top;
    out.railed = lo;
    const auto& e = hi.event;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s on %s at s = %.1f m (railed at %.2f, derailed at %.2f m/s; %d runs)",
                  e.cause.c_str(), e.trackId.c_str(), e.s, lo, top, out.runs);
    out.note = buf;
    return out;
}

void fillCriticalSpeeds(CheckReport& report, const LayoutSpec& spec, const Layout& layout,
                        const std::string& file, const std::string& trainId,
                        const CriticalSpeedOptions& options) {
    for (auto& c : report.curves) {
        const CriticalSpeed r = curveCriticalSpeed(spec, layout, file, trainId, c, options);
        c.critical = r.speed;
        c.criticalNote = r.note;
    }
}

std::vector<DriveSection> checkDriveSections(const Layout& layout, const std::string& file) {
    std::vector<DriveSection> out;
    for (const auto& d : readTrackDrives(layout, file))
        out.push_back({d.track, d.from, d.to, d.speed, d.direction});
    return out;
}

} // namespace tl
