#include "Command.h"

#include "core/layout/LayoutError.h"
#include "physics/run/RunJobs.h"

#include <QCoreApplication>

#include <cmath>
#include <iostream>
#include <new>

namespace tl::cli {
std::map<std::string, Command>& commandRegistry() {
    static std::map<std::string, Command> registry;
    return registry;
}
int reportFailure(const std::string& name, const std::string& file) {
    try {
        throw;
    } catch (const LayoutError& e) {
        std::cerr << "tracklab-cli " << name << ": " << e.what() << "\n";
    } catch (const std::bad_alloc&) {
        std::cerr << "tracklab-cli " << name << ": " << file << ": not enough memory for this layout\n";
    } catch (const std::exception& e) {
        std::cerr << "tracklab-cli " << name << ": " << file << ": " << e.what() << "\n";
    }
    return BadInput;
}

void addJobsOption(QCommandLineParser& parser) {
    parser.addOption({"jobs",
                      "Independent runs at once (default: the CPUs this process may use, " +
                          QString::number(tl::defaultJobs()) + " here); the output does not depend on it.",
                      "N"});
}

bool readJobs(const QCommandLineParser& parser, const std::string& name, int& jobsOut) {
    jobsOut = tl::defaultJobs();
    if (!parser.isSet("jobs")) return true;
    bool ok = false;
    const int jobs = parser.value("jobs").toInt(&ok);
    if (!ok || jobs < 1 || jobs > 256) {
        std::cerr << "tracklab-cli " << name << ": --jobs must be an integer in [1, 256], got '"
                  << parser.value("jobs").toStdString() << "'\n";
        return false;
    }
    jobsOut = jobs;
    return true;
}

bool readTimeOptions(const QCommandLineParser& parser, const std::string& name, double& durationOut,
                     double& dtOut) {
    const std::string cmd = "tracklab-cli " + name + ": ";
    bool ok = true;
    const double duration = parser.value("duration").toDouble(&ok);
    if (!ok || !std::isfinite(duration) || !(duration > 0) || duration > kMaxDuration) {
        std::cerr << cmd << "--duration must be a number of seconds in (0, " << kMaxDuration << "], got '"
                  << parser.value("duration").toStdString() << "'\n";
        return false;
    }
    double dt = dtOut;
    if (parser.isSet("dt")) {
        dt = parser.value("dt").toDouble(&ok);
        if (!ok || !std::isfinite(dt) || dt < kMinDt || dt > kMaxDt) {
            std::cerr << cmd << "--dt must be a step in [" << kMinDt << ", " << kMaxDt << "] s, got '"
                      << parser.value("dt").toStdString() << "'\n";
            return false;
        }
    }
    if (duration / dt > kMaxSteps) {
        std::cerr << cmd << "--duration / --dt = " << duration / dt << " steps, more than the limit of "
                  << kMaxSteps << "\n";
        return false;
    }
    durationOut = duration;
    dtOut = dt;
    return true;
}

std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& args, const std::string& name) {
    if (!parser.parse(args)) {
        std::cerr << "tracklab-cli " << name << ": " << parser.errorText().toStdString() << "\n";
        return BadInput;
    }
    if (parser.isSet("help")) {
        QString help = parser.helpText();
        help.replace(QCoreApplication::arguments().constFirst(),
                     QString::fromStdString("tracklab-cli " + name));
        std::cout << help.toStdString();
        return Ok;
    }
    return std::nullopt;
}

} // namespace tl::cli
