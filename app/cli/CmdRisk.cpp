// tracklab-cli risk LAYOUT.json --train ID --runs N --uncertainty U.json [--seed S] [--duration T] [--bin M]
//   [--dt H] [--jobs N] [--json OUT] [--csv OUT]
// A derailment-risk map (physics/run/RiskMap.h; docs/batch.md): per place the probability that the train
// derails there, with the runs' uncertain inputs drawn from U.json. The JSON goes to --json (or standard
// output), the places to --csv; progress on stderr. Exit 0; 2 bad input.
#include "Command.h"

#include "core/io/InputFile.h"
#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/RiskMap.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/Scenario.h"

#include <QCommandLineParser>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>

namespace {

const char* kCmd = "tracklab-cli risk: ";

int runRisk(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Derailment-risk map: the probability that a train derails at each place "
        "of the layout when its inputs vary (docs/batch.md).");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON) with a \"trains\" section.");
    parser.addOption({"train", "Id of the train.", "ID"});
    parser.addOption({"runs", "Number of runs.", "N"});
    parser.addOption({"uncertainty", "The inputs' distributions (JSON).", "U.json"});
    parser.addOption({"seed", "Seed of the draws (default 1).", "S", "1"});
    parser.addOption({"duration", "Simulated time per run [s] (default 60).", "T", "60"});
    parser.addOption({"bin", "Place size along each track [m] (default 10).", "M", "10"});
    parser.addOption({"dt", "Fixed step H [s] (default 1/240).", "H"});
    parser.addOption({"json", "Write the map as JSON to OUT (default: standard output).", "OUT"});
    parser.addOption({"csv", "Write the places as CSV to OUT.", "OUT"});
    tl::cli::addJobsOption(parser);
    if (const auto done = tl::cli::parseOrExit(parser, args, "risk")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || !parser.isSet("train") || !parser.isSet("runs") || !parser.isSet("uncertainty")) {
        std::cerr << kCmd << "expected LAYOUT.json --train ID --runs N --uncertainty U.json (see --help)\n";
        return tl::cli::BadInput;
    }
    tl::RiskOptions o;
    bool ok = false;
    o.runs = parser.value("runs").toInt(&ok);
    if (!ok || o.runs < 1 || o.runs > 10000000) {
        std::cerr << kCmd << "--runs must be an integer in [1, 1e7], got '"
                  << parser.value("runs").toStdString() << "'\n";
        return tl::cli::BadInput;
    }
    o.seed = parser.value("seed").toULongLong(&ok);
    if (!ok) {
        std::cerr << kCmd << "--seed must be an unsigned integer, got '" << parser.value("seed").toStdString()
                  << "'\n";
        return tl::cli::BadInput;
    }
    o.bin = parser.value("bin").toDouble(&ok);
    if (!ok || !std::isfinite(o.bin) || !(o.bin > 0) || o.bin > 1e6) {
        std::cerr << kCmd << "--bin must be a length in (0, 1e6] m, got '"
                  << parser.value("bin").toStdString() << "'\n";
        return tl::cli::BadInput;
    }
    if (!tl::cli::readTimeOptions(parser, "risk", o.duration, o.simulation.dt)) return tl::cli::BadInput;
    if (!tl::cli::readJobs(parser, "risk", o.jobs)) return tl::cli::BadInput;
    const std::string file = pos[0].toStdString();
    const std::string ufile = parser.value("uncertainty").toStdString();
    try {
        const tl::Uncertainty u =
            tl::parseUncertainty(tl::parseJsonText<nlohmann::json>(tl::readInputFile(ufile), ufile), ufile);
        const tl::Layout layout = tl::Layout::load(file);
        const tl::Scenario scenario = tl::parseScenario(layout, file, tl::defaultRollingStockDirs());
        std::cerr << "risk: " << o.runs << " runs of train " << parser.value("train").toStdString()
                  << ", seed " << o.seed << ", " << o.jobs << " jobs\n";
        const auto start = std::chrono::steady_clock::now();
        int shown = 0;
        const tl::RiskResult r = tl::riskMap(
            layout, scenario, file, parser.value("train").toStdString(), u, o, [&](int done, int n) {
                const int tenth = done * 10 / n; // a line at every tenth, and at the end
                if (tenth == shown && done < n) return;
                shown = tenth;
                const double s =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                const double rate = done / std::max(1e-9, s);
                std::cerr << "[" << done << "/" << n << " runs] " << rate << " runs/s, about "
                          << std::lround((n - done) / std::max(1e-9, rate)) << " s left\n";
            });
        const std::string json = riskJson(r, layout).dump(2) + "\n";
        if (parser.isSet("json"))
            tl::saveFile(parser.value("json").toStdString(), json);
        else
            std::cout << json;
        if (parser.isSet("csv")) tl::saveFile(parser.value("csv").toStdString(), riskCsv(r, layout));
        std::cerr << "risk: " << r.completed << " runs completed, " << r.derailed << " derailed, "
                  << r.errors.size() << " errors\n";
        return tl::cli::Ok;
    } catch (const tl::SaveError& e) {
        std::cerr << kCmd << "cannot save: " << e.what() << "\n";
        return tl::cli::BadInput;
    } catch (...) {
        return tl::cli::reportFailure("risk", file);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"risk", "derailment-risk map: where a train derails when its inputs vary",
                           runRisk});
