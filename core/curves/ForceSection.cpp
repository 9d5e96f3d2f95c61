#include "core/curves/ForceSection.h"

#include "core/geometry/Limits.h"
#include "core/twists/KeysTwist.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

namespace tl {

namespace {

// A law evaluated at x: its number, or its keys through the keys twist's interpolation.
class Law {
public:
    explicit Law(const ForceLaw& l) : value_(l.value) {
        if (!l.keys.empty()) keys_.emplace(l.keys);
    }
    double operator()(double x) const { return keys_ ? keys_->at(x, Frame{}).wt : value_; }

private:
    double value_;
    std::optional<KeysTwist> keys_;
};

constexpr double kStallSpeed =
    0.5; // [m/s]: slower is a stall (a train crawling over a crest is a design error)

struct State {
    Vec3 H, T, L, U;
    double v2 = 0.0, t = 0.0;
};

struct Rate {
    Vec3 H, T, L, U;
    double v2 = 0.0, t = 0.0;
    double kU = 0.0, kL = 0.0, a = 0.0; // curvature toward U and L [1/m], roll per metre [rad/m]
};

State advance(const State& x, const Rate& r, double h) {
    return State{x.H + h * r.H, x.T + h * r.T, x.L + h * r.L, x.U + h * r.U, x.v2 + h * r.v2, x.t + h * r.t};
}

void orthonormalize(State& x) {
    x.T.normalize();
    x.U = (x.U - x.U.dot(x.T) * x.T).normalized();
    x.L = x.U.cross(x.T);
}

std::string at(double s) {
    char b[48];
    std::snprintf(b, sizeof b, "%.2f m", s);
    return b;
}

} // namespace

std::vector<ForceSample> integrateForceSection(const ForceSectionInput& in) {
    const bool byLength = in.length > 0.0, byTime = in.duration > 0.0;
    if (in.geometric && byTime)
        throw std::invalid_argument("a geometric section needs a \"length\" [m] (its rates are per metre)");
    if (byLength == byTime)
        throw std::invalid_argument(
            "a force section needs a \"length\" [m] or a \"duration\" [s], one of them");
    if (!(in.speed > 0.0) || !std::isfinite(in.speed))
        throw std::invalid_argument("a force section's start speed must be > 0");
    if (!(in.heartline >= 0.0) || !std::isfinite(in.heartline))
        throw std::invalid_argument("heartline must be >= 0");
    if (!(in.step > 0.0) || !in.up.allFinite() || in.up.norm() == 0.0 || !std::isfinite(in.startBank))
        throw std::invalid_argument("force section: bad step, up or start bank");
    const CoasterResistance& res = in.resistance;
    if (!(res.friction >= 0.0) || !(res.drag >= 0.0) || !std::isfinite(res.friction) ||
        !std::isfinite(res.drag))
        throw std::invalid_argument("force section: friction and drag must be finite and >= 0");
    const double g = in.g, h = in.heartline;
    const Vec3 up = in.up.normalized();
    const Law normal(in.normalG), lateral(in.lateralG), roll(in.rollRate);

    // the start: heading +x, level (up made perpendicular to +x), banked by startBank about +x
    State x;
    x.T = Vec3::UnitX();
    Vec3 U0 = up - up.x() * Vec3::UnitX();
    if (U0.norm() < 1e-9) U0 = Vec3::UnitZ();
    U0.normalize();
    // a bank b turns U about T: U = cos b U0 + sin b (T x U0) (the sign of UpFrameTwist's bank)
    x.U = std::cos(in.startBank) * U0 + std::sin(in.startBank) * x.T.cross(U0);
    x.L = x.U.cross(x.T);
    x.H = h * x.U; // the rails start at the origin
    x.v2 = in.speed * in.speed;

    double s = 0.0;
    auto check = [&](const Rate& r, double sy) {
        const double k = std::hypot(r.kU, r.kL);
        if (!(k <= limits::kMaxCurvature))
            throw ForceSectionError(sy, "the path would curve by " + std::to_string(k) +
                                            " /m at heartline s = " + at(sy) +
                                            ", beyond the limit of 1000 /m");
        if (h > 0.0 && -r.kU * h >= 1.0)
            throw ForceSectionError(sy, "the heartline curves toward the rails with radius " +
                                            std::to_string(-1.0 / r.kU) + " m at heartline s = " + at(sy) +
                                            ", not more than the heartline height " + std::to_string(h) +
                                            " m: the rails would fold back");
    };
    auto rate = [&](const State& y, double sy) {
        if (in.geometric) {
            const double v = std::sqrt(std::max(y.v2, kStallSpeed * kStallSpeed));
            Rate r;
            r.kU = normal(sy);
            r.kL = lateral(sy);
            r.a = roll(sy);
            r.H = y.T;
            r.T = r.kU * y.U + r.kL * y.L;
            r.U = -r.kU * y.T - r.a * y.L;
            r.L = r.a * y.U - r.kL * y.T;
            r.v2 =
                speedSquaredRate(y.v2, y.T.dot(up), (v * v * r.kU + g * y.U.dot(up)) / g, in.resistance, g);
            r.t = 1.0 / v;
            check(r, sy);
            return r;
        }
        if (!(y.v2 > kStallSpeed * kStallSpeed))
            throw ForceSectionError(sy, "the train would stall at heartline s = " + at(sy) +
                                            " (its speed reaches 0): start faster or ask for less");
        const double v = std::sqrt(y.v2);
        const double xv = byLength ? sy : y.t;
        const double n = normal(xv), l = lateral(xv);
        Rate r;
        r.kU = (n * g - g * y.U.dot(up)) / y.v2;
        r.kL = (l * g - g * y.L.dot(up)) / y.v2;
        r.a = roll(xv) / v;
        r.H = y.T;
        r.T = r.kU * y.U + r.kL * y.L;
        r.U = -r.kU * y.T - r.a * y.L;
        r.L = r.a * y.U - r.kL * y.T;
        r.v2 = speedSquaredRate(y.v2, y.T.dot(up), n, in.resistance, g);
        r.t = 1.0 / v;
        check(r, sy);
        return r;
    };
    auto sample = [&](const State& y, const Rate& r, double sy) {
        ForceSample o;
        o.s = sy;
        o.t = y.t;
        o.v = std::sqrt(y.v2);
        o.H = y.H;
        o.T = y.T;
        o.L = y.L;
        o.U = y.U;
        o.dU = r.U;
        return o;
    };
    auto rk4 = [&](const State& y, double sy, double hs) {
        const Rate k1 = rate(y, sy);
        const Rate k2 = rate(advance(y, k1, hs / 2), sy + hs / 2);
        const Rate k3 = rate(advance(y, k2, hs / 2), sy + hs / 2);
        const Rate k4 = rate(advance(y, k3, hs), sy + hs);
        State z = y;
        z.H += hs / 6 * (k1.H + 2 * k2.H + 2 * k3.H + k4.H);
        z.T += hs / 6 * (k1.T + 2 * k2.T + 2 * k3.T + k4.T);
        z.L += hs / 6 * (k1.L + 2 * k2.L + 2 * k3.L + k4.L);
        z.U += hs / 6 * (k1.U + 2 * k2.U + 2 * k3.U + k4.U);
        z.v2 += hs / 6 * (k1.v2 + 2 * k2.v2 + 2 * k3.v2 + k4.v2);
        z.t += hs / 6 * (k1.t + 2 * k2.t + 2 * k3.t + k4.t);
        orthonormalize(z);
        return z;
    };

    std::vector<ForceSample> out;
    const Rate r0 = rate(x, 0.0);
    out.push_back(sample(x, r0, 0.0));
    // The rails under the heartline (P = H - h U, tangent along T - h dU/ds) turn faster than it where it
    // curves toward them (the top of a tight loop): a sample also wherever their tangent has turned by more
    // than kMaxRailsTurn since the last one, so that the spline through the samples
    // (core/layout/HeartlineRails.h) keeps their curvature within about 0.2 % (at 0.165 rad per sample, the
    // top of a loop of 1.5 m heartline radius under h = 1.1 m, it rippled by 0.8 %).
    constexpr double kMaxRailsTurn = 0.07; // [rad]
    const double cosMaxTurn = std::cos(kMaxRailsTurn);
    auto railsTangent = [&](const State& y, const Rate& r) { return Vec3((y.T - h * r.U).normalized()); };
    Vec3 lastRails = railsTangent(x, r0);
    const int sub = 4;
    const double hs = in.step / sub;
    const double maxLength = byLength ? in.length : limits::kMaxCurveLength;
    for (;;) {
        // one output interval: up to `sub` steps, the last one cut at the end of the section
        double next = s + in.step;
        bool last = false;
        if (byLength && next >= in.length - 1e-12) {
            next = in.length;
            last = true;
        }
        while (s < next - 1e-12) {
            double step = std::min(hs, next - s);
            if (byTime) {
                // do not pass the duration: shorten the step to where t reaches it at the current speed
                const double left = in.duration - x.t;
                const double reach = left * std::sqrt(x.v2);
                if (reach <= step) {
                    step = reach;
                    last = true;
                    next = s + step;
                }
            }
            if (step <= 0.0) break;
            x = rk4(x, s, step);
            s += step;
            if (!x.H.allFinite()) throw ForceSectionError(s, "the path is not finite at " + at(s));
            if (s < next - 1e-12 && railsTangent(x, rate(x, s)).dot(lastRails) < cosMaxTurn) {
                next = s; // a sample here: the rails turned by kMaxRailsTurn
                last = false;
            }
        }
        const Rate r = rate(x, s);
        out.push_back(sample(x, r, s));
        lastRails = railsTangent(x, r);
        if (byTime && in.duration - x.t < 1e-9) last = true;
        if (last) break;
        if (s > maxLength)
            throw std::invalid_argument("force section longer than the limit of " +
                                        std::to_string(limits::kMaxCurveLength) + " m");
        if (out.size() > kMaxForceSamples)
            throw std::invalid_argument("force section has more than " + std::to_string(kMaxForceSamples) +
                                        " samples");
    }
    // a last sample closer than a millimetre to the one before it would make a spline point coincide
    if (out.size() > 2 && out.back().s - out[out.size() - 2].s < 1e-3) out.erase(out.end() - 2);
    return out;
}

} // namespace tl
