// View > Track Colour by the speed and the rider g estimated while building (ui/view/TrackColourMenu.h), on
// tests/data/gui/estimate_turn.json: a booster sends trains out of the station at 12 m/s over a level,
// unbanked course, then a straight climbs 5 m. Closed forms, frictionless energy
// (core/checks/PlaceSamples.h):
//   - on the level the speed stays 12 m/s = 43.2 km/h;
//   - in the turn (R = 40 m, to the left) a rider feels v^2 / (g R) = 144 / (9.81 x 40) = 0.367 g to the left
//     and 1 g along the track's up;
//   - at the top of the climb v^2 = 144 - 2 g 5 = 45.9 m^2/s^2: 6.775 m/s = 24.39 km/h.
// The colours come from the same estimates; the legend names the quantity and its unit; a click on the track
// reads them in the status bar, the twist profile dock draws the rider g along the track; an edit of the
// turn's radius (R = 20 m: 0.734 g), a change of the speed unit and an undo are followed; File > New leaves
// no estimate behind.
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/Units.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/FileManager.h"
#include "ui/panels/TwistEditor.h"
#include "ui/view/OverlayLegendWidget.h"

#include <QAction>
#include <QStatusBar>
#include <QtTest>

#include <cmath>

using namespace guitest;
using tl::render::TrackOverlay;
using tl::ui::MainWindow;

class TstEstimateColours : public QObject {
    Q_OBJECT
public:
    static void initMain() { initGuiTest(); }
private slots:
    void initTestCase() { tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::KilometresPerHour); }
    void colourAndReadTheEstimates();
    void measuredInTheRun();
};

namespace {

double estimate(MainWindow& w, const char* track, double s) {
    const auto& o = w.scene()->overlay();
    return o.estimates ? o.estimates->at(track, s) : NAN;
}

QAction* action(MainWindow& w, const char* id) {
    return w.findChild<QAction*>(QString("trackColour:") + id);
}

} // namespace

void TstEstimateColours::colourAndReadTheEstimates() {
    MainWindow w;
    QVERIFY(w.files()->open(dataPath("tests/data/gui/estimate_turn.json")));
    QVERIFY(showAndWait(w));
    const double g = 9.81;

    // speed: 12 m/s on the level, sqrt(144 - 2 g 5) at the top of the climb
    action(w, "estimated-speed")->trigger();
    QCOMPARE(int(w.scene()->overlay().overlay), int(TrackOverlay::EstimatedSpeed));
    QVERIFY(action(w, "estimated-speed")->isChecked());
    for (const auto& [track, s] :
         {std::pair{"station", 59.0}, {"turn", 10.0}, {"turn", 100.0}, {"back", 20.0}})
        QVERIFY2(std::abs(estimate(w, track, s) - 43.2) < 0.05,
                 qPrintable(QString("%1 %2: %3 km/h").arg(track).arg(s).arg(estimate(w, track, s))));
    const double top = 3.6 * std::sqrt(144.0 - 2 * g * 5.0); // 24.39 km/h
    qInfo() << "top of the climb:" << estimate(w, "hill", 50.0) << "km/h, closed form" << top;
    QVERIFY(std::abs(estimate(w, "hill", 50.0) - top) < 0.05);
    // half-way up, between samples: the energy at 2.5 m, to the interpolation's few mm/s
    QVERIFY(std::abs(estimate(w, "hill", 25.0) - 3.6 * std::sqrt(144.0 - 2 * g * 2.5)) < 0.05);
    // the legend: the quantity, the unit, and the red end at the fastest place rounded up to 20 km/h
    auto* legend = w.findChild<tl::ui::OverlayLegendWidget*>();
    QVERIFY(legend && legend->isVisible());
    QVERIFY2(legend->title().startsWith("Estimated speed (km/h)"), qPrintable(legend->title()));
    QCOMPARE(w.scene()->overlay().speedHi, 60.0);

    // rider g in the turn: 0.367 g to the left, 1 g up; level straights: 0 and 1
    action(w, "estimated-lateral-g")->trigger();
    const double lateral = 144.0 / (g * 40.0);
    for (double s : {20.0, 62.8, 105.0})
        QVERIFY2(std::abs(estimate(w, "turn", s) - lateral) < 0.005,
                 qPrintable(QString("turn %1: %2 g").arg(s).arg(estimate(w, "turn", s))));
    QVERIFY(std::abs(estimate(w, "back", 20.0)) < 0.005);
    QVERIFY2(legend->title().startsWith("Estimated lateral g (rider, + left) (g)"),
             qPrintable(legend->title()));
    action(w, "estimated-vertical-g")->trigger();
    QVERIFY(std::abs(estimate(w, "turn", 62.8) - 1.0) < 0.005);
    QVERIFY(std::abs(estimate(w, "back", 20.0) - 1.0) < 0.005);

    // a click on the turn: the status bar reads the three estimates there
    clickTrack(w, "turn", 62.8);
    const QString msg = w.statusBar()->currentMessage();
    qInfo() << msg;
    QVERIFY2(
        msg.contains(QString("estimated 43.2 km/h, vertical 1.00 g, lateral %1 g").arg(lateral, 0, 'f', 2)),
        qPrintable(msg));

    // the twist profile dock draws the same rider g along the clicked track, and none without the colouring
    tl::ui::TwistEditor* te = w.twistEditor();
    QTRY_COMPARE(te->track(), w.document()->layout()->trackIndex("turn"));
    const QList<QPointF> lat = te->lateralGCurve(), vert = te->verticalGCurve();
    QVERIFY(lat.size() > 100 && vert.size() == lat.size());
    for (int i = 0; i < lat.size(); ++i)
        if (lat[i].x() > 2.0 && lat[i].x() < 123.0) { // (the estimate's differences reach 0.25 m past an end)
            QVERIFY2(std::abs(lat[i].y() - lateral) < 0.005,
                     qPrintable(QString("s %1: %2 g").arg(lat[i].x()).arg(lat[i].y())));
            QVERIFY(std::abs(vert[i].y() - 1.0) < 0.005);
        }
    action(w, "natural")->trigger();
    QVERIFY(te->lateralGCurve().isEmpty() && te->verticalGCurve().isEmpty());

    // an edit: the turn at R = 20 m doubles the lateral g; the estimate follows the edit, and its undo
    action(w, "estimated-lateral-g")->trigger();
    tl::LayoutSpec spec = w.document()->spec();
    const int turn = w.document()->layout()->trackIndex("turn");
    spec.tracks[std::size_t(turn)].curve.params["radius"] = 20.0;
    w.document()->undoStack()->push(new tl::ui::EditLayout(w.document(), std::move(spec), "Tighter turn"));
    QTRY_VERIFY2(std::abs(estimate(w, "turn", 30.0) - 2 * lateral) < 0.01,
                 qPrintable(QString("%1 g").arg(estimate(w, "turn", 30.0))));
    w.document()->undoStack()->undo();
    QTRY_VERIFY(std::abs(estimate(w, "turn", 30.0) - lateral) < 0.005);

    // the speed unit: the estimate and the legend in m/s
    action(w, "estimated-speed")->trigger();
    tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::MetresPerSecond);
    QVERIFY(std::abs(estimate(w, "back", 20.0) - 12.0) < 0.02);
    QVERIFY2(legend->title().startsWith("Estimated speed (m/s)"), qPrintable(legend->title()));
    tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::KilometresPerHour);
    w.grab().save("tst_estimate_colours.png");

    // File > New: nothing to estimate; a click finds no estimate to read
    w.files()->newFileInteractive();
    QVERIFY(std::isnan(estimate(w, "turn", 30.0)));
}

// Measured mode: the same colourings from the shown run. Before a run nothing is measured; after the car has
// taken the turn, what its rider felt there obeys a = v^2 / R with the speed measured at the same metre (the
// car slows a little from 12 m/s on its resistance, so the closed form is checked against its own speed).
void TstEstimateColours::measuredInTheRun() {
    MainWindow w;
    QVERIFY(w.files()->open(dataPath("tests/data/gui/estimate_turn.json")));
    QVERIFY(showAndWait(w));
    action(w, "estimated-lateral-g")->trigger();
    action(w, "measured")->trigger();
    QVERIFY(action(w, "measured")->isChecked());
    QVERIFY(w.scene()->overlay().measured);
    QVERIFY(std::isnan(estimate(w, "turn", 62.8))); // no run yet
    auto* legend = w.findChild<tl::ui::OverlayLegendWidget*>();
    QVERIFY2(legend->title().startsWith(
                 "Measured lateral g (rider, + left) (g); grey: no train of the run passed"),
             qPrintable(legend->title()));

    tl::ui::SimulationController* sim = w.simulation();
    sim->setRunning(true);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > 22.0; }, 30.0));
    sim->setRunning(false); // the colours are measured again when the run pauses
    const double g = 9.81, lateral = estimate(w, "turn", 62.8);
    action(w, "estimated-speed")->trigger();
    const double v = estimate(w, "turn", 62.8) / 3.6; // [m/s]
    action(w, "estimated-vertical-g")->trigger();
    const double vertical = estimate(w, "turn", 62.8);
    qInfo() << "mid-turn: measured" << v << "m/s, lateral" << lateral << "g (v^2/gR =" << v * v / (g * 40.0)
            << "), vertical" << vertical << "g";
    QVERIFY(v > 10.0 && v < 12.05);
    QVERIFY(std::abs(lateral - v * v / (g * 40.0)) < 0.03);
    QVERIFY(std::abs(vertical - 1.0) < 0.05);
    clickTrack(w, "turn", 62.8);
    QVERIFY2(w.statusBar()->currentMessage().contains("measured"),
             qPrintable(w.statusBar()->currentMessage()));
    // back to the estimate: 1 g, and 12 m/s in the turn
    action(w, "measured")->trigger();
    QVERIFY(!w.scene()->overlay().measured);
    QVERIFY(std::abs(estimate(w, "turn", 62.8) - 1.0) < 0.005);
}

QTEST_MAIN(TstEstimateColours)
#include "tst_estimate_colours.moc"
