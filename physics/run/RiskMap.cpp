// Derailment-risk maps: runs with drawn inputs, counted per place (RiskMap.h).
#include "physics/run/RiskMap.h"

#include "core/layout/LayoutError.h"
#include "physics/run/RunJobs.h"
#include "physics/sim/Simulation.h"
#include "physics/state/SimulationError.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

namespace tl {

Proportion wilson(int k, int n) {
    Proportion r;
    r.count = k;
    if (n <= 0) {
        r.hi = 1.0;
        return r;
    }
    constexpr double z = 1.959963984540054; // the normal's 97.5 % quantile
    const double p = double(k) / n, z2 = z * z;
    const double denom = 1.0 + z2 / n;
    const double centre = (p + z2 / (2.0 * n)) / denom;
    const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * double(n) * n)) / denom;
    r.p = p;
    r.lo = k == 0 ? 0.0 : std::max(0.0, centre - half); // (exactly: the rounding of centre - half)
    r.hi = k == n ? 1.0 : std::min(1.0, centre + half);
    return r;
}

namespace {

using Bin = RiskBin;
using RunOutcome = RiskRun;

// The run's inputs drawn into its train (valid: drawn again until they are).
void drawInputs(TrainSpec& t, const Layout& layout, const Uncertainty& u, std::uint64_t seed, int run,
                RunOutcome& out) {
    for (int input = 0; input < Uncertainty::InputCount; ++input) {
        const auto& d = u.inputs[input];
        if (!d) continue;
        TrainSpec base = t;
        bool valid = false;
        double v = 0.0;
        for (int attempt = 0; attempt < 1000 && !valid; ++attempt) {
            v = d->draw(seed, run, input, attempt);
            t = base;
            switch (input) {
            case Uncertainty::Speed:
                t.speed = v;
                valid = v >= 0;
                break;
            case Uncertainty::Friction:
                valid = v >= 0;
                for (auto& c : t.cars) {
                    c.wheelRail.friction = v;
                    valid = valid && (c.wheelRail.clamped || c.wheelRail.nadalLimit() > 0);
                }
                break;
            case Uncertainty::Payload:
                valid = true;
                for (auto& c : t.cars) {
                    c.body.mass += v;
                    valid = valid && c.body.mass > 0;
                }
                break;
            case Uncertainty::CgHeight:
                valid = true;
                for (auto& c : t.cars) {
                    c.body.cgHeight += v;
                    valid = valid && c.body.cgHeight > 0 && c.body.cgHeight < c.body.height;
                }
                break;
            case Uncertainty::CouplerSlack:
                valid = v >= 0;
                for (auto& c : t.cars)
                    c.coupler.slack = v;
                break;
            case Uncertainty::Position:
                t.s += v;
                valid = fitTrain(t, layout, layout.initialSwitchStates()).problem.empty();
                break;
            }
        }
        if (!valid)
            throw SimulationError(std::string("no valid draw of \"") + Uncertainty::name(input) +
                                  "\" in 1000 attempts");
        out.draws.emplace_back(Uncertainty::name(input), v);
    }
}

RunOutcome runOnce(const Layout& layout, const Scenario& scenario, int k, const Uncertainty& u,
                   const RiskOptions& o, int run) {
    RunOutcome out;
    try {
        Scenario sc = scenario;
        TrainSpec& t = sc.trains[std::size_t(k)];
        const std::string id = t.id;
        drawInputs(t, layout, u, o.seed, run, out);
        SimulationOptions so = o.simulation;
        so.recordTelemetry = false;
        Simulation sim(layout, sc, so);
        auto binOf = [&](int track, double s) { return Bin{track, long(std::floor(s / o.bin))}; };
        int train = sim.view().trainIndex(id);
        std::uint64_t makeup = sim.view().makeup();
        std::size_t seen = 0; // derailments looked at
        while (sim.time() < o.duration - 0.5 * sim.dt()) {
            if (o.cancelled && std::fmod(sim.time(), 1.0) < sim.dt() && o.cancelled()) {
                out.error = "cancelled";
                return out;
            }
            sim.step();
            if (sim.view().makeup() != makeup) { // coupled or uncoupled: the train by its id
                makeup = sim.view().makeup();
                train = sim.view().trainIndex(id);
            }
            if (train < 0) break; // (coupled to a faster train: no longer this one)
            const RailedView head = sim.view().bogieState(train, 0, 0);
            if (head.railed && head.position.track >= 0)
                out.reached.insert(binOf(head.position.track, head.position.s));
            const auto& ds = sim.view().derailments();
            for (; seen < ds.size() && !out.derailed; ++seen)
                if (ds[seen].trainId == id && ds[seen].track >= 0) {
                    out.derailed = true;
                    out.derailment = binOf(ds[seen].track, ds[seen].s);
                    out.cause = ds[seen].cause;
                    out.reached.insert(out.derailment);
                }
            if (out.derailed) break;
        }
        for (const WheelEvent& e : sim.view().wheelEvents())
            if (e.trainId == id && e.track >= 0)
                (e.kind == "Y/Q" ? out.yq : out.unloading).insert(binOf(e.track, e.s));
        out.completed = true;
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

} // namespace

RiskMap::RiskMap(const Layout& layout, const Scenario& scenario, const std::string& file,
                 const std::string& trainId, const Uncertainty& uncertainty, const RiskOptions& options)
    : layout_(layout), scenario_(scenario), uncertainty_(uncertainty), options_(options) {
    for (std::size_t i = 0; i < scenario.trains.size(); ++i)
        if (scenario.trains[i].id == trainId) train_ = int(i);
    if (train_ < 0) throw LayoutError(file, "/trains", "no train with id \"" + trainId + "\"");
    if (options.runs < 1) throw SimulationError("risk: need at least one run");
    if (!(options.bin > 0)) throw SimulationError("risk: the bin must be > 0 m");
    result_.runs = options.runs;
    result_.seed = options.seed;
    result_.bin = options.bin;
}

RiskRun RiskMap::run(int i) const {
    return runOnce(layout_, scenario_, train_, uncertainty_, options_, i);
}

RiskRun RiskMap::lost(int i, const std::string& why) const {
    RiskRun r;
    try {
        TrainSpec t = scenario_.trains[std::size_t(train_)];
        drawInputs(t, layout_, uncertainty_, options_.seed, i, r);
    } catch (const std::exception&) { // (the draws made before the one that failed)
    }
    r.error = why;
    return r;
}

void RiskMap::add(int i, const RiskRun& o) {
    if (!o.completed) {
        result_.errors.push_back({i, o.error, o.draws});
        return;
    }
    ++result_.completed;
    for (const Bin& b : o.reached)
        ++counts_[b].reached;
    if (o.derailed) {
        ++result_.derailed;
        ++counts_[o.derailment].derailments;
        ++counts_[o.derailment].causes[o.cause];
    }
    for (const Bin& b : o.yq)
        ++counts_[b].yq;
    for (const Bin& b : o.unloading)
        ++counts_[b].unloading;
}

RiskResult RiskMap::result() const {
    RiskResult r = result_;
    for (const auto& [bin, c] : counts_) {
        RiskPlace p;
        p.track = bin.first;
        p.s0 = double(bin.second) * options_.bin;
        p.s1 = std::min(p.s0 + options_.bin, layout_.track(std::size_t(bin.first)).length());
        p.reached = c.reached;
        p.derailments = wilson(c.derailments, r.completed);
        for (const auto& [cause, n] : c.causes)
            p.causes[cause] = wilson(n, r.completed);
        p.yq = wilson(c.yq, r.completed);
        p.unloading = wilson(c.unloading, r.completed);
        r.places.push_back(std::move(p));
    }
    return r;
}

RiskResult riskMap(const Layout& layout, const Scenario& scenario, const std::string& file,
                   const std::string& trainId, const Uncertainty& uncertainty, const RiskOptions& options,
                   const std::function<void(int, int)>& progress) {
    RiskMap map(layout, scenario, file, trainId, uncertainty, options);
    std::vector<RiskRun> outcomes(std::size_t(options.runs));
    runJobs(
        options.runs, options.jobs, [&](int i) { outcomes[std::size_t(i)] = map.run(i); },
        [&](int i) {
            map.add(i, outcomes[std::size_t(i)]);
            outcomes[std::size_t(i)] = RiskRun{}; // (its sets no longer needed)
            if (progress) progress(i + 1, options.runs);
        });
    return map.result();
}

namespace {
// Bins as runs of consecutive bins on one track, [track, first, last]: a train's path is a few runs.
nlohmann::json binsJson(const std::set<RiskBin>& bins) {
    nlohmann::json j = nlohmann::json::array();
    for (auto it = bins.begin(); it != bins.end();) {
        auto last = it;
        for (auto n = std::next(it);
             n != bins.end() && n->first == it->first && n->second == last->second + 1; ++n)
            last = n;
        j.push_back({it->first, it->second, last->second});
        it = std::next(last);
    }
    return j;
}
std::set<RiskBin> binsFromJson(const nlohmann::json& j) {
    std::set<RiskBin> out;
    if (!j.is_array()) throw std::invalid_argument("bins must be an array");
    for (const auto& b : j) {
        const long first = b.at(1).get<long>(), last = b.at(2).get<long>();
        if (last < first || last - first > 1000000) throw std::invalid_argument("a bad run of bins");
        for (long k = first; k <= last; ++k)
            out.insert({b.at(0).get<int>(), k});
    }
    return out;
}
} // namespace

nlohmann::json riskRunJson(const RiskRun& r) {
    nlohmann::json draws = nlohmann::json::array();
    for (const auto& [name, v] : r.draws)
        draws.push_back({name, v});
    nlohmann::json j = {{"completed", r.completed}, {"draws", draws}};
    if (!r.completed) {
        j["error"] = r.error;
        return j;
    }
    j["reached"] = binsJson(r.reached);
    if (r.derailed)
        j["derailment"] = {{"bin", {r.derailment.first, r.derailment.second}}, {"cause", r.cause}};
    j["yq"] = binsJson(r.yq);
    j["unloading"] = binsJson(r.unloading);
    return j;
}

RiskRun riskRunFromJson(const nlohmann::json& j) {
    RiskRun r;
    r.completed = j.at("completed").get<bool>();
    for (const auto& d : j.at("draws"))
        r.draws.emplace_back(d.at(0).get<std::string>(), d.at(1).get<double>());
    if (!r.completed) {
        r.error = j.at("error").get<std::string>();
        return r;
    }
    r.reached = binsFromJson(j.at("reached"));
    if (j.contains("derailment")) {
        const auto& d = j.at("derailment");
        r.derailed = true;
        r.derailment = {d.at("bin").at(0).get<int>(), d.at("bin").at(1).get<long>()};
        r.cause = d.at("cause").get<std::string>();
    }
    r.yq = binsFromJson(j.at("yq"));
    r.unloading = binsFromJson(j.at("unloading"));
    return r;
}

namespace {
nlohmann::json proportionJson(const Proportion& p) {
    return {{"count", p.count}, {"p", p.p}, {"ci", {p.lo, p.hi}}};
}
} // namespace

nlohmann::json riskJson(const RiskResult& r, const Layout& layout) {
    nlohmann::json j;
    j["runs"] = r.runs;
    j["completed"] = r.completed;
    j["derailed"] = r.derailed;
    j["seed"] = r.seed;
    j["errors"] = nlohmann::json::array();
    for (const RiskRunError& e : r.errors) {
        nlohmann::json draws = nlohmann::json::object();
        for (const auto& [name, v] : e.draws)
            draws[name] = v;
        j["errors"].push_back({{"run", e.run}, {"seed", r.seed}, {"message", e.message}, {"draws", draws}});
    }
    j["places"] = nlohmann::json::array();
    for (const RiskPlace& p : r.places) {
        nlohmann::json causes = nlohmann::json::object();
        for (const auto& [cause, c] : p.causes)
            causes[cause] = proportionJson(c);
        j["places"].push_back(
            {{"track", layout.track(std::size_t(p.track)).id()},
             {"s0", p.s0},
             {"s1", p.s1},
             {"reached", p.reached},
             {"derailments", p.derailments.count},
             {"p", p.derailments.p},
             {"ci", {p.derailments.lo, p.derailments.hi}},
             {"causes", causes},
             {"episodes", {{"Y/Q", proportionJson(p.yq)}, {"ΔQ/Q", proportionJson(p.unloading)}}}});
    }
    return j;
}

std::string riskCsv(const RiskResult& r, const Layout& layout) {
    std::ostringstream os;
    os.precision(17);
    os << "track,s0,s1,reached,derailments,p,ci_lo,ci_hi,yq_episodes,yq_p,unloading_episodes,unloading_p\n";
    for (const RiskPlace& p : r.places)
        os << layout.track(std::size_t(p.track)).id() << ',' << p.s0 << ',' << p.s1 << ',' << p.reached << ','
           << p.derailments.count << ',' << p.derailments.p << ',' << p.derailments.lo << ','
           << p.derailments.hi << ',' << p.yq.count << ',' << p.yq.p << ',' << p.unloading.count << ','
           << p.unloading.p << '\n';
    return os.str();
}

} // namespace tl
