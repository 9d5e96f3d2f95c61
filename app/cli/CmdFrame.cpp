// tracklab-cli frame LAYOUT.json TRACK_ID S: the world frame of a track at arc length S as one JSON object
// {"P","T","N","B","wN","wB","kappa","tau","twist","dtwist","length"} (bodies at their initial poses,
// full double precision).
#include "Command.h"

#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>
#include <iostream>
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

int runFrame(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Print the world frame of track TRACK_ID at arc length S [m] as one JSON object:\n"
        "P, T, N, B (continued Frenet frame), wN, wB (twisted frame), kappa [1/m], tau [1/m],\n"
        "twist [rad], dtwist [rad/m], length [m]; on a track with a heartline, heartline (its point [m]).\n"
        "P and the frames are the rails' (the trackjoint's). Moving bodies are at their initial poses.");
    parser.addHelpOption();
    parser.addPositionalArgument("layout", "Layout file (JSON).");
    parser.addPositionalArgument("track", "Track id.");
    parser.addPositionalArgument("s", "Arc length [m], 0 <= S <= track length.");
    if (const auto done = tl::cli::parseOrExit(parser, args, "frame")) return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 3) {
        std::cerr << "tracklab-cli frame: expected LAYOUT.json TRACK_ID S (see --help)\n";
        return tl::cli::BadInput;
    }
    bool ok = false;
    const double s = pos[2].toDouble(&ok);
    if (!ok || !std::isfinite(s)) {
        std::cerr << "tracklab-cli frame: S must be a number, got '" << pos[2].toStdString() << "'\n";
        return tl::cli::BadInput;
    }
    try {
        const tl::Layout layout = tl::Layout::load(pos[0].toStdString());
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
        const tl::TwistedFrame f = layout.frameInWorld(std::size_t(t), s);
        std::cout << "{\"P\":" << vec(f.F.P) << ",\"T\":" << vec(f.F.T) << ",\"N\":" << vec(f.F.N)
                  << ",\"B\":" << vec(f.F.B) << ",\"wN\":" << vec(f.wN) << ",\"wB\":" << vec(f.wB)
                  << ",\"kappa\":" << num(f.F.kappa) << ",\"tau\":" << num(f.F.tau)
                  << ",\"twist\":" << num(f.wt) << ",\"dtwist\":" << num(f.dwt)
                  << ",\"length\":" << num(length);
        // a track with a heartline: its point h above the rails along wB (docs/layout-format.md, "Heartline")
        if (const double h = layout.track(std::size_t(t)).heartline(); h > 0)
            std::cout << ",\"heartline\":" << vec(f.F.P + h * f.wB);
        std::cout << "}\n";
        return tl::cli::Ok;
    } catch (const tl::LayoutError& e) {
        std::cerr << e.what() << "\n";
        return tl::cli::BadInput;
    }
}

} // namespace

TRACKLAB_REGISTER_COMMAND({"frame", "print the world frame of a track at arc length S (JSON)", runFrame});
