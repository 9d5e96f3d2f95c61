#include "core/curves/Spline.h"

#include "core/geometry/GaussLegendre.h"

#include "core/curves/CurveArguments.h"
#include "core/geometry/Limits.h"

#include <Eigen/Sparse>
#include <Eigen/SparseLU>

#include <algorithm>
#include <functional>
#include <limits>
#include <numbers>

namespace tl {

namespace {

constexpr int kMaxDepth = 30;               // adaptive subdivision limit (t-width 1e-9 of a segment)
constexpr double kMaxNormalTurn = 0.906308; // cos(25 deg): max turn of the signed normal per quarter node
constexpr double kStraightRel2 = Spline::kStraightRel2;

struct Derivs {
    Vec3 d1, d2, d3; // dP/dt, d2P/dt2, d3P/dt3
};

// Unit principal normal (unsigned) where the curvature is well defined.
std::optional<Vec3> frenetNormal(const Derivs& D) {
    const Vec3 w = D.d1.cross(D.d2);
    const double w2 = w.squaredNorm();
    if (w2 <= kStraightRel2 * D.d1.squaredNorm() * (D.d2.squaredNorm() + D.d3.squaredNorm()))
        return std::nullopt;
    return (w / std::sqrt(w2)).cross(D.d1.normalized());
}

Vec3 rotateAbout(const Vec3& v, const Vec3& axis, double phi) { // Rodrigues, axis unit
    const double c = std::cos(phi), s = std::sin(phi);
    return c * v + s * axis.cross(v) + (1.0 - c) * axis.dot(v) * axis;
}

Vec3 projectUnit(const Vec3& v, const Vec3& T) {
    return (v - v.dot(T) * T).normalized();
}

constexpr double kX3 = 0.7745966692414834; // 3-point Gauss-Legendre: 0, +-sqrt(3/5); weights 8/9, 5/9

// s -> t on one sub-interval: cubic Hermite seed t(sigma), then one Newton step on
// f(t) = int_{t0}^{t} |P'| - ds with the integral by 3-point Gauss-Legendre and f' = 1 / (dt/ds of the seed).
// The construction checks (Spline::acceptable) run this very function.
inline double invertOnNode(const Vec3& b, const Vec3& c, const Vec3& d, double t0, const double* seed,
                           double invDs, double ds) {
    const double sigma = ds * invDs;
    const double t = seed[0] + sigma * (seed[1] + sigma * (seed[2] + sigma * seed[3]));
    const double dtds = (seed[1] + sigma * (2.0 * seed[2] + 3.0 * sigma * seed[3])) * invDs;
    const Vec3 c2 = 2.0 * c, d3 = 3.0 * d;
    const double hw = 0.5 * (t - t0), mid = t0 + hw, ta = mid - hw * kX3, tb = mid + hw * kX3;
    const double q = (8.0 / 9.0) * (b + mid * (c2 + mid * d3)).norm() +
                     (5.0 / 9.0) * ((b + ta * (c2 + ta * d3)).norm() + (b + tb * (c2 + tb * d3)).norm());
    return t - (q * hw - ds) * dtds;
}

} // namespace

namespace {
// The points' checks of both constructors.
void checkPoints(const std::vector<Spline::ControlPoint>& points_, bool closed_) {
    const size_t n = points_.size();
    if (n < 2) throw std::invalid_argument("spline needs at least 2 points (got " + std::to_string(n) + ")");
    if (closed_ && n < 3) throw std::invalid_argument("closed spline needs at least 3 points");
    if (n > limits::kMaxSplinePoints)
        throw std::invalid_argument("spline has " + std::to_string(n) + " points, the limit is " +
                                    std::to_string(limits::kMaxSplinePoints));
    for (size_t i = 0; i < n; ++i) {
        const std::string where = "spline point " + std::to_string(i);
        args::requireFinite(points_[i].position, where + " position");
        if (points_[i].tangent) {
            args::requireFinite(*points_[i].tangent, where + " tangent");
            if (!(points_[i].tangent->norm() > 1e-12))
                throw std::invalid_argument(where + " tangent must be non-zero");
            if (!(points_[i].tangent->norm() <= limits::kMaxSplineTangent))
                throw std::invalid_argument(where + " tangent is longer than " +
                                            std::to_string(limits::kMaxSplineTangent) +
                                            " (about 1 is the natural magnitude)");
        }
    }
}
} // namespace

namespace {
// The polyline's length through the points; throws where consecutive points coincide.
double chordLength(const std::vector<Spline::ControlPoint>& points_, bool closed_) {
    const size_t n = points_.size();
    const size_t nseg = closed_ ? n : n - 1;
    double chord = 0.0;
    for (size_t i = 0; i < nseg; ++i) {
        const double h = (points_[(i + 1) % n].position - points_[i].position).norm();
        if (!(h > 1e-9))
            throw std::invalid_argument("spline points " + std::to_string(i) + " and " +
                                        std::to_string((i + 1) % n) + " coincide");
        chord += h;
    }
    return chord;
}

} // namespace

Spline::Spline(std::vector<ControlPoint> points, bool closed) : points_(std::move(points)), closed_(closed) {
    checkPoints(points_, closed_);
    epsS_ = 1e-13 * std::max(1.0, chordLength(points_, closed_));
    solveDerivatives();
    buildSegments();
    buildArcLengthTable();
    buildReferenceFrames();
    copyIntoPieces();
}

Spline::Spline(std::vector<ControlPoint> points, std::vector<double> s, std::vector<double> speed)
    : points_(std::move(points)), closed_(false), givenS_(true), sAt_(std::move(s)) {
    const size_t n = points_.size();
    if (sAt_.size() != n || speed.size() != n)
        throw std::invalid_argument("spline: " + std::to_string(sAt_.size()) + " values of s and " +
                                    std::to_string(speed.size()) + " speeds for " + std::to_string(n) +
                                    " points");
    if (n < 2 || sAt_[0] != 0.0) throw std::invalid_argument("spline: s must start at 0 at the first point");
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && !(sAt_[i] > sAt_[i - 1] && std::isfinite(sAt_[i])))
            throw std::invalid_argument("spline: s must increase: " + std::to_string(sAt_[i]) + " at point " +
                                        std::to_string(i) + " after " + std::to_string(sAt_[i - 1]));
        if (!(speed[i] > 0.0 && std::isfinite(speed[i])))
            throw std::invalid_argument("spline: the speed at point " + std::to_string(i) + " must be > 0");
    }
    checkPoints(points_, false);
    epsS_ = 1e-13 * std::max(1.0, sAt_.back());
    chordLength(points_, false);
    solveDerivatives(); // on chord-length knots, as the other constructor
    buildSegments();
    sSlope_.resize(n);
    for (size_t i = 0; i < n; ++i)
        sSlope_[i] = m_[i].norm() / speed[i];
    buildGivenSTable();
    buildReferenceFrames();
    copyIntoPieces();
}

// givenS_: t(s) on segment seg, the cubic Hermite in sigma = (s - s_seg) / (s_seg+1 - s_seg) from 0 to 1
// with the slopes dt/dsigma = (s_seg+1 - s_seg) / (ds/du du) at its ends: {c0, c1, c2, c3} of sigma^k.
std::array<double, 4> Spline::segmentInverse(int seg) const {
    const Segment& g = segments_[std::size_t(seg)];
    const double ds = sAt_[std::size_t(seg) + 1] - sAt_[std::size_t(seg)];
    const double m0 = ds / (sSlope_[std::size_t(seg)] * g.du),
                 m1 = ds / (sSlope_[std::size_t(seg) + 1] * g.du);
    return {0.0, m0, 3.0 - 2.0 * m0 - m1, m0 + m1 - 2.0};
}

// givenS_: nodes over halves of each segment's s (split further while the normal turns fast: acceptable's
// (c)), each with one piece: t(s) re-expanded in the piece's x exactly (a cubic: nothing to fit or verify).
void Spline::buildGivenSTable() {
    nodes_.clear();
    pieces_.clear();
    pieceInfo_.clear();
    for (int i = 0; i < segmentCount(); ++i) {
        const double sa = sAt_[std::size_t(i)], sb = sAt_[std::size_t(i) + 1];
        const std::array<double, 4> c = segmentInverse(i);
        // monotone (Fritsch-Carlson): slopes in (0, 3] of the mean
        if (!(c[1] > 0.0 && c[1] <= 3.0 && c[1] + c[2] + c[3] > 0.0 && (c[1] + 2 * c[2] + 3 * c[3]) <= 3.0 &&
              c[1] + 2 * c[2] + 3 * c[3] > 0.0))
            throw std::invalid_argument(
                "spline segment " + std::to_string(i) +
                ": s does not follow the points (its rate there is off by more than 3x)");
        segments_[std::size_t(i)].s0 = sa;
        auto tAt = [&](double sigma) {
            return sigma == 1.0 ? 1.0 : ((c[3] * sigma + c[2]) * sigma + c[1]) * sigma;
        };
        std::vector<std::pair<double, double>> spans; // sigma ranges
        const std::function<void(double, double, int)> split = [&](double a, double b, int depth) {
            if (depth < kMaxDepth && !(depth >= 1 && acceptable(i, tAt(a), tAt(b)))) {
                const double m = 0.5 * (a + b);
                split(a, m, depth + 1);
                split(m, b, depth + 1);
                return;
            }
            spans.emplace_back(a, b);
        };
        split(0.0, 1.0, 0);
        for (const auto& [a, b] : spans) {
            Node nd{};
            nd.seg = i;
            nd.t0 = tAt(a);
            nd.t1 = tAt(b);
            nd.s0 = a == 0.0 ? sa : sa + a * (sb - sa);
            nd.s1 = b == 1.0 ? sb : sa + b * (sb - sa);
            nd.invDs = 1.0 / (nd.s1 - nd.s0);
            nd.seed[0] = nd.t0;
            nd.seed[1] = nd.t1 - nd.t0;
            Piece pc{};
            pc.s0 = nd.s0;
            pc.invDs = 2.0 * nd.invDs;
            // sigma = A + B x on the piece, t = sum c_k sigma^k expanded in x
            const double A = 0.5 * (a + b), B = 0.5 * (b - a);
            pc.m[0] = ((c[3] * A + c[2]) * A + c[1]) * A;
            pc.m[1] = (3 * c[3] * A * A + 2 * c[2] * A + c[1]) * B;
            pc.m[2] = (3 * c[3] * A + c[2]) * B * B;
            pc.m[3] = c[3] * B * B * B;
            nodes_.push_back(nd);
            pieces_.push_back(pc);
            pieceInfo_.push_back({int(nodes_.size()) - 1, false});
        }
    }
    length_ = sAt_.back();
    buildBuckets();
}

// C2 system for m_i = dP/du (chord-length knots): natural ends (open) or periodic (closed); a handle
// replaces its point's row by m_i = handle.
void Spline::solveDerivatives() {
    const int n = static_cast<int>(points_.size());
    const int nseg = closed_ ? n : n - 1;
    auto P = [&](int i) { return points_[((i % n) + n) % n].position; };
    std::vector<double> h(nseg);
    for (int i = 0; i < nseg; ++i)
        h[i] = (P(i + 1) - P(i)).norm();
    std::vector<Eigen::Triplet<double>> trip;
    Eigen::MatrixX3d rhs(n, 3);
    for (int i = 0; i < n; ++i) {
        if (points_[i].tangent) {
            trip.emplace_back(i, i, 1.0);
            rhs.row(i) = points_[i].tangent->transpose();
            continue;
        }
        if (!closed_ && i == 0) {
            trip.emplace_back(0, 0, 2.0);
            trip.emplace_back(0, 1, 1.0);
            rhs.row(0) = (3.0 * (P(1) - P(0)) / h[0]).transpose();
        } else if (!closed_ && i == n - 1) {
            trip.emplace_back(i, i - 1, 1.0);
            trip.emplace_back(i, i, 2.0);
            rhs.row(i) = (3.0 * (P(i) - P(i - 1)) / h[i - 1]).transpose();
        } else {
            const int im = (i - 1 + n) % n, ip = (i + 1) % n;
            const double h0 = h[(i - 1 + nseg) % nseg], h1 = h[i % nseg];
            trip.emplace_back(i, im, h1);
            trip.emplace_back(i, i, 2.0 * (h0 + h1));
            trip.emplace_back(i, ip, h0);
            rhs.row(i) = (3.0 * (h1 * (P(i) - P(i - 1)) / h0 + h0 * (P(i + 1) - P(i)) / h1)).transpose();
        }
    }
    Eigen::SparseMatrix<double> A(n, n);
    A.setFromTriplets(trip.begin(), trip.end()); // duplicates (n = 3 closed wrap) are summed
    Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
    lu.compute(A);
    if (lu.info() != Eigen::Success) throw std::invalid_argument("spline: singular derivative system");
    const Eigen::MatrixX3d m = lu.solve(rhs);
    if (!m.allFinite()) throw std::invalid_argument("spline: derivative system has no finite solution");
    m_.resize(n);
    for (int i = 0; i < n; ++i)
        m_[i] = m.row(i).transpose();
}

void Spline::buildSegments() {
    const int n = static_cast<int>(points_.size());
    const int nseg = closed_ ? n : n - 1;
    segments_.resize(nseg);
    double u = 0.0;
    for (int i = 0; i < nseg; ++i) {
        const Vec3 p0 = points_[i].position, p1 = points_[(i + 1) % n].position;
        const double h = (p1 - p0).norm();
        const Vec3 v0 = m_[i] * h, v1 = m_[(i + 1) % n] * h; // dP/dt
        Segment& g = segments_[i];
        g.a = p0;
        g.b = v0;
        g.c = 3.0 * (p1 - p0) - 2.0 * v0 - v1;
        g.d = 2.0 * (p0 - p1) + v0 + v1;
        g.u0 = u;
        g.du = h;
        g.s0 = 0.0;
        u += h;
    }
}

double Spline::speed(int seg, double t) const {
    const Segment& g = segments_[seg];

    return (g.b + t * (2.0 * g.c + 3.0 * t * g.d)).norm();
}

double Spline::integrate(int seg, double ta, double tb) const {
    double sum = 0.0; // two halves, 8-point Gauss-Legendre each (core/geometry/GaussLegendre.h)
    const double hw = 0.25 * (tb - ta);
    const auto f = [&](double t) { return speed(seg, t); };
    for (double mid : {ta + hw, tb - hw})
        sum = gauss::accumulate8(sum, f, mid, hw);
    return sum * hw;
}

// Sub-interval [ta, tb] is accepted when (a) 3-point GL matches the accurate integral (2 x 8-point GL),
// (b) the runtime inversion (invertOnNode) matches the converged inverse to epsS_ at 5 points,
// (c) the signed principal normal turns by < 25 degrees per quarter and |tau| ds/4 < 0.4 rad.
bool Spline::acceptable(int seg, double ta, double tb) const {
    const double L = givenS_ ? (position(seg, tb) - position(seg, ta)).norm() : integrate(seg, ta, tb);
    if (givenS_) return normalTurnsSlowly(seg, ta, tb, L); // no arc-length table to check
    const double hw = 0.5 * (tb - ta), mid = 0.5 * (ta + tb);
    const double g3 = (8.0 / 9.0) * speed(seg, mid) +
                      (5.0 / 9.0) * (speed(seg, mid - hw * kX3) + speed(seg, mid + hw * kX3));
    if (std::abs(g3 * hw - L) > epsS_) return false;

    Node nd{};
    nd.seg = seg;
    nd.t0 = ta;
    nd.t1 = tb;
    nd.s0 = 0.0;
    nd.s1 = L;
    nd.invDs = 1.0 / L;
    const double m0 = L / speed(seg, ta), m1 = L / speed(seg, tb), dt = tb - ta;
    nd.seed[0] = ta;
    nd.seed[1] = m0;
    nd.seed[2] = 3.0 * dt - 2.0 * m0 - m1;
    nd.seed[3] = -2.0 * dt + m0 + m1;
    const Segment& g = segments_[seg];
    for (double sigma : {0.1, 0.3, 0.5, 0.7, 0.9}) {
        const double s = sigma * L;
        // runtime procedure (same code path as locate())
        const double tr = invertOnNode(g.b, g.c, g.d, ta, nd.seed, nd.invDs, s);
        // the converged inverse with the accurate integral, by Newton from the runtime's answer (a few
        // iterations to the same root as from the linear guess ta + sigma dt, which took several more)
        double t = std::isfinite(tr) ? tr : ta + sigma * dt;
        for (int it = 0; it < 60; ++it) {
            const double step = (integrate(seg, ta, t) - s) / speed(seg, t);
            t -= step;
            if (std::abs(step) < 1e-16) break;
        }
        if (std::abs(tr - t) * speed(seg, t) > epsS_) return false;
    }
    return normalTurnsSlowly(seg, ta, tb, L);
}

// The signed curvature direction (kv / |kv|) must turn by < 25 deg between 5 samples: a half turn of kv
// (a planar inflection, or a near-zero pass in 3D) is then resolved down to the depth limit, so the
// sign continuation in buildReferenceFrames() tells a rapid rotation (kept) from a reversal (flipped).
bool Spline::normalTurnsSlowly(int seg, double ta, double tb, double L) const {
    const Segment& g = segments_[seg];
    auto derivs = [&](double t) {
        return Derivs{g.b + t * (2.0 * g.c + 3.0 * t * g.d), 2.0 * g.c + 6.0 * t * g.d, 6.0 * g.d};
    };
    std::optional<Vec3> prev;
    for (int k = 0; k <= 4; ++k) {
        const Derivs D = derivs(ta + 0.25 * k * (tb - ta));
        const auto n = frenetNormal(D);
        if (n && prev && n->dot(*prev) < kMaxNormalTurn) return false;
        if (n) { // torsion sweep: |tau| * (sub-interval length / 4) must stay small too
            const Vec3 w = D.d1.cross(D.d2);
            if (std::abs(w.dot(D.d3)) / w.squaredNorm() * 0.25 * L > 0.4) return false;
        }
        prev = n;
    }
    return true;
}

void Spline::subdivide(int seg, double ta, double tb, int depth, std::size_t segStart,
                       std::vector<Node>& out) const {
    // the refinement's caps: say so instead of working on
    if (out.size() - segStart >= limits::kMaxSplineNodesPerSegment || out.size() >= limits::kMaxSplineNodes)
        throw std::invalid_argument(
            "spline segment " + std::to_string(seg) + ": the arc-length table reached its cap of " +
            std::to_string(out.size() >= limits::kMaxSplineNodes ? limits::kMaxSplineNodes
                                                                 : limits::kMaxSplineNodesPerSegment) +
            " sub-intervals (the curve between these points is too long or convoluted; add points)");
    if (depth < kMaxDepth && !acceptable(seg, ta, tb)) {
        const double tm = 0.5 * (ta + tb);
        subdivide(seg, ta, tm, depth + 1, segStart, out);
        subdivide(seg, tm, tb, depth + 1, segStart, out);
        return;
    }
    Node nd{};
    nd.seg = seg;
    nd.t0 = ta;
    nd.t1 = tb;
    out.push_back(nd);
}

void Spline::buildArcLengthTable() {
    nodes_.clear();
    for (int i = 0; i < segmentCount(); ++i) {
        // Reject a cusp (|dP/dt| = 0, e.g. handles pointing backwards): min of |P'|^2 by sampling, then
        // Newton on d/dt |P'|^2 = 2 P'.P'' = 0 around the smallest sample.
        const Segment& g = segments_[i];
        int kmin = 0;
        for (int k = 1; k <= 64; ++k)
            if (speed(i, k / 64.0) < speed(i, kmin / 64.0)) kmin = k;
        double t = kmin / 64.0;
        for (int it = 0; it < 20; ++it) {
            const Vec3 d1 = g.b + t * (2.0 * g.c + 3.0 * t * g.d), d2 = 2.0 * g.c + 6.0 * t * g.d;
            const double f1 = d1.dot(d2), f2 = d2.squaredNorm() + d1.dot(6.0 * g.d);
            if (!(f2 > 0.0)) break;
            t = std::clamp(t - f1 / f2, std::max(0.0, (kmin - 1) / 64.0), std::min(1.0, (kmin + 1) / 64.0));
        }
        if (std::min(speed(i, t), speed(i, kmin / 64.0)) < 1e-6 * g.du)
            throw std::invalid_argument(
                "spline segment " + std::to_string(i) +
                ": the tangent handles make a cusp (zero speed); shorten or turn them");
        const std::size_t segStart = nodes_.size();
        subdivide(i, 0.0, 0.5, 1, segStart, nodes_); // at least two sub-intervals per segment
        subdivide(i, 0.5, 1.0, 1, segStart, nodes_);
    }
    double s = 0.0;
    int seg = -1;
    for (Node& nd : nodes_) {
        if (nd.seg != seg) {
            seg = nd.seg;
            segments_[seg].s0 = s;
        }
        const double L = integrate(nd.seg, nd.t0, nd.t1);
        nd.s0 = s;
        nd.s1 = s + L;
        nd.invDs = 1.0 / L;
        const double m0 = L / speed(nd.seg, nd.t0), m1 = L / speed(nd.seg, nd.t1), dt = nd.t1 - nd.t0;
        nd.seed[0] = nd.t0;
        nd.seed[1] = m0;
        nd.seed[2] = 3.0 * dt - 2.0 * m0 - m1;
        nd.seed[3] = -2.0 * dt + m0 + m1;
        s += L;
    }
    length_ = s;
    buildInversion();
}

// Converged local t at arc length nd.s0 + ds of node `node` (Newton on the accurate integral).
double Spline::exactInverse(int node, double ds, double t) const {
    const Node& nd = nodes_[node];
    for (int it = 0; it < 60; ++it) {
        const double step = (integrate(nd.seg, nd.t0, t) - ds) / speed(nd.seg, t);
        t = std::clamp(t - step, nd.t0, nd.t1);
        if (std::abs(step) < 1e-16) break;
    }
    return t;
}

void Spline::fitPieces(int node, double a, double b, int depth) {
    constexpr int n = kInvDegree;
    const Node& nd = nodes_[node];
    const Segment& g = segments_[nd.seg];
    Piece pc{};
    pc.s0 = nd.s0 + a;
    pc.invDs = 2.0 / (b - a);
    // the cosines below, once: cos(pi k j / n) of the transform, the Lobatto points cos(pi j / n) (its k = 1
    // row) and the check points cos(pi (j + 1/2) / (4 n))
    struct Cosines {
        double transform[n + 1][n + 1];
        double check[4 * n];
        Cosines() {
            for (int k = 0; k <= n; ++k)
                for (int j = 0; j <= n; ++j)
                    transform[k][j] = std::cos(std::numbers::pi * k * j / n);
            for (int j = 0; j < 4 * n; ++j)
                check[j] = std::cos(std::numbers::pi * (j + 0.5) / (4 * n));
        }
    };
    static const Cosines cosines;
    // the converged inverse at the Chebyshev-Lobatto points x_j = cos(pi j / n) (ends exact: t0, t1)
    double tv[n + 1];
    for (int j = 0; j <= n; ++j) {
        const double x = cosines.transform[1][j], ds = a + 0.5 * (x + 1.0) * (b - a);
        if (j == n && a == 0.0)
            tv[j] = nd.t0;
        else if (j == 0 && b == nd.s1 - nd.s0)
            tv[j] = nd.t1;
        else
            tv[j] = exactInverse(node, ds, invertOnNode(g.b, g.c, g.d, nd.t0, nd.seed, nd.invDs, ds));
    }
    double c[n + 1];
    for (int k = 0; k <= n; ++k) { // discrete Chebyshev transform (interpolation at the Lobatto points)
        double sum = 0.0;
        for (int j = 0; j <= n; ++j)
            sum += (j == 0 || j == n ? 0.5 : 1.0) * tv[j] * cosines.transform[k][j];
        c[k] = (k == 0 || k == n ? 1.0 : 2.0) * sum / n;
    }
    static_assert(n == 5); // T2 = 2x^2 - 1, T3 = 4x^3 - 3x, T4 = 8x^4 - 8x^2 + 1, T5 = 16x^5 - 20x^3 + 5x
    pc.m[0] = c[0] - c[2] + c[4];
    pc.m[1] = c[1] - 3.0 * c[3] + 5.0 * c[5];
    pc.m[2] = 2.0 * c[2] - 8.0 * c[4];
    pc.m[3] = 4.0 * c[3] - 20.0 * c[5];
    pc.m[4] = 8.0 * c[4];
    pc.m[5] = 16.0 * c[5];
    // verify between the points (and at the quarter points of the ends' intervals)
    bool ok = true;
    for (int j = 0; j < 4 * n && ok; ++j) {
        const double x = cosines.check[j], ds = a + 0.5 * (x + 1.0) * (b - a);
        const double t = evalPiece(pc, nd.s0 + ds);
        ok = std::abs(integrate(nd.seg, nd.t0, t) - ds) <= epsS_;
    }
    if (ok) {
        pieces_.push_back(pc);
        pieceInfo_.push_back({node, false});
        return;
    }
    if (depth < 8) {
        const double m = 0.5 * (a + b);
        fitPieces(node, a, m, depth + 1);
        fitPieces(node, m, b, depth + 1);
        return;
    }
    pieces_.push_back(pc); // keep the seed + Newton inversion (verified by acceptable()) on this piece
    pieceInfo_.push_back({node, true});
}

void Spline::buildInversion() {
    pieces_.clear();
    pieceInfo_.clear();
    for (int j = 0; j < static_cast<int>(nodes_.size()); ++j)
        fitPieces(j, 0.0, nodes_[j].s1 - nodes_[j].s0, 0);
    buildBuckets();
}

void Spline::buildBuckets() {
    const int np = static_cast<int>(pieces_.size());
    pieceS0_.resize(np);
    for (int k = 0; k < np; ++k)
        pieceS0_[k] = pieces_[k].s0;
    pieceS0_.push_back(
        std::numeric_limits<double>::infinity()); // sentinel: the last piece's end, buckets' next
    for (int k = 0; k < np; ++k)
        pieces_[k].end = pieceInfo_[k].newton ? -std::numeric_limits<double>::infinity() : pieceS0_[k + 1];
    // buckets no longer than the shortest piece (at most 64 per piece, at least 2): a bucket then holds at
    // most one piece start, so the piece of s is bucket_[k].piece plus 0 or 1
    double shortest = length_;
    for (int k = 0; k < np; ++k)
        shortest = std::min(shortest, (k + 1 < np ? pieceS0_[k + 1] : length_) - pieceS0_[k]);
    const double want = shortest > 0.0 ? std::ceil(length_ / shortest) : 0.0;
    const int nb = std::max(2 * np, static_cast<int>(std::min(want, 64.0 * np)));
    bucketWidth_ = length_ / nb;
    invBucketWidth_ = 1.0 / bucketWidth_; // a guess of the bucket: locate() then checks exactly
    bucket_.resize(nb + 1);
    int j = 0;
    for (int k = 0; k <= nb; ++k) {
        const double sk = k * bucketWidth_;
        while (j + 1 < np && pieceS0_[j + 1] <= sk)
            ++j;
        bucket_[k] = {pieceS0_[j + 1], j};
    }
}

void Spline::copyIntoPieces() {
    for (std::size_t k = 0; k < pieces_.size(); ++k) {
        Piece& pc = pieces_[k];
        const Node& nd = nodes_[pieceInfo_[k].node];
        const Segment& g = segments_[nd.seg];
        pc.a = g.a;
        pc.b = g.b;
        pc.c2 = 2.0 * g.c;
        pc.d = g.d;
        pc.nsum = nd.Nref0 + nd.Nref1;
    }
}

// Continued normal at every sub-interval end: signed principal normal where curved (sign continuous with
// the previous curved sample), uniform roll about T between neighbouring curved samples on straight runs.
void Spline::buildReferenceFrames() {
    const int nn = static_cast<int>(nodes_.size());
    const int ns = 2 * nn; // sample 2j = start of node j, 2j+1 = its end
    std::vector<Vec3> T(ns), N(ns);
    std::vector<double> S(ns);
    std::vector<char> curved(ns, 0);
    for (int k = 0; k < ns; ++k) {
        const Node& nd = nodes_[k / 2];
        const Segment& g = segments_[nd.seg];
        const double t = (k % 2) ? nd.t1 : nd.t0;
        const Derivs D{g.b + t * (2.0 * g.c + 3.0 * t * g.d), 2.0 * g.c + 6.0 * t * g.d, 6.0 * g.d};
        T[k] = D.d1.normalized();
        S[k] = (k % 2) ? nd.s1 : nd.s0;
        if (auto n = frenetNormal(D)) {
            N[k] = *n;
            curved[k] = 1;
        }
    }
    // signs of the curved samples
    int last = -1;
    for (int k = 0; k < ns; ++k) {
        if (!curved[k]) continue;
        if (last < 0) {
            const Vec3 left = Vec3::UnitZ().cross(T[k]);
            const double dl = left.squaredNorm() > 1e-12 ? N[k].dot(left) : 0.0;
            const double ref = std::abs(dl) > 1e-9 ? dl : N[k].z() + 1e-9 * N[k].y();
            if (ref < 0.0) N[k] = -N[k];
        } else if (N[k].dot(N[last]) < 0.0) {
            N[k] = -N[k];
        }
        last = k;
    }
    // straight runs
    std::vector<int> curvedIdx;
    for (int k = 0; k < ns; ++k)
        if (curved[k]) curvedIdx.push_back(k);
    if (curvedIdx.empty()) {
        Vec3 left = Vec3::UnitZ().cross(T[0]);
        if (left.squaredNorm() < 1e-12) left = Vec3::UnitY();
        for (int k = 0; k < ns; ++k)
            N[k] = projectUnit(left, T[k]);
    } else {
        const int nc = static_cast<int>(curvedIdx.size());
        for (int c = 0; c < nc; ++c) {
            // run after curved sample a up to the next curved sample b (wrapping if closed)
            const int a = curvedIdx[c];
            const bool wraps = c + 1 == nc;
            if (wraps && !closed_) {
                for (int k = a + 1; k < ns; ++k)
                    N[k] = projectUnit(N[a], T[k]);
                continue;
            }
            const int b = wraps ? curvedIdx[0] : curvedIdx[c + 1];
            const double sb = wraps ? S[b] + length_ : S[b];
            const Vec3 axis = (T[a] + T[b]).normalized();
            const Vec3 na = projectUnit(N[a], axis), nb = projectUnit(N[b], axis);
            const double phi = std::atan2(na.cross(nb).dot(axis), na.dot(nb));
            for (int k = (a + 1) % ns; k != b; k = (k + 1) % ns) {
                const double sk = (wraps && k < a) ? S[k] + length_ : S[k];
                const double f = sb > S[a] ? (sk - S[a]) / (sb - S[a]) : 0.0;
                N[k] = projectUnit(rotateAbout(na, axis, f * phi), T[k]);
            }
        }
        if (!closed_)
            for (int k = 0; k < curvedIdx[0]; ++k)
                N[k] = projectUnit(N[curvedIdx[0]], T[k]);
    }
    for (int j = 0; j < nn; ++j) {
        Node& nd = nodes_[j];
        nd.Nref0 = N[2 * j];
        nd.Nref1 = N[2 * j + 1];
        const Vec3 axis = (T[2 * j] + T[2 * j + 1]).normalized();
        const Vec3 na = projectUnit(nd.Nref0, axis), nb = projectUnit(nd.Nref1, axis);
        nd.rollRate = std::atan2(na.cross(nb).dot(axis), na.dot(nb)) * nd.invDs;
    }
}

Spline Spline::transformed(const Pose& X) const {
    Spline r = *this;
    const Eigen::Matrix3d R = X.linear();
    const Vec3 p = X.translation();
    for (ControlPoint& c : r.points_) {
        c.position = R * c.position + p;
        if (c.tangent) c.tangent = R * *c.tangent;
    }
    for (Vec3& m : r.m_)
        m = R * m;
    for (Segment& g : r.segments_) {
        g.a = R * g.a + p;
        g.b = R * g.b;
        g.c = R * g.c;
        g.d = R * g.d;
    }
    for (Node& nd : r.nodes_) {
        nd.Nref0 = R * nd.Nref0;
        nd.Nref1 = R * nd.Nref1;
    }
    r.copyIntoPieces();
    return r;
}

// kappa ~ 0 at t: N, B, tau, kappa, dkappa from the reference normal rolled uniformly about T (f.T, f.P set).
void Spline::rollFrame(int piece, double s, const Vec3& d1, const Vec3& d2, Frame& f) const {
    const Node& nd = nodes_[pieceInfo_[std::size_t(piece)].node];
    const Vec3 d3 = 6.0 * pieces_[std::size_t(piece)].d, w = d1.cross(d2);
    const double sp2 = d1.squaredNorm(), isp = 1.0 / std::sqrt(sp2), isp2 = isp * isp;
    f.N = projectUnit(rotateAbout(nd.Nref0, f.T, nd.rollRate * (s - nd.s0)), f.T);
    f.B = f.T.cross(f.N);
    f.tau = nd.rollRate;
    f.kappa = w.dot(f.B) * isp2 * isp;
    f.dkappa =
        ((sp2 * d3.dot(f.N) + w.dot(d2.cross(f.N))) * isp2 * isp2 - 4.0 * f.kappa * d1.dot(d2) * isp2) * isp;
}

Spline::Located Spline::locateSlow(int j, double s) const {
    const int np = static_cast<int>(pieces_.size());
    while (j + 1 < np && pieceS0_[j + 1] <= s)
        ++j;
    while (j > 0 && pieceS0_[j] > s)
        --j;
    const Piece& pc = pieces_[j];
    if (!pieceInfo_[j].newton) return {j, evalPiece(pc, s)};
    const Node& nd = nodes_[pieceInfo_[j].node];
    return {j, invertOnNode(pc.b, 0.5 * pc.c2, pc.d, nd.t0, nd.seed, nd.invDs, s - nd.s0)};
}

Frame Spline::frame(double s) const {
    return evaluate(s);
}

Vec3 Spline::position(double s) const {
    const Located at = locate(wrap(s));
    const Piece& pc = pieces_[at.piece];
    return pc.a + at.t * (pc.b + at.t * (0.5 * pc.c2 + at.t * pc.d));
}

double Spline::parameterAt(double s) const {
    const Located at = locate(wrap(s));
    const Segment& g = segments_[nodes_[pieceInfo_[at.piece].node].seg];
    return g.u0 + at.t * g.du;
}

double Spline::arcLengthAt(double u) const {
    if (givenS_) { // s at u: the piece whose t range holds it, by bisection on its polynomial
        const double U = segments_.back().u0 + segments_.back().du;
        u = std::clamp(u, 0.0, U);
        int seg = 0;
        while (seg + 1 < segmentCount() && segments_[std::size_t(seg) + 1].u0 <= u)
            ++seg;
        const double t =
            std::clamp((u - segments_[std::size_t(seg)].u0) / segments_[std::size_t(seg)].du, 0.0, 1.0);
        double lo = sAt_[std::size_t(seg)], hi = sAt_[std::size_t(seg) + 1];
        for (int it = 0; it < 80 && lo < hi; ++it) {
            const double mid = 0.5 * (lo + hi);
            const Located at = locate(mid);
            (at.t < t ? lo : hi) = mid;
        }
        return 0.5 * (lo + hi);
    }
    const double U = segments_.back().u0 + segments_.back().du;
    if (closed_) u -= U * std::floor(u / U);
    u = std::clamp(u, 0.0, U);
    int seg = static_cast<int>(std::upper_bound(segments_.begin(), segments_.end(), u,
                                                [](double v, const Segment& g) { return v < g.u0; }) -
                               segments_.begin()) -
              1;
    seg = std::clamp(seg, 0, segmentCount() - 1);
    const double t = std::clamp((u - segments_[seg].u0) / segments_[seg].du, 0.0, 1.0);
    auto it = std::upper_bound(nodes_.begin(), nodes_.end(), std::make_pair(seg, t),
                               [](const std::pair<int, double>& v, const Node& nd) {
                                   return v.first < nd.seg || (v.first == nd.seg && v.second < nd.t0);
                               });
    const Node& nd = *std::prev(it);
    return nd.s0 + integrate(seg, nd.t0, t);
}

double Spline::pointArcLength(int i) const {
    if (i < 0 || i >= static_cast<int>(points_.size())) throw std::out_of_range("spline point index");
    return i < segmentCount() ? segments_[i].s0 : length_;
}

double Spline::knot(int i) const {
    if (i < 0 || i >= static_cast<int>(points_.size())) throw std::out_of_range("spline point index");
    return i < segmentCount() ? segments_[i].u0 : segments_.back().u0 + segments_.back().du;
}

Vec3 Spline::derivativeAtPoint(int i) const {
    return m_.at(i);
}

} // namespace tl
