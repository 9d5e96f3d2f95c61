#include "core/curves/VerticalProfile.h"

#include "core/curves/ProfileError.h"
#include "core/geometry/GaussLegendre.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace tl {

namespace {

std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", x);
    return buf;
}

} // namespace

const char* verticalTypeName(VerticalPieceSpec::Type t) {
    using T = VerticalPieceSpec::Type;
    switch (t) {
    case T::ConstantGradient:
        return "constantGradient";
    case T::CircularArc:
        return "circularArc";
    case T::ParabolicArc:
        return "parabolicArc";
    case T::Clothoid:
        return "clothoid";
    }
    return "";
}

// One law over local x = u - from in [0, Lh] (evaluated a little beyond when the next piece starts late).
class VerticalPiece {
public:
    virtual ~VerticalPiece() = default;
    virtual ProfilePoint at(double x) const = 0;
    virtual double sigma(double x) const = 0; // arc length of the (u, z) curve from x = 0 [m]
    virtual double x(double sigma) const = 0; // its inverse [m]
};

namespace {

class ConstantGradient : public VerticalPiece {
public:
    ConstantGradient(double z0, double g) : z0_(z0), g_(g), v_(std::sqrt(1.0 + g * g)) {}
    ProfilePoint at(double x) const override { return {z0_ + g_ * x, g_, 0.0, 0.0}; }
    double sigma(double x) const override { return x * v_; }
    double x(double sigma) const override { return sigma / v_; }

private:
    double z0_, g_, v_;
};

class CircularArc : public VerticalPiece {
public:
    CircularArc(double z0, double g0, double g1, double Lh) : z0_(z0) {
        const double a0 = std::atan(g0), a1 = std::atan(g1);
        a0_ = a0;
        s0_ = std::sin(a0);
        c0_ = std::cos(a0);
        k_ = (std::sin(a1) - s0_) / Lh;
    }
    double curvature() const { return k_; }
    ProfilePoint at(double x) const override {
        const double sn = s0_ + k_ * x, c = std::sqrt(std::max(0.0, 1.0 - sn * sn));
        const double c3 = c * c * c;
        return {z0_ + x * (sn + s0_) / (c0_ + c), sn / c, k_ / c3, 3.0 * k_ * k_ * sn / (c3 * c * c)};
    }
    double sigma(double x) const override {
        const double sn = s0_ + k_ * x, c = std::sqrt(std::max(0.0, 1.0 - sn * sn));
        const double w = c0_ + s0_ * (sn + s0_) / (c0_ + c); // sin(a - a0) = k x w
        return std::asin(k_ * x * w) / k_;
    }
    double x(double sigma) const override {
        return 2.0 * std::cos(a0_ + 0.5 * k_ * sigma) * std::sin(0.5 * k_ * sigma) / k_;
    }

private:
    double z0_, a0_, s0_, c0_, k_;
};

// Arc length tables by 8-point Gauss-Legendre from nodes (parabolicArc in x, clothoid in sigma).
class ParabolicArc : public VerticalPiece {
public:
    ParabolicArc(double z0, double g0, double g1, double Lh) : z0_(z0), g0_(g0), c_((g1 - g0) / Lh) {
        // singularities of sqrt(1 + p^2) at p = +-i: >= 40 half-intervals away
        const int n = std::max(1, int(std::ceil(std::abs(g1 - g0) / 0.05)));
        h_ = Lh / n;
        nodes_.assign(std::size_t(n) + 2, 0.0); // one spare node: x slightly beyond Lh
        for (int i = 0; i <= n; ++i)
            nodes_[std::size_t(i) + 1] = nodes_[std::size_t(i)] + rule(i * h_, (i + 1) * h_);
    }
    ProfilePoint at(double x) const override {
        return {z0_ + x * (g0_ + 0.5 * c_ * x), g0_ + c_ * x, c_, 0.0};
    }
    double sigma(double x) const override {
        const int n = int(nodes_.size()) - 1;
        const int j = std::clamp(int(std::floor(x / h_)), 0, n - 1);
        return nodes_[std::size_t(j)] + rule(j * h_, x);
    }
    double x(double sigma) const override {
        const int n = int(nodes_.size()) - 1;
        int j = int(std::upper_bound(nodes_.begin(), nodes_.end(), sigma) - nodes_.begin()) - 1;
        j = std::clamp(j, 0, n - 1);
        double x = j * h_ + (sigma - nodes_[std::size_t(j)]) / speed(j * h_);
        for (int it = 0; it < 6; ++it) {
            const double dx = (nodes_[std::size_t(j)] + rule(j * h_, x) - sigma) / speed(x);
            x -= dx;
            if (std::abs(dx) < 1e-14 * (1.0 + std::abs(x))) break;
        }
        return x;
    }

private:
    double speed(double x) const {
        const double p = g0_ + c_ * x;
        return std::sqrt(1.0 + p * p);
    }
    double rule(double a, double b) const {
        const double hw = 0.5 * (b - a);
        return hw * gauss::accumulate8(
                        0.0, [this](double x) { return speed(x); }, a + hw, hw);
    }
    double z0_, g0_, c_, h_;
    std::vector<double> nodes_; // sigma at x = i h [m]
};

class VerticalClothoid : public VerticalPiece {
public:
    static constexpr int kNodes = 8;

    VerticalClothoid(double z0, double g0, double g1, double k0, double Lh)
        : z0_(z0), a0_(std::atan(g0)), k0_(k0) {
        const double da = std::atan(g1) - a0_;
        if (da == 0.0 && k0 == 0.0)
            throw std::invalid_argument("a clothoid needs different gradients (or a curvatureStart)");
        // secant on Sigma for u(Sigma) = Lh
        auto residual = [&](double S) {
            setSigma(S, da);
            return integral(0.0, S, false) - Lh;
        };
        const double gm = std::max(std::abs(g0), std::abs(g1));
        double s0 = Lh, s1 = Lh * std::sqrt(1.0 + gm * gm) * 1.001 + 1e-9;
        double r0 = residual(s0), r1 = residual(s1);
        bool converged = false;
        for (int it = 0; it < 100 && std::isfinite(r1); ++it) {
            if (r1 == r0) break;
            const double s2 = s1 - r1 * (s1 - s0) / (r1 - r0);
            if (!(s2 > 0.0) || !std::isfinite(s2)) break;
            s0 = s1;
            r0 = r1;
            s1 = s2;
            r1 = residual(s1);
            if (std::abs(r1) <= 1e-12 * Lh) {
                converged = true;
                break;
            }
        }
        if (!converged)
            throw std::invalid_argument("no clothoid joins gradient " + num(g0) + " to " + num(g1) +
                                        " with curvatureStart " + num(k0) + " 1/m over " + num(Lh) + " m");
        setSigma(s1, da);
        for (int i = 0; i <= 4 * kNodes; ++i) {
            const double a = angle(Sigma_ * i / (4 * kNodes));
            if (!(std::abs(a) < 1.5))
                throw std::invalid_argument("the clothoid reaches a gradient of " + num(std::tan(a)) +
                                            " (steeper than tan(1.5))");
        }
        h_ = Sigma_ / kNodes;
        un_.assign(kNodes + 2, 0.0);
        zn_.assign(kNodes + 2, 0.0);
        for (int i = 0; i <= kNodes; ++i) {
            un_[std::size_t(i) + 1] = un_[std::size_t(i)] + integral(i * h_, (i + 1) * h_, false);
            zn_[std::size_t(i) + 1] = zn_[std::size_t(i)] + integral(i * h_, (i + 1) * h_, true);
        }
    }
    double curvatureEnd() const { return k0_ + c_ * Sigma_; }
    ProfilePoint at(double x) const override {
        const double sg = this->sigmaOf(x);
        const double a = angle(sg), k = k0_ + c_ * sg, c = std::cos(a), sn = std::sin(a);
        const double c3 = c * c * c;
        return {z0_ + node(sg, true), sn / c, k / c3, c_ / (c3 * c) + 3.0 * k * k * sn / (c3 * c * c)};
    }
    double sigma(double x) const override { return sigmaOf(x); }
    double x(double sigma) const override { return node(sigma, false); }

private:
    void setSigma(double S, double da) {
        Sigma_ = S;
        c_ = 2.0 * (da - k0_ * S) / (S * S);
    }
    double angle(double sg) const { return a0_ + sg * (k0_ + 0.5 * c_ * sg); }
    // integral of cos a (sin a) over [p, q], composite 8-point rule in pieces of at most Sigma / kNodes
    double integral(double p, double q, bool sine) const {
        const int n = std::max(1, int(std::ceil(std::abs(q - p) / (Sigma_ / kNodes) - 1e-9)));
        const double hw = 0.5 * (q - p) / n;
        double sum = 0.0;
        for (int i = 0; i < n; ++i)
            sum = gauss::accumulate8(
                sum, [&](double t) { return sine ? std::sin(angle(t)) : std::cos(angle(t)); },
                p + (2 * i + 1) * hw, hw);
        return hw * sum;
    }
    double node(double sg, bool z) const {
        const int j = std::clamp(int(std::floor(sg / h_)), 0, kNodes);
        return (z ? zn_ : un_)[std::size_t(j)] + integral(j * h_, sg, z);
    }
    double sigmaOf(double x) const {
        int j = int(std::upper_bound(un_.begin(), un_.end() - 1, x) - un_.begin()) - 1;
        j = std::clamp(j, 0, kNodes);
        double sg = j * h_ + (x - un_[std::size_t(j)]) / std::cos(angle(j * h_));
        for (int it = 0; it < 8; ++it) {
            const double d = (un_[std::size_t(j)] + integral(j * h_, sg, false) - x) / std::cos(angle(sg));
            sg -= d;
            if (std::abs(d) < 1e-14 * (1.0 + std::abs(sg))) break;
        }
        return sg;
    }
    double z0_, a0_, k0_;
    double Sigma_ = 0.0, c_ = 0.0, h_ = 0.0;
    std::vector<double> un_, zn_; // u and z - z0 at sigma = i h [m] (one spare node beyond Sigma)
};

} // namespace

VerticalProfile::VerticalProfile(std::vector<VerticalPieceSpec> pieces, double horizontalLength)
    : specs_(std::move(pieces)), horizontalLength_(horizontalLength) {
    if (!(horizontalLength > 0.0) || !std::isfinite(horizontalLength))
        throw ProfileError("vertical", -1, "", "the horizontal length must be > 0");
    if (specs_.empty()) {
        laws_.push_back(std::make_unique<ConstantGradient>(0.0, 0.0));
        u0_.push_back(0.0);
        sigma0_.push_back(0.0);
        total_ = horizontalLength;
        return;
    }
    using T = VerticalPieceSpec::Type;
    double previousEnd = 0.0, previousZ = 0.0, previousG = 0.0;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        const VerticalPieceSpec& p = specs_[i];
        const int at = int(i);
        auto fail = [at](const char* key, const std::string& problem) {
            throw ProfileError("vertical", at, key, problem);
        };
        for (double v :
             {p.from, p.length, p.startHeight, p.startGradient, p.endGradient, p.curvatureStart, p.radius})
            if (!std::isfinite(v)) fail("", "a value is not finite");
        if (!(p.length > 0.0)) fail("length", "length must be > 0, got " + num(p.length));
        if (std::abs(p.from - previousEnd) > kJoinTolerance)
            fail("from", "from " + num(p.from) + " m, " +
                             (i ? "the previous piece ends at " + num(previousEnd) + " m"
                                : std::string("the profile must start at 0")) +
                             " (pieces must be contiguous to 1 mm)");
        if (i && std::abs(p.startHeight - previousZ) > kJoinTolerance)
            fail("startHeight", "startHeight " + num(p.startHeight) + " m, the previous piece ends at " +
                                    num(previousZ) + " m (heights must join to 1 mm)");
        if (i && std::abs(p.startGradient - previousG) > kGradientJump)
            fail("startGradient", "startGradient " + num(p.startGradient) +
                                      ", the previous piece ends with " + num(previousG) +
                                      " (gradients must join to " + num(kGradientJump) + ")");
        const double dg = p.endGradient - p.startGradient;
        auto checkRadius = [&](double expected) {
            if (p.radius != 0.0 && std::abs(std::abs(p.radius) - expected) > kRadiusTolerance * expected)
                fail("radius", "radius " + num(std::abs(p.radius)) + " m does not match the gradients " +
                                   num(p.startGradient) + " -> " + num(p.endGradient) + " over " +
                                   num(p.length) + " m, which give " + num(expected) +
                                   " m (tolerance 0.1 %)");
        };
        std::unique_ptr<VerticalPiece> law;
        double endZ = 0.0;
        switch (p.type) {
        case T::ConstantGradient:
            if (std::abs(dg) > 1e-9)
                fail("endGradient", "a constantGradient has endGradient = startGradient, got " +
                                        num(p.startGradient) + " and " + num(p.endGradient));
            if (p.radius != 0.0) fail("radius", "a constantGradient has no radius");
            law = std::make_unique<ConstantGradient>(p.startHeight, p.startGradient);
            break;
        case T::CircularArc: {
            if (dg == 0.0) fail("endGradient", "a circularArc needs different gradients");
            auto arc = std::make_unique<CircularArc>(p.startHeight, p.startGradient, p.endGradient, p.length);
            checkRadius(1.0 / std::abs(arc->curvature()));
            law = std::move(arc);
            break;
        }
        case T::ParabolicArc:
            if (dg == 0.0) fail("endGradient", "a parabolicArc needs different gradients");
            checkRadius(p.length / std::abs(dg));
            law = std::make_unique<ParabolicArc>(p.startHeight, p.startGradient, p.endGradient, p.length);
            break;
        case T::Clothoid:
            if (p.radius != 0.0) fail("radius", "a vertical clothoid takes curvatureStart, not a radius");
            try {
                law = std::make_unique<VerticalClothoid>(p.startHeight, p.startGradient, p.endGradient,
                                                         p.curvatureStart, p.length);
            } catch (const std::invalid_argument& e) {
                fail("", e.what());
            }
            break;
        }
        endZ = law->at(p.length).z;
        u0_.push_back(i ? p.from : 0.0);
        laws_.push_back(std::move(law));
        previousEnd = p.from + p.length;
        previousZ = endZ;
        previousG = p.endGradient;
    }
    if (std::abs(previousEnd - horizontalLength) > kJoinTolerance)
        throw ProfileError("vertical", int(specs_.size()) - 1, "length",
                           "the vertical profile ends at " + num(previousEnd) +
                               " m, the horizontal length is " + num(horizontalLength) + " m (to 1 mm)");
    sigma0_.assign(laws_.size(), 0.0);
    for (std::size_t i = 0; i < laws_.size(); ++i) {
        const double end = i + 1 < laws_.size() ? u0_[i + 1] : horizontalLength;
        const double span = laws_[i]->sigma(end - specs_[i].from);
        const double start = laws_[i]->sigma(u0_[i] - specs_[i].from);
        if (i + 1 < laws_.size())
            sigma0_[i + 1] = sigma0_[i] + span - start;
        else
            total_ = sigma0_[i] + span - start;
    }
}

VerticalProfile::~VerticalProfile() = default;
VerticalProfile::VerticalProfile(VerticalProfile&&) noexcept = default;

int VerticalProfile::pieceAtU(double u) const {
    const int j = int(std::upper_bound(u0_.begin(), u0_.end(), u) - u0_.begin()) - 1;
    return std::clamp(j, 0, int(u0_.size()) - 1);
}

int VerticalProfile::pieceAtSigma(double sigma) const {
    const int j = int(std::upper_bound(sigma0_.begin(), sigma0_.end(), sigma) - sigma0_.begin()) - 1;
    return std::clamp(j, 0, int(sigma0_.size()) - 1);
}

ProfilePoint VerticalProfile::at(double u) const {
    u = std::clamp(u, 0.0, horizontalLength_);
    const int j = pieceAtU(u);
    const double from = specs_.empty() ? 0.0 : specs_[std::size_t(j)].from;
    return laws_[std::size_t(j)]->at(u - from);
}

ProfilePoint VerticalProfile::atPiece(std::size_t i, double u) const {
    if (specs_.empty()) return laws_.front()->at(u);
    return laws_.at(i)->at(u - specs_.at(i).from);
}

double VerticalProfile::arcLength(double u) const {
    u = std::clamp(u, 0.0, horizontalLength_);
    const std::size_t j = std::size_t(pieceAtU(u));
    const double from = specs_.empty() ? 0.0 : specs_[j].from;
    return sigma0_[j] + laws_[j]->sigma(u - from) - laws_[j]->sigma(u0_[j] - from);
}

double VerticalProfile::horizontalDistance(double sigma) const {
    sigma = std::clamp(sigma, 0.0, total_);
    const std::size_t j = std::size_t(pieceAtSigma(sigma));
    const double from = specs_.empty() ? 0.0 : specs_[j].from;
    const double local = sigma - sigma0_[j] + laws_[j]->sigma(u0_[j] - from);
    return std::clamp(from + laws_[j]->x(local), 0.0, horizontalLength_);
}

} // namespace tl
