// Benchmark (not a test): frame evaluation (P, T, N, B, kappa, tau, wt, dwt) on a 50-point spline per
// second, and its ratio to evaluating the bare cubic polynomial and its first three derivatives at the same
// parameters (issue 3; goal <= 3x). Both measured side by side in one run, best of several rounds.
#include "core/curves/Spline.h"
#include "core/twists/CantTwist.h"
#include "core/twists/DirectionalTwist.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

using namespace tl;

namespace {

struct Cubic {
    Vec3 a, b, c, d; // P(t) = a + b t + c t^2 + d t^3 on one segment
};

double seconds(auto&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int main() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> d(-8.0, 8.0);
    std::vector<Spline::ControlPoint> pts;
    for (int i = 0; i < 50; ++i)
        pts.push_back({Vec3(20.0 * i + d(rng), 2.0 * d(rng), 0.5 * d(rng)), {}});
    const auto t0 = std::chrono::steady_clock::now();
    const Spline sp(pts, false);
    const double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // the same cubic pieces, rebuilt from the points and solved derivatives (Hermite, chord-length knots)
    std::vector<Cubic> cubics;
    for (int i = 0; i + 1 < 50; ++i) {
        const Vec3 p0 = pts[i].position, p1 = pts[i + 1].position;
        const double h = sp.knot(i + 1) - sp.knot(i);
        const Vec3 v0 = sp.derivativeAtPoint(i) * h, v1 = sp.derivativeAtPoint(i + 1) * h;
        cubics.push_back({p0, v0, 3.0 * (p1 - p0) - 2.0 * v0 - v1, 2.0 * (p0 - p1) + v0 + v1});
    }

    const int n = 1'000'000;
    std::vector<double> s(n);
    std::uniform_real_distribution<double> us(0.0, sp.length());
    for (double& v : s)
        v = us(rng);
    std::vector<int> seg(n);
    std::vector<double> t(n);
    for (int i = 0; i < n; ++i) {
        const double u = sp.parameterAt(s[i]);
        int k = 0;
        while (k + 1 < sp.segmentCount() && sp.knot(k + 1) <= u)
            ++k;
        seg[i] = k;
        t[i] = (u - sp.knot(k)) / (sp.knot(k + 1) - sp.knot(k));
    }

    const CantTwist cant(25.0, 0.15);
    const DirectionalTwist dir(Vec3::UnitZ());
    volatile double sink = 0;
    double best[6] = {1e9, 1e9, 1e9, 1e9, 1e9, 1e9};
    for (int round = 0; round < 5; ++round) {
        best[0] = std::min(best[0], seconds([&] {
                               Vec3 acc = Vec3::Zero();
                               for (int i = 0; i < n; ++i) {
                                   const Cubic& c = cubics[seg[i]];
                                   const double x = t[i];
                                   const Vec3 P = c.a + x * (c.b + x * (c.c + x * c.d));
                                   const Vec3 d1 = c.b + x * (2.0 * c.c + 3.0 * x * c.d);
                                   const Vec3 d2 = 2.0 * c.c + 6.0 * x * c.d;
                                   const Vec3 d3 = 6.0 * c.d;
                                   acc += P + d1 + d2 + d3;
                               }
                               sink = sink + acc.sum();
                           }));
        best[1] = std::min(best[1], seconds([&] {
                               double acc = 0;
                               for (int i = 0; i < n; ++i) {
                                   const Frame f = sp.frame(s[i]);
                                   acc += f.P.x() + f.T.y() + f.N.z() + f.B.x() + f.kappa + f.tau;
                               }
                               sink = sink + acc;
                           }));
        best[2] = std::min(best[2], seconds([&] {
                               double acc = 0;
                               for (int i = 0; i < n; ++i) {
                                   const Frame f = sp.frame(s[i]);
                                   const TwistValue w = cant.at(s[i], f);
                                   acc +=
                                       f.P.x() + f.T.y() + f.N.z() + f.B.x() + f.kappa + f.tau + w.wt + w.dwt;
                               }
                               sink = sink + acc;
                           }));
        best[3] = std::min(best[3], seconds([&] {
                               double acc = 0;
                               for (int i = 0; i < n; ++i) {
                                   const Frame f = sp.frame(s[i]);
                                   const TwistValue w = dir.at(s[i], f);
                                   acc +=
                                       f.P.x() + f.T.y() + f.N.z() + f.B.x() + f.kappa + f.tau + w.wt + w.dwt;
                               }
                               sink = sink + acc;
                           }));
        best[4] = std::min(best[4], seconds([&] {
                               double acc = 0;
                               for (int i = 0; i < n; ++i)
                                   acc += sp.parameterAt(s[i]);
                               sink = sink + acc;
                           }));
        best[5] = std::min(best[5], seconds([&] { // sequential sweep, as a simulation step walks along
                               double acc = 0;
                               const double ds = sp.length() / n;
                               for (int i = 0; i < n; ++i) {
                                   const Frame f = sp.frame(i * ds);
                                   const TwistValue w = cant.at(i * ds, f);
                                   acc +=
                                       f.P.x() + f.T.y() + f.N.z() + f.B.x() + f.kappa + f.tau + w.wt + w.dwt;
                               }
                               sink = sink + acc;
                           }));
    }
    std::printf(
        "bench_geometry: 50-point 3D spline, length %.1f m, built in %.2f ms; %d random s, best of 5\n",
        sp.length(), build * 1e3, n);
    std::printf("  bare cubic P,P',P'',P''' at the same (segment,t):   %7.1f ns  %8.2f M/s\n",
                best[0] / n * 1e9, n / best[0] / 1e6);
    std::printf("  frame(s) (P,T,N,B,kappa,tau; s->u inversion):      %7.1f ns  %8.2f M/s  ratio %.2fx\n",
                best[1] / n * 1e9, n / best[1] / 1e6, best[1] / best[0]);
    std::printf("  frame(s) + cant twist (wt, dwt):                   %7.1f ns  %8.2f M/s  ratio %.2fx\n",
                best[2] / n * 1e9, n / best[2] / 1e6, best[2] / best[0]);
    std::printf("  frame(s) + directional twist (wt, dwt):            %7.1f ns  %8.2f M/s  ratio %.2fx\n",
                best[3] / n * 1e9, n / best[3] / 1e6, best[3] / best[0]);
    std::printf("  frame(s) + cant, sequential s (a simulation sweep): %7.1f ns  %8.2f M/s  ratio %.2fx\n",
                best[5] / n * 1e9, n / best[5] / 1e6, best[5] / best[0]);
    std::printf("  breakdown: s -> u alone (parameterAt):             %7.1f ns  %8.2f M/s  ratio %.2fx\n",
                best[4] / n * 1e9, n / best[4] / 1e6, best[4] / best[0]);
    std::printf("  (goal: ratio <= 3x)\n");
    return sink == 12345.678 ? 1 : 0;
}
