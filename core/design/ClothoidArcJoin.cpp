#include "core/design/ClothoidArcJoin.h"

#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"

#include <Eigen/Dense>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tl::design {

namespace {

constexpr double pi = std::numbers::pi;

// Continue `s` along a piece whose curvature goes linearly from ka to kb over L.
PlanarPose advance(const PlanarPose& s, double ka, double kb, double L) {
    if (!(L > 0.0)) return s;
    Vec3 d;
    if (ka == kb)
        d = std::abs(ka) < 1e-15 ? Vec3(L, 0, 0) : Arc(1.0 / std::abs(ka), ka * L).frame(L).P;
    else
        d = Clothoid(L, ka, kb).frame(L).P;
    const double c = std::cos(s.heading), sn = std::sin(s.heading);
    return {s.x + c * d.x() - sn * d.y(), s.y + sn * d.x() + c * d.y(), s.heading + 0.5 * (ka + kb) * L};
}

struct Problem {
    double X, Y, turn, k0, k1;

    // The arc's length from the heading equation: turn = (k0 + kc) L1 / 2 + kc La + (kc + k1) L2 / 2.
    double arcLength(const Eigen::Vector3d& u) const {
        return (turn - 0.5 * (k0 + u[0]) * u[1] - 0.5 * (u[0] + k1) * u[2]) / u[0];
    }
    ClothoidArcClothoid connector(const Eigen::Vector3d& u) const {
        return {k0, u[0], k1, u[1], arcLength(u), u[2]};
    }
    Eigen::Vector2d residual(const Eigen::Vector3d& u) const {
        const PlanarPose e = clothoidArcClothoidEnd(connector(u));
        return {e.x - X, e.y - Y};
    }
    bool admissible(const Eigen::Vector3d& u) const {
        return std::isfinite(u[0]) && u[0] * turn > 0.0 && u[1] > 0.0 && u[2] > 0.0 && arcLength(u) >= 0.0;
    }
};

std::optional<Eigen::Vector3d> solve(const Problem& P, Eigen::Vector3d u) {
    try {
        if (!P.admissible(u)) return std::nullopt;
        Eigen::Vector2d r = P.residual(u);
        for (int it = 0; it < 60; ++it) {
            if (r.norm() < 1e-11) return u;
            Eigen::Matrix<double, 2, 3> J;
            for (int j = 0; j < 3; ++j) {
                const double h = j == 0 ? 1e-7 * std::max(std::abs(u[0]), 1e-4) : 1e-6 * std::max(u[j], 1.0);
                Eigen::Vector3d up = u, um = u;
                up[j] += h;
                um[j] -= h;
                if (!P.admissible(up) || !P.admissible(um)) {
                    up = u;
                    up[j] += h;
                    if (!P.admissible(up)) return std::nullopt;
                    J.col(j) = (P.residual(up) - r) / h;
                } else {
                    J.col(j) = (P.residual(up) - P.residual(um)) / (2 * h);
                }
            }
            // minimum-norm step in scaled unknowns (curvature against lengths)
            const Eigen::Vector3d scale(std::max(std::abs(u[0]), 1e-4), std::max(u[1], 1.0),
                                        std::max(u[2], 1.0));
            const Eigen::Matrix<double, 2, 3> Js = J * scale.asDiagonal();
            const Eigen::Matrix2d JJ = Js * Js.transpose();
            if (std::abs(JJ.determinant()) < 1e-300) return std::nullopt;
            const Eigen::Vector3d step = -(scale.asDiagonal() * (Js.transpose() * JJ.ldlt().solve(r)));
            double a = 1.0;
            bool improved = false;
            for (int k = 0; k < 30; ++k, a *= 0.5) {
                const Eigen::Vector3d v = u + a * step;
                if (!P.admissible(v)) continue;
                const Eigen::Vector2d rv = P.residual(v);
                if (rv.norm() < r.norm()) {
                    u = v;
                    r = rv;
                    improved = true;
                    break;
                }
            }
            if (!improved) return r.norm() < 1e-11 ? std::optional(u) : std::nullopt;
        }
        return r.norm() < 1e-11 ? std::optional(u) : std::nullopt;
    } catch (const std::invalid_argument&) { // a degenerate piece on the way
        return std::nullopt;
    }
}

} // namespace

PlanarPose clothoidArcClothoidEnd(const ClothoidArcClothoid& c) {
    PlanarPose p = advance({}, c.k0, c.kc, c.L1);
    p = advance(p, c.kc, c.kc, c.La);
    return advance(p, c.kc, c.k1, c.L2);
}

std::optional<ClothoidArcClothoid> fitClothoidArcClothoid(double X, double Y, double heading, double k0,
                                                          double k1, double minRadius, double minLength) {
    const double chord = std::hypot(X, Y);
    if (!(chord > 1e-6) || !std::isfinite(heading)) return std::nullopt;
    const double d0 = std::remainder(heading, 2 * pi);
    std::optional<ClothoidArcClothoid> best;
    for (const double turn : {d0, d0 - std::copysign(2 * pi, d0)}) {
        if (std::abs(turn) < 1e-6 || std::abs(turn) >= 2 * pi) continue;
        // the long way round only for a half turn (either way is as short: closing a loop)
        if (turn != d0 && std::abs(d0) < pi - 0.2) continue;
        const Problem P{X, Y, turn, k0, k1};
        // seeds: the circular arc from the start through the end, with transitions of a share of it
        const double sinHalf = std::abs(std::sin(0.5 * turn));
        const double S0 = sinHalf > 1e-3 ? chord / (2 * sinHalf) * std::abs(turn) : chord;
        // in order of preference: symmetric transitions of 30 % of the turn, then others
        for (const double f : {0.3, 0.15, 0.45}) {
            for (const double ratio : {1.0, 0.5, 2.0}) {
                const double L1 = f * S0 * std::min(1.0, ratio), L2 = f * S0 * std::min(1.0, 1.0 / ratio);
                const double kc = turn / std::max(S0 - 0.5 * (L1 + L2), 1e-3);
                const auto u = solve(P, Eigen::Vector3d(kc, L1, L2));
                if (!u) continue;
                const ClothoidArcClothoid c = P.connector(*u);
                if (std::abs(c.kc) * minRadius > 1.0 || c.L1 < minLength || c.L2 < minLength) continue;
                best = c;
                break;
            }
            if (best) break;
        }
        if (best) break;
    }
    if (best && best->La < 1e-9) best->La = 0.0; // two clothoids meeting at kc
    return best;
}

} // namespace tl::design
