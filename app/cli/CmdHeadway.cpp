// tracklab-cli headway LAYOUT.json --train ID --from SIGNAL --to SIGNAL [--dt H] [--duration T]
// The minimum headway [s] and trains per hour of train ID along the signals from SIGNAL to SIGNAL, by
// blocking times from a run of the train alone, checked by a second run with a follower at that headway
// (physics/run/Headway.h; docs/trains-format.md, "Headway"). JSON on stdout. Exit 0, or 2 on bad input.
#include "Command.h"

#include "core/layout/LayoutError.h"
#include "physics/run/Headway.h"
#include "physics/spec/RollingStock.h"
#include "physics/state/SimulationError.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <iostream>

namespace {

const char* kCmd = "tracklab-cli headway: ";

int runHeadway(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Minimum headway and trains per hour of a train along a route of signals.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON) with \"signals\" and \"trains\".");
    parser.addOption({"train", "Id of the train.", "ID"});
    parser.addOption({"from", "The route's first signal.", "SIGNAL"});
    parser.addOption({"to", "The route's last signal.", "SIGNAL"});
    parser.addOption({"dt", "Fixed step H [s] (default 1/240).", "H"});
    parser.addOption({"duration", "Simulated time at most per run [s] (default 7200).", "T", "7200"});
    if (const auto done = tl::cli::parseOrExit(parser, args, "headway")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || !parser.isSet("train") || !parser.isSet("from") || !parser.isSet("to")) {
        std::cerr << kCmd << "expected LAYOUT.json --train ID --from SIGNAL --to SIGNAL (see --help)\n";
        return tl::cli::BadInput;
    }
    tl::HeadwayOptions o;
    if (!tl::cli::readTimeOptions(parser, "headway", o.maxTime, o.simulation.dt)) return tl::cli::BadInput;
    const std::string file = pos[0].toStdString();
    try {
        const tl::Layout layout = tl::Layout::load(file);
        const tl::Scenario scenario = tl::parseScenario(layout, file, tl::defaultRollingStockDirs());
        const tl::HeadwayResult r =
            tl::measureHeadway(layout, scenario, parser.value("train").toStdString(),
                               parser.value("from").toStdString(), parser.value("to").toStdString(), o);
        nlohmann::json j;
        j["train"] = parser.value("train").toStdString();
        j["from"] = parser.value("from").toStdString();
        j["to"] = parser.value("to").toStdString();
        j["headway"] = r.headway;
        j["trainsPerHour"] = r.trainsPerHour;
        j["critical"] =
            r.critical >= 0 ? nlohmann::json(r.passes[std::size_t(r.critical)].id) : nlohmann::json();
        j["speedAtFrom"] = r.speedAtFrom;
        j["trainLength"] = r.trainLength;
        j["leaderMinSpeed"] = r.leaderMinSpeed;
        j["followerMinSpeed"] = r.followerMinSpeed;
        j["signals"] = nlohmann::json::array();
        for (const tl::HeadwaySignal& s : r.passes)
            j["signals"].push_back(
                {{"id", s.id}, {"head", s.head}, {"clear", s.clear}, {"needed", s.needed}});
        std::cout << j.dump(2) << "\n";
        std::cerr << kCmd << "minimum headway " << r.headway << " s (" << r.trainsPerHour
                  << " trains per hour); a follower at that headway ran at >= " << r.followerMinSpeed * 3.6
                  << " km/h (the leader at >= " << r.leaderMinSpeed * 3.6 << " km/h)\n";
        return tl::cli::Ok;
    } catch (const tl::SimulationError& e) {
        std::cerr << kCmd << file << ": " << e.what() << "\n";
        return tl::cli::BadInput;
    } catch (...) {
        return tl::cli::reportFailure("headway", file);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"headway", "minimum headway and trains per hour along a route of signals",
                           runHeadway});
