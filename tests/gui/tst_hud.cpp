// The driver's HUD under Xvfb with real key events: the demo driven in the cab view (F7) with the notched
// throttle (Q steps a notch, W a brake notch), Space runs and pauses; the HUD's speed, notch, line speed in
// force and the next speed sign with its distance agree with the simulation and with the route summed by
// hand from the demo's track lengths; edit handles are hidden in the riding cameras and back in the free
// one; the screenshot of the HUD in cab view shows its panel and its red-ringed speed signs
// (tst_hud_cab.png, tst_hud_opening.png are left in the test's working directory to be looked at).
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/Units.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/HudReadout.h"
#include "ui/sim/SimulationController.h"
#include "ui/view/DriverHud.h"

#include <QCheckBox>
#include <QPushButton>
#include <QSlider>

#include <algorithm>
#include <string>
#include <vector>

using tl::ui::MainWindow;
using namespace guitest;

class TstHud : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void cabViewHudMatchesSimulation();
    void notchText();
    void simRateShownWhenBehind();
    void riderPlotHasItsOwnAxis();
};

void TstHud::cabViewHudMatchesSimulation() {
    MainWindow w;
    w.resize(1280, 800);
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::KilometresPerHour);
    QImage opening = w.grab().toImage();
    opening.save(QStringLiteral("tst_hud_opening.png"));
    QVERIFY(!w.hud()->isVisible()); // free camera: no HUD

    // a selected track shows its handles in the free camera, not in the cab
    const int c1 = int(w.document()->layout()->trackIndex("c1"));
    w.editor()->select(c1, -1);
    QVERIFY(w.scene()->handlesShown(c1));
    QVERIFY(w.scene()->gizmoShown()); // the frame gizmo at the selection
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_F7); // cab view
    QVERIFY(w.hud()->isVisible());
    QVERIFY(!w.scene()->handlesShown(c1));
    QVERIFY(!w.scene()->gizmoShown()); // no edit decorations in front of the cab

    // three power notches with Q, run with Space for a while, one brake notch with W, pause
    QVERIFY(w.drive()->notchesBox()->isChecked());
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(w.view(), Qt::Key_Q);
    QCOMPARE(w.drive()->throttleSlider()->value(), 60);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 0.6);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(sim->simulation()->time() > 3.0, 60000);
    QTest::keyClick(w.view(), Qt::Key_W);
    QTest::keyClick(w.view(), Qt::Key_Space);
    QTRY_VERIFY(!sim->isRunning());
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 0.2);
    sim->stepOnce(); // the HUD shows the state after the last step
    const tl::Simulation& s = *sim->simulation();
    const tl::ui::HudReadout& r = w.hud()->readout();
    QVERIFY(r.valid);
    qInfo(
        "t = %.3f s: HUD speed %.4f m/s (simulation %.4f), notch %s, limit %.1f m/s, next %.1f m/s in %.3f m "
        "at %s",
        s.time(), r.speed, s.view().trainSpeed(0), qPrintable(r.notch), r.limit.value_or(-1),
        r.next.value_or(-1), r.nextDistance, qPrintable(r.nextTrack));
    QCOMPARE(r.speed, s.view().trainSpeed(0));
    QVERIFY(r.speed > 5.0);
    QCOMPARE(r.notch, QString("P3 B1"));
    // the demo's line speed: 30 m/s from bottom1 on (the head is on bottom2 or beyond, which state none),
    // the next sign at the entry of c3 (30 m/s)
    QVERIFY(r.limit && *r.limit == 30.0);
    QVERIFY(r.next && *r.next == 30.0);
    QCOMPARE(r.nextTrack, QString("c3"));
    const tl::Layout& L = s.layout();
    const tl::RailedView head = s.view().bogieState(0, 0, 0);
    // the route from the head bogie to c3, summed by hand over the demo's loop
    const std::vector<std::string> loop = {"bottom2", "c1-in", "c1", "c1-out", "right1", "hill",
                                           "right2",  "c2-in", "c2", "c2-out", "top",    "c3-in"};
    const std::string here = L.track(std::size_t(head.position.track)).id();
    const auto at = std::find(loop.begin(), loop.end(), here);
    QVERIFY2(at != loop.end(), here.c_str());
    QCOMPARE(head.position.direction, 1);
    double route = L.trackById(here).length() - head.position.s;
    for (auto it = at + 1; it != loop.end(); ++it)
        route += L.trackById(*it).length();
    qInfo("distance to the c3 sign: HUD %.3f m, summed over the route %.3f m", r.nextDistance, route);
    QVERIFY(std::abs(r.nextDistance - route) < 1e-6);
    // what is drawn
    const QStringList lines = w.hud()->lines();
    qInfo() << lines;
    QCOMPARE(lines.value(0), QString("IC1  P3 B1"));
    QCOMPARE(lines.value(1), QString("%1 km/h").arg(std::abs(s.view().trainSpeed(0)) * 3.6, 0, 'f', 0));
    QCOMPARE(lines.value(2), QString("limit 108 km/h"));
    QCOMPARE(lines.value(3), QString("next 108 in %1 km").arg(route / 1000, 0, 'f', 2));
    QVERIFY(lines.value(4).startsWith("vert +"));
    QCOMPARE(r.rider.vertical, s.view().carRider(0, 0).vertical);
    QVERIFY(std::abs(r.rider.vertical - 1.0) < 0.1); // a level straight

    // the screenshot: the panel, its text and the red rings of the two signs
    const QImage shot = w.grab().toImage();
    QVERIFY(shot.save(QStringLiteral("tst_hud_cab.png")));
    const QRect panel(w.hud()->mapTo(&w, w.hud()->panelRect().topLeft()), w.hud()->panelRect().size());
    QVERIFY(shot.rect().contains(panel));
    // beside the docks the view is narrow: the panel keeps to ~40 % of its width, not over the track ahead
    qInfo("view %d px wide, HUD panel %d px (scale %.2f)", w.view()->width(), panel.width(),
          w.hud()->scale());
    QVERIFY(panel.width() <= std::max(0.41 * w.view()->width(), 0.7 * 360 + 1));
    int dark = 0, bright = 0, red = 0;
    for (int y = panel.top(); y <= panel.bottom(); ++y)
        for (int x = panel.left(); x <= panel.right(); ++x) {
            const QColor c = shot.pixelColor(x, y);
            dark += c.red() < 70 && c.green() < 75 && c.blue() < 90;
            bright += c.red() > 200 && c.green() > 200 && c.blue() > 200;
            red += c.red() > 170 && c.green() < 60 && c.blue() < 60;
        }
    const int area = panel.width() * panel.height();
    qInfo("HUD panel %dx%d at (%d, %d): %d dark, %d white, %d red pixels", panel.width(), panel.height(),
          panel.x(), panel.y(), dark, bright, red);
    QVERIFY(dark > area / 2);
    QVERIFY(bright > 800); // the speed digits and the sign discs
    QVERIFY(red > 300);    // two sign rings

    // follow camera: the HUD stays; free camera: it goes, the handles come back
    QTest::keyClick(w.view(), Qt::Key_F6);
    QVERIFY(w.hud()->isVisible());
    QVERIFY(!w.scene()->handlesShown(c1));
    QTest::keyClick(w.view(), Qt::Key_F5);
    QVERIFY(!w.hud()->isVisible());
    QVERIFY(w.scene()->handlesShown(c1));
    QVERIFY(w.scene()->gizmoShown());
    // notches off: the keys step 10 % again
    QTest::mouseClick(w.drive()->notchesBox(), Qt::LeftButton);
    QVERIFY(!w.drive()->notchesBox()->isChecked());
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_Q);
    QCOMPARE(w.drive()->throttleSlider()->value(), 70);
}

void TstHud::notchText() {
    using tl::ui::notchText;
    QCOMPARE(notchText(0, 0, 5), QString("N"));
    QCOMPARE(notchText(0.6, 0, 5), QString("P3"));
    QCOMPARE(notchText(0, 1.0, 5), QString("B5"));
    QCOMPARE(notchText(0.63, 0, 5), QString("P 63 %"));
    QCOMPARE(notchText(0.2, 0.4, 5), QString("P1 B2"));
}

void TstHud::simRateShownWhenBehind() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    const tl::Simulation* s = w.simulation()->simulation();
    QVERIFY(s);
    auto r = tl::ui::hudReadout(s, 0, 5, 1.0, 0.62);
    QVERIFY(r.behind && std::abs(*r.behind - 0.62) < 1e-12);
    QVERIFY(!tl::ui::hudReadout(s, 0, 5, 1.0, 0.97).behind);                  // keeping up
    QVERIFY(!tl::ui::hudReadout(s, 0, 5, 1.0, std::nan("")).behind);          // not measured (paused)
    QVERIFY(!tl::ui::hudReadout(s, 0, 5, 0.0, 3.0).behind);                   // as fast as possible
    QVERIFY(tl::ui::hudReadout(s, 0, 5, 4.0, 2.5).behind.value_or(0) == 2.5); // 4x asked, 2.5x reached
    tl::ui::DriverHud hud(&w);
    hud.setReadout(r);
    QCOMPARE(hud.lines().value(5), QString("sim 0.62× real time"));
    QVERIFY(!tl::ui::hudReadout(s, 7, 5).valid); // no such train
}

void TstHud::riderPlotHasItsOwnAxis() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    for (int k = 0; k < 240; ++k)
        w.simulation()->stepOnce();
    tl::ui::TelemetryPlot* plot = w.plot();
    QTest::mouseClick(plot->findChild<QPushButton*>("riderPreset"), Qt::LeftButton);
    using tl::Channel;
    QVERIFY(plot->channelVisible(Channel::RiderVertical) && plot->channelVisible(Channel::RiderLateral) &&
            plot->channelVisible(Channel::RiderLongitudinal));
    QVERIFY(!plot->channelVisible(Channel::Speed) && !plot->channelVisible(Channel::F1));
    plot->refresh();
    QVERIFY(plot->pointCount(Channel::RiderVertical) > 30);
    // the history holds the head car's rider channel: +1 g on the level start
    const auto& v = w.simulation()->history().values(0, Channel::RiderVertical);
    QVERIFY(!v.empty() && std::abs(v.back() - 1.0) < 0.05);
}

QTEST_MAIN(TstHud)
#include "tst_hud.moc"
