#pragma once
// What the IFC 4.3 export tests share (tests/core/tst_ifc_export.cpp, tst_ifc_geometry.cpp): a layout's
// round trip through an IFC file and the importer, a track compared with its imported copy, and small
// readers of the written file.
#include "core/alignment/IfcAlignmentReader.h"
#include "core/alignment/IfcAlignmentWriter.h"
#include "core/io/StepFile.h"
#include "core/layout/Layout.h"
#include "core/layout/LayoutFile.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

namespace ifcexportcheck {

using namespace tl;

inline double heading(const Vec3& T) {
    return std::atan2(T.y(), T.x());
}

inline double angleDiff(double a, double b) {
    return std::abs(std::remainder(a - b, 2 * std::numbers::pi));
}

// A number argument, plain or typed (IFCLENGTHMEASURE(5.)).
inline double number(const StepInstance& e, std::size_t i) {
    const StepValue& v = e.arg(i);
    if (v.is(StepValue::Kind::Typed)) return e.real(v.inner(), "inner");
    return e.real(i);
}

inline bool contains(const std::vector<std::string>& list, const std::string& a, const std::string& b = {}) {
    for (const std::string& s : list)
        if (s.find(a) != std::string::npos && s.find(b) != std::string::npos) return true;
    return false;
}

// export -> file -> import -> layout text -> compiled layout (GUIDs seeded 42)
inline Layout roundTrip(const Layout& original, const std::filesystem::path& file,
                        IfcImport* imported = nullptr, IfcExport* exported = nullptr) {
    IfcExportOptions o;
    o.guidSeed = 42;
    const IfcExport ex = writeIfcAlignments(original, file, o);
    IfcImport im = importIfcAlignments(file);
    const Layout back = Layout::compile(parseLayoutSpec(layoutSpecText(im.layout), "imported.json"));
    if (imported) *imported = std::move(im);
    if (exported) *exported = ex;
    return back;
}

// the original track t travelled in direction dir equals the imported track `id` (travelled +1)
inline void compareTrack(const Layout& a, const std::string& t, int dir, const Layout& b,
                         const std::string& id) {
    const int i = a.trackIndex(t), j = b.trackIndex(id);
    QVERIFY2(i >= 0 && j >= 0, (t + " / " + id).c_str());
    const Track& ta = a.track(std::size_t(i));
    const Track& tb = b.track(std::size_t(j));
    const double la = ta.length();
    const TwistedFrame a0 = a.frameInWorld(std::size_t(i), dir > 0 ? 0.0 : la);
    const TwistedFrame a1 = a.frameInWorld(std::size_t(i), dir > 0 ? la : 0.0);
    const TwistedFrame b0 = b.frameInWorld(std::size_t(j), 0.0);
    const TwistedFrame b1 = b.frameInWorld(std::size_t(j), tb.length());
    const double flip = dir > 0 ? 0.0 : std::numbers::pi;
    QVERIFY2((a0.F.P - b0.F.P).norm() < 1e-6,
             (id + " start " + std::to_string((a0.F.P - b0.F.P).norm())).c_str());
    QVERIFY2((a1.F.P - b1.F.P).norm() < 1e-6,
             (id + " end " + std::to_string((a1.F.P - b1.F.P).norm())).c_str());
    QVERIFY2(angleDiff(heading(a0.F.T) + flip, heading(b0.F.T)) < 1e-9, (id + " start heading").c_str());
    QVERIFY2(angleDiff(heading(a1.F.T) + flip, heading(b1.F.T)) < 1e-9, (id + " end heading").c_str());
    QVERIFY(std::abs(ta.length() - tb.length()) < 1e-9);
}

} // namespace ifcexportcheck
