#include "ui/FirstView.h"

#include "render/OsgConvert.h"
#include "render/scene/LayoutScene.h"
#include "render/scene/TrainMarkers.h"
#include "ui/ActionDecor.h"
#include "ui/MainWindow.h"
#include "ui/document/Document.h"
#include "ui/edit/EditController.h"
#include "ui/panels/NextSteps.h"
#include "ui/panels/NotesPanel.h"
#include "ui/sim/RunEvents.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TrainLabels.h"
#include "ui/view/OsgViewWidget.h"
#include "ui/view/ViewFramer.h"
#include "ui/window/MainDocks.h"

#include "physics/sim/Simulation.h"

#include <QAction>
#include <QDockWidget>
#include <QToolBar>

#include <algorithm>

namespace tl::ui {

namespace {
// track t of the open layout is a force section (its laws have a dock of their own)
bool isForceSection(MainWindow* w, int t) {
    const LayoutSpec& spec = w->document()->spec();
    return t >= 0 && t < int(spec.tracks.size()) && spec.tracks[std::size_t(t)].curve.type == "force";
}
} // namespace

FirstView::FirstView(MainWindow* window, MainDocks* docks)
    : QObject(window), m_window(window), m_docks(docks) {
    m_labels = new TrainLabels(window->simulation(), window->scene()->root(), this);
    m_framer = new ViewFramer(window->view());
    m_steps = new NextSteps(window);
    m_notes = new NotesPanel(window->document(), window);
    m_notesDock = new QDockWidget(tr("Notes"), window);
    m_notesDock->setObjectName("notesDock");
    m_notesDock->setWidget(m_notes);
    window->addDockWidget(Qt::RightDockWidgetArea, m_notesDock);
    connect(m_notes, &NotesPanel::driveRequested, m_steps, &NextSteps::drive);
    connect(m_notes, &NotesPanel::editRequested, m_steps, &NextSteps::edit);
    connect(m_notes, &NotesPanel::derailmentRequested, m_steps, &NextSteps::inspectDerailment);
    // a layout opened (or New): frame it, and show its notes if it has any
    connect(window->document(), &Document::replaced, this, [this] {
        frameAll();
        if (m_notes->hasContent()) {
            m_notesDock->show();
            m_notesDock->raise();
        }
    });
    docks->arrangeFirstStart(m_notesDock); // (ui/window/MainDocks.h)
    showDocksWithContent();
    addMainToolBar();
}

void FirstView::addMainToolBar() {
    // the actions a first hour needs, as icons (their tooltips name the shortcuts)
    QToolBar* bar = new QToolBar(tr("Main"), m_window);
    bar->setObjectName("mainToolBar");
    // by id (ui/ActionDecor.h): texts are translated, and the undo action's changes with the command
    const QStringList groups[] = {{"fileOpen", "fileSave", "editUndo", "editRedo"},
                                  {"viewFrameAll", "cameraFree", "cameraFollow", "cameraCab"},
                                  {"helpGuide"}};
    for (const QStringList& group : groups) {
        if (!bar->actions().isEmpty()) bar->addSeparator();
        for (const QString& id : group)
            if (auto* a = m_window->findChild<QAction*>(id)) bar->addAction(a);
    }
    m_window->insertToolBar(m_window->findChild<QToolBar*>("simulationToolBar"), bar);
}

void FirstView::showDocksWithContent() {
    using Dock = MainDocks::Dock;
    MainWindow* w = m_window;
    auto showOnce = [docks = m_docks](Dock which, bool raise) {
        QDockWidget* d = docks->dock(which);
        if (!d) return;
        if (d->isHidden()) {
            d->show();
            d->raise();
        } else if (raise) {
            d->raise();
        }
    };
    connect(w->editor(), &EditController::selectionChanged, this, [w, showOnce](int track, int) {
        if (track < 0) return;
        showOnce(Dock::Twist, false);
        showOnce(Dock::Properties, false);
        showOnce(Dock::TrackTools, false);
        if (isForceSection(w, track)) showOnce(Dock::ForceKeys, true); // its laws, in front of the twist
    });
    connect(w->document(), &Document::replaced, this, [w, showOnce] {
        if (!w->document()->layout() || w->document()->layout()->trackCount() == 0)
            showOnce(Dock::TrackTools, true); // File > New: the first thing to do is to place a track
    });
    connect(w->simulation(), &SimulationController::runningChanged, this, [showOnce](bool on) {
        if (on) showOnce(Dock::Plot, true);
    });
    connect(w->simulation(), &SimulationController::derailed, this,
            [showOnce] { showOnce(Dock::Events, true); });
    connect(w->simulation(), &SimulationController::collided, this,
            [showOnce] { showOnce(Dock::Events, true); });
    connect(w->simulation(), &SimulationController::stoppedAtEvent, this, // (a SPAD too)
            [showOnce] { showOnce(Dock::Events, true); });
}

void FirstView::hideDocksWithoutContent() {
    MainWindow* w = m_window;
    const bool selection = w->editor()->selectedTrack() >= 0;
    const bool run = w->simulation()->simulation() && w->simulation()->simulation()->time() > 0;
    const bool events =
        w->simulation()->simulation() && stoppingEvents(w->simulation()->simulation()->view()) > 0;
    const std::pair<MainDocks::Dock, bool> docks[] = {
        {MainDocks::Dock::Twist, selection},
        {MainDocks::Dock::ForceKeys, isForceSection(w, w->editor()->selectedTrack())},
        {MainDocks::Dock::Plot, run},
        {MainDocks::Dock::Events, events},
        {MainDocks::Dock::TrackTools,
         selection || !w->document()->layout() || w->document()->layout()->trackCount() == 0}};
    for (const auto& [which, content] : docks)
        if (QDockWidget* d = m_docks->dock(which); d && !content) d->hide();
}

void FirstView::frameAll() {
    std::vector<osg::Vec3d> points;
    if (const auto layout = m_window->document()->layout()) {
        for (std::size_t i = 0; i < layout->trackCount(); ++i) {
            const double L = layout->track(i).length();
            const int n = std::max(2, int(L / 10.0));
            for (int k = 0; k <= n; ++k)
                points.push_back(render::toOsg(layout->frameInWorld(i, L * k / n).F.P));
        }
    }
    m_framer->frame(points);
}

void FirstView::setRidingCamera(bool riding) {
    m_labels->markers().setVisible(!riding);
    m_window->scene()->setHandlesSuppressed(riding);
    m_window->scene()->setMarkersVisible(!riding); // joint markers would sit in front of the cab
}

} // namespace tl::ui
