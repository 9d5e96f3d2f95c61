// Benchmark (not a test), docs/layout-format.md, "Force sections": a 2 km coaster of 20 force sections of
// 100 m each, placed one after the other (each starts at the speed the one before ends with). Editing a key
// of the FIRST section re-integrates all 20 and rebuilds their meshes; the time of that update (recompile
// with the previous layout to reuse + mesh rebuild, as the editor does per edit) is measured in thread CPU
// and wall time, medians with min..max of 9 interleaved rounds, beside a recompile that changes nothing
// downstream (an edit of the last section). Goal: >= 30 updates per second (<= 33 ms per update).
#include "core/BenchTiming.h"
#include "core/layout/Layout.h"
#include "render/scene/LayoutScene.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace tl;

namespace {
struct Samples {
    std::vector<double> cpu, wall;
    void add(const bench::Timed& t) {
        cpu.push_back(1e3 * t.cpu);
        wall.push_back(1e3 * t.wall);
    }
};

// Airtime hills and valleys at 25 m/s: normalG swinging 0.5 .. 1.6 g, a gentle yaw, the heartline 1.1 m up.
LayoutSpec coaster(int sections, double length) {
    LayoutSpec spec;
    spec.version = 2;
    for (int i = 0; i < sections; ++i) {
        TrackSpec t;
        t.id = "F" + std::to_string(i);
        t.frame = TrackFrame::Up;
        t.heartline = 1.1;
        t.curve.type = "force";
        t.curve.params["length"] = length;
        if (i == 0) t.curve.params["speed"] = 25.0;
        t.curve.keys["normalG"] = {
            {0, 1.0}, {0.25 * length, 0.5}, {0.5 * length, 1.0}, {0.75 * length, 1.6}, {length, 1.0}};
        t.curve.params["lateralG"] = 0.05 * ((i % 2) ? 1 : -1);
        if (i > 0) t.placement.after = EndRef{"F" + std::to_string(i - 1), TrackEnd::End};
        spec.tracks.push_back(t);
    }
    return spec;
}
} // namespace

int main() {
    const LayoutSpec spec = coaster(20, 100.0);
    auto layout = std::make_shared<const Layout>(Layout::compile(spec));
    double total = 0;
    for (const Track& t : layout->tracks())
        total += t.length();
    std::printf("layout: %zu force sections, %.3f km of rails\n", layout->trackCount(), total / 1000);

    render::LayoutScene scene;
    scene.setLayout(layout);
    Samples first, last, firstCompile, firstMesh;
    int meshesFirst = 0, meshesLast = 0;
    for (int round = 0; round < 9; ++round) { // interleaved: drifting machine load hits both cases alike
        for (int which : {0, 19}) {
            LayoutSpec edited = spec;
            edited.tracks[std::size_t(which)].curve.keys["normalG"][1].second = 0.45 + 0.01 * round;
            std::shared_ptr<const Layout> next;
            int meshes = 0;
            bench::Timed c{}, m{};
            const bench::Timed all = bench::timed([&] {
                c = bench::timed([&] {
                    next = std::make_shared<const Layout>(Layout::compile(edited, {}, layout.get()));
                });
                m = bench::timed([&] { meshes = scene.setLayout(next); });
            });
            (which == 0 ? first : last).add(all);
            if (which == 0) {
                firstCompile.add(c);
                firstMesh.add(m);
                meshesFirst = meshes;
            } else {
                meshesLast = meshes;
            }
            scene.setLayout(layout); // back, for the next round
        }
    }
    auto row = [](const char* what, const Samples& s, int meshes) {
        const bench::Stat c = bench::statOf(s.cpu), w = bench::statOf(s.wall);
        std::printf("%-52s %9.2f [%7.2f..%7.2f] %9.2f %7d\n", what, c.median, c.min, c.max, w.median, meshes);
    };
    std::printf("%-52s %9s %18s %9s %7s\n", "", "cpu [ms]", "[min..max]", "wall", "meshes");
    row("edit the first section: re-integrate 20, remesh", first, meshesFirst);
    row("  of which recompile (20 sections integrated)", firstCompile, 0);
    row("  of which mesh rebuild", firstMesh, meshesFirst);
    row("edit the last section: re-integrate 1, remesh", last, meshesLast);
    std::printf("updates per second, first section edited (cpu median): %.1f (goal >= 30)\n",
                1000.0 / bench::statOf(first.cpu).median);
    return 0;
}
