// Two trains that meet, through the real window with real keys and clicks (Xvfb), from the bundled demo:
// - Track > Add Train Here (Ctrl+Shift+T) on a place IC1 stands is refused with the reason and changes
//   nothing; on "hill", 70 m in, it adds train2 (a locomotive and a coach) at rest with its brakes on.
// - IC1 (20 m/s at the start) is driven into it with the keys (W: brake notch B1, 20 %; Space runs): it slows
//   over the 685 m to train2 and meets it at about 3.8 m/s (85 m in, it met at 1.8 m/s: below the couplers'
//   2 m/s coupling speed the two would couple, docs/trains-format.md "Coupling and uncoupling"; 2 m either
//   way moves the meeting by about 0.2 m/s -- the click lands within that). "Stop at First Event" pauses the
//   run right after the step in which IC1's front buffers meet train2's rear ones; the event list shows the
//   collision selected, the camera flies to it, the closing speed is IC1's speed at the onset (train2
//   stands: 2 %) and no derailment came first.
// - Replay scrubs back across it (its row greys) and forward again; Run continues: the contact ends, IC1
//   is slower than it came, the compression stayed within the two buffer strokes and no end went solid; IC1
//   catches train2 again at 0.77 m/s and the two couple into one train of 7 cars (the Drive panel lists it
//   alone).
#include "GuiTestUtil.h"

#include "render/OsgConvert.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"

#include <QComboBox>
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
};

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
    clickTrack(w, "hill", 70);
    QTest::keyClick(w.view(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(undo->count(), before + 1);
    QCOMPARE(w.document()->spec().trains.size(), std::size_t(2));
    const auto& added = w.document()->spec().trains[1];
    QCOMPARE(added["start"]["track"].get<std::string>(), std::string("hill"));
    QVERIFY(std::abs(added["start"]["s"].get<double>() - 70.0) < 2.0); // where the click landed
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
    QVERIFY2(hit.speed > 2.5 && hit.speed < 5.0, qPrintable(QString::number(hit.speed)));
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

    // Run continues from the live state: the contact ends; IC1, still rolling under B1, catches train2 again
    // 3.3 s later at 0.77 m/s -- below the coupling speed: they couple into one train IC1 of 7 cars, and the
    // Drive panel lists it alone
    w.view()->setFocus();
    if (sim->isScrubbing()) sim->returnToLive();
    QTest::keyClick(w.view(), Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(sim->simulation()->time() > hit.t + 5.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY(!sim->isRunning());
    const tl::Simulation* after = sim->simulation();
    QCOMPARE(after->view().collisions().size(), std::size_t(2));
    const tl::CollisionEvent& done = after->view().collisions().front();
    const tl::CollisionEvent& joined = after->view().collisions().back();
    qInfo(
        "after 5 s: IC1 at %.3f m/s; contact %.3f s, peak force %.0f N, compression %.4f m, absorbed %.0f J; "
        "then %s",
        after->view().trainSpeed(0), done.duration, done.peakForce, done.peakCompression, done.absorbed,
        joined.message.c_str());
    QVERIFY(std::isfinite(after->view().trainSpeed(0)));
    QVERIFY(std::abs(after->view().trainSpeed(0)) < hit.speed);
    QVERIFY(done.ended);
    QVERIFY(done.peakCompression <= 2 * 0.105 + 1e-3); // both ends' strokes (resources/rolling-stock)
    QVERIFY(!done.solid);
    QCOMPARE(joined.kind, std::string("coupling"));
    QVERIFY(joined.coupled && joined.closingSpeed > 0 && joined.closingSpeed < 2.0);
    QVERIFY(joined.t > done.t + done.duration);
    QCOMPARE(after->view().trainCount(), 1);
    QCOMPARE(after->view().trainInfo(0).id, std::string("IC1"));
    QCOMPARE(after->view().trainInfo(0).cars.size(), std::size_t(7));
    QTRY_COMPARE(w.findChild<QComboBox*>("driveTrain")->count(), 1);
    QVERIFY(after->view().derailments().empty());
    QCOMPARE(log->eventCount(), int(after->view().collisions().size()));
}

QTEST_MAIN(TstCollisionGui)
#include "tst_collision_gui.moc"
