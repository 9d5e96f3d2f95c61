// tracklab-cli run LAYOUT.json [--duration T] [--dt H] [--csv OUT.csv] [--json OUT.json]
// Runs the vehicles and trains of the layout's "vehicles" / "trains" sections (docs/vehicles-format.md) and
// writes per-step telemetry (CSV, streamed to the file as the run goes: memory does not grow with the
// simulated duration; the file appears, whole, when the run ends) and a JSON summary (final track, s, speed,
// state of each vehicle; open-end events; trains with their cars and couplers; derailments; coupler overloads
// "couplerEvents"; Y/Q and wheel unloading episodes "wheelEvents"; trains meeting "collisions"). Progress on
// stderr. Bad arguments or files: a message and exit status 2.
#include "Command.h"

#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "physics/sim/Simulation.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace {

const char* kCmd = "tracklab-cli run: ";

// The one save path (core/io/SaveFile.h): write-then-rename, or in place for /dev/null, a FIFO, ...
bool saveText(const QString& path, const std::string& text) {
    try {
        tl::saveFile(path.toStdString(), text);
        return true;
    } catch (const tl::SaveError& e) {
        std::cerr << kCmd << "cannot save: " << e.what() << "\n"; // "FILE: cannot write: OS error"
        return false;
    }
}

// JSON has no inf/NaN (nlohmann writes null): a non-finite number member is left out (e.g. "rollLimit" of
// clamped wheels, which have no roll limit); a non-finite array element becomes the string
// "inf"/"-inf"/"nan".
void dropNonFinite(nlohmann::json& j) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end();) {
            if (it->is_number_float() && !std::isfinite(it->get<double>())) {
                it = j.erase(it);
            } else {
                dropNonFinite(*it);
                ++it;
            }
        }
    } else if (j.is_array()) {
        for (auto& e : j) {
            if (e.is_number_float() && !std::isfinite(e.get<double>())) {
                const double x = e.get<double>();
                e = std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf";
            } else {
                dropNonFinite(e);
            }
        }
    }
}

nlohmann::json summary(const tl::Simulation& sim, const std::string& file, double duration) {
    nlohmann::json j;
    j["layout"] = file;
    j["duration"] = duration;
    j["time"] = sim.time();
    j["dt"] = sim.dt();
    j["vehicles"] = nlohmann::json::array();
    for (int i = 0; i < sim.view().vehicleCount(); ++i) {
        const tl::RailedView v = sim.view().vehicleState(i);
        const tl::Vec3 p = sim.view().anchorPosition(i);
        j["vehicles"].push_back({{"id", sim.view().vehicleInfo(i).id},
                                 {"track", sim.layout().track(std::size_t(v.position.track)).id()},
                                 {"s", v.position.s},
                                 {"direction", v.position.direction},
                                 {"speed", sim.view().vehicleSpeed(i)},
                                 {"state", v.railed ? "railed" : "released"},
                                 {"position", {p.x(), p.y(), p.z()}}});
    }
    j["events"] = nlohmann::json::array();
    for (const auto& e : sim.telemetry().events())
        j["events"].push_back({{"kind", "openEnd"},
                               {"t", e.t},
                               {"vehicle", sim.view().vehicleInfo(e.vehicle).id},
                               {"track", sim.layout().track(std::size_t(e.track)).id()},
                               {"end", e.atEnd ? "end" : "start"},
                               {"s", e.s},
                               {"speed", e.speed},
                               {"message", e.message}});
    j["trains"] = nlohmann::json::array();
    for (int t = 0; t < sim.view().trainCount(); ++t) {
        const tl::TrainInfo tr = sim.view().trainInfo(t);
        nlohmann::json cars = nlohmann::json::array();
        for (std::size_t c = 0; c < tr.cars.size(); ++c)
            cars.push_back({{"stock", tr.cars[c].stock},
                            {"state", sim.view().carDerailed(t, int(c)) ? "derailed" : "railed"}});
        nlohmann::json couplers = nlohmann::json::array();
        for (std::size_t k = 0; k < tr.couplers.size(); ++k) {
            const tl::CouplerView c = sim.view().coupler(t, int(k));
            couplers.push_back({{"maxForce", c.maxForce},
                                {"limit", tr.couplers[k].limit},
                                {"strength", tr.couplers[k].strength},
                                {"force", c.force},
                                {"state", c.broken ? "broken" : "coupled"}});
        }
        j["trains"].push_back({{"id", tr.id},
                               {"speed", sim.view().trainSpeed(t)},
                               {"distance", sim.view().trainSignal(t).distance},
                               {"cars", cars},
                               {"couplers", couplers}});
    }
    j["derailments"] = nlohmann::json::array();
    for (const auto& e : sim.view().derailments())
        j["derailments"].push_back({{"t", e.t},
                                    {"train", e.trainId},
                                    {"car", e.car},
                                    {"bogie", e.bogie},
                                    {"track", e.trackId},
                                    {"s", e.s},
                                    {"speed", e.speed},
                                    {"cause", e.cause},
                                    {"yq", e.before.yq},
                                    {"yqLimit", e.before.yqLimit},
                                    {"rollTorque", e.before.rollTorque},
                                    {"rollLimit", e.before.rollLimit},
                                    {"rollMargin", e.before.rollMargin},
                                    {"deviation", {e.before.e1, e.before.e2, e.before.e3}},
                                    {"solverSaturated", e.solverSaturated},
                                    {"numericalSuspect", e.numericalSuspect},
                                    {"message", e.message}});
    j["couplerEvents"] = nlohmann::json::array();
    for (const auto& e : sim.view().couplerEvents())
        j["couplerEvents"].push_back({{"kind", "couplerOverload"},
                                      {"t", e.t},
                                      {"train", e.trainId},
                                      {"coupler", e.coupler},
                                      {"cars", {e.coupler, e.coupler + 1}},
                                      {"load", e.kind},
                                      {"force", e.force},
                                      {"peakForce", e.peakForce},
                                      {"limit", e.limit},
                                      {"duration", e.duration},
                                      {"broke", e.broke},
                                      {"breakTime", e.breakTime},
                                      {"track", e.trackId},
                                      {"s", e.s},
                                      {"speed", e.speed},
                                      {"message", e.message}});
    j["collisions"] = nlohmann::json::array(); // car ends of two trains meeting (docs/trains-format.md)
    for (const auto& e : sim.view().collisions()) {
        // a single vehicle in place of a train: "trains" holds null there, "vehicles" its id
        const auto id = [](const std::string& s, bool is) {
            return is ? nlohmann::json(s) : nlohmann::json();
        };
        const bool vehicles = e.vehicle >= 0 || e.otherVehicle >= 0;
        j["collisions"].push_back(
            {{"kind", e.kind},
             {"t", e.t},
             {"track", e.trackId},
             {"s", e.s},
             {"trains", vehicles ? nlohmann::json::array(
                                       {id(e.trainId, e.vehicle < 0), id(e.otherTrainId, e.otherVehicle < 0)})
                                 : nlohmann::json::array({e.trainId, e.otherTrainId})},
             {"cars", {e.car, e.otherCar}},
             {"closingSpeed", e.closingSpeed},
             {"peakForce", e.peakForce},
             {"peakCompression", e.peakCompression},
             {"solid", e.solid},
             {"absorbed", e.absorbed},
             {"peakDeceleration", {e.peakDeceleration[0], e.peakDeceleration[1]}},
             {"duration", e.duration},
             {"ended", e.ended},
             {"speed", e.speed},
             {"message", e.message}});
        if (e.bufferStop) {
            j["collisions"].back()["bufferStop"] = true;
            j["collisions"].back()["reboundSpeed"] = e.reboundSpeed;
            j["collisions"].back()["overrun"] = e.overrun;
        }
        if (e.coupled) j["collisions"].back()["coupled"] = true;
        if (vehicles)
            j["collisions"].back()["vehicles"] = {id(e.trainId, e.vehicle >= 0),
                                                  id(e.otherTrainId, e.otherVehicle >= 0)};
    }
    // aspects, protection's interventions and SPADs (docs/trains-format.md, "Signals and protection")
    j["signalEvents"] = nlohmann::json::array();
    for (const auto& e : sim.view().signalEvents()) {
        nlohmann::json o = {{"t", e.t},
                            {"kind", e.kind},
                            {"signal", e.signalId},
                            {"aspect", e.aspect},
                            {"train", e.train >= 0 ? nlohmann::json(e.trainId) : nlohmann::json()},
                            {"track", e.trackId},
                            {"s", e.s},
                            {"message", e.message}};
        if (e.train >= 0) o["speed"] = e.speed;
        if (e.kind == "protection") {
            o["permitted"] = e.permitted;
            o["distance"] = e.distance;
        }
        if (e.kind == "throw") {
            o["switch"] = e.switchId;
            o["state"] = e.state;
        }
        if (!e.routeId.empty()) o["route"] = e.routeId;
        j["signalEvents"].push_back(o);
    }
    j["wheelEvents"] = nlohmann::json::array(); // Y/Q and wheel unloading episodes
    for (const auto& e : sim.view().wheelEvents())
        j["wheelEvents"].push_back({{"kind", e.kind},
                                    {"t", e.t},
                                    {"train", e.trainId},
                                    {"car", e.car},
                                    {"bogie", e.bogie},
                                    {"value", e.value},
                                    {"peak", e.peak},
                                    {"limit", e.limit},
                                    {"duration", e.duration},
                                    {"track", e.trackId},
                                    {"s", e.s},
                                    {"speed", e.speed},
                                    {"message", e.message}});
    // where an event's place lies on an alignment, its station [m] beside track and s (docs/alignments.md,
    // "Stationing"); a layout without alignments gets nothing new
    if (!sim.layout().alignmentList().empty())
        for (const char* list :
             {"events", "derailments", "couplerEvents", "collisions", "signalEvents", "wheelEvents"})
            for (nlohmann::json& e : j[list]) {
                if (!e.contains("track") || !e["track"].is_string() || !e.contains("s") ||
                    !e["s"].is_number())
                    continue;
                const int track = sim.layout().trackIndex(e["track"].get<std::string>());
                if (track < 0) continue;
                if (const std::optional<double> st = sim.layout().station(track, e["s"].get<double>()))
                    e["station"] = *st;
            }
    return j;
}

int runRun(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Simulate the vehicles of a layout with the trackjoint (fixed step) and write\n"
        "telemetry: t,vehicle,track,s,speed,x,y,z,e1..e5,f1..f6,railed.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON) with a \"vehicles\" section.");
    parser.addOption({"duration", "Simulated time T [s] (default 10).", "T", "10"});
    parser.addOption({"dt", "Fixed step H [s] (default 1/240).", "H"});
    parser.addOption({"csv", "Write per-step telemetry to OUT.csv.", "OUT.csv"});
    parser.addOption({"json", "Write the JSON summary to OUT.json (default: standard output).", "OUT.json"});
    parser.addOption({"threads",
                      "Step the train worlds on N threads (default 1; the output is the same for every N).",
                      "N", "1"});
    if (const auto done = tl::cli::parseOrExit(parser, args, "run")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        std::cerr << kCmd << "expected one LAYOUT.json argument (see --help)\n";
        return tl::cli::BadInput;
    }
    tl::SimulationOptions options;
    double duration = 10;
    if (!tl::cli::readTimeOptions(parser, "run", duration, options.dt)) return tl::cli::BadInput;
    bool threadsOk = false;
    options.threads = parser.value("threads").toInt(&threadsOk);
    if (!threadsOk || options.threads < 1 || options.threads > 256) {
        std::cerr << kCmd << "--threads must be an integer in [1, 256], got '"
                  << parser.value("threads").toStdString() << "'\n";
        return tl::cli::BadInput;
    }
    const std::string file = pos[0].toStdString();
    try {
        const tl::Layout layout = tl::Layout::load(file);
        tl::Simulation sim(layout, options, file);
        if (sim.view().vehicleCount() == 0 && sim.view().trainCount() == 0)
            std::cerr << kCmd << "warning: " << file << " has no \"vehicles\" and no \"trains\"\n";
        // The samples go to the CSV as they are taken (in 1 MiB pieces) and are not kept: the summary needs
        // only the events and the final state.
        std::unique_ptr<tl::SaveStream> csv;
        std::ostringstream rows;
        std::string csvError;
        const auto vehicleIds = sim.view().vehicleIds(), trackIds = sim.view().trackIds();
        auto trainIds = sim.view().trainIds(); // again when trains couple or uncouple (their indices change)
        std::uint64_t makeup = sim.view().makeup();
        auto flush = [&] {
            if (!csv || !csvError.empty()) return;
            try {
                csv->write(rows.view());
            } catch (const tl::SaveError& e) {
                csvError = e.what();
            }
            rows.str({});
        };
        if (parser.isSet("csv")) {
            try {
                csv = std::make_unique<tl::SaveStream>(parser.value("csv").toStdString());
            } catch (const tl::SaveError& e) {
                std::cerr << kCmd << "cannot save: " << e.what() << "\n";
                return tl::cli::BadInput;
            }
            rows << tl::Telemetry::csvHeader() << '\n';
            sim.telemetry().setSink(
                [&](const tl::TelemetrySample& s) {
                    if (!csvError.empty()) return;
                    if (sim.view().makeup() != makeup) {
                        makeup = sim.view().makeup();
                        trainIds = sim.view().trainIds();
                    }
                    tl::Telemetry::writeCsvRow(rows, s, vehicleIds, trackIds, trainIds);
                    if (rows.tellp() > (1 << 20)) flush();
                },
                false);
        } else {
            sim.telemetry().setSink({}, false);
        }
        std::string stopped;
        try {
            sim.runUntil(duration, [&](double t) {
                if (duration < 20 || std::lround(t) % 10 == 0)
                    std::cerr << "t = " << t << " / " << duration << " s\n";
            });
        } catch (const tl::SimulationError& e) {
            stopped = e.what(); // keep what was simulated; report it and exit 2 after writing
            std::cerr << kCmd << stopped << "\n";
        }
        for (const auto& e : sim.telemetry().events())
            std::cerr << "event: " << e.message << "\n";
        for (const auto& e : sim.view().derailments())
            std::cerr << "derailment: " << e.message << "\n";
        for (const auto& e : sim.view().couplerEvents())
            std::cerr << "coupler overload: " << e.message << " (peak " << e.peakForce << " N for "
                      << e.duration << " s)\n";
        for (const auto& e : sim.view().collisions())
            if (e.coupled)
                std::cerr << "coupling: " << e.message << "\n";
            else
                std::cerr << "collision: " << e.message << " (peak " << e.peakForce << " N, "
                          << (e.solid ? "solid" : "within the strokes") << ", " << e.absorbed
                          << " J absorbed)\n";
        for (const auto& e : sim.view().signalEvents())
            if (e.kind == "spad" || e.kind == "protection")
                std::cerr << (e.kind == "spad" ? "SPAD: " : "protection: ") << e.message << "\n";
        for (const auto& e : sim.view().wheelEvents())
            std::cerr << "wheel: " << e.message << " (peak " << e.peak << " for " << e.duration << " s)\n";
        if (csv) {
            flush();
            if (csvError.empty()) try {
                    csv->commit();
                } catch (const tl::SaveError& e) {
                    csvError = e.what();
                }
            if (!csvError.empty()) {
                std::cerr << kCmd << "cannot save: " << csvError << "\n"; // "FILE: cannot write: OS error"
                return tl::cli::BadInput;
            }
        }
        nlohmann::json j = summary(sim, file, duration);
        if (!stopped.empty()) j["stopped"] = stopped;
        dropNonFinite(j);
        const std::string text = j.dump(2) + "\n";
        if (parser.isSet("json")) {
            if (!saveText(parser.value("json"), text)) return tl::cli::BadInput;
        } else {
            std::cout << text;
        }
        return stopped.empty() ? tl::cli::Ok : tl::cli::BadInput;
    } catch (...) {
        return tl::cli::reportFailure("run", file);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"run", "simulate a layout's vehicles; telemetry CSV and JSON summary", runRun});
