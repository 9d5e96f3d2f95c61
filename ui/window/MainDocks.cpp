#include "ui/window/MainDocks.h"

#include "render/scene/LayoutScene.h"
#include "ui/checks/ChecksPanel.h"
#include "ui/document/Document.h"
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
#include <QScrollArea>
#include <QToolBar>
#include <QUndoView>
#include <QVBoxLayout>

namespace tl::ui {

MainDocks::MainDocks(QMainWindow* w, Document* doc, render::LayoutScene* scene, OsgViewWidget* view,
                     render::VehicleNodes* vehicles, EditController* editor)
    : QObject(w), m_window(w) {
    auto dock = [w](const QString& title, const char* name, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, w);
        d->setObjectName(name);
        d->setWidget(content);
        w->addDockWidget(area, d);
        return d;
    };
    m_outliner = new OutlinerPanel(doc, w);
    dock(tr("Outliner"), "outlinerDock", m_outliner, Qt::LeftDockWidgetArea);
    m_properties = new PropertyPanel(doc, w);
    auto* props = dock(tr("Properties"), "propertiesDock", m_properties, Qt::RightDockWidgetArea);
    auto* history =
        dock(tr("History"), "historyDock", new QUndoView(doc->undoStack(), w), Qt::RightDockWidgetArea);
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
    auto* twist = dock(tr("Twist profile"), "twistDock", m_twist, Qt::BottomDockWidgetArea);
    m_sim = new SimulationController(doc, vehicles, w);
    QObject::connect(m_sim, &SimulationController::bodiesMoved, w, [this, scene, view] {
        scene->setBodyPoses(m_sim->bodyPoses()); // tracks on a turntable drawn where it has turned
        view->update();
    });
    m_plot = new TelemetryPlot(&m_sim->history(), w);
    auto* plot = dock(tr("Live plot"), "plotDock", m_plot, Qt::BottomDockWidgetArea);
    w->tabifyDockWidget(twist, plot);
    m_events = new EventLog(m_sim, w);
    auto* eventPanel = new QWidget(w); // the filters above the list
    auto* eventColumn = new QVBoxLayout(eventPanel);
    eventColumn->setContentsMargins(0, 0, 0, 0);
    eventColumn->setSpacing(0);
    eventColumn->addWidget(m_events->filterBar());
    eventColumn->addWidget(m_events, 1);
    auto* events = dock(tr("Events"), "eventsDock", eventPanel, Qt::BottomDockWidgetArea);
    w->tabifyDockWidget(plot, events);
    // show what matters now: the plot when a run starts, the list when something derails or collides
    QObject::connect(m_sim, &SimulationController::runningChanged, plot, [plot](bool on) {
        if (on) plot->raise();
    });
    QObject::connect(m_sim, &SimulationController::derailed, events, [events] { events->raise(); });
    QObject::connect(m_sim, &SimulationController::collided, events, [events] { events->raise(); });
    twist->raise();
    m_drive = new DrivePanel(m_sim, w);
    auto* drive = dock(tr("Drive"), "driveDock", m_drive, Qt::RightDockWidgetArea);
    w->splitDockWidget(props, drive, Qt::Vertical);
    m_checks = new ChecksPanel(doc, scene, view, editor, w);
    // in a scroll area: its tables and legend must not raise the window's minimum height
    auto* checksScroll = new QScrollArea(w);
    checksScroll->setWidgetResizable(true);
    checksScroll->setFrameShape(QFrame::NoFrame);
    checksScroll->setWidget(m_checks);
    auto* checks = dock(tr("Checks"), "checksDock", checksScroll, Qt::BottomDockWidgetArea);
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
    tools->setWidget(panel);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, tools);
}

} // namespace tl::ui
