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

#include "physics/sim/Simulation.h"

#include <QAction>
#include <QDockWidget>
#include <QScreen>
#include <QScrollArea>
#include <QToolBar>

#include <algorithm>

namespace tl::ui {

FirstView::FirstView(MainWindow* window) : QObject(window), m_window(window) {
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
    arrangeDocks();
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

void FirstView::arrangeDocks() {
    MainWindow* w = m_window;
    auto dock = [w](const char* name) { return w->findChild<QDockWidget*>(name); };
    QDockWidget* outliner = dock("outlinerDock");
    QDockWidget* drive = dock("driveDock");
    // one column on the right: the notes over the driver's desk (never behind a tab), the outliner,
    // properties and history as tabs beside the notes; the bottom docks wait for content. (Split first:
    // a dock split from a tabbed one would become another tab.)
    if (drive) w->splitDockWidget(m_notesDock, drive, Qt::Vertical);
    if (outliner) w->tabifyDockWidget(m_notesDock, outliner);
    for (const char* name : {"propertiesDock", "historyDock"})
        if (QDockWidget* d = dock(name)) {
            w->tabifyDockWidget(m_notesDock, d);
            d->hide();
        }
    // the track tools wait for a selected track (they append at its free end) or an empty layout
    for (const char* name : {"twistDock", "plotDock", "eventsDock", "trackToolsDock"})
        if (QDockWidget* d = dock(name)) d->hide();
    m_notesDock->raise();
    // charts and forms keep their size inside a scroll area: a 1280 x 720 screen holds every dock
    for (const char* name : {"twistDock", "plotDock", "propertiesDock", "driveDock"})
        if (QDockWidget* d = dock(name); d && d->widget()) {
            auto* scroll = new QScrollArea(d);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWidgetResizable(true);
            scroll->setMinimumHeight(90);
            scroll->setWidget(d->widget());
            d->setWidget(scroll);
        }
    // the window fits the screen (a 1280 x 720 laptop); larger screens get 1400 x 900
    const QSize avail = w->screen()->availableSize();
    w->resize(std::min(1400, avail.width()), std::min(900, avail.height()));
    w->resizeDocks({m_notesDock}, {300}, Qt::Horizontal);
    if (drive) w->resizeDocks({m_notesDock, drive}, {520, 260}, Qt::Vertical);
}

void FirstView::showDocksWithContent() {
    MainWindow* w = m_window;
    auto showOnce = [w](const char* name, bool raise) {
        QDockWidget* d = w->findChild<QDockWidget*>(name);
        if (!d) return;
        if (d->isHidden()) {
            d->show();
            d->raise();
        } else if (raise) {
            d->raise();
        }
    };
    connect(w->editor(), &EditController::selectionChanged, this, [showOnce](int track, int) {
        if (track < 0) return;
        showOnce("twistDock", false);
        showOnce("propertiesDock", false);
        showOnce("trackToolsDock", false);
    });
    connect(w->document(), &Document::replaced, this, [w, showOnce] {
        if (!w->document()->layout() || w->document()->layout()->trackCount() == 0)
            showOnce("trackToolsDock", true); // File > New: the first thing to do is to place a track
    });
    connect(w->simulation(), &SimulationController::runningChanged, this, [showOnce](bool on) {
        if (on) showOnce("plotDock", true);
    });
    connect(w->simulation(), &SimulationController::derailed, this,
            [showOnce] { showOnce("eventsDock", true); });
    connect(w->simulation(), &SimulationController::collided, this,
            [showOnce] { showOnce("eventsDock", true); });
}

void FirstView::hideDocksWithoutContent() {
    MainWindow* w = m_window;
    const bool selection = w->editor()->selectedTrack() >= 0;
    const bool run = w->simulation()->simulation() && w->simulation()->simulation()->time() > 0;
    const bool events =
        w->simulation()->simulation() && stoppingEvents(w->simulation()->simulation()->view()) > 0;
    const std::pair<const char*, bool> docks[] = {
        {"twistDock", selection},
        {"plotDock", run},
        {"eventsDock", events},
        {"trackToolsDock",
         selection || !w->document()->layout() || w->document()->layout()->trackCount() == 0}};
    for (const auto& [name, content] : docks)
        if (QDockWidget* d = w->findChild<QDockWidget*>(name); d && !content) d->hide();
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
