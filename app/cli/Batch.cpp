// The batch driver: worker processes, shards and their part files (Batch.h).
#include "Batch.h"

#include "core/BuildInfo.h"
#include "core/io/SaveFile.h"
#include "physics/run/RunJobs.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <numeric>
#include <sstream>

namespace tl::cli {

namespace {

std::uint64_t fnv1a(std::uint64_t h, const std::string& bytes) {
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::string hex(std::uint64_t h) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

} // namespace

std::map<std::string, BatchSetup>& batchRegistry() {
    static std::map<std::string, BatchSetup> registry;
    return registry;
}

std::string fileDigest(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    std::ostringstream os;
    os << in.rdbuf();
    return hex(fnv1a(14695981039346656037ull, os.str()));
}

void addBatchOptions(QCommandLineParser& parser) {
    addJobsOption(parser);
    parser.addOption(
        {"shard",
         "Make only shard K of N of the runs (the runs i with i mod N = K - 1) and write them to "
         "--out; `tracklab-cli merge` joins the parts (docs/batch.md).",
         "K/N"});
    parser.addOption({"out", "The part file of --shard.", "PART"});
}

bool readBatchOptions(const QCommandLineParser& parser, const std::string& name, Batch& batch) {
    const std::string cmd = "tracklab-cli " + name + ": ";
    if (!readJobs(parser, name, batch.jobs)) return false;
    if (parser.isSet("shard") != parser.isSet("out")) {
        std::cerr << cmd << (parser.isSet("shard") ? "--shard needs --out PART" : "--out needs --shard K/N")
                  << "\n";
        return false;
    }
    if (!parser.isSet("shard")) return true;
    const QStringList kn = parser.value("shard").split('/');
    bool ok = kn.size() == 2, ok2 = false;
    const int k = ok ? kn[0].toInt(&ok) : 0;
    const int n = kn.size() == 2 ? kn[1].toInt(&ok2) : 0;
    if (!ok || !ok2 || n < 1 || n > 100000 || k < 1 || k > n) {
        std::cerr << cmd << "--shard must be K/N with 1 <= K <= N <= 100000, got '"
                  << parser.value("shard").toStdString() << "'\n";
        return false;
    }
    batch.shard = std::make_pair(k, n);
    batch.out = parser.value("out").toStdString();
    return true;
}

QStringList batchIdentityArgs(const QStringList& args) {
    QStringList out;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        bool dropped = false;
        for (const char* opt : {"--jobs", "--shard", "--out"}) {
            if (a == opt) {
                ++i; // and its value
                dropped = true;
            } else if (a.startsWith(QString(opt) + "=")) {
                dropped = true;
            }
        }
        if (!dropped) out << a;
    }
    return out;
}

std::string batchIdentity(const std::string& name, const QStringList& identityArgs,
                          const std::string& inputs) {
    std::uint64_t h = fnv1a(14695981039346656037ull, name);
    for (const QString& a : identityArgs.mid(1)) // (args[0] is the program's name)
        h = fnv1a(fnv1a(h, std::string(1, '\0')), a.toStdString());
    return hex(fnv1a(fnv1a(h, std::string(1, '\0')), inputs));
}

int runBatch(const std::string& name, const QStringList& args, Batch& batch) {
    if (!batch.shard) {
        std::vector<int> all(std::size_t(batch.runs));
        std::iota(all.begin(), all.end(), 0);
        runJobsInProcesses(
            all, batch.jobs, [&](int i) { return batch.run(i).dump(); },
            [&](int i, bool ok, const std::string& text) {
                const nlohmann::json result = ok ? nlohmann::json::parse(text) : batch.lost(i, text);
                batch.take(i, result);
                if (batch.progress) batch.progress(i, result);
            });
        return batch.finish();
    }
    const auto [k, n] = *batch.shard;
    std::vector<int> mine;
    for (int i = k - 1; i < batch.runs; i += n)
        mine.push_back(i);
    const QStringList idArgs = batchIdentityArgs(args);
    nlohmann::json part;
    part["tracklabPart"] = 1;
    part["tracklab"] = tracklabVersion();
    part["command"] = name;
    part["args"] = nlohmann::json::array();
    for (const QString& a : idArgs.mid(1))
        part["args"].push_back(a.toStdString());
    part["identity"] = batchIdentity(name, idArgs, batch.inputs);
    part["shard"] = {k, n};
    part["runs"] = batch.runs;
    part["results"] = nlohmann::json::array();
    std::cerr << "tracklab-cli " << name << ": shard " << k << "/" << n << ": " << mine.size() << " of "
              << batch.runs << " runs, " << batch.jobs << " jobs\n";
    int made = 0, shown = 0;
    runJobsInProcesses(
        mine, batch.jobs, [&](int i) { return batch.run(i).dump(); },
        [&](int i, bool ok, const std::string& text) {
            part["results"].push_back({i, ok ? nlohmann::json::parse(text) : batch.lost(i, text)});
            const int tenth = ++made * 10 / int(mine.size());
            if (tenth != shown || made == int(mine.size())) {
                shown = tenth;
                std::cerr << "[" << made << "/" << mine.size() << " runs of shard " << k << "/" << n << "]\n";
            }
        });
    saveFile(batch.out, part.dump() + "\n");
    return Ok;
}

BatchCommandRegistrar::BatchCommandRegistrar(const std::string& name, const std::string& summary,
                                             BatchSetup setup) {
    batchRegistry()[name] = setup;
    commandRegistry()[name] = Command{name, summary, [name, setup](const QStringList& args) {
                                          auto made = setup(args);
                                          if (const int* status = std::get_if<int>(&made)) return *status;
                                          Batch& batch = std::get<Batch>(made);
                                          try {
                                              return runBatch(name, args, batch);
                                          } catch (const SaveError& e) {
                                              std::cerr << "tracklab-cli " << name
                                                        << ": cannot save: " << e.what() << "\n";
                                              return int(BadInput);
                                          } catch (...) {
                                              return reportFailure(name, batch.file);
                                          }
                                      }};
}

} // namespace tl::cli
