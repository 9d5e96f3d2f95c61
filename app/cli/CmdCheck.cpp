// tracklab-cli check LAYOUT.json --rules PROFILE [--csv OUT.csv] [--critical TRAIN [--jobs N]
//   [--shard K/N --out PART]]
// Checks a layout against a design-rule profile (docs/rules-format.md) place by place: prints every
// violation (track, s range, worst value and the limit) and the curve table (radius, cant, line speed,
// permissible speed and, with --critical, the critical speed found by simulation for that train).
// Exit 0 no violation, 1 violations, 2 bad input.
#include "Batch.h"
#include "Command.h"

#include "core/checks/CheckEngine.h"
#include "core/checks/RuleProfile.h"
#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"
#include "physics/run/CurveCriticalSpeed.h"

#include <QCommandLineParser>

#include <cmath>
#include <iostream>
#include <memory>

namespace {

const char* kCmd = "tracklab-cli check: ";

std::variant<int, tl::cli::Batch> setupCheck(const QStringList& args) {
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
    tl::cli::addBatchOptions(parser);
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
    tl::cli::Batch b;
    if (!tl::cli::readBatchOptions(parser, "check", b)) return tl::cli::BadInput;
    if (b.shard && !parser.isSet("critical")) {
        std::cerr << kCmd << "--shard needs --critical (only the critical speeds are runs)\n";
        return tl::cli::BadInput;
    }
    tl::CriticalSpeedOptions copt;
    copt.jobs = 1; // (the curves are the batch's runs; each bisection on one thread)
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
    b.file = file;
    try {
        struct Inputs {
            tl::RuleProfile profile;
            tl::LayoutSpec spec;
            std::unique_ptr<tl::Layout> layout;
            tl::CheckReport report;
        };
        auto in = std::make_shared<Inputs>();
        in->profile = tl::loadRuleProfile(profilePath);
        in->spec = tl::loadLayoutSpec(file);
        in->layout = std::make_unique<tl::Layout>(tl::Layout::compile(in->spec, file));
        in->report = tl::checkLayout(*in->layout, in->profile, tl::checkDriveSections(*in->layout, file));
        const std::string train = parser.value("critical").toStdString();
        if (parser.isSet("critical")) {
            tl::criticalSpeedTrain(in->spec, file, train); // (an unknown train: an error before any run)
            b.runs = int(in->report.curves.size());
        }
        b.inputs = tl::cli::fileDigest(file) + tl::cli::fileDigest(profilePath.string());
        b.run = [in, file, train, copt](int k) {
            const tl::CriticalSpeed r = tl::curveCriticalSpeed(in->spec, *in->layout, file, train,
                                                               in->report.curves[std::size_t(k)], copt);
            return nlohmann::json{{"speed", std::isnan(r.speed) ? nlohmann::json() : nlohmann::json(r.speed)},
                                  {"note", r.note}};
        };
        b.lost = [](int, const std::string& how) {
            return nlohmann::json{{"speed", nullptr}, {"note", "not simulated: " + how}};
        };
        b.take = [in](int k, const nlohmann::json& j) {
            tl::CurveRow& c = in->report.curves[std::size_t(k)];
            c.critical = j.at("speed").is_null() ? NAN : j.at("speed").get<double>();
            c.criticalNote = j.at("note").get<std::string>();
        };
        const QString csv = parser.value("csv");
        b.finish = [in, file, csv]() {
            std::cout << file << ": " << tl::checkReportText(in->report, in->profile);
            if (!csv.isEmpty()) {
                try {
                    tl::saveFile(csv.toStdString(), tl::curveTableCsv(in->report, in->profile));
                } catch (const tl::SaveError& e) {
                    std::cerr << kCmd << "cannot save: " << e.what() << "\n";
                    return tl::cli::BadInput;
                }
            }
            return in->report.violations.empty() ? tl::cli::Ok : tl::cli::Warnings;
        };
        return b;
    } catch (...) {
        return tl::cli::reportFailure("check", file);
    }
}

} // namespace

static const tl::cli::BatchCommandRegistrar
    checkCommand("check", "check a layout against design rules; curve table with permissible speeds",
                 setupCheck);
