// tracklab-cli bench [--joints N] [--steps N] [--repeats N]: cost per joint-step of the trackjoint vs.
// Bullet's btGeneric6DofSpring2Constraint with six locked rows, measured side by side in this process.
#include "Command.h"

#include "physics/TrackJointBenchmark.h"

#include <QCommandLineParser>

#include <iostream>

namespace {

int runBench(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Benchmark the trackjoint against btGeneric6DofSpring2Constraint (6 locked rows)\n"
        "on the same bodies and solver settings; prints a table of ns per joint-step.");
    parser.addHelpOption();
    parser.addOption({"joints", "Bodies with one joint each (default 200).", "N", "200"});
    parser.addOption({"steps", "Steps per measurement (default 1000).", "N", "1000"});
    parser.addOption({"repeats", "Interleaved repeats, best counts (default 3).", "N", "3"});
    if (!parser.parse(args)) {
        std::cerr << "tracklab-cli bench: " << parser.errorText().toStdString() << "\n";
        return tl::cli::BadInput;
    }
    if (parser.isSet("help")) {
        std::cout << parser.helpText().toStdString();
        return tl::cli::Ok;
    }
    tl::TrackJointBenchmarkOptions o;
    int* targets[] = {&o.joints, &o.steps, &o.repeats};
    const char* names[] = {"joints", "steps", "repeats"};
    for (int i = 0; i < 3; ++i) {
        bool ok = false;
        const int v = parser.value(names[i]).toInt(&ok);
        if (!ok || v < 1 || v > 100000) {
            std::cerr << "tracklab-cli bench: --" << names[i] << " must be an integer in [1, 100000], got '"
                      << parser.value(names[i]).toStdString() << "'\n";
            return tl::cli::BadInput;
        }
        *targets[i] = v;
    }
    tl::printTrackJointBenchmark(std::cout, o, tl::runTrackJointBenchmark(o));
    return tl::cli::Ok;
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"bench", "trackjoint vs. Bullet 6-DOF constraint: cost per joint-step", runBench});
