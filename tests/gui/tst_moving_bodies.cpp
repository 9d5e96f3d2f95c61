// Tracks on a moving body are drawn where the body is (render/scene/LayoutScene.h, setBodyPoses), under Xvfb
// with real events: tests/data/physics/turntable.json turns its table at 0.2 rad/s about z; after Space runs
// it for 5 s the track on it is drawn turned by 0.2 t (the kinematic body's closed form), the parked wagon
// stands on its drawn rails (lateral offset in the drawn track's frame ~ 0, where the rails drawn at the
// start would be metres away) and has slid out to r0 cosh(w t) from the centre; scrubbing the replay back
// to t = 0 turns the drawn track back. A kinematic body with a "box" (tests/data/gui/turntable_deck.json) is
// drawn as that box, turning with the table (0.2 t) and scrubbed back with it; one without a box is not
// drawn. Editing where the table is drawn: after 5 s (turned 1 rad) a drag of track T's start handle out and
// back to where it began leaves T's placement where it was (converted through the drawn pose, not the
// initial one, which would put it metres away), and the run restarts at t = 0 when the drag ends.
#include "GuiTestUtil.h"

#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"

#include <QSlider>

#include <cmath>

using tl::ui::MainWindow;
using namespace guitest;

class TstMovingBodies : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void turntableTracksAreDrawnTurning();
    void kinematicDeckIsDrawnTurning();
    void editingOnTheTurnedTable();
};

namespace {
// The drawn track's turn about z [rad] from its body transform.
double drawnYaw(const osg::Matrixd& m) {
    const osg::Vec3d x = osg::Vec3d(1, 0, 0) * osg::Matrixd(m.getRotate());
    return std::atan2(x.y(), x.x());
}
} // namespace

void TstMovingBodies::turntableTracksAreDrawnTurning() {
    MainWindow w;
    w.resize(1280, 960);
    QVERIFY(w.files()->open(dataPath("tests/data/physics/turntable.json")));
    QVERIFY(showAndWait(w));
    const auto layout = w.document()->layout();
    const int T = layout->trackIndex("T");
    QVERIFY(T >= 0);
    QCOMPARE(drawnYaw(w.scene()->trackTransform(T)), 0.0);

    // run with Space until 5 s, pause with Space
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(w.simulation()->shownTime() >= 5.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY(!w.simulation()->isRunning());
    viewImage(w);
    const double t = w.simulation()->shownTime();
    const double yaw = drawnYaw(w.scene()->trackTransform(T));
    qInfo("t = %.3f s: track T drawn turned %.6f rad (0.2 t = %.6f)", t, yaw, 0.2 * t);
    QVERIFY(std::abs(yaw - 0.2 * t) < 1e-9);

    // the wagon on its drawn rails: in the drawn track's frame its lateral offset is ~0 (the track starts
    // at x = -10 of the table and runs along x); drawn where it started it would be r sin(0.2 t) ~ 1.3 m off
    const tl::Simulation* sim = w.simulation()->simulation();
    QVERIFY(sim);
    const tl::Vec3 p = sim->view().vehicleState(sim->view().vehicleIndex("parked")).pose.translation();
    const osg::Vec3d local = tl::render::toOsg(p) * osg::Matrixd::inverse(w.scene()->trackTransform(T));
    qInfo("wagon in the drawn track's frame: x %.4f, y %.4f m; r = %.4f m (cosh(0.2 t) = %.4f)", local.x(),
          local.y(), std::hypot(p.x(), p.y()), std::cosh(0.2 * t));
    QVERIFY(std::abs(local.y()) < 0.02);
    QVERIFY(std::abs(std::hypot(p.x(), p.y()) - std::cosh(0.2 * t)) < 0.02 * std::cosh(0.2 * t));

    // the replay scrubbed back to the start turns the drawn track back
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Home);
    QTRY_COMPARE(w.simulation()->shownTime(), 0.0);
    QTRY_VERIFY(std::abs(drawnYaw(w.scene()->trackTransform(T))) < 1e-12);
    w.grab().save("tst_moving_bodies.png");
}

void TstMovingBodies::kinematicDeckIsDrawnTurning() {
    MainWindow w;
    w.resize(1280, 960);
    QVERIFY(w.files()->open(dataPath("tests/data/gui/turntable_deck.json")));
    QVERIFY(showAndWait(w));
    const osg::Matrixd deck0 = w.scene()->bodyBoxTransform("table");
    QVERIFY(deck0.isIdentity()); // at its initial pose (identity in this file) ...
    QCOMPARE(w.simulation()->bodyBoxes().size(), std::size_t(1)); // ... and drawn: its box is given
    QCOMPARE(w.simulation()->bodyBoxes().at("table"), tl::Vec3(22, 4, 0.3));
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(w.simulation()->shownTime() >= 5.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY(!w.simulation()->isRunning());
    const double t = w.simulation()->shownTime();
    const double yaw = drawnYaw(w.scene()->bodyBoxTransform("table"));
    qInfo("t = %.3f s: deck drawn turned %.6f rad (0.2 t = %.6f)", t, yaw, 0.2 * t);
    QVERIFY(std::abs(yaw - 0.2 * t) < 1e-9);
    // the deck and the track on it turn together
    const int T = w.document()->layout()->trackIndex("T");
    QVERIFY(std::abs(drawnYaw(w.scene()->trackTransform(T)) - yaw) < 1e-12);
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Home);
    QTRY_COMPARE(w.simulation()->shownTime(), 0.0);
    QTRY_VERIFY(std::abs(drawnYaw(w.scene()->bodyBoxTransform("table"))) < 1e-12);

    // the plain turntable (no "box"): no deck drawn
    QVERIFY(w.files()->open(dataPath("tests/data/physics/turntable.json")));
    QVERIFY(w.simulation()->bodyBoxes().empty());
    QVERIFY(w.scene()->bodyBoxTransform("table").isIdentity());
}

void TstMovingBodies::editingOnTheTurnedTable() {
    MainWindow w;
    w.resize(1280, 960);
    QVERIFY(w.files()->open(dataPath("tests/data/gui/turntable_deck.json")));
    QVERIFY(showAndWait(w));
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(w.simulation()->shownTime() >= 5.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY(!w.simulation()->isRunning());
    const int T = w.document()->layout()->trackIndex("T");
    w.editor()->select(T, -1);
    w.frameSelected();
    viewImage(w);
    const tl::Vec3 handle = w.scene()->handlePosition(T, -1);
    QVERIFY(std::isfinite(handle.x()));
    const tl::Vec3 before = w.document()->spec().tracks[std::size_t(T)].placement.pose.position;
    const QPoint at = w.view()->project(tl::render::toOsg(handle)).toPoint();
    // out 40 px and back: the start stays where it was
    QTest::mousePress(w.view(), Qt::LeftButton, Qt::NoModifier, at);
    for (const QPoint p : {at + QPoint(10, 0), at + QPoint(40, 0), at + QPoint(10, 0), at}) {
        QMouseEvent move(QEvent::MouseMove, QPointF(p), w.view()->mapToGlobal(QPointF(p)), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.view(), &move);
        QTest::qWait(10);
    }
    QVERIFY(w.simulation()->isStale());
    QTest::mouseRelease(w.view(), Qt::LeftButton, Qt::NoModifier, at);
    const tl::Vec3 after = w.document()->spec().tracks[std::size_t(T)].placement.pose.position;
    qInfo("T's start on the table: before (%.4f, %.4f, %.4f), after a drag out and back (%.4f, %.4f, %.4f)",
          before.x(), before.y(), before.z(), after.x(), after.y(), after.z());
    QVERIFY((after - before).norm() < 0.05); // (a pixel is centimetres here; the initial pose: metres)
    QVERIFY(!w.simulation()->isStale());
    QCOMPARE(w.simulation()->shownTime(), 0.0); // restarted on the edited layout
}

QTEST_MAIN(TstMovingBodies)
#include "tst_moving_bodies.moc"
