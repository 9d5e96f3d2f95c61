#include "ui/window/MainDocks.h"

#include "render/scene/LayoutScene.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/document/Document.h"
#include "ui/panels/ForceKeysEditor.h"
#include "ui/panels/OutlinerPanel.h"
#include "ui/panels/PropertyPanel.h"
#include "ui/panels/TwistEditor.h"
#include "ui/plots/TelemetryPlot.h"
#include "ui/sim/DrivePanel.h"
#include "ui/sim/EventLog.h"
#include "ui/sim/SimulationController.h"
#include "ui/sim/TimelineBar.h"
#include "ui/view/OsgViewWidget.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScreen>
#include <QScrollArea>
#include <QToolBar>
#include <QUndoView>
#include <QVBoxLayout>

#include <algorithm>

namespace tl::ui {

MainDocks::MainDocks(QMainWindow* w, Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                     render::VehicleNodes* vehicles, EditController* editor)
    : QObject(w), m_window(w) {
    auto dock = [this, w](Dock which, const QString& title, const char* name, QWidget* content,
                          Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, w);
        d->setObjectName(name);
        d->setWidget(content);
        w->addDockWidget(area, d);
        m_docks[std::size_t(which)] = d;
        return d;
    };
    m_outliner = new OutlinerPanel(doc, w);
    dock(Dock::Outliner, tr("Outliner"), "outlinerDock", m_outliner, Qt::LeftDockWidgetArea);
    m_properties = new PropertyPanel(doc, w);
    auto* props =
        dock(Dock::Properties, tr("Properties"), "propertiesDock", m_properties, Qt::RightDockWidgetArea);
    auto* history = dock(Dock::History, tr("History"), "historyDock", new QUndoView(doc->undoStack(), w),
                         Qt::RightDockWidgetArea);
    w->tabifyDockWidget(props, history);
    props->raise();
    m_twist = new TwistEditor(doc, w);
    QObject::connect(m_twist, &TwistEditor::speedChanged, w,
                     [scene, view](double v) { // the overlay follows its speed
                         render::OverlayOptions o = scene->overlay();
                         if (o.overlay != render::TrackOverlay::CantDeficiency || o.speed == v) return;
                         o.speed = v;
                         scene->setOverlay(o);
                         view->update();
                     });
    auto* twist = dock(Dock::Twist, tr("Twist profile"), "twistDock", m_twist, Qt::BottomDockWidgetArea);
    // a force section's laws as graphs (View > Force Keys), a tab beside the twist profile
    m_forceKeys = new ForceKeysEditor(doc, w);
    auto* forceKeys =
        dock(Dock::ForceKeys, tr("Force keys"), "forceKeysDock", m_forceKeys, Qt::BottomDockWidgetArea);
    w->tabifyDockWidget(twist, forceKeys);
    m_sim = new SimulationController(doc, vehicles, w);
    QObject::connect(m_sim, &SimulationController::bodiesMoved, w, [this, scene, view] {
        scene->setBodyPoses(m_sim->bodyPoses()); // tracks on a turntable drawn where it has turned
        view->update();
    });
    m_plot = new TelemetryPlot(&m_sim->history(), w);
    auto* plot = dock(Dock::Plot, tr("Live plot"), "plotDock", m_plot, Qt::BottomDockWidgetArea);
    w->tabifyDockWidget(twist, plot);
    m_events = new EventLog(m_sim, w);
    auto* eventPanel = new QWidget(w); // the filters above the list
    auto* eventColumn = new QVBoxLayout(eventPanel);
    eventColumn->setContentsMargins(0, 0, 0, 0);
    eventColumn->setSpacing(0);
    eventColumn->addWidget(m_events->filterBar());
    eventColumn->addWidget(m_events, 1);
    auto* events = dock(Dock::Events, tr("Events"), "eventsDock", eventPanel, Qt::BottomDockWidgetArea);
    w->tabifyDockWidget(plot, events);
    // show what matters now: the plot when a run starts, the list when something derails or collides, or the
    // run stops at its first event (a SPAD too)
    QObject::connect(m_sim, &SimulationController::runningChanged, plot, [plot](bool on) {
        if (on) plot->raise();
    });
    QObject::connect(m_sim, &SimulationController::derailed, events, [events] { events->raise(); });
    QObject::connect(m_sim, &SimulationController::collided, events, [events] { events->raise(); });
    QObject::connect(m_sim, &SimulationController::stoppedAtEvent, events, [events] { events->raise(); });
    twist->raise();
    m_drive = new DrivePanel(m_sim, w);
    auto* drive = dock(Dock::Drive, tr("Drive"), "driveDock", m_drive, Qt::RightDockWidgetArea);
    w->splitDockWidget(props, drive, Qt::Vertical);
    m_checks = new ChecksPanel(doc, scene, view, editor, w);
    // in a scroll area: its tables and legend must not raise the window's minimum height
    auto* checksScroll = new QScrollArea(w);
    checksScroll->setWidgetResizable(true);
    checksScroll->setFrameShape(QFrame::NoFrame);
    checksScroll->setWidget(m_checks);
    auto* checks = dock(Dock::Checks, tr("Checks"), "checksDock", checksScroll, Qt::BottomDockWidgetArea);
    w->tabifyDockWidget(events, checks);
    checks->hide(); // View > Design Checks opens it
    m_timeline = new TimelineBar(m_sim, w);
    QToolBar* timeline = new QToolBar(tr("Timeline"), w);
    timeline->setObjectName("timelineToolBar");
    timeline->addWidget(m_timeline);
    w->addToolBar(Qt::BottomToolBarArea, timeline);
}

void MainDocks::addTrackTools(QWidget* panel) {
    auto* tools = new QDockWidget(tr("Track tools"), m_window);
    tools->setObjectName("trackToolsDock");
    // the panel's fields (every piece's, the force section's too) scroll rather than set the window's height
    auto* scroll = new QScrollArea(tools);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(panel);
    tools->setWidget(scroll);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, tools);
    m_docks[std::size_t(Dock::TrackTools)] = tools;
}

void MainDocks::arrangeFirstStart(QDockWidget* notes) {
    QMainWindow* w = m_window;
    QDockWidget* drive = dock(Dock::Drive);
    // one column on the right: the notes over the driver's desk (never behind a tab), the outliner,
    // properties and history as tabs beside the notes; the bottom docks wait for content. (Split first:
    // a dock split from a tabbed one would become another tab.)
    w->splitDockWidget(notes, drive, Qt::Vertical);
    w->tabifyDockWidget(notes, dock(Dock::Outliner));
    for (Dock which : {Dock::Properties, Dock::History}) {
        w->tabifyDockWidget(notes, dock(which));
        dock(which)->hide();
    }
    // the track tools wait for a selected track (they append at its free end) or an empty layout
    for (Dock which : {Dock::Twist, Dock::ForceKeys, Dock::Plot, Dock::Events, Dock::TrackTools})
        if (QDockWidget* d = dock(which)) d->hide();
    notes->raise();
    // charts and forms keep their size inside a scroll area: a 1280 x 720 screen holds every dock
    for (Dock which : {Dock::Twist, Dock::ForceKeys, Dock::Plot, Dock::Properties, Dock::Drive})
        if (QDockWidget* d = dock(which); d->widget()) {
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
    w->resizeDocks({notes}, {300}, Qt::Horizontal);
    w->resizeDocks({notes, drive}, {520, 260}, Qt::Vertical);
}

} // namespace tl::ui
