// tracklab-cli validate LAYOUT.json: load, compile and check a layout file; print the report.
// Exit 0 clean, 1 warnings only, 2 errors (a file that does not load is an error: "FILE: /path: problem").
#include "Command.h"

#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutValidation.h"

#include <QCommandLineParser>

#include <iostream>

namespace {

int runValidate(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Check a layout file: structure, values and references, then at every connection and switch branch\n"
        "the position gap, tangent angle and twist mismatch (docs/layout-format.md).\n"
        "Exit status: 0 clean, 1 warnings only, 2 errors.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON).");
    if (const auto done = tl::cli::parseOrExit(parser, args, "validate")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        std::cerr << "tracklab-cli validate: expected one LAYOUT.json argument (see --help)\n";
        return tl::cli::BadInput;
    }
    const std::string file = pos[0].toStdString();
    try {
        const tl::Layout layout = tl::Layout::load(file);
        const tl::ValidationReport report = tl::validateLayout(layout);
        std::cout << file << ": " << layout.trackCount() << " tracks, " << layout.connections().size()
                  << " connections, " << layout.switches().size() << " switches\n"
                  << report.text();
        switch (report.worst()) {
        case tl::Severity::Error:
            return tl::cli::BadInput;
        case tl::Severity::Warning:
            return tl::cli::Warnings;
        default:
            return tl::cli::Ok;
        }
    } catch (const tl::LayoutError& e) {
        std::cout << e.what() << "\n";
        return tl::cli::BadInput;
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"validate", "check a layout file (gaps, angles, twist at every joint)",
                           runValidate});
