// Benchmark (not a test): the per-call cost of Track::localFrame (what the simulation pays per frame) on the
// product's default railway track, against a bare cubic polynomial evaluation (docs/trains-format.md, "Scale
// benchmark": <= 15x).
//
// Cases, each measured once per repeat, repeats interleaved (drifting machine load hits every case alike):
//   cubic       the bare cubic: P and its first three derivatives at a given (segment, t) of the same spline
//   spline      Spline::frame(s) (continued Frenet frame, s -> t inversion)
//   railway     Track::localFrame(s) on the default railway track (ScaleBenchmark's parallelTracks: a weaving
//               spline, "frame": "up", "twist": cant => UpFrameTwist with a SmoothBankTwist bank), placed
//               with a rotation and a translation
//   railway seq the same along increasing s (a bogie's walk)
//   clothoid    Track::localFrame on an up-framed clothoid with cant (Bloss-ramped bank)
//   arc         Track::localFrame on an up-framed arc with cant
// Reported: thread CPU time (CLOCK_THREAD_CPUTIME_ID) and wall time per call, median and min..max over the
// repeats, and the ratio of each case's median to the cubic's (both medians of the same interleaved runs).
#include "core/BenchTiming.h"
#include "core/BenchTrack.h"

#include "core/curves/Spline.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iomanip>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tl;

namespace {

struct Cubic {
    Vec3 a, b, c, d; // P(t) = a + b t + c t^2 + d t^3 on one segment
};

// The default railway track of physics/bench/ScaleBenchmark.cpp (parallelTracks), placed with a rotation of
// 30 deg about z and a translation; plus an up-framed clothoid and arc with the same cant.
Layout benchLayout(double length) {
    const double half = 15.0 * std::numbers::pi / 180.0;
    std::ostringstream placement;
    placement << std::setprecision(17) << R"({"position": [120.5, -40.25, 3.0], "rotation": [)"
              << std::cos(half) << ", 0, 0, " << std::sin(half) << "]}";
    std::ostringstream json;
    json << std::setprecision(17) << R"({"format": "tracklab-layout", "version": 1, "tracks": [)";
    json << weavingTrackJson("railway", length, placement.str()) << ",";
    json << R"({"id": "clothoid", "curve": {"type": "clothoid", "length": 120, "curvatureStart": 0, )"
         << R"("curvatureEnd": 0.002}, "frame": "up", "twist": {"type": "cant", "designSpeed": 20, )"
         << R"("maxAngle": 0.1}, "placement": {"position": [0, 50, 0]}},)";
    json << R"({"id": "arc", "curve": {"type": "arc", "radius": 500, "angle": 0.4}, "frame": "up", )"
         << R"("twist": {"type": "cant", "designSpeed": 20, "maxAngle": 0.1}, )"
         << R"("placement": {"position": [0, 100, 0]}})";
    json << "]}";
    return Layout::compile(parseLayoutSpec(json.str(), "<bench_track_frame>"), "<bench_track_frame>");
}

struct Case {
    const char* name = "";
    std::function<double()> run;   // all calls of one measurement; returns a checksum
    std::vector<double> cpu, wall; // per call [ns], per repeat
};

double sumOf(const TwistedFrame& f) {
    return f.F.P.x() + f.F.T.y() + f.F.N.z() + f.F.B.x() + f.F.kappa + f.F.tau + f.F.dkappa + f.wN.y() +
           f.wB.z() + f.wt + f.dwt;
}

} // namespace

int main(int argc, char** argv) {
    int repeats = 11, calls = 200'000;
    std::string only; // --only <text>: the cubic and the cases whose name contains it (profiling)
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeats"))
            repeats = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--calls"))
            calls = std::max(1000, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--only"))
            only = argv[++i];
    }
    const double length = 2000.0;
    const double b0 = bench::wallSeconds();
    const Layout layout = benchLayout(length);
    const double buildMs = (bench::wallSeconds() - b0) * 1e3;
    const Track& railway = layout.trackById("railway");
    const Track& clothoid = layout.trackById("clothoid");
    const Track& arc = layout.trackById("arc");
    const auto* sp = dynamic_cast<const Spline*>(&railway.curve());
    if (!sp) return 2;

    // the spline's cubic pieces, rebuilt from the points and solved derivatives (Hermite, chord-length knots)
    std::vector<Cubic> cubics;
    const auto& pts = sp->points();
    for (int i = 0; i + 1 < int(pts.size()); ++i) {
        const Vec3 p0 = pts[i].position, p1 = pts[i + 1].position;
        const double h = sp->knot(i + 1) - sp->knot(i);
        const Vec3 v0 = sp->derivativeAtPoint(i) * h, v1 = sp->derivativeAtPoint(i + 1) * h;
        cubics.push_back({p0, v0, 3.0 * (p1 - p0) - 2.0 * v0 - v1, 2.0 * (p0 - p1) + v0 + v1});
    }

    std::mt19937 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> s(calls), sc(calls), sa(calls), seq(calls), t(calls);
    std::vector<int> seg(calls);
    for (int i = 0; i < calls; ++i) {
        s[i] = unit(rng) * sp->length();
        sc[i] = unit(rng) * clothoid.length();
        sa[i] = unit(rng) * arc.length();
        seq[i] = sp->length() * i / calls;
        const double u = sp->parameterAt(s[i]);
        int k = 0;
        while (k + 1 < sp->segmentCount() && sp->knot(k + 1) <= u)
            ++k;
        seg[i] = k;
        t[i] = (u - sp->knot(k)) / (sp->knot(k + 1) - sp->knot(k));
    }

    std::vector<Case> cases;
    auto add = [&](const char* name, std::function<double()> run) {
        if (!cases.empty() && std::string(name).find(only) == std::string::npos) return;
        Case c;
        c.name = name;
        c.run = std::move(run);
        cases.push_back(std::move(c));
    };
    add("cubic: P, P', P'', P''' at (segment, t)", [&] {
        Vec3 acc = Vec3::Zero();
        for (int i = 0; i < calls; ++i) {
            const Cubic& c = cubics[seg[i]];
            const double x = t[i];
            const Vec3 P = c.a + x * (c.b + x * (c.c + x * c.d));
            const Vec3 d1 = c.b + x * (2.0 * c.c + 3.0 * x * c.d);
            const Vec3 d2 = 2.0 * c.c + 6.0 * x * c.d;
            const Vec3 d3 = 6.0 * c.d;
            acc += P + d1 + d2 + d3;
        }
        return acc.sum();
    });
    add("Spline::frame(s)", [&] {
        double acc = 0;
        for (int i = 0; i < calls; ++i) {
            const Frame f = sp->frame(s[i]);
            acc += f.P.x() + f.T.y() + f.N.z() + f.B.x() + f.kappa + f.tau + f.dkappa;
        }
        return acc;
    });
    add("localFrame: railway (spline+up+cant, placed)", [&] {
        double acc = 0;
        for (int i = 0; i < calls; ++i)
            acc += sumOf(railway.localFrame(s[i]));
        return acc;
    });
    add("localFrame: railway, sequential s", [&] {
        double acc = 0;
        for (int i = 0; i < calls; ++i)
            acc += sumOf(railway.localFrame(seq[i]));
        return acc;
    });
    add("localFrame: railway, sequential s, piece kept", [&] { // as a railed body calls it
        double acc = 0;
        int piece = -1;
        for (int i = 0; i < calls; ++i)
            acc += sumOf(railway.localFrame(seq[i], piece));
        return acc;
    });
    add("localFrame: clothoid+up+cant", [&] {
        double acc = 0;
        for (int i = 0; i < calls; ++i)
            acc += sumOf(clothoid.localFrame(sc[i]));
        return acc;
    });
    add("localFrame: arc+up+cant", [&] {
        double acc = 0;
        for (int i = 0; i < calls; ++i)
            acc += sumOf(arc.localFrame(sa[i]));
        return acc;
    });

    volatile double sink = 0;
    for (Case& c : cases) // warm-up
        sink = sink + c.run();
    for (int r = 0; r < repeats; ++r)
        for (Case& c : cases) {
            double sum = 0;
            const bench::Timed tm = bench::timed([&] { sum = c.run(); });
            sink = sink + sum;
            c.cpu.push_back(tm.cpu * 1e9 / calls);
            c.wall.push_back(tm.wall * 1e9 / calls);
        }

    std::printf(
        "bench_track_frame: railway spline %.1f m (%d points), layout compiled in %.1f ms; %d calls per "
        "measurement, %d interleaved repeats\n",
        sp->length(), int(pts.size()), buildMs, calls, repeats);
    std::printf(
        "ns per call: thread CPU median [min..max] spread, wall median [min..max]; ratio = median / the "
        "cubic's median (thread CPU; wall)\n");
    const bench::Stat base = bench::statOf(cases[0].cpu), baseWall = bench::statOf(cases[0].wall);
    for (const Case& c : cases) {
        const bench::Stat cpu = bench::statOf(c.cpu), wall = bench::statOf(c.wall);
        std::printf(
            "  %-46s cpu %7.1f [%6.1f..%6.1f] %4.0f%%  wall %7.1f [%6.1f..%6.1f]  ratio %5.1fx; %5.1fx\n",
            c.name, cpu.median, cpu.min, cpu.max, 100 * cpu.spread(), wall.median, wall.min, wall.max,
            cpu.median / base.median, wall.median / baseWall.median);
    }
    std::printf("  (goal, docs/trains-format.md 'Scale benchmark': localFrame on the railway track <= 15x "
                "the cubic)\n");
    return sink == 12345.678 ? 1 : 0;
}
