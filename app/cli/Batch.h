#pragma once
// The batch commands -- sweep, check --critical, risk (docs/batch.md) -- as one shape: N independent runs
// whose results, taken in index order, make the command's output. One driver runs them:
// - on this machine in worker processes (physics/run/RunJobs.h, `--jobs N`): a run whose worker crashes or is
//   killed becomes the command's own "lost run" result and the batch goes on;
// - or one shard of them (`--shard K/N --out PART`: the runs i with i mod N = K - 1) into a part file, and
//   `tracklab-cli merge PART...` (CmdMerge.cpp) takes the parts' results in index order and prints what the
//   unsharded command prints. A part names its command, arguments and a digest of its inputs, so that parts
//   of different runs are refused.
#include "Command.h"

#include <QCommandLineParser>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace tl::cli {

struct Batch {
    int runs = 0;
    std::string inputs; // what the runs read besides the arguments (file contents): part of a part's identity
    std::function<nlohmann::json(int)> run;                          // run i, in a worker process
    std::function<nlohmann::json(int, const std::string& how)> lost; // run i's result when its worker ended
    std::function<void(int, const nlohmann::json&)> take;            // run i's result, in index order
    std::function<void(int, const nlohmann::json&)> progress; // after take, when run here (not in merge)
    std::function<int()> finish;                              // write the output; the exit status
    std::string file;                                         // the layout, for error messages
    // the driver's options (readBatchOptions)
    int jobs = 1;
    std::optional<std::pair<int, int>> shard; // K, N
    std::string out;                          // the part file
};

// Parse the arguments and read the inputs; on bad input print the problem and return the exit status.
using BatchSetup = std::function<std::variant<int, Batch>(const QStringList& args)>;

// --jobs N, --shard K/N, --out PART
void addBatchOptions(QCommandLineParser& parser);
// False (the reason on stderr) for a bad value, a --shard without --out or the reverse.
bool readBatchOptions(const QCommandLineParser& parser, const std::string& name, Batch& batch);

// A digest of the bytes of a file (FNV-1a 64, hex), "" if it cannot be read.
std::string fileDigest(const std::string& path);

// Register a batch command: its Command runs the driver on what `setup` returns.
struct BatchCommandRegistrar {
    BatchCommandRegistrar(const std::string& name, const std::string& summary, BatchSetup setup);
};
// The setups by command name (for merge).
std::map<std::string, BatchSetup>& batchRegistry();

// What identifies a run: a digest of the command's name, its identity arguments and its inputs.
std::string batchIdentity(const std::string& name, const QStringList& identityArgs,
                          const std::string& inputs);

// The driver: run all of the batch here, or its shard into its part file. Exit status.
int runBatch(const std::string& name, const QStringList& args, Batch& batch);

// The arguments that make a run what it is: `args` without --jobs, --shard and --out (and their values).
QStringList batchIdentityArgs(const QStringList& args);

} // namespace tl::cli
