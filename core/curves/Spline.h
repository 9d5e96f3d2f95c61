#pragma once
// C2 cubic spline through control points (the editor's main curve), parameterized by arc length.
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
#include "core/geometry/Curve.h"

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

    std::string type() const override { return "spline"; }
    double length() const override { return length_; }
    bool closed() const override { return closed_; }
    Frame frame(double s) const override;
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
        Vec3 Nref0, Nref1; // reference (continued) normal at s0 and s1
        double rollRate;   // rotation of Nref0 -> Nref1 about T per metre [rad/m] (used where kappa ~ 0)
    };
    // s -> t on part of one node: t = sum c_k T_k(x), x = 2 (s - s0) invDs - 1 (Chebyshev interpolant at
    // the Chebyshev-Lobatto points of the converged inverse, so exact at both ends), verified at
    // construction against the accurate integral to epsS_ between the points; a piece that cannot be fitted
    // (after subdivision) keeps the node's seed + Newton inversion (newton = true).
    static constexpr int kInvDegree = 5;
    struct Piece {
        double s0;    // arc length at the piece's start [m]
        double invDs; // 2 / (s1 - s0) [1/m]
        int node;     // node index
        bool newton;  // fallback: invert with the node's seed + one Newton step
        double c[kInvDegree + 1];
        // copies of what a frame needs, so that one lookup finds them: its segment's a, b, c, d and the
        // node's Nref0 + Nref1 (the sign reference)
        Vec3 a, b, cc, d, nsum;
    };
    static double evalPiece(const Piece& p, double s) { // Clenshaw
        const double x = (s - p.s0) * p.invDs - 1.0, x2 = 2.0 * x;
        double b1 = 0.0, b2 = 0.0;
        for (int k = kInvDegree; k >= 1; --k) {
            const double b0 = p.c[k] + x2 * b1 - b2;
            b2 = b1;
            b1 = b0;
        }
        return p.c[0] + x * b1 - b2;
    }
    struct Located {
        int piece; // s -> t piece index
        double t;  // exact local parameter of its segment
    };

    Located locate(double s) const; // sub-interval and exact local t for arc length s
    Frame frameAt(const Located& at, double s) const;
    double wrap(double s) const; // clamp (open) or wrap (closed) to [0, length]
    double speed(int seg, double t) const;
    double integrate(int seg, double ta, double tb) const; // accurate |dP/dt| integral (2 x 8-point GL)
    void solveDerivatives();
    void buildSegments();
    void buildArcLengthTable();
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
    std::vector<Node> nodes_;     // sub-intervals sorted by s, tiling [0, length]
    std::vector<Piece> pieces_;   // s -> t polynomials, sorted by s, tiling [0, length]
    std::vector<double> pieceS0_; // their starts (compact: searched per call)
    std::vector<int> bucket_;     // bucket_[k] = last piece with s0 <= k * bucketWidth_
    double bucketWidth_ = 1.0;    // [m]
    double invBucketWidth_ = 1.0; // [1/m]
    double length_ = 0.0;         // [m]
    double epsS_ = 1e-13;         // arc-length tolerance of the table checks [m]
};

} // namespace tl
