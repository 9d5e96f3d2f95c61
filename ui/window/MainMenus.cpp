#include "ui/window/MainMenus.h"

#include "core/layout/LineSpeed.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/VehicleNodes.h"
#include "ui/ActionDecor.h"
#include "ui/FirstView.h"
#include "ui/MainWindow.h"
#include "ui/Units.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/help/HelpMenu.h"
#include "ui/panels/OutlinerPanel.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/panels/TwistEditor.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/HudReadout.h"
#include "ui/sim/RunEvents.h"
#include "ui/sim/RunOptions.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"
#include "ui/tools/DesignTools.h"
#include "ui/tools/SignalTool.h"
#include "ui/view/CameraFlight.h"
#include "ui/view/DriverHud.h"
#include "ui/view/OsgViewWidget.h"
#include "ui/view/OverlayLegendWidget.h"
#include "ui/view/TrackColourMenu.h"
#include "ui/window/MainDocks.h"
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoView>
#include <QVBoxLayout>
#include <cmath>
#include <tuple>

namespace tl::ui {

using Camera = MainWindow::Camera;

MainMenus::MainMenus(MainWindow* w) : QObject(w), m_window(w) {
    FileManager* files = w->files();
    Document* doc = w->document();
    EditController* editor = w->editor();
    OsgViewWidget* view3d = w->view();
    render::LayoutScene* scene = w->scene();
    SimulationController* simulation = w->simulation();
    DrivePanel* drive = w->drive();
    TwistEditor* twist = w->twistEditor();
    ChecksPanel* checksPanel = w->checks();

    QMenu* file = w->menuBar()->addMenu(tr("&File"));
    withId(file->addAction(tr("&New"), QKeySequence::New, files, &FileManager::newFileInteractive),
           "fileNew");
    withId(file->addAction(tr("&Open…"), QKeySequence::Open, files, &FileManager::openInteractive),
           "fileOpen");
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    withId(file->addAction(tr("&Save"), QKeySequence::Save, files, [=] { files->save(); }), "fileSave");
    withId(file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), files,
                           [=] { files->saveAsInteractive(); }),
           "fileSaveAs");
    file->addSeparator();
    auto fileReport = [=](bool ok, const QString& done) {
        if (!ok) return; // (the file manager's error() is shown by the window)
        const QStringList warnings = files->lastWarnings();
        w->statusBar()->showMessage(warnings.isEmpty()
                                        ? done
                                        : done + " — " + tr("%n warning(s): ", "", int(warnings.size())) +
                                              warnings.join("; "),
                                    15000);
    };
    withId(file->addAction(tr("&Import IFC Alignment…"), files,
                           [=] { fileReport(files->importInteractive(), tr("Imported")); }),
           "fileImport");
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    withId(exportMenu->addAction(tr("NoLimits 2 Track &CSV…"), files,
                                 [=] { fileReport(files->exportInteractive("nl2csv"), tr("Exported")); }),
           "fileExportNl2");
    withId(exportMenu->addAction(tr("&OBJ Mesh…"), files,
                                 [=] { fileReport(files->exportInteractive("obj"), tr("Exported")); }),
           "fileExportObj");
    withId(exportMenu->addAction(tr("&IFC 4.3 Alignments…"), files,
                                 [=] { fileReport(files->exportInteractive("ifc"), tr("Exported")); }),
           "fileExportIfc");
    file->addSeparator();
    withId(file->addAction(tr("&Quit"), QKeySequence::Quit, w, &QWidget::close), "fileQuit");

    QMenu* edit = w->menuBar()->addMenu(tr("&Edit"));
    QAction* undo = withId(doc->undoStack()->createUndoAction(w, tr("&Undo")), "editUndo");
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = withId(doc->undoStack()->createRedoAction(w, tr("&Redo")), "editRedo");
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    auto report = [=](bool ok) {
        if (!ok) w->statusBar()->showMessage(editor->lastError(), 5000);
    };
    // a signal selected with the signal tool (ui/tools/SignalTool.h), else the selected control point
    withId(edit->addAction(tr("&Delete Point or Signal"), QKeySequence::Delete, w,
                           [=] {
                               SignalTool* signalTool = w->design() ? w->design()->signalTool() : nullptr;
                               if (signalTool && signalTool->selected() >= 0) {
                                   if (!signalTool->deleteSelected())
                                       w->statusBar()->showMessage(signalTool->lastError(), 5000);
                                   return;
                               }
                               report(editor->deleteSelectedPoint());
                           }),
           "editDeletePoint");
    withId(edit->addAction(tr("&Extend Track From Free End"), QKeySequence(Qt::CTRL | Qt::Key_E), w,
                           [=] { report(editor->extendFromFreeEnd()); }),
           "editExtend");
    withId(edit->addAction(tr("&Connect Nearest Free Ends"), QKeySequence(Qt::CTRL | Qt::Key_J), w,
                           [=] { report(editor->connectNearestFreeEnds()); }),
           "editConnect");
    edit->addSeparator();
    QMenu* axis = edit->addMenu(tr("Drag &Constraint"));
    auto* axisGroup = new QActionGroup(w);
    const char* lockIds[] = {"editDragFree", "editDragX", "editDragY", "editDragZ"};
    const std::pair<QString, EditController::AxisLock> locks[] = {
        {tr("Free (ground plane; Shift: vertical)"), EditController::AxisLock::None},
        {tr("Along X"), EditController::AxisLock::X},
        {tr("Along Y"), EditController::AxisLock::Y},
        {tr("Along Z"), EditController::AxisLock::Z}};
    const QKeySequence keys[] = {QKeySequence(Qt::Key_F4), QKeySequence(Qt::Key_X), QKeySequence(Qt::Key_Y),
                                 QKeySequence(Qt::Key_Z)};
    for (int i = 0; i < 4; ++i) {
        QAction* a = withId(axis->addAction(locks[i].first), lockIds[i]);
        a->setCheckable(true);
        a->setChecked(i == 0);
        a->setShortcut(keys[i]);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        view3d->addAction(a);
        axisGroup->addAction(a);
        const auto lock = locks[i].second;
        connect(a, &QAction::triggered, w, [=] { editor->setAxisLock(lock); });
    }

    QMenu* view = w->menuBar()->addMenu(tr("&View"));
    // single keys act only while the 3D view has the focus (elsewhere Home, letters etc. keep their meaning)
    auto viewKey = [=](QAction* a) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        view3d->addAction(a);
    };
    viewKey(withId(view->addAction(tr("Frame &All"), QKeySequence(Qt::Key_Home), w, &MainWindow::frameAll),
                   "viewFrameAll"));
    viewKey(
        withId(view->addAction(tr("Frame &Selected"), QKeySequence(Qt::Key_F), w, &MainWindow::frameSelected),
               "viewFrameSelected"));
    viewKey(withId(view->addAction(tr("&Top View"), QKeySequence(Qt::Key_T), view3d, &OsgViewWidget::viewTop),
                   "viewTop"));
    viewKey(
        withId(view->addAction(tr("Si&de View"), QKeySequence(Qt::Key_V), view3d, &OsgViewWidget::viewSide),
               "viewSide"));
    view->addSeparator();
    QDockWidget* checksDock = w->docks()->dock(MainDocks::Dock::Checks);
    m_colours = new TrackColourMenu(view, doc, scene, view3d, twist, simulation, checksPanel, checksDock,
                                    w->statusBar(), w);
    {
        QAction* checks = withId(view->addAction(tr("Design &Checks")), "viewChecks");
        checks->setCheckable(true);
        checks->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
        connect(checks, &QAction::toggled, checksDock, [checksDock](bool on) {
            checksDock->setVisible(on);
            if (on) checksDock->raise();
        });
        connect(checksDock, &QDockWidget::visibilityChanged, checks,
                [checks, checksDock] { checks->setChecked(!checksDock->isHidden()); });
    }
    {
        // the force keys dock (ui/panels/ForceKeysEditor.h): a force section's laws as graphs
        QDockWidget* forceDock = w->docks()->dock(MainDocks::Dock::ForceKeys);
        QAction* forceKeys = withId(view->addAction(tr("&Force Keys")), "viewForceKeys");
        forceKeys->setCheckable(true);
        forceKeys->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
        connect(forceKeys, &QAction::toggled, forceDock, [forceDock](bool on) {
            forceDock->setVisible(on);
            if (on) forceDock->raise();
        });
        connect(forceDock, &QDockWidget::visibilityChanged, forceKeys,
                [forceKeys, forceDock] { forceKeys->setChecked(!forceDock->isHidden()); });
    }
    QMenu* camera = view->addMenu(tr("&Camera"));
    auto* cameraGroup = new QActionGroup(w);
    for (const auto& [name, mode, key, id] :
         {std::tuple{tr("Free Orbit"), Camera::Free, Qt::Key_F5, "cameraFree"},
          {tr("Follow Train"), Camera::Follow, Qt::Key_F6, "cameraFollow"},
          {tr("Cab View"), Camera::Cab, Qt::Key_F7, "cameraCab"}}) {
        QAction* a = withId(camera->addAction(name), id);
        a->setCheckable(true);
        a->setChecked(mode == Camera::Free);
        a->setShortcut(QKeySequence(key));
        cameraGroup->addAction(a);
        const Camera m = mode;
        connect(a, &QAction::triggered, w, [=] { w->setCamera(m); });
    }
    QMenu* unitsMenu = view->addMenu(tr("&Units"));
    {
        Units& u = Units::instance();
        auto* speeds = new QActionGroup(w);
        auto* angles = new QActionGroup(w);
        for (const auto& [name, value, id] :
             {std::tuple{tr("Speeds in km/h"), Units::Speed::KilometresPerHour, "unitsKmh"},
              {tr("Speeds in m/s"), Units::Speed::MetresPerSecond, "unitsMs"}}) {
            QAction* a = withId(unitsMenu->addAction(name), id);
            a->setCheckable(true);
            a->setChecked(u.speed() == value);
            speeds->addAction(a);
            const auto v = value;
            connect(a, &QAction::triggered, w, [v] { Units::instance().setSpeed(v); });
        }
        unitsMenu->addSeparator();
        for (const auto& [name, value, id] :
             {std::tuple{tr("Angles in degrees"), Units::Angle::Degrees, "unitsDegrees"},
              {tr("Angles in radians"), Units::Angle::Radians, "unitsRadians"}}) {
            QAction* a = withId(unitsMenu->addAction(name), id);
            a->setCheckable(true);
            a->setChecked(u.angle() == value);
            angles->addAction(a);
            const auto v = value;
            connect(a, &QAction::triggered, w, [v] { Units::instance().setAngle(v); });
        }
    }
    QMenu* look = view->addMenu(tr("Track &Look"));
    auto* lookGroup = new QActionGroup(w);
    for (const auto& [name, kind, id] :
         {std::tuple{tr("Railway (rails, sleepers, ballast)"), render::TrackLook::Railway, "lookRailway"},
          {tr("Roller Coaster (tube rails, spine, supports)"), render::TrackLook::Coaster, "lookCoaster"}}) {
        QAction* a = withId(look->addAction(name), id);
        a->setCheckable(true);
        lookGroup->addAction(a);
        const auto k = kind;
        connect(a, &QAction::triggered, w, [=] {
            scene->setStyle(render::TrackStyle::forLook(k));
            view3d->update();
        });
    }
    QAction* handles = withId(view->addAction(tr("Control &Points")), "viewHandles");
    handles->setCheckable(true);
    handles->setChecked(true);
    connect(handles, &QAction::toggled, w, [=](bool on) {
        scene->setHandlesVisible(on);
        view3d->update();
    });
    QAction* gizmo = withId(view->addAction(tr("Frame &Gizmo at Selection")), "viewGizmo");
    gizmo->setCheckable(true);
    gizmo->setChecked(true);
    auto updateGizmo = [=] {
        const int t = editor->selectedTrack();
        const auto layout = doc->layout();
        if (!gizmo->isChecked() || !layout || t < 0 || t >= int(layout->trackCount()))
            return scene->setGizmo(-1, 0);
        scene->setGizmo(t, 0.5 * layout->track(std::size_t(t)).length());
        view3d->update();
    };
    connect(gizmo, &QAction::toggled, w, updateGizmo);
    connect(editor, &EditController::selectionChanged, w, updateGizmo);
    // a click on a track: the gizmo goes to that s (the status bar tells what the track does there:
    // ui/window/StatusReadouts.h)
    connect(editor, &EditController::trackClicked, w, [=](int t, double s) {
        if (gizmo->isChecked()) scene->setGizmo(t, s);
        view3d->update();
    });

    QMenu* sim = w->menuBar()->addMenu(tr("&Simulation"));
    QAction* run = withId(sim->addAction(tr("&Run")), "simRun");
    run->setCheckable(true);
    run->setShortcut(QKeySequence(Qt::Key_Space));
    connect(run, &QAction::toggled, simulation, &SimulationController::setRunning);
    connect(simulation, &SimulationController::runningChanged, run, &QAction::setChecked);
    QAction* step = withId(sim->addAction(tr("S&tep"), QKeySequence(Qt::Key_Period), simulation,
                                          &SimulationController::stepOnce),
                           "simStep");
    QAction* reset = withId(sim->addAction(tr("R&eset"), QKeySequence(Qt::CTRL | Qt::Key_R), simulation,
                                           &SimulationController::reload),
                            "simReset");
    QMenu* rate = sim->addMenu(tr("Simulation &Speed"));
    auto* rateGroup = new QActionGroup(w);
    for (const auto& [name, r, id] : {std::tuple{tr("Slow Motion (¼×)"), 0.25, "rateSlow"},
                                      {tr("Real Time"), 1.0, "rateReal"},
                                      {tr("Fast (4×)"), 4.0, "rateFast"}}) {
        QAction* a = withId(rate->addAction(name), id);
        a->setCheckable(true);
        a->setChecked(r == 1.0);
        rateGroup->addAction(a);
        const double rr = r;
        connect(a, &QAction::triggered, w, [=] { simulation->setRate(rr); });
    }
    addRunOptions(sim, simulation, w); // stop at the first derailment; fork questions and notices
    sim->addSeparator();
    withId(sim->addAction(tr("Throttle Up"), QKeySequence(Qt::Key_Q), w, [=] { drive->nudgeThrottle(10); }),
           "simThrottleUp");
    withId(
        sim->addAction(tr("Throttle Down"), QKeySequence(Qt::Key_A), w, [=] { drive->nudgeThrottle(-10); }),
        "simThrottleDown");
    withId(sim->addAction(tr("Brake On"), QKeySequence(Qt::Key_W), w, [=] { drive->nudgeBrake(10); }),
           "simBrakeOn");
    withId(sim->addAction(tr("Brake Off"), QKeySequence(Qt::Key_S), w, [=] { drive->nudgeBrake(-10); }),
           "simBrakeOff");
    sim->addSeparator();
    QAction* uncouple =
        sim->addAction(tr("&Uncouple Behind"), QKeySequence(Qt::Key_U), w, &MainWindow::uncoupleBehind);
    uncouple->setObjectName("uncoupleBehind");
    uncouple->setStatusTip(tr("Uncouple the selected car's train behind that car: the cars behind become a "
                              "train of their own, at rest with the brakes on"));
    QToolBar* bar = w->addToolBar(tr("Simulation"));
    bar->setObjectName("simulationToolBar");
    bar->addAction(run);
    bar->addAction(step);
    bar->addAction(reset);

    QMenu* help = w->menuBar()->addMenu(tr("&Help"));
    addHelpActions(help, w, files);
    withId(help->addAction(tr("&About TrackLab"), w, &MainWindow::showAbout), "helpAbout");
}

void MainMenus::updateRecentMenu() {
    FileManager* files = m_window->files();
    m_recentMenu->clear();
    const QStringList recent = files->recentFiles();
    for (const QString& f : recent) {
        QAction* a = withId(m_recentMenu->addAction(QFileInfo(f).fileName(), m_window,
                                                    [files, f] {
                                                        if (files->maybeSave()) files->open(f);
                                                    }),
                            "fileRecent");
        a->setToolTip(f);
        a->setStatusTip(tr("Open %1").arg(f));
        a->setIcon(m_window->style()->standardIcon(QStyle::SP_FileIcon));
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace tl::ui
