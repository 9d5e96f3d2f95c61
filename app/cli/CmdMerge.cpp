// tracklab-cli merge PART.json...
// Joins the part files of a sharded batch command (sweep, check --critical, risk with --shard K/N --out PART;
// Batch.h, docs/batch.md) and prints -- and writes, with its --json/--csv -- exactly what the command run
// unsharded prints and writes. Every shard 1..N must be given once; parts of different runs (other
// arguments, other input files, another TrackLab) are refused. The command's own exit status; 2 bad input.
#include "Batch.h"
#include "Command.h"

#include "core/BuildInfo.h"
#include "core/io/InputFile.h"
#include "core/io/SaveFile.h"

#include <QCommandLineParser>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

namespace {

const char* kCmd = "tracklab-cli merge: ";

struct Part {
    std::string file;
    nlohmann::json json;
};

// A part file: like every input read bounded (core/io/InputFile.h), with room for a shard of millions of
// runs (a risk run is a few hundred bytes).
constexpr std::uintmax_t kMaxPartBytes = std::uintmax_t(4) << 30; // 4 GiB

nlohmann::json readPart(const std::string& file) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (!ec && std::filesystem::is_regular_file(file) && size > kMaxPartBytes)
        throw tl::LayoutError(file, "", "larger than 4 GiB: make more, smaller shards");
    if (ec || !std::filesystem::is_regular_file(file))
        return tl::parseJsonText<nlohmann::json>(tl::readInputFile(file), file);
    std::ifstream in(file, std::ios::binary);
    std::string text(std::size_t(size), '\0');
    if (!in.read(text.data(), std::streamsize(size))) throw tl::LayoutError(file, "", "cannot be read");
    return tl::parseJsonText<nlohmann::json>(text, file);
}

// A part's problem: "FILE: /POINTER: problem".
struct PartError : std::runtime_error {
    PartError(const std::string& file, const std::string& pointer, const std::string& problem)
        : std::runtime_error(file + ": " + pointer + ": " + problem) {}
};

void expect(bool ok, const Part& p, const std::string& pointer, const std::string& problem) {
    if (!ok) throw PartError(p.file, pointer, problem);
}

// The fields every part has, typed.
void checkShape(const Part& p) {
    const nlohmann::json& j = p.json;
    expect(j.is_object() && j.contains("tracklabPart"), p, "",
           "not a part file of a sharded tracklab-cli run (no \"tracklabPart\")");
    expect(j["tracklabPart"] == 1, p, "/tracklabPart", "unknown part format (this TrackLab reads 1)");
    expect(j.contains("tracklab") && j["tracklab"].is_string(), p, "/tracklab", "missing");
    expect(j.contains("command") && j["command"].is_string(), p, "/command", "missing");
    expect(j.contains("args") && j["args"].is_array(), p, "/args", "must be an array of strings");
    for (std::size_t i = 0; i < j["args"].size(); ++i)
        expect(j["args"][i].is_string(), p, "/args/" + std::to_string(i), "must be a string");
    expect(j.contains("identity") && j["identity"].is_string(), p, "/identity", "missing");
    const auto& s = j.contains("shard") ? j["shard"] : nlohmann::json();
    expect(s.is_array() && s.size() == 2 && s[0].is_number_integer() && s[1].is_number_integer() &&
               s[0].get<long>() >= 1 && s[0].get<long>() <= s[1].get<long>() && s[1].get<long>() <= 100000,
           p, "/shard", "must be [K, N] with 1 <= K <= N");
    expect(j.contains("runs") && j["runs"].is_number_integer() && j["runs"].get<long>() >= 0 &&
               j["runs"].get<long>() <= 100000000,
           p, "/runs", "must be a number of runs");
    expect(j.contains("results") && j["results"].is_array(), p, "/results", "must be an array");
}

int runMerge(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Join the part files of a sharded batch run (sweep, check --critical, risk with --shard K/N\n"
        "--out PART) and print what the command run unsharded prints (docs/batch.md).");
    parser.addHelpOption();
    parser.addPositionalArgument("parts", "The part files, one per shard, in any order.", "PART...");
    if (const auto done = tl::cli::parseOrExit(parser, args, "merge")) return *done;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        std::cerr << kCmd << "expected PART... (see --help)\n";
        return tl::cli::BadInput;
    }
    std::vector<Part> parts;
    std::string command;
    try {
        for (const QString& f : files) {
            Part p{f.toStdString(), {}};
            p.json = readPart(p.file);
            checkShape(p);
            parts.push_back(std::move(p));
        }
        const Part& first = parts.front();
        command = first.json["command"].get<std::string>();
        const long n = first.json["shard"][1].get<long>();
        const long runs = first.json["runs"].get<long>();
        expect(tl::cli::batchRegistry().count(command) > 0, first, "/command",
               "\"" + command + "\" is not a batch command");
        expect(first.json["tracklab"] == tl::tracklabVersion(), first, "/tracklab",
               "made by TrackLab " + first.json["tracklab"].get<std::string>() + ", this is " +
                   tl::tracklabVersion() + ": merge with the TrackLab that made the parts");
        // first what each part is: of this run, its shard, as many results as its shard has runs
        std::map<long, std::string> shards; // K -> file
        for (const Part& p : parts) {
            const std::string other = "a part of a different run than " + first.file;
            expect(p.json["command"] == first.json["command"], p, "/command",
                   other + " (" + p.json["command"].get<std::string>() + ", not " + command + ")");
            expect(p.json["tracklab"] == first.json["tracklab"], p, "/tracklab",
                   other + " (another TrackLab)");
            expect(p.json["args"] == first.json["args"], p, "/args", other + " (other arguments)");
            expect(p.json["identity"] == first.json["identity"], p, "/identity",
                   other + " (other input files)");
            expect(p.json["shard"][1] == n, p, "/shard/1",
                   other + " (" + std::to_string(p.json["shard"][1].get<long>()) + " shards, not " +
                       std::to_string(n) + ")");
            expect(p.json["runs"] == first.json["runs"], p, "/runs", other + " (another number of runs)");
            const long k = p.json["shard"][0].get<long>();
            const auto [it, fresh] = shards.emplace(k, p.file);
            expect(fresh, p, "/shard",
                   "shard " + std::to_string(k) + "/" + std::to_string(n) + " is also " + it->second);
            const long mine = k - 1 < runs ? (runs - (k - 1) + n - 1) / n : 0;
            expect(long(p.json["results"].size()) == mine, p, "/results",
                   std::to_string(p.json["results"].size()) + " runs, shard " + std::to_string(k) + "/" +
                       std::to_string(n) + " has " + std::to_string(mine));
        }
        if (long(shards.size()) != n) {
            std::string missing;
            for (long k = 1; k <= n; ++k)
                if (!shards.count(k))
                    missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(n);
            std::cerr << kCmd << "shards missing: " << missing << " (every shard's part is needed)\n";
            return tl::cli::BadInput;
        }
        // every shard once with its count: the parts hold `runs` results (no larger than the files)
        std::vector<const nlohmann::json*> results(std::size_t(runs), nullptr);
        for (const Part& p : parts) {
            const long k = p.json["shard"][0].get<long>();
            const nlohmann::json& rs = p.json["results"];
            for (std::size_t r = 0; r < rs.size(); ++r) {
                const std::string at = "/results/" + std::to_string(r);
                expect(rs[r].is_array() && rs[r].size() == 2 && rs[r][0].is_number_integer(), p, at,
                       "must be [run, result]");
                const long i = rs[r][0].get<long>();
                expect(i >= 0 && i < runs && i % n == k - 1, p, at + "/0",
                       "run " + std::to_string(i) + " is not one of shard " + std::to_string(k) + "/" +
                           std::to_string(n));
                expect(!results[std::size_t(i)], p, at + "/0", "run " + std::to_string(i) + " given twice");
                results[std::size_t(i)] = &rs[r][1];
            }
        }
        // the command again, unsharded, on the parts' results
        QStringList cargs{"tracklab-cli " + QString::fromStdString(command)};
        for (const auto& a : first.json["args"])
            cargs << QString::fromStdString(a.get<std::string>());
        auto made = tl::cli::batchRegistry()[command](cargs);
        if (const int* status = std::get_if<int>(&made)) return *status;
        tl::cli::Batch& batch = std::get<tl::cli::Batch>(made);
        if (tl::cli::batchIdentity(command, tl::cli::batchIdentityArgs(cargs), batch.inputs) !=
                first.json["identity"].get<std::string>() ||
            batch.runs != runs) {
            std::cerr
                << kCmd << "the input files of `tracklab-cli " << command
                << "` changed since the parts were made (their contents differ): run the shards again\n";
            return tl::cli::BadInput;
        }
        for (long i = 0; i < runs; ++i)
            batch.take(int(i), *results[std::size_t(i)]);
        return batch.finish();
    } catch (const tl::LayoutError& e) {
        std::cerr << kCmd << e.what() << "\n";
        return tl::cli::BadInput;
    } catch (const PartError& e) {
        std::cerr << kCmd << e.what() << "\n";
        return tl::cli::BadInput;
    } catch (const tl::SaveError& e) {
        std::cerr << kCmd << "cannot save: " << e.what() << "\n";
        return tl::cli::BadInput;
    } catch (const std::exception& e) {
        std::cerr << kCmd << (parts.empty() ? std::string() : parts.front().file + ": ") << command
                  << " results: " << e.what() << "\n";
        return tl::cli::BadInput;
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"merge", "join the part files of a sharded sweep, check --critical or risk",
                           runMerge});
