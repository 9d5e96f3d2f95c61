#pragma once
// Shared checks of the design tests: every joint's continuity, validation and the file round trip.
#include "core/design/EndState.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"
#include "core/layout/LayoutValidation.h"

#include <QtTest>

namespace tl::test {

// The worst mismatch over every connection of the layout (in both directions of reading).
inline design::JointMismatch worstJoint(const Layout& L) {
    design::JointMismatch w;
    for (const auto& c : L.spec().connections) {
        const EndRef into{c.b.track, c.b.end};
        const auto m = design::jointMismatch(L, c.a, into);
        w.gap = std::max(w.gap, m.gap);
        w.angle = std::max(w.angle, m.angle);
        w.curvature = std::max(w.curvature, m.curvature);
    }
    return w;
}

// Compiles, validates with no error, and saves -> parses -> saves to the same spec and bytes.
inline Layout checkedLayout(const LayoutSpec& spec) {
    Layout L;
    try {
        L = Layout::compile(spec, "design");
    } catch (const std::exception& e) {
        qWarning("%s", e.what());
        throw;
    }
    const ValidationReport r = validateLayout(L);
    if (r.count(Severity::Error) != 0) qWarning("%s", r.text().c_str());
    QTest::qCompare(r.count(Severity::Error), 0, "errors", "0", __FILE__, __LINE__);
    const std::string text = layoutSpecText(spec);
    const LayoutSpec back = parseLayoutSpec(text, "roundtrip");
    QTest::qVerify(back == spec, "back == spec", "round trip", __FILE__, __LINE__);
    QTest::qCompare(layoutSpecText(back), text, "resaved", "text", __FILE__, __LINE__);
    return L;
}

} // namespace tl::test
