// Driving and inspecting under Xvfb with real mouse and keyboard events: the throttle slider speeds the
// demo train up and the brake slows it, the speed plot shows it; too fast into the too-sharp curve c3 the
// train derails there and selecting the event moves the timeline to it; scrubbing back and forking restores
// the recorded state exactly; the plots stay bounded and the UI responsive over a long run.
#include "GuiTestUtil.h"

#include "render/scene/LayoutScene.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"
#include "ui/view/GlFormat.h"

#include <QChartView>
#include <QLabel>

#include <QPushButton>
#include <QSlider>
#include <QStyleOptionSlider>
#include <QTemporaryDir>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/NodeVisitor>

using tl::ui::MainWindow;
using namespace guitest;

namespace {
bool sameState(const tl::SimulationState& a, const tl::SimulationState& b) {
    if (a.time != b.time || a.bodies.size() != b.bodies.size()) return false;
    for (std::size_t i = 0; i < a.bodies.size(); ++i)
        if (!(a.bodies[i].pose.matrix() == b.bodies[i].pose.matrix()) || a.bodies[i].v != b.bodies[i].v ||
            a.bodies[i].w != b.bodies[i].w)
            return false;
    return true;
}
} // namespace

class TstDrive : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void throttleAndBrakeSliders();
    void tooFastIntoC3Derails();
    void scrubBackAndForkRestoresExactly();
    void plotsStayBoundedWhileRunning();
    void exportAndPeakColouring();
};

void TstDrive::throttleAndBrakeSliders() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    QVERIFY(sim->simulation());
    QCOMPARE(sim->simulation()->view().trainCount(), 1);
    const double v0 = sim->simulation()->view().trainSpeed(0);
    QVERIFY(std::abs(v0 - 20.0) < 0.01); // the demo's IC1 starts at 72 km/h

    dragSlider(w.drive()->throttleSlider(), 1.0);
    QCOMPARE(w.drive()->throttleSlider()->value(), 100);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 1.0);
    sim->setRate(4.0);
    sim->setRunning(true);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > 6.0; }, 7.0));
    sim->setRunning(false);
    const double v1 = sim->simulation()->view().trainSpeed(0);
    qInfo() << "speed after" << sim->simulation()->time() << "s at full throttle:" << v0 * 3.6 << "->"
            << v1 * 3.6 << "km/h";
    QVERIFY(v1 > v0 + 1.0);
    // the speed plot shows it: its newest point is the current speed (km/h), above the first
    w.plot()->setSource(0);
    w.plot()->refresh();
    const auto& hist = sim->history();
    const auto& speeds = hist.values(0, tl::Channel::Speed);
    QVERIFY(speeds.size() > 100);
    qInfo() << "history speed" << speeds.back() << "first" << speeds.front() << "train" << v1;
    QVERIFY(std::abs(speeds.back() - v1) < 0.2); // the history holds SI
    QVERIFY(speeds.back() > speeds.front() + 1.0);
    QVERIFY(w.plot()->pointCount(tl::Channel::Speed) > 50);
    QVERIFY(w.drive()->speedLabel()->text().contains("km/h"));
    w.setCamera(MainWindow::Camera::Follow); // look at the train (for the saved picture)
    w.view()->manipulator()->setDistance(60.0);
    viewImage(w);
    w.grab().save(QStringLiteral("tst_drive_train.png"));

    dragSlider(w.drive()->throttleSlider(), 0.0);
    dragSlider(w.drive()->brakeSlider(), 1.0);
    QCOMPARE(sim->simulation()->view().trainDrive(0).brake, 1.0);
    const double t1 = sim->simulation()->time();
    sim->setRunning(true);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > t1 + 4.0; }, t1 + 5.0));
    sim->setRunning(false);
    const double v2 = sim->simulation()->view().trainSpeed(0);
    qInfo() << "speed after braking:" << v2 * 3.6 << "km/h";
    QVERIFY(v2 < v1 - 2.0);
}

void TstDrive::tooFastIntoC3Derails() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    dragSlider(w.drive()->throttleSlider(), 1.0);
    sim->setRate(0.0); // as fast as possible
    sim->setRunning(true);
    // derails at ~64 s; waits on the simulated time (an ASan build is slow), not on the wall clock
    QVERIFY(runUntil(
        sim, [&] { return w.events()->eventCount() > 0; }, 120.0));
    const tl::DerailmentEvent e = sim->simulation()->view().derailments().front();
    // stop where it matters (on by default): paused right after the step of the derailment, event selected
    QVERIFY(!sim->isRunning());
    QCOMPARE(sim->simulation()->time(), e.t);
    QCOMPARE(w.events()->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(w.events()->selectionModel()->selectedRows().first().row(), 0);
    qInfo() << "derailed:" << e.message.c_str();
    // at ~41 m/s, far above c3's overturning speed, the car tips over where the Bloss cant ramp of its
    // entry transition still lags the curvature (c3-in) or in the arc itself
    QVERIFY2(e.trackId == "c3" || e.trackId == "c3-in", e.trackId.c_str());
    QCOMPARE(QString::fromStdString(e.cause), QString("overturn"));
    const double length = w.document()->layout()->trackById(e.trackId).length();
    QVERIFY(e.s >= 0 && e.s <= length);
    QVERIFY(e.speed > 27.0); // above the curve's overturning speed (27.5 m/s closed form, docs/validation.md)
    QVERIFY(!e.numericalSuspect);

    // continue: the wreckage runs on (past the derailment)
    sim->setRunning(true);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > e.t + 2.0; }, e.t + 3.0));
    sim->setRunning(false);
    // click the event's row: the timeline and the replay jump to its time
    w.events()->show();
    w.events()->raise();
    w.events()->clearSelection();
    QTest::qWait(50);
    const QRect cell = w.events()->visualItemRect(w.events()->item(0, 0));
    QTest::mouseClick(w.events()->viewport(), Qt::LeftButton, Qt::NoModifier, cell.center());
    const std::int64_t step = std::llround(e.t / sim->simulation()->dt());
    QCOMPARE(w.timeline()->slider()->value(), int(step - sim->recording().firstStep()));
    QVERIFY(sim->isScrubbing());
    QVERIFY(std::abs(sim->shownTime() - e.t) < 1e-9);
    QVERIFY(std::abs(w.plot()->cursorTime() - e.t) < 1e-9);
    QTest::qWait(700); // the camera flight
    viewImage(w);
    w.grab().save(QStringLiteral("tst_drive_derailment.png"));
}

void TstDrive::scrubBackAndForkRestoresExactly() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    const double dt = sim->simulation()->dt();
    // 3.5 s of driving with two throttle changes, then keep the state of t = 3 s
    dragSlider(w.drive()->throttleSlider(), 0.6);
    tl::SimulationState at3;
    for (int k = 0; k < 840; ++k) {
        if (k == 300) dragSlider(w.drive()->throttleSlider(), 0.2);
        if (k == 720) at3 = sim->simulation()->snapshot();
        sim->stepOnce();
    }
    QCOMPARE(std::llround(at3.time / dt), 720LL);
    // scrub back with the keyboard: Home, then three times Page Up (one second each)
    QSlider* timeline = w.timeline()->slider();
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Home);
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(timeline, Qt::Key_PageUp);
    qInfo() << "timeline value" << timeline->value() << "max" << timeline->maximum() << "page"
            << timeline->pageStep() << "focus" << timeline->hasFocus();
    QCOMPARE(timeline->value(), 720);
    QVERIFY(sim->isScrubbing());
    QVERIFY(sameState(sim->shown()->snapshot(), at3)); // replayed from the recording: bit for bit
    // fork: the live run continues from exactly that state
    QTest::mouseClick(w.timeline()->forkButton(), Qt::LeftButton);
    QVERIFY(!sim->isScrubbing());
    QVERIFY(sameState(sim->simulation()->snapshot(), at3));
    QCOMPARE(sim->recording().lastStep(), 720LL);
    dragSlider(w.drive()->throttleSlider(), 1.0); // drive on differently
    for (int k = 0; k < 120; ++k)
        sim->stepOnce();
    QCOMPARE(sim->recording().lastStep(), 840LL);
    QCOMPARE(sim->simulation()->view().trainDrive(0).throttle, 1.0);
}

void TstDrive::plotsStayBoundedWhileRunning() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    w.plot()->setWindow(3600); // everything in view: decimation must bound the points
    sim->setRate(0.0);
    sim->setRunning(true);
    // the plot's drawn points stay bounded while the simulation runs flat out (the event loop's
    // lateness is measured by tests/bench/bench_ui_latency.cpp: no wall-clock bound in a test)
    int maxPoints = 0;
    QTimer probe;
    QObject::connect(&probe, &QTimer::timeout,
                     [&] { maxPoints = std::max(maxPoints, w.plot()->pointCount(tl::Channel::Speed)); });
    probe.start(10);
    QVERIFY(runUntil(
        sim, [&] { return sim->simulation()->time() > 120.0; }, 121.0));
    sim->setRunning(false);
    probe.stop();
    w.plot()->refresh();
    qInfo() << "simulated" << sim->simulation()->time() << "s; most points drawn" << maxPoints << "; history"
            << sim->history().memoryBytes() / 1024 << "KiB";
    QVERIFY(maxPoints <= w.plot()->maxPointsPerSeries() + 1);
    QVERIFY(w.plot()->pointCount(tl::Channel::Speed) > 100);
}

void TstDrive::exportAndPeakColouring() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::SimulationController* sim = w.simulation();
    for (int k = 0; k < 480; ++k)
        sim->stepOnce(); // 2 s
    w.plot()->setSource(0);
    w.plot()->setChannelVisible(tl::Channel::YQ, true);
    w.plot()->refresh();
    // CSV: a header with the shown channels, one row per kept sample, values in the shown units
    QTemporaryDir dir;
    QString err;
    QVERIFY2(w.plot()->exportCsv(dir.filePath("t.csv"), &err), qPrintable(err));
    QFile csv(dir.filePath("t.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    const auto& h = sim->history();
    QCOMPARE(lines.size(), int(h.times(0).size()) + 1);
    QCOMPARE(lines.first(), QString("t,speed [km/h],f1 lateral [kN],f2 vertical [kN],Y/Q"));
    const QStringList last = lines.last().split(',');
    QCOMPARE(last[0].toDouble(), h.times(0).back());
    QVERIFY(std::abs(last[1].toDouble() - 3.6 * h.values(0, tl::Channel::Speed).back()) < 1e-3);
    QVERIFY(std::abs(last[3].toDouble() - 1e-3 * h.values(0, tl::Channel::F2).back()) < 1e-3);
    // PNG: the chart as shown
    QVERIFY(w.plot()->exportPng(dir.filePath("p.png")));
    const QImage png(dir.filePath("p.png"));
    QCOMPARE(png.size(), w.plot()->chartView()->size() * w.plot()->chartView()->devicePixelRatioF());

    // colouring by the run's peak Y/Q: the ballast vertices of a track the train ran on turn from the natural
    // grey to the ramp (green for the low Y/Q of a straight)
    auto greenVertices = [&](const char* trackId) {
        struct Find : osg::NodeVisitor {
            Find() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
            std::string name;
            int green = 0;
            bool inside = false;
            void apply(osg::Group& g) override {
                const bool was = inside;
                inside = inside || g.getName() == name;
                traverse(g);
                inside = was;
            }
            void apply(osg::Geode& g) override {
                if (!inside) return;
                for (unsigned i = 0; i < g.getNumDrawables(); ++i)
                    if (auto* geom = g.getDrawable(i)->asGeometry())
                        if (auto* c = dynamic_cast<osg::Vec4Array*>(geom->getColorArray()))
                            for (const osg::Vec4& v : *c)
                                if (v.g() > v.r() + 0.3f && v.g() > v.b() + 0.3f) ++green;
            }
        } find;
        find.name = trackId;
        w.scene()->root()->accept(find);
        return find.green;
    };
    QCOMPARE(greenVertices("bottom2"), 0);
    w.colourByPeakYQ();
    const int green = greenVertices("bottom2");
    qInfo() << "green (low peak Y/Q) ballast vertices on bottom2:" << green;
    QVERIFY(green > 100);
}

QTEST_MAIN(TstDrive)
#include "tst_drive.moc"
