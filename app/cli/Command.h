#pragma once
// tracklab-cli sub-commands. Each command lives in its own file (Cmd*.cpp) and registers itself
// with TRACKLAB_REGISTER_COMMAND; main.cpp dispatches on the first argument.
#include <QCommandLineParser>
#include <QStringList>

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace tl::cli {

// Exit codes shared by all commands.
enum ExitCode { Ok = 0, Warnings = 1, BadInput = 2 };

struct Command {
    std::string name;    // e.g. "validate"
    std::string summary; // one line for `tracklab-cli --help`
    // args: the arguments after the command name (QCommandLineParser style, args[0] = "tracklab-cli <name>")
    std::function<int(const QStringList& args)> run;
};

std::map<std::string, Command>& commandRegistry();

// Parse a command's arguments. On a parse error: print "tracklab-cli NAME: error" and return BadInput; on
// --help: print the help (with "tracklab-cli NAME" as the program) and return Ok; else nullopt: go on.
// For `catch (...)` in a command: print the error as "tracklab-cli NAME: ..." (a LayoutError already names
// its file and JSON path; other errors get the layout file in front) and return BadInput.
int reportFailure(const std::string& name, const std::string& file);

std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& args, const std::string& name);

// The simulated time and step every simulating command takes, with ranges that bound the work of a run
// (at most kMaxDuration / kMinDt = 8.64e9 steps would still be too many: kMaxSteps caps their ratio).
constexpr double kMinDt = 1e-5;          // [s]
constexpr double kMaxDt = 0.1;           // [s]
constexpr double kMaxDuration = 86400.0; // [s] one day
constexpr double kMaxSteps = 1e8;        // duration / dt
// Read --duration (`durationOut`) and, if given, --dt (`dtOut`): numbers in their ranges. On a bad value:
// print "tracklab-cli NAME: --dt must be ..." and return false.
bool readTimeOptions(const QCommandLineParser& parser, const std::string& name, double& durationOut,
                     double& dtOut);
// --jobs N of the batch commands (physics/run/RunJobs.h): an integer in [1, 256], default the CPUs this
// process may use. False (the reason on stderr) for a bad value.
void addJobsOption(QCommandLineParser& parser);
bool readJobs(const QCommandLineParser& parser, const std::string& name, int& jobsOut);

struct CommandRegistrar {
    explicit CommandRegistrar(Command c) { commandRegistry()[c.name] = std::move(c); }
};

} // namespace tl::cli

#define TRACKLAB_CONCAT2(a, b) a##b
#define TRACKLAB_CONCAT(a, b) TRACKLAB_CONCAT2(a, b)
#define TRACKLAB_REGISTER_COMMAND(...)                                                                       \
    static const ::tl::cli::CommandRegistrar TRACKLAB_CONCAT(tracklabCommand_, __LINE__) {                   \
        __VA_ARGS__                                                                                          \
    }
