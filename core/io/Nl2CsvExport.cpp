#include "core/io/Nl2CsvExport.h"

#include "core/layout/Layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace tl {

const char* const kNl2CsvHeader =
    "\"No.\"\t\"PosX\"\t\"PosY\"\t\"PosZ\"\t\"FrontX\"\t\"FrontY\"\t\"FrontZ\"\t"
    "\"LeftX\"\t\"LeftY\"\t\"LeftZ\"\t\"UpX\"\t\"UpY\"\t\"UpZ\"";

namespace {

// TrackLab (z up) to NL2 (y up)
Vec3 toNl2(const Vec3& v) {
    return {v.x(), v.z(), -v.y()};
}

void writeRow(std::ostream& out, long number, const TwistedFrame& f, double h) {
    const Vec3 values[4] = {toNl2(f.F.P + h * f.wB), toNl2(f.F.T), toNl2(f.wN), toNl2(f.wB)};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%ld", number);
    out << buf;
    for (const Vec3& v : values)
        for (int i = 0; i < 3; ++i) {
            // fixed notation (no exponents), 10 decimals: 0.1 nm, far below the 0.5 m spacing; +0.0: no "-0"
            std::snprintf(buf, sizeof buf, "\t%.10f", v[i] + 0.0);
            out << buf;
        }
    out << '\n';
}

} // namespace

void writeNl2Csv(const Layout& layout, std::ostream& out, double spacing) {
    if (!(spacing > 0) || !std::isfinite(spacing))
        throw std::invalid_argument("the NoLimits 2 CSV spacing must be > 0 m");
    if (layout.spec().lookOrDefault() != LayoutLook::Coaster)
        throw std::invalid_argument("NoLimits 2 CSV is for coaster layouts (\"look\": \"coaster\"); this "
                                    "layout is a railway");
    out << kNl2CsvHeader << '\n';
    long number = 1;
    const std::size_t n = layout.trackCount();
    for (std::size_t t = 0; t < n; ++t) {
        const Track& track = layout.track(t);
        const double L = track.length();
        const double h = track.heartline() > 0 ? track.heartline() : kNl2DefaultRiderHeight;
        const double eps = 1e-9 * std::max(1.0, L); // a sample this close to the end is the end
        for (long k = 0;; ++k) {
            const double s = double(k) * spacing;
            if (s >= L - eps) break;
            writeRow(out, number++, layout.frameInWorld(t, s), h);
        }
        const TwistedFrame end = layout.frameInWorld(t, L);
        const TwistedFrame nextStart = layout.frameInWorld((t + 1) % n, 0.0);
        if ((end.F.P - nextStart.F.P).norm() > 1e-6) writeRow(out, number++, end, h);
    }
    if (!out) throw std::runtime_error("cannot write the NoLimits 2 CSV");
}

} // namespace tl
