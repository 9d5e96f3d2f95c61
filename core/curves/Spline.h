#pragma once
// C2 cubic spline through control points (the editor's main curve), parameterized by arc length.
//
// Parameter u: chord-length knots, u_i = sum of |P_{k+1} - P_k| for k < i, so dP/du ~ unit length.
// Derivatives m_i = dP/du at the points solve the C2 system with natural ends (open) or periodic
// conditions (closed); a given tangent handle replaces that point's equation (the curve is then C1 there).
// Arc length: per sub-interval Gauss-Legendre quadrature of |dP/du| (adaptive subdivision, verified at
// construction); s -> u: cubic Hermite seed of u(s) on the sub-interval plus one Newton step with a short
// 4-point Gauss-Legendre integral from the sub-interval's start node (error <= 1e-9 m per 100 m).
// Frame: continued Frenet frame. N is the principal normal with a sign chosen continuous with a
// reference propagated along precomputed nodes; on exactly straight runs N rotates uniformly about T
// between the neighbouring curved frames (tau = that rate), so d(T,N,B)/ds = omega x (T,N,B) everywhere.
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
    // zero handles, or coincident consecutive points (including last -> first when closed).
    Spline(std::vector<ControlPoint> points, bool closed);

    std::string type() const override { return "spline"; }
    double length() const override { return length_; }
    bool closed() const override { return closed_; }
    Frame frame(double s) const override;
    Vec3 position(double s) const override;

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
        double u0;       // global u at t = 0
        double du;       // global u span (chord length) [m]
        double s0;       // arc length at t = 0 [m]
    };
    struct Node {        // start of an arc-length sub-interval [t, tNext] of one segment
        int seg;         // segment index
        double t;        // local parameter
        double s;        // arc length [m]
        double dtds;     // 1 / |dP/dt|
        Vec3 Nref;       // reference (continued) normal at this node
        double rollRate; // on straight runs: rotation of Nref about T per metre to the next node [rad/m]
        bool straight;   // kappa ~ 0 at this node
    };
    struct Located {
        int node;
        double t;
    };

    Located locate(double s) const; // sub-interval and exact local t for arc length s
    double clampOrWrap(double s) const;
    void buildCoefficients();
    void buildArcLengthTable();
    void buildReferenceFrames();

    std::vector<ControlPoint> points_;
    bool closed_;
    std::vector<Vec3> m_; // dP/du at the points
    std::vector<Segment> segments_;
    std::vector<Node> nodes_;  // sorted by s; one extra sentinel node at the end of each segment
    std::vector<int> bucket_;  // bucket_[k] = last node with s <= k * bucketWidth_
    double bucketWidth_ = 1.0; // [m]
    double length_ = 0.0;      // [m]
};

} // namespace tl
