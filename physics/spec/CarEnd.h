#pragma once
// A car end as buffers see it (docs/trains-format.md, "Buffers and collisions"): the point on the body's axis
// at +-length/2, 1 m above the rails (the couplers' point), with its outward axis +-x of the body. Two ends
// face each other when their outward axes are within 45 degrees of opposite, and meet when they are also
// within 1 m across the track (the side buffers then overlap); their overlap along the mean axis is the
// compression. The run's contact stage (SimulationContacts.cpp) and the start check (StartOverlap.h) use
// these same rules.
#include "core/geometry/Frame.h"
#include "physics/spec/RollingStock.h"

namespace tl {

struct CarEnd {
    int train = 0, car = 0, end = +1; // end: +1 front, -1 rear
    Vec3 p, n;                        // the end point and its outward axis [world]
};

constexpr double kEndHeight = 1.0; // the end point above the rails [m]
constexpr double kFacing = -0.7;   // facing: the outward axes' dot product below this (45 degrees)
constexpr double kLateral = 1.0;   // meeting: the end points this close across the track [m]

// The end of a car whose body (centre of mass) is at X.
inline CarEnd carEnd(int train, int car, int end, const Pose& X, const CarBodySpec& body) {
    return {train, car, end, X * Vec3(0.5 * end * body.length, 0, kEndHeight - body.cgHeight),
            Vec3(end * X.linear().col(0))};
}

// Two ends of different cars that face each other and lie within kLateral across: their overlap along the
// mean axis n (from A towards B) is -*d (a gap when *d > 0). False when they do not face each other or lie
// further apart across.
inline bool endsAligned(const CarEnd& A, const CarEnd& B, double* d, Vec3* n) {
    if (A.n.dot(B.n) > kFacing) return false;
    *n = (A.n - B.n).normalized();
    const Vec3 gap = B.p - A.p;
    *d = gap.dot(*n);
    return (gap - *d * *n).norm() <= kLateral;
}

} // namespace tl
