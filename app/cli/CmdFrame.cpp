// tracklab-cli frame LAYOUT.json TRACK_ID S: the world frame of a track at arc length S as one JSON object
// {"P","T","N","B","wN","wB","kappa","tau","twist","dtwist","length"} (bodies at their initial poses,
// full double precision).
// tracklab-cli frame LAYOUT.json --alignment ID --station S: the same at a station of an alignment (S in
// metres or K+MMM.mmm, core/units/Station.h), with "track", "s", "station" [m] and "stationText" added
// (docs/alignments.md, "Stationing").
#include "Command.h"

#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/units/Station.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

namespace {

std::string num(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::string vec(const tl::Vec3& v) {
    std::string out = "["; // appending avoids GCC 12's false -Wrestrict on "[" + std::string (bug 105329)
    out += num(v.x()) + "," + num(v.y()) + "," + num(v.z()) + "]";
    return out;
}

// The frame of track t at s as the command prints it (without the closing brace).
void printFrame(const tl::Layout& layout, int t, double s) {
    const double length = layout.track(std::size_t(t)).length();
    const tl::TwistedFrame f = layout.frameInWorld(std::size_t(t), s);
    std::cout << "{\"P\":" << vec(f.F.P) << ",\"T\":" << vec(f.F.T) << ",\"N\":" << vec(f.F.N)
              << ",\"B\":" << vec(f.F.B) << ",\"wN\":" << vec(f.wN) << ",\"wB\":" << vec(f.wB)
              << ",\"kappa\":" << num(f.F.kappa) << ",\"tau\":" << num(f.F.tau) << ",\"twist\":" << num(f.wt)
              << ",\"dtwist\":" << num(f.dwt) << ",\"length\":" << num(length);
    // a track with a heartline: its point h above the rails along wB (docs/layout-format.md, "Heartline")
    // and the rails' metres per metre of s (s and length are the heartline's there)
    if (const double h = layout.track(std::size_t(t)).heartline(); h > 0)
        std::cout << ",\"heartline\":" << vec(f.F.P + h * f.wB) << ",\"speed\":" << num(f.F.speed);
}

// JSON string text (the ids and the station text hold no control characters; quotes and backslashes are
// escaped)
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

int runFrame(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Print the world frame of track TRACK_ID at arc length S [m] as one JSON object:\n"
        "P, T, N, B (continued Frenet frame), wN, wB (twisted frame), kappa [1/m], tau [1/m],\n"
        "twist [rad], dtwist [rad/m], length [m]; on a track with a heartline, heartline (its point [m])\n"
        "and speed (the rails' metres per metre of s: there s and length are the heartline's).\n"
        "P and the frames are the rails' (the trackjoint's; kappa, tau, dtwist per metre of rails).\n"
        "Moving bodies are at their initial poses.\n"
        "With --alignment ID --station S (and no TRACK_ID, S): the frame at station S of alignment ID,\n"
        "plus track, s [m], station [m] and stationText (\"km 12+345.678\"; docs/alignments.md).");
    parser.addHelpOption();
    parser.addOption({"alignment", "Alignment id (with --station).", "ID"});
    parser.addOption({"station", "Station on the alignment: metres (12345.678) or km+m (12+345.678).", "S"});
    parser.addPositionalArgument("layout", "Layout file (JSON).");
    parser.addPositionalArgument("track", "Track id.");
    parser.addPositionalArgument("s", "Arc length [m], 0 <= S <= track length.");
    if (const auto done = tl::cli::parseOrExit(parser, args, "frame")) return *done;
    const QStringList pos = parser.positionalArguments();
    const bool byStation = parser.isSet("alignment") || parser.isSet("station");
    if (byStation) {
        if (pos.size() != 1 || !parser.isSet("alignment") || !parser.isSet("station")) {
            std::cerr << "tracklab-cli frame: expected LAYOUT.json --alignment ID --station S (see --help)\n";
            return tl::cli::BadInput;
        }
    } else if (pos.size() != 3) {
        std::cerr << "tracklab-cli frame: expected LAYOUT.json TRACK_ID S (see --help)\n";
        return tl::cli::BadInput;
    }
    double s = 0.0, station = 0.0;
    if (byStation) {
        try {
            station = tl::parseStation(parser.value("station").toStdString());
        } catch (const std::invalid_argument& e) {
            std::cerr << "tracklab-cli frame: --station: " << e.what() << "\n";
            return tl::cli::BadInput;
        }
    } else {
        bool ok = false;
        s = pos[2].toDouble(&ok);
        if (!ok || !std::isfinite(s)) {
            std::cerr << "tracklab-cli frame: S must be a number, got '" << pos[2].toStdString() << "'\n";
            return tl::cli::BadInput;
        }
    }
    try {
        const tl::Layout layout = tl::Layout::load(pos[0].toStdString());
        if (byStation) {
            const std::string id = parser.value("alignment").toStdString();
            const int a = layout.alignmentIndex(id);
            if (a < 0) {
                std::cerr << "tracklab-cli frame: no alignment '" << id << "' in " << pos[0].toStdString()
                          << "\n";
                return tl::cli::BadInput;
            }
            tl::TrackPosition p;
            try {
                p = layout.alignmentList()[std::size_t(a)].position(station);
            } catch (const std::out_of_range& e) {
                std::cerr << "tracklab-cli frame: " << e.what() << "\n";
                return tl::cli::BadInput;
            }
            printFrame(layout, p.track, p.s);
            std::cout << ",\"track\":" << quoted(layout.track(std::size_t(p.track)).id())
                      << ",\"s\":" << num(p.s) << ",\"station\":" << num(station)
                      << ",\"stationText\":" << quoted(tl::formatStation(station)) << "}\n";
            return tl::cli::Ok;
        }
        const int t = layout.trackIndex(pos[1].toStdString());
        if (t < 0) {
            std::cerr << "tracklab-cli frame: no track '" << pos[1].toStdString() << "' in "
                      << pos[0].toStdString() << "\n";
            return tl::cli::BadInput;
        }
        const double length = layout.track(std::size_t(t)).length();
        if (s < 0 || s > length) {
            std::cerr << "tracklab-cli frame: S = " << num(s) << " is outside [0, " << num(length)
                      << "] of track '" << pos[1].toStdString() << "'\n";
            return tl::cli::BadInput;
        }
        printFrame(layout, t, s);
        std::cout << "}\n";
        return tl::cli::Ok;
    } catch (const tl::LayoutError& e) {
        std::cerr << e.what() << "\n";
        return tl::cli::BadInput;
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"frame", "print the world frame of a track at arc length S (JSON)", runFrame});
