#include "ui/MainWindow.h"

#include "app/info/LibraryVersions.h"
#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/VehicleNodes.h"
#include "ui/ActionDecor.h"
#include "ui/FirstView.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/document/Document.h"
#include "ui/document/FileManager.h"
#include "ui/edit/EditController.h"
#include "ui/panels/ForceKeysEditor.h"
#include "ui/panels/OutlinerPanel.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/panels/TwistEditor.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/RunClicks.h"
#include "ui/sim/RunEvents.h"
#include "ui/sim/SignalLamps.h"
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
#include "ui/window/MainMenus.h"
#include "ui/window/StatusReadouts.h"
#include "ui/window/WindowSettings.h"

#include <QApplication>
#include <QCloseEvent>
#include <QMessageBox>
#include <QStatusBar>

#include <algorithm>
#include <cmath>

namespace tl::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_doc(new Document(this)), m_scene(std::make_unique<render::LayoutScene>()),
      m_vehicles(std::make_unique<render::VehicleNodes>()) {
    resize(1400, 900);
    m_files = new FileManager(m_doc, this);
    m_view = new OsgViewWidget(this);
    m_scene->root()->addChild(m_vehicles->root());
    m_view->setSceneData(m_scene->root());
    setCentralWidget(m_view);
    m_hud = new DriverHud(m_view);
    auto* legend = new OverlayLegendWidget(m_view); // the track colour overlay's legend
    m_scene->setOverlayObserver([legend](const render::OverlayOptions& o) { legend->setOverlay(o); });
    m_editor = new EditController(m_doc, m_scene.get(), m_view, this);

    // the docks and their panels (ui/window/MainDocks.h)
    m_docks = new MainDocks(this, m_doc, m_scene.get(), m_view, m_vehicles.get(), m_editor);
    m_outliner = m_docks->outliner();
    m_properties = m_docks->properties();
    m_twist = m_docks->twist();
    m_sim = m_docks->simulation();
    m_plot = m_docks->plot();
    m_events = m_docks->events();
    m_drive = m_docks->drive();
    m_checks = m_docks->checks();
    m_timeline = m_docks->timeline();
    m_menus = new MainMenus(this); // (ui/window/MainMenus.h)
    // the track tools see the 3D view's mouse first and hand the rest to the editor
    m_design = new DesignTools(m_doc, m_scene.get(), m_view, m_editor, this);
    m_view->setTool(m_design);
    m_docks->addTrackTools(m_design->panel());
    connect(m_design, &DesignTools::status, this,
            [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    // the signal tool (Track > Signal): its selection in the Properties dock, its messages in the status bar
    SignalTool* signalTool = m_design->signalTool();
    connect(signalTool, &SignalTool::status, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(signalTool, &SignalTool::selectionChanged, m_properties, &PropertyPanel::setSignal);
    // during a run, clicks on switches and route entry signals act on the run (ui/sim/RunClicks.h)
    auto* runClicks = new RunClicks(m_scene.get(), m_view, m_sim, this);
    m_design->setRunClicks(runClicks);
    connect(runClicks, &RunClicks::status, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    // before restoreState(): the notes dock and the first-start arrangement
    m_first = new FirstView(this, m_docks);
    decorateActions(this);
    m_status = new StatusReadouts(statusBar(), m_doc, m_editor, m_sim); // (ui/window/StatusReadouts.h)
    m_status->setTrackNote([this](int t, double s) { return m_menus->colours()->estimateAt(t, s); });
    m_ride = new CameraRide(m_view, m_hud, m_sim, m_drive, this); // (ui/window/CameraRide.h)
    connect(m_ride, &CameraRide::ridingChanged, m_first, &FirstView::setRidingCamera);
    m_settings = new WindowSettings(this, m_files); // (ui/window/WindowSettings.h)

    connect(m_doc, &Document::changed, this, &MainWindow::onLayoutChanged);
    connect(m_doc, &Document::fileStateChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &Document::formatUpgraded, this,
            [this](const QString& m) { statusBar()->showMessage(m, 15000); });
    connect(m_files, &FileManager::error, this, &MainWindow::showError);
    connect(m_files, &FileManager::recentFilesChanged, m_menus, &MainMenus::updateRecentMenu);
    connect(m_editor, &EditController::status, this,
            [this](const QString& m) { statusBar()->showMessage(m, 4000); });
    connect(m_editor, &EditController::selectionChanged, this, [this](int track, int point) {
        m_outliner->setSelectedTrack(track);
        m_properties->setSelection(track, point);
        m_twist->setTrack(track);
        m_docks->forceKeys()->setTrack(track);
        if (track >= 0) m_design->signalTool()->select(-1); // one selection: a track or a signal
    });
    connect(m_outliner, &OutlinerPanel::trackActivated, this, [this](int t) {
        m_editor->select(t, -1);
        frameSelected();
    });
    connect(m_sim, &SimulationController::error, this, &MainWindow::showError);
    connect(m_sim, &SimulationController::advanced, this, &MainWindow::onSimulationAdvanced);
    connect(m_sim, &SimulationController::staleChanged, this, &MainWindow::onSimulationAdvanced);
    connect(m_sim, &SimulationController::simulationReset, this, [this] {
        m_scene->setBodyBoxes(m_sim->bodyBoxes()); // (a turntable's deck, a ferry's hull)
        m_scene->setBodyPoses(m_sim->bodyPoses());
        m_plot->sourcesChanged();
        m_scene->setEventMarker(Vec3::Constant(std::nan("")));
        m_selectedPart = -1;
    });
    connect(m_events, &EventLog::eventSelected, this, &MainWindow::inspectEvent);
    connect(m_editor, &EditController::vehiclePartPicked, this, &MainWindow::selectVehiclePart);
    m_editor->setVehicles(m_vehicles.get());
    m_plot->sourcesChanged();

    m_settings->restore();
    m_first->hideDocksWithoutContent(); // the restored layout places them; content shows them
    updateTitle();
    m_menus->updateRecentMenu();
    onLayoutChanged(design::LayoutChange::everything());
}

MainWindow::~MainWindow() {
    m_view->setTool(nullptr);
    // the checks panel takes its overlay and signs off the scene when it hides or dies: while it still can
    delete m_checks;
    m_checks = nullptr;
    // children die after this body: their signals must not reach this half-destroyed window
    m_doc->disconnect(this);
    m_sim->disconnect(this);
    m_sim->setRunning(false);
}

void MainWindow::onLayoutChanged(const design::LayoutChange& change) {
    // (a drag step draws the dragged track as a ribbon; the drag's end builds its full mesh)
    const int rebuilt = m_scene->setLayout(m_doc->layout(), &m_doc->validation(), change.interim);
    m_scene->setSignalAspects(signalLamps(m_sim->shown(), m_scene->layout())); // (rebuilt signals are unlit)
    m_status->showLayout(rebuilt, change.interim);
    const auto layout = m_doc->layout();
    if (m_editor->selectedTrack() >= int(layout ? layout->trackCount() : 0)) m_editor->select(-1, -1);
    m_view->update();
}

void MainWindow::onSimulationAdvanced() {
    m_status->showTime();
    m_plot->dataChanged();
    if (m_sim->isScrubbing()) {
        m_plot->setFollow(false);
        m_plot->setCursorTime(m_sim->shownTime());
    } else if (m_sim->isRunning()) {
        m_plot->setFollow(true);
        m_plot->setCursorTime(std::nan(""));
    }
    m_ride->ride(); // the follow and cab cameras, the HUD
    m_scene->setSignalAspects(signalLamps(m_sim->shown(), m_scene->layout())); // (ui/sim/SignalLamps.h)
    m_view->update();
}

void MainWindow::setCamera(Camera c) {
    m_ride->setMode(c);
    onSimulationAdvanced();
}

// The train of the selected car (a car body or bogie picked in the view) parts behind that car.
void MainWindow::uncoupleBehind() {
    const VehiclePart* p = m_selectedPart >= 0 && m_selectedPart < int(m_sim->parts().size())
                               ? &m_sim->parts()[std::size_t(m_selectedPart)]
                               : nullptr;
    if (!p || p->kind == VehiclePart::Vehicle || p->train < 0) {
        statusBar()->showMessage(tr("Select a car first (click it in the view), then Uncouple Behind"), 8000);
        return;
    }
    const QString id = QString::fromStdString(m_sim->shown()->view().trainInfo(p->train).id);
    const int train = p->train, car = p->car;
    if (const QString error = m_sim->uncouple(train, car); !error.isEmpty()) {
        statusBar()->showMessage(tr("Not uncoupled: %1").arg(error), 8000);
        return;
    }
    statusBar()->showMessage(tr("%1 uncoupled behind car %2: the cars behind are train %3")
                                 .arg(id)
                                 .arg(car + 1)
                                 .arg(QString::fromStdString(m_sim->shown()->view().trainInfo(train + 1).id)),
                             8000);
}

void MainWindow::selectVehiclePart(int part) {
    m_selectedPart = part;
    m_vehicles->setHighlighted(part);
    if (part < 0 || part >= int(m_sim->parts().size())) return;
    const VehiclePart& p = m_sim->parts()[std::size_t(part)];
    // plot the picked bogie (a car body picks its first bogie)
    for (int i = 0; i < m_sim->history().sourceCount(); ++i) {
        const HistorySource& h = m_sim->history().source(i);
        const bool match = p.kind == VehiclePart::Vehicle
                               ? h.vehicle == p.vehicle
                               : h.origin == p.origin && h.bogie == std::max(0, p.bogie);
        if (match) {
            m_plot->setSource(i);
            statusBar()->showMessage(tr("Plotting %1").arg(h.name), 3000);
            break;
        }
    }
    m_view->update();
}

void MainWindow::inspectEvent(const RunEvent& event) {
    const Simulation* live = m_sim->simulation();
    if (!live || event.index < 0) return;
    const EventPlace e = eventPlace(live->view(), event);
    const auto layout = m_doc->layout();
    if (e.track >= 0 && e.track < int(layout->trackCount())) {
        const Vec3 place = layout->frameInWorld(std::size_t(e.track), e.s).F.P;
        m_scene->setEventMarker(place);
        flyCameraTo(m_view, render::toOsg(place), 150.0); // keep the viewing direction, come closer
    }
    // the timeline and the plots jump to the event
    const std::int64_t step = std::llround(e.t / live->dt());
    m_sim->scrubTo(step);
    m_timeline->showStep(step);
    const bool train = event.kind != RunEvent::Kind::AspectChange; // (an aspect change is a signal's)
    for (int i = 0; train && i < m_sim->history().sourceCount(); ++i) {
        const HistorySource& h = m_sim->history().source(i);
        if (h.train == e.train && h.car == e.car && h.bogie == e.bogie) m_plot->setSource(i);
    }
    m_plot->setFollow(false);
    m_plot->setCursorTime(e.t);
}

void MainWindow::colourByPeakYQ() {
    m_menus->colours()->colourByPeakYQ();
}

void MainWindow::frameAll() {
    m_first->frameAll();
}

void MainWindow::setPersistent(bool on) {
    m_settings->setPersistent(on);
}

void MainWindow::frameSelected() {
    const int t = m_editor->selectedTrack();
    const auto layout = m_doc->layout();
    if (!layout || t < 0 || t >= int(layout->trackCount())) return frameAll();
    osg::Vec3d centre;
    double radius = 10.0;
    if (m_editor->selectedPoint() >= 0) {
        centre = render::toOsg(m_scene->handlePosition(t, m_editor->selectedPoint()));
    } else {
        const Track& track = layout->track(std::size_t(t));
        osg::BoundingSphere bs;
        for (int i = 0; i <= 16; ++i)
            bs.expandBy(render::toOsg(layout->frameInWorld(std::size_t(t), track.length() * i / 16).F.P));
        centre = bs.center();
        radius = std::max(10.0, double(bs.radius()));
    }
    const osg::Vec3d eye = centre + osg::Vec3d(-0.5, -1.3, 0.9) * (1.8 * radius);
    m_view->manipulator()->setTransformation(eye, centre, osg::Vec3d(0, 0, 1));
    m_view->update();
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] — TrackLab").arg(m_doc->displayName()));
    setWindowModified(m_doc->isModified());
}

void MainWindow::showError(const QString& message) {
    m_lastMessage = message;
    statusBar()->showMessage(message, 10000);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("TrackLab"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal but non-blocking
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!m_files->maybeSave()) {
        e->ignore();
        return;
    }
    m_sim->setRunning(false);
    m_settings->save();
    e->accept();
}

QString MainWindow::aboutText() {
    return tr("TrackLab %1\n\nQt %2\n%3")
        .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion()),
             QString::fromStdString(libraryVersionLines()));
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About TrackLab"), aboutText());
}

} // namespace tl::ui
