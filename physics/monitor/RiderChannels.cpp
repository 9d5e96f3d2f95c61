#include "physics/monitor/RiderChannels.h"

#include "core/units/CantUnits.h"

#include <algorithm>
#include <cmath>

namespace tl {

int riderWindowSteps(double dt) {
    if (!(dt > 0)) return 1;
    const double n = std::round(kRiderWindowTime / dt);
    return int(std::clamp(n, 1.0, double(kRiderMaxWindow)));
}

RiderChannels updateRider(RiderState& st, const RiderInput& in) {
    constexpr int kSlots = kRiderMaxWindow + 1;
    const Eigen::Matrix3d R = in.body.linear();
    const Vec3 r = R * in.rider; // COM -> rider point [m, world]
    const Vec3 vP = in.v + in.w.cross(r);
    const int N = riderWindowSteps(in.dt);

    // the rider point's acceleration over the window (what has been seen so far at the start)
    Vec3 a = Vec3::Zero();
    const int back = std::min(N, st.count);
    if (back > 0) {
        const int old = ((st.head - (back - 1)) % kSlots + kSlots) % kSlots;
        a = (vP - st.v[std::size_t(old)]) / (back * in.dt);
    }
    const Vec3 fWorld = a + Vec3(0, 0, in.g);  // specific force a - g, g = (0, 0, -g)
    const Vec3 fBody = R.transpose() * fWorld; // body components [m/s^2]
    Vec3 jerk = Vec3::Zero();
    if (back > 0) {
        const int old = ((st.head - (back - 1)) % kSlots + kSlots) % kSlots;
        jerk = (fBody - st.f[std::size_t(old)]) / (back * in.dt);
    }
    st.head = (st.head + 1) % kSlots;
    st.v[std::size_t(st.head)] = vP;
    st.f[std::size_t(st.head)] = fBody;
    st.count = std::min(st.count + 1, kSlots);

    const double d = in.direction >= 0 ? 1.0 : -1.0; // the rider faces the direction of travel
    RiderChannels c;
    c.longitudinal = d * fBody.x() / in.g;
    c.lateral = d * fBody.y() / in.g;
    c.vertical = fBody.z() / in.g;
    c.jerk = jerk.norm() / in.g;
    c.rollRate = d * R.col(0).dot(in.w);
    st.last = c;
    return c;
}

double riderCantDeficiency(const TwistedFrame& w, double v, double b, double g) {
    const Vec3 z = Vec3::UnitZ();
    const Vec3 k = w.F.kappa * w.F.N;         // dT/ds [1/m]
    const Vec3 th = w.F.T - w.F.T.dot(z) * z; // the tangent's plan-view part
    const double n = std::max(1e-9, th.norm());
    const double turn = th.cross(k).dot(z);             // > 0: turning left in plan view
    const double kappaH = std::abs(turn) / (n * n * n); // curvature of the plan view [1/m]
    const Vec3 side = z.cross(th) / n;                  // level, across the track (to the left)
    if (kappaH < 1e-9) {                                // a straight: whatever cant there is, is in excess
        // the bank is wB's lean across the track (not its horizontal part, which tilts forward on a grade)
        const double phi = std::asin(std::clamp(std::abs(w.wB.dot(side)), 0.0, 1.0));
        return -cantFromBank(phi, b);
    }
    const Vec3 centre = (turn > 0 ? 1.0 : -1.0) * side;                    // towards the curve's centre
    const double phi = std::asin(std::clamp(w.wB.dot(centre), -1.0, 1.0)); // bank leaning into the curve
    return cantDeficiency(v, kappaH, phi, b, g);
}

} // namespace tl
