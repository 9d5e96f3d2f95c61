// Benchmark (not a test), issue 6: on a 20 km layout (100 spline tracks of ~200 m, 10 points each), the
// time to show the layout after moving ONE control point (recompile + rebuild the touched track's mesh)
// versus a full rebuild of every mesh, measured side by side in one run. Goal: edit <= 5 % of full.
#include "core/layout/Layout.h"
#include "render/scene/LayoutScene.h"
#include "render/track/TrackMesh.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

using namespace tl;

namespace {
double seconds(auto&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

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
    double full = 1e9, edit = 1e9, compile = 1e9, editMesh = 1e9;
    int rebuiltFull = 0, rebuiltEdit = 0;
    for (int round = 0; round < 3; ++round) {
        render::LayoutScene fresh;
        full = std::min(full, seconds([&] { rebuiltFull = fresh.setLayout(layout); }));
        scene.setLayout(layout);
        LayoutSpec moved = spec;
        moved.tracks[57].curve.points[4].position.y() += 3.0 + round; // the user drags one point
        std::shared_ptr<const Layout> next;
        const double c =
            seconds([&] { next = std::make_shared<const Layout>(Layout::compile(moved, {}, layout.get())); });
        const double m = seconds([&] { rebuiltEdit = scene.setLayout(next); });
        compile = std::min(compile, c);
        editMesh = std::min(editMesh, m);
        edit = std::min(edit, c + m);
        scene.setLayout(layout); // back, for the next round
    }
    std::printf("%-44s %10s %8s\n", "", "time [ms]", "meshes");
    std::printf("%-44s %10.2f %8d\n", "full rebuild (all track meshes)", full * 1e3, rebuiltFull);
    std::printf("%-44s %10.2f %8s\n", "edit: recompile (unchanged curves reused)", compile * 1e3, "");
    std::printf("%-44s %10.2f %8d\n", "edit: rebuild the touched track", editMesh * 1e3, rebuiltEdit);
    std::printf("%-44s %10.2f\n", "edit total", edit * 1e3);
    std::printf("ratio edit / full rebuild: %.2f %% (goal <= 5 %%)\n", 100 * edit / full);
    return 0;
}
