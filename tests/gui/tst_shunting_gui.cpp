// Buffer stops and uncoupling through the real window with real keys and clicks (Xvfb), from the bundled
// demo:
// - the Track tools' switch radius and angle typed in (300 m, 20 degrees), a click on "bottom1" and Insert
//   Switch (I) make a switch with a 105 m siding whose end gets a friction buffer stop (400 kN over 3 m);
// - Add Train Here (Ctrl+Shift+T) near the siding's end puts train2 (a locomotive and a coach, brakes on)
//   there, its front about 1.3 m from the stop's face; IC1 is braked in full (W) first;
// - train2 chosen in the Drive panel (Down), its brakes released (S) and one throttle notch (Q, P1): it runs
//   into the stop at sqrt(2 a gap), about 2 m/s ("Stop at First Event" pauses at the hit), keeps pushing
//   with its 250 kN against the stop's 400 kN and stands: no derailment, no overrun, its front short of the
//   track's end;
// - a click on its locomotive and Uncouple Behind (U) split it behind that car: the Drive panel lists IC1,
//   train2 and train2-2; the coach stays where it stood, brakes on, while the locomotive leans on the stop;
// - Track > Delete Buffer Stop (Shift+B) and Add Buffer Stop (B) after a click near the siding's end take the
//   stop off and put it back (one undo step each); a second one is refused with the reason; undoing back
//   past Insert Switch takes switch, siding and stop away together.
#include "GuiTestUtil.h"

#include "render/OsgConvert.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/sim/SimulationController.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QStatusBar>
#include <QUndoStack>

#include <cmath>

using tl::ui::MainWindow;
using namespace guitest;

class TstShuntingGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void sidingStopAndUncoupling();
};

void TstShuntingGui::sidingStopAndUncoupling() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    sim->setTelemetryWindow(0);
    QUndoStack* undo = w.document()->undoStack();
    tl::ui::OsgViewWidget* v = w.view();

    // a long siding: the Track tools' switch radius 300 m and angle 20 degrees, typed in
    for (const auto& [name, text] : {std::pair{"switchRadius", "300"}, std::pair{"switchAngle", "20"}}) {
        auto* f = w.findChild<QDoubleSpinBox*>(name);
        QVERIFY2(f, name);
        QTest::mouseClick(f, Qt::LeftButton);
        QTest::keyClick(f, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(f, text);
        QTest::keyClick(f, Qt::Key_Return);
    }
    QCOMPARE(w.findChild<QDoubleSpinBox*>("switchAngle")->value(), 20.0);

    // the switch 40 m into "bottom1" (level ground): its 105 m siding ends at a friction buffer stop
    clickTrack(w, "bottom1", 40.0);
    QTest::keyClick(v, Qt::Key_I);
    QVERIFY2(undo->undoText().startsWith("Insert switch"), qPrintable(undo->undoText()));
    const tl::LayoutSpec& spec = w.document()->spec();
    QCOMPARE(spec.switches.size(), std::size_t(2)); // the demo's, and the new one
    const std::string siding = spec.switches.back().branches[1].track;
    QCOMPARE(spec.bufferStops.size(), std::size_t(1));
    QVERIFY(spec.bufferStops[0].end == (tl::EndRef{siding, tl::TrackEnd::End}));
    QCOMPARE(w.document()->layout()->bufferStops().size(), std::size_t(1));
    const double L = w.document()->layout()->trackById(siding).length();
    qInfo("siding %s, %.2f m", siding.c_str(), L);
    QVERIFY(std::abs(L - 300 * 20 * M_PI / 180) < 0.01);

    // train2 on the siding, its head car's centre 1.3 m short of where its front would touch the stop's
    // face (its stroke, 3 m, before the end; the locomotive 19 m long); IC1 braked
    clickTrack(w, siding, L - 3.0 - 9.5 - 1.3);
    QTest::keyClick(v, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(w.document()->spec().trains.size(), std::size_t(2));
    const double head = w.document()->spec().trains[1]["start"]["s"].get<double>();
    const double gap = L - 3.0 - (head + 0.5 * 19.0); // to the face, in front of the 19 m locomotive
    qInfo("train2's head car at %.2f m: %.2f m from the stop's face", head, gap);
    QVERIFY(gap > 0.2 && gap < 2.5);
    QTRY_VERIFY(sim->simulation() && sim->simulation()->view().trainCount() == 2);
    viewImage(w).save("tst_shunting_gui_siding.png");
    QComboBox* trains = w.findChild<QComboBox*>("driveTrain");
    QVERIFY(trains);
    QCOMPARE(trains->count(), 2);
    v->setFocus();
    for (int k = 0; k < 10; ++k)
        QTest::keyClick(v, Qt::Key_W);
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 1.0);
    trains->setFocus();
    QTest::keyClick(trains, Qt::Key_Down);
    QCOMPARE(trains->currentText(), QString("train2"));
    v->setFocus();
    for (int k = 0; k < 10; ++k)
        QTest::keyClick(v, Qt::Key_S);
    QCOMPARE(sim->simulation()->view().trainDrive(1).throttle, 0.0);
    QTest::keyClick(v, Qt::Key_Q);
    QCOMPARE(sim->simulation()->view().trainDrive(1).brake, 0.0);
    QCOMPARE(sim->simulation()->view().trainDrive(1).throttle, 0.2); // notch P1

    // into the stop: the run pauses at the hit
    sim->setRate(0.0);
    QTest::keyClick(v, Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!sim->isRunning(), 120000);
    const tl::Simulation* live = sim->simulation();
    QVERIFY(live->view().derailments().empty());
    QCOMPARE(live->view().collisions().size(), std::size_t(1));
    const tl::CollisionEvent hit = live->view().collisions().front();
    qInfo("%s", hit.message.c_str());
    QCOMPARE(hit.kind, std::string("bufferStop"));
    QCOMPARE(hit.trainId, std::string("train2"));
    // the throttle sets a speed (P1: 20 % of 44 m/s) with the full tractive force, 250 kN on its 134 t
    // (1.8 m/s^2 net of resistance): over the gap, sqrt(2 a gap) -- a shunting move of 3-10 km/h
    const double expected = std::sqrt(2 * 1.79 * gap);
    qInfo("closing at %.3f m/s, sqrt(2 a gap) = %.3f m/s", hit.closingSpeed, expected);
    QVERIFY(std::abs(hit.closingSpeed / expected - 1) < 0.1);

    // on: it stands against the stop
    QTest::keyClick(v, Qt::Key_Space);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > hit.t + 10.0; }, hit.t + 60.0));
    QTest::keyClick(v, Qt::Key_Space);
    QTRY_VERIFY(!sim->isRunning());
    live = sim->simulation();
    const tl::CollisionEvent& held = live->view().collisions().front();
    const tl::RailedView front = live->view().bogieState(1, 0, 0);
    qInfo("10 s on: train2 at %.4f m/s, front bogie at %.2f m of %.2f m; stop peak force %.0f N, absorbed "
          "%.0f J",
          live->view().trainSpeed(1), front.position.s, L, held.peakForce, held.absorbed);
    QVERIFY(std::abs(live->view().trainSpeed(1)) < 0.02);
    QVERIFY(!held.overrun && !held.ended);
    QVERIFY(live->view().derailments().empty());
    QVERIFY(front.railed && front.position.s < L);

    // Uncouple Behind: a click on the locomotive, U: the coach behind it parts
    const tl::Pose loco = live->view().carPose(1, 0);
    viewImage(w);
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier,
                      v->project(tl::render::toOsg(loco.translation())).toPoint());
    QTRY_COMPARE(w.simulation()->parts().empty(), false);
    QTest::keyClick(v, Qt::Key_U);
    qInfo() << w.statusBar()->currentMessage();
    QTRY_COMPARE(trains->count(), 3);
    QStringList listed;
    for (int k = 0; k < trains->count(); ++k)
        listed << trains->itemText(k);
    QCOMPARE(listed, (QStringList{"IC1", "train2", "train2-2"}));
    live = sim->simulation();
    QCOMPARE(live->view().trainInfo(1).cars.size(), std::size_t(1));
    QCOMPARE(live->view().trainInfo(2).cars.size(), std::size_t(1));
    QCOMPARE(live->view().trainDrive(2).brake, 1.0);
    w.grab().save("tst_shunting_gui_window.png");
    // a few seconds on: both stand, apart
    QTest::keyClick(v, Qt::Key_Space);
    const double t0 = live->time();
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > t0 + 3.0; }, t0 + 30.0));
    QTest::keyClick(v, Qt::Key_Space);
    QTRY_VERIFY(!sim->isRunning());
    live = sim->simulation();
    qInfo("3 s after: train2 %.4f m/s, train2-2 %.4f m/s", live->view().trainSpeed(1),
          live->view().trainSpeed(2));
    QVERIFY(std::abs(live->view().trainSpeed(2)) < 0.02 && live->view().derailments().empty());

    // the stop off (Shift+B after a click near the siding's end) and on again (B), each one undo step; a
    // second one refused with the reason
    clickTrack(w, siding, L - 5.0);
    const int steps = undo->index();
    QTest::keyClick(v, Qt::Key_B, Qt::ShiftModifier);
    QCOMPARE(undo->index(), steps + 1);
    QVERIFY(w.document()->spec().bufferStops.empty());
    QTest::keyClick(v, Qt::Key_B);
    QCOMPARE(undo->index(), steps + 2);
    QVERIFY(w.document()->spec().bufferStops.at(0).end == (tl::EndRef{siding, tl::TrackEnd::End}));
    QTest::keyClick(v, Qt::Key_B);
    QCOMPARE(undo->index(), steps + 2);
    QVERIFY2(w.statusBar()->currentMessage().contains("has a buffer stop already"),
             qPrintable(w.statusBar()->currentMessage()));
    // and Insert Switch's undo takes switch, siding and stop away in one step
    while (undo->index() > 0 && w.document()->spec().switches.size() == 2)
        QTest::keyClick(v, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(w.document()->spec().bufferStops.empty());
}

QTEST_MAIN(TstShuntingGui)
#include "tst_shunting_gui.moc"
