// Validation numbers on constructed mismatches: A is a line of 100 m along +x ending at (100, 0, 0);
// B starts where a row puts it. Expected gap / angle / twist follow from the placement by hand
// (a yaw of y deg gives a tangent angle of exactly y deg, a roll of r deg a twist of r deg), and the
// severities from the documented thresholds (warning: 1 mm, 0.05 deg, 0.5 deg; error: 5 cm, 2 deg, 5 deg).
#include "core/layout/Layout.h"
#include "core/layout/LayoutJson.h"
#include "core/layout/LayoutValidation.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace tl;

namespace {
const double deg = std::numbers::pi / 180;

Json quatJson(double yawDeg, double rollDeg) {
    const Quat q =
        Eigen::AngleAxisd(yawDeg * deg, Vec3::UnitZ()) * Eigen::AngleAxisd(rollDeg * deg, Vec3::UnitX());
    return Json::array({q.w(), q.x(), q.y(), q.z()});
}
} // namespace

class TestLayoutValidation : public QObject {
    Q_OBJECT
private slots:
    void connection_data();
    void connection();
    void endToEndTraversalSense();
    void switchBranchesAndReport();
    void bodyInitialPose();
    void cantInMillimetres();
};

void TestLayoutValidation::connection_data() {
    QTest::addColumn<double>("dy");    // B start offset sideways [m]
    QTest::addColumn<double>("yaw");   // B heading error [deg]
    QTest::addColumn<double>("roll");  // B roll about its tangent [deg]
    QTest::addColumn<double>("twist"); // B constant twist [rad]
    QTest::addColumn<double>("gap");   // expected [m]
    QTest::addColumn<double>("angle"); // expected [deg]
    QTest::addColumn<double>("tw");    // expected [deg]
    QTest::addColumn<int>("severity");
    QTest::newRow("perfect") << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << int(Severity::Ok);
    QTest::newRow("gap 0.5 mm ok") << 0.0005 << 0.0 << 0.0 << 0.0 << 0.0005 << 0.0 << 0.0
                                   << int(Severity::Ok);
    QTest::newRow("gap 2 cm warning")
        << 0.02 << 0.0 << 0.0 << 0.0 << 0.02 << 0.0 << 0.0 << int(Severity::Warning);
    QTest::newRow("gap 7 cm error") << 0.07 << 0.0 << 0.0 << 0.0 << 0.07 << 0.0 << 0.0
                                    << int(Severity::Error);
    QTest::newRow("angle 0.03 deg ok")
        << 0.0 << 0.03 << 0.0 << 0.0 << 0.0 << 0.03 << 0.0 << int(Severity::Ok);
    QTest::newRow("angle 1 deg warning")
        << 0.0 << 1.0 << 0.0 << 0.0 << 0.0 << 1.0 << 0.0 << int(Severity::Warning);
    QTest::newRow("angle 3 deg error")
        << 0.0 << -3.0 << 0.0 << 0.0 << 0.0 << 3.0 << 0.0 << int(Severity::Error);
    QTest::newRow("roll 1 deg warning")
        << 0.0 << 0.0 << 1.0 << 0.0 << 0.0 << 0.0 << 1.0 << int(Severity::Warning);
    QTest::newRow("twist 0.2 rad error")
        << 0.0 << 0.0 << 0.0 << 0.2 << 0.0 << 0.0 << 0.2 / deg << int(Severity::Error);
    QTest::newRow("roll cancels twist")
        << 0.0 << 0.0 << 4.0 << -4.0 * deg << 0.0 << 0.0 << 0.0 << int(Severity::Ok);
}

void TestLayoutValidation::connection() {
    QFETCH(double, dy);
    QFETCH(double, yaw);
    QFETCH(double, roll);
    QFETCH(double, twist);
    QFETCH(double, gap);
    QFETCH(double, angle);
    QFETCH(double, tw);
    QFETCH(int, severity);
    Json doc = Json::parse(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 100}},
        {"id": "B", "curve": {"type": "line", "length": 50}}],
        "connections": [{"a": ["A", "end"], "b": ["B", "start"]}]})");
    doc["tracks"][1]["placement"] = Json{{"position", {100, dy, 0}}, {"rotation", quatJson(yaw, roll)}};
    if (twist != 0) doc["tracks"][1]["twist"] = Json{{"type", "constant"}, {"angle", twist}};
    const ValidationReport r = validateLayout(Layout::compile(layoutSpecFromJson(doc)));
    QCOMPARE(r.joints.size(), std::size_t(1));
    const JointCheck& j = r.joints[0];
    QVERIFY2(std::abs(j.gap - gap) < 1e-12, qPrintable(QString::number(j.gap, 'g', 17)));
    QVERIFY2(std::abs(j.angle / deg - angle) < 1e-9, qPrintable(QString::number(j.angle / deg, 'g', 17)));
    QVERIFY2(std::abs(j.twist / deg - tw) < 1e-9, qPrintable(QString::number(j.twist / deg, 'g', 17)));
    QCOMPARE(int(j.severity), severity);
    QCOMPARE(int(r.worst()), severity);
    QCOMPARE(j.from, (EndRef{"A", TrackEnd::End}));
    QCOMPARE(j.to, (EndRef{"B", TrackEnd::Start}));
    QCOMPARE(j.name, std::string("connection 0"));
    QCOMPARE(j.problems.empty(), severity == int(Severity::Ok));
}

void TestLayoutValidation::cantInMillimetres() {
    // A railway layout states the twist mismatch as a cant step E = b sin(twist) (docs/validation.md "Cant in
    // mm") and a roll-rate jump also as a cant gradient b r; a coaster keeps degrees. B rolled 1 deg and with
    // a linear twist 0 -> 0.1 rad over its 50 m (roll rate 0.002 rad/m = 3 mm/m over 1.5 m).
    Json doc = Json::parse(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 100}},
        {"id": "B", "curve": {"type": "line", "length": 50}, "twist": {"type": "linear", "start": 0, "end": 0.1}}],
        "connections": [{"a": ["A", "end"], "b": ["B", "start"]}]})");
    doc["tracks"][1]["placement"] = Json{{"position", {100, 0, 0}}, {"rotation", quatJson(0, 1.0)}};
    const std::string railway = validateLayout(Layout::compile(layoutSpecFromJson(doc))).text();
    qInfo("%s", railway.c_str());
    const double e = 1500 * std::sin(1.0 * deg); // 26.18 mm; warning above 1500 sin(0.5 deg) = 13.09 mm
    QVERIFY(railway.find("cant step " + QString::number(e, 'f', 1).toStdString() + " mm  -- cant step " +
                         QString::number(e, 'g', 4).toStdString() + " mm > 13.0898 mm") != std::string::npos);
    QVERIFY(railway.find("cant gradient 0 -> 3 mm/m") != std::string::npos);
    doc["railCentreDistance"] = 1.0; // metre gauge-ish: 17.5 mm
    const std::string narrow = validateLayout(Layout::compile(layoutSpecFromJson(doc))).text();
    QVERIFY(narrow.find("cant step 17.5 mm") != std::string::npos);
    QVERIFY(narrow.find("cant gradient 0 -> 2 mm/m") != std::string::npos);
    doc["look"] = "coaster";
    const std::string coaster = validateLayout(Layout::compile(layoutSpecFromJson(doc))).text();
    QVERIFY(coaster.find("twist 1.0000 deg  -- twist 1 deg > 0.5 deg") != std::string::npos);
    QVERIFY(coaster.find("mm") == std::string::npos);
}

void TestLayoutValidation::endToEndTraversalSense() {
    // B (50 m) placed backwards so that its END meets A's end: the traversal direction is continuous
    // (leaving A along +x, entering B at its end along -T_B = +x): angle 0. C placed forwards with its end
    // at A's end: entering against the direction of travel, angle 180 deg.
    const Layout L =
        Layout::compile(layoutSpecFromJson(Json::parse(R"({"format": "tracklab-layout", "version": 1,
        "tracks": [{"id": "A", "curve": {"type": "line", "length": 100}},
                   {"id": "B", "curve": {"type": "line", "length": 50}, "placement": {"position": [150, 0, 0], "rotation": [0, 0, 0, 1]}},
                   {"id": "X", "curve": {"type": "line", "length": 100}, "placement": {"position": [0, 10, 0]}},
                   {"id": "C", "curve": {"type": "line", "length": 50}, "placement": {"position": [50, 10, 0]}}],
        "connections": [{"a": ["A", "end"], "b": ["B", "end"]}, {"a": ["X", "end"], "b": ["C", "end"]}]})")));
    const ValidationReport r = validateLayout(L);
    QCOMPARE(r.joints.size(), std::size_t(2));
    QVERIFY(r.joints[0].gap < 1e-12);
    QVERIFY(r.joints[0].angle < 1e-12);
    QVERIFY(r.joints[0].twist < 1e-12); // wB = +z on both (B turned about z only)
    QCOMPARE(r.joints[0].severity, Severity::Ok);
    QVERIFY(std::abs(r.joints[1].angle - std::numbers::pi) < 1e-12);
    QCOMPARE(r.joints[1].severity, Severity::Error);
}

void TestLayoutValidation::switchBranchesAndReport() {
    // Switch at A.end: branch 0 straight on (exact), branch 1 yawed 1.5 deg (warning).
    Json doc = Json::parse(R"({"format": "tracklab-layout", "version": 1, "tracks": [
        {"id": "A", "curve": {"type": "line", "length": 100}},
        {"id": "M", "curve": {"type": "line", "length": 50}, "placement": {"after": ["A", "end"]}},
        {"id": "S", "curve": {"type": "arc", "radius": 200, "angle": 0.2}}],
        "switches": [{"id": "W", "at": ["A", "end"], "branches": [["M", "start"], ["S", "start"]], "state": 0}]})");
    doc["tracks"][2]["placement"] = Json{{"position", {100, 0, 0}}, {"rotation", quatJson(1.5, 0)}};
    const ValidationReport r = validateLayout(Layout::compile(layoutSpecFromJson(doc)));
    QCOMPARE(r.joints.size(), std::size_t(2));
    QCOMPARE(r.joints[0].name, std::string("switch W branch 0"));
    QCOMPARE(r.joints[0].severity, Severity::Ok);
    QCOMPARE(r.joints[1].name, std::string("switch W branch 1"));
    QVERIFY(std::abs(r.joints[1].angle / deg - 1.5) < 1e-9);
    QCOMPARE(r.joints[1].severity, Severity::Warning);
    QCOMPARE(r.count(Severity::Warning), 1);
    QCOMPARE(r.worst(), Severity::Warning);
    const QString text = QString::fromStdString(r.text());
    QVERIFY2(text.contains("warning switch W branch 1 A.end -> S.start: gap 0.000000 m, angle 1.5000 deg"),
             qPrintable(text));
    QVERIFY2(text.contains("angle 1.5 deg > 0.05 deg"), qPrintable(text));
    QVERIFY(text.contains("info    open end A.start"));
    QVERIFY(text.contains("2 joints checked: 0 errors, 1 warnings"));
}

void TestLayoutValidation::bodyInitialPose() {
    // B sits on body "deck" whose initial pose lifts it 3 cm: the connection compares world frames.
    const Layout L =
        Layout::compile(layoutSpecFromJson(Json::parse(R"({"format": "tracklab-layout", "version": 1,
        "bodies": [{"name": "deck", "pose": {"position": [0, 0, 0.03]}}, {"name": "still"}],
        "tracks": [{"id": "A", "curve": {"type": "line", "length": 100}},
                   {"id": "B", "curve": {"type": "line", "length": 50}, "body": "deck", "placement": {"position": [100, 0, 0]}},
                   {"id": "C", "curve": {"type": "line", "length": 50}, "body": "still", "placement": {"position": [150, 0, 0]}}],
        "connections": [{"a": ["A", "end"], "b": ["B", "start"]}, {"a": ["B", "end"], "b": ["C", "start"]}]})")));
    const ValidationReport r = validateLayout(L);
    QVERIFY(std::abs(r.joints[0].gap - 0.03) < 1e-12);
    QCOMPARE(r.joints[0].severity, Severity::Warning);
    QVERIFY(std::abs(r.joints[1].gap - 0.03) < 1e-12); // "still" has no pose: identity
}

QTEST_APPLESS_MAIN(TestLayoutValidation)
#include "tst_layout_validation.moc"
