// Bodies (physics/spec/BodySpec.h): a kinematic body's pose at time t is the closed form exp([w] t) R0 with
// its origin at p0 + v t; the "bodies" section's errors name the file, the JSON path and the problem.
#include "core/layout/LayoutError.h"
#include "physics/spec/BodySpec.h"

#include <QtTest>

#include <cmath>

using namespace tl;

class TstBodySpec : public QObject {
    Q_OBJECT
private slots:
    void kinematicPoseIsTheClosedForm();
    void badBodiesNameTheirPath();
};

void TstBodySpec::kinematicPoseIsTheClosedForm() {
    const auto bodies = parseBodies(nlohmann::json::parse(R"([
        {"id": "table", "motion": "kinematic", "pose": {"position": [5, 0, 1], "rotation": [0.9238795325112867, 0, 0, 0.3826834323650898]},
         "linearVelocity": [1, -2, 0], "angularVelocity": [0, 0.3, 0.4]}])"),
                                    "bodies.json");
    QCOMPARE(bodies.size(), std::size_t(1));
    const BodySpec& b = bodies[0];
    QVERIFY(b.motion == BodySpec::Motion::Kinematic);
    const double t = 2.0;
    // |w| = 0.5 rad/s about (0, 0.6, 0.8): 1 rad at t = 2, applied after the initial 45 degrees about z
    const Eigen::Matrix3d R0 = Eigen::AngleAxisd(M_PI / 4, Vec3::UnitZ()).toRotationMatrix();
    const Eigen::Matrix3d R = Eigen::AngleAxisd(1.0, Vec3(0, 0.6, 0.8)).toRotationMatrix() * R0;
    const Pose X = b.poseAt(t);
    QVERIFY((X.linear() - R).norm() < 1e-12);
    QVERIFY((X.translation() - Vec3(7, -4, 1)).norm() < 1e-12);
    // at t = 0 the initial pose; a point on the body turns with it
    QVERIFY((b.poseAt(0).matrix() - b.pose.matrix()).norm() < 1e-12);
    const Vec3 local(1, 0, 0);
    QVERIFY(((X * local) - (Vec3(7, -4, 1) + R * local)).norm() < 1e-12);
}

void TstBodySpec::badBodiesNameTheirPath() {
    const std::pair<const char*, const char*> cases[] = {
        {R"([{"id": "ground"}])", "bodies.json: /bodies/0/id: \"ground\" is reserved for the world"},
        {R"([{"id": "a"}, {"id": "a"}])", "bodies.json: /bodies/1/id: duplicate body id \"a\""},
        {R"([{"id": "a", "motion": "floating"}])",
         "bodies.json: /bodies/0/motion: expected \"kinematic\" or \"dynamic\", got \"floating\""},
        {R"([{"id": "a", "motion": "dynamic", "box": [2, 0, 1]}])",
         "bodies.json: /bodies/0/box: all three dimensions must be > 0"},
        {R"({"id": "a"})", "bodies.json: /bodies: expected an array of bodies"},
    };
    for (const auto& [json, message] : cases) {
        try {
            parseBodies(nlohmann::json::parse(json), "bodies.json");
            QFAIL(json);
        } catch (const LayoutError& e) {
            QVERIFY2(QString(e.what()).startsWith(message), e.what());
        }
    }
}

QTEST_MAIN(TstBodySpec)
#include "tst_body_spec.moc"
