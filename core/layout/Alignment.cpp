// Alignments (Alignment.h): resolving them from the spec, the horizontal-distance tables and the stations.
// docs/alignments.md, "Stationing"; docs/layout-format.md, "Alignments".
#include "core/layout/Alignment.h"

#include "core/layout/Layout.h"
#include "core/layout/LayoutError.h"
#include "core/units/NumberText.h"
#include "core/units/Station.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

namespace tl {

namespace {

constexpr double kPiece = 20.0;         // [m] longest piece of a table before any halving
constexpr double kTolerance = 1e-10;    // [m per m] two halves agree with their whole to this
constexpr int kMaxDepth = 30;           // halvings of one piece at most
constexpr double kShortest = 2e-3;      // [m] a piece shorter than this is not halved (bounded work on kinks)
constexpr double kEquationSlack = 1e-6; // [m] an equation this far past the end is at the end
// [m] a place this close before an equation's distance is at it: the integral of a level track gives s up to
// rounding, and a place at the equation has the later station
constexpr double kAtEquation = 1e-9;

// 5-point Gauss-Legendre on [-1, 1]
constexpr double kX1 = 0.9061798459386639927976269, kX2 = 0.5384693101056830910363144;
constexpr double kW0 = 128.0 / 225.0, kW1 = 0.4786286704993664680412915, kW2 = 0.2369268850561890875142640;

std::string metres(double v) {
    char b[48];
    std::snprintf(b, sizeof b, "%.3f m", v);
    return b;
}

std::string stationText(double station) {
    return formatStation(station) + " (" + metres(station) + ")";
}

} // namespace

// ---------------------------------------------------------------------------------------------------------
// HorizontalTable

HorizontalTable::HorizontalTable(CurvePtr curve, const Eigen::Matrix3d& rotation)
    : curve_(std::move(curve)), rotation_(rotation) {
    const double length = curve_->length();
    s_.push_back(0.0);
    h_.push_back(0.0);
    if (!(length > 0)) return;
    const int n = std::max(1, int(std::ceil(length / kPiece)));
    for (int i = 0; i < n; ++i) {
        const double a = length * i / n, b = i + 1 == n ? length : length * (i + 1) / n;
        add(a, b, rule(a, b), 0);
    }
}

double HorizontalTable::horizontalRate(double s) const {
    const Vec3 t = rotation_ * curve_->frame(s).T;
    return std::hypot(t.x(), t.y());
}

double HorizontalTable::rule(double a, double b) const {
    const double c = 0.5 * (a + b), r = 0.5 * (b - a);
    return r * (kW0 * horizontalRate(c) + kW1 * (horizontalRate(c - r * kX2) + horizontalRate(c + r * kX2)) +
                kW2 * (horizontalRate(c - r * kX1) + horizontalRate(c + r * kX1)));
}

void HorizontalTable::add(double a, double b, double whole, int depth) {
    const double m = 0.5 * (a + b);
    const double left = rule(a, m), right = rule(m, b);
    if (std::abs(left + right - whole) <= kTolerance * (b - a) || depth >= kMaxDepth || b - a < kShortest) {
        s_.push_back(m);
        h_.push_back(h_.back() + left);
        s_.push_back(b);
        h_.push_back(h_.back() + right);
        return;
    }
    add(a, m, left, depth + 1);
    add(m, b, right, depth + 1);
}

double HorizontalTable::at(double s) const {
    if (s_.size() < 2) return 0.0;
    s = std::clamp(s, 0.0, s_.back());
    const std::size_t k =
        std::min(std::size_t(std::upper_bound(s_.begin(), s_.end(), s) - s_.begin()) - 1, s_.size() - 2);
    return s == s_[k] ? h_[k] : h_[k] + rule(s_[k], s);
}

double HorizontalTable::arcLength(double h) const {
    if (s_.size() < 2) return 0.0;
    h = std::clamp(h, 0.0, h_.back());
    const std::size_t k = std::size_t(std::lower_bound(h_.begin(), h_.end(), h) - h_.begin());
    if (k == 0 || h_[k] == h) return s_[k]; // a knot (the first one at this distance)
    const double s0 = s_[k - 1], h0 = h_[k - 1];
    double lo = s0, hi = s_[k];
    double x = lo + (hi - lo) * (h - h0) / (h_[k] - h0);
    const double tolerance = 1e-12 * std::max(1.0, h); // [m] (rounding of distances of up to 100 km)
    for (int i = 0; i < 100; ++i) {
        const double f = h0 + rule(s0, x) - h;
        if (std::abs(f) < tolerance) break;
        (f < 0 ? lo : hi) = x;
        const double rate = horizontalRate(x);
        double next = rate > 0 ? x - f / rate : 0.5 * (lo + hi);
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi); // Newton left the bracket: bisect
        if (std::abs(next - x) < 1e-13 * std::max(1.0, x)) {
            x = next;
            break;
        }
        x = next;
    }
    return x;
}

// ---------------------------------------------------------------------------------------------------------
// Alignment

double Alignment::firstStation() const {
    double lo = INFINITY;
    for (std::size_t i = 0; i < stretches_.size(); ++i)
        if (stretches_[i].d1 > stretches_[i].d0 || i + 1 == stretches_.size())
            lo = std::min(lo, stretches_[i].station);
    return lo;
}

double Alignment::lastStation() const {
    double hi = -INFINITY;
    for (std::size_t i = 0; i < stretches_.size(); ++i)
        if (stretches_[i].d1 > stretches_[i].d0 || i + 1 == stretches_.size())
            hi = std::max(hi, stretches_[i].station + stretches_[i].d1 - stretches_[i].d0);
    return hi;
}

int Alignment::legOf(int track) const {
    const auto it = legIndex_.find(track);
    return it == legIndex_.end() ? -1 : it->second;
}

std::optional<double> Alignment::distance(int track, double s) const {
    const int k = legOf(track);
    if (k < 0) return std::nullopt;
    const Leg& leg = legs_[std::size_t(k)];
    const double h = leg.table->at(s);
    return leg.from + (leg.direction > 0 ? h : leg.horizontalLength() - h);
}

double Alignment::stationAt(double d) const {
    for (std::size_t i = stretches_.size(); i-- > 1;) // the later equation wins (from kAtEquation before it)
        if (d >= stretches_[i].d0 - kAtEquation) return stretches_[i].station + (d - stretches_[i].d0);
    return stretches_.front().station + d;
}

std::optional<double> Alignment::station(int track, double s) const {
    const std::optional<double> d = distance(track, s);
    if (!d) return std::nullopt;
    return stationAt(*d);
}

double Alignment::distanceOf(double station) const {
    if (!std::isfinite(station))
        throw std::out_of_range("alignment \"" + id_ + "\": station " + numberText(station) +
                                " is not a number");
    for (std::size_t i = 0; i < stretches_.size(); ++i) {
        const Stretch& r = stretches_[i];
        const bool last = i + 1 == stretches_.size();
        const double x = station - r.station, length = r.d1 - r.d0;
        if (x >= 0 && (x < length || (last && x <= length + 1e-9))) return r.d0 + std::min(x, length);
    }
    const double lo = firstStation(), hi = lastStation();
    if (station < lo || station > hi)
        throw std::out_of_range("station " + stationText(station) + " is outside alignment \"" + id_ +
                                "\" (" + formatStation(lo) + " to " + formatStation(hi) + ")");
    for (std::size_t i = 1; i < stretches_.size(); ++i) {
        const Stretch& before = stretches_[i - 1];
        const double end = before.station + (before.d1 - before.d0);
        if (station >= end && station < stretches_[i].station)
            throw std::out_of_range("station " + stationText(station) + " is not on alignment \"" + id_ +
                                    "\": station equation " + std::to_string(i - 1) +
                                    " (at horizontal distance " + metres(stretches_[i].d0) + ") jumps from " +
                                    formatStation(end) + " to " + formatStation(stretches_[i].station));
    }
    throw std::out_of_range("station " + stationText(station) + " is not on alignment \"" + id_ +
                            "\" (its station equations leave it out)");
}

TrackPosition Alignment::positionAt(double d) const {
    d = std::clamp(d, 0.0, horizontalLength());
    std::size_t k = 0;
    while (k + 1 < legs_.size() && legs_[k + 1].from <= d)
        ++k;
    const Leg& leg = legs_[k];
    const double h = d - leg.from;
    const double s = leg.table->arcLength(leg.direction > 0 ? h : leg.horizontalLength() - h);
    return TrackPosition{leg.track, s, leg.direction};
}

TrackPosition Alignment::position(double station) const {
    return positionAt(distanceOf(station));
}

// ---------------------------------------------------------------------------------------------------------
// compiling

std::vector<Alignment> compileAlignments(const Layout& L, const std::string& file) {
    std::vector<Alignment> out;
    const std::vector<AlignmentSpec>& specs = L.spec().alignmentSpecs;
    const SwitchStates states = L.initialSwitchStates();
    std::unordered_map<int, std::shared_ptr<const HorizontalTable>> tables; // by track index
    for (std::size_t k = 0; k < specs.size(); ++k) {
        const AlignmentSpec& a = specs[k];
        const std::string path = jsonPath("/alignments", k);
        if (a.id.empty()) throw LayoutError(file, jsonPath(path, "id"), "an alignment needs a non-empty id");
        for (const Alignment& o : out)
            if (o.id_ == a.id)
                throw LayoutError(file, jsonPath(path, "id"), "alignment id \"" + a.id + "\" is used twice");
        if (a.tracks.empty())
            throw LayoutError(file, jsonPath(path, "tracks"), "alignment \"" + a.id + "\" has no tracks");
        if (!std::isfinite(a.startStation))
            throw LayoutError(file, jsonPath(path, "startStation"), "not a finite number");
        Alignment c;
        c.id_ = a.id;
        double from = 0.0;
        for (std::size_t j = 0; j < a.tracks.size(); ++j) {
            const auto& [id, direction] = a.tracks[j];
            const std::string tp = jsonPath(jsonPath(path, "tracks"), j);
            const int t = L.trackIndex(id);
            if (t < 0) throw LayoutError(file, jsonPath(tp, std::size_t(0)), "unknown track \"" + id + "\"");
            if (direction != 1 && direction != -1)
                throw LayoutError(file, jsonPath(tp, std::size_t(1)),
                                  "direction must be 1 or -1, got " + std::to_string(direction));
            if (c.legIndex_.count(t))
                throw LayoutError(file, jsonPath(tp, std::size_t(0)),
                                  "track \"" + id + "\" is on alignment \"" + a.id + "\" twice");
            if (j > 0) { // it must continue the track before: the end that one is left by joined to its entry
                const Alignment::Leg& prev = c.legs_.back();
                const TrackEnd exit = prev.direction > 0 ? TrackEnd::End : TrackEnd::Start;
                const TrackEnd entry = direction > 0 ? TrackEnd::Start : TrackEnd::End;
                bool joined = false;
                for (const Transition& x : L.branchesAcross(prev.track, exit, states))
                    joined = joined || (x.track == t && x.entry == entry);
                if (!joined)
                    throw LayoutError(file, tp,
                                      "track \"" + id + "\" (direction " + std::to_string(direction) +
                                          ") does not continue track \"" + a.tracks[j - 1].first +
                                          "\": the " + endName(exit) + " of \"" + a.tracks[j - 1].first +
                                          "\" is not joined to the " + endName(entry) + " of \"" + id +
                                          "\" (docs/layout-format.md, \"Alignments\")");
            }
            const Track& track = L.track(std::size_t(t));
            Alignment::Leg leg;
            leg.track = t;
            leg.direction = direction;
            leg.from = from;
            std::shared_ptr<const HorizontalTable>& table = tables[t]; // built once per track
            if (!table)
                table = std::make_shared<const HorizontalTable>(track.curvePtr(), track.placement().linear());
            leg.table = table;
            from += leg.horizontalLength();
            c.legIndex_.emplace(t, int(c.legs_.size()));
            c.legs_.push_back(std::move(leg));
        }
        const double length = from;
        c.stretches_.push_back(Alignment::Stretch{0.0, length, a.startStation});
        for (std::size_t j = 0; j < a.equations.size(); ++j) {
            const auto& [d, station] = a.equations[j];
            const std::string ep = jsonPath(jsonPath(path, "stationEquations"), j);
            if (!std::isfinite(d))
                throw LayoutError(file, jsonPath(ep, std::size_t(0)), "not a finite number");
            if (!std::isfinite(station))
                throw LayoutError(file, jsonPath(ep, std::size_t(1)), "not a finite number");
            if (d < 0 || d > length + kEquationSlack)
                throw LayoutError(file, jsonPath(ep, std::size_t(0)),
                                  "distance " + numberText(d) + " m is outside alignment \"" + a.id +
                                      "\" (0 .. its horizontal length " + numberText(length) + " m)");
            if (j > 0 && !(d > a.equations[j - 1].first))
                throw LayoutError(file, jsonPath(ep, std::size_t(0)),
                                  "distance " + numberText(d) +
                                      " m does not increase (the equation before is at " +
                                      numberText(a.equations[j - 1].first) + " m)");
            const double at = std::min(d, length);
            c.stretches_.back().d1 = at;
            c.stretches_.push_back(Alignment::Stretch{at, length, station});
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::string stationLabel(const Layout& layout, int track, double s) {
    const std::optional<double> station = layout.station(track, s);
    return station ? formatStation(*station) : std::string();
}

std::string stationRange(const Layout& layout, int track, double s0, double s1) {
    const std::string a = stationLabel(layout, track, s0);
    if (a.empty()) return a;
    const std::string b = stationLabel(layout, track, s1);
    return a == b ? a : a + " to " + b;
}

} // namespace tl
