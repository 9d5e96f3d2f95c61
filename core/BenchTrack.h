#pragma once
// The railway track the benchmarks measure (docs/trains-format.md, "Scale benchmark"), as one entry of a
// layout's "tracks" (JSON): a spline along +x through points every 40 m that weave 5 m sideways with a 400 m
// wavelength (curvature up to 1.2e-3 1/m, R ~ 800 m), up-framed, with equilibrium cant for 20 m/s (at most
// 0.1 rad). The scale benchmark lays its fleets on parallel copies (physics/bench/ScaleBenchmark.cpp),
// bench_track_frame times frames on one, tst_fleet_scale drives a fleet on six.
#include <string>

namespace tl {

// `placement`: the track's "placement" object, e.g. {"position": [0, 10, 0]}.
std::string weavingTrackJson(const std::string& id, double length, const std::string& placement);

} // namespace tl
