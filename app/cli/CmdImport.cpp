// tracklab-cli import FILE.ifc --out LAYOUT.json: the IFC 4.3 alignments of FILE.ifc as a TrackLab layout
// (core/alignment/IfcAlignmentReader.h, docs/alignments.md). Warnings go to stderr, one a line; an error
// names the file, the line and the #id and leaves LAYOUT.json as it was.
#include "Command.h"

#include "core/alignment/IfcAlignmentReader.h"
#include "core/io/SaveFile.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutFile.h"

#include <QCommandLineParser>

#include <iostream>
#include <string>

namespace {

int runImport(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Import the IFC 4.3 alignments (IFC4X3 STEP file) of FILE.ifc into a layout: one chain of tracks "
        "per\n"
        "IfcAlignment, one track per horizontal segment (docs/alignments.md). Vertical and cant layouts are\n"
        "checked and kept in the tracks' \"ifcVertical\" / \"ifcCant\" but not yet applied (a warning says "
        "so).");
    parser.addHelpOption();
    parser.addPositionalArgument("file", "IFC 4.3 file (.ifc, STEP physical file).");
    parser.addOption({"out", "The layout file to write (JSON).", "LAYOUT.json"});
    if (const auto done = tl::cli::parseOrExit(parser, args, "import")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || !parser.isSet("out")) {
        std::cerr << "tracklab-cli import: expected FILE.ifc --out LAYOUT.json (see --help)\n";
        return tl::cli::BadInput;
    }
    const std::string in = pos[0].toStdString();
    const std::string out = parser.value("out").toStdString();
    try {
        const tl::IfcImport imported = tl::importIfcAlignments(in);
        for (const std::string& w : imported.warnings)
            std::cerr << "tracklab-cli import: warning: " << w << "\n";
        const std::string text = tl::layoutSpecText(imported.layout);
        (void)tl::parseLayoutSpec(text, out); // what is written reads back (a LayoutError otherwise)
        tl::saveFile(out, text);
        std::cerr << "tracklab-cli import: " << imported.layout.tracks.size() << " tracks written to " << out
                  << "\n";
        return tl::cli::Ok;
    } catch (const tl::SaveError& e) {
        std::cerr << "tracklab-cli import: cannot save: " << e.what() << "\n";
        return tl::cli::BadInput;
    } catch (...) {
        return tl::cli::reportFailure("import", in);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"import", "import the IFC 4.3 alignments of an .ifc file into a layout (JSON)",
                           runImport});
