#include "core/layout/LayoutValidation.h"

#include <cmath>
#include <cstdio>
#include <numbers>

namespace tl {

namespace {

double angleBetween(const Vec3& a, const Vec3& b) {
    return std::atan2(a.cross(b).norm(), a.dot(b));
}

double deg(double rad) {
    return rad * 180.0 / std::numbers::pi;
}

std::string endText(const EndRef& e) {
    return e.track + "." + endName(e.end);
}

JointCheck measure(const Layout& layout, const TrackEndIndex& a, const TrackEndIndex& b,
                   const ValidationThresholds& lim, BankUnit unit, double railCentre) {
    const Track& ta = layout.track(std::size_t(a.track));
    const Track& tb = layout.track(std::size_t(b.track));
    const TwistedFrame fa =
        layout.frameInWorld(std::size_t(a.track), a.end == TrackEnd::End ? ta.length() : 0.0);
    const TwistedFrame fb =
        layout.frameInWorld(std::size_t(b.track), b.end == TrackEnd::End ? tb.length() : 0.0);
    const Vec3 leaving = a.end == TrackEnd::End ? fa.F.T : Vec3(-fa.F.T);
    const Vec3 entering = b.end == TrackEnd::Start ? fb.F.T : Vec3(-fb.F.T);
    JointCheck j;
    j.from = EndRef{ta.id(), a.end};
    j.to = EndRef{tb.id(), b.end};
    j.gap = (fa.F.P - fb.F.P).norm();
    j.angle = angleBetween(leaving, entering);
    j.twist = angleBetween(fa.wB, fb.wB);

    // Grade one measure against its warning/error limits (value, limits and unit as shown).
    auto grade = [&](const char* what, double value, double warn, double err, const char* unit) {
        const Severity s = value > err ? Severity::Error : value > warn ? Severity::Warning : Severity::Ok;
        if (s == Severity::Ok) return;
        if (int(s) > int(j.severity)) j.severity = s;
        char buf[128];
        std::snprintf(buf, sizeof buf, "%s%s %.4g %s > %g %s", j.problems.empty() ? "" : ", ", what, value,
                      unit, s == Severity::Error ? err : warn, unit);
        j.problems += buf;
    };
    grade("gap", j.gap, lim.gapWarning, lim.gapError, "m");
    grade("angle", deg(j.angle), deg(lim.angleWarning), deg(lim.angleError), "deg");
    if (unit == BankUnit::CantMm) // the step of cant the wheels feel at the joint
        grade("cant step", 1e3 * cantFromBank(j.twist, railCentre),
              1e3 * cantFromBank(lim.twistWarning, railCentre),
              1e3 * cantFromBank(lim.twistError, railCentre), "mm");
    else
        grade("twist", deg(j.twist), deg(lim.twistWarning), deg(lim.twistError), "deg");
    return j;
}

} // namespace

const char* severityName(Severity s) {
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "ok";
}

ValidationReport validateLayout(const Layout& layout, const ValidationThresholds& limits) {
    ValidationReport r;
    r.bankUnit = bankUnit(layout.spec());
    r.railCentre = railCentreDistance(layout.spec());
    for (std::size_t k = 0; k < layout.connections().size(); ++k) {
        const Connection& c = layout.connections()[k];
        JointCheck j = measure(layout, c.a, c.b, limits, r.bankUnit, r.railCentre);
        j.kind = "connection";
        j.index = int(k);
        j.name = "connection " + std::to_string(k);
        r.joints.push_back(std::move(j));
    }
    for (std::size_t k = 0; k < layout.switches().size(); ++k) {
        const Switch& w = layout.switches()[k];
        for (std::size_t b = 0; b < w.branches.size(); ++b) {
            JointCheck j = measure(layout, w.at, w.branches[b], limits, r.bankUnit, r.railCentre);
            j.kind = "switch";
            j.index = int(k);
            j.branch = int(b);
            j.name = "switch " + w.id + " branch " + std::to_string(b);
            r.joints.push_back(std::move(j));
        }
    }
    const SwitchStates states = layout.initialSwitchStates();
    for (std::size_t t = 0; t < layout.trackCount(); ++t)
        for (TrackEnd e : {TrackEnd::Start, TrackEnd::End})
            if (layout.next(int(t), e, states).open) r.openEnds.push_back(EndRef{layout.track(t).id(), e});
    r.jumps = findRateJumps(layout);
    const std::vector<Signal>& signals = layout.signalList();
    for (std::size_t k = 0; k < signals.size(); ++k) {
        const Signal& g = signals[k];
        if (g.stops()) {
            double length = 0;
            for (const TrackSpan& s : g.block)
                length += s.s1 - s.s0;
            if (length - g.overlap * double(g.exits.size()) < 1.0)
                r.idleSignals.push_back("signal \"" + g.id + "\" protects nothing: its block is " +
                                        std::to_string(length) + " m long (it faces the end of its track)");
            continue;
        }
        bool home = false;
        for (const SignalAhead& a :
             signalsAhead(layout, TrackPosition{g.track, g.s, g.direction}, states, 1.0e5))
            home = home || signals[std::size_t(a.signal)].kind == SignalKind::Home;
        if (!home)
            r.idleSignals.push_back("distant signal \"" + g.id +
                                    "\" protects nothing: no home signal ahead of it along the route as set");
    }
    return r;
}

Severity ValidationReport::worst() const {
    Severity w = Severity::Ok;
    for (const auto& j : joints)
        if (int(j.severity) > int(w)) w = j.severity;
    if ((!jumps.empty() || !idleSignals.empty()) && w == Severity::Ok) w = Severity::Warning;
    return w;
}

int ValidationReport::count(Severity s) const {
    int n = 0;
    for (const auto& j : joints)
        n += j.severity == s ? 1 : 0;
    return n;
}

std::string ValidationReport::text() const {
    std::string out;
    const bool mm = bankUnit == BankUnit::CantMm;
    for (const auto& j : joints) {
        char line[512], bank[64];
        if (mm)
            std::snprintf(bank, sizeof bank, "cant step %.1f mm", 1e3 * cantFromBank(j.twist, railCentre));
        else
            std::snprintf(bank, sizeof bank, "twist %.4f deg", deg(j.twist));
        std::snprintf(line, sizeof line, "%-7s %s %s -> %s: gap %.6f m, angle %.4f deg, %s%s%s\n",
                      severityName(j.severity), j.name.c_str(), endText(j.from).c_str(),
                      endText(j.to).c_str(), j.gap, deg(j.angle), bank, j.problems.empty() ? "" : "  -- ",
                      j.problems.c_str());
        out += line;
    }
    for (const auto& e : openEnds)
        out += "info    open end " + endText(e) + "\n";
    for (const auto& k : jumps) {
        const bool curv = k.quantity == "curvature";
        char line[512], gradient[96] = "";
        if (!curv && mm) // roll rate r [rad/m] is a cant gradient of b r [mm/m] on a near-level track
            std::snprintf(gradient, sizeof gradient, ", cant gradient %.3g -> %.3g mm/m",
                          1e3 * railCentre * k.before, 1e3 * railCentre * k.after);
        std::snprintf(line, sizeof line,
                      "warning %s jump at %s s = %.3f m%s%s: %.6g -> %.6g %s (jump %.3g)%s\n",
                      k.quantity.c_str(), k.track.c_str(), k.s, k.other.empty() ? "" : " -> ",
                      k.other.c_str(), k.before, k.after, curv ? "1/m" : "rad/m", k.jump, gradient);
        out += line;
    }
    out += std::to_string(joints.size()) + " joints checked: " + std::to_string(count(Severity::Error)) +
           " errors, " + std::to_string(count(Severity::Warning)) + " warnings\n";
    out += std::to_string(jumps.size()) + " curvature / roll-rate jumps\n";
    for (const std::string& g : idleSignals)
        out += "warning " + g + "\n";
    return out;
}

} // namespace tl
