#include "core/layout/Track.h"

#include "core/curves/Spline.h"
#include "core/twists/CantProfileTwist.h"
#include "core/twists/CantTwist.h"
#include "core/twists/ConstantTwist.h"
#include "core/twists/KeysTwist.h"
#include "core/twists/LinearTwist.h"
#include "core/twists/SmoothBankTwist.h"
#include "core/twists/UpFrameTwist.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tl {

TwistedFrame transformed(const Pose& X, const TwistedFrame& f) {
    TwistedFrame r = f;
    r.F = transformed(X, f.F);
    r.wN = X.linear() * f.wN;
    r.wB = X.linear() * f.wB;
    return r;
}

// localFrame's data: the curve's frame in body coordinates (a spline moved into the body once; other
// curves rotated per call), and the twist evaluated on that frame where it only reads rotation invariants.
struct Track::Fast {
    std::shared_ptr<const Spline> spline; // the curve moved by the placement (null: rotate the curve's frame)
    Eigen::Matrix3d R;                    // placement rotation
    Vec3 p;                               // placement translation
    const UpReference* ref = nullptr;     // up-framed: the twist's level reference (else null)
    Vec3 up;                              // its up in body coordinates
    const Twist* profile = nullptr;       // the bank (up-framed) or the twist (Frenet); null = none
    bool readsFrame = false;              // profile reads F (kappa, dkappa): give it the level frame
    const SmoothBankTwist* smooth = nullptr; // profile as a SmoothBankTwist (a function of s: no call)
};

namespace {

// sin x and cos x: for |x| <= 0.8 (banks; a cant is clamped well below) their Taylor series to x^17 and x^16
// (truncation < 1e-17 absolute), evaluated in y = x^2 by Estrin's scheme, inline; else ::sincos.
inline void sinCos(double x, double& sn, double& c) {
    if (!(std::abs(x) <= 0.8)) [[unlikely]] {
        ::sincos(x, &sn, &c);
        return;
    }
    constexpr auto f = [](int n) { // 1 / n!
        double p = 1.0;
        for (int k = 2; k <= n; ++k)
            p *= k;
        return 1.0 / p;
    };
    constexpr double s1 = -f(3), s2 = f(5), s3 = -f(7), s4 = f(9), s5 = -f(11), s6 = f(13), s7 = -f(15),
                     s8 = f(17);
    constexpr double c1 = -f(2), c2 = f(4), c3 = -f(6), c4 = f(8), c5 = -f(10), c6 = f(12), c7 = -f(14),
                     c8 = f(16);
    const double y = x * x, y2 = y * y, y4 = y2 * y2, y8 = y4 * y4;
    const double ps =
        (1.0 + s1 * y) + y2 * (s2 + s3 * y) + y4 * ((s4 + s5 * y) + y2 * (s6 + s7 * y)) + y8 * s8;
    const double pc =
        (1.0 + c1 * y) + y2 * (c2 + c3 * y) + y4 * ((c4 + c5 * y) + y2 * (c6 + c7 * y)) + y8 * c8;
    sn = x * ps;
    c = pc;
}

// Twists whose value depends on s and on the frame's rotation invariants only (kappa, dkappa, tau).
bool invariant(const Twist* t, bool& readsFrame) {
    readsFrame = false;
    if (!t || dynamic_cast<const SmoothBankTwist*>(t) || dynamic_cast<const ConstantTwist*>(t) ||
        dynamic_cast<const LinearTwist*>(t) || dynamic_cast<const KeysTwist*>(t) ||
        dynamic_cast<const CantProfileTwist*>(t))
        return true;
    if (dynamic_cast<const CantTwist*>(t)) return readsFrame = true;
    return false;
}

} // namespace

Track::Track(std::string id, CurvePtr curve, TwistPtr twist, const Pose& placement, std::string body,
             UpReferencePtr up, double heartline)
    : id_(std::move(id)), curve_(std::move(curve)), twist_(std::move(twist)), placement_(placement),
      body_(std::move(body)), up_(std::move(up)), heartline_(heartline) {
    if (!curve_) throw std::invalid_argument("Track: null curve");
    if (!up_) up_ = std::make_shared<UpReference>(curve_, placement_.linear().transpose() * Vec3::UnitZ());
    auto f = std::make_shared<Fast>();
    f->R = placement_.linear();
    f->p = placement_.translation();
    bool ok = true;
    if (const auto* u = dynamic_cast<const UpFrameTwist*>(twist_.get())) {
        f->ref = u->reference().get();
        f->up = f->R * f->ref->up();
        f->profile = u->bank().get();
        ok = &f->ref->curve() == curve_.get() && invariant(f->profile, f->readsFrame);
    } else {
        f->profile = twist_.get();
        ok = invariant(f->profile, f->readsFrame);
        f->readsFrame = false; // a Frenet profile reads the curve's own frame
    }
    f->smooth = dynamic_cast<const SmoothBankTwist*>(f->profile);
    if (!ok) return; // e.g. a directional twist (reads F's vectors in curve coordinates): composed path
    if (const auto* sp = dynamic_cast<const Spline*>(curve_.get()))
        f->spline = std::make_shared<const Spline>(sp->transformed(placement_));
    fast_ = std::move(f);
}

bool Track::upFramed() const {
    const auto* u = dynamic_cast<const UpFrameTwist*>(twist_.get());
    return u && u->reference() == up_;
}

TwistValue Track::bank(double s) const {
    const Frame F = curve_->frame(s);
    // (a twist measured from another level reference, as a heartline track's in a loop may be, is turned
    // into the bank from this track's own below)
    if (const auto* u = dynamic_cast<const UpFrameTwist*>(twist_.get()); u && u->reference() == up_)
        return u->bankAt(s, F);
    const TwistValue w = twist_ ? twist_->at(s, F) : TwistValue{};
    const UpReference::Angle a = up_->at(s, F);
    return {std::remainder(w.wt - a.a, 2.0 * std::numbers::pi), w.dwt - a.da};
}

bool Track::upsideDown(double s) const {
    return up_->at(s, curve_->frame(s)).upsideDown;
}

TwistedFrame Track::curveFrame(double s) const {
    const Frame F = curve_->frame(s);
    const TwistValue w = twist_ ? twist_->at(s, F) : TwistValue{};
    return twisted(F, w.wt, w.dwt / F.speed); // the twist's rate over s, per metre along the curve
}

TwistedFrame Track::localFrameComposed(double s) const {
    return transformed(placement_, curveFrame(s));
}

TwistedFrame Track::localFrame(double s) const {
    int none = -1;
    return fastFrame<false>(s, none);
}

TwistedFrame Track::localFrame(double s, int& piece) const {
    return fastFrame<true>(s, piece);
}

template <bool kPiece> TwistedFrame Track::fastFrame(double s, int& piece) const {
    TwistedFrame w; // every return returns w: built in the caller's slot (no 168-byte copy at the end)
    if (!fast_) [[unlikely]] {
        w = localFrameComposed(s);
        return w;
    }
    const Fast& f = *fast_;
    TwistValue b{}; // a smooth bank first: it needs s only, so it overlaps the frame's evaluation
    if (f.smooth) b = f.smooth->at(s);
    Frame& F = w.F;
    if (f.spline) {
        if constexpr (kPiece)
            f.spline->evaluate(s, F, piece);
        else
            f.spline->evaluate(s, F);
    } else {
        F = curve_->frame(s);
        F.P = f.R * F.P + f.p;
        F.T = f.R * F.T;
        F.N = f.R * F.N;
        F.B = f.R * F.B;
    }
    double c = 1.0, sn = 0.0; // cos, sin of wt
    if (f.ref) {              // UpFrameTwist::at: wt = a + bank (on the level frame)
        const UpReference::Angle u = f.ref->at(s, F, f.up);
        if (f.profile && !f.smooth) {
            if (f.readsFrame) { // UpReference::level with cos a, sin a from the angle
                Frame l = F;
                l.N = u.c * F.N + u.sn * F.B;
                l.B = -u.sn * F.N + u.c * F.B;
                l.kappa = F.kappa * u.c;
                l.dkappa = F.dkappa * u.c - F.kappa * u.sn * (u.da / F.speed);
                l.tau = F.tau + u.da / F.speed;
                b = f.profile->at(s, l);
            } else {
                b = f.profile->at(s, F);
            }
        }
        w.wt = u.a + b.wt;
        w.dwt = (u.da + b.dwt) / F.speed; // per metre along the curve (the twist's rates are over s)
        if (b.wt == 0.0) {
            c = u.c;
            sn = u.sn;
        } else { // cos, sin of a + bank
            double cb, sb;
            sinCos(b.wt, sb, cb);
            c = u.c * cb - u.sn * sb;
            sn = u.sn * cb + u.c * sb;
        }
    } else if (f.profile) {
        const TwistValue v = f.smooth ? b : f.profile->at(s, F);
        w.wt = v.wt;
        w.dwt = v.dwt / F.speed;
        sinCos(v.wt, sn, c);
    }
    w.wN = Vec3(c * F.N.x() + sn * F.B.x(), c * F.N.y() + sn * F.B.y(), c * F.N.z() + sn * F.B.z());
    w.wB = Vec3(c * F.B.x() - sn * F.N.x(), c * F.B.y() - sn * F.N.y(), c * F.B.z() - sn * F.N.z());
    return w;
}

std::array<MemoryRange, 5> Track::frameMemory(double s, double ds, int piece) const {
    std::array<MemoryRange, 5> out{};
    if (!fast_) return out;
    if (fast_->spline) out[0] = fast_->spline->pieceMemory(piece);
    if (fast_->smooth) {
        const auto cells = fast_->smooth->cellMemory(s, ds);
        std::copy(cells.begin(), cells.end(), out.begin() + 1);
    }
    return out;
}

TwistedFrame Track::frameInWorld(double s, const Pose& bodyToWorld) const {
    return transformed(bodyToWorld * placement_, curveFrame(s));
}

} // namespace tl
