// tracklab-cli risk LAYOUT.json --train ID --runs N --uncertainty U.json [--seed S] [--duration T] [--bin M]
//   [--dt H] [--jobs N] [--json OUT] [--csv OUT] [--shard K/N --out PART]
// A derailment-risk map (physics/run/RiskMap.h; docs/batch.md): per place the probability that the train
// derails there, with the runs' uncertain inputs drawn from U.json. The JSON goes to --json (or standard
// output), the places to --csv; progress on stderr. Exit 0; 2 bad input.
#include "Batch.h"
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
#include <memory>

namespace {

const char* kCmd = "tracklab-cli risk: ";

std::variant<int, tl::cli::Batch> setupRisk(const QStringList& args) {
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
    tl::cli::addBatchOptions(parser);
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
    tl::cli::Batch b;
    if (!tl::cli::readBatchOptions(parser, "risk", b)) return tl::cli::BadInput;
    o.jobs = b.jobs;
    const std::string file = pos[0].toStdString();
    const std::string ufile = parser.value("uncertainty").toStdString();
    const std::string train = parser.value("train").toStdString();
    b.file = file;
    try {
        // what the runs share, alive as long as the batch's functions
        struct Inputs {
            tl::Uncertainty u;
            tl::Layout layout;
            tl::Scenario scenario;
            std::unique_ptr<tl::RiskMap> map;
        };
        auto in = std::make_shared<Inputs>(Inputs{
            tl::parseUncertainty(tl::parseJsonText<nlohmann::json>(tl::readInputFile(ufile), ufile), ufile),
            tl::Layout::load(file), tl::Scenario{}, nullptr});
        in->scenario = tl::parseScenario(in->layout, file, tl::defaultRollingStockDirs());
        in->map = std::make_unique<tl::RiskMap>(in->layout, in->scenario, file, train, in->u, o);
        b.runs = o.runs;
        b.inputs = tl::cli::fileDigest(file) + tl::cli::fileDigest(ufile);
        std::cerr << "risk: " << o.runs << " runs of train " << train << ", seed " << o.seed << ", "
                  << (b.shard
                          ? "shard " + std::to_string(b.shard->first) + "/" + std::to_string(b.shard->second)
                          : std::to_string(o.jobs) + " jobs")
                  << "\n";
        b.run = [in](int i) { return tl::riskRunJson(in->map->run(i)); };
        b.lost = [in](int i, const std::string& how) { return tl::riskRunJson(in->map->lost(i, how)); };
        const auto start = std::chrono::steady_clock::now();
        auto shown = std::make_shared<int>(0);
        b.take = [in, seed = o.seed](int i, const nlohmann::json& j) {
            const tl::RiskRun r = tl::riskRunFromJson(j);
            if (!r.completed) std::cerr << "risk: run " << i << " (seed " << seed << "): " << r.error << "\n";
            in->map->add(i, r);
        };
        b.progress = [in, start, shown](int i, const nlohmann::json&) {
            const int done = i + 1, n = in->map->runs();
            const int tenth = done * 10 / n; // a line at every tenth, and at the end
            if (tenth == *shown && done < n) return;
            *shown = tenth;
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double rate = done / std::max(1e-9, s);
            std::cerr << "[" << done << "/" << n << " runs] " << rate << " runs/s, about "
                      << std::lround((n - done) / std::max(1e-9, rate)) << " s left\n";
        };
        const QString jsonOut = parser.value("json"), csvOut = parser.value("csv");
        b.finish = [in, jsonOut, csvOut]() {
            const tl::RiskResult r = in->map->result();
            const std::string json = riskJson(r, in->layout).dump(2) + "\n";
            if (!jsonOut.isEmpty())
                tl::saveFile(jsonOut.toStdString(), json);
            else
                std::cout << json;
            if (!csvOut.isEmpty()) tl::saveFile(csvOut.toStdString(), riskCsv(r, in->layout));
            std::cerr << "risk: " << r.completed << " runs completed, " << r.derailed << " derailed, "
                      << r.errors.size() << " errors\n";
            return r.errors.empty() ? tl::cli::Ok : tl::cli::Warnings;
        };
        return b;
    } catch (...) {
        return tl::cli::reportFailure("risk", file);
    }
}

} // namespace

static const tl::cli::BatchCommandRegistrar
    riskCommand("risk", "derailment-risk map: where a train derails when its inputs vary", setupRisk);
