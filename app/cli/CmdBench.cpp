// tracklab-cli bench [--only trackjoint|scale|threads|contact] [--contact] [--threads N] [--joints N]
// [--steps N] [--repeats N] [--bogies A,B,C]
//                    [--bogie-steps N] [--no-telemetry] [--straight]
// 1. Cost per joint-step of the trackjoint vs. Bullet's btGeneric6DofSpring2Constraint with six locked rows,
//    measured side by side in this process (physics/bench/TrackJointBenchmark.h).
// 2. The scale table: ns per bogie-step (thread CPU medians and spread) of trains at 100, 1 000 and 4 000
//    bogies with the product's defaults (spline track with cant, telemetry on, default solver iterations),
//    split by step stage, the ratios, and how many bogies step in real time (physics/bench/ScaleBenchmark.h).
// 3. --only threads / contact: the same fleets with one thread and with --threads, or with contact between
//    trains on and off, in alternated rounds (default 1 500 and 4 000 bogies; contact adds a 200 km loop).
#include "Command.h"

#include "app/allocator/ProcessAllocator.h"

#include "physics/bench/ScaleBenchmark.h"
#include "physics/bench/ScaleVariants.h"
#include "physics/bench/TrackJointBenchmark.h"

#include <QCommandLineParser>

#include <iostream>

namespace {

const char* kCmd = "tracklab-cli bench: ";

bool intOption(const QCommandLineParser& parser, const char* name, int lo, int hi, int& out) {
    bool ok = false;
    const int v = parser.value(name).toInt(&ok);
    if (!ok || v < lo || v > hi) {
        std::cerr << kCmd << "--" << name << " must be an integer in [" << lo << ", " << hi << "], got '"
                  << parser.value(name).toStdString() << "'\n";
        return false;
    }
    out = v;
    return true;
}

int runBench(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Benchmark the trackjoint against btGeneric6DofSpring2Constraint (6 locked rows) on the same\n"
        "bodies and solver settings (ns per joint-step), then the scale table: ns per bogie-step of\n"
        "trains at 100, 1000 and 4000 bogies with the product's defaults, and the real-time capacity.");
    parser.addHelpOption();
    parser.addOption({"only",
                      "Run only one table: trackjoint, scale, threads (1 vs --threads threads) or contact "
                      "(contact between trains on vs off).",
                      "TABLE"});
    parser.addOption({"threads", "Threads table: the threads compared with one (default 2).", "N", "2"});
    parser.addOption({"contact", "The contact table (as --only contact): contact between trains on vs off."});
    parser.addOption({"joints", "Trackjoint table: bodies with one joint each (default 200).", "N", "200"});
    parser.addOption({"steps", "Trackjoint table: steps per measurement (default 1000).", "N", "1000"});
    parser.addOption(
        {"repeats",
         "Interleaved repeats (default 5 for the trackjoint table, 7 for the scale table; medians).", "N"});
    parser.addOption(
        {"bogies", "Scale table: bogie counts (default 100,1000,4000).", "A,B,...", "100,1000,4000"});
    parser.addOption(
        {"bogie-steps",
         "Scale table: bogie-steps per measurement of the largest fleet; every fleet steps as many steps "
         "(default 240000).",
         "N", "240000"});
    parser.addOption({"no-telemetry", "Scale table: do not record telemetry while stepping."});
    parser.addOption({"straight", "Scale table: straight tracks instead of weaving splines with cant."});
    if (const auto done = tl::cli::parseOrExit(parser, args, "bench")) return *done;
    const QString only = parser.isSet("contact") ? QString("contact") : parser.value("only");
    if (parser.isSet("only") && only != "trackjoint" && only != "scale" && only != "threads" &&
        only != "contact") {
        std::cerr << kCmd << "--only must be trackjoint, scale, threads or contact, got '"
                  << only.toStdString() << "'\n";
        return tl::cli::BadInput;
    }
    int threads = 2;
    if (!intOption(parser, "threads", 2, 256, threads)) return tl::cli::BadInput;
    tl::TrackJointBenchmarkOptions o;
    tl::ScaleBenchmarkOptions so;
    if (!intOption(parser, "joints", 1, 100000, o.joints) || !intOption(parser, "steps", 1, 100000, o.steps))
        return tl::cli::BadInput;
    if (parser.isSet("repeats")) {
        if (!intOption(parser, "repeats", 1, 100, o.repeats)) return tl::cli::BadInput;
        so.repeats = o.repeats;
    }
    int bogieSteps = 0;
    if (!intOption(parser, "bogie-steps", 1000, 100000000, bogieSteps)) return tl::cli::BadInput;
    so.bogieSteps = bogieSteps;
    so.telemetry = !parser.isSet("no-telemetry");
    so.spline = !parser.isSet("straight");
    so.bogies.clear();
    for (const QString& part : parser.value("bogies").split(',')) {
        bool ok = false;
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n < 10 || n > 100000) {
            std::cerr << kCmd << "--bogies must list integers in [10, 100000], got '"
                      << parser.value("bogies").toStdString() << "'\n";
            return tl::cli::BadInput;
        }
        so.bogies.push_back(n);
    }
    std::cout << tl::processAllocatorLine() << "\n\n";
    if (only == "threads" || only == "contact") {
        if (!parser.isSet("bogies")) so.bogies = {1500, 4000};
        std::cerr << only.toStdString() << " table: building and stepping the fleets...\n";
        tl::printScaleVariants(std::cout, so,
                               only == "threads" ? tl::runThreadsBenchmark(so, threads)
                                                 : tl::runContactBenchmark(so));
        return tl::cli::Ok;
    }
    if (only != "scale") {
        tl::printTrackJointBenchmark(std::cout, o, tl::runTrackJointBenchmark(o));
        std::cout << std::endl;
    }
    if (only != "trackjoint") {
        std::cerr << "scale table: building and stepping " << so.bogies.size() << " fleets...\n";
        tl::printScaleBenchmark(std::cout, so, tl::runScaleBenchmark(so));
    }
    return tl::cli::Ok;
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"bench", "trackjoint vs. Bullet 6-DOF cost per joint-step; trains scale table",
                           runBench});
