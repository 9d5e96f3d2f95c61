// The main window under Xvfb with real mouse events: the OSG view renders the demo layout (not blank,
// track visible), a mouse drag orbits the camera, the wheel zooms, a simulation run fills the live plot,
// and About names the libraries.
#include "GuiTestUtil.h"

#include <QMenu>
#include <QPushButton>
#include <QSet>
#include <QTemporaryDir>
#include <QToolBar>
#include <QWidgetAction>

#include "core/layout/Layout.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "ui/ActionDecor.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/SimulationController.h"
#include "ui/view/GlFormat.h"

using tl::ui::MainWindow;
using namespace guitest;

class TstMainWindow : public QObject {
    Q_OBJECT
public:
    static void initMain() { guitest::initGuiTest(); }

private slots:
    void viewRendersDemo();
    void mouseDragOrbitsCamera();
    void wheelZooms();
    void plotFillsFromSimulation();
    void aboutNamesLibraries();
    void everyActionHasIdIconAndTip();
};

void TstMainWindow::viewRendersDemo() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    qInfo() << "GL:" << w.view()->glInfo();
    QVERIFY(w.document()->layout()->trackCount() >= 10);
    // the bundled demo has no file, yet its title names it; File > New is untitled
    QCOMPARE(w.windowTitle(), QString("demo.json (bundled)[*] — TrackLab"));
    const QImage shot = w.grab().toImage();
    QVERIFY(shot.save(QStringLiteral("tst_mainwindow.png")));
    const QImage view = viewImage(w);
    const double var = luminanceVariance(view);
    qInfo() << "view" << view.size() << "luminance variance" << var;
    QVERIFY2(var > 50.0, "the 3D view looks blank"); // sky + ground + tracks: ~700; blank: 0
    const QColor sky = view.pixelColor(view.width() / 2, 2);
    QVERIFY2(sky.blue() > 200 && sky.blue() > sky.red(), qPrintable(sky.name()));

    // Track visible: frame one straight and compare the pixels along its centre line with the ground
    // colour beside it (3.2 m of ballast at ~100 m distance covers several pixels).
    const int top = w.document()->layout()->trackIndex("top");
    QVERIFY(top >= 0);
    w.editor()->select(top, -1);
    w.frameSelected();
    const QImage framed = viewImage(w);
    const tl::TwistedFrame mid = w.document()->layout()->frameInWorld(std::size_t(top), 160.0);
    const QPointF onTrack = w.view()->project(tl::render::toOsg(mid.F.P));
    const QPointF beside = w.view()->project(tl::render::toOsg(mid.F.P + 12.0 * mid.wN));
    const qreal dpr = w.view()->devicePixelRatioF();
    const QColor c1 = framed.pixelColor((onTrack * dpr).toPoint()),
                 c2 = framed.pixelColor((beside * dpr).toPoint());
    qInfo() << "track pixel" << c1.name() << "ground pixel" << c2.name();
    QVERIFY2(std::abs(c1.red() - c2.red()) + std::abs(c1.green() - c2.green()) +
                     std::abs(c1.blue() - c2.blue()) >
                 40,
             "the track is not visible against the ground");
    framed.save(QStringLiteral("tst_mainwindow_track.png"));
}

void TstMainWindow::mouseDragOrbitsCamera() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::OsgViewWidget* v = w.view();
    const osg::Matrixd before = v->viewer()->getCamera()->getViewMatrix();
    const int framesBefore = v->framesRendered();
    // start on empty ground (near the bottom edge, away from any handle)
    const QPoint from(v->width() / 2, v->height() - 20);
    const osg::Vec2d win = v->toOsgWindow(from.x(), from.y());
    QCOMPARE(int(w.scene()->pick(*v->viewer(), win.x(), win.y()).kind == tl::render::PickHit::ControlPoint),
             0);
    drag(v, from, from + QPoint(150, -40));
    QTRY_VERIFY_WITH_TIMEOUT(v->framesRendered() > framesBefore + 3, 5000);
    const osg::Matrixd after = v->viewer()->getCamera()->getViewMatrix();
    // the eye orbits: the viewing direction turns by a clear angle, the horizon stays level (Z fixed)
    const osg::Vec3d dirBefore = osg::Matrixd::inverse(before).getRotate() * osg::Vec3d(0, 0, -1);
    const osg::Vec3d dirAfter = osg::Matrixd::inverse(after).getRotate() * osg::Vec3d(0, 0, -1);
    const double angle = std::acos(std::clamp(dirBefore * dirAfter, -1.0, 1.0));
    qInfo() << "view direction turned by" << angle * 180 / M_PI << "deg";
    QVERIFY2(angle > 5.0 * M_PI / 180, "camera did not orbit");
    const osg::Vec3d right = osg::Matrixd::inverse(after).getRotate() * osg::Vec3d(1, 0, 0);
    QVERIFY2(std::abs(right.z()) < 1e-6, "orbit tilted the horizon (vertical axis not fixed)");
    QVERIFY(!w.document()->isModified()); // orbiting is not an edit
}

void TstMainWindow::wheelZooms() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    tl::ui::OsgViewWidget* v = w.view();
    const double d0 = v->manipulator()->getDistance();
    const QPoint c = v->rect().center();
    for (int i = 0; i < 3; ++i) {
        QWheelEvent wheel(c, v->mapToGlobal(c), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(v, &wheel);
        QTest::qWait(30);
    }
    QTRY_VERIFY(v->manipulator()->getDistance() != d0);
    qInfo() << "distance" << d0 << "->" << v->manipulator()->getDistance();
    // three notches of 10 % each towards the centre: 0.9^3 = 0.729 of the distance
    QVERIFY(std::abs(v->manipulator()->getDistance() / d0 - 0.729) < 0.01);
}

void TstMainWindow::plotFillsFromSimulation() {
    // docs/validation.md free rolling: a vehicle at 1 m/s on a level quarter arc keeps its speed
    MainWindow w;
    QVERIFY2(w.files()->open(dataPath("tests/data/physics/quarter_arc.json")),
             qPrintable(w.files()->lastError()));
    QVERIFY(showAndWait(w));
    // vehicles but no train: "Inspect a derailment" (it drives the first train) is off and says why
    auto* derail = w.findChild<QPushButton*>("nextDerail");
    QVERIFY(derail && !derail->isEnabled());
    QVERIFY2(derail->toolTip().contains("no trains to derail"), qPrintable(derail->toolTip()));
    QVERIFY(w.windowTitle().startsWith("quarter_arc.json"));
    w.simulation()->setRate(4.0);
    w.simulation()->setRunning(true);
    QVERIFY(runUntil(
        w.simulation(), [&] { return w.simulation()->simulation()->time() > 2.0; }, 3.0));
    QTRY_VERIFY_WITH_TIMEOUT(w.plot()->pointCount(tl::Channel::Speed) > 20, 5000);
    w.simulation()->setRunning(false);
    QVERIFY(w.plot()->pointCount(tl::Channel::Speed) <= w.plot()->maxPointsPerSeries() + 1);
    const double v = w.simulation()->simulation()->view().vehicleSpeed(0);
    qInfo() << "speed after" << w.simulation()->simulation()->time() << "s:" << v << "m/s";
    QVERIFY(std::abs(v - 1.0) < 1e-3);
}

void TstMainWindow::aboutNamesLibraries() {
    const QString text = MainWindow::aboutText();
    QVERIFY2(text.contains("Qt 6.") && text.contains("OpenSceneGraph 3.") && text.contains("Bullet 3.") &&
                 text.contains("double precision") && text.contains("Eigen 3."),
             qPrintable(text));
}

// Every action in the menus and toolbars has an id (objectName: toolbars, icons and tips find it by that,
// ui/ActionDecor.h), an icon and a status tip; ids are unique (but the recent files'). With a recent file
// and after an edit (the undo action's text then names the command, its id stays).
void TstMainWindow::everyActionHasIdIconAndTip() {
    MainWindow w;
    QVERIFY(w.files()->openDemo());
    QVERIFY(showAndWait(w));
    QTemporaryDir dir;
    const QString path = dir.filePath("saved.json");
    QVERIFY(w.files()->saveAs(path)); // a recent file
    QVERIFY(w.files()->open(path));
    w.editor()->select(w.document()->layout()->trackIndex("hill"), 2);
    QVERIFY(w.editor()->deleteSelectedPoint()); // "Undo Delete point of hill"
    QList<QAction*> actions = tl::ui::menuActions(&w);
    for (QToolBar* bar : w.findChildren<QToolBar*>())
        for (QAction* a : bar->actions())
            if (!a->isSeparator() && !a->menu() && !qobject_cast<QWidgetAction*>(a))
                actions << a; // (not widgets)
    QVERIFY(actions.size() > 60);
    QSet<QString> ids;
    QStringList problems;
    for (const QAction* a : std::as_const(actions)) {
        const QString name = tl::ui::plainActionText(a);
        if (a->objectName().isEmpty()) problems << name + ": no id";
        if (a->icon().isNull()) problems << name + ": no icon";
        if (a->statusTip().isEmpty()) problems << name + ": no status tip";
        if (a->objectName() != "fileRecent") ids.insert(a->objectName());
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("\n")));
    QSet<const QAction*> distinct(actions.begin(), actions.end());
    int recent = 0;
    for (const QAction* a : distinct)
        recent += a->objectName() == "fileRecent";
    QCOMPARE(ids.size() + recent, int(distinct.size())); // one id, one action
    QVERIFY(recent >= 1);
    QVERIFY(w.findChild<QAction*>("editUndo")->text().contains("Delete point"));
    // the first-start toolbar finds its actions by id
    auto* bar = w.findChild<QToolBar*>("mainToolBar");
    if (bar) QVERIFY(bar->actions().contains(w.findChild<QAction*>("editUndo")));
}

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
