// tracklab-cli check LAYOUT.json --rules PROFILE [--csv OUT.csv] [--critical TRAIN [--jobs N]]
// Checks a layout against a design-rule profile (docs/rules-format.md) place by place: prints every
// violation (track, s range, worst value and the limit) and the curve table (radius, cant, line speed,
// permissible speed and, with --critical, the critical speed found by simulation for that train).
// Exit 0 no violation, 1 violations, 2 bad input.
#include "Command.h"

#include "core/checks/CheckEngine.h"
#include "core/checks/RuleProfile.h"
#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/CurveCriticalSpeed.h"

#include <QCommandLineParser>

#include <iostream>

namespace {

const char* kCmd = "tracklab-cli check: ";

int runCheck(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Check a layout against design rules (docs/rules-format.md), place by place, and list its curves\n"
        "with their permissible speed. PROFILE is a rules file or the name of a shipped one:\n"
        "fra-213-class4, en13803-typical, coaster-envelope.\n"
        "Exit status: 0 no violation, 1 violations, 2 bad input.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON).");
    parser.addOption({"rules", "Design-rule profile: a file or a shipped profile's name.", "PROFILE"});
    parser.addOption({"csv", "Write the curve table to OUT.csv.", "OUT.csv"});
    parser.addOption({"critical", "Find each curve's critical speed by simulation for train ID.", "ID"});
    parser.addOption({"dt", "Fixed step H of the --critical runs [s] (default 1/240).", "H"});
    tl::cli::addJobsOption(parser);
    if (const auto done = tl::cli::parseOrExit(parser, args, "check")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || !parser.isSet("rules")) {
        std::cerr << kCmd << "expected LAYOUT.json --rules PROFILE (see --help)\n";
        return tl::cli::BadInput;
    }
    const std::string file = pos[0].toStdString();
    const std::string rules = parser.value("rules").toStdString();
    const std::filesystem::path profilePath = tl::findRuleProfile(rules);
    if (profilePath.empty()) {
        std::string shipped;
        for (const auto& p : tl::shippedRuleProfiles())
            shipped += (shipped.empty() ? "" : ", ") + p.stem().string();
        std::cerr << kCmd << rules << ": no such file, nor a shipped profile (shipped: " << shipped << ")\n";
        return tl::cli::BadInput;
    }
    tl::CriticalSpeedOptions copt;
    if (!tl::cli::readJobs(parser, "check", copt.jobs)) return tl::cli::BadInput;
    if (parser.isSet("dt")) {
        bool ok = false;
        const double dt = parser.value("dt").toDouble(&ok);
        if (!ok || !(dt >= tl::cli::kMinDt && dt <= tl::cli::kMaxDt)) {
            std::cerr << kCmd << "--dt must be a step in [" << tl::cli::kMinDt << ", " << tl::cli::kMaxDt
                      << "] s, got '" << parser.value("dt").toStdString() << "'\n";
            return tl::cli::BadInput;
        }
        copt.simulation.dt = dt;
    }
    try {
        const tl::RuleProfile profile = tl::loadRuleProfile(profilePath);
        const tl::LayoutSpec spec = tl::loadLayoutSpec(file);
        const tl::Layout layout = tl::Layout::compile(spec, file);
        tl::CheckReport report = tl::checkLayout(layout, profile, tl::checkDriveSections(layout, file));
        if (parser.isSet("critical"))
            tl::fillCriticalSpeeds(report, spec, layout, file, parser.value("critical").toStdString(), copt);
        std::cout << file << ": " << tl::checkReportText(report, profile);
        if (parser.isSet("csv")) {
            try {
                tl::saveFile(parser.value("csv").toStdString(), tl::curveTableCsv(report, profile));
            } catch (const tl::SaveError& e) {
                std::cerr << kCmd << "cannot save: " << e.what() << "\n";
                return tl::cli::BadInput;
            }
        }
        return report.violations.empty() ? tl::cli::Ok : tl::cli::Warnings;
    } catch (...) {
        return tl::cli::reportFailure("check", file);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"check",
                           "check a layout against design rules; curve table with permissible speeds",
                           runCheck});
