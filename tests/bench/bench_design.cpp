// Benchmark (not a test), docs/user-guide.md, "Editing a layout": on a 20 km layout (an oval of 100 m pieces
// with transitions and arcs, 22.7 km, left open by 300 m), the thread CPU time of (a) appending a piece as
// the editor commits it (appendPiece + recompile with reuse), (b) the live preview of a piece under the mouse
// (appendPiece + compiling the new tracks alone + the polyline), (c) joining the two open ends (joinEnds +
// recompile). Repeats are interleaved; medians and the spread (min .. max) are printed. The preview's rate in
// updates per second is the interactive figure (goal >= 30 per second).
#include "core/BenchTiming.h"
#include "core/design/AppendPiece.h"
#include "core/design/EndState.h"
#include "core/design/JoinEnds.h"
#include "core/design/PiecePreview.h"
#include "core/layout/Layout.h"

#include <algorithm>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

using namespace tl;
using namespace tl::design;

namespace {
// One operation's samples: thread CPU time and wall time, in ms.
struct Samples {
    std::vector<double> cpu, wall;
    void time(auto&& f) {
        const bench::Timed t = bench::timed(f);
        cpu.push_back(1e3 * t.cpu);
        wall.push_back(1e3 * t.wall);
    }
};

void print(const char* what, const Samples& s) {
    const bench::Stat c = bench::statOf(s.cpu), w = bench::statOf(s.wall);
    std::printf("%-44s cpu median %8.3f ms (%.3f .. %.3f)  wall median %8.3f ms (%.3f .. %.3f)\n", what,
                c.median, c.min, c.max, w.median, w.min, w.max);
}

Layout chain(Layout L, EndRef& end, const PieceSpec& p, int times) {
    for (int i = 0; i < times; ++i) {
        const DesignEdit e = appendPiece(L, end, p);
        end = *e.newFreeEnd;
        L = Layout::compile(e.spec, "bench", &L);
    }
    return L;
}
} // namespace

int main() {
    LayoutSpec spec;
    TrackSpec first;
    first.id = "A";
    first.curve.type = "line";
    first.curve.params["length"] = 100.0;
    spec.tracks.push_back(first);
    Layout L = Layout::compile(spec, "bench");
    EndRef end{"A", TrackEnd::End};
    PieceSpec straight;
    straight.kind = PieceKind::Straight;
    straight.length = 100;
    PieceSpec in;
    in.kind = PieceKind::Transition;
    in.length = 80;
    in.radius = 400;
    PieceSpec arc;
    arc.kind = PieceKind::Arc;
    arc.radius = 400;
    arc.angle = std::numbers::pi - 2 * 80.0 / 800.0;
    PieceSpec out = in;
    out.radius = 0;
    // 98 + 1 pieces east, a half turn, 102 west, a half turn: the end heads east 300 m before A's start
    L = chain(L, end, straight, 98);
    for (int k = 0; k < 2; ++k) {
        L = chain(L, end, in, 1);
        L = chain(L, end, arc, 1);
        L = chain(L, end, out, 1);
        if (k == 0) L = chain(L, end, straight, 102);
    }
    double total = 0;
    for (const auto& t : L.tracks())
        total += t.length();
    std::printf("layout: %zu tracks, %.1f km, open ends %s %s and A start\n", L.trackCount(), total / 1000,
                end.track.c_str(), endName(end.end));

    PieceSpec probe;
    probe.kind = PieceKind::Arc;
    probe.radius = 300;
    probe.angle = 0.3;
    probe.leadIn = 40;
    // (d) a quarter turn to a separate straight 250 m ahead and 250 m to the left: a clothoid-arc-clothoid
    LayoutSpec withQ = L.spec();
    {
        const EndState e = endState(L, end);
        TrackSpec q;
        q.id = "Q";
        q.curve.params["length"] = 50.0;
        q.placement.pose.position = e.position() + 250.0 * e.direction() + 250.0 * e.level.linear().col(1);
        q.placement.pose.rotation = Quat(Eigen::Matrix3d(e.level.linear())) *
                                    Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitZ()));
        withQ.tracks.push_back(q);
    }
    const Layout LQ = Layout::compile(withQ, "bench", &L);
    // the spline tool: two clicked points and the mouse's, which moves every repeat (the end's level frame)
    PieceSpec spline;
    spline.kind = PieceKind::Spline;
    Samples append, preview, previewSpline, join, joinCac;
    std::size_t splinePoints = 0;
    std::string cacText;
    std::size_t points = 0;
    for (int r = 0; r < 31; ++r) { // interleaved: each repeat runs every operation once
        append.time([&] {
            const DesignEdit e = appendPiece(L, end, probe);
            const Layout next = Layout::compile(e.spec, "bench", &L);
            (void)next;
        });
        preview.time([&] {
            const DesignEdit e = appendPiece(L, end, probe);
            points = previewPolyline(L, previewTracks(L, e), 2.0).size();
        });
        previewSpline.time([&] {
            spline.points = {Vec3(60, 5, 0), Vec3(120, 30, 0), Vec3(180 + r, 60 + 0.5 * r, 0)};
            const DesignEdit e = appendPiece(L, end, spline);
            splinePoints = previewPolyline(L, previewTracks(L, e), 2.0).size();
        });
        join.time([&] {
            const JoinResult j = joinEnds(L, end, {"A", TrackEnd::Start});
            const Layout next = Layout::compile(j.edit.spec, "bench", &L);
            (void)next;
        });
        joinCac.time([&] {
            const JoinResult j = joinEnds(LQ, end, {"Q", TrackEnd::Start});
            cacText = j.edit.description;
            const Layout next = Layout::compile(j.edit.spec, "bench", &LQ);
            (void)next;
        });
    }
    std::printf("31 interleaved repeats; median (min .. max)\n");
    print("append a piece (commit: edit + recompile)", append);
    print("preview a piece (edit + new tracks + line)", preview);
    std::printf("  preview: %zu polyline points, %.0f updates/s by cpu median, %.0f by wall median\n", points,
                1000.0 / bench::statOf(preview.cpu).median, 1000.0 / bench::statOf(preview.wall).median);
    print("preview a spline to the mouse", previewSpline);
    std::printf("  spline preview: %zu polyline points, %.0f updates/s by cpu median, %.0f by wall median\n",
                splinePoints, 1000.0 / bench::statOf(previewSpline.cpu).median,
                1000.0 / bench::statOf(previewSpline.wall).median);
    print("join two ends (fit + recompile)", join);
    print("join a quarter turn (fit + recompile)", joinCac);
    std::printf("  quarter turn connector: %s\n", cacText.c_str());
    return 0;
}
