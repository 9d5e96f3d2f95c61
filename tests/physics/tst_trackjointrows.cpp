// The trackjoint rows without Bullet (docs/trackjoint.md, equations (6)-(11)).
//  1. For random railed states on a twisted helix carried by a moving, rotating track body, J.v of every
//     row equals -de/dt of its error, de/dt from central finite differences while the bodies move with
//     (vm, wm), (vt, wt) and s advances by the ds rule ds/dt = (va - vp) . F.T.
//  2. For random (not railed) states the rows equal the formulas of docs/trackjoint.md, typed in again term
//  by term.
//  3. The orientation mismatch is exactly -sin(theta) u for a finite rotation theta about u.
#include "physics/joint/TrackJointRows.h"

#include <QtTest>

#include <random>

using namespace tl;

namespace {

// Helix (a cos u, a sin u, b u) by arc length s = c u, c = sqrt(a^2 + b^2) [closed form, docs/validation.md]:
// kappa = a / c^2, tau = b / c^2; twist wt(s) = w0 + w1 s + w2 s^2.
struct HelixTrack {
    double a = 10, b = 2, w0 = 0.3, w1 = 0.02, w2 = 0.001;
    TwistedFrame local(double s) const {
        const double c = std::sqrt(a * a + b * b), u = s / c;
        Frame F;
        F.P = Vec3(a * std::cos(u), a * std::sin(u), b * u);
        F.T = Vec3(-a * std::sin(u), a * std::cos(u), b) / c;
        F.N = Vec3(-std::cos(u), -std::sin(u), 0);
        F.B = Vec3(b * std::sin(u), -b * std::cos(u), a) / c;
        F.kappa = a / (c * c);
        F.tau = b / (c * c);
        return twisted(F, w0 + w1 * s + w2 * s * s, w1 + 2 * w2 * s);
    }
};

TwistedFrame placed(const Pose& X, const TwistedFrame& w) {
    TwistedFrame r = w;
    r.F = transformed(X, w.F);
    r.wN = X.linear() * w.wN;
    r.wB = X.linear() * w.wB;
    return r;
}

Eigen::Matrix3d expRot(const Vec3& phi) {
    const double th = phi.norm();
    if (th < 1e-300) return Eigen::Matrix3d::Identity();
    return Eigen::AngleAxisd(th, phi / th).toRotationMatrix();
}

// A body moving with constant (v, w) about its COM: pose at time t.
Pose bodyAt(const Pose& X0, const Vec3& v, const Vec3& w, double t) {
    Pose X = Pose::Identity();
    X.linear() = expRot(w * t) * X0.linear();
    X.translation() = X0.translation() + v * t;
    return X;
}

Vec3 randVec(std::mt19937& g, double scale) {
    std::uniform_real_distribution<double> d(-scale, scale);
    return Vec3(d(g), d(g), d(g));
}

Pose randPose(std::mt19937& g, double scale) {
    Pose X = Pose::Identity();
    X.linear() = expRot(randVec(g, 3.0));
    X.translation() = randVec(g, scale);
    return X;
}

struct Scenario {
    HelixTrack helix;
    Pose Xt0, Xm0;       // track body and moving body COM poses at t = 0
    Pose trackInBody;    // helix placement in the track body
    Pose anchorInBody;   // anchor in the moving body
    Vec3 vm, wm, vt, wt; // body velocities
    double s0 = 0;       // [m]
    double erp = 0.2, dt = 1.0 / 240;

    TwistedFrame wFAt(double s, double t) const {
        return placed(bodyAt(Xt0, vt, wt, t) * trackInBody, helix.local(s));
    }
    TrackJointState stateAt(double s, double t) const {
        TrackJointState st;
        const Pose Xm = bodyAt(Xm0, vm, wm, t);
        const Pose XA = Xm * anchorInBody;
        st.A.P = XA.translation();
        st.A.T = XA.linear().col(0);
        st.A.N = XA.linear().col(1);
        st.A.B = XA.linear().col(2);
        st.FmP = Xm.translation();
        st.FtP = bodyAt(Xt0, vt, wt, t).translation();
        st.wF = wFAt(s, t);
        st.erp = erp;
        st.dt = dt;
        return st;
    }
};

Scenario randomScenario(unsigned seed, bool railed, bool trackMoves) {
    std::mt19937 g(seed);
    Scenario sc;
    sc.Xt0 = trackMoves ? randPose(g, 20) : Pose::Identity();
    sc.trackInBody = randPose(g, 5);
    sc.Xm0 = randPose(g, 20);
    sc.s0 = std::uniform_real_distribution<double>(0, 60)(g);
    sc.vm = randVec(g, 10);
    sc.wm = randVec(g, 1);
    sc.vt = trackMoves ? randVec(g, 5) : Vec3::Zero();
    sc.wt = trackMoves ? randVec(g, 1) : Vec3::Zero();
    // Anchor: on the track frame (railed) or off it by a few cm and degrees.
    const TwistedFrame w = sc.wFAt(sc.s0, 0);
    Pose XA = Pose::Identity();
    XA.linear().col(0) = w.F.T;
    XA.linear().col(1) = w.wN;
    XA.linear().col(2) = w.wB;
    XA.translation() = w.F.P;
    if (!railed) {
        XA.linear() = expRot(randVec(g, 0.1)) * XA.linear();
        XA.translation() += randVec(g, 0.05);
    }
    sc.anchorInBody = sc.Xm0.inverse() * XA;
    return sc;
}

} // namespace

class TstTrackJointRows : public QObject {
    Q_OBJECT
private slots:
    void jacobianIsErrorRate_data();
    void jacobianIsErrorRate();
    void rowsMatchSeedFormulas_data();
    void rowsMatchSeedFormulas();
    void mismatchIsMinusSinTheta();
    void motorRow();
};

void TstTrackJointRows::jacobianIsErrorRate_data() {
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<bool>("trackMoves");
    for (unsigned k = 1; k <= 6; ++k) {
        QTest::newRow(qPrintable(QString("ground track, state %1").arg(k))) << k << false;
        QTest::newRow(qPrintable(QString("moving track body, state %1").arg(k))) << 100 + k << true;
    }
}

void TstTrackJointRows::jacobianIsErrorRate() {
    QFETCH(unsigned, seed);
    QFETCH(bool, trackMoves);
    const Scenario sc = randomScenario(seed, true, trackMoves);
    const TrackJointState st0 = sc.stateAt(sc.s0, 0);
    const TrackJointRows rows = computeTrackJointRows(st0);
    QCOMPARE(rows.count, 5);
    // Railed: all errors vanish at t = 0.
    for (int i = 0; i < rows.count; ++i)
        QVERIFY2(std::abs(rows.row[i].e) < 1e-12,
                 qPrintable(QString("e%1 = %2").arg(i + 1).arg(rows.row[i].e)));

    // ds/dt = (va - vp) . F.T (the ds rule of docs/trackjoint.md at A(t) == F(s,t)).
    const Vec3 va = sc.vm + sc.wm.cross(st0.A.P - st0.FmP);
    const Vec3 vp = sc.vt + sc.wt.cross(st0.wF.F.P - st0.FtP);
    const double sdot = (va - vp).dot(st0.wF.F.T);
    const double h = 1e-5; // [s]; central differences: truncation ~ h^2 * (rates)^3 ~ 1e-9
    const TrackJointRows plus = computeTrackJointRows(sc.stateAt(sc.s0 + sdot * h, h));
    const TrackJointRows minus = computeTrackJointRows(sc.stateAt(sc.s0 - sdot * h, -h));
    for (int i = 0; i < rows.count; ++i) {
        const double Jv = rows.row[i].apply(sc.vm, sc.wm, sc.vt, sc.wt);
        const double dedt = (plus.row[i].e - minus.row[i].e) / (2 * h);
        // Rates are O(10 m/s) and O(1 rad/s); rounding in e (1e-15 * 100 m) / h gives ~1e-8.
        QVERIFY2(std::abs(Jv + dedt) < 1e-6 * (1 + std::abs(Jv)),
                 qPrintable(QString("row %1: J.v = %2, -de/dt = %3")
                                .arg(i + 1)
                                .arg(Jv, 0, 'g', 12)
                                .arg(-dedt, 0, 'g', 12)));
    }
}

void TstTrackJointRows::rowsMatchSeedFormulas_data() {
    QTest::addColumn<unsigned>("seed");
    for (unsigned k = 1; k <= 5; ++k)
        QTest::newRow(qPrintable(QString("off-track state %1").arg(k))) << 200 + k;
}

void TstTrackJointRows::rowsMatchSeedFormulas() {
    QFETCH(unsigned, seed);
    const Scenario sc = randomScenario(seed, false, true);
    TrackJointState st = sc.stateAt(sc.s0, 0);
    st.limits.motorOn = true;
    st.limits.vTarget = 7.5;
    st.limits.motorForceMin = -3000;
    st.limits.motorForceMax = 2000;
    const TrackJointRows r = computeTrackJointRows(st);
    QCOMPARE(r.count, 6);

    // docs/trackjoint.md, typed in again. '%' -> cross, '*' -> dot.
    const Vec3 AP = st.A.P, FmP = st.FmP, FtP = st.FtP;
    const Vec3 wFP = st.wF.F.P, wFT = st.wF.F.T, wFN = st.wF.wN, wFB = st.wF.wB, FN = st.wF.F.N,
               FB = st.wF.F.B;
    const double tau = st.wF.F.tau, dwt = st.wF.dwt, kappa = st.wF.F.kappa, erp = st.erp, dt = st.dt;
    const Vec3 sum = st.A.T.cross(wFT) + st.A.N.cross(wFN) + st.A.B.cross(wFB);
    struct Seed {
        Vec3 Jm, Rm, Jt, Rt;
        double e;
    };
    const Seed seedRows[6] = {
        {wFN, (AP - FmP).cross(wFN), -wFN, wFN.cross(wFP - FtP), (wFP - AP).dot(wFN)},
        {wFB, (AP - FmP).cross(wFB), -wFB, wFB.cross(wFP - FtP), (wFP - AP).dot(wFB)},
        {-(tau + dwt) * wFT, wFT - (tau + dwt) * (AP - FmP).cross(wFT), (tau + dwt) * wFT,
         -wFT + (tau + dwt) * (wFP - FtP).cross(wFT), (st.A.N.cross(wFN) + st.A.B.cross(wFB)).dot(wFT)},
        {Vec3::Zero(), FN, Vec3::Zero(), -FN, sum.dot(FN)},
        {-kappa * wFT, FB - kappa * (AP - FmP).cross(wFT), kappa * wFT, -FB + kappa * (wFP - FtP).cross(wFT),
         sum.dot(FB)},
        {wFT, (AP - FmP).cross(wFT), -wFT, wFT.cross(wFP - FtP), dt / erp * st.limits.vTarget},
    };
    // Our e3..e5 are half those of docs/trackjoint.md (see TrackJointRows.cpp): J.v = -de/dt instead of -1/2
    // de/dt.
    const double eScale[6] = {1, 1, 0.5, 0.5, 0.5, 1};
    for (int i = 0; i < 6; ++i) {
        const TrackJointRow& row = r.row[i];
        QCOMPARE(int(row.id), i + 1);
        QVERIFY((row.Jm - seedRows[i].Jm).norm() < 1e-12);
        QVERIFY((row.Rm - seedRows[i].Rm).norm() < 1e-12 * (1 + seedRows[i].Rm.norm()));
        QVERIFY((row.Jt - seedRows[i].Jt).norm() < 1e-12);
        QVERIFY((row.Rt - seedRows[i].Rt).norm() < 1e-12 * (1 + seedRows[i].Rt.norm()));
        QVERIFY2(std::abs(row.e - eScale[i] * seedRows[i].e) < 1e-14,
                 qPrintable(QString("e%1 = %2 vs seed %3").arg(i + 1).arg(row.e).arg(seedRows[i].e)));
        QVERIFY(std::abs(row.rhs - erp / dt * row.e) < 1e-12);
    }
    // Off-track states have errors of a few cm / degrees: make sure the test is not comparing zeros.
    QVERIFY(std::abs(r.row[0].e) > 1e-4 && std::abs(r.row[3].e) > 1e-4);
    // Limits: f1, t3, t4, t5 free; f2 >= 0; motor within its limits.
    QVERIFY(std::isinf(r.row[0].lo) && r.row[0].lo < 0 && std::isinf(r.row[0].hi));
    QCOMPARE(r.row[1].lo, 0.0);
    QVERIFY(std::isinf(r.row[1].hi));
    QCOMPARE(r.row[5].lo, -3000.0);
    QCOMPARE(r.row[5].hi, 2000.0);
}

void TstTrackJointRows::mismatchIsMinusSinTheta() {
    std::mt19937 g(7);
    for (int k = 0; k < 20; ++k) {
        const Pose W = randPose(g, 1);
        TwistedFrame wF;
        wF.F.T = W.linear().col(0);
        wF.F.N = W.linear().col(1);
        wF.F.B = W.linear().col(2);
        wF.wN = wF.F.N;
        wF.wB = wF.F.B;
        const Vec3 delta = randVec(g, 1.0); // rotation taking wF to A, up to ~1.7 rad
        const Eigen::Matrix3d Rd = expRot(delta);
        AnchorFrame A;
        A.T = Rd * wF.F.T;
        A.N = Rd * wF.wN;
        A.B = Rd * wF.wB;
        const Vec3 m = trackJointOrientationMismatch(A, wF);
        const Vec3 expected = -std::sin(delta.norm()) * delta.normalized();
        QVERIFY2((m - expected).norm() < 1e-14,
                 qPrintable(QString("|m - expected| = %1").arg((m - expected).norm())));
    }
}

void TstTrackJointRows::motorRow() {
    TrackJointState st;
    st.limits.motorOn = true;
    st.limits.vTarget = -4.0;
    st.erp = 0.0; // no error reduction: the motor target must still be exact
    st.limits.motorForceMin = -100;
    st.limits.motorForceMax = 100;
    const TrackJointRows r = computeTrackJointRows(st);
    QCOMPARE(r.count, 6);
    QCOMPARE(r.row[5].rhs, -4.0);
    st.limits.motorOn = false;
    QCOMPARE(computeTrackJointRows(st).count, 5);
}

QTEST_APPLESS_MAIN(TstTrackJointRows)
#include "tst_trackjointrows.moc"
