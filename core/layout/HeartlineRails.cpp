#include "core/layout/HeartlineRails.h"

#include "core/curves/ForceSection.h"
#include "core/layout/LayoutSpec.h"
#include "core/layout/Track.h"
#include "core/twists/KeysTwist.h"
#include "core/twists/UpFrameTwist.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace tl {

std::vector<HeartlineSample> sampleHeartline(const Track& track) {
    const double length = track.length();
    const int n = std::max(2, int(std::ceil(length / 0.25)));
    std::vector<HeartlineSample> out;
    out.reserve(std::size_t(n) + 1);
    for (int i = 0; i <= n; ++i) {
        const double s = length * i / n;
        const TwistedFrame f = track.curveFrame(s);
        out.push_back({s, f.F.P, f.F.T, f.wB, f.omega().cross(f.wB)});
    }
    return out;
}

HeartlineRails railsUnder(const std::vector<HeartlineSample>& samples, double h) {
    if (samples.size() < 2) throw std::invalid_argument("a heartline needs at least 2 samples");
    if (!(h >= 0.0)) throw std::invalid_argument("heartline must be >= 0");
    std::vector<Spline::ControlPoint> points;
    std::vector<double> s, speed;
    points.reserve(samples.size());
    s.reserve(samples.size());
    speed.reserve(samples.size());
    for (const HeartlineSample& q : samples) {
        points.push_back({q.H - h * q.U, std::nullopt});
        s.push_back(q.s);
        speed.push_back((q.T - h * q.dU).norm()); // the rails' metres per heartline metre, |dP/ds|
    }
    // the exact end tangents (a clamped spline: its ends curve as the rails do, not as natural ends)
    auto tangent = [&](const HeartlineSample& q) { return Vec3((q.T - h * q.dU).normalized()); };
    points.front().tangent = tangent(samples.front());
    points.back().tangent = tangent(samples.back());
    for (std::size_t i = 1; i < points.size(); ++i)
        if ((points[i].position - points[i - 1].position).norm() < 1e-9)
            throw std::invalid_argument("the rails under the heartline coincide at sample " +
                                        std::to_string(i));
    HeartlineRails r;
    r.curve = std::make_shared<Spline>(std::move(points), std::move(s), std::move(speed));
    r.s.reserve(samples.size());
    r.up.reserve(samples.size());
    r.dUp.reserve(samples.size());
    for (const HeartlineSample& q : samples) {
        r.s.push_back(q.s);
        r.up.push_back(q.U);
        r.dUp.push_back(q.dU);
    }
    return r;
}

BankKeys railBankKeys(const HeartlineRails& rails, const UpReference& up) {
    BankKeys out;
    out.keys.reserve(rails.s.size());
    out.after.reserve(rails.s.size());
    out.before.reserve(rails.s.size());
    for (std::size_t i = 0; i < rails.s.size(); ++i) {
        const double s = rails.s[i];
        if (!out.keys.empty() && !(s > out.keys.back().first)) continue;
        const Frame F = rails.curve->frame(s);
        const UpReference::Angle a = up.at(s, F);
        const Vec3 level = -std::sin(a.a) * F.N + std::cos(a.a) * F.B;
        const Vec3& wB = rails.up[i];
        double bank = std::atan2(F.T.dot(level.cross(wB)), level.dot(wB));
        if (!out.keys.empty()) { // continuous: within half a turn of the previous key
            const double prev = out.keys.back().second;
            bank += 2 * std::numbers::pi * std::round((prev - bank) / (2 * std::numbers::pi));
        }
        const double roll = -rails.dUp[i].dot(wB.cross(F.T)); // wB's roll rate about T over s [rad/m]
        out.keys.emplace_back(s, bank);
        // the rate on either side of the key (the spline's torsion and the level reference's turning are
        // one-sided there)
        auto rate = [&](double side) {
            const double e = std::clamp(s + side * 1e-6, 0.0, rails.curve->length());
            const Frame Fe = rails.curve->frame(e);
            return roll - Fe.tau * Fe.speed - up.at(e, Fe).da;
        };
        out.after.push_back(rate(+1.0));
        out.before.push_back(rate(-1.0));
    }
    return out;
}

Vec3 twistReference(const HeartlineRails& rails, const Vec3& up) {
    std::vector<Vec3> T;
    T.reserve(rails.s.size());
    for (const double s : rails.s)
        T.push_back(rails.curve->frame(s).T);
    // sin^2 of the smallest angle between a direction and the tangents (either way along them)
    auto clearance = [&](const Vec3& d) {
        double worst = 1.0;
        for (const Vec3& t : T)
            worst = std::min(worst, 1.0 - t.dot(d) * t.dot(d));
        return worst;
    };
    const Vec3 u = up.normalized();
    const double keep = std::pow(std::sin(kTwistReferenceClearance), 2);
    if (clearance(u) >= keep) return u;
    // a Fibonacci lattice on the half sphere (d and -d are the same reference): the clearest of 400
    Vec3 best = u;
    double bestClear = clearance(u);
    const int n = 400;
    const double golden = std::numbers::pi * (3.0 - std::sqrt(5.0));
    for (int k = 0; k < n; ++k) {
        const double z = 1.0 - (k + 0.5) / n, r = std::sqrt(1.0 - z * z), phi = golden * k;
        const Vec3 d(r * std::cos(phi), r * std::sin(phi), z);
        if (const double c = clearance(d); c > bestClear) bestClear = c, best = d;
    }
    return best;
}

bool hasHeartlineRails(const TrackSpec& spec) {
    return spec.curve.type == "force" || spec.curve.type == "geometric" || spec.heartline.value_or(0.0) > 0.0;
}

namespace {
ForceLaw law(const CurveSpec& c, const char* key, double fallback) {
    ForceLaw l;
    l.value = fallback;
    if (auto it = c.params.find(key); it != c.params.end()) l.value = it->second;
    if (auto it = c.keys.find(key); it != c.keys.end()) l.keys = it->second;
    return l;
}
double param(const CurveSpec& c, const char* key, double fallback) {
    auto it = c.params.find(key);
    return it == c.params.end() ? fallback : it->second;
}
} // namespace

RailsTrack buildRailsTrack(const TrackSpec& spec, const CurvePtr& heartlineCurve,
                           const TwistPtr& heartlineTwist, const UpReferencePtr& heartlineUp, const Vec3& up,
                           double startSpeed, double startBank, const CoasterResistance& resistance) {
    const double h = spec.heartline.value_or(0.0);
    std::vector<HeartlineSample> samples;
    RailsTrack out;
    if (spec.curve.type == "force" || spec.curve.type == "geometric") {
        const CurveSpec& c = spec.curve;
        const bool geometric = c.type == "geometric";
        ForceSectionInput in;
        in.geometric = geometric;
        in.length = param(c, "length", 0.0);
        in.duration = param(c, "duration", 0.0);
        in.speed = param(c, "speed", startSpeed);
        if (geometric && !std::isfinite(in.speed))
            in.speed = 10.0; // only for the end speed, reported as none
        if (!std::isfinite(in.speed))
            throw std::invalid_argument(
                "a force section needs a start speed: give it \"speed\" [m/s], or place "
                "it after a force section, a drive section or a track they reach");
        in.normalG = geometric ? law(c, "pitchRate", 0.0) : law(c, "normalG", 1.0);
        in.lateralG = law(c, geometric ? "yawRate" : "lateralG", 0.0);
        in.rollRate = law(c, "rollRate", 0.0);
        in.heartline = h;
        in.up = up;
        in.startBank = startBank;
        in.step = param(c, "step", 0.25);
        in.resistance = resistance;
        const std::vector<ForceSample> f = integrateForceSection(in);
        samples.reserve(f.size());
        for (const ForceSample& q : f)
            samples.push_back({q.s, q.H, q.T, q.U, q.dU});
        const bool knownSpeed = c.params.count("speed") || std::isfinite(startSpeed);
        out.endSpeed = !geometric || knownSpeed ? f.back().v : std::numeric_limits<double>::quiet_NaN();
    } else {
        if (heartlineCurve->closed())
            throw std::invalid_argument("a heartline on a closed curve is not supported: split the track");
        samples = sampleHeartline(
            Track(spec.id, heartlineCurve, heartlineTwist, Pose::Identity(), "ground", heartlineUp));
        // the rails start where the track is placed (continuing the track before), the heartline h above
        const Vec3 lift = h * samples.front().U;
        for (HeartlineSample& q : samples)
            q.H += lift;
    }
    const HeartlineRails rails = railsUnder(samples, h);
    out.curve = rails.curve;
    out.up = std::make_shared<UpReference>(rails.curve, up);
    // the twist is measured from a level reference whose "up" no tangent comes near (the vertical where it
    // can: then it is out.up itself)
    const Vec3 ref = twistReference(rails, up);
    const UpReferencePtr twistUp =
        ref == up.normalized() ? out.up : std::make_shared<UpReference>(rails.curve, ref);
    BankKeys bank = railBankKeys(rails, *twistUp);
    out.twist = std::make_shared<UpFrameTwist>(
        twistUp,
        std::make_shared<KeysTwist>(std::move(bank.keys), std::move(bank.after), std::move(bank.before)));
    return out;
}

} // namespace tl
