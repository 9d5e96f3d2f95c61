// Benchmark (not a test), docs/user-guide.md, "Editing a layout": on a 20 km layout (100 spline tracks of
// ~200 m, 10 points each), the time to show the layout after moving ONE control point (recompile + rebuild
// the touched track's mesh) versus a full rebuild of every mesh, measured side by side in one run: thread CPU
// and wall medians with min..max of 7 interleaved rounds. Goal: edit <= 5 % of full.
#include "core/BenchTiming.h"
#include "core/layout/Layout.h"
#include "render/scene/LayoutScene.h"
#include "render/track/TrackMesh.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace tl;

namespace {
struct Samples { // thread CPU and wall times [ms]
    std::vector<double> cpu, wall;
    void add(const bench::Timed& t) {
        cpu.push_back(1e3 * t.cpu);
        wall.push_back(1e3 * t.wall);
    }
    void add(const bench::Timed& a, const bench::Timed& b) { add({a.cpu + b.cpu, a.wall + b.wall}); }
};

LayoutSpec bigLayout(int tracks, int points, double spacing) {
    LayoutSpec spec;
    for (int i = 0; i < tracks; ++i) {
        TrackSpec t;
        t.id = "T" + std::to_string(i);
        t.curve.type = "spline";
        for (int k = 0; k < points; ++k) {
            SplinePointSpec p;
            p.position = Vec3(k * spacing, 8.0 * std::sin(0.7 * k + i), 1.5 * std::sin(0.3 * k));
            t.curve.points.push_back(p);
        }
        TwistSpec cant;
        cant.type = "cant";
        cant.params["designSpeed"] = 30.0;
        cant.params["maxAngle"] = 0.1;
        t.twist = cant;
        t.placement.pose.position = Vec3(250.0 * (i % 10), 40.0 * (i / 10), 0);
        spec.tracks.push_back(t);
    }
    return spec;
}
} // namespace

int main() {
    const LayoutSpec spec = bigLayout(100, 10, 22.0);
    auto layout = std::make_shared<const Layout>(Layout::compile(spec));
    double total = 0;
    for (const Track& t : layout->tracks())
        total += t.length();
    std::printf("layout: %zu tracks, %.1f km of track\n", layout->trackCount(), total / 1000);

    render::LayoutScene scene;
    Samples full, compile, editMesh, edit;
    int rebuiltFull = 0, rebuiltEdit = 0;
    for (int round = 0; round < 7; ++round) { // interleaved: drifting machine load hits every case alike
        render::LayoutScene fresh;
        full.add(bench::timed([&] { rebuiltFull = fresh.setLayout(layout); }));
        scene.setLayout(layout);
        LayoutSpec moved = spec;
        moved.tracks[57].curve.points[4].position.y() += 3.0 + round; // the user drags one point
        std::shared_ptr<const Layout> next;
        const bench::Timed c = bench::timed(
            [&] { next = std::make_shared<const Layout>(Layout::compile(moved, {}, layout.get())); });
        const bench::Timed m = bench::timed([&] { rebuiltEdit = scene.setLayout(next); });
        compile.add(c);
        editMesh.add(m);
        edit.add(c, m);
        scene.setLayout(layout); // back, for the next round
    }
    auto row = [](const char* what, const Samples& s, const char* meshes) {
        const bench::Stat c = bench::statOf(s.cpu), w = bench::statOf(s.wall);
        std::printf("%-44s %9.2f [%7.2f..%7.2f] %9.2f %8s\n", what, c.median, c.min, c.max, w.median, meshes);
    };
    std::printf("%-44s %9s %18s %9s %8s\n", "", "cpu [ms]", "[min..max]", "wall", "meshes");
    row("full rebuild (all track meshes)", full, std::to_string(rebuiltFull).c_str());
    row("edit: recompile (unchanged curves reused)", compile, "");
    row("edit: rebuild the touched track", editMesh, std::to_string(rebuiltEdit).c_str());
    row("edit total", edit, "");
    std::printf("ratio edit / full rebuild (cpu medians): %.2f %% (goal <= 5 %%)\n",
                100 * bench::statOf(edit.cpu).median / bench::statOf(full.cpu).median);
    return 0;
}
