// tracklab-cli sweep LAYOUT.json --train ID --speeds A:B:STEP [--duration T] [--dt H] [--jobs N]
// Runs the train from each initial speed (fresh simulation each) and reports the lowest speed at which it
// derails, with the cause and place (JSON on stdout); progress on stderr. Exit 0 found, 1 none, 2 bad input.
#include "Command.h"

#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/SpeedSweep.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>

namespace {

const char* kCmd = "tracklab-cli sweep: ";

int runSweep(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Find the lowest initial speed at which a train of the layout derails.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON) with a \"trains\" section.");
    parser.addOption({"train", "Id of the train to sweep.", "ID"});
    parser.addOption({"speeds", "Initial speeds A:B:STEP [m/s].", "A:B:STEP"});
    parser.addOption({"duration", "Simulated time per speed [s] (default 60).", "T", "60"});
    parser.addOption({"dt", "Fixed step H [s] (default 1/240).", "H"});
    tl::cli::addJobsOption(parser);
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
    if (!tl::cli::readJobs(parser, "sweep", o.jobs)) return tl::cli::BadInput;
    const std::string file = pos[0].toStdString();
    try {
        const tl::LayoutSpec spec = tl::loadLayoutSpec(file);
        const tl::SweepResult r = tl::sweepDerailmentSpeed(
            spec, file, parser.value("train").toStdString(), o, [](int i, int n, const tl::SweepPoint& p) {
                std::cerr << "[" << i + 1 << "/" << n << "] " << p.speed << " m/s: "
                          << (p.derailment ? p.derailment->cause + " on " + p.derailment->trackId : "railed")
                          << "\n";
            });
        nlohmann::json j;
        j["layout"] = file;
        j["train"] = parser.value("train").toStdString();
        j["points"] = nlohmann::json::array();
        for (const auto& p : r.points)
            j["points"].push_back({{"speed", p.speed}, {"derailed", bool(p.derailment)}});
        if (r.critical >= 0) {
            const auto& e = *r.points[std::size_t(r.critical)].derailment;
            j["criticalSpeed"] = r.points[std::size_t(r.critical)].speed;
            j["derailment"] = {{"cause", e.cause},
                               {"track", e.trackId},
                               {"s", e.s},
                               {"t", e.t},
                               {"car", e.car},
                               {"bogie", e.bogie},
                               {"speed", e.speed},
                               {"numericalSuspect", e.numericalSuspect},
                               {"message", e.message}};
        } else {
            j["criticalSpeed"] = nullptr;
        }
        std::cout << j.dump(2) << "\n";
        return r.critical >= 0 ? tl::cli::Ok : tl::cli::Warnings;
    } catch (...) {
        return tl::cli::reportFailure("sweep", file);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"sweep", "lowest initial speed at which a train derails (cause and place)",
                           runSweep});
