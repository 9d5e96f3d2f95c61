#include "physics/monitor/Derailment.h"
// Flange climb: Y/Q above Nadal's limit for the window while the wheel actually climbs (|e1| grows).

#include <cmath>

namespace tl {

DerailmentVerdict monitorBogie(BogieMonitor& m, const BogieMargins& now, const DerailmentThresholds& th,
                               double window, double dt) {
    m.sinceLateralSat = now.lateralSaturated ? 0.0 : m.sinceLateralSat + dt;
    m.sinceRollSat = now.rollSaturated ? 0.0 : m.sinceRollSat + dt;
    m.sinceUnloaded = now.unloaded ? 0.0 : m.sinceUnloaded + dt;
    const bool overNadal = now.lateralSaturated || now.yq > now.yqLimit;
    if (overNadal && m.overNadal == 0.0) m.e1AtOver = std::abs(now.e1);
    m.overNadal = overNadal ? m.overNadal + dt : 0.0;

    DerailmentVerdict v;
    auto verdict = [&](const char* cause, double since) {
        v.derailed = true;
        v.cause = cause;
        v.solverSaturated = since <= th.memory;
        v.numericalSuspect = !v.solverSaturated;
    };
    if (std::abs(now.e3) > th.angular)
        verdict("overturn", m.sinceRollSat);
    else if (-now.e2 > th.vertical)
        verdict("lift-off", m.sinceUnloaded);
    else if (std::abs(now.e1) > th.lateral)
        verdict("flange climb", m.sinceLateralSat);
    else if (m.overNadal > 0 && m.overNadal >= window - 1e-9 && std::abs(now.e1) - m.e1AtOver > th.climb) {
        verdict("flange climb", 0.0);
        v.numericalSuspect = false; // a force criterion, not an error growth
    }
    return v;
}

} // namespace tl
