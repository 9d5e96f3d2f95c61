// tracklab-cli sweep LAYOUT.json --train ID --speeds A:B:STEP [--duration T] [--dt H] [--jobs N]
//   [--shard K/N --out PART]
// Runs the train from each initial speed (fresh simulation each) and reports the lowest speed at which it
// derails, with the cause and place (JSON on stdout); progress on stderr. Exit 0 found, 1 none, 2 bad input.
#include "Batch.h"
#include "Command.h"

#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/SpeedSweep.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <memory>

namespace {

const char* kCmd = "tracklab-cli sweep: ";

nlohmann::json eventJson(const tl::DerailmentEvent& e) {
    return {{"cause", e.cause},
            {"track", e.trackId},
            {"s", e.s},
            {"t", e.t},
            {"car", e.car},
            {"bogie", e.bogie},
            {"speed", e.speed},
            {"numericalSuspect", e.numericalSuspect},
            {"message", e.message}};
}

tl::DerailmentEvent eventFromJson(const nlohmann::json& j) {
    tl::DerailmentEvent e;
    e.cause = j.at("cause").get<std::string>();
    e.trackId = j.at("track").get<std::string>();
    e.s = j.at("s").get<double>();
    e.t = j.at("t").get<double>();
    e.car = j.at("car").get<int>();
    e.bogie = j.at("bogie").get<int>();
    e.speed = j.at("speed").get<double>();
    e.numericalSuspect = j.at("numericalSuspect").get<bool>();
    e.message = j.at("message").get<std::string>();
    return e;
}

std::variant<int, tl::cli::Batch> setupSweep(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Find the lowest initial speed at which a train of the layout derails.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON) with a \"trains\" section.");
    parser.addOption({"train", "Id of the train to sweep.", "ID"});
    parser.addOption({"speeds", "Initial speeds A:B:STEP [m/s].", "A:B:STEP"});
    parser.addOption({"duration", "Simulated time per speed [s] (default 60).", "T", "60"});
    parser.addOption({"dt", "Fixed step H [s] (default 1/240).", "H"});
    tl::cli::addBatchOptions(parser);
    if (const auto done = tl::cli::parseOrExit(parser, args, "sweep")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || !parser.isSet("train") || !parser.isSet("speeds")) {
        std::cerr << kCmd << "expected LAYOUT.json --train ID --speeds A:B:STEP (see --help)\n";
        return tl::cli::BadInput;
    }
    tl::SweepOptions o;
    const QStringList sp = parser.value("speeds").split(':');
    bool ok = sp.size() == 3;
    double v[3] = {0, 0, 0};
    for (int i = 0; ok && i < 3; ++i)
        v[i] = sp[i].toDouble(&ok);
    if (!ok || !(v[2] > 0) || v[1] < v[0] || v[0] < 0 || (v[1] - v[0]) / v[2] > 10000) {
        std::cerr << kCmd << "--speeds must be A:B:STEP with 0 <= A <= B and STEP > 0, got '"
                  << parser.value("speeds").toStdString() << "'\n";
        return tl::cli::BadInput;
    }
    o.from = v[0];
    o.to = v[1];
    o.step = v[2];
    if (!tl::cli::readTimeOptions(parser, "sweep", o.duration, o.simulation.dt)) return tl::cli::BadInput;
    tl::cli::Batch b;
    if (!tl::cli::readBatchOptions(parser, "sweep", b)) return tl::cli::BadInput;
    const std::string file = pos[0].toStdString();
    const std::string train = parser.value("train").toStdString();
    b.file = file;
    try {
        auto sweep = std::make_shared<const tl::SpeedSweep>(tl::loadLayoutSpec(file), file, train, o);
        auto result = std::make_shared<tl::SweepResult>();
        auto lost = std::make_shared<std::vector<std::pair<int, std::string>>>(); // runs without a result
        b.runs = sweep->size();
        b.inputs = tl::cli::fileDigest(file);
        b.run = [sweep](int i) {
            const tl::SweepPoint p = sweep->point(i);
            nlohmann::json j = {{"speed", p.speed}};
            j["derailment"] = p.derailment ? eventJson(*p.derailment) : nlohmann::json();
            return j;
        };
        b.lost = [sweep](int i, const std::string& how) {
            return nlohmann::json{{"speed", sweep->speed(i)}, {"error", how}};
        };
        b.take = [sweep, result, lost](int i, const nlohmann::json& j) {
            tl::SweepPoint p;
            p.speed = j.at("speed").get<double>();
            if (j.contains("error")) { // (its worker crashed or was killed; the others go on)
                lost->emplace_back(i, j.at("error").get<std::string>());
                result->points.push_back(std::move(p));
                return;
            }
            if (!j.at("derailment").is_null()) p.derailment = eventFromJson(j.at("derailment"));
            if (p.derailment && result->critical < 0) result->critical = i;
            result->points.push_back(std::move(p));
        };
        b.progress = [sweep, result, lost](int i, const nlohmann::json&) {
            const tl::SweepPoint& p = result->points.back();
            std::cerr << "[" << i + 1 << "/" << sweep->size() << "] " << p.speed << " m/s: "
                      << (!lost->empty() && lost->back().first == i ? lost->back().second
                          : p.derailment ? p.derailment->cause + " on " + p.derailment->trackId
                                         : "railed")
                      << "\n";
        };
        b.finish = [file, train, result, lost]() {
            const tl::SweepResult& r = *result;
            nlohmann::json j;
            j["layout"] = file;
            j["train"] = train;
            j["points"] = nlohmann::json::array();
            std::size_t l = 0;
            for (std::size_t i = 0; i < r.points.size(); ++i) {
                const auto& p = r.points[i];
                j["points"].push_back({{"speed", p.speed}, {"derailed", bool(p.derailment)}});
                if (l < lost->size() && (*lost)[l].first == int(i))
                    j["points"].back()["error"] = (*lost)[l++].second;
            }
            // (a speed without a result below the lowest that derailed: the critical speed is not known)
            if (r.critical >= 0 && (lost->empty() || lost->front().first > r.critical)) {
                j["criticalSpeed"] = r.points[std::size_t(r.critical)].speed;
                j["derailment"] = eventJson(*r.points[std::size_t(r.critical)].derailment);
            } else {
                j["criticalSpeed"] = nullptr;
            }
            std::cout << j.dump(2) << "\n";
            if (!lost->empty()) { // a lowest derailing speed is only known where every run below it ended
                std::cerr << kCmd << lost->size() << " of " << r.points.size()
                          << " speeds have no result (the first at "
                          << r.points[std::size_t(lost->front().first)].speed
                          << " m/s: " << lost->front().second << "): the sweep is incomplete\n";
                return tl::cli::BadInput;
            }
            return r.critical >= 0 ? tl::cli::Ok : tl::cli::Warnings;
        };
        return b;
    } catch (...) {
        return tl::cli::reportFailure("sweep", file);
    }
}

} // namespace

static const tl::cli::BatchCommandRegistrar
    sweepCommand("sweep", "lowest initial speed at which a train derails (cause and place)", setupSweep);
