#pragma once
// Small timing helpers shared by the benchmarks (header-only; tests/bench and the CLI's bench tables in
// physics/*Benchmark.cpp): thread CPU time (CLOCK_THREAD_CPUTIME_ID:
// the core's own work, not time lost to other processes on a shared machine) and wall time, and the
// median with its min..max spread over interleaved repeats.
#include <algorithm>
#include <ctime>
#include <vector>

namespace tl::bench {

inline double clockSeconds(clockid_t id) {
    timespec ts{};
    clock_gettime(id, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
inline double threadCpuSeconds() {
    return clockSeconds(CLOCK_THREAD_CPUTIME_ID);
}
inline double wallSeconds() {
    return clockSeconds(CLOCK_MONOTONIC);
}

struct Stat { // over the repeats
    double median = 0, min = 0, max = 0;
    double spread() const { return median > 0 ? (max - min) / median : 0; } // (max - min) / median [-]
};

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

inline Stat statOf(std::vector<double> v) {
    Stat s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.median = median(v);
    s.min = v.front();
    s.max = v.back();
    return s;
}

// Thread CPU and wall seconds of one call of f().
struct Timed {
    double cpu = 0, wall = 0; // [s]
};
template <class F> Timed timed(F&& f) {
    const double w0 = wallSeconds(), c0 = threadCpuSeconds();
    f();
    const double c1 = threadCpuSeconds(), w1 = wallSeconds();
    return {c1 - c0, w1 - w0};
}

} // namespace tl::bench
