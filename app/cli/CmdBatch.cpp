// tracklab-cli batch --slurm --out JOB.sbatch [--shards N] [--time T] [--partition P] COMMAND ARGS...
// Writes a Slurm job-array script for a batch command (sweep, check --critical, risk; Batch.h,
// docs/batch.md): one array task per shard (`COMMAND ARGS --shard K/N --out JOB.parts/part-K.json`, each
// with the CPUs Slurm gives it: the shard's --jobs default is the task's allocation), and a merge job that
// the first task submits, depending on the whole array ending well, whose standard output is JOB.out. The
// scheduler distributes the work; TrackLab has no cluster protocol of its own. Submit with `sbatch
// JOB.sbatch` from any directory: the tasks run in the directory the script was written from.
#include "Batch.h"
#include "Command.h"

#include "core/io/SaveFile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <iostream>
#include <sstream>

namespace {

const char* kCmd = "tracklab-cli batch: ";

// A word for the shell: as it is, or in single quotes.
std::string shellWord(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                          "_-+=/.,:@%") == std::string::npos)
        return s; // (nothing the shell would read otherwise)
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

int runBatchScript(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write a Slurm job-array script that runs a batch command (sweep, check --critical, risk) in\n"
        "shards on a cluster and merges them (docs/batch.md). Submit it with `sbatch JOB.sbatch`.");
    parser.addHelpOption();
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    parser.addPositionalArgument("command", "The batch command and its arguments.", "COMMAND ARGS...");
    parser.addOption({"slurm", "Write a Slurm job-array script (the one scheduler supported)."});
    parser.addOption(
        {"out", "The script to write; its parts go to JOB.parts/, the result to JOB.out.", "JOB"});
    parser.addOption({"shards", "Array tasks (default: the runs, at most 10; at most 1000).", "N"});
    parser.addOption({"cpus", "CPUs per task (sbatch --cpus-per-task; default 1): the task's --jobs.", "C"});
    parser.addOption({"time", "Each task's time limit (sbatch --time), e.g. 1:00:00.", "T"});
    parser.addOption({"partition", "The partition (sbatch --partition).", "P"});
    if (const auto done = tl::cli::parseOrExit(parser, args, "batch")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (!parser.isSet("slurm") || !parser.isSet("out") || pos.isEmpty()) {
        std::cerr << kCmd << "expected --slurm --out JOB.sbatch COMMAND ARGS... (see --help)\n";
        return tl::cli::BadInput;
    }
    const std::string command = pos[0].toStdString();
    const auto setup = tl::cli::batchRegistry().find(command);
    if (setup == tl::cli::batchRegistry().end()) {
        std::string names;
        for (const auto& [name, _] : tl::cli::batchRegistry())
            names += (names.empty() ? "" : ", ") + name;
        std::cerr << kCmd << "'" << command << "' is not a batch command (" << names << ")\n";
        return tl::cli::BadInput;
    }
    for (const QString& a : args)
        if (a.contains('\n') || a.contains('\r')) { // (it would end the script's #SBATCH block)
            std::cerr << kCmd << "an argument holds a line break: not in a job script\n";
            return tl::cli::BadInput;
        }
    QStringList cargs = pos.mid(1);
    for (const QString& a : cargs)
        if (a == "--shard" || a == "--out" || a == "--jobs" || a.startsWith("--shard=") ||
            a.startsWith("--out=") || a.startsWith("--jobs=")) {
            std::cerr
                << kCmd
                << "the script gives each task its --shard, --out and --jobs (its --cpus): leave them out\n";
            return tl::cli::BadInput;
        }
    cargs.prepend("tracklab-cli " + pos[0]);
    // the command as the tasks will run it: its problems now, not on the cluster
    auto made = setup->second(cargs);
    if (const int* status = std::get_if<int>(&made)) return *status;
    const int runs = std::get<tl::cli::Batch>(made).runs;
    if (runs < 1) {
        std::cerr << kCmd << command << " with these arguments makes no runs (check: add --critical TRAIN)\n";
        return tl::cli::BadInput;
    }
    int shards = std::min(runs, 10);
    if (parser.isSet("shards")) {
        bool ok = false;
        shards = parser.value("shards").toInt(&ok);
        if (!ok || shards < 1 || shards > std::min(runs, 1000)) { // (Slurm's default MaxArraySize: 1001)
            std::cerr << kCmd << "--shards must be an integer in [1, " << std::min(runs, 1000)
                      << "] (the runs), got '" << parser.value("shards").toStdString() << "'\n";
            return tl::cli::BadInput;
        }
    }
    int cpus = 1;
    if (parser.isSet("cpus")) {
        bool ok = false;
        cpus = parser.value("cpus").toInt(&ok);
        if (!ok || cpus < 1 || cpus > 256) {
            std::cerr << kCmd << "--cpus must be an integer in [1, 256], got '"
                      << parser.value("cpus").toStdString() << "'\n";
            return tl::cli::BadInput;
        }
    }
    const QString out = parser.value("out");
    const QFileInfo job(out);
    const QString stem = job.absolutePath() + "/" + job.completeBaseName();
    const std::string parts = (stem + ".parts").toStdString(), result = (stem + ".out").toStdString();
    if (result == job.absoluteFilePath().toStdString()) {
        std::cerr << kCmd << "--out " << out.toStdString() << ": the result goes to " << result
                  << ": name the script otherwise (JOB.sbatch)\n";
        return tl::cli::BadInput;
    }
    const std::string cli = QCoreApplication::applicationFilePath().toStdString();
    const std::string workdir = QDir::currentPath().toStdString();
    std::string line; // the command's words
    for (const QString& a : pos)
        line += " " + shellWord(a.toStdString());
    // the merge, every word known now (POSIX quoting: sbatch runs --wrap with /bin/sh)
    std::string merge = shellWord(cli) + " merge";
    for (int k = 1; k <= shards; ++k)
        merge += " " + shellWord(parts + "/part-" + std::to_string(k) + ".json");
    merge += " > " + shellWord(result);
    // an #SBATCH value: quoted as sbatch's own parser reads it; % is a file-name pattern there, %% is %
    auto value = [](const std::string& v, bool pattern, const std::string& patternTail = "") {
        std::string w;
        for (char c : v)
            w += pattern && c == '%' ? std::string("%%") : std::string(1, c);
        return shellWord(w + patternTail);
    };
    std::ostringstream s;
    s << "#!/bin/bash\n"
      << "# A Slurm job array written by `tracklab-cli batch --slurm` (docs/batch.md, \"On a cluster\"):\n"
      << "#   tracklab-cli" << line << "\n"
      << "# in " << shards << " shards of its " << runs
      << " runs, one array task each; the first task submits\n"
      << "# the merge, which runs once every task has ended well and writes the command's output to\n"
      << "#   " << result << "\n"
      << "# Submit with:  sbatch " << shellWord(job.absoluteFilePath().toStdString()) << "\n"
      << "#SBATCH --job-name=tracklab-" << command << "\n"
      << "#SBATCH --array=1-" << shards << "\n"
      << "#SBATCH --cpus-per-task=" << cpus << "\n"
      << "#SBATCH --chdir=" << value(workdir, false) << "\n"
      << "#SBATCH --output=" << value(parts + "/task-", true, "%a.log") << "\n";
    if (parser.isSet("time"))
        s << "#SBATCH --time=" << value(parser.value("time").toStdString(), false) << "\n";
    if (parser.isSet("partition"))
        s << "#SBATCH --partition=" << value(parser.value("partition").toStdString(), false) << "\n";
    s << "set -euo pipefail\n"
      << "K=${SLURM_ARRAY_TASK_ID:?run this script with sbatch}\n"
      << "if [ \"$K\" = \"${SLURM_ARRAY_TASK_MIN:-1}\" ] && [ \"${SLURM_RESTART_COUNT:-0}\" = 0 ]; then\n"
      << "    # the merge, after every task has ended well, with this job's account, QOS and partition\n"
      << "    sbatch --parsable --job-name=tracklab-" << command << "-merge"
      << " --dependency=afterok:\"$SLURM_ARRAY_JOB_ID\" --kill-on-invalid-dep=yes \\\n"
      << "        ${SLURM_JOB_ACCOUNT:+--account=\"$SLURM_JOB_ACCOUNT\"} "
         "${SLURM_JOB_QOS:+--qos=\"$SLURM_JOB_QOS\"} \\\n"
      << "        ${SLURM_JOB_PARTITION:+--partition=\"$SLURM_JOB_PARTITION\"}"
      << (parser.isSet("time") ? " --time=" + shellWord(parser.value("time").toStdString()) : "") << " \\\n"
      << "        --chdir=" << shellWord(workdir) << " --output=" << shellWord(parts + "/merge.log")
      << " \\\n"
      << "        --wrap=" << shellWord(merge) << " ||\n"
      << "        echo 'tracklab: the merge job could not be submitted; when the tasks are done, run:' "
      << shellWord(merge) << " >&2\n"
      << "fi\n"
      << "exec " << shellWord(cli) << line << " --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --shard \"$K/" << shards
      << "\" --out " << shellWord(parts) << "/part-\"$K\".json\n";
    try {
        if (!QDir().mkpath(QString::fromStdString(parts)))
            throw tl::SaveError(parts, "cannot make the folder", errno);
        tl::saveFile(out.toStdString(), s.str());
    } catch (const tl::SaveError& e) {
        std::cerr << kCmd << "cannot save: " << e.what() << "\n";
        return tl::cli::BadInput;
    }
    std::cout << "wrote " << out.toStdString() << ": " << shards << " array tasks for the " << runs
              << " runs of `tracklab-cli" << line << "` and a merge job\n"
              << "submit: sbatch " << job.absoluteFilePath().toStdString() << "\n"
              << "result: " << result << " (logs in " << parts << "/)\n";
    return tl::cli::Ok;
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"batch",
                           "write a Slurm job array that runs a batch command in shards and merges it",
                           runBatchScript});
