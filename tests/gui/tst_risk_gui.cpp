// The derailment-risk map in the GUI under Xvfb with real events (ui/checks/RiskPanel.h): View > Track
// Colour > By Derailment Risk opens the Checks dock and paints the track grey with its legend; the fields are
// typed, Map Risk is clicked, the progress bar fills and the map fills in; the finished map is the batch's
// map for the same inputs (physics/run/RiskMap.h), the riskiest places are listed and coloured by their
// probability; a click on a place flies there; a long map is cancelled and keeps the runs it made; an edit
// of the layout ends the map. The screenshot of the demo's risk colouring is written for docs/batch.md.
#include "GuiTestUtil.h"

#include "physics/run/RiskMap.h"
#include "physics/spec/RollingStock.h"
#include "physics/spec/Scenario.h"
#include "render/scene/LayoutScene.h"
#include "ui/Units.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/checks/RiskPanel.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/view/OverlayLegendWidget.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>

using tl::ui::MainWindow;
using tl::ui::RiskPanel;
using namespace guitest;

class TstRiskGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void mapFillsInAndMatchesTheBatch();
};

namespace {
// Type a value into a spin box as a user does: click it, select all, type, Enter.
void typeInto(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    QTest::mouseClick(box, Qt::LeftButton, Qt::NoModifier, QPoint(10, box->height() / 2));
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}
void click(QWidget* w) {
    for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) // (the Checks dock scrolls)
        if (auto* area = qobject_cast<QScrollArea*>(p)) area->ensureWidgetVisible(w);
    QTest::mouseClick(w, Qt::LeftButton, Qt::NoModifier, w->rect().center());
}
} // namespace

void TstRiskGui::mapFillsInAndMatchesTheBatch() {
    tl::ui::Units::instance().setSpeed(tl::ui::Units::Speed::MetresPerSecond);
    MainWindow w;
    w.resize(1280, 1000);
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    auto* dock = w.findChild<QDockWidget*>("checksDock");
    QVERIFY(dock && dock->isHidden());

    // View > Track Colour > By Derailment Risk with no map yet: the dock opens, the track is grey, the legend
    QAction* colour = w.findChild<QAction*>("trackColour:risk");
    QVERIFY(colour);
    colour->trigger();
    QTRY_VERIFY(!dock->isHidden());
    QCOMPARE(w.scene()->overlay().overlay, tl::render::TrackOverlay::Risk);
    auto* legend = w.findChild<tl::ui::OverlayLegendWidget*>("overlayLegend");
    QTRY_VERIFY(legend->isVisible());
    QCOMPARE(legend->title(), QString("Probability of derailing; grey: no run reached"));
    QVERIFY(std::isnan(w.scene()->overlay().risk->at("c3", 25.0)));

    RiskPanel* risk = w.checks()->riskPanel();
    QCOMPARE(risk->trainBox()->currentText(), QString("IC1"));
    QVERIFY(risk->mapButton()->isEnabled());
    // IC1 from N(36, 2) m/s: about half the runs overturn on c3 or lift off on the hill's crest
    typeInto(risk->runsBox(), "24");
    typeInto(risk->durationBox(), "75");
    typeInto(risk->speedMeanBox(), "36");
    typeInto(risk->speedSdBox(), "2");
    typeInto(risk->seedBox(), "7");
    QCOMPARE(risk->runsBox()->value(), 24);
    QCOMPARE(risk->speedMeanBox()->value(), 36.0);
    QCOMPARE(risk->speedSdBox()->value(), 2.0);
    QCOMPARE(risk->seedBox()->value(), 7);
    QSignalSpy progressed(risk, &RiskPanel::progressed);
    click(risk->mapButton());
    QTRY_VERIFY(risk->running());
    QVERIFY(!risk->mapButton()->isEnabled() && risk->cancelButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!risk->running(), 240000);
    QVERIFY(!progressed.isEmpty());
    QCOMPARE(risk->progressBar()->value(), 24);
    QCOMPARE(risk->progressBar()->maximum(), 24);
    qInfo("%s (%d progress updates)", qPrintable(risk->statusText()), int(progressed.size()));

    // the same map as the batch's for the same inputs (the GUI's threads, partial maps and cancel checks
    // change nothing)
    const auto layout = w.document()->layout();
    const std::string file = w.document()->filePath().toStdString();
    const tl::Scenario scenario = tl::parseScenario(*layout, file, tl::defaultRollingStockDirs());
    const tl::Uncertainty u = tl::parseUncertainty(
        nlohmann::json{{"speed", {{"dist", "normal"}, {"mean", 36.0}, {"sd", 2.0}}}}, "test");
    tl::RiskOptions o;
    o.runs = 24;
    o.seed = 7;
    o.duration = 75;
    o.jobs = 2;
    const tl::RiskResult batch = tl::riskMap(*layout, scenario, file, "IC1", u, o);
    QVERIFY(risk->result());
    const tl::RiskResult& shown = *risk->result();
    QCOMPARE(shown.completed, 24);
    QCOMPARE(shown.derailed, batch.derailed);
    QCOMPARE(tl::riskJson(shown, *layout).dump(), tl::riskJson(batch, *layout).dump());
    // around the sweep's critical speed (36 m/s in steps of 2): some runs derail, some do not
    QVERIFY2(batch.derailed > 0 && batch.derailed < 24, qPrintable(QString::number(batch.derailed)));

    // the riskiest places, most probable first, each a count over the 24 runs; coloured by it
    QTableWidget* places = risk->placeTable();
    QVERIFY(places->rowCount() >= 2);
    int listed = 0;
    for (int r = 0; r < places->rowCount(); ++r) {
        const QString track = places->item(r, 0)->text();
        QVERIFY2(track == "c3" || track == "hill", qPrintable(track));
        const double s0 = places->item(r, 1)->text().section(QChar(0x2013), 0, 0).toDouble();
        for (const tl::RiskPlace& p : batch.places)
            if (layout->track(std::size_t(p.track)).id() == track.toStdString() && p.s0 == s0) {
                listed += p.derailments.count;
                const double colour = w.scene()->overlay().risk->at(track.toStdString(), s0 + 1.0);
                QCOMPARE(colour, double(float(double(p.derailments.count) / 24.0)));
                if (r > 0)
                    QVERIFY(places->item(r, 2)->text().remove(" %").toDouble() <=
                            places->item(r - 1, 2)->text().remove(" %").toDouble());
            }
    }
    QCOMPARE(listed, batch.derailed); // every derailment is at a listed place
    // a place the runs passed and none derailed at: green (p = 0)
    int calm = 0;
    for (const tl::RiskPlace& p : batch.places)
        if (p.reached > 0 && p.derailments.count == 0 && calm++ < 5)
            QCOMPARE(w.scene()->overlay().risk->at(layout->track(std::size_t(p.track)).id(), p.s0 + 1.0),
                     0.0);
    QVERIFY(calm > 5);
    QVERIFY(w.scene()->overlay().riskScale >= 0.2); // the ramp ends at the largest p, rounded up
    QVERIFY(colour->isChecked());

    // a click on the riskiest place selects its track and flies there
    click(places->viewport());
    places->scrollToItem(places->item(0, 1));
    QTest::mouseClick(places->viewport(), Qt::LeftButton, Qt::NoModifier,
                      places->visualItemRect(places->item(0, 1)).center());
    QTRY_COMPARE(w.editor()->selectedTrack(), layout->trackIndex(places->item(0, 0)->text().toStdString()));

    // the screenshot of docs/batch.md: the riskiest place, the track coloured by risk, the table
    QTest::qWait(900); // (the camera's flight to the place ends)
    dock->raise();
    for (int i = 0; i < 3; ++i)
        viewImage(w);
    QVERIFY(w.grab().save("tst_risk_gui.png"));
    if (qEnvironmentVariableIsSet("TRACKLAB_DOC_IMAGES")) { // the guide's picture: the map, not the tools
        w.findChild<QDockWidget*>("trackToolsDock")->hide();
        QTest::qWait(300);
        viewImage(w);
        docImage(w, "risk-map.png");
    }

    // a long map, cancelled: it keeps the runs it made and says so
    typeInto(risk->runsBox(), "2000");
    click(risk->mapButton());
    QTRY_VERIFY_WITH_TIMEOUT(risk->runsDone() >= 2, 60000);
    click(risk->cancelButton());
    QTRY_VERIFY_WITH_TIMEOUT(!risk->running(), 60000);
    const int done = risk->runsDone();
    QVERIFY2(done >= 2 && done < 2000, qPrintable(QString::number(done)));
    QCOMPARE(risk->result()->completed, done);
    QVERIFY(risk->result()->errors.empty()); // (the runs it stopped are not errors)
    QVERIFY2(risk->statusText().endsWith("; cancelled"), qPrintable(risk->statusText()));
    QVERIFY(risk->mapButton()->isEnabled());

    // an edit of the layout ends the map: it was of the layout before
    QSignalSpy changed(w.document(), &tl::ui::Document::changed);
    w.editor()->select(layout->trackIndex("siding"), -1);
    w.view()->setFocus();
    QTest::keyClick(w.view(), Qt::Key_B); // Track > Add Buffer Stop at the siding's open end
    QTRY_VERIFY(!changed.isEmpty());
    QTRY_VERIFY(!risk->result());
    QVERIFY(risk->statusText().contains("The layout changed"));
    QVERIFY(std::isnan(w.scene()->overlay().risk->at("c3", 25.0)));
}

QTEST_MAIN(TstRiskGui)
#include "tst_risk_gui.moc"
