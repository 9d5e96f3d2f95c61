// tracklab-cli export LAYOUT.json --format nl2csv|obj|ifc --out FILE: the layout's track for other programs
// (docs/export.md). nl2csv: the NoLimits 2 track-spline CSV of a coaster layout (core/io/Nl2CsvExport.h);
// ifc: the ground track as IFC 4.3 alignments, exact or fitted (core/alignment/IfcAlignmentWriter.h, warnings
// to stderr); obj: the rails, sleepers and ballast the 3D view draws, as a Wavefront OBJ mesh
// (render/track/LayoutObjExport.h: app is the top layer, so the CLI links the OSG scene library, which has
// no Qt and no physics). The output is replaced atomically: a failed export keeps the old file.
#include "Command.h"

#include "core/alignment/IfcAlignmentWriter.h"
#include "core/io/Nl2CsvExport.h"
#include "core/io/SaveFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "render/track/LayoutObjExport.h"

#include <QCommandLineParser>

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace {

const char* kCmd = "tracklab-cli export: ";

int runExport(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Export the layout's track to a file for another program (docs/export.md).\n"
        "  nl2csv  NoLimits 2 track-spline CSV (coaster layouts only): one row every 0.5 m of each track,\n"
        "          the tracks in layout order, at the riders' height: the track's heartline, or 1.1 m above\n"
        "          the rails on a track without one; Front, Left, Up = the track's T, wN, wB; NL2's y-up\n"
        "          axes: (x, y, z) in the file = (x, z, -y) of TrackLab.\n"
        "  obj     Wavefront OBJ mesh of the rails, sleepers and ballast as the 3D view draws them (the\n"
        "          coaster look's rails, spine and ties on a coaster layout), bodies at their initial "
        "poses,\n"
        "          y up: (x, y, z) in the file = (x, z, -y) of TrackLab. No materials.\n"
        "  ifc     IFC 4.3 alignments (IFC4X3_ADD2) of the ground track: the layout's \"alignments\"\n"
        "          list, else each chain of connected tracks; level tracks of IFC segment types and\n"
        "          alignment curves exactly, other tracks fitted to 0.5 mm (a warning naming each with its\n"
        "          deviation; --no-fit refuses them by name). docs/alignments.md, \"Export\".\n"
        "Switch states, trains, vehicles and drive sections are not exported. The output file is replaced\n"
        "atomically: if the export fails, the old file stays.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON).");
    parser.addOption({"format", "Output format: nl2csv, obj or ifc.", "FORMAT"});
    parser.addOption({"out", "Output file.", "FILE"});
    parser.addOption({"no-fit", "ifc: refuse tracks without an exact IFC form instead of fitting them."});
    if (const auto done = tl::cli::parseOrExit(parser, args, "export")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        std::cerr << kCmd << "expected one LAYOUT.json (see --help)\n";
        return tl::cli::BadInput;
    }
    if (!parser.isSet("format")) {
        std::cerr << kCmd << "--format is required: nl2csv, obj or ifc\n";
        return tl::cli::BadInput;
    }
    const std::string format = parser.value("format").toStdString();
    if (format != "nl2csv" && format != "obj" && format != "ifc") {
        std::cerr << kCmd << "unknown --format '" << format << "': nl2csv, obj or ifc\n";
        return tl::cli::BadInput;
    }
    if (!parser.isSet("out") || parser.value("out").isEmpty()) {
        std::cerr << kCmd << "--out FILE is required\n";
        return tl::cli::BadInput;
    }
    const std::string file = pos[0].toStdString();
    const std::string out = parser.value("out").toStdString();
    try {
        const tl::Layout layout = tl::Layout::load(file);
        if (format == "nl2csv") {
            if (layout.spec().lookOrDefault() != tl::LayoutLook::Coaster) {
                std::cerr
                    << kCmd << file
                    << ": --format nl2csv needs a coaster layout (\"look\": \"coaster\"); this one is a "
                       "railway (--format obj exports any layout)\n";
                return tl::cli::BadInput;
            }
            std::ostringstream text;
            tl::writeNl2Csv(layout, text);
            tl::saveFile(out, text.str());
        } else if (format == "ifc") {
            tl::IfcExportOptions options;
            options.layoutFile = file;
            options.fit = !parser.isSet("no-fit");
            const tl::IfcExport done = tl::writeIfcAlignments(layout, out, options);
            for (const std::string& w : done.warnings)
                std::cerr << "warning: " << w << "\n";
            std::cerr << kCmd << out << ": " << done.alignments.size() << " alignment(s), " << done.segments
                      << " segment(s); switches, trains, vehicles and drive sections are not exported\n";
        } else {
            tl::render::writeLayoutObj(layout, out);
        }
        return tl::cli::Ok;
    } catch (const tl::SaveError& e) {
        std::cerr << kCmd << "cannot save: " << e.what() << "\n"; // "FILE: cannot write: OS error"
        return tl::cli::BadInput;
    } catch (...) {
        return tl::cli::reportFailure("export", file);
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"export", "export the track as NoLimits 2 CSV, an OBJ mesh or IFC 4.3 alignments",
                           runExport});
