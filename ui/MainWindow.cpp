#include "ui/MainWindow.h"

#include "physics/demo/PendulumDemo.h"
#include "render/LibraryVersions.h"
#include "render/OsgConvert.h"
#include "render/scene/Environment.h"
#include "render/scene/Shapes.h"
#include "ui/plots/LivePlot.h"
#include "ui/view/OsgViewWidget.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>

#include <cmath>
#include <numbers>

namespace tl::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_demo(std::make_unique<PendulumDemo>()) {
    setWindowTitle(tr("TrackLab"));
    resize(1280, 860);

    m_view = new OsgViewWidget(this);
    setCentralWidget(m_view);

    m_plot = new LivePlot(this);
    m_plot->setValueAxisTitle(tr("value"));
    m_angleSeries = m_plot->addSeries(tr("swing angle [deg]"), QColor(200, 60, 40));
    m_speedSeries = m_plot->addSeries(tr("speed [m/s]"), QColor(40, 90, 200));
    auto* plotDock = new QDockWidget(tr("Live plot"), this);
    plotDock->setObjectName("plotDock");
    plotDock->setWidget(m_plot);
    addDockWidget(Qt::BottomDockWidgetArea, plotDock);

    m_status = new QLabel(this);
    statusBar()->addPermanentWidget(m_status);

    buildScene();
    createActions();

    m_tick.setInterval(16);
    connect(&m_tick, &QTimer::timeout, this, &MainWindow::tick);
    setRunning(true);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildScene() {
    osg::ref_ptr<osg::Group> root = render::createEnvironment({.halfSize = 60.0, .gridSpacing = 5.0});
    root->addChild(render::makePolyline(m_demo->testCurve(), osg::Vec4(0.9f, 0.85f, 0.2f, 1.f), 3.f));
    m_bodyNode = new osg::MatrixTransform;
    const double side = m_demo->params().boxSide;
    m_bodyNode->addChild(render::makeBox(Vec3(side, side, side), osg::Vec4(0.75f, 0.2f, 0.15f, 1.f)));
    m_bodyNode->setMatrix(render::toOsg(m_demo->bodyPose()));
    root->addChild(m_bodyNode);
    m_view->setSceneData(root);
    // frame the swinging body, not the whole ground
    m_view->manipulator()->setHomePosition(osg::Vec3d(-14, -30, 14), osg::Vec3d(0, 0, 5),
                                           osg::Vec3d(0, 0, 1));
    m_view->viewer()->home();
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Home"), QKeySequence(Qt::Key_H), this, [this] {
        m_view->viewer()->home();
        m_view->update();
    });
    view->addAction(tr("&Top"), QKeySequence(Qt::Key_T), m_view, &OsgViewWidget::viewTop);
    view->addAction(tr("&Side"), QKeySequence(Qt::Key_Y), m_view, &OsgViewWidget::viewSide);

    QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
    QAction* run = sim->addAction(tr("&Run"));
    run->setCheckable(true);
    run->setChecked(true);
    run->setShortcut(QKeySequence(Qt::Key_Space));
    connect(run, &QAction::toggled, this, &MainWindow::setRunning);
    QToolBar* bar = addToolBar(tr("Simulation"));
    bar->setObjectName("simulationToolBar");
    bar->addAction(run);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About TrackLab"), this, &MainWindow::showAbout);
}

void MainWindow::setRunning(bool on) {
    if (on == m_tick.isActive()) return;
    if (on) {
        m_clock.start();
        m_tick.start();
    } else {
        m_tick.stop();
    }
}

void MainWindow::tick() {
    // fixed-dt simulation driven by real time; at most 0.1 s per tick so a stall never floods the UI
    const double elapsed = std::min(0.1, m_clock.restart() * 1e-3);
    m_demo->advance(elapsed);
    m_bodyNode->setMatrix(render::toOsg(m_demo->bodyPose()));
    const double t = m_demo->time();
    const double angleDeg = m_demo->angle() * 180.0 / std::numbers::pi;
    m_plot->appendSample(m_angleSeries, t, angleDeg);
    m_plot->appendSample(m_speedSeries, t, m_demo->speed());
    m_status->setText(tr("t = %1 s   angle = %2°   speed = %3 m/s")
                          .arg(t, 0, 'f', 2)
                          .arg(angleDeg, 0, 'f', 1)
                          .arg(m_demo->speed(), 0, 'f', 2));
    m_view->update();
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
