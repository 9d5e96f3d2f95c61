// tracklab-cli: the TrackLab engine without a window. `tracklab-cli <command> [options]`.
#include "Command.h"

#include "app/allocator/ProcessAllocator.h"
#include "app/info/LibraryVersions.h"
#include "core/BuildInfo.h"
#include "physics/world/BulletInfo.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <iostream>

namespace {

void printUsage() {
    std::cout << "Usage: tracklab-cli <command> [options]\n"
                 "       tracklab-cli --version | --help\n\nCommands:\n";
    for (const auto& [name, c] : tl::cli::commandRegistry())
        std::cout << "  " << name << std::string(name.size() < 12 ? 12 - name.size() : 1, ' ') << c.summary
                  << "\n";
    std::cout << "\n`tracklab-cli <command> --help` describes a command's options.\n";
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("tracklab-cli");
    QCoreApplication::setApplicationVersion(QString::fromStdString(tl::tracklabVersion()));
    const QStringList args = QCoreApplication::arguments();

    if (auto problem = tl::bulletPrecisionProblem()) {
        std::cerr << "tracklab-cli: refusing to run: " << *problem << "\n";
        return tl::cli::BadInput;
    }
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h" || args[1] == "help") {
        printUsage();
        return args.size() < 2 ? tl::cli::BadInput : tl::cli::Ok;
    }
    if (args[1] == "--version" || args[1] == "-v" || args[1] == "version") {
        std::cout << "tracklab-cli " << tl::tracklabVersion() << "\n"
                  << "Qt " << qVersion() << "\n"
                  << tl::libraryVersionLines() << tl::processAllocatorLine() << "\n";
        return tl::cli::Ok;
    }
    const auto& registry = tl::cli::commandRegistry();
    const auto it = registry.find(args[1].toStdString());
    if (it == registry.end()) {
        std::cerr << "tracklab-cli: unknown command '" << args[1].toStdString()
                  << "' (see tracklab-cli --help)\n";
        return tl::cli::BadInput;
    }
    QStringList rest = args.mid(2);
    rest.prepend(args[0] + " " + args[1]);
    const int status = it->second.run(rest);
    // standard output is an output like --json: a failed write (a full disk, /dev/full) is an error
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::cerr << "tracklab-cli " << args[1].toStdString() << ": cannot write to standard output\n";
        return tl::cli::BadInput;
    }
    return status;
}
