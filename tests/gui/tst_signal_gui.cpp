// Signals in the GUI through the real window with real mouse and key events (Xvfb; docs/user-guide.md,
// "Signals" and "Switches and routes during a run"), on layouts the test writes:
// - the signal tool: on the signalled oval (resources/layouts/signalled.json: eight block signals), Track >
//   Signal (Alt+9) and two clicks on the north straight -- places found by projecting the track through the
//   view's camera -- add block signals S1 and S2 there (one undo step each, within 3 m of the clicked places,
//   facing increasing s); Ctrl+Z takes S2 away. A click on S1's post selects it (the Properties dock shows
//   it), a drag along the track moves it 100 m (one undo step), Properties sets its overlap (120 m) and kind
//   (home), and reversing it -- alone on the circuit in its direction -- is kept with the layout's reason
//   shown while the view keeps the last valid layout; Delete removes it; undoing everything gives the file's
//   signals back.
// - a run: RE1 (on autopilot) starts at 700 m of the south straight, in block B1, and RE2 (on autopilot too)
//   right behind it, before B1 at 150 m. RE2 waits at B1 at stop (standing, B1 its next signal), B1 clears
//   once RE1 has left the block with its overlap, the aspects change, RE2 sets off; no SPAD, no collision,
//   and the 3D view's lamps show the run's aspects.
// - a junction during a run: a click on switch W1's points throws it in the run (the document's switch keeps
//   its state, no undo step); a click on home signal H1 sets route R1, which sets W1 back and locks it; a
//   click on W1 then is refused with the reason. Replayed (the timeline scrubbed with the keys), the run
//   shows the throw and the route at the steps they were made; scrubbed to where W1 was locked a click is
//   refused and makes no fork, scrubbed to before the route a click on W1 forks a new run where W1 is thrown.
#include "GuiTestUtil.h"

#include "core/io/InputFile.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/track/SignalNodes.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"
#include "ui/tools/DesignTools.h"
#include "ui/tools/SignalTool.h"
#include "ui/view/OsgViewWidget.h"
#include "ui/window/MainDocks.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <osg/MatrixTransform>

#include <cmath>
#include <memory>

using tl::ui::MainWindow;
using namespace guitest;

namespace {

// A junction: 600 m of "main", then switch W1 (state 0: "through", 500 m straight on; state 1: "siding", a
// 75 m curve); home signal H1 at 450 m of main, X1 at 300 m of through; route R1 from H1 to X1 sets W1 to 0.
// Train T1 (a locomotive) stands braked at 100 m of main, far from the points and outside H1's block.
const char* const kJunction = R"({"format": "tracklab-layout", "version": 2,
  "tracks": [{"id": "main", "curve": {"type": "line", "length": 600}, "frame": "up"},
             {"id": "through", "curve": {"type": "line", "length": 500}, "frame": "up",
              "placement": {"after": ["main", "end"]}},
             {"id": "siding", "curve": {"type": "arc", "radius": 300, "angle": 0.25}, "frame": "up",
              "placement": {"after": ["main", "end"]}}],
  "switches": [{"id": "W1", "at": ["main", "end"], "branches": [["through", "start"], ["siding", "start"]]}],
  "signals": [{"id": "H1", "track": "main", "s": 450, "kind": "home"}, {"id": "X1", "track": "through", "s": 300}],
  "routes": [{"id": "R1", "from": "H1", "to": "X1", "switches": [["W1", 0]]}],
  "trains": [{"id": "T1", "cars": ["locomotive"], "start": {"track": "main", "s": 100, "direction": 1},
              "speed": 0, "schedule": [[0, 0, 1]]}]})";

// Where track `id` at arc length s appears in the view.
QPoint trackPoint(MainWindow& w, const std::string& id, double s) {
    const auto L = w.document()->layout();
    const int t = L->trackIndex(id);
    return w.view()->project(tl::render::toOsg(L->frameInWorld(std::size_t(t), s).F.P)).toPoint();
}

// Where drawn signal k's post appears, 2 m above its foot (render/track/SignalNodes.h: one child per signal,
// its matrix at the foot of the post).
QPoint signalPost(MainWindow& w, int k) {
    const auto* node =
        dynamic_cast<const osg::MatrixTransform*>(w.scene()->signalNodes().root()->getChild(unsigned(k)));
    if (!node) return {};
    return w.view()->project(node->getMatrix().getTrans() + osg::Vec3d(0, 0, 2.0)).toPoint();
}

void click(MainWindow& w, QPoint at) {
    viewImage(w);
    QTest::mouseClick(w.view(), Qt::LeftButton, Qt::NoModifier, at);
}

void press(MainWindow& w, Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier) {
    w.view()->setFocus(); // the window's shortcuts (Space: Run, ".": Step, Alt+9: Signal) from the 3D view
    QTest::keyClick(w.view(), key, mods);
}

// The timeline at recorded step `step` (Home, then the arrow keys: one step each).
void scrubTo(MainWindow& w, std::int64_t step) {
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Home);
    for (std::int64_t k = 0; k < step; ++k)
        QTest::keyClick(timeline, Qt::Key_Right);
}

const tl::SignalSpec* signalById(const tl::LayoutSpec& spec, const std::string& id) {
    for (const tl::SignalSpec& g : spec.signalSpecs)
        if (g.id == id) return &g;
    return nullptr;
}

template <class T> T* field(MainWindow& w, const QString& name) {
    // the Properties dock rebuilds its fields after a change, deferred: let it, then wait for the field
    QTest::qWait(20);
    T* f = nullptr;
    (void)QTest::qWaitFor([&] { return (f = w.findChild<T*>(name)) != nullptr; }, 5000);
    return f;
}

} // namespace

class TstSignalGui : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void initTestCase();
    void placeSelectMoveEditDelete();
    void followerWaitsAtSignal();
    void throwSwitchAndSetRouteDuringRun();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    std::vector<tl::SignalSpec> m_fileSignals; // the oval's eight
};

void TstSignalGui::initTestCase() {
    QVERIFY(m_dir.isValid());
    // the signalled oval with RE1 at 700 m of "south" (in B1's block) and RE2 right behind it, before B1
    tl::Json j =
        tl::Json::parse(tl::readInputFile(dataPath("resources/layouts/signalled.json").toStdString()));
    QCOMPARE(j["trains"].size(), std::size_t(2));
    j["trains"][0]["start"] = tl::Json{{"track", "south"}, {"s", 700.0}, {"direction", 1}};
    j["trains"][1]["start"] = tl::Json{{"track", "south"}, {"s", 100.0}, {"direction", 1}};
    QFile oval(m_dir.filePath("follow.json"));
    QVERIFY(oval.open(QIODevice::WriteOnly));
    oval.write(QByteArray::fromStdString(j.dump(2)));
    oval.close();
    QFile junction(m_dir.filePath("junction.json"));
    QVERIFY(junction.open(QIODevice::WriteOnly));
    junction.write(kJunction);
    junction.close();

    m_w = std::make_unique<MainWindow>();
    QVERIFY(m_w->files()->open(m_dir.filePath("follow.json")));
    QVERIFY(showAndWait(*m_w));
    m_fileSignals = m_w->document()->spec().signalSpecs;
    QCOMPARE(m_fileSignals.size(), std::size_t(8));
    QVERIFY(m_w->document()->compileError().isEmpty());
}

void TstSignalGui::cleanupTestCase() {
    m_w.reset();
}

void TstSignalGui::placeSelectMoveEditDelete() {
    MainWindow& w = *m_w;
    tl::ui::Document* doc = w.document();
    QUndoStack* undo = doc->undoStack();
    tl::ui::SignalTool* tool = w.design()->signalTool();
    // the north straight in view (a click selects it, F frames it), then Track > Signal
    clickTrack(w, "north", 600.0);
    press(w, Qt::Key_9, Qt::AltModifier);
    QVERIFY(w.design()->mode() == tl::ui::DesignTools::Mode::Signal);
    const int steps0 = undo->index();

    // two clicks on the track: S1 at ~450 m, S2 at ~900 m, one undo step each
    click(w, trackPoint(w, "north", 450.0));
    QCOMPARE(undo->index(), steps0 + 1);
    QVERIFY2(undo->undoText().startsWith("Add signal S1 on north at "), qPrintable(undo->undoText()));
    click(w, trackPoint(w, "north", 900.0));
    QCOMPARE(undo->index(), steps0 + 2);
    QCOMPARE(doc->spec().signalSpecs.size(), m_fileSignals.size() + 2);
    for (const auto& [id, s] : {std::pair{"S1", 450.0}, std::pair{"S2", 900.0}}) {
        const tl::SignalSpec* g = signalById(doc->spec(), id);
        QVERIFY2(g, id);
        qInfo("%s placed at %.2f m of %s (clicked at %.0f m)", id, g->s, g->track.c_str(), s);
        QCOMPARE(g->track, std::string("north"));
        QVERIFY(std::abs(g->s - s) < 3.0);
        QCOMPARE(g->direction, 1);
        QVERIFY(g->kind == tl::SignalKind::Block);
    }
    QVERIFY(doc->compileError().isEmpty());
    QCOMPARE(doc->layout()->signalList().size(), m_fileSignals.size() + 2);
    QCOMPARE(w.scene()->signalNodes().count(), m_fileSignals.size() + 2);
    // Ctrl+Z: S2 goes, S1 stays
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->spec().signalSpecs.size(), m_fileSignals.size() + 1);
    QVERIFY(signalById(doc->spec(), "S1") && !signalById(doc->spec(), "S2"));
    QCOMPARE(tool->selected(), -1);

    // a click on S1's post selects it: the Properties dock shows it, no edit
    const int s1 = int(m_fileSignals.size()); // (drawn and in the file after the eight)
    QCOMPARE(doc->layout()->signalList()[std::size_t(s1)].id, std::string("S1"));
    const int steps1 = undo->index();
    click(w, signalPost(w, s1));
    QCOMPARE(tool->selected(), s1);
    QCOMPARE(undo->index(), steps1);
    QVERIFY(w.scene()->signalNodes().markerShown(std::size_t(s1)));
    QDockWidget* props = w.docks()->dock(tl::ui::MainDocks::Dock::Properties);
    props->show(); // (View menu: the first start hides it)
    props->raise();
    QLineEdit* id = field<QLineEdit>(w, "field:signalId");
    QVERIFY(id);
    QCOMPARE(id->text(), QString("S1"));

    // a drag along the track: 100 m on, one undo step
    const double before = signalById(doc->spec(), "S1")->s;
    const QPoint from = signalPost(w, s1);
    const QPoint to = from + (trackPoint(w, "north", before + 100.0) - trackPoint(w, "north", before));
    drag(w.view(), from, to);
    QCOMPARE(undo->index(), steps1 + 1);
    QCOMPARE(undo->undoText(), QString("Move signal S1"));
    const double after = signalById(doc->spec(), "S1")->s;
    qInfo("S1 dragged from %.2f m to %.2f m", before, after);
    QVERIFY(std::abs(after - (before + 100.0)) < 3.0);
    QCOMPARE(doc->layout()->signalList()[std::size_t(s1)].s, after);
    QCOMPARE(tool->selected(), s1);

    // Properties: overlap 120 m typed, kind "home" (one undo step each)
    auto* overlap = field<QDoubleSpinBox>(w, QString("field:signal%1.overlap").arg(s1));
    QVERIFY(overlap);
    QCOMPARE(overlap->value(), 50.0); // (the default)
    QTest::mouseClick(overlap, Qt::LeftButton);
    QTest::keyClick(overlap, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(overlap, "120");
    QTest::keyClick(overlap, Qt::Key_Return);
    QCOMPARE(undo->index(), steps1 + 2);
    QCOMPARE(signalById(doc->spec(), "S1")->overlap.value_or(-1.0), 120.0);
    QCOMPARE(doc->layout()->signalList()[std::size_t(s1)].overlap, 120.0);
    auto* kind = field<QComboBox>(w, "field:signalKind");
    QVERIFY(kind);
    kind->setFocus();
    QTest::keyClick(kind, Qt::Key_Down);
    QCOMPARE(undo->index(), steps1 + 3);
    QVERIFY(signalById(doc->spec(), "S1")->kind == tl::SignalKind::Home);

    // reversed, S1 is the only stop signal on the oval facing its way: the layout refuses it; the edit stays
    // (undoable), the panel and the status bar say why, the view keeps the last valid layout
    auto* direction = field<QComboBox>(w, "field:signalDirection");
    QVERIFY(direction);
    direction->setFocus();
    QTest::keyClick(direction, Qt::Key_Down);
    QCOMPARE(undo->index(), steps1 + 4);
    QCOMPARE(signalById(doc->spec(), "S1")->direction, -1);
    const QString why = doc->compileError();
    qInfo() << "refused:" << why;
    QVERIFY2(why.contains("only stop signal on its circuit"), qPrintable(why));
    QCOMPARE(doc->layout()->signalList()[std::size_t(s1)].direction, 1);
    QTRY_VERIFY(w.findChild<QLabel*>("propertyError")->text().contains("only stop signal"));
    QVERIFY2(w.statusBar()->currentMessage().contains("only stop signal"),
             qPrintable(w.statusBar()->currentMessage()));
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(doc->compileError().isEmpty());
    QCOMPARE(signalById(doc->spec(), "S1")->direction, 1);

    // Delete removes it (one step)
    QCOMPARE(tool->selected(), s1);
    press(w, Qt::Key_Delete);
    QCOMPARE(undo->undoText(), QString("Delete signal S1"));
    QCOMPARE(doc->spec().signalSpecs.size(), m_fileSignals.size());
    QCOMPARE(tool->selected(), -1);
    QCOMPARE(w.scene()->signalNodes().count(), m_fileSignals.size());

    // every step undone: the file's signals; Escape: back to selecting
    while (undo->index() > steps0)
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(doc->spec().signalSpecs == m_fileSignals);
    QVERIFY(!doc->isModified());
    press(w, Qt::Key_Escape);
    QVERIFY(w.design()->mode() == tl::ui::DesignTools::Mode::Select);
}

void TstSignalGui::followerWaitsAtSignal() {
    MainWindow& w = *m_w;
    tl::ui::SimulationController* sim = w.simulation();
    QVERIFY(sim->simulation());
    QCOMPARE(sim->simulation()->view().trainCount(), 2);
    const tl::Layout& L = sim->simulation()->layout();
    const int b1 = L.signalIndex("B1"), b2 = L.signalIndex("B2");
    QVERIFY(b1 >= 0 && b2 >= 0);
    sim->setRate(0.0); // as fast as possible
    press(w, Qt::Key_Space);
    QVERIFY(sim->isRunning());
    std::vector<tl::Aspect> first;
    bool changed = false, waited = false, released = false;
    double waitedAt = 0, waitDistance = 0, releasedAt = 0;
    const bool done = runUntil(
        sim,
        [&] {
            const tl::Simulation* live = sim->simulation();
            if (!live || live->time() <= 0.0) return false;
            const tl::SimulationView& v = live->view();
            const std::vector<tl::Aspect> a = v.signalAspects();
            if (first.empty()) first = a;
            changed = changed || a != first;
            const tl::TrainSignalView re2 = v.trainSignal(1);
            if (!waited && std::abs(v.trainSpeed(1)) < 0.1 && live->time() > 5.0 && re2.signal == b1 &&
                a[std::size_t(b1)] == tl::Aspect::Stop) {
                waited = true;
                waitedAt = live->time();
                waitDistance = re2.signalDistance;
            }
            if (waited && !released && a[std::size_t(b1)] != tl::Aspect::Stop && v.trainSpeed(1) > 1.0) {
                released = true;
                releasedAt = live->time();
            }
            return changed && waited && released;
        },
        150.0);
    press(w, Qt::Key_Space);
    QTRY_VERIFY(!sim->isRunning());
    const tl::Simulation* live = sim->simulation();
    qInfo("RE2 stood %.1f m before B1 at stop at t = %.2f s; B1 cleared and RE2 left by t = %.2f s (now %.2f "
          "s, "
          "RE1 at %.1f m/s, RE2 at %.1f m/s)",
          waitDistance, waitedAt, releasedAt, live->time(), live->view().trainSpeed(0),
          live->view().trainSpeed(1));
    QVERIFY(done);
    QVERIFY(waited && released && changed);
    QVERIFY(waitDistance >= 0.0 && waitDistance < 45.0); // short of B1 (the autopilot stops 10 m before it)
    QVERIFY(releasedAt > waitedAt);
    // B1 shows stop while RE1 is in its block: RE1 had to clear B2 (784 m) and the overlap first
    const std::vector<tl::SignalEvent>& events = live->view().signalEvents();
    int b1Changes = 0;
    for (const tl::SignalEvent& e : events) {
        QVERIFY2(e.kind != "spad", e.message.c_str());
        if (e.kind == "aspect" && e.signal == b1) ++b1Changes;
    }
    QVERIFY(b1Changes >= 1);
    QVERIFY(live->view().collisions().empty());
    QVERIFY(live->view().derailments().empty());
    QVERIFY(live->view().trainSignal(0).distance > 100.0); // RE1 went on
    // the 3D view's lamps show the run's aspects
    const std::vector<tl::Aspect> a = live->view().signalAspects();
    const tl::render::SignalNodes& lamps = w.scene()->signalNodes();
    QCOMPARE(lamps.count(), a.size());
    for (std::size_t k = 0; k < a.size(); ++k)
        QCOMPARE(int(lamps.lamp(k)), int(a[k])); // (SignalLamp and Aspect: 0 stop, 1 caution, 2 clear)
    viewImage(w).save("tst_signal_gui_run.png");
}

void TstSignalGui::throwSwitchAndSetRouteDuringRun() {
    MainWindow& w = *m_w;
    QVERIFY(w.files()->open(m_dir.filePath("junction.json")));
    tl::ui::Document* doc = w.document();
    QVERIFY2(doc->compileError().isEmpty(), qPrintable(doc->compileError()));
    tl::ui::SimulationController* sim = w.simulation();
    QVERIFY(sim->simulation());
    QCOMPARE(doc->spec().switches.at(0).state, 0);
    w.frameAll();
    viewImage(w);
    const QPoint points = trackPoint(w, "main", 600.0); // W1's points: the end of main
    const int h1 = doc->layout()->signalIndex("H1");
    QCOMPARE(h1, 0);
    const int steps = doc->undoStack()->index();

    // before the run (t = 0) a click on the points is an edit; undone
    click(w, points);
    QCOMPARE(doc->undoStack()->index(), steps + 1);
    QCOMPARE(doc->spec().switches[0].state, 1);
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->spec().switches[0].state, 0);

    // one step: the run is under way; a click on the points throws W1 in the run only
    press(w, Qt::Key_Period);
    QVERIFY(sim->simulation()->time() > 0.0);
    QVERIFY(sim->isUnderWay());
    const std::int64_t thrownAt = sim->shownStep();
    click(w, points);
    const tl::Simulation* live = sim->simulation();
    qInfo() << w.statusBar()->currentMessage();
    QCOMPARE(live->view().switchStates().at(0), 1);
    QCOMPARE(doc->spec().switches[0].state, 0); // the file's setting
    QCOMPARE(doc->undoStack()->index(), steps); // no edit
    QVERIFY(w.statusBar()->currentMessage().contains("thrown to branch 1 (siding)"));
    bool throwEvent = false;
    for (const tl::SignalEvent& e : live->view().signalEvents())
        throwEvent = throwEvent || (e.kind == "throw" && e.switchId == "W1" && e.state == 1);
    QVERIFY(throwEvent);

    // three steps on, a click on H1 sets route R1: W1 back to "through", locked by it
    for (int k = 0; k < 3; ++k)
        press(w, Qt::Key_Period);
    const std::int64_t routedAt = sim->shownStep();
    QCOMPARE(routedAt, thrownAt + 3);
    click(w, signalPost(w, h1));
    qInfo() << w.statusBar()->currentMessage();
    live = sim->simulation();
    QCOMPARE(live->view().routesSet().at(0), true);
    QCOMPARE(live->view().switchStates().at(0), 0);
    QCOMPARE(live->view().switchLocks().at(0), 0);
    QVERIFY(w.statusBar()->currentMessage().contains("Route R1 set"));
    // a click on the locked switch: refused with the reason
    click(w, points);
    qInfo() << w.statusBar()->currentMessage();
    QVERIFY(w.statusBar()->currentMessage().contains("not thrown"));
    QVERIFY(w.statusBar()->currentMessage().contains("locked by route \"R1\""));
    QCOMPARE(live->view().switchStates().at(0), 0);
    QCOMPARE(doc->undoStack()->index(), steps);
    for (int k = 0; k < 3; ++k)
        press(w, Qt::Key_Period);
    QCOMPARE(sim->recording().inputs().size(), std::size_t(2)); // the throw and the route; not the refusal

    // the replay repeats them at their steps
    const auto shownSwitch = [&] { return sim->shown()->view().switchStates().at(0); };
    const auto shownRoute = [&] { return bool(sim->shown()->view().routesSet().at(0)); };
    scrubTo(w, thrownAt);
    QVERIFY(sim->isScrubbing());
    QCOMPARE(sim->shownStep(), thrownAt);
    QCOMPARE(shownSwitch(), 0); // (an input made at step n acts after the state at step n)
    scrubTo(w, thrownAt + 1);
    QCOMPARE(shownSwitch(), 1);
    QCOMPARE(shownRoute(), false);
    scrubTo(w, routedAt + 1);
    QCOMPARE(shownSwitch(), 0);
    QCOMPARE(shownRoute(), true);
    // replayed where W1 is locked, a click is refused there and makes no fork
    click(w, points);
    QVERIFY(w.statusBar()->currentMessage().contains("locked by route"));
    QCOMPARE(sim->runCount(), 1);
    QVERIFY(sim->isScrubbing());
    // replayed before the route, a click on W1 forks a run where it is thrown back to "through"
    scrubTo(w, thrownAt + 1);
    QCOMPARE(shownSwitch(), 1);
    click(w, points);
    qInfo() << w.statusBar()->currentMessage();
    QCOMPARE(sim->runCount(), 2);
    QVERIFY(!sim->isScrubbing());
    QCOMPARE(sim->shownStep(), thrownAt + 1);
    QCOMPARE(sim->simulation()->view().switchStates().at(0), 0);
    QCOMPARE(sim->simulation()->view().routesSet().at(0), false);
    QCOMPARE(sim->recording().inputs().size(), std::size_t(2)); // its parent's throw, and this one
    QCOMPARE(doc->spec().switches[0].state, 0);
    QCOMPARE(doc->undoStack()->index(), steps);
}

QTEST_MAIN(TstSignalGui)
#include "tst_signal_gui.moc"
