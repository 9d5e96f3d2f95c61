// Two trains that meet, through the real window with real keys and clicks (Xvfb), from the bundled demo:
// - Track > Add Train Here (Ctrl+Shift+T) on a place IC1 stands is refused with the reason and changes
//   nothing; on "hill", 85 m in, it adds train2 (a locomotive and a coach) at rest with its brakes on.
// - IC1 (20 m/s at the start) is driven into it with the keys (W: brake notch B1, 20 %; Space runs): it slows
//   over the 700 m to train2 and meets it at about 1.8 m/s (headless runs of the same inputs: 2.4 m/s with
//   train2 2 m nearer, 1.6 m/s 1 m further -- the click lands within that). "Stop at First Event" pauses the
//   run right after the step in which IC1's front buffers meet train2's rear ones; the event list shows the
//   collision selected, the camera flies to it, the closing speed is IC1's speed at the onset (train2
//   stands: 2 %) and no derailment came first.
// - Replay scrubs back across it (its row greys) and forward again; Run continues: the contact ends, IC1
//   is slower than it came, the compression stayed within the two buffer strokes and no end went solid.
#include "GuiTestUtil.h"

#include "render/OsgConvert.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"

#include <QDockWidget>
#include <QSlider>
#include <QStatusBar>
#include <QUndoStack>
#include <osgGA/OrbitManipulator>

using tl::ui::MainWindow;
using namespace guitest;

class TstCollisionGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void driveIc1IntoASecondTrain();

private:
    void clickTrack(MainWindow& w, const std::string& id, double s);
};

void TstCollisionGui::clickTrack(MainWindow& w, const std::string& id, double s) {
    // click near the place, F frames the selected track, click the place
    tl::ui::OsgViewWidget* v = w.view();
    w.frameAll();
    viewImage(w);
    const auto L = w.document()->layout();
    const int t = L->trackIndex(id);
    QVERIFY2(t >= 0, id.c_str());
    const osg::Vec3d place = tl::render::toOsg(L->frameInWorld(std::size_t(t), s).F.P);
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, v->project(place).toPoint());
    QTest::keyClick(v, Qt::Key_F);
    viewImage(w);
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, v->project(place).toPoint());
    viewImage(w);
    QCOMPARE(w.editor()->selectedTrack(), t);
}

void TstCollisionGui::driveIc1IntoASecondTrain() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    sim->setTelemetryWindow(0);
    QAction* stop = w.findChild<QAction*>("stopAtFirstEvent");
    QVERIFY(stop && stop->isCheckable() && stop->isChecked());
    QCOMPARE(stop->text(), QString("Stop at First Event"));
    QUndoStack* undo = w.document()->undoStack();

    // refused where the new train would overlap IC1: its head car's centre at 190 m of bottom2 puts its rear
    // end about 3 m behind IC1's front end (the locomotive 19 m, the coach 24.5 m; IC1's head car's centre at
    // 150 m)
    clickTrack(w, "bottom2", 190);
    const int before = undo->count();
    w.statusBar()->clearMessage();
    QTest::keyClick(w.view(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(undo->count(), before);
    const QString refusal = w.statusBar()->currentMessage();
    qInfo() << refusal;
    QVERIFY2(refusal.contains("No train added") &&
                 refusal.contains("overlaps train \"IC1\": its rear end lies") &&
                 refusal.contains("beyond that train's front end"),
             qPrintable(refusal));
    QCOMPARE(w.document()->spec().trains.size(), std::size_t(1));

    // added ahead of IC1, at rest
    clickTrack(w, "hill", 85);
    QTest::keyClick(w.view(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(undo->count(), before + 1);
    QCOMPARE(w.document()->spec().trains.size(), std::size_t(2));
    const auto& added = w.document()->spec().trains[1];
    QCOMPARE(added["start"]["track"].get<std::string>(), std::string("hill"));
    QVERIFY(std::abs(added["start"]["s"].get<double>() - 85.0) < 2.0); // where the click landed
    QCOMPARE(added["speed"].get<double>(), 0.0);
    QCOMPARE(added["schedule"].dump(), std::string("[[0.0,0.0,1.0]]")); // brakes on
    QTRY_VERIFY(sim->simulation() && sim->simulation()->view().trainCount() == 2);
    QCOMPARE(sim->simulation()->view().trainSpeed(1), 0.0);

    // drive IC1 into it: W puts the brake in notch B1 (20 %), Space runs (as fast as the machine goes)
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_W);
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 0.2);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 0.0);
    sim->setRate(0.0);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!sim->isRunning(), 180000);

    const tl::Simulation* live = sim->simulation();
    QVERIFY2(live->view().derailments().empty(), "a derailment came before the collision");
    QCOMPARE(live->view().collisions().size(), std::size_t(1));
    const tl::CollisionEvent hit = live->view().collisions().front();
    qInfo("%s", hit.message.c_str());
    // stopped right after the step of the onset (found in the state the step starts from: its t)
    QVERIFY(std::abs(live->time() - (hit.t + live->dt())) < 1e-9);
    QCOMPARE(hit.kind, std::string("buffers"));
    QCOMPARE(hit.trainId, std::string("IC1"));
    QCOMPARE(hit.otherTrainId, std::string("train2"));
    QCOMPARE(hit.car, 0);
    QCOMPARE(hit.otherCar, 1); // train2's coach: its rear end
    QVERIFY2(hit.speed > 1.0 && hit.speed < 2.6, qPrintable(QString::number(hit.speed)));
    QCOMPARE(live->view().trainDrive(1).brake, 1.0); // train2's schedule holds it
    QVERIFY2(std::abs(hit.closingSpeed - hit.speed) < 0.02 * hit.speed,
             qPrintable(QString("closing %1, IC1 %2").arg(hit.closingSpeed).arg(hit.speed)));

    // the event list shows it selected; the camera on it
    tl::ui::EventLog* log = w.events();
    QCOMPARE(log->eventCount(), 1);
    QCOMPARE(log->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(log->item(0, 1)->text(), QString("collision"));
    QVERIFY(log->item(0, 6)->text().contains("train2"));
    const tl::Vec3 place = w.document()->layout()->frameInWorld(std::size_t(hit.track), hit.s).F.P;
    QTRY_VERIFY_WITH_TIMEOUT((w.view()->manipulator()->getCenter() - tl::render::toOsg(place)).length() < 0.5,
                             5000);
    w.findChild<QDockWidget*>("eventsDock")->grab().save("tst_collision_gui_events.png");
    w.grab().save("tst_collision_gui_window.png");

    // replay: back across the onset, its row greyed; forward to the end, back to normal
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_End);
    while (sim->shownTime() >= hit.t - 0.5 && timeline->value() > 0)
        QTest::keyClick(timeline, Qt::Key_PageDown);
    QVERIFY(sim->isScrubbing());
    QVERIFY(sim->shownTime() < hit.t);
    const QBrush grey = log->palette().brush(QPalette::Disabled, QPalette::Text);
    QCOMPARE(log->item(0, 0)->foreground(), grey);
    QTest::keyClick(timeline, Qt::Key_End);
    QVERIFY(sim->shownTime() >= hit.t);
    QVERIFY(log->item(0, 0)->foreground() != grey);

    // Run continues from the live state: the contact ends
    w.view()->setFocus();
    if (sim->isScrubbing()) sim->returnToLive();
    QTest::keyClick(w.view(), Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(sim->simulation()->time() > hit.t + 5.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY(!sim->isRunning());
    const tl::Simulation* after = sim->simulation();
    const tl::CollisionEvent& done = after->view().collisions().front();
    qInfo("after 5 s: train2 at %.3f m/s, IC1 at %.3f m/s; contact %.3f s, peak force %.0f N, compression "
          "%.4f m, absorbed %.0f J",
          after->view().trainSpeed(1), after->view().trainSpeed(0), done.duration, done.peakForce,
          done.peakCompression, done.absorbed);
    QVERIFY(std::isfinite(after->view().trainSpeed(0)) && std::isfinite(after->view().trainSpeed(1)));
    QVERIFY(std::abs(after->view().trainSpeed(0)) < hit.speed);
    QVERIFY(done.ended);
    QVERIFY(done.peakCompression <= 2 * 0.105 + 1e-3); // both ends' strokes (resources/rolling-stock)
    QVERIFY(!done.solid);
    QVERIFY(after->view().derailments().empty());
    QCOMPARE(log->eventCount(), int(after->view().collisions().size()));
}

QTEST_MAIN(TstCollisionGui)
#include "tst_collision_gui.moc"
