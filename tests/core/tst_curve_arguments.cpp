// Every constructor rejects bad input with std::invalid_argument and a message naming the problem
// (docs/layout-format.md, "Errors": one test per class of bad input).
#include "core/curves/Arc.h"
#include "core/curves/Clothoid.h"
#include "core/curves/Helix.h"
#include "core/curves/Line.h"
#include "core/curves/Spline.h"
#include "core/twists/CantTwist.h"
#include "core/twists/ConstantTwist.h"
#include "core/twists/DirectionalTwist.h"
#include "core/twists/KeysTwist.h"
#include "core/twists/LinearTwist.h"
#include "core/twists/SumTwist.h"

#include <QTest>

#include <functional>
#include <limits>

using namespace tl;

Q_DECLARE_METATYPE(std::function<void()>)

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
using CP = Spline::ControlPoint;
} // namespace

class TestCurveArguments : public QObject {
    Q_OBJECT
private slots:
    void throws_data() {
        QTest::addColumn<std::function<void()>>("make");
        QTest::addColumn<QString>("message"); // expected part of the what() text
        QTest::newRow("line length 0") << std::function<void()>([] { (void)Line(0); }) << "line length";
        QTest::newRow("line length NaN") << std::function<void()>([] { (void)Line(kNaN); }) << "finite";
        QTest::newRow("arc radius <= 0") << std::function<void()>([] { (void)Arc(-1, 1); }) << "arc radius";
        QTest::newRow("arc angle 0") << std::function<void()>([] { (void)Arc(10, 0); }) << "arc angle";
        QTest::newRow("arc angle inf") << std::function<void()>([] { (void)Arc(10, kInf); }) << "arc angle";
        QTest::newRow("helix radius 0")
            << std::function<void()>([] { (void)Helix(0, 1, 10); }) << "helix radius";
        QTest::newRow("helix length <0")
            << std::function<void()>([] { (void)Helix(5, 1, -10); }) << "helix length";
        QTest::newRow("helix pitch NaN")
            << std::function<void()>([] { (void)Helix(5, kNaN, 10); }) << "helix pitch";
        QTest::newRow("clothoid length 0")
            << std::function<void()>([] { (void)Clothoid(0, 0, 0.01); }) << "clothoid length";
        QTest::newRow("clothoid kappa inf")
            << std::function<void()>([] { (void)Clothoid(10, 0, kInf); }) << "clothoid curvatureEnd";
        QTest::newRow("spline 1 point") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), {}}}, false);
        }) << "at least 2 points";
        QTest::newRow("spline closed 2 points") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), {}}, {Vec3::UnitX(), {}}}, true);
        }) << "closed";
        QTest::newRow("spline coincident") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), {}}, {Vec3::UnitX(), {}}, {Vec3::UnitX(), {}}}, false);
        }) << "points 1 and 2 coincide";
        QTest::newRow("spline closed coincident ends") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), {}}, {Vec3::UnitX(), {}}, {Vec3::UnitY(), {}}, {Vec3::Zero(), {}}},
                         true);
        }) << "points 3 and 0 coincide";
        QTest::newRow("spline NaN point") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), {}}, {Vec3(1, kNaN, 0), {}}}, false);
        }) << "spline point 1 position";
        QTest::newRow("spline zero handle") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), Vec3::Zero()}, {Vec3::UnitX(), {}}}, false);
        }) << "tangent must be non-zero";
        QTest::newRow("spline cusp from handles") << std::function<void()>([] {
            (void)Spline({{Vec3::Zero(), Vec3(-1, 0, 0)}, {Vec3::UnitX(), Vec3(-1, 0, 0)}}, false);
        }) << "cusp";
        QTest::newRow("constant NaN")
            << std::function<void()>([] { (void)ConstantTwist(kNaN); }) << "constant twist";
        QTest::newRow("linear length 0")
            << std::function<void()>([] { (void)LinearTwist(0, 1, 0); }) << "linear twist";
        QTest::newRow("keys empty") << std::function<void()>([] { (void)KeysTwist({}); })
                                    << "at least one key";
        QTest::newRow("keys unsorted") << std::function<void()>([] {
            KeysTwist({{0, 0}, {5, 1}, {5, 2}});
        }) << "strictly greater";
        QTest::newRow("directional zero up")
            << std::function<void()>([] { (void)DirectionalTwist(Vec3::Zero()); }) << "non-zero";
        QTest::newRow("cant negative speed")
            << std::function<void()>([] { (void)CantTwist(-1, 0.1); }) << "designSpeed";
        QTest::newRow("cant negative max")
            << std::function<void()>([] { (void)CantTwist(10, -0.1); }) << "maxAngle";
        QTest::newRow("cant g 0") << std::function<void()>([] { (void)CantTwist(10, 0.1, 0); }) << "gravity";
        QTest::newRow("sum null term")
            << std::function<void()>([] { (void)SumTwist({nullptr}); }) << "term 0 is null";
    }
    void throws() {
        QFETCH(std::function<void()>, make);
        QFETCH(QString, message);
        bool thrown = false;
        try {
            make();
        } catch (const std::invalid_argument& e) {
            thrown = true;
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
        QVERIFY(thrown);
    }
};

QTEST_APPLESS_MAIN(TestCurveArguments)
#include "tst_curve_arguments.moc"
