#pragma once
// C2 cubic spline through control points (the editor's main curve), parameterized by arc length (or, for
// the rails under a heartline, by an s given at its points: the constructor with s and speed).
//
// Parameter u: chord-length knots, u_i = sum of |P_{k+1} - P_k| for k < i, so dP/du ~ unit length.
// Derivatives m_i = dP/du at the points solve the C2 system with natural ends (open) or periodic
// conditions (closed); a given tangent handle replaces that point's equation (the curve is then C1 there).
// Arc length: per sub-interval Gauss-Legendre quadrature of |dP/du| (adaptive subdivision, verified at
// construction); s -> u: cubic Hermite seed of u(s) on the sub-interval plus one Newton step with a short
// 3-point Gauss-Legendre integral from the sub-interval's start node (error <= 1e-9 m per 100 m).
// Frame: continued Frenet frame. N = +-(curvature direction) with the sign propagated along the table
// nodes (the table is refined until the signed normal turns < 25 deg per quarter sub-interval, so a true
// rapid rotation near a 3D near-inflection is followed and a reversal of the curvature vector - a planar
// inflection - flips the sign instead); kappa = signed curvature, tau = (P' x P'').P''' / |P' x P''|^2.
// Where kappa ~ 0 (exactly straight runs, natural ends) N rotates uniformly about T between the
// neighbouring curved frames, tau = that rate, kappa = 0; so d(T,N,B)/ds = omega x (T,N,B) everywhere.
// Notes: P''' of a cubic spline jumps at the points, so tau and dkappa are piecewise smooth (they jump at
// the points; N, B stay continuous). With a tangent handle the curve is C1 at that point: kappa may jump.
// The first curved frame takes N toward the left (z x T), or up when that is ambiguous; a fully straight
// spline uses N = left. A closed 3D spline whose curvature vector reverses an odd number of times would
// return with N flipped at s = 0 (not seen for planar or generic curves).
#include "core/MemoryRange.h"
#include "core/geometry/Curve.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

namespace tl {

class Spline : public Curve {
public:
    struct ControlPoint {
        Vec3 position; // [m], curve-local
        std::optional<Vec3>
            tangent; // optional handle: dP/du at the point (direction * magnitude, ~1 = natural)
    };

    // Throws std::invalid_argument for < 2 points (< 3 if closed), non-finite coordinates or handles,
    // zero handles, coincident consecutive points (including last -> first when closed), or handles that
    // make a cusp (zero speed inside a segment).
    Spline(std::vector<ControlPoint> points, bool closed);
    // An open spline through the points (chord-length knots, as above) whose parameter s is not its arc
    // length but given at each point, s[0] = 0 < s[1] < ..., with the curve's metres per unit of s there
    // (`speed` > 0): between two points s(u) is the cubic Hermite through those values with the slopes
    // |dP/du| / speed. The s -> u table is built on s(u) as the arc-length table is on the arc length (no
    // quadrature), and frame(s).speed = |dP/ds|. The rails under a heartline, whose s is the heartline's arc
    // length (core/layout/HeartlineRails.h).
    Spline(std::vector<ControlPoint> points, std::vector<double> s, std::vector<double> speed);

    std::string type() const override { return "spline"; }
    double length() const override { return length_; }
    bool closed() const override { return closed_; }
    Frame frame(double s) const override; // = evaluate(s)
    // frame(s), inline for a caller that knows the curve is a spline (Track::localFrame).
    Frame evaluate(double s) const {
        Frame f;
        evaluate(s, f);
        return f;
    }
    void evaluate(double s, Frame& f) const { // all of f's members are set
        s = wrap(s);
        frameAt(locate(s), s, f);
    }
    // The same for a caller that follows a moving s (a railed body): `piece` holds the index of the s -> t
    // piece of its last call (anything the first time) and is updated. While s stays in that piece (a bogie
    // crosses one every ~150 steps) the lookup table is not read: one memory read less at the head of the
    // frame's chain of dependent loads, when thousands of bogies share no table memory. The same frame.
    void evaluate(double s, Frame& f, int& piece) const {
        s = wrap(s);
        const Located at = locateFrom(piece, s);
        piece = at.piece;
        frameAt(at, s, f);
    }
    static constexpr double kStraightRel2 = 1e-14; // |w|^2 <= this |d1|^2 (|d2|^2 + |d3|^2): kappa ~ 0
    Vec3 position(double s) const override;

    // The same spline moved by the rigid pose X (its points, handles, pieces, tables and reference normals):
    // frame(s) of the copy is X applied to frame(s) of this one up to rounding (a track's placement folded
    // into the coefficients once, instead of a transform per evaluation).
    Spline transformed(const Pose& X) const;

    const std::vector<ControlPoint>& points() const { return points_; }
    int segmentCount() const { return static_cast<int>(segments_.size()); }

    double parameterAt(double s) const;  // global u at arc length s (clamped / wrapped) [m of chord]
    double arcLengthAt(double u) const;  // inverse: arc length at global u [m]
    double pointArcLength(int i) const;  // arc length at control point i [m]
    double knot(int i) const;            // u at control point i
    Vec3 derivativeAtPoint(int i) const; // solved dP/du at control point i (shows the handle)

private:
    friend class Track; // Track::frameMemory, the one interface for the memory a frame reads
    // What evaluate(s, f, piece) reads of `piece` (the whole piece; nothing for an index out of range).
    MemoryRange pieceMemory(int piece) const {
        if (static_cast<unsigned>(piece) >= static_cast<unsigned>(pieces_.size())) return {};
        return {&pieces_[static_cast<std::size_t>(piece)], sizeof(Piece)};
    }
    struct Segment {
        Vec3 a, b, c, d; // P(t) = a + b t + c t^2 + d t^3, t in [0,1] local [m]
        double u0;       // global u at t = 0 [m]
        double du;       // global u span (chord length) [m]
        double s0;       // arc length at t = 0 [m]
    };
    struct Node {       // one arc-length sub-interval [t0, t1] of one segment
        int seg;        // segment index
        double t0, t1;  // local parameter range
        double s0, s1;  // arc length range [m]
        double invDs;   // 1 / (s1 - s0) [1/m]
        double seed[4]; // cubic Hermite seed t(sigma) = seed0 + sigma (seed1 + sigma (seed2 + sigma seed3))
        Vec3 Nref0 = Vec3::Zero(), Nref1 = Vec3::Zero(); // reference (continued) normal at s0 and s1
        double rollRate; // rotation of Nref0 -> Nref1 about T per metre [rad/m] (used where kappa ~ 0)
    };
    // s -> t on part of one node: t = sum c_k T_k(x), x = 2 (s - s0) invDs - 1 (Chebyshev interpolant at
    // the Chebyshev-Lobatto points of the converged inverse, so exact at both ends), evaluated in the power
    // basis t = sum m_k x^k by Estrin's scheme (short dependency chain; the basis change costs ~1e-16 in t),
    // verified at construction - with this very evaluation - against the accurate integral to epsS_ between
    // the points; a piece that cannot be fitted (after subdivision) keeps the node's seed + Newton inversion
    // (newton = true: PieceInfo).
    // A piece is what a frame reads, 192 bytes aligned to 64: one lookup finds it, and with thousands of
    // bogies, each on its own piece, a frame reads three aligned 64-byte blocks from memory instead of the
    // five or six of a 240-byte piece at any alignment plus its neighbour's start (docs/trains-format.md,
    // "Scale benchmark").
    static constexpr int kInvDegree = 5;
    struct alignas(64) Piece {
        double s0;                // arc length at the piece's start [m]
        double end;               // the fast path's end: the next piece's s0, +inf after the last, and
                                  // -inf on a Newton piece (always the slow path) [m]
        double invDs;             // 2 / (s1 - s0) [1/m]
        double m[kInvDegree + 1]; // power-basis coefficients in x
        // copies of what a frame needs: its segment's a, b, 2 c, d (3 d and 6 d are formed from d as they
        // were stored: the same numbers) and the node's Nref0 + Nref1 (the sign reference)
        Vec3 a = Vec3::Zero(), b = Vec3::Zero(), c2 = Vec3::Zero(), d = Vec3::Zero(), nsum = Vec3::Zero();
    };
    static_assert(sizeof(Piece) == 192);
    struct PieceInfo { // what the fast path does not read
        int node;      // node index
        bool newton;   // fallback: invert with the node's seed + one Newton step
    };
    static double evalPiece(const Piece& p, double s) { // Estrin
        const double x = (s - p.s0) * p.invDs - 1.0, x2 = x * x;
        const double q01 = p.m[0] + p.m[1] * x, q23 = p.m[2] + p.m[3] * x, q45 = p.m[4] + p.m[5] * x;
        return q01 + x2 * (q23 + x2 * q45);
    }
    static double dtds(const Piece& p, double s) { // d evalPiece / ds
        const double x = (s - p.s0) * p.invDs - 1.0;
        return (p.m[1] + x * (2.0 * p.m[2] + x * (3.0 * p.m[3] + x * (4.0 * p.m[4] + x * 5.0 * p.m[5])))) *
               p.invDs;
    }
    struct Located {
        int piece; // s -> t piece index
        double t;  // exact local parameter of its segment
    };

    // sub-interval and exact local t for arc length s (in [0, length])
    Located locate(double s) const {
        const Bucket& bk =
            bucket_[std::min(static_cast<int>(s * invBucketWidth_), static_cast<int>(bucket_.size()) - 1)];
        const int j = bk.piece + int(bk.next <= s);
        const Piece& pc = pieces_[j];
        // exact check (fails only where a bucket holds more than one piece start, or k was rounded off)
        if (!(pc.s0 <= s && s < pc.end)) [[unlikely]]
            return locateSlow(j, s);
        return {j, evalPiece(pc, s)};
    }
    Located locateSlow(int j, double s) const;      // the search from j, and the Newton fallback
    Located locateFrom(int piece, double s) const { // locate(s), trying `piece` first
        if (static_cast<unsigned>(piece) < static_cast<unsigned>(pieces_.size())) {
            const Piece& pc = pieces_[static_cast<std::size_t>(piece)];
            if (pc.s0 <= s && s < pc.end) [[likely]]
                return {piece, evalPiece(pc, s)};
        }
        return locate(s);
    }
    // The frame from P' = d1, P'' = d2, P''' = d3 at t, in scalars (the compiler's mix of packed and scalar
    // 3-vector code spilled and reloaded halves of vectors here: store-forwarding stalls), arranged so that
    // the two square roots and reciprocals (|d1| and |w| = |d1 x d2|) and the dot products run side by
    // side: the sign and N's direction come from n = w x d1 (N = n / (|w| |d1|) up to the sign).
    void frameAt(const Located& at, double s, Frame& f) const {
        const Piece& pc = pieces_[at.piece];
        const double t = at.t;
        const double bx = pc.b.x(), by = pc.b.y(), bz = pc.b.z(), cx = pc.c2.x(), cy = pc.c2.y(),
                     cz = pc.c2.z();
        const double dx = pc.d.x(), dy = pc.d.y(), dz = pc.d.z();
        const double ex = 6.0 * dx, ey = 6.0 * dy, ez = 6.0 * dz; // d3 = 6 d
        const double d1x = bx + t * (cx + t * (3.0 * dx)), d1y = by + t * (cy + t * (3.0 * dy)),
                     d1z = bz + t * (cz + t * (3.0 * dz));
        const double d2x = cx + t * ex, d2y = cy + t * ey, d2z = cz + t * ez;
        const double sp2 = d1x * d1x + d1y * d1y + d1z * d1z;
        const double wx = d1y * d2z - d1z * d2y, wy = d1z * d2x - d1x * d2z, wz = d1x * d2y - d1y * d2x;
        const double w2 = wx * wx + wy * wy + wz * wz; // |w| / |d1|^3 = |kappa|
        const double isp = 1.0 / std::sqrt(sp2), isp2 = isp * isp;
        f.speed = givenS_ ? dtds(pc, s) / isp : 1.0; // |dP/ds| = |dP/dt| dt/ds (1: s is the arc length)
        f.P =
            Vec3(pc.a.x() + t * (bx + t * (0.5 * cx + t * dx)), pc.a.y() + t * (by + t * (0.5 * cy + t * dy)),
                 pc.a.z() + t * (bz + t * (0.5 * cz + t * dz)));
        f.T = Vec3(d1x * isp, d1y * isp, d1z * isp);
        if (!(w2 > kStraightRel2 * sp2 * (d2x * d2x + d2y * d2y + d2z * d2z + ex * ex + ey * ey + ez * ez)))
            [[unlikely]] {
            rollFrame(at.piece, s, Vec3(d1x, d1y, d1z), Vec3(d2x, d2y, d2z), f); // kappa ~ 0: roll about T
            return;
        }
        const double nx = wy * d1z - wz * d1y, ny = wz * d1x - wx * d1z, nz = wx * d1y - wy * d1x; // w x d1
        const double iwn = 1.0 / std::sqrt(w2);
        // -1 where n points against the reference normal (a select, not a branch: it flips along the curve)
        const double sg = std::copysign(1.0, nx * pc.nsum.x() + ny * pc.nsum.y() + nz * pc.nsum.z() + 0.0);
        // w . (d2 x n) = (w x d2) . (w x d1) = |w|^2 (d1 . d2), as w is perpendicular to d1 and d2
        const double wd3 = wx * ex + wy * ey + wz * ez, nd3 = nx * ex + ny * ey + nz * ez,
                     d12 = d1x * d2x + d1y * d2y + d1z * d2z;
        const double sw = sg * iwn, swp = sw * isp; // B = sw w, N = swp n
        f.B = Vec3(wx * sw, wy * sw, wz * sw);
        f.N = Vec3(nx * swp, ny * swp, nz * swp);
        f.tau = wd3 * iwn * iwn;
        // kappa = kv . N with the curvature vector kv = (w x d1) / |d1|^4, i.e. kappa = (w . B) / |d1|^3
        f.kappa = sg * (w2 * iwn) * (isp2 * isp);
        // dkappa = (dkv/dt . N) / |d1|, dkv/dt = ((d1 x d3) x d1 + w x d2) / |d1|^4 - 4 kv (d1 . d2) /
        // |d1|^2; with N perpendicular to d1: ((d1 x d3) x d1) . N = |d1|^2 (d3 . N), (w x d2) . N = w . (d2
        // x N)
        f.dkappa = ((sp2 * nd3 + w2 * d12) * swp * isp2 * isp2 - 4.0 * f.kappa * d12 * isp2) * isp;
    }
    void rollFrame(int piece, double s, const Vec3& d1, const Vec3& d2, Frame& f) const;
    double wrap(double s) const { // clamp (open) or wrap (closed) to [0, length]
        if (closed_) {
            s -= length_ * std::floor(s / length_);
            return s >= length_ ? 0.0 : s;
        }
        return s < 0.0 ? 0.0 : (s > length_ ? length_ : s);
    }
    double speed(int seg, double t) const;
    double integrate(int seg, double ta, double tb) const; // accurate |dP/dt| integral (2 x 8-point GL)
    void solveDerivatives();
    void buildSegments();
    void buildArcLengthTable();
    void buildBuckets(); // pieceS0_, the pieces' ends and the buckets, from pieces_
    void subdivide(int seg, double ta, double tb, int depth, std::size_t segStart,
                   std::vector<Node>& out) const;
    bool acceptable(int seg, double ta, double tb) const;
    double exactInverse(int node, double ds, double guess) const; // converged t at s0 + ds of a node
    void fitPieces(int node, double a, double b, int depth);      // t(s) on [s0 + a, s0 + b] of a node
    void buildInversion();
    void copyIntoPieces(); // Piece::a .. nsum
    void buildReferenceFrames();

    std::vector<ControlPoint> points_;
    bool closed_;
    std::vector<Vec3> m_; // dP/du at the points
    std::vector<Segment> segments_;
    std::vector<Node> nodes_;          // sub-intervals sorted by s, tiling [0, length]
    std::vector<Piece> pieces_;        // s -> t polynomials, sorted by s, tiling [0, length]
    std::vector<PieceInfo> pieceInfo_; // per piece
    std::vector<double> pieceS0_;      // their starts (compact: searched per call), then a +inf sentinel
    struct Bucket {
        double next; // the start of the piece after `piece` (+inf after the last)
        int piece;   // the last piece with s0 <= k * bucketWidth_
    };
    // buckets no longer than the shortest piece where that costs <= 64 per piece: a bucket then holds at
    // most one piece start, so the piece of s is piece + (next <= s), without a branch
    std::vector<Bucket> bucket_;
    double bucketWidth_ = 1.0;    // [m]
    double invBucketWidth_ = 1.0; // [1/m]
    double length_ = 0.0;         // [m]
    double epsS_ = 1e-13;         // arc-length tolerance of the table checks [m]
    bool givenS_ = false;         // s is given at the points (sAt_, sSlope_), not the arc length
    std::vector<double> sAt_;     // givenS_: s at each point
    std::vector<double> sSlope_;  // givenS_: ds/du at each point
    std::array<double, 4> segmentInverse(int seg) const; // givenS_: t(sigma) of a segment (Spline.cpp)
    void buildGivenSTable();                             // givenS_: nodes and pieces without fits
    bool normalTurnsSlowly(int seg, double ta, double tb, double L) const; // acceptable()'s (c)
    Vec3 position(int seg, double t) const {
        const Segment& g = segments_[std::size_t(seg)];
        return g.a + t * (g.b + t * (g.c + t * g.d));
    }
};

} // namespace tl
