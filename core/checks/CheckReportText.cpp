// Text and CSV forms of a CheckReport (CheckEngine.h), in the profile's units.
#include "core/checks/CheckEngine.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace tl {

namespace {

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string speedText(double v, const std::string& unit) {
    if (std::isnan(v)) return "-";
    if (!std::isfinite(v)) return "unlimited";
    return formatValue(v, unit, 1);
}

// CSV field: quoted when it holds a comma, quote or newline
std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string csvNumber(double si, const std::string& unit) {
    if (!std::isfinite(si)) return ""; // no inf or nan in CSV: empty field
    return fmt("%.6g", inUnit(si, unit));
}

std::string unitTag(const std::string& unit) {
    std::string u;
    for (char c : unit)
        if (c != '^') u += c == '/' ? 'p' : c; // km/h -> kmph, mm -> mm
    return u;
}

// " (km 12+010.000 to km 12+020.000)" where the violation lies on an alignment, else nothing (the report
// of a layout without alignments is unchanged)
std::string stationsText(const Violation& v) {
    return v.stations.empty() ? std::string() : " (" + v.stations + ")";
}

} // namespace

std::string checkReportText(const CheckReport& report, const RuleProfile& profile) {
    std::ostringstream o;
    o << "profile: " << profile.name << "\n";
    o << report.places << " places checked, " << report.violations.size() << " violation"
      << (report.violations.size() == 1 ? "" : "s") << "\n";
    for (const auto& n : report.notes)
        o << "note: " << n << "\n";
    for (const auto& v : report.violations) {
        if (std::isfinite(v.duration)) { // accelerationEnvelope: held too long at a level
            const char* beyond = v.belowLimit ? "below" : "above";
            o << "  " << v.trackId << " s " << fmt("%.1f", v.s0) << "-" << fmt("%.1f", v.s1) << " m"
              << stationsText(v) << ": " << v.ruleName << ": ";
            if (v.allowed > 0)
                o << fmt("%.2f", v.duration) << " s at " << formatValue(v.limit, v.unit, 2) << " or "
                  << beyond << " > " << fmt("%.2f", v.allowed) << " s allowed";
            else
                o << formatValue(v.value, v.unit, 2) << ", " << beyond << " the envelope's "
                  << formatValue(v.limit, v.unit, 2) << " for " << fmt("%.2f", v.duration)
                  << " s (never allowed)";
            o << " (peak " << formatValue(v.value, v.unit, 2) << " at s = " << fmt("%.1f", v.sWorst)
              << " m)\n";
            continue;
        }
        o << "  " << v.trackId << " s " << fmt("%.1f", v.s0) << "-" << fmt("%.1f", v.s1) << " m"
          << stationsText(v) << ": " << v.ruleName << ": " << formatValue(v.value, v.unit, 2)
          << (v.belowLimit ? " < " : " > ") << formatValue(v.limit, v.unit, 2)
          << " (worst at s = " << fmt("%.1f", v.sWorst) << " m)\n";
    }
    o << "\ncurves (" << report.curves.size() << "):\n";
    char head[256];
    std::snprintf(head, sizeof head, "  %-14s %-22s %9s %9s %11s %13s %11s  %s\n", "curve", "tracks", "R [m]",
                  ("cant [" + profile.cantUnit + "]").c_str(), "line speed", "permissible", "critical",
                  "status (governing rule)");
    o << head;
    for (const auto& c : report.curves) {
        std::string tracks;
        for (const auto& t : c.tracks)
            tracks += (tracks.empty() ? "" : "+") + t;
        char line[512];
        std::snprintf(line, sizeof line, "  %-14s %-22s %9.1f %9.2f %11s %13s %11s  %s (%s)\n",
                      c.name.c_str(), tracks.c_str(), c.radius, inUnit(c.cant, profile.cantUnit),
                      c.lineSpeed > 0 ? speedText(c.lineSpeed, profile.speedUnit).c_str() : "none",
                      speedText(c.permissible, profile.speedUnit).c_str(),
                      speedText(c.critical, profile.speedUnit).c_str(),
                      c.overPermissible() ? "OVER permissible speed" : "ok", c.governing.c_str());
        o << line;
        if (!c.criticalNote.empty()) o << "      critical speed: " << c.criticalNote << "\n";
    }
    return o.str();
}

std::string curveTableCsv(const CheckReport& report, const RuleProfile& profile) {
    const std::string su = unitTag(profile.speedUnit), cu = unitTag(profile.cantUnit);
    std::ostringstream o;
    o << "curve,tracks,start_track,start_s_m,end_track,end_s_m,length_m,radius_m,cant_" << cu
      << ",line_speed_" << su << ",permissible_" << su << ",governing_rule,critical_" << su << ",margin_"
      << su << ",over_permissible,critical_note\n";
    for (const auto& c : report.curves) {
        std::string tracks;
        for (const auto& t : c.tracks)
            tracks += (tracks.empty() ? "" : "+") + t;
        o << csvField(c.name) << "," << csvField(tracks) << "," << csvField(c.tracks.front()) << ","
          << fmt("%.3f", c.start.s) << "," << csvField(c.tracks.back()) << "," << fmt("%.3f", c.end.s) << ","
          << fmt("%.3f", c.length) << "," << fmt("%.3f", c.radius) << ","
          << csvNumber(c.cant, profile.cantUnit) << ","
          << (c.lineSpeed > 0 ? csvNumber(c.lineSpeed, profile.speedUnit) : "") << ","
          << csvNumber(c.permissible, profile.speedUnit) << "," << csvField(c.governing) << ","
          << csvNumber(c.critical, profile.speedUnit) << ","
          << (std::isfinite(c.critical) && std::isfinite(c.permissible)
                  ? csvNumber(c.critical - c.permissible, profile.speedUnit)
                  : "")
          << "," << (c.overPermissible() ? "yes" : "no") << "," << csvField(c.criticalNote) << "\n";
    }
    return o.str();
}

} // namespace tl
