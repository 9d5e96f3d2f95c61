#include "core/alignment/AlignmentFit.h"

#include "core/geometry/GaussLegendre.h"
#include "core/units/NumberText.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>

namespace tl {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kSampleStep = 0.1;    // [m] of arc length between samples (at most)
constexpr double kSteep = 0.98480775;  // sin(80 deg): a steeper tangent is refused
constexpr double kStraight = 1e-10;    // [1/m] curvatures below: a LINE; differing by less: a CIRCULARARC
constexpr double kNewton = 1e-10;      // [m] / [rad] the clothoid's end residual
constexpr double kGradientKink = 1e-4; // [-] largest gradient step at a vertical joint
constexpr double kShare = 0.7;         // share of the position tolerance in plan and in height

// The original track in its direction of travel, at the samples.
struct Sample {
    Vec3 P;             // world [m]
    double heading = 0; // [rad], unwrapped along the track
    double gradient = 0;
    double bank = 0; // TrackLab's bank from the vertical in the travel direction [rad]
    double u = 0;    // horizontal distance from the start [m]
};

// A clothoid from the origin heading +x: curvature k0 -> k1 over the length L.
struct Clothoid {
    double k0 = 0, k1 = 0, L = 0;
    double heading(double s) const { return k0 * s + (k1 - k0) * s * s / (2 * L); }
    Vec3 point(double s) const {
        const double turn = std::abs(k0) * s + std::abs(k1 - k0) * s * s / (2 * L);
        const int n = std::max(1, int(std::ceil(std::max(turn / 0.05, s / 5.0))));
        Vec3 p = Vec3::Zero();
        const auto th = [this](double x) { return heading(x); };
        for (int i = 0; i < n; ++i)
            p += gauss::planarDisplacement(th, s * i / n, s * (i + 1) / n);
        return p;
    }
};

// The residual of a clothoid against the target (X, Y, Theta) in the start's frame.
Vec3 residual(const Clothoid& c, const Vec3& target) {
    const Vec3 e = c.point(c.L);
    return Vec3(e.x() - target.x(), e.y() - target.y(), c.heading(c.L) - target.z());
}

// Newton on (k0, k1, L); false when it does not converge.
bool solve(Clothoid& c, const Vec3& target) {
    for (int it = 0; it < 40; ++it) {
        const Vec3 r = residual(c, target);
        if (r.norm() < kNewton) return true;
        Eigen::Matrix3d J;
        const double hk = 1e-7 / std::max(1.0, c.L), hL = 1e-7 * std::max(1.0, c.L);
        for (int j = 0; j < 3; ++j) {
            Clothoid d = c;
            const double h = j < 2 ? hk : hL;
            (j == 0 ? d.k0 : j == 1 ? d.k1 : d.L) += h;
            J.col(j) = (residual(d, target) - r) / h;
        }
        const Eigen::Vector3d step = J.fullPivLu().solve(-r);
        if (!step.allFinite()) return false;
        c.k0 += step(0);
        c.k1 += step(1);
        c.L += step(2);
        if (!(c.L > 0)) return false;
    }
    return residual(c, target).norm() < kNewton;
}

struct Fitter {
    std::vector<Sample> S;
    const AlignmentFitOptions& o;
    AlignmentFit out;
    std::vector<double> uFit; // per horizontal piece boundary: fitted distance; uOrig the original one
    std::vector<double> uOrig;
    std::vector<double> planError, heightError; // per sample

    // horizontal piece over samples [a, b]
    void horizontal(std::size_t a, std::size_t b) {
        const Sample &A = S[a], &B = S[b];
        const double c = std::cos(A.heading), s = std::sin(A.heading);
        const Vec3 d = B.P - A.P;
        const Vec3 target(c * d.x() + s * d.y(), -s * d.x() + c * d.y(), B.heading - A.heading);
        const double Lh = B.u - A.u;
        Clothoid k;
        k.L = Lh;
        k.k0 = (S[a + 1].heading - A.heading) / (S[a + 1].u - A.u);
        k.k1 = (B.heading - S[b - 1].heading) / (B.u - S[b - 1].u);
        bool ok = solve(k, target);
        if (!ok) { // from the arc through the ends
            k.k0 = k.k1 = target.z() / Lh;
            k.L = Lh;
            ok = solve(k, target);
        }
        std::vector<double> err(b - a + 1, 0.0);
        double worst = 0.0;
        if (ok)
            for (std::size_t i = a + 1; i < b; ++i) {
                const double sf = (S[i].u - A.u) * k.L / Lh;
                const Vec3 q = k.point(sf);
                const Vec3 w(A.P.x() + c * q.x() - s * q.y(), A.P.y() + s * q.x() + c * q.y(), 0.0);
                err[i - a] = std::hypot(w.x() - S[i].P.x(), w.y() - S[i].P.y());
                worst = std::max(worst, err[i - a]);
            }
        if ((!ok || worst > kShare * o.positionTolerance) && b - a >= 4) {
            const std::size_t m = (a + b) / 2;
            horizontal(a, m);
            horizontal(m, b);
            return;
        }
        if (!ok)
            throw std::invalid_argument("no clothoid joins its points " + numberText(A.u) + " m and " +
                                        numberText(B.u) + " m along it");
        for (std::size_t i = a + 1; i < b; ++i)
            planError[i] = err[i - a];
        FittedHorizontal h;
        h.start = A.P;
        h.direction = std::remainder(A.heading, 2 * kPi);
        h.length = k.L;
        if (std::abs(k.k0) < kStraight && std::abs(k.k1) < kStraight) {
            h.type = "LINE";
        } else if (std::abs(k.k1 - k.k0) < kStraight) {
            h.type = "CIRCULARARC";
            h.radiusStart = h.radiusEnd = 2.0 / (k.k0 + k.k1);
        } else {
            h.type = "CLOTHOID";
            h.radiusStart = std::abs(k.k0) < kStraight ? 0.0 : 1.0 / k.k0;
            h.radiusEnd = std::abs(k.k1) < kStraight ? 0.0 : 1.0 / k.k1;
        }
        out.horizontal.push_back(h);
        uFit.push_back(uFit.back() + k.L);
        uOrig.push_back(B.u);
        const Vec3 e = k.point(k.L);
        out.endError =
            std::hypot(A.P.x() + c * e.x() - s * e.y() - B.P.x(), A.P.y() + s * e.x() + c * e.y() - B.P.y());
    }

    // vertical piece over samples [a, b], in the original's horizontal distance
    void vertical(std::size_t a, std::size_t b) {
        const Sample &A = S[a], &B = S[b];
        const double Lh = B.u - A.u;
        const double g0 = A.gradient, g1 = 2 * (B.P.z() - A.P.z()) / Lh - g0;
        const bool constant = std::abs(g1 - g0) < 1e-9;
        const auto z = [&](double x) {
            return A.P.z() + g0 * x + (constant ? 0.0 : (g1 - g0) * x * x / (2 * Lh));
        };
        double worst = 0.0;
        for (std::size_t i = a + 1; i < b; ++i)
            worst = std::max(worst, std::abs(z(S[i].u - A.u) - S[i].P.z()));
        const double kink = std::abs((constant ? g0 : g1) - B.gradient);
        if ((worst > kShare * o.positionTolerance || kink > kGradientKink) && b - a >= 4) {
            const std::size_t m = (a + b) / 2;
            vertical(a, m);
            vertical(m, b);
            return;
        }
        for (std::size_t i = a + 1; i < b; ++i)
            heightError[i] = std::abs(z(S[i].u - A.u) - S[i].P.z());
        VerticalPieceSpec p;
        p.type = constant ? VerticalPieceSpec::Type::ConstantGradient : VerticalPieceSpec::Type::ParabolicArc;
        p.from = A.u; // mapped to the fitted distance below
        p.length = Lh;
        p.startHeight = A.P.z();
        p.startGradient = g0;
        p.endGradient = constant ? g0 : g1;
        out.vertical.push_back(p);
    }

    double cantOf(double bank) const { return -o.railHeadDistance * std::sin(bank); }

    // cant segment over samples [a, b]
    void cant(std::size_t a, std::size_t b) {
        const Sample &A = S[a], &B = S[b];
        const double D0 = cantOf(A.bank), D1 = cantOf(B.bank), Lh = B.u - A.u;
        double worst = 0.0;
        bool same = D0 == D1;
        for (std::size_t i = a + 1; i < b; ++i) {
            const double D = D0 + (D1 - D0) * (S[i].u - A.u) / Lh;
            worst = std::max(worst, std::abs(-std::asin(D / o.railHeadDistance) - S[i].bank));
            same = same && cantOf(S[i].bank) == D0;
        }
        if (worst > o.bankTolerance && b - a >= 4) {
            const std::size_t m = (a + b) / 2;
            cant(a, m);
            cant(m, b);
            return;
        }
        out.worstBank = std::max(out.worstBank, worst);
        CantSegmentSpec c;
        c.type = same ? CantSegmentSpec::Type::Constant : CantSegmentSpec::Type::Linear;
        c.from = A.u;
        c.length = Lh;
        c.startCantRight = D0;
        c.endCantRight = same ? D0 : D1;
        out.cant.push_back(c);
    }

    // the original's horizontal distance u -> the fitted one (piecewise linear through the segments' ends)
    double mapped(double u) const {
        const std::size_t n = uOrig.size();
        std::size_t j = 0;
        while (j + 2 < n && uOrig[j + 1] <= u)
            ++j;
        return uFit[j] + (u - uOrig[j]) * (uFit[j + 1] - uFit[j]) / (uOrig[j + 1] - uOrig[j]);
    }
};

} // namespace

AlignmentFit fitAlignment(const Layout& layout, std::size_t track, int dir,
                          const AlignmentFitOptions& options) {
    const Track& t = layout.track(track);
    if (!t.onGround()) throw std::invalid_argument("it is on the moving body '" + t.body() + "'");
    const double L = t.length();
    const int n = std::max(4, int(std::ceil(L / kSampleStep)));
    Fitter f{{}, options, {}, {0.0}, {0.0}, {}, {}};
    f.S.resize(std::size_t(n) + 1);
    double previousHeading = 0.0;
    for (int i = 0; i <= n; ++i) {
        const double s = dir > 0 ? L * i / n : L * (n - i) / n;
        const TwistedFrame w = layout.frameInWorld(track, s);
        const Vec3 T = dir > 0 ? w.F.T : Vec3(-w.F.T);
        if (std::abs(T.z()) > kSteep)
            throw std::invalid_argument("its tangent is steeper than 80 degrees at s = " + numberText(s) +
                                        " m: IFC alignments have no vertical tangent");
        if (t.upsideDown(s)) throw std::invalid_argument("it is upside down at s = " + numberText(s) + " m");
        Sample& x = f.S[std::size_t(i)];
        x.P = w.F.P;
        const double h = std::atan2(T.y(), T.x());
        x.heading = i == 0 ? h : previousHeading + std::remainder(h - previousHeading, 2 * kPi);
        previousHeading = x.heading;
        const double flat = std::hypot(T.x(), T.y());
        x.gradient = T.z() / flat;
        x.bank = dir * t.bank(s).wt;
        if (std::abs(x.bank) > 80.0 * kPi / 180.0)
            throw std::invalid_argument("it is banked by " + numberText(x.bank) + " rad at s = " +
                                        numberText(s) + " m: a cant states banks up to 80 degrees here");
        if (i > 0) {
            const Sample& p = f.S[std::size_t(i) - 1];
            // the horizontal distance: the chord in plan, corrected for the turn between the samples
            const double chord = std::hypot(x.P.x() - p.P.x(), x.P.y() - p.P.y());
            const double turn = x.heading - p.heading;
            x.u = p.u + (std::abs(turn) > 1e-8 ? chord * (turn / 2) / std::sin(turn / 2) : chord);
        }
    }
    f.planError.assign(f.S.size(), 0.0);
    f.heightError.assign(f.S.size(), 0.0);
    f.horizontal(0, std::size_t(n));
    f.vertical(0, std::size_t(n));
    f.cant(0, std::size_t(n));
    AlignmentFit out = std::move(f.out);
    out.horizontalLength = f.uFit.back();
    for (VerticalPieceSpec& p : out.vertical) {
        const double a = f.mapped(p.from), b = f.mapped(p.from + p.length);
        p.from = a;
        p.length = b - a;
    }
    for (CantSegmentSpec& c : out.cant) {
        const double a = f.mapped(c.from), b = f.mapped(c.from + c.length);
        c.from = a;
        c.length = b - a;
    }
    // the last pieces end where the segments do
    out.vertical.back().length = out.horizontalLength - out.vertical.back().from;
    out.cant.back().length = out.horizontalLength - out.cant.back().from;
    for (std::size_t i = 0; i < f.S.size(); ++i)
        out.worstPosition = std::max(out.worstPosition, std::hypot(f.planError[i], f.heightError[i]));
    return out;
}

} // namespace tl
