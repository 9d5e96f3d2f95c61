#include "physics/spec/TrainSpec.h"

#include "physics/spec/RollingStockFiles.h"
#include "physics/spec/StartBlocks.h"
#include "physics/spec/StartOverlap.h"
#include "physics/spec/StartPlace.h"

#include "core/geometry/Limits.h"
#include "core/io/JsonReader.h"
#include "core/io/SpecReader.h"
#include "core/layout/Layout.h"

#include <algorithm>
#include <set>

namespace tl {

namespace {

// NAME.json from the library (LayoutError at `path` of the layout for a name that is a path)
nlohmann::json loadStockJson(const std::string& name, const std::vector<std::filesystem::path>& dirs,
                             std::string& where, const std::string& file, const std::string& path,
                             RollingStockFiles* files) {
    if (const std::string problem = rollingStockNameProblem(name); !problem.empty())
        throw LayoutError(file, path, problem);
    return files ? files->load(name, dirs, where) : loadRollingStockJson(name, dirs, where);
}

RollingStockSpec parseCar(const nlohmann::json& c, const std::string& file, const std::string& path,
                          const std::vector<std::filesystem::path>& dirs, RollingStockFiles* files) {
    if (c.is_string()) {
        std::string where;
        const nlohmann::json j = loadStockJson(c.get<std::string>(), dirs, where, file, path, files);
        if (j.is_null())
            throw LayoutError(file, path, "no rolling stock \"" + c.get<std::string>() + ".json\" found");
        RollingStockSpec s = parseRollingStock(j, where, "");
        if (s.name == "inline") s.name = c.get<std::string>();
        return s;
    }
    const JsonReader reader(file);
    if (!c.is_object()) reader.wrongType(c, path, "a rolling-stock name or an object");
    if (!c.contains("base")) return parseRollingStock(c, file, path);
    // {"base": "passenger-car", "body": {"mass": 50000}}: the base definition merge-patched by the rest.
    if (!c["base"].is_string()) reader.wrongType(c["base"], jsonPath(path, "base"), "a rolling-stock name");
    std::string where;
    nlohmann::json j =
        loadStockJson(c["base"].get<std::string>(), dirs, where, file, jsonPath(path, "base"), files);
    if (j.is_null())
        throw LayoutError(file, jsonPath(path, "base"),
                          "no rolling stock \"" + c["base"].get<std::string>() + ".json\" found");
    nlohmann::json patch = c;
    patch.erase("base");
    j.merge_patch(patch);
    return parseRollingStock(j, file, path);
}

} // namespace

std::string uncoupledId(const std::string& id, const std::vector<std::string>& taken) {
    for (int n = 2;; ++n) {
        std::string name = id + "-" + std::to_string(n);
        if (std::find(taken.begin(), taken.end(), name) == taken.end()) return name;
    }
}

double bogieOffset(const RollingStockSpec& stock, int k) {
    return stock.bogies.count == 2 ? (k == 0 ? 0.5 : -0.5) * stock.bogies.spacing : 0.0;
}

TrainFit fitTrain(const TrainSpec& t, const Layout& layout, const SwitchStates& states) {
    TrainFit fit;
    const int track = layout.trackIndex(t.track);
    if (track < 0) {
        fit.problem = "unknown track \"" + t.track + "\"";
        return fit;
    }
    const TrackPosition head{track, t.s, t.direction};
    double behind = 0.0; // distance of car c's centre behind the head car's centre [m]
    for (std::size_t c = 0; c < t.cars.size(); ++c) {
        const RollingStockSpec& car = t.cars[c];
        if (c > 0) behind += 0.5 * (t.cars[c - 1].body.length + car.body.length);
        const AdvanceResult a = layout.advance(head, -behind, states);
        const AdvanceResult front = layout.advance(a.position, bogieOffset(car, 0), states);
        const AdvanceResult rear = layout.advance(a.position, bogieOffset(car, car.bogies.count - 1), states);
        if (a.stoppedAtOpenEnd || front.stoppedAtOpenEnd || rear.stoppedAtOpenEnd) {
            const AdvanceResult& at = a.stoppedAtOpenEnd ? a : front.stoppedAtOpenEnd ? front : rear;
            fit.problem = "the train does not fit on the track: car " + std::to_string(c) + " (" + car.name +
                          ", " + std::to_string(behind) +
                          " m behind the head car's centre) reaches the open " + endName(at.openEnd) +
                          " of track \"" + layout.track(std::size_t(at.position.track)).id() + "\"";
            fit.centres.clear();
            return fit;
        }
        fit.centres.push_back(a.position);
    }
    return fit;
}

std::vector<TrainSpec> parseTrains(const nlohmann::json& trains, const Layout& layout,
                                   const std::string& file, std::vector<std::filesystem::path> dirs,
                                   RollingStockFiles* files) {
    std::vector<TrainSpec> out;
    if (trains.is_null()) return out;
    const JsonReader reader(file);
    if (!trains.is_array()) reader.wrongType(trains, "/trains", "an array of trains");
    if (!file.empty()) dirs.insert(dirs.begin(), std::filesystem::path(file).parent_path() / "rolling-stock");
    // the car counts first, before any car is read (bounded work: core/geometry/Limits.h)
    std::size_t totalCars = 0;
    for (std::size_t k = 0; k < trains.size(); ++k) {
        if (!trains[k].is_object() || !trains[k].contains("cars") || !trains[k]["cars"].is_array()) continue;
        const std::size_t cars = trains[k]["cars"].size();
        const std::string path = jsonPath(jsonPath("/trains", k), "cars");
        if (cars > limits::kMaxCarsPerTrain)
            throw LayoutError(file, path,
                              "a train may have at most " + std::to_string(limits::kMaxCarsPerTrain) +
                                  " cars, got " + std::to_string(cars));
        totalCars += cars;
        if (totalCars > limits::kMaxCars)
            throw LayoutError(file, path,
                              "the trains of a layout may have at most " + std::to_string(limits::kMaxCars) +
                                  " cars together, this train brings them to " + std::to_string(totalCars));
    }
    std::set<std::string> ids;
    for (std::size_t k = 0; k < trains.size(); ++k) {
        const SpecReader r(trains[k], file, jsonPath("/trains", k));
        TrainSpec t;
        t.id = r.string("id");
        if (!ids.insert(t.id).second) r.fail("id", "duplicate train id \"" + t.id + "\"");
        if (const auto& cars = r.require("cars"); !cars.is_array() || cars.empty())
            reader.wrongType(cars, r.keyPath("cars"), "a non-empty array of cars");
        for (std::size_t c = 0; c < r.at("cars").size(); ++c)
            t.cars.push_back(parseCar(r.at("cars")[c], file, jsonPath(r.keyPath("cars"), c), dirs, files));
        const SpecReader st(r.require("start"), file, r.keyPath("start"));
        const StartPlace start = readStartPlace(st, layout);
        t.track = start.track;
        t.s = start.s;
        t.direction = start.direction;
        t.speed = r.number("speed", 0.0);
        // signals and protection (docs/trains-format.md, "Signals and protection")
        t.protection = r.boolean("protection", !layout.signalList().empty());
        const std::string driver = r.string("driver", "inputs");
        if (driver != "inputs" && driver != "autopilot")
            r.fail("driver", "unknown driver \"" + driver + "\" (expected \"autopilot\" or \"inputs\")");
        t.autopilot = driver == "autopilot";
        t.releaseSpeed = r.number("releaseSpeed", TrainSpec::kDefaultReleaseSpeed); // finite, or an error
        if (t.releaseSpeed < 0)
            r.fail("releaseSpeed", "releaseSpeed must be >= 0 m/s, got " + r.at("releaseSpeed").dump());
        t.cantDeficiency = r.number("cantDeficiency", TrainSpec::kDefaultCantDeficiency);
        if (t.cantDeficiency < 0)
            r.fail("cantDeficiency", "cantDeficiency must be >= 0 m, got " + r.at("cantDeficiency").dump());
        if (t.protection || t.autopilot) {
            double brakes = 0;
            for (const RollingStockSpec& c : t.cars)
                brakes += c.brakeForce;
            if (!(brakes > 0))
                r.fail(r.has("protection") ? "protection"
                       : t.autopilot       ? "driver"
                                           : "cars",
                       std::string(t.autopilot ? "the autopilot" : "train protection") +
                           " needs brakes: no car of train \"" + t.id + "\" has a brakeForce" +
                           (r.has("protection") || t.autopilot
                                ? ""
                                : " (a layout with signals protects its trains: set \"protection\": false)"));
        }
        if (const std::string why = fitTrain(t, layout, layout.initialSwitchStates()).problem; !why.empty())
            st.fail("s", why);
        if (r.has("schedule")) {
            const auto& sc = r.at("schedule");
            if (!sc.is_array()) reader.wrongType(sc, r.keyPath("schedule"), "[[t, throttle, brake], ...]");
            for (std::size_t i = 0; i < sc.size(); ++i) {
                const std::string p = jsonPath(r.keyPath("schedule"), i);
                const auto& e = sc[i];
                const bool uncouple = e.is_array() && e.size() == 2 && e[1].is_object();
                if (!e.is_array() || (e.size() != 3 && !uncouple))
                    reader.wrongType(e, p, "[t, throttle, brake] or [t, {\"uncouple\": CAR}]");
                for (std::size_t q = 0; q < (uncouple ? 1 : 3); ++q)
                    reader.number(e[q], jsonPath(p, q));
                ScheduleEntry se{e[0].get<double>(), 0.0, 0.0, -1, p};
                if (uncouple && (e[1].contains("throw") || e[1].contains("route"))) {
                    // a switch thrown or a route requested during the run (docs/trains-format.md)
                    const std::string q = jsonPath(p, std::size_t(1));
                    const SpecReader er(e[1], file, q);
                    if (e[1].contains("throw")) {
                        if (e[1].size() != 2 || !e[1].contains("state"))
                            reader.wrongType(e[1], q, "{\"throw\": SWITCH, \"state\": BRANCH}");
                        se.throwSwitch = er.string("throw");
                        const int w = layout.switchIndex(se.throwSwitch);
                        if (w < 0) er.fail("throw", "unknown switch \"" + se.throwSwitch + "\"");
                        const auto& st = e[1]["state"];
                        const int n = int(layout.switches()[std::size_t(w)].branches.size());
                        if (!st.is_number_integer() || st.get<long long>() < 0 || st.get<long long>() >= n)
                            er.fail("state", "expected a branch of switch \"" + se.throwSwitch + "\" (0.." +
                                                 std::to_string(n - 1) + "), got " + st.dump());
                        se.state = int(st.get<long long>());
                    } else {
                        if (e[1].size() != 1) reader.wrongType(e[1], q, "{\"route\": ROUTE}");
                        se.route = er.string("route");
                        const auto& routes = layout.routeList();
                        if (std::none_of(routes.begin(), routes.end(),
                                         [&](const Route& r) { return r.id == se.route; }))
                            er.fail("route", "unknown route \"" + se.route + "\"");
                    }
                    if (!t.schedule.empty() && se.t < t.schedule.back().t)
                        throw LayoutError(file, jsonPath(p, std::size_t(0)), "times must not decrease");
                    t.schedule.push_back(se);
                    continue;
                }
                if (uncouple) {
                    const std::string q = jsonPath(p, std::size_t(1));
                    if (e[1].size() != 1 || !e[1].contains("uncouple"))
                        reader.wrongType(e[1], q,
                                         "{\"uncouple\": CAR}, {\"throw\": SWITCH, \"state\": BRANCH} or "
                                         "{\"route\": ROUTE}");
                    const auto& k = e[1]["uncouple"];
                    // a train may grow by coupling: the most it can hold is every car of the layout
                    if (!k.is_number_integer() || k.get<long long>() < 0 ||
                        k.get<long long>() + 1 >= (long long)totalCars)
                        throw LayoutError(file, jsonPath(q, "uncouple"),
                                          "expected the index of a car (head = 0) that has a car behind it, "
                                          "from 0 to " +
                                              std::to_string(totalCars >= 2 ? totalCars - 2 : 0) +
                                              " (the layout has " + std::to_string(totalCars) +
                                              " cars), got " + k.dump());
                    se.uncouple = int(k.get<long long>());
                }
                if (!t.schedule.empty() && se.t < t.schedule.back().t)
                    throw LayoutError(file, jsonPath(p, std::size_t(0)), "times must not decrease");
                if (uncouple) {
                    t.schedule.push_back(se);
                    continue;
                }
                se.throttle = e[1].get<double>(), se.brake = e[2].get<double>();
                if (se.throttle < 0 || se.throttle > 1)
                    throw LayoutError(file, jsonPath(p, std::size_t(1)), "throttle must lie in [0, 1]");
                if (se.brake < 0 || se.brake > 1)
                    throw LayoutError(file, jsonPath(p, std::size_t(2)), "brake must lie in [0, 1]");
                t.schedule.push_back(se);
            }
        }
        out.push_back(std::move(t));
    }
    if (const StartOverlap o = findStartOverlap(out, layout, layout.initialSwitchStates()); o.train >= 0)
        throw LayoutError(file, jsonPath(jsonPath("/trains", std::size_t(o.train)), "start"),
                          "train \"" + out[std::size_t(o.train)].id + "\" " + o.problem);
    if (const StartBlocks b = checkStartBlocks(out, layout, layout.initialSwitchStates()); b.train >= 0)
        throw LayoutError(file, jsonPath(jsonPath("/trains", std::size_t(b.train)), "start"), b.problem);
    return out;
}

} // namespace tl
