// tracklab-cli export LAYOUT.json --format nl2csv|obj --out FILE: the layout's track for other programs
// (docs/export.md). nl2csv: the NoLimits 2 track-spline CSV of a coaster layout (core/io/Nl2CsvExport.h);
// obj: the rails, sleepers and ballast the 3D view draws, as a Wavefront OBJ mesh
// (render/track/LayoutObjExport.h: app is the top layer, so the CLI links the OSG scene library, which has
// no Qt and no physics). The output is replaced atomically: a failed export keeps the old file.
#include "Command.h"

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
        "  ifc     not available yet.\n"
        "Switch states, trains, vehicles and drive sections are not exported. The output file is replaced\n"
        "atomically: if the export fails, the old file stays.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON).");
    parser.addOption({"format", "Output format: nl2csv or obj.", "FORMAT"});
    parser.addOption({"out", "Output file.", "FILE"});
    if (const auto done = tl::cli::parseOrExit(parser, args, "export")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        std::cerr << kCmd << "expected one LAYOUT.json (see --help)\n";
        return tl::cli::BadInput;
    }
    if (!parser.isSet("format")) {
        std::cerr << kCmd << "--format is required: nl2csv or obj\n";
        return tl::cli::BadInput;
    }
    const std::string format = parser.value("format").toStdString();
    if (format == "ifc") {
        std::cerr << kCmd << "--format ifc: IFC export is not available yet (formats: nl2csv, obj)\n";
        return tl::cli::BadInput;
    }
    if (format != "nl2csv" && format != "obj") {
        std::cerr << kCmd << "unknown --format '" << format << "': nl2csv or obj\n";
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

TRACKLAB_REGISTER_COMMAND({"export", "export the track as NoLimits 2 CSV or an OBJ mesh", runExport});
