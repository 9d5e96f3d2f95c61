#include "core/curves/TransitionSpiral.h"

#include "core/geometry/GaussLegendre.h"

#include "core/curves/CurveArguments.h"
#include "core/geometry/Limits.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tl {

namespace {

constexpr double kMaxHeadingStep = 0.25; // max heading change per position node interval [rad]
constexpr int kMinNodes = 16;            // at least this many node intervals (resolves the law's shape)
constexpr double kPi = std::numbers::pi;

// The law's shape in xi = s / L: f (0 at xi = 0, 1 at xi = 1), its integral F from 0 and its derivative fp.
struct Shape {
    double f, F, fp;
};

Shape shape(TransitionSpiral::Law law, double t) {
    using Law = TransitionSpiral::Law;
    switch (law) {
    case Law::Bloss: // 3 t^2 - 2 t^3
        return {t * t * (3.0 - 2.0 * t), t * t * t * (1.0 - 0.5 * t), 6.0 * t * (1.0 - t)};
    case Law::Helmert:
        if (t <= 0.5) return {2.0 * t * t, 2.0 / 3.0 * t * t * t, 4.0 * t};
        {
            const double u = 1.0 - t; // F continuous at 1/2: F(1/2) = 1/12
            return {1.0 - 2.0 * u * u, t - 0.5 + 2.0 / 3.0 * u * u * u, 4.0 * u};
        }
    case Law::Cosine:
        return {0.5 * (1.0 - std::cos(kPi * t)), 0.5 * (t - std::sin(kPi * t) / kPi),
                0.5 * kPi * std::sin(kPi * t)};
    case Law::Sine: {
        const double sn = std::sin(kPi * t); // (cos(2 pi t) - 1) / (4 pi^2) = -sin^2(pi t) / (2 pi^2)
        return {t - std::sin(2.0 * kPi * t) / (2.0 * kPi), 0.5 * t * t - sn * sn / (2.0 * kPi * kPi),
                1.0 - std::cos(2.0 * kPi * t)};
    }
    case Law::VienneseBend: { // 35 t^4 - 84 t^5 + 70 t^6 - 20 t^7
        const double t2 = t * t, t4 = t2 * t2, u = 1.0 - t;
        return {t4 * (35.0 + t * (-84.0 + t * (70.0 - 20.0 * t))),
                t4 * t * (7.0 + t * (-14.0 + t * (10.0 - 2.5 * t))), 140.0 * t2 * t * u * u * u};
    }
    }
    return {0.0, 0.0, 0.0};
}

// The Viennese bend's bank law psi = psi0 + dpsi p(t), p = 35 t^4 - 84 t^5 + 70 t^6 - 20 t^7: p' (= 0 at both
// ends), p'' and p'''.
struct BankShape {
    double p1, p2, p3;
};

BankShape bankShape(double t) {
    const double u = 1.0 - t;
    return {140.0 * t * t * t * u * u * u, 420.0 * t * t * u * u * (1.0 - 2.0 * t),
            840.0 * t * (1.0 + t * (-6.0 + t * (10.0 - 5.0 * t)))};
}

constexpr double kMaxBankShape2 = 7.52; // max |p''| on [0, 1] (7.507 at t = 0.276)

} // namespace

std::pair<double, double> TransitionSpiral::shapeOf(Law law, double xi) {
    const Shape sh = shape(law, std::clamp(xi, 0.0, 1.0));
    return {sh.f, sh.fp};
}

const char* TransitionSpiral::name(Law law) {
    switch (law) {
    case Law::Bloss:
        return "bloss";
    case Law::Helmert:
        return "helmert";
    case Law::Cosine:
        return "cosine";
    case Law::Sine:
        return "sine";
    case Law::VienneseBend:
        return "vienneseBend";
    }
    return "";
}

double TransitionSpiral::bankOfCant(double cant, double b) {
    args::requirePositive(b, "vienneseBend railHeadDistance");
    args::requireFinite(cant, "vienneseBend cant");
    if (!(std::abs(cant) <= b))
        throw std::invalid_argument("vienneseBend cant " + std::to_string(cant) +
                                    " m exceeds the rail head distance " + std::to_string(b) + " m");
    return std::asin(cant / b);
}

std::optional<TransitionSpiral::Law> TransitionSpiral::lawNamed(const std::string& type) {
    for (Law l : {Law::Bloss, Law::Helmert, Law::Cosine, Law::Sine, Law::VienneseBend})
        if (type == name(l)) return l;
    return std::nullopt;
}

TransitionSpiral::TransitionSpiral(Law law, double length, double kappaStart, double kappaEnd,
                                   const Cant& cant)
    : law_(law), length_(length), kappa0_(kappaStart), dk_(kappaEnd - kappaStart), hdpsi_(0.0) {
    const std::string what = name(law);
    args::requirePositive(length, (what + " length").c_str());
    args::requireFinite(kappaStart, (what + " curvature at the start").c_str());
    args::requireFinite(kappaEnd, (what + " curvature at the end").c_str());
    if (law == Law::VienneseBend) {
        args::requireFinite(cant.gravityCentreHeight, "vienneseBend gravityCentreHeight");
        args::requireFinite(cant.bankStart, "vienneseBend bank at the start");
        args::requireFinite(cant.bankEnd, "vienneseBend bank at the end");
        hdpsi_ = cant.gravityCentreHeight * (cant.bankEnd - cant.bankStart);
    }
    for (double k : {kappaStart, kappaEnd})
        if (!(std::abs(k) <= limits::kMaxCurvature))
            throw std::invalid_argument(what + " curvature " + std::to_string(k) +
                                        " 1/m is beyond the limit of " +
                                        std::to_string(limits::kMaxCurvature) + " 1/m (radius >= 1 mm)");
    // every law's shape f is monotone on [0, 1], so k0 + dk f lies between the end curvatures; the Viennese
    // bend's cant term adds at most |h dpsi| max|p''| / L^2
    const double cantTerm = std::abs(hdpsi_) * kMaxBankShape2 / (length_ * length_);
    const double kmax = std::max(std::abs(kappaStart), std::abs(kappaEnd)) + cantTerm;
    if (!(cantTerm <= limits::kMaxCurvature))
        throw std::invalid_argument(what + " cant term h x d^2psi/ds^2 reaches " + std::to_string(cantTerm) +
                                    " 1/m, beyond the limit of " + std::to_string(limits::kMaxCurvature) +
                                    " 1/m");
    const double turning = length_ * kmax; // bounds the node count (and keeps the int conversion defined)
    if (!(turning <= limits::kMaxTurning))
        throw std::invalid_argument(what +
                                    " turns too far: length x max |curvature| = " + std::to_string(turning) +
                                    " rad, the limit is " + std::to_string(limits::kMaxTurning) + " rad");
    int n = std::max(kMinNodes, static_cast<int>(std::ceil(turning / kMaxHeadingStep)));
    n += n % 2; // even: xi = 1/2 (the Helmert curve's kink of dkappa/ds) is a node
    nodeStep_ = length_ / n;
    nodes_.resize(n + 1);
    nodes_[0] = Vec3::Zero();
    for (int i = 0; i < n; ++i)
        nodes_[i + 1] = nodes_[i] + displacement(i * nodeStep_, (i + 1) * nodeStep_);
}

double TransitionSpiral::curvature(double s) const {
    const double t = args::clampArc(s, length_) / length_;
    double k = kappa0_ + dk_ * shape(law_, t).f;
    if (hdpsi_ != 0.0) k -= hdpsi_ / (length_ * length_) * bankShape(t).p2;
    return k;
}

double TransitionSpiral::heading(double s) const {
    s = args::clampArc(s, length_);
    const double t = s / length_;
    double th = kappa0_ * s + dk_ * length_ * shape(law_, t).F;
    if (hdpsi_ != 0.0) th -= hdpsi_ / length_ * bankShape(t).p1;
    return th;
}

Vec3 TransitionSpiral::displacement(double a, double b) const {
    return gauss::planarDisplacement([this](double s) { return heading(s); }, a, b);
}

Frame TransitionSpiral::frame(double s) const {
    s = args::clampArc(s, length_);
    const int n = static_cast<int>(nodes_.size()) - 1;
    const int j = std::clamp(static_cast<int>(std::floor(s / nodeStep_)), 0, n - 1);
    const double t = s / length_;
    const Shape sh = shape(law_, t);
    const double th = heading(s), c = std::cos(th), sn = std::sin(th);
    Frame f;
    f.P = nodes_[j] + displacement(j * nodeStep_, s);
    f.T = Vec3(c, sn, 0.0);
    f.N = Vec3(-sn, c, 0.0); // left normal, kappa signed: continuous through kappa = 0
    f.B = Vec3::UnitZ();
    f.kappa = kappa0_ + dk_ * sh.f;
    f.dkappa = dk_ * sh.fp / length_;
    if (hdpsi_ != 0.0) {
        const BankShape b = bankShape(t);
        const double L2 = length_ * length_;
        f.kappa -= hdpsi_ / L2 * b.p2;
        f.dkappa -= hdpsi_ / (L2 * length_) * b.p3;
    }
    return f;
}

} // namespace tl
