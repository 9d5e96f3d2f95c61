#pragma once
// A car body as a box that other trains' cars must not enter: its pose and its half extents, the length
// inside its buffers (length minus the stroke at each end; CarEnd.h: the buffers are what two car ends meet
// through). Used for the start check (StartOverlap.h) and for finding railed cars of different trains that
// come close (SimulationContacts.cpp).
#include "core/geometry/Frame.h"
#include "physics/spec/RollingStock.h"

#include <algorithm>
#include <cmath>

namespace tl {

struct CarBox {
    Pose X;    // the body (centre of mass) in the world
    Vec3 half; // half extents along its axes [m]
};

inline Vec3 insideBuffers(const RollingStockSpec& stock) { // the box's half extents
    return 0.5 * Vec3(std::max(0.1, stock.body.length - 2 * stock.buffers.stroke), stock.body.width,
                      stock.body.height);
}

// How deep two boxes overlap: the smallest overlap of their projections over the 15 separating axes (<= 0:
// apart or touching, by at least -result along one axis).
inline double boxOverlap(const CarBox& a, const CarBox& b) {
    const Eigen::Matrix3d A = a.X.linear(), B = b.X.linear();
    const Vec3 d = b.X.translation() - a.X.translation();
    double depth = 1e300;
    auto axis = [&](Vec3 L) {
        const double n = L.norm();
        if (n < 1e-9) return; // parallel edges: covered by the face axes
        L /= n;
        double ra = 0, rb = 0;
        for (int i = 0; i < 3; ++i) {
            ra += a.half[i] * std::abs(A.col(i).dot(L));
            rb += b.half[i] * std::abs(B.col(i).dot(L));
        }
        depth = std::min(depth, ra + rb - std::abs(d.dot(L)));
    };
    for (int i = 0; i < 3; ++i) {
        axis(A.col(i));
        axis(B.col(i));
        for (int j = 0; j < 3; ++j)
            axis(A.col(i).cross(B.col(j)));
    }
    return depth;
}

// The box's extent along world x: [centre - r, centre + r].
inline double xReach(const CarBox& b) {
    return (b.X.linear().cwiseAbs() * b.half).x();
}

} // namespace tl
