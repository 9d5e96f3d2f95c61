// An edit keeps the runs recorded so far (docs/architecture.md, "Document changes"), through the real window
// with real mouse events (Xvfb):
// - The demo train runs 35 s at full throttle (Run 1: onto the hill). A Shift drag raises the hill's control
//   point 2. During the drag the run is paused and marked stale (status bar) and no simulation is built;
//   every step is a change of the hill alone (one track copied, not the layout). When the drag ends one
//   simulation is built: Run 2 at t = 0 on the raised hill, and Run 1 stays in the run selector as
//   "Run 1 (before edit 1)".
// - Run 1, chosen in the run selector, is the run it was: its time, its telemetry hash, and a replay of it
//   (scrubbed back to 10 s and to its end) gives its recorded state bit for bit -- a replay built from the
//   layout it was made from. Run 2 driven the same way ends elsewhere (the edit matters).
// - Undo (Ctrl+Z) is an edit too: Run 2 is kept ("before edit 2") beside Run 1, and Run 3 starts on the
//   demo's hill again, where it ends exactly where Run 1 ended.
// - An edit of the notes only (no run depends on them) leaves the run alone.
// - Adding a train (Track > Add Train Here) keeps the runs as well; the run selector shows each run with its
//   own trains (Run 3: one train, its vehicle parts and end state; Run 4: two).
#include "GuiTestUtil.h"

#include "core/design/LayoutChange.h"
#include "core/layout/SharedList.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/commands/EditLayout.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/sim/RunSelector.h"
#include "ui/sim/SimulationController.h"
#include "ui/tools/DesignTools.h"
#include "ui/view/OsgViewWidget.h"

#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>

#include <limits>

using tl::ui::MainWindow;
using namespace guitest;

namespace {

std::uint64_t hashUpTo(const tl::Simulation& sim, double t) {
    tl::Telemetry copy = sim.telemetry();
    const std::size_t all = std::numeric_limits<std::size_t>::max();
    copy.truncate(t, all, all);
    return copy.hash();
}

// Run the shown run at full throttle to the first step at or after `until` (the same step every time:
// the last second step by step).
bool driveTo(tl::ui::SimulationController* sim, double until) {
    sim->setThrottle(0, 1.0);
    sim->setRate(0.0); // as fast as possible
    // running as fast as possible, a loaded machine may take well over a second of simulated time between
    // two looks: the timer stops 4 s short, single steps go the rest of the way
    if (sim->simulation()->time() < until - 4.0) {
        sim->setRunning(true);
        const bool ok = runUntil(
            sim, [&] { return sim->simulation()->time() >= until - 4.0; }, until - 0.5);
        sim->setRunning(false);
        if (!ok) return false;
    }
    while (sim->simulation()->time() < until - 1e-9)
        sim->stepOnce();
    return true;
}

bool samePose(const tl::Pose& a, const tl::Pose& b) {
    return a.matrix() == b.matrix(); // bit for bit
}

QString statusText(MainWindow& w) {
    QString all = w.statusBar()->currentMessage();
    for (const QLabel* l : w.statusBar()->findChildren<QLabel*>())
        all += " | " + l->text();
    return all;
}

} // namespace

class TstEditKeepsRuns : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void dragKeepsTheRunBefore();
};

void TstEditKeepsRuns::dragKeepsTheRunBefore() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    sim->setTelemetryWindow(0);      // keep every sample: runs are compared whole
    sim->setStopAtFirstEvent(false); // (the raised hill may throw Run 2 off: it runs on)
    sim->reset();
    QVERIFY(driveTo(sim, 10.0));
    const tl::Pose at10 = sim->simulation()->view().carPose(0, 0);
    const std::int64_t step10 = sim->shownStep();
    QVERIFY(driveTo(sim, 34.0));
    const tl::Pose at34 = sim->simulation()->view().carPose(0, 0);
    const std::int64_t step34 = sim->shownStep();
    QVERIFY(driveTo(sim, 35.0));
    const double t1 = sim->simulation()->time();
    const std::uint64_t hash1 = hashUpTo(*sim->simulation(), t1);
    const tl::Pose end1 = sim->simulation()->view().carPose(0, 0);
    QCOMPARE(sim->runCount(), 1);

    // Shift-drag the hill's point 2 upwards, with real mouse events
    const int hill = w.document()->layout()->trackIndex("hill");
    const int k = 2;
    w.editor()->select(hill, k);
    w.frameSelected();
    viewImage(w);
    const QPoint from = w.view()->project(tl::render::toOsg(w.scene()->handlePosition(hill, k))).toPoint();
    const QPoint to = from + QPoint(0, -40);
    const double zBefore = w.document()->spec().tracks[std::size_t(hill)].curve.points[k].position.z();
    const int buildsBefore = sim->simulationBuilds();
    QSignalSpy changes(w.document(), &tl::ui::Document::changed);
    const long long copiesBefore = tl::sharedListItemCopies().load();
    QTest::mousePress(w.view(), Qt::LeftButton, Qt::ShiftModifier, from);
    const int steps = 10;
    for (int i = 1; i <= steps; ++i) {
        const QPointF p = from + (to - from) * (double(i) / steps);
        QMouseEvent move(QEvent::MouseMove, p, w.view()->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                         Qt::ShiftModifier);
        QApplication::sendEvent(w.view(), &move);
        QTest::qWait(10);
    }
    // mid-drag: paused, stale, nothing rebuilt; each step changed the hill's geometry and nothing else
    QVERIFY(sim->isStale());
    QVERIFY(!sim->isRunning());
    QCOMPARE(sim->simulationBuilds(), buildsBefore);
    QVERIFY2(statusText(w).contains("stale"), qPrintable(statusText(w)));
    QVERIFY(changes.count() >= steps - 2); // (the first few pixels only arm the drag)
    for (const QList<QVariant>& c : changes) {
        const auto change = c.at(0).value<tl::design::LayoutChange>();
        QVERIFY(change.interim);
        QCOMPARE(change.parts, unsigned(tl::design::LayoutChange::TrackGeometry));
        QCOMPARE(change.tracks, std::vector<int>{hill});
    }
    // one track copied per step at most (the hill), never the layout
    QVERIFY2(tl::sharedListItemCopies().load() - copiesBefore <= changes.count(),
             qPrintable(QString::number(tl::sharedListItemCopies().load() - copiesBefore)));
    QCOMPARE(sim->runCount(), 1);
    QTest::mouseRelease(w.view(), Qt::LeftButton, Qt::ShiftModifier, to);

    // the drag's end: one build, Run 2 at t = 0 on the raised hill, Run 1 kept
    QVERIFY(!sim->isStale());
    QCOMPARE(sim->simulationBuilds(), buildsBefore + 1);
    const auto last = changes.last().at(0).value<tl::design::LayoutChange>();
    QVERIFY(!last.interim);
    const double zAfter = w.document()->spec().tracks[std::size_t(hill)].curve.points[k].position.z();
    QVERIFY2(zAfter > zBefore + 0.5, qPrintable(QString("z %1 -> %2").arg(zBefore).arg(zAfter)));
    QCOMPARE(sim->runCount(), 2);
    QCOMPARE(sim->currentRun(), 1);
    QCOMPARE(sim->simulation()->time(), 0.0);
    auto* selector = w.findChild<tl::ui::RunSelector*>("runSelector");
    QVERIFY(selector);
    QCOMPARE(selector->count(), 2);
    QCOMPARE(selector->itemText(0), QString("Run 1 (before edit 1)"));
    QCOMPARE(selector->itemText(1), QString("Run 2"));

    // Run 2 on the raised hill: by 34 s its train is elsewhere (the edit matters there)
    QVERIFY(driveTo(sim, 34.0));
    QVERIFY(!samePose(sim->simulation()->view().carPose(0, 0), at34));

    // Run 1 from the run selector (a click and a key, as a user picks it): the run it was
    selector->setFocus();
    QTest::keyClick(selector, Qt::Key_Up);
    QCOMPARE(sim->currentRun(), 0);
    QCOMPARE(sim->simulation()->time(), t1);
    QCOMPARE(hashUpTo(*sim->simulation(), t1), hash1);
    QVERIFY(samePose(sim->simulation()->view().carPose(0, 0), end1));
    // its replay is made from the layout before the edit: back to 10 s and on to 34 s, bit for bit
    sim->scrubTo(step10);
    QVERIFY(sim->isScrubbing());
    QVERIFY(samePose(sim->shown()->view().carPose(0, 0), at10));
    sim->scrubTo(step34);
    QVERIFY(sim->isScrubbing());
    QVERIFY(samePose(sim->shown()->view().carPose(0, 0), at34));
    sim->returnToLive();

    // Undo is an edit too: both runs are kept, Run 3 is on the demo's hill again and ends where Run 1 did
    w.view()->setFocus();
    QTest::keySequence(&w, QKeySequence::Undo);
    QCOMPARE(w.document()->spec().tracks[std::size_t(hill)].curve.points[k].position.z(), zBefore);
    QCOMPARE(sim->runCount(), 3);
    QCOMPARE(selector->itemText(0), QString("Run 1 (before edit 1)"));
    QCOMPARE(selector->itemText(1), QString("Run 2 (before edit 2)"));
    QCOMPARE(selector->itemText(2), QString("Run 3"));
    QVERIFY(driveTo(sim, 35.0));
    QCOMPARE(sim->simulation()->time(), t1);
    QVERIFY(samePose(sim->simulation()->view().carPose(0, 0), end1));
    QCOMPARE(hashUpTo(*sim->simulation(), t1), hash1);

    // notes only: the run goes on where it is
    const int builds = sim->simulationBuilds();
    tl::LayoutSpec noted = w.document()->spec();
    noted.extra["notes"] = "edited notes";
    w.document()->undoStack()->push(new tl::ui::EditLayout(w.document(), noted, "Edit notes"));
    QCOMPARE(sim->simulationBuilds(), builds);
    QCOMPARE(sim->runCount(), 3);
    QCOMPARE(sim->simulation()->time(), t1);

    // adding a train (Track > Add Train Here) keeps the runs too; each run shows its own trains
    const std::size_t parts1 = sim->parts().size();
    w.editor()->select(w.document()->layout()->trackIndex("top"), -1);
    w.design()->action("train")->trigger();
    QCOMPARE(sim->runCount(), 4);
    QCOMPARE(selector->itemText(2), QString("Run 3 (before edit 3)"));
    QCOMPARE(sim->simulation()->view().trainCount(), 2);
    const std::size_t parts2 = sim->parts().size();
    QVERIFY(parts2 > parts1);
    selector->setFocus();
    QTest::keyClick(selector, Qt::Key_Up); // Run 3: one train, its parts and its end state
    QCOMPARE(sim->currentRun(), 2);
    QCOMPARE(sim->simulation()->view().trainCount(), 1);
    QCOMPARE(sim->parts().size(), parts1);
    QVERIFY(samePose(sim->simulation()->view().carPose(0, 0), end1));
    QTest::keyClick(selector, Qt::Key_Down); // Run 4 again: two trains
    QCOMPARE(sim->parts().size(), parts2);
}

QTEST_MAIN(TstEditKeepsRuns)
#include "tst_edit_keeps_runs.moc"
