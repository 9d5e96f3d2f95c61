// Recording (physics/run/Recording.h): a driven run recorded and replayed. A locomotive and two wagons on a
// 3 km straight, driven by throttle and brake inputs at known steps, recorded with a keyframe every 240
// steps. Checked with exact values: the keyframes kept (one at start, then one each time 240 steps have
// passed), the inputs with the step they were made at; seek() into a simulation built from the same layout
// lands on the live run's state bit for bit (every car pose equal, not merely close: stepping is
// deterministic), at any step, forwards and backwards, simulating only the steps from the keyframe at or
// before it (its return value); steps outside the recorded range clamp to it; an input made before start() is
// applied but not recorded; truncate() forgets the keyframes and inputs after a step, and a fork driven on
// from there replays as itself, not as the run it was cut from.
#include "core/layout/LayoutFile.h"
#include "physics/run/Recording.h"
#include "physics/sim/Simulation.h"
#include "physics/sim/SimulationView.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/TrainSpec.h"

#include <QtTest>

#include <memory>

using namespace tl;

namespace {

Layout straight() {
    return Layout::compile(parseLayoutSpec(R"({"format": "tracklab-layout", "version": 2, "tracks": [
        {"id": "L", "curve": {"type": "line", "length": 3000}}]})",
                                           "<test>"),
                           "<test>");
}

// The train standing at s = 500 m facing +s, on a simulation of `layout`.
std::unique_ptr<Simulation> simulation(const Layout& layout) {
    auto sim = std::make_unique<Simulation>(layout, SimulationOptions{});
    TrainSpec t;
    t.id = "T";
    t.cars = {loadRollingStock("locomotive", defaultRollingStockDirs()),
              loadRollingStock("freight-wagon", defaultRollingStockDirs()),
              loadRollingStock("freight-wagon", defaultRollingStockDirs())};
    t.track = "L";
    t.s = 500;
    sim->addTrain(t);
    return sim;
}

// Every car's pose: the state compared bit for bit.
std::vector<Pose> poses(const Simulation& sim) {
    std::vector<Pose> out;
    for (int c = 0; c < 3; ++c)
        out.push_back(sim.view().carPose(0, c));
    return out;
}

bool same(const std::vector<Pose>& a, const std::vector<Pose>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].matrix() != b[i].matrix()) return false;
    return true;
}

// Step the live run to step `to`, recording, and keep every step's poses.
void runTo(Simulation& sim, Recording& rec, std::int64_t to, std::vector<std::vector<Pose>>& live) {
    while (Recording::stepIndex(sim) < to) {
        sim.step();
        rec.afterStep(sim);
        live.resize(std::size_t(Recording::stepIndex(sim)) + 1);
        live.back() = poses(sim);
    }
}

} // namespace

class TstRecording : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void keyframesAndInputs();
    void seekReplaysBitForBit();
    void seekClampsToTheRange();
    void truncateAndFork();

private:
    Layout layout_ = straight();
    std::unique_ptr<Simulation> live_;
    Recording rec_{240};
    std::vector<std::vector<Pose>> poses_; // the live run's poses at every step
};

void TstRecording::initTestCase() {
    // throttle 1 at step 100, brake 0.5 at step 600 (throttle still 1: the brake cuts the traction), brake
    // off and throttle 0.4 at step 900; recorded to step 1000
    live_ = simulation(layout_);
    Simulation& sim = *live_;
    rec_.input(sim, {0, 0, DriverInput::Kind::Brake, 0.0}); // before start(): applied, not recorded
    rec_.start(sim);
    poses_ = {poses(sim)};
    runTo(sim, rec_, 100, poses_);
    rec_.input(sim, {-1, 0, DriverInput::Kind::Throttle, 1.0}); // the step it is made at is recorded
    runTo(sim, rec_, 600, poses_);
    rec_.input(sim, {-1, 0, DriverInput::Kind::Brake, 0.5});
    runTo(sim, rec_, 900, poses_);
    rec_.input(sim, {-1, 0, DriverInput::Kind::Brake, 0.0});
    rec_.input(sim, {-1, 0, DriverInput::Kind::Throttle, 0.4});
    runTo(sim, rec_, 1000, poses_);
    QCOMPARE(poses_.size(), std::size_t(1001));
}

void TstRecording::keyframesAndInputs() {
    QVERIFY(!rec_.empty());
    QCOMPARE(rec_.firstStep(), std::int64_t(0));
    QCOMPARE(rec_.lastStep(), std::int64_t(1000));
    // steps 0, 240, 480, 720, 960
    QCOMPARE(rec_.keyframeCount(), std::size_t(5));
    const auto& in = rec_.inputs();
    QCOMPARE(in.size(), std::size_t(4));
    const std::int64_t steps[] = {100, 600, 900, 900};
    const DriverInput::Kind kinds[] = {DriverInput::Kind::Throttle, DriverInput::Kind::Brake,
                                       DriverInput::Kind::Brake, DriverInput::Kind::Throttle};
    const double values[] = {1.0, 0.5, 0.0, 0.4};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(in[i].step, steps[i]);
        QVERIFY(in[i].kind == kinds[i]);
        QCOMPARE(in[i].value, values[i]);
        QCOMPARE(in[i].train, 0);
    }
    // the run did what the inputs said: standing until step 100, then away along +x, braked after 600
    QVERIFY((poses_[100][0].translation() - poses_[0][0].translation()).norm() < 1e-3);
    QVERIFY(poses_[600][0].translation().x() - poses_[100][0].translation().x() > 1.0);
    // Recording::stepIndex is round(t / dt)
    QCOMPARE(Recording::stepIndex(*live_), std::int64_t(1000));
}

void TstRecording::seekReplaysBitForBit() {
    auto other = simulation(layout_);
    // each seek simulates from the keyframe at or before the step: step - 240 floor(step / 240) steps
    for (std::int64_t step : {std::int64_t(1000), std::int64_t(500), std::int64_t(100), std::int64_t(101),
                              std::int64_t(600), std::int64_t(601), std::int64_t(900), std::int64_t(901),
                              std::int64_t(959), std::int64_t(960), std::int64_t(0), std::int64_t(733)}) {
        const int n = rec_.seek(*other, step);
        QCOMPARE(n, int(step % 240));
        QCOMPARE(Recording::stepIndex(*other), step);
        QVERIFY2(same(poses(*other), poses_[std::size_t(step)]), qPrintable(QString("step %1").arg(step)));
    }
    // the state a seek reaches is the live one going on: stepping on from step 700 meets the live run at 1000
    rec_.seek(*other, 700);
    for (std::int64_t k = 700; k < 1000; ++k) {
        for (const DriverInput& d : rec_.inputs())
            if (d.step == k) Recording::apply(*other, d);
        other->step();
    }
    QVERIFY(same(poses(*other), poses_[1000]));
    // and without the inputs at 900 it does not: the replay is not the keyframes alone
    rec_.seek(*other, 700);
    for (std::int64_t k = 700; k < 1000; ++k)
        other->step();
    QVERIFY(!same(poses(*other), poses_[1000]));
}

void TstRecording::seekClampsToTheRange() {
    auto other = simulation(layout_);
    QCOMPARE(rec_.seek(*other, -50), 0);
    QCOMPARE(Recording::stepIndex(*other), std::int64_t(0));
    QVERIFY(same(poses(*other), poses_[0]));
    QCOMPARE(rec_.seek(*other, 5000), 1000 - 960);
    QCOMPARE(Recording::stepIndex(*other), std::int64_t(1000));
    QVERIFY(same(poses(*other), poses_[1000]));
    // an empty recording does nothing
    const Recording none;
    QVERIFY(none.empty());
    QCOMPARE(none.seek(*other, 10), 0);
    QCOMPARE(Recording::stepIndex(*other), std::int64_t(1000));
}

void TstRecording::truncateAndFork() {
    // fork at step 500: a copy of the recording, the live run brought back there by a seek
    Recording fork = rec_;
    Simulation& sim = *live_;
    fork.seek(sim, 500);
    fork.truncate(500);
    QCOMPARE(fork.lastStep(), std::int64_t(500));
    QCOMPARE(fork.keyframeCount(), std::size_t(3)); // 0, 240, 480
    QCOMPARE(fork.inputs().size(), std::size_t(1)); // throttle at 100
    // driven on differently: full brake at 650, recorded to 1000
    std::vector<std::vector<Pose>> forkPoses(poses_.begin(), poses_.begin() + 501);
    runTo(sim, fork, 650, forkPoses);
    fork.input(sim, {-1, 0, DriverInput::Kind::Brake, 1.0});
    runTo(sim, fork, 1000, forkPoses);
    QCOMPARE(fork.keyframeCount(), std::size_t(5)); // + 720 and 960, counted from 480
    QCOMPARE(fork.inputs().size(), std::size_t(2));
    QCOMPARE(fork.inputs()[1].step, std::int64_t(650));
    // the fork replays as itself at every step checked, and it is not the original run
    auto other = simulation(layout_);
    for (std::int64_t step : {std::int64_t(1000), std::int64_t(651), std::int64_t(650), std::int64_t(300)}) {
        fork.seek(*other, step);
        QVERIFY2(same(poses(*other), forkPoses[std::size_t(step)]), qPrintable(QString("step %1").arg(step)));
    }
    QVERIFY(!same(forkPoses[1000], poses_[1000]));
    // the original recording is untouched by its copy's fork
    rec_.seek(*other, 1000);
    QVERIFY(same(poses(*other), poses_[1000]));
    // truncating beyond the recorded range keeps it all; before the start keeps the first keyframe
    Recording all = rec_;
    all.truncate(5000);
    QCOMPARE(all.lastStep(), std::int64_t(1000));
    QCOMPARE(all.keyframeCount(), std::size_t(5));
    all.truncate(-10);
    QCOMPARE(all.lastStep(), std::int64_t(0));
    QCOMPARE(all.keyframeCount(), std::size_t(1));
    QCOMPARE(all.inputs().size(), std::size_t(0));

    // a fork at the step of an input (the brake at 600): the state there is before the input, so the fork
    // drops it; driven on without it, the fork replays as itself from step 600 to its next keyframe (720)
    Recording at = rec_;
    auto live2 = simulation(layout_);
    at.seek(*live2, 600);
    at.truncate(600);
    QCOMPARE(at.inputs().size(), std::size_t(1)); // the throttle at 100 only
    std::vector<std::vector<Pose>> atPoses(601);
    runTo(*live2, at, 700, atPoses);
    at.seek(*other, 700);
    QVERIFY(same(poses(*other), atPoses[700]));
}

QTEST_MAIN(TstRecording)
#include "tst_recording.moc"
