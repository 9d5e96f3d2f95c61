#include "physics/bench/TrackJointBenchmark.h"

#include "physics/bench/RowSolverWorld.h"
#include "physics/joint/BulletEigen.h"
#include "physics/joint/TrackJointConstraint.h"

#include <cmath>
#include <iomanip>
#include <memory>

namespace tl {

namespace {

// Every body moves at 20 m/s along its arc: the trackjoint's track frame follows it by the ds rule
// (docs/trackjoint.md) (the feeder, as in a simulation), the 6-DOF lock's frame is carried along the arc.
enum class Kind { TrackJoint, TrackJointMotor, SixDofLocked };

// Flat circle of radius R (turning left from the origin, heading +x), offset sideways by y0.
TwistedFrame arcFrame(double R, double y0, double s) {
    return flatArcFrame(R, s, 0.0, y0);
}

// One world with `joints` boxes of 1000 kg, each moving at 20 m/s on its own arc (R = 200 m + 5 m k):
// railed by a trackjoint, or held by a 6-DOF lock whose frame moves along the arc at that speed.
class Bench {
public:
    Bench(Kind kind, const TrackJointBenchmarkOptions& o) : kind_(kind), o_(o) {
        bullet_ = std::make_unique<RowSolverWorld>(o.solverIterations);
        world_ = &bullet_->world;
        // Every case runs exactly solverIterations iterations: Bullet stops early when the residual is
        // exactly zero, which a body locked at rest reaches and a body on a curve does not.
        world_->getSolverInfo().m_leastSquaresResidualThreshold = -1;
        shape_ = std::make_unique<btBoxShape>(btVector3(2, 1, 1));
        btVector3 inertia;
        shape_->calculateLocalInertia(1000, inertia);
        for (int k = 0; k < o.joints; ++k) {
            const double R = 200 + 5.0 * k, y0 = 10.0 * k;
            const TwistedFrame w = arcFrame(R, y0, 0);
            Pose XA = Pose::Identity();
            XA.translation() = w.F.P;
            Pose X = XA;
            X.translation() += Vec3(0, 0, 1); // COM 1 m above the anchor
            btRigidBody::btRigidBodyConstructionInfo ci(1000, nullptr, shape_.get(), inertia);
            ci.m_startWorldTransform = toBt(X);
            auto body = std::make_unique<btRigidBody>(ci);
            body->setActivationState(DISABLE_DEACTIVATION);
            body->setLinearVelocity(btVector3(kSpeed, 0, 0) +
                                    btVector3(0, 0, kSpeed / R).cross(btVector3(0, 0, 1)));
            body->setAngularVelocity(btVector3(0, 0, kSpeed / R));
            world_->addRigidBody(body.get(), 1, 0);
            Pose anchor = Pose::Identity();
            anchor.translation() = Vec3(0, 0, -1);
            if (kind != Kind::SixDofLocked) {
                auto j = std::make_unique<TrackJointConstraint>(*body, anchor,
                                                                btTypedConstraint::getFixedBody(), true);
                j->setTrackFrame(w);
                if (kind == Kind::TrackJointMotor) j->setMotor(true, 20.0, 5000.0);
                world_->addConstraint(j.get(), true);
                track_.push_back({R, y0, 0.0, j.get()});
                constraints_.push_back(std::move(j));
            } else {
                btTransform frameB = toBt(XA);
                auto c = std::make_unique<btGeneric6DofSpring2Constraint>(
                    *body, btTypedConstraint::getFixedBody(), toBt(anchor), frameB, RO_XYZ);
                c->setLinearLowerLimit(btVector3(0, 0, 0));
                c->setLinearUpperLimit(btVector3(0, 0, 0));
                c->setAngularLowerLimit(btVector3(0, 0, 0));
                c->setAngularUpperLimit(btVector3(0, 0, 0));
                world_->addConstraint(c.get(), true);
                locks_.push_back({R, y0, 0.0, c.get()});
                constraints_.push_back(std::move(c));
            }
            bodies_.push_back(std::move(body));
        }
    }
    ~Bench() {
        for (auto& c : constraints_)
            world_->removeConstraint(c.get());
        for (auto& b : bodies_)
            world_->removeRigidBody(b.get());
    }
    int rows() const { return kind_ == Kind::SixDofLocked || kind_ == Kind::TrackJointMotor ? 6 : 5; }

    // Thread CPU and wall time per joint-step of `steps` steps [ns].
    bench::Timed run(int steps) {
        bench::Timed t = bench::timed([&] {
            for (int i = 0; i < steps; ++i) {
                if (kind_ == Kind::SixDofLocked) carryLocks();
                world_->stepSimulation(o_.dt, 0, o_.dt);
                if (kind_ != Kind::SixDofLocked) feed();
            }
        });
        const double n = double(steps) * o_.joints;
        return {1e9 * t.cpu / n, 1e9 * t.wall / n};
    }

private:
    static constexpr double kSpeed = 20.0; // [m/s]
    // The 6-DOF locks' frames one step further along their arcs.
    void carryLocks() {
        for (auto& l : locks_) {
            l.s += kSpeed * o_.dt;
            const TwistedFrame w = arcFrame(l.R, l.y0, l.s);
            Pose XA = Pose::Identity();
            XA.linear().col(0) = w.F.T;
            XA.linear().col(1) = w.wN;
            XA.linear().col(2) = w.wB;
            XA.translation() = w.F.P;
            l.lock->setFrames(l.lock->getFrameOffsetA(), toBt(XA));
        }
    }
    // The ds rule (docs/trackjoint.md) and a new track frame per joint (what Simulation adds per step).
    void feed() {
        for (auto& t : track_) {
            const TwistedFrame before = arcFrame(t.R, t.y0, t.s);
            const Vec3 AP = t.joint->anchorInWorld().P;
            t.s += (AP - before.F.P).dot(before.F.T);
            t.joint->setTrackFrame(arcFrame(t.R, t.y0, t.s));
        }
    }
    struct Rail {
        double R, y0, s;
        TrackJointConstraint* joint;
    };
    Kind kind_;
    TrackJointBenchmarkOptions o_;
    std::unique_ptr<RowSolverWorld> bullet_;
    btDiscreteDynamicsWorld* world_ = nullptr;
    std::unique_ptr<btBoxShape> shape_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
    std::vector<std::unique_ptr<btTypedConstraint>> constraints_;
    std::vector<Rail> track_;
    struct Lock {
        double R, y0, s;
        btGeneric6DofSpring2Constraint* lock;
    };
    std::vector<Lock> locks_;
};

} // namespace

std::vector<TrackJointBenchmarkCase> runTrackJointBenchmark(const TrackJointBenchmarkOptions& o) {
    const Kind kinds[] = {Kind::SixDofLocked, Kind::TrackJoint, Kind::TrackJointMotor};
    const char* names[] = {"btGeneric6DofSpring2 (6 locked rows), carried", "trackjoint (5 rows) + ds feeder",
                           "trackjoint (6 rows, motor on) + ds feeder"};
    constexpr int n = 3;
    std::vector<TrackJointBenchmarkCase> cases(n);
    std::vector<std::unique_ptr<Bench>> benches;
    std::vector<std::vector<double>> cpu(n), wall(n);
    for (int k = 0; k < n; ++k) {
        benches.push_back(std::make_unique<Bench>(kinds[k], o));
        cases[std::size_t(k)].name = names[k];
        cases[std::size_t(k)].rows = benches.back()->rows();
        benches.back()->run(std::max(1, o.steps / 10)); // warm up
    }
    for (int r = 0; r < o.repeats; ++r)
        for (std::size_t k = 0; k < n; ++k) { // interleaved: drifting machine load hits every case alike
            const bench::Timed t = benches[k]->run(o.steps);
            cpu[k].push_back(t.cpu);
            wall[k].push_back(t.wall);
        }
    for (std::size_t k = 0; k < n; ++k) {
        cases[k].cpu = bench::statOf(cpu[k]);
        cases[k].wall = bench::statOf(wall[k]);
        cases[k].ratio = cases[k].cpu.median / cases[0].cpu.median;
    }
    return cases;
}

void printTrackJointBenchmark(std::ostream& os, const TrackJointBenchmarkOptions& o,
                              const std::vector<TrackJointBenchmarkCase>& cases) {
    os << "trackjoint benchmark: " << o.joints << " joints, each body at 20 m/s on its own arc, " << o.steps
       << " steps x " << o.repeats << " interleaved repeats, " << o.solverIterations
       << " solver iterations, dt = " << o.dt << " s\n"
       << "ns per joint-step: thread CPU median [min..max], wall median; ratio of the CPU medians\n";
    os << std::left << std::setw(48) << "case" << std::right << std::setw(6) << "rows" << std::setw(10)
       << "CPU" << std::setw(20) << "[min..max]" << std::setw(10) << "wall" << std::setw(16)
       << "ratio vs 6-DOF"
       << "\n";
    for (const auto& c : cases)
        os << std::left << std::setw(48) << c.name << std::right << std::setw(6) << c.rows << std::fixed
           << std::setprecision(1) << std::setw(10) << c.cpu.median << std::setw(8) << "[" << std::setw(5)
           << c.cpu.min << ".." << std::setw(5) << c.cpu.max << "]" << std::setw(10) << c.wall.median
           << std::setw(16) << std::setprecision(3) << c.ratio << "\n";
    os.unsetf(std::ios::fixed);
}

} // namespace tl
