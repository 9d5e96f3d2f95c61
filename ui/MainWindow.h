#pragma once
// TrackLab's main window: the 3D view in the centre, docks around it.
#include <QElapsedTimer>
#include <QMainWindow>
#include <QTimer>

#include <osg/MatrixTransform>

#include <memory>

class QLabel;

namespace tl {
class PendulumDemo;
}

namespace tl::ui {

class OsgViewWidget;
class LivePlot;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    OsgViewWidget* view() const { return m_view; }
    LivePlot* plot() const { return m_plot; }
    const PendulumDemo& simulation() const { return *m_demo; }
    bool isRunning() const { return m_tick.isActive(); }

    static QString aboutText(); // product and library versions, shown by Help > About

public slots:
    void setRunning(bool on);
    void showAbout();

private:
    void createActions();
    void buildScene();
    void tick();

    OsgViewWidget* m_view = nullptr;
    LivePlot* m_plot = nullptr;
    QLabel* m_status = nullptr;
    std::unique_ptr<PendulumDemo> m_demo;
    osg::ref_ptr<osg::MatrixTransform> m_bodyNode;
    QTimer m_tick;
    QElapsedTimer m_clock;
    int m_angleSeries = -1, m_speedSeries = -1;
};

} // namespace tl::ui
