// Runs you can trust after a derailment, through the real window with real keys and clicks (Xvfb):
// - "Stop at First Event" (on by default) pauses the full-throttle demo run right after the step in
//   which it derails, with the event selected and the camera on it; Run continues with the wreck.
// - Scrubbing back to before the derailment and "Fork from here" start a new run and keep the old one; the
//   event list shows the new run's events only (none before the fork point, then its own derailments, no
//   duplicate rows); driving on with the same inputs repeats the live run bit for bit (telemetry hash over
//   every sample up to the common end, past the derailment) with the same events at the same t and s.
// - The run selector brings the first run back, with its events; a fork after the first derailment keeps
//   exactly the events before the fork point.
// - A drive key while replaying forks a new run instead of dropping the recorded future; beyond the
//   number of kept runs a question comes first, and "No" keeps everything.
// - The plots after the derailment: one value axis per unit, the axes scaled to the railed samples, the
//   post-derailment samples grey, every channel its own colour in the legend.
#include "GuiTestUtil.h"

#include "render/OsgConvert.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/plots/ChannelStyle.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/RunSelector.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"
#include "ui/view/OsgViewWidget.h"

#include <QAbstractButton>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QSet>
#include <QStatusBar>
#include <QTimer>
#include <QValueAxis>

#include <limits>
#include <string>
#include <tuple>

using tl::Channel;
using tl::ui::MainWindow;
using namespace guitest;

namespace {

// FNV hash (Telemetry::hash) and count of a run's samples up to time t.
std::pair<std::uint64_t, std::size_t> hashUpTo(const tl::Simulation& sim, double t) {
    tl::Telemetry copy = sim.telemetry();
    const std::size_t all = std::numeric_limits<std::size_t>::max();
    copy.truncate(t, all, all);
    return {copy.hash(), copy.samples().size()};
}

std::vector<tl::DerailmentEvent> eventsUpTo(const tl::Simulation& sim, double t) {
    std::vector<tl::DerailmentEvent> out;
    for (const auto& e : sim.view().derailments())
        if (e.t <= t + 1e-9) out.push_back(e);
    return out;
}

// The event list shows exactly these events, in order, each once.
bool listShows(tl::ui::EventLog* log, const std::vector<tl::DerailmentEvent>& events) {
    if (log->rowCount() != int(events.size())) return false;
    QSet<QString> rows;
    for (int r = 0; r < log->rowCount(); ++r) {
        const tl::DerailmentEvent& e = events[std::size_t(r)];
        const QString where =
            QString("%1 / %2 / %3").arg(QString::fromStdString(e.trainId)).arg(e.car + 1).arg(e.bogie + 1);
        if (log->item(r, 0)->text() != QString::number(e.t, 'f', 3) ||
            log->item(r, 1)->text() != "derailment" || log->item(r, 2)->text() != where ||
            log->item(r, 3)->text() != QString::fromStdString(e.trackId) ||
            log->item(r, 4)->text() != QString::number(e.s, 'f', 1))
            return false;
        rows.insert(log->item(r, 0)->text() + log->item(r, 2)->text());
    }
    return rows.size() == log->rowCount(); // no duplicate rows
}

void press(MainWindow& w, Qt::Key key) {
    w.view()->setFocus(); // the window's shortcuts (Space: Run, Q: Throttle Up) from the 3D view
    QTest::keyClick(w.view(), key);
}

// Scrub the timeline with the keyboard: End, then Page Down (one second each) until before time t.
void scrubBefore(MainWindow& w, double t) {
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_End);
    while (w.simulation()->shownTime() >= t && timeline->value() > 0)
        QTest::keyClick(timeline, Qt::Key_PageDown);
}

QDockWidget* dock(MainWindow& w, const char* name) {
    return w.findChild<QDockWidget*>(name);
}

int colourDistance(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

} // namespace

class TstRuns : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void stopForkAndReplayThroughDerailment();
    void driveKeyWhileReplayingKeepsTheRun();
};

void TstRuns::stopForkAndReplayThroughDerailment() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    sim->setTelemetryWindow(0); // keep every sample: the runs are compared by their telemetry hash
    QAction* stop = w.findChild<QAction*>("stopAtFirstEvent");
    QVERIFY(stop && stop->isCheckable() && stop->isChecked()); // on by default
    dragSlider(w.drive()->throttleSlider(), 1.0);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 1.0);
    sim->setRate(0.0); // as fast as possible
    press(w, Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!sim->isRunning(), 120000);

    // stopped right after the step of the first derailment, the event selected, the camera on it
    const tl::Simulation* live = sim->simulation();
    QCOMPARE(live->view().derailments().size(), std::size_t(w.events()->rowCount()));
    QVERIFY(!live->view().derailments().empty());
    const tl::DerailmentEvent first = live->view().derailments().front();
    qInfo() << "run 1 stopped at" << live->time() << "s:" << first.message.c_str();
    QCOMPARE(live->time(), first.t);
    QVERIFY2(first.trackId == "c3" || first.trackId == "c3-in", first.trackId.c_str());
    QCOMPARE(w.events()->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(w.events()->selectionModel()->selectedRows().first().row(), 0);
    QVERIFY(!sim->isScrubbing());
    const tl::Vec3 place = w.document()->layout()->frameInWorld(std::size_t(first.track), first.s).F.P;
    QTRY_VERIFY_WITH_TIMEOUT((w.view()->manipulator()->getCenter() - tl::render::toOsg(place)).length() < 0.5,
                             5000);

    // Continue (Run again): the wreckage runs on, five seconds past the derailment
    press(w, Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(sim->simulation()->time() > first.t + 5.0, 60000);
    press(w, Qt::Key_Space);
    QVERIFY(!sim->isRunning());
    const double endA = live->time();
    const std::vector<tl::DerailmentEvent> eventsA = live->view().derailments();
    QVERIFY(listShows(w.events(), eventsA));
    qInfo() << "run 1 paused at" << endA << "s with" << eventsA.size() << "derailment events";

    // the plots after the derailment: the derailed bogie (selected with the event), several units
    tl::ui::TelemetryPlot* plot = w.plot();
    dock(w, "plotDock")->raise();
    for (Channel c : {Channel::Speed, Channel::E1, Channel::F1, Channel::F2, Channel::YQ, Channel::YQLimit})
        plot->setChannelVisible(c, true);
    plot->setWindow(30.0);
    plot->setFollow(true);
    plot->refresh();
    QTest::qWait(100);
    QChart* chart = plot->chartView()->chart();
    QStringList units;
    for (int c = 0; c < tl::kPlottedChannelCount; ++c) {
        if (!plot->channelVisible(tl::ui::plotted(c))) continue;
        QValueAxis* axis = plot->valueAxis(tl::ui::plotted(c));
        QVERIFY(axis);
        QCOMPARE(axis->titleText(), tl::ui::axisTitle(tl::ui::plotted(c)));
        if (!units.contains(tl::ui::channelUnit(tl::ui::plotted(c))))
            units << tl::ui::channelUnit(tl::ui::plotted(c));
        // never two units on one axis: every shown channel on this axis has this channel's unit
        for (int d = 0; d < tl::kPlottedChannelCount; ++d)
            if (plot->channelVisible(tl::ui::plotted(d)) && plot->valueAxis(tl::ui::plotted(d)) == axis)
                QCOMPARE(tl::ui::channelUnit(tl::ui::plotted(d)), tl::ui::channelUnit(tl::ui::plotted(c)));
            else if (plot->channelVisible(tl::ui::plotted(d)))
                QVERIFY(tl::ui::channelUnit(tl::ui::plotted(d)) != tl::ui::channelUnit(tl::ui::plotted(c)));
    }
    QCOMPARE(int(chart->axes(Qt::Vertical).size()), int(units.size()));
    qInfo() << "value axes:" << units;
    // the axes scale to the railed samples; the post-derailment ones are drawn grey
    for (Channel c : {Channel::Speed, Channel::F1, Channel::F2}) {
        QLineSeries* on = plot->series(c);
        QLineSeries* off = plot->wreckSeries(c);
        QVERIFY(on->count() > 10);
        QVERIFY(off->count() > 10);
        QCOMPARE(off->pen().color(), tl::ui::wreckColour());
        double lo = INFINITY, hi = -INFINITY, wreckLo = INFINITY, wreckHi = -INFINITY;
        for (const QPointF& p : on->points())
            lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
        for (int i = 1; i < off->count(); ++i) // [0] joins it to the last railed sample
            wreckLo = std::min(wreckLo, off->at(i).y()), wreckHi = std::max(wreckHi, off->at(i).y());
        QVERIFY(off->at(1).x() >= first.t - 0.05);
        QVERIFY(on->points().last().x() <= off->at(1).x());
        // every railed point in view sets the range of its axis ... (the speed axis holds only speed)
        QValueAxis* axis = plot->valueAxis(c);
        QVERIFY(axis->min() <= lo && axis->max() >= hi);
        qInfo() << tl::ui::channelName(c) << "railed" << lo << ".." << hi << "after derailment" << wreckLo
                << ".." << wreckHi << "axis" << axis->min() << ".." << axis->max();
    }
    // ... and nothing else: the range is the railed samples' (of its channels) plus 8 % padding
    for (QAbstractAxis* a : chart->axes(Qt::Vertical)) {
        auto* axis = static_cast<QValueAxis*>(a);
        double lo = INFINITY, hi = -INFINITY;
        for (int c = 0; c < tl::kPlottedChannelCount; ++c)
            if (plot->valueAxis(tl::ui::plotted(c)) == axis)
                for (const QPointF& p : plot->series(tl::ui::plotted(c))->points())
                    lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
        QVERIFY(std::isfinite(lo));
        const double pad = std::max(1e-6, 0.08 * (hi - lo));
        QVERIFY2(std::abs(axis->min() - (lo - pad)) <= 1e-9 * std::max(1.0, std::abs(lo)) &&
                     std::abs(axis->max() - (hi + pad)) <= 1e-9 * std::max(1.0, std::abs(hi)),
                 qPrintable(axis->titleText()));
    }
    // every shown channel its own colour in the legend, well apart; one grey entry for the wreck
    int legendEntries = 0;
    std::vector<QColor> shownColours;
    for (QLegendMarker* m : chart->legend()->markers())
        if (m->isVisible()) ++legendEntries;
    for (int c = 0; c < tl::kPlottedChannelCount; ++c) {
        const auto markers = chart->legend()->markers(plot->series(tl::ui::plotted(c)));
        QCOMPARE(markers.size(), 1);
        QCOMPARE(markers.first()->isVisible(), plot->channelVisible(tl::ui::plotted(c)));
        QCOMPARE(plot->series(tl::ui::plotted(c))->pen().color(), tl::ui::channelColour(tl::ui::plotted(c)));
        if (plot->channelVisible(tl::ui::plotted(c)))
            shownColours.push_back(markers.first()->brush().color());
        for (int d = 0; d < c; ++d)
            QVERIFY2(colourDistance(tl::ui::channelColour(tl::ui::plotted(c)),
                                    tl::ui::channelColour(tl::ui::plotted(d))) >= 80,
                     qPrintable(tl::ui::channelName(tl::ui::plotted(c)) + " ~ " +
                                tl::ui::channelName(tl::ui::plotted(d))));
        QVERIFY(colourDistance(tl::ui::channelColour(tl::ui::plotted(c)), tl::ui::wreckColour()) >= 80);
    }
    for (std::size_t i = 0; i < shownColours.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            QVERIFY(colourDistance(shownColours[i], shownColours[j]) >= 80);
    QCOMPARE(legendEntries, int(shownColours.size()) + 1);
    plot->grab().save(QStringLiteral("tst_runs_plot_after_derailment.png"));

    // scrub back to before the derailment with the keyboard and fork there (a mouse click)
    scrubBefore(w, first.t - 1.0);
    QVERIFY(sim->isScrubbing());
    const double forkTime = sim->shownTime();
    qInfo() << "fork at" << forkTime << "s";
    QTest::mouseClick(w.timeline()->forkButton(), Qt::LeftButton);
    QVERIFY2(!QApplication::activeModalWidget(), "no error box from the replay or the fork");
    QVERIFY(!sim->isScrubbing());
    QCOMPARE(sim->runCount(), 2);
    QCOMPARE(sim->currentRun(), 1);
    QCOMPARE(w.timeline()->runSelector()->count(), 2);
    QCOMPARE(w.timeline()->runSelector()->currentIndex(), 1);
    QCOMPARE(sim->simulation()->time(), forkTime);
    QCOMPARE(w.events()->rowCount(), 0);           // nothing had derailed before the fork point
    QCOMPARE(sim->runSimulation(0)->time(), endA); // run 1 is kept whole
    QCOMPARE(sim->runSimulation(0)->view().derailments().size(), eventsA.size());

    // drive on with the same inputs: it stops at the same first derailment, then runs past run 1's end
    press(w, Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(!sim->isRunning(), 60000);
    const tl::Simulation* runB = sim->simulation();
    QCOMPARE(runB->time(), first.t);
    QCOMPARE(runB->view().derailments().front().s, first.s);
    QVERIFY(listShows(w.events(), runB->view().derailments()));
    QCOMPARE(w.events()->selectionModel()->selectedRows().first().row(), 0);
    press(w, Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(sim->simulation()->time() > endA + 0.5, 60000);
    press(w, Qt::Key_Space);
    QVERIFY(!sim->isRunning());
    const auto [hashA, samplesA] = hashUpTo(*sim->runSimulation(0), endA);
    const auto [hashB, samplesB] = hashUpTo(*runB, endA);
    qInfo("telemetry up to %.4f s: run 1 %016llx (%zu samples), run 2 %016llx (%zu samples)", endA,
          (unsigned long long)hashA, samplesA, (unsigned long long)hashB, samplesB);
    QCOMPARE(samplesB, samplesA);
    QCOMPARE(hashB, hashA);
    const std::vector<tl::DerailmentEvent> eventsB = eventsUpTo(*runB, endA);
    QCOMPARE(eventsB.size(), eventsA.size());
    for (std::size_t i = 0; i < eventsA.size(); ++i) {
        QCOMPARE(eventsB[i].t, eventsA[i].t);
        QCOMPARE(eventsB[i].s, eventsA[i].s);
        QCOMPARE(eventsB[i].trackId, eventsA[i].trackId);
        QCOMPARE(eventsB[i].car, eventsA[i].car);
        QCOMPARE(eventsB[i].bogie, eventsA[i].bogie);
    }
    QVERIFY(listShows(w.events(), runB->view().derailments()));
    // the wheel-rail and coupler episodes too: the same onsets, kinds and places, numbered alike
    auto onsetsUpTo = [endA](const auto& events) {
        std::vector<std::tuple<double, std::string, double>> out;
        for (const auto& e : events)
            if (e.t <= endA + 1e-9) out.emplace_back(e.t, e.kind, e.s);
        return out;
    };
    const auto wheelA = onsetsUpTo(sim->runSimulation(0)->view().wheelEvents());
    const auto couplerA = onsetsUpTo(sim->runSimulation(0)->view().couplerEvents());
    qInfo("episodes up to %.4f s: %zu wheel-rail, %zu coupler", endA, wheelA.size(), couplerA.size());
    QVERIFY(!wheelA.empty());
    QVERIFY(onsetsUpTo(runB->view().wheelEvents()) == wheelA);
    QVERIFY(onsetsUpTo(runB->view().couplerEvents()) == couplerA);
    dock(w, "eventsDock")->raise();
    QTest::qWait(100);
    dock(w, "eventsDock")->grab().save(QStringLiteral("tst_runs_events_after_fork.png"));

    // back to run 1 with the run selector (keyboard): its own events, its own end
    tl::ui::RunSelector* runs = w.timeline()->runSelector();
    runs->setFocus();
    QTest::keyClick(runs, Qt::Key_Up);
    QCOMPARE(sim->currentRun(), 0);
    QCOMPARE(sim->simulation()->time(), endA);
    QVERIFY(listShows(w.events(), eventsA));

    // a fork after the first derailment keeps exactly the events before the fork point
    const double later = eventsA.size() > 1 ? 0.5 * (eventsA.front().t + eventsA.back().t) : first.t + 1.0;
    scrubBefore(w, later);
    // page steps are 1 s back from wherever run 1 was paused: step forward a frame at a time to just past
    // the first derailment if they landed before it (the pause time depends on the machine's speed)
    QSlider* timeline = w.timeline()->slider();
    for (int k = 0; k < 480 && sim->shownTime() <= first.t; ++k)
        QTest::keyClick(timeline, Qt::Key_Right);
    const double forkLater = sim->shownTime();
    QTest::mouseClick(w.timeline()->forkButton(), Qt::LeftButton);
    QCOMPARE(sim->runCount(), 3);
    const std::vector<tl::DerailmentEvent> kept = eventsUpTo(*sim->runSimulation(0), forkLater);
    qInfo() << "fork at" << forkLater << "s keeps" << kept.size() << "of" << eventsA.size() << "events";
    QVERIFY(!kept.empty());
    QVERIFY(listShows(w.events(), kept));
    QCOMPARE(sim->simulation()->view().derailments().size(), kept.size());
}

void TstRuns::driveKeyWhileReplayingKeepsTheRun() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    for (int k = 0; k < 720; ++k) // 3 s
        press(w, Qt::Key_Period);
    QCOMPARE(sim->recording().lastStep(), 720LL);
    // replay 2 s back, then Q (Throttle Up): a new run from there; the first keeps its 3 s
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_End);
    QTest::keyClick(timeline, Qt::Key_PageDown);
    QTest::keyClick(timeline, Qt::Key_PageDown);
    QVERIFY(sim->isScrubbing());
    QCOMPARE(sim->shownStep(), 240LL);
    press(w, Qt::Key_Q);
    QVERIFY(!sim->isScrubbing());
    QCOMPARE(sim->runCount(), 2);
    QCOMPARE(sim->recording().lastStep(), 240LL);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 0.2); // one notch of five
    QCOMPARE(sim->runSimulation(0)->time(), 720 * sim->simulation()->dt());
    QCOMPARE(sim->runSimulation(0)->view().trainDrive(0).throttle, 0.0);
    QVERIFY(w.statusBar()->currentMessage().contains("Run 1 is kept"));
    QCOMPARE(sim->runLabel(1), QString("Run 2 (from Run 1 at 1.00 s)"));

    // fill up to the kept number of runs; the next fork asks first, "No" keeps everything
    while (sim->runCount() < tl::ui::SimulationController::kMaxRuns) {
        press(w, Qt::Key_Period);
        timeline->setFocus();
        QTest::keyClick(timeline, Qt::Key_Home);
        QTest::mouseClick(w.timeline()->forkButton(), Qt::LeftButton);
    }
    press(w, Qt::Key_Period);
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Home);
    QString asked;
    QTimer answerer; // answers the question box once it shows (it runs its own event loop)
    answerer.setInterval(20);
    QMessageBox::StandardButton button = QMessageBox::No;
    QObject::connect(&answerer, &QTimer::timeout, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || !box->isVisible()) return;
        answerer.stop();
        asked = box->text();
        QTest::mouseClick(box->button(button), Qt::LeftButton);
    });
    auto answer = [&](QMessageBox::StandardButton b) {
        button = b;
        answerer.start();
    };
    answer(QMessageBox::No);
    QTest::mouseClick(w.timeline()->forkButton(), Qt::LeftButton);
    QVERIFY2(asked.contains("Drop Run 1"), qPrintable(asked));
    QCOMPARE(sim->runCount(), tl::ui::SimulationController::kMaxRuns);
    QVERIFY(sim->isScrubbing()); // still replaying, nothing dropped
    asked.clear();
    answer(QMessageBox::Yes);
    QTest::mouseClick(w.timeline()->forkButton(), Qt::LeftButton);
    QVERIFY(!asked.isEmpty());
    QCOMPARE(sim->runCount(), tl::ui::SimulationController::kMaxRuns);
    QCOMPARE(sim->runInfo(0).name, QString("Run 2"));
    QCOMPARE(sim->currentRun(), sim->runCount() - 1);
}

QTEST_MAIN(TstRuns)
#include "tst_runs.moc"
