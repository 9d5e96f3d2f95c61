#include "ui/panels/NextSteps.h"

#include "physics/sim/Simulation.h"
#include "ui/MainWindow.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/RunEvents.h"
#include "ui/sim/SimulationController.h"
#include "ui/view/OsgViewWidget.h"

#include <QDockWidget>
#include <QSlider>
#include <QStatusBar>

namespace tl::ui {

NextSteps::NextSteps(MainWindow* window) : QObject(window), m_window(window) {}

void NextSteps::showDock(MainDocks::Dock which) {
    if (QDockWidget* d = m_window->docks()->dock(which)) {
        d->show();
        d->raise();
    }
}

void NextSteps::drive() {
    SimulationController* sim = m_window->simulation();
    if (sim->isScrubbing()) sim->returnToLive();
    showDock(MainDocks::Dock::Drive);
    m_window->setCamera(MainWindow::Camera::Follow);
    sim->setRate(1.0);
    sim->setRunning(true);
    m_window->view()->setFocus(); // the driving keys act on the 3D view
    m_window->statusBar()->showMessage(
        tr("Driving: Q/A throttle up/down, W/S brake on/off, Space pauses, F7 cab view, F5 frees the camera"),
        15000);
}

void NextSteps::edit() {
    const auto layout = m_window->document()->layout();
    if (!layout || layout->trackCount() == 0) return;
    m_window->simulation()->setRunning(false);
    m_window->setCamera(MainWindow::Camera::Free);
    // a spline track shows control points to drag; otherwise the first track (its start handle)
    int track = 0;
    for (std::size_t i = 0; i < layout->trackCount(); ++i)
        if (layout->spec().tracks[i].curve.type == "spline" && !layout->track(i).heartline()) {
            track = int(i);
            break;
        }
    m_window->editor()->select(track, -1);
    m_window->frameSelected();
    showDock(MainDocks::Dock::Properties);
    m_window->view()->setFocus();
    m_window->statusBar()->showMessage(
        tr("Editing %1: drag a yellow point (Shift: up/down, Ctrl: 1 m grid), double-click the track to add "
           "one, Delete removes it; Ctrl+Z undoes")
            .arg(QString::fromStdString(layout->track(std::size_t(track)).id())),
        20000);
}

void NextSteps::inspectDerailment() {
    MainWindow* w = m_window;
    SimulationController* sim = w->simulation();
    disconnect(m_waitDerail);
    disconnect(m_waitTime);
    sim->reset();
    if (!sim->simulation() || sim->simulation()->view().trainCount() == 0) {
        w->statusBar()->showMessage(tr("This layout has no train to derail."), 8000);
        return;
    }
    w->setCamera(MainWindow::Camera::Free);
    showDock(MainDocks::Dock::Drive);
    w->drive()->throttleSlider()->setValue(100);
    w->drive()->brakeSlider()->setValue(0);
    sim->setRate(0.0); // as fast as possible
    w->statusBar()->showMessage(tr("Driving at full throttle until something derails…"));
    m_waitDerail = connect(sim, &SimulationController::derailed, this, [this, w, sim](int event) {
        disconnect(m_waitDerail);
        disconnect(m_waitTime);
        sim->setRunning(false);
        sim->setRate(1.0);
        showDock(MainDocks::Dock::Events);
        w->inspectEvent(RunEvent{RunEvent::Kind::Derailment, event});
    });
    m_waitTime = connect(sim, &SimulationController::advanced, this, [this, w, sim](double t) {
        if (t < derailmentSearchSeconds) return;
        disconnect(m_waitDerail);
        disconnect(m_waitTime);
        sim->setRunning(false);
        sim->setRate(1.0);
        w->statusBar()->showMessage(
            tr("No derailment in %1 s at full throttle: this layout holds its trains.").arg(t, 0, 'f', 0),
            15000);
    });
    sim->setRunning(true);
}

} // namespace tl::ui
